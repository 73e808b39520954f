import Trellis
@testable import TrellisKit

/// What the reader sees: each displayed item that intersects the bounds, by its item
/// identifier, at its frame relative to the viewport (the frame minus the bounds origin).
/// Equal before and after a change means nothing on screen moved.
func framesOnScreen<Section, Item>(_ collection: CollectionView, _ dataSource: CollectionViewDiffableDataSource<Section, Item>) -> [Item: Rect] {
    var frames: [Item: Rect] = [:]
    for indexPath in collection.indexPathsForVisibleItems {
        guard let frame = collection.layoutAttributesForItem(at: indexPath)?.frame, frame.intersects(collection.bounds),
              let id = dataSource.itemIdentifier(for: indexPath) else { continue }
        frames[id] = frame.offsetBy(dx: -collection.bounds.minX, dy: -collection.bounds.minY)
    }
    return frames
}
