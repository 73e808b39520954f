import Trellis

/// The edge of the scroll axis a collection view holds its content against: a Trellis
/// addition. UIKit has none; chat apps turn a `UICollectionView` upside down (a −1 scale
/// on the view and again on every cell) to get one, which also turns the scroll
/// indicator, the order of accessibility elements and the meaning of every inset around.
///
/// With `.bottom` (the end of the scroll axis: the right edge when scrolling horizontally):
/// - a content shorter than the bounds sits at the bottom edge: the content offset goes
///   below minus the top inset (``CollectionView/contentOffsetRange``), as an inset
///   adjusted to the free room would put it;
/// - the first layout pass opens at the end of the content (the newest message);
/// - while the view is at the end (``CollectionView/followsContentEnd``), the end of the
///   content stays at the bottom edge whatever changes: items appended (`insertItems`, a
///   diffable `apply` with new items after the last), items measured, a new width;
/// - when the reader has scrolled away from the end, appended items move nothing on
///   screen (the first visible item is kept still, as always), and
///   ``CollectionView/newItemsBelowCount`` counts those below the viewport (for a "3 new
///   messages" button), back to 0 once the reader reaches the end;
/// - at the very start of the content, items inserted above the first visible one (older
///   history paged in when the reader reaches the top) do not push it down: it stays
///   where it is. With `.top` the top of the content is the anchor there, as in UIKit.
public enum ContentAnchor: Hashable, Sendable {
    /// The content starts at the top (leading) edge and grows downwards (UIKit).
    case top
    /// The content ends at the bottom (trailing) edge, and the view follows that end.
    case bottom
}

/// Whether a bottom-anchored view follows the end of its content, and what was appended
/// while it did not. Changed only through its methods.
final class ContentEndState {
    /// The content offset along the scroll axis when `follows` was settled (nil: never,
    /// so the view opens at the end). While the offset is still this one nobody scrolled
    /// since, and `follows` holds even when the content has grown below it.
    private(set) var settledOffset: Double?
    private(set) var follows = false
    /// Items appended after the last one since the view stopped following the end.
    private(set) var appendedWhileAway = 0
    /// What `newItemsBelowCount` reports.
    private(set) var newItemsBelow = 0

    func settle(offset: Double, follows: Bool) {
        settledOffset = offset
        self.follows = follows
        if follows { appendedWhileAway = 0 }
    }

    /// Forgets where the view was: the next pass opens at the end again.
    func reset() {
        settledOffset = nil
        follows = false
        appendedWhileAway = 0
    }

    func noteAppended(_ count: Int) { appendedWhileAway += count }

    /// Sets the count reported; true when it changed.
    func update(newItemsBelow count: Int) -> Bool {
        guard count != newItemsBelow else { return false }
        newItemsBelow = count
        return true
    }
}

extension CollectionView {
    // MARK: Following the end of the content

    /// Whether the view keeps the end of its content at the bottom edge: with
    /// `contentAnchor == .bottom`, from the first layout pass until the reader scrolls away
    /// from the end, and again from the pass that finds them back at it (within half a
    /// point). Always false with `.top`.
    public var followsContentEnd: Bool {
        guard contentAnchor == .bottom else { return false }
        guard let settled = contentEnd.settledOffset else { return true }
        let offset = scrollAxisOffset
        return offset == settled ? contentEnd.follows : offset >= contentEndOffset - 0.5
    }

    /// With `contentAnchor == .bottom`: how many items appended after the last one while
    /// the reader was away from the end are still below the viewport (what a "3 new
    /// messages" button shows). It falls as the reader scrolls down to them and is 0 while
    /// the view follows the end. Updated at the end of each layout pass; the delegate's
    /// `collectionView(_:didChangeNewItemsBelowCount:)` is told when it changes.
    public var newItemsBelowCount: Int { contentEnd.newItemsBelow }

    /// The content offsets along the scroll axis the content allows: from minus the
    /// leading inset to the end of the content at the trailing edge. With
    /// `contentAnchor == .bottom` a content shorter than the bounds has one offset, which
    /// puts its end at the trailing edge (below minus the leading inset).
    public var contentOffsetRange: ClosedRange<Double> {
        let end = contentEndOffset
        let start = scrollDirection == .vertical ? -contentInset.top : -contentInset.leading
        return contentAnchor == .bottom ? min(start, end)...end : start...max(start, end)
    }

    /// Scrolls to the end of the content and runs the layout pass (the "new messages"
    /// button); with `contentAnchor == .bottom` the view follows the end from then on. The
    /// items brought into view are measured and the view kept at the end meanwhile.
    /// - Throws: what the layout pass throws.
    public func scrollToContentEnd() throws {
        moveToContentEnd()
        try performLayout()
        if contentAnchor == .top && scrollAxisOffset != contentOffsetRange.upperBound {
            // Measuring may have grown or shrunk the content below: aim once more.
            moveToContentEnd()
            try performLayout()
        }
    }

    /// The content offset along the scroll axis.
    var scrollAxisOffset: Double { scrollDirection == .vertical ? contentOffset.y : contentOffset.x }

    /// The offset that puts the end of the content (and the trailing inset) at the
    /// trailing edge of the bounds; below the start when the content is shorter.
    var contentEndOffset: Double {
        scrollDirection == .vertical
            ? contentSize.height + contentInset.bottom - bounds.height
            : contentSize.width + contentInset.trailing - bounds.width
    }

    /// Moves the offset along the scroll axis to `value`, the other coordinate unchanged.
    func setScrollAxisOffset(_ value: Double) {
        contentOffset = scrollDirection == .vertical ? Point(x: contentOffset.x, y: value) : Point(x: value, y: contentOffset.y)
    }

    /// Puts the end of the content at the trailing edge (within `contentOffsetRange`); a
    /// bottom-anchored view then follows it.
    func moveToContentEnd() {
        let end = contentOffsetRange.upperBound
        setScrollAxisOffset(end)
        if contentAnchor == .bottom { contentEnd.settle(offset: end, follows: true) }
    }

    func contentAnchorDidChange() {
        contentEnd.reset()
        setNeedsLayout()
    }

    /// At the end of a layout pass: whether the view is at the end of the content now
    /// decides whether it follows it, and the count of new items below is brought up to date.
    func settleContentEnd() {
        guard contentAnchor == .bottom else { return }
        let offset = scrollAxisOffset
        let follows = offset >= contentEndOffset - 0.5
        contentEnd.settle(offset: offset, follows: follows)
        let below = follows || contentEnd.appendedWhileAway == 0 ? 0 : min(contentEnd.appendedWhileAway, itemsAfterLastVisibleItem())
        if contentEnd.update(newItemsBelow: below) {
            delegate?.collectionView(self, didChangeNewItemsBelowCount: below)
        }
    }

    /// A batch update changed the counts from `oldCounts`: the items it put after the last
    /// item that survived are counted as appended while the reader is away from the end.
    func noteAppendedItems(oldCounts: [Int], newCounts: [Int], newIndexPath: (IndexPath) -> IndexPath?) {
        var lastSurvivor: IndexPath?
        search: for section in oldCounts.indices.reversed() {
            for item in stride(from: oldCounts[section] - 1, through: 0, by: -1) {
                if let new = newIndexPath(IndexPath(item: item, section: section)) {
                    lastSurvivor = new
                    break search
                }
            }
        }
        let appended = lastSurvivor.map { Self.items(after: $0, counts: newCounts) } ?? newCounts.reduce(0, +)
        if appended > 0 { contentEnd.noteAppended(appended) }
    }

    /// The number of items after the last displayed item that intersects the bounds (all
    /// of them when none does).
    private func itemsAfterLastVisibleItem() -> Int {
        var last: IndexPath?
        layout.visitElements(in: bounds, visibleBounds: bounds) { attributes in
            guard attributes.kind == .cell, attributes.frame.intersects(bounds) else { return }
            if last.map({ $0 < attributes.indexPath }) ?? true { last = attributes.indexPath }
        }
        guard let last else { return sectionCounts.reduce(0, +) }
        return Self.items(after: last, counts: sectionCounts)
    }

    /// The number of items after `indexPath` in a collection of `counts`.
    private static func items(after indexPath: IndexPath, counts: [Int]) -> Int {
        guard indexPath.section < counts.count else { return 0 }
        var total = max(0, counts[indexPath.section] - indexPath.item - 1)
        for section in (indexPath.section + 1)..<counts.count { total += counts[section] }
        return total
    }
}
