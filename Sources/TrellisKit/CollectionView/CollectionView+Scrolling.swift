import Trellis

extension CollectionView {
    /// Where `scrollToItem(at:at:)` puts the item along the scroll axis.
    public enum ScrollPosition: Hashable, Sendable {
        /// At the top (leading) edge of the bounds.
        case start
        /// Centred in the bounds.
        case center
        /// At the bottom (trailing) edge of the bounds.
        case end
    }

    /// Scrolls so the item is at `position` and runs the layout pass. With self-sizing the
    /// items brought into view are measured and the offset re-aimed until the item is
    /// where it was asked to be. The offset is kept within the content where the content
    /// is longer than the bounds.
    /// - Throws: `indexPathOutOfRange` for an item not in the collection, and what the
    ///   layout pass throws.
    /// - Complexity: one layout pass, or a few with self-sizing (bounded by
    ///   `maximumSizingRounds`).
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition = .start) throws {
        guard let dataSource else { throw CollectionViewError(.missingDataSource, "scrollToItem needs a data source") }
        try updateLayoutIfNeeded(dataSource)
        try checkItem(indexPath, role: "scrolled-to")
        // While the items brought into view are measured, the anchor is this item, so it
        // stays where it was put; a round more when the content end moved (clamping).
        anchorItem = indexPath
        defer { anchorItem = nil }
        for _ in 0..<max(1, maximumSizingRounds) {
            let target = scrollTarget(for: indexPath, at: position)
            contentOffset = scrollDirection == .vertical ? Point(x: contentOffset.x, y: target) : Point(x: target, y: contentOffset.y)
            try performLayout()
            let current = scrollDirection == .vertical ? contentOffset.y : contentOffset.x
            if abs(scrollTarget(for: indexPath, at: position) - current) <= 0.25 { return }
        }
    }

    /// The offset along the scroll axis that puts the item at `position`, within the
    /// content where the content is longer than the bounds.
    private func scrollTarget(for indexPath: IndexPath, at position: ScrollPosition) -> Double {
        let axis = scrollDirection.axis
        let current = axis == .vertical ? contentOffset.y : contentOffset.x
        guard let frame = layout.attributesForItem(at: indexPath)?.frame else { return current }
        let extent = bounds.size[axis]
        var target: Double
        switch position {
        case .start: target = frame.min(axis)
        case .center: target = (frame.min(axis) + frame.max(axis) - extent) / 2
        case .end: target = frame.max(axis) - extent
        }
        let leadingInset = axis == .vertical ? contentInset.top : contentInset.leading
        let trailingInset = axis == .vertical ? contentInset.bottom : contentInset.trailing
        target = min(target, contentSize[axis] + trailingInset - extent)
        return max(target, -leadingInset)
    }
}
