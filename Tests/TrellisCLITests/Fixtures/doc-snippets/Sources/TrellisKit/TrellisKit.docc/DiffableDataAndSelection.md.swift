// What "Diffable data and selection" takes as given: Getting Started's TagCell and a
// collection view.
import Trellis
import TrellisKit
import TrellisText

final class TagCell: CollectionViewCell {
    let label = Label()
}
let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: FlowLayout())
