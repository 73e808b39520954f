import Trellis

/// An item and where it is on screen: taken before sizes above it change (estimates
/// replaced by measurements, inserts or deletes) and restored after, by moving the content
/// offset so the item keeps its distance from the top (leading) edge of the bounds.
///
/// Which item (the anchoring rules):
/// 1. The collection's `anchorItem` when it has one (scrolling to an item).
/// 2. None at the start of the content (offset at minus the leading inset): there the
///    anchor is the top itself, so nothing moves — a header measured taller, or a row
///    inserted at index 0, pushes the content down below the top edge, as in UIKit.
/// 3. Else the first item (in index order) in the bounds that is already displayed and
///    measured (or not self-sizing): its frame is final, so corrections of the estimated
///    items that just came into view land above or below it, never under the reader's eye.
/// 4. Else the first item in the bounds that is measured, else the first item in the bounds.
struct ScrollAnchor {
    var indexPath: IndexPath
    /// The item's minimum along the scroll axis minus the content offset's.
    var distance: Double
    /// True when the item's size is final (measured, not self-sizing, or the collection's
    /// `anchorItem`): only then is it the layout's anchor too.
    var isFinal = true

    /// The item to pass as `InvalidationContext.anchorItem`: the anchor when its size is
    /// final (rules 1 and 3, or rule 4's measured item), so the layout keeps the lines or
    /// columns around it; nil when nothing measured is on screen, so the layout re-flows
    /// canonically.
    var layoutAnchor: IndexPath? { isFinal ? indexPath : nil }

    /// The anchor by the rules above, or nil (at the start, or no item in the bounds).
    /// With `surviving`, items for which it returns nil are passed over and the anchor is
    /// the item's new index path (batch updates).
    init?(capturing collectionView: CollectionView, surviving: ((IndexPath) -> IndexPath?)? = nil) {
        let axis = collectionView.scrollDirection.axis
        let offset = axis == .vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
        if surviving == nil, let item = collectionView.anchorItem,
           let frame = collectionView.layout.attributesForItem(at: item)?.frame {
            self.indexPath = item
            self.distance = frame.min(axis) - offset
            return
        }
        let start = axis == .vertical ? -collectionView.contentInset.top : -collectionView.contentInset.leading
        if offset <= start { return nil }
        let selfSizing = collectionView.selfSizesItems
        // Best candidates of rules 3 and 4 (each the first in index order): (index path
        // after the update, distance).
        var displayed: (IndexPath, Double)?, measured: (IndexPath, Double)?, any: (IndexPath, Double)?
        func consider(_ candidate: inout (IndexPath, Double)?, _ target: IndexPath, _ distance: Double) {
            if let current = candidate, current.0 <= target { return }
            candidate = (target, distance)
        }
        collectionView.layout.visitElements(in: collectionView.bounds, visibleBounds: collectionView.bounds) { attributes in
            guard attributes.kind == .cell else { return }
            let old = attributes.indexPath
            guard let target = surviving.map({ $0(old) }) ?? old else { return }
            let distance = attributes.frame.min(axis) - offset
            let isMeasured = !selfSizing || collectionView.resolvedSize(at: old) != nil
            if isMeasured && collectionView.displayed.cells[old] != nil { consider(&displayed, target, distance) }
            if isMeasured { consider(&measured, target, distance) }
            consider(&any, target, distance)
        }
        guard let (indexPath, distance) = displayed ?? measured ?? any else { return nil }
        self.indexPath = indexPath
        self.distance = distance
        isFinal = displayed != nil || measured != nil
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
