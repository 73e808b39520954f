// What the TrellisRender landing page takes as given: a laid-out collection view.
import Trellis
import TrellisKit
import TrellisRender

let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: FlowLayout())
