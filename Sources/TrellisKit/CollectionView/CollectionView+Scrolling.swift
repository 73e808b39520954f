import Trellis

extension CollectionView {
    /// Where `scrollToItem(at:at:)` and `selectItem(at:animated:scrollPosition:)` put the
    /// item (`UICollectionView.ScrollPosition`, same members and raw values). Only the
    /// members of the scroll axis count (top / centredVertically / bottom when scrolling
    /// vertically, left / centredHorizontally / right when horizontally); the empty set
    /// means no scrolling. `start`, `center` and `end` name a place along either axis.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)

        /// The leading edge of the scroll axis: top, or left.
        public static let start: ScrollPosition = [.top, .left]
        /// Centred along the scroll axis.
        public static let center: ScrollPosition = [.centeredVertically, .centeredHorizontally]
        /// The trailing edge of the scroll axis: bottom, or right.
        public static let end: ScrollPosition = [.bottom, .right]

        /// The place along `axis`, nil when the set names none there; throws when it names
        /// two (UIKit raises an exception for that).
        func place(along axis: Axis) throws -> Place? {
            let members: [(ScrollPosition, Place)] = axis == .vertical
                ? [(.top, .start), (.centeredVertically, .center), (.bottom, .end)]
                : [(.left, .start), (.centeredHorizontally, .center), (.right, .end)]
            let named = members.filter { contains($0.0) }
            guard named.count <= 1 else {
                throw CollectionViewError(
                    .invalidScrollPosition,
                    "scroll position \(rawValue) names more than one place along the \(axis == .vertical ? "vertical" : "horizontal") axis")
            }
            return named.first?.1
        }

        enum Place { case start, center, end }
    }

    /// Scrolls so the item is at `scrollPosition` (`scrollToItem(at:at:animated:)`) and runs the layout pass. With self-sizing the
    /// items brought into view are measured and the offset re-aimed until the item is
    /// where it was asked to be. The offset is kept within the content where the content
    /// is longer than the bounds.
    /// - Throws: `indexPathOutOfRange` for an item not in the collection,
    ///   `invalidScrollPosition` for two places along the scroll axis, and what the layout
    ///   pass throws.
    /// - Complexity: one layout pass, or a few with self-sizing.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition = .start) throws {
        guard let dataSource else { throw CollectionViewError(.missingDataSource, "scrollToItem needs a data source") }
        try updateLayoutIfNeeded(dataSource)
        try checkItem(indexPath, role: "scrolled-to")
        guard let position = try scrollPosition.place(along: scrollDirection.axis) else {
            try performLayout()  // nothing to move along this axis
            return
        }
        // While the items brought into view are measured, the anchor is this item, so it
        // stays where it was put; a round more when the content end moved (clamping).
        try pinningAnchor(to: indexPath) {
            for _ in 0..<8 {
                let target = scrollTarget(for: indexPath, at: position)
                contentOffset = scrollDirection == .vertical ? Point(x: contentOffset.x, y: target) : Point(x: target, y: contentOffset.y)
                try performLayout()
                let current = scrollDirection == .vertical ? contentOffset.y : contentOffset.x
                if abs(scrollTarget(for: indexPath, at: position) - current) <= 0.25 { return }
            }
        }
    }

    /// The offset along the scroll axis that puts the item at `position`, within the
    /// content where the content is longer than the bounds.
    private func scrollTarget(for indexPath: IndexPath, at position: ScrollPosition.Place) -> Double {
        let axis = scrollDirection.axis
        let current = axis == .vertical ? contentOffset.y : contentOffset.x
        guard let frame = layout.attributesForItem(at: indexPath)?.frame else { return current }
        let extent = bounds.size[axis]
        let target: Double
        switch position {
        case .start: target = frame.min(axis)
        case .center: target = (frame.min(axis) + frame.max(axis) - extent) / 2
        case .end: target = frame.max(axis) - extent
        }
        let range = contentOffsetRange
        return min(max(target, range.lowerBound), range.upperBound)
    }
}
