/// How a flow layout distributes the free space of a line along the line.
public enum FlowAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// UIKit's `UICollectionViewFlowLayout`: extra space is spread between the items of a
    /// line (edges flush); a line holding a single item is centered; the last line of a
    /// section with several lines is justified as if completed with copies of its last item.
    case uikit
    /// Items packed at the leading edge with exactly the minimum inter-item spacing.
    case leading
    /// Items packed in the middle of the line with exactly the minimum spacing.
    case center
    /// Items packed at the trailing edge with exactly the minimum spacing.
    case trailing
    /// Every line but the last spread to both edges; the last line (and a line of one item)
    /// packed at the leading edge.
    case justified
}

/// How the items of one line are placed across the line (the scroll axis).
public enum FlowLineAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// At the line's leading scroll edge (the top for vertical scrolling).
    case top
    case center
    /// At the line's trailing scroll edge (the bottom for vertical scrolling).
    case bottom
    /// First baselines on one line; an item without a baseline uses its bottom edge (the
    /// CSS rule). Only meaningful for vertical scrolling; columns (horizontal scrolling)
    /// align to `top` instead.
    case baseline
}

/// How a flow layout decides where lines break (`"lineBreaking"` in JSON).
///
/// The layout asks the breaker for the items of each line. `greedy` is local (a line's
/// end depends only on the items from its start), which lets a size change re-flow a few
/// lines only; `balanced` looks ahead (a later item can move an earlier break), so a size
/// change re-flows the whole section of the changed item instead: O(n·w) for its n items.
public enum FlowLineBreaking: String, Hashable, Sendable, CaseIterable {
    /// A line takes items while they fit with at least the minimum spacing; its first
    /// item is always placed (clamped to the available extent if larger).
    case greedy
    /// As many lines as `greedy`, with line lengths as even as possible: the breaks of
    /// `LineBreaker.balancedBreaks` (minimum raggedness, the last line included), so a tag
    /// cloud does not end in a stub.
    case balanced

    /// True when a line's end depends only on the items from its start, so an incremental
    /// relayout may stop re-flowing once the breaks fall in step again.
    public var isLocal: Bool {
        switch self {
        case .greedy: true
        case .balanced: false
        }
    }

    /// The index of the first item of every line, for items with the given extents along
    /// the line (already clamped to `available`).
    /// - Complexity: O(n) greedy; O(n·w) balanced, w the most items a line holds.
    public func lineStarts(mainExtents extents: [Double], available: Double, spacing: Double) -> [Int] {
        switch self {
        case .greedy:
            var starts: [Int] = []
            var start = 0
            extents.withUnsafeBufferPointer { buffer in
                while start < buffer.count {
                    starts.append(start)
                    start = FlowLineBreaking.greedyLineEnd(from: start, count: buffer.count, available: available, spacing: spacing) { buffer[$0] }
                }
            }
            return starts
        case .balanced:
            // An unbounded line holds everything: one line, whatever the breaker.
            guard available.isFinite else { return FlowLineBreaking.greedy.lineStarts(mainExtents: extents, available: available, spacing: spacing) }
            return LineBreaker.balancedBreaks(extents, available: available, spacing: spacing)
        }
    }

    /// The end (exclusive) of the greedy line that starts at `start`: items are added while
    /// the line, with `spacing` between items, stays within `available`. Always at least
    /// one item. `extent(i)` must already be clamped to `available`.
    /// - Complexity: O(items on the line).
    @inline(__always)
    static func greedyLineEnd(
        from start: Int, count: Int, available: Double, spacing: Double, extent: (Int) -> Double
    ) -> Int {
        var used = extent(start)
        var end = start + 1
        while end < count {
            let next = used + spacing + extent(end)
            if next > available { break }
            used = next
            end += 1
        }
        return end
    }
}

/// The metrics of a flow layout's section: what `UICollectionViewDelegateFlowLayout` lets
/// a delegate choose per section, plus alignment and a line limit.
public struct FlowMetrics: Hashable, Sendable {
    public var alignment: FlowAlignment
    public var lineAlignment: FlowLineAlignment
    /// The minimum space between two items of a line.
    public var interitemSpacing: Double
    /// The minimum space between two lines.
    public var lineSpacing: Double
    /// Space around the items of the section (inside its header and footer).
    public var sectionInset: EdgeInsets
    /// The most lines shown; items on later lines are hidden and counted by
    /// `FlowLayout.hiddenItemCount(inSection:)`. nil: no limit.
    public var maximumLines: Int?
    public var lineBreaking: FlowLineBreaking

    /// UIKit's defaults: spacing 10, no insets, `uikit` alignment, centered lines.
    public init(
        alignment: FlowAlignment = .uikit, lineAlignment: FlowLineAlignment = .center,
        interitemSpacing: Double = 10, lineSpacing: Double = 10, sectionInset: EdgeInsets = .zero,
        maximumLines: Int? = nil, lineBreaking: FlowLineBreaking = .greedy
    ) {
        self.alignment = alignment
        self.lineAlignment = lineAlignment
        self.interitemSpacing = interitemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
        self.maximumLines = maximumLines
        self.lineBreaking = lineBreaking
    }

    /// Checks what a programmer passed in; external input is validated by its decoder.
    func checkValid(section: Int) {
        func valid(_ value: Double) -> Bool { value >= 0 && value < .infinity }
        let inset = sectionInset
        precondition(valid(interitemSpacing) && valid(lineSpacing) && valid(inset.top) && valid(inset.leading)
                     && valid(inset.bottom) && valid(inset.trailing),
                     "FlowMetrics of section \(section): spacings and insets must be non-negative finite numbers")
        precondition((maximumLines ?? 1) >= 1, "FlowMetrics of section \(section): maximumLines must be at least 1")
    }
}
