// What docs/Layouts.md takes as given: a collection view to give the layout to.
import Trellis
import TrellisKit

let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: FlowLayout())
