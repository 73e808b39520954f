import Trellis

/// The first visible item and where it is on screen: taken before sizes above it change
/// (estimates replaced by measurements, inserts or deletes) and restored after, by moving
/// the content offset so the item keeps its distance from the top (leading) edge of the
/// bounds.
struct ScrollAnchor {
    var indexPath: IndexPath
    /// The item's minimum along the scroll axis minus the content offset's.
    var distance: Double

    /// The collection's `anchorItem` when it has one, else the first item (in index order)
    /// whose frame intersects the bounds, or nil when none does. With `surviving`, items for which it returns nil are passed over and the
    /// anchor is the item's new index path (batch updates).
    init?(capturing collectionView: CollectionView, surviving: ((IndexPath) -> IndexPath?)? = nil) {
        let axis = collectionView.scrollDirection.axis
        let offset = collectionView.contentOffset
        if surviving == nil, let item = collectionView.anchorItem,
           let frame = collectionView.layout.attributesForItem(at: item)?.frame {
            // An item the caller asked to keep still (scrolling to it).
            self.indexPath = item
            self.distance = frame.min(axis) - (axis == .vertical ? offset.y : offset.x)
            return
        }
        var found: (IndexPath, Double)?
        collectionView.layout.visitElements(in: collectionView.bounds, visibleBounds: collectionView.bounds) { attributes in
            guard attributes.kind == .cell else { return }
            guard let target = surviving.map({ $0(attributes.indexPath) }) ?? attributes.indexPath else { return }
            if let current = found, current.0 <= target { return }
            found = (target, attributes.frame.min(axis) - (axis == .vertical ? offset.y : offset.x))
        }
        guard let (indexPath, distance) = found else { return nil }
        self.indexPath = indexPath
        self.distance = distance
    }

    /// Moves the content offset so the anchor item is `distance` from the bounds edge again
    /// (never before the start of the content).
    func restore(in collectionView: CollectionView) {
        guard let attributes = collectionView.layout.attributesForItem(at: indexPath) else { return }
        var offset = collectionView.contentOffset
        switch collectionView.scrollDirection {
        case .vertical:
            offset.y = max(-collectionView.contentInset.top, attributes.frame.minY - distance)
        case .horizontal:
            offset.x = max(-collectionView.contentInset.leading, attributes.frame.minX - distance)
        }
        collectionView.contentOffset = offset
    }
}
