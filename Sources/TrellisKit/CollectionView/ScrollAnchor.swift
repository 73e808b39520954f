import Trellis

/// An item and where it is on screen: taken before sizes above it change (estimates
/// replaced by measurements, inserts or deletes) and restored after, by moving the content
/// offset so the item keeps its distance from the top (leading) edge of the bounds.
///
/// Which item (the anchoring rules):
/// 1. The collection's `anchorItem` when it has one (scrolling to an item).
/// 2. The end of the content while a bottom-anchored view follows it
///    (`followsContentEnd`): whatever changes, the end stays at the trailing edge.
/// 3. None at the start of the content (offset at minus the leading inset) with
///    `contentAnchor == .top`: there the anchor is the top itself, so nothing moves — a
///    header measured taller, or a row inserted at index 0, pushes the content down below
///    the top edge, as in UIKit. The layout still keeps the lines and columns of what is
///    on screen (`layoutAnchorAtStart(of:)`). A bottom-anchored view (a chat paging older history in
///    at the top) goes on to the next rules, so what is on screen stays.
/// 4. Else the first item (in index order) in the bounds that is already displayed: the
///    reader sees it there. Displayed items were measured by the pass that showed them, so
///    its frame is final and corrections of the estimated items that just came into view
///    land above or below it, never under the reader's eye — or its size was invalidated
///    since (an image arrived), and it keeps its top while it takes its new size.
/// 5. Else the first item in the bounds that is measured, else the first item in the bounds.
///
/// The anchor keeps its leading edge still — or its trailing edge, when its own size changes
/// while it starts before the bounds in a layout that grows it backward then (a waterfall:
/// the reader sees its end, and what follows it in its column stays).
struct ScrollAnchor {
    var indexPath: IndexPath
    /// The item's minimum along the scroll axis minus the content offset's.
    var distance: Double
    /// True when the item's size is final (measured, not self-sizing, or the collection's
    /// `anchorItem`): only then is it the layout's anchor too.
    var isFinal = true
    /// Rule 2: the anchor is the end of the content; `indexPath` is the last item (after
    /// the update), the layout's anchor once it is measured.
    var followsContentEnd = false
    /// `distance` is the item's maximum along the scroll axis minus the offset's: the item's
    /// end is kept still (see `keepEndIfCut(changing:in:)`).
    var keepsEnd = false

    /// The item to keep still through a change that captures the anchor again (a
    /// diffable apply pins it): nil for the end of the content, which is not an item.
    var pinnedItem: IndexPath? { followsContentEnd ? nil : indexPath }

    /// The item to pass as `InvalidationContext.anchorItem`: the anchor when its size is
    /// final (rules 1 and 4, or rule 5's measured item), so the layout keeps the lines or
    /// columns around it; nil when nothing measured is on screen, so the layout re-flows
    /// canonically.
    var layoutAnchor: IndexPath? { isFinal ? indexPath : nil }

    /// The anchor by the rules above, or nil (at the start, or no item in the bounds).
    /// With `surviving`, items for which it returns nil are passed over and the anchor is
    /// the item's new index path (batch updates).
    init?(capturing collectionView: CollectionView, surviving: ((IndexPath) -> IndexPath?)? = nil) {
        let axis = collectionView.scrollDirection.axis
        let offset = Self.offset(of: collectionView)
        if surviving == nil, let item = collectionView.anchorItem,
           let frame = collectionView.layout.attributesForItem(at: item)?.frame {
            self.indexPath = item
            self.distance = frame.min(axis) - offset
            return
        }
        if collectionView.followsContentEnd {
            guard let last = Self.lastItem(collectionView.sectionCounts) else { return nil }
            self.indexPath = surviving.map { $0(last) ?? last } ?? last
            self.distance = 0
            self.isFinal = false
            self.followsContentEnd = true
            return
        }
        if collectionView.contentAnchor == .top && Self.isAtStart(collectionView) { return nil }
        let selfSizing = collectionView.selfSizesItems
        // Best candidates of rules 4 and 5 (each the first in index order): (index path
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
            if collectionView.displayed.cells[old] != nil { consider(&displayed, target, distance) }
            if isMeasured { consider(&measured, target, distance) }
            consider(&any, target, distance)
        }
        guard let (indexPath, distance) = displayed ?? measured ?? any else { return nil }
        self.indexPath = indexPath
        self.distance = distance
        isFinal = displayed != nil || measured != nil
    }

    /// A change of the anchor's own size, in a layout that then grows a cut anchor
    /// backward (`GrowsCutAnchorBackward`, a waterfall), while the anchor starts before the
    /// bounds' leading edge: the reader sees its end, not its start, so its end is kept
    /// still — what follows it stays where the reader sees it, and its hidden start moves.
    /// Kept this way, the anchor stays so for the rest of the change.
    mutating func keepEndIfCut(changing changed: some Sequence<IndexPath>, in collectionView: CollectionView) {
        guard !keepsEnd, !followsContentEnd, collectionView.layout is any GrowsCutAnchorBackward,
              collectionView.anchorItem == nil, changed.contains(indexPath),
              let frame = collectionView.layout.attributesForItem(at: indexPath)?.frame else { return }
        let axis = collectionView.scrollDirection.axis, offset = Self.offset(of: collectionView)
        guard frame.min(axis) < offset else { return }
        distance = frame.max(axis) - offset
        keepsEnd = true
    }

    /// At the start of the content (rule 3) the top is the anchor and the offset stays where
    /// it is, but the items the reader sees must still keep their lines and columns: the
    /// first item (in index order) in the bounds that is displayed, for the layout to keep
    /// what is around it while the items above it are measured (reaching the top of a flow
    /// whose lines above the screen were broken backwards, with estimated items between).
    /// Everything on screen then moves alike, by what the content above that item gained or
    /// lost. nil when the view is not at the start or nothing displayed is in the bounds:
    /// then the layout places everything canonically, as a fresh layout would.
    static func layoutAnchorAtStart(of collectionView: CollectionView) -> IndexPath? {
        guard collectionView.contentAnchor == .top, collectionView.anchorItem == nil, !collectionView.followsContentEnd,
              !collectionView.displayed.cells.isEmpty, isAtStart(collectionView) else { return nil }
        var first: IndexPath?
        collectionView.layout.visitElements(in: collectionView.bounds, visibleBounds: collectionView.bounds) { attributes in
            guard attributes.kind == .cell, collectionView.displayed.cells[attributes.indexPath] != nil,
                  attributes.frame.intersects(collectionView.bounds) else { return }
            if first.map({ attributes.indexPath < $0 }) ?? true { first = attributes.indexPath }
        }
        return first
    }

    /// The content offset along the scroll axis.
    private static func offset(of collectionView: CollectionView) -> Double {
        collectionView.scrollDirection.axis == .vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
    }

    /// Whether the view is at the start of its content: the offset at minus the leading inset.
    private static func isAtStart(_ collectionView: CollectionView) -> Bool {
        let inset = collectionView.scrollDirection.axis == .vertical ? collectionView.contentInset.top : collectionView.contentInset.leading
        return offset(of: collectionView) <= -inset
    }

    /// Moves the content offset so the anchor item is `distance` from the bounds edge again
    /// (never before the start of the content), or to the end of the content (rule 2).
    func restore(in collectionView: CollectionView) {
        if followsContentEnd {
            collectionView.moveToContentEnd()
            return
        }
        guard let attributes = collectionView.layout.attributesForItem(at: indexPath) else { return }
        let start = collectionView.contentOffsetRange.lowerBound
        var offset = collectionView.contentOffset
        switch collectionView.scrollDirection {
        case .vertical:
            offset.y = max(start, (keepsEnd ? attributes.frame.maxY : attributes.frame.minY) - distance)
        case .horizontal:
            offset.x = max(start, (keepsEnd ? attributes.frame.maxX : attributes.frame.minX) - distance)
        }
        collectionView.contentOffset = offset
    }

    /// The last item of a collection with these counts, nil when it has none.
    private static func lastItem(_ counts: [Int]) -> IndexPath? {
        guard let section = counts.lastIndex(where: { $0 > 0 }) else { return nil }
        return IndexPath(item: counts[section] - 1, section: section)
    }
}

extension CollectionView {
    /// Invalidates the layout with `context`, naming `anchor` as the layout's anchor when
    /// its size is final (`ScrollAnchor.layoutAnchor`: the layout keeps the lines or columns
    /// around it, and what is in the bounds), then moves the offset so the anchor is at its
    /// distance again.
    func invalidateLayout(_ context: InvalidationContext, keeping anchor: ScrollAnchor?) {
        var context = context
        var anchor = anchor
        context.anchorItem = anchor?.layoutAnchor
        context.visibleBounds = context.anchorItem == nil ? nil : bounds
        if context.anchorItem != nil { anchor?.keepEndIfCut(changing: context.itemSizes.lazy.map(\.0), in: self) }
        layout.invalidate(context, source: self)
        anchor?.restore(in: self)
    }
}
