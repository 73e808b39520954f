/// Sticky headers and footers (`sectionHeadersPinToVisibleBounds`), shared by every layout.
///
/// A pinned header stays at the leading edge of the visible bounds while its section is on
/// screen, and is pushed out by the end of its section: it never leaves the span of its own
/// section. A pinned footer does the same at the trailing edge.
public enum Pinning {
    /// The z-index of a supplementary view in its resting position.
    public static let supplementaryZIndex = 10
    /// The z-index of a pinned supplementary view: above the cells that scroll beneath it.
    public static let pinnedZIndex = 20

    /// Where a pinned header shows, given its resting `frame`, the end of its section along
    /// the scroll axis (where the footer starts, or the section's last content edge), and
    /// the visible bounds. Returns the frame and whether it moved from its resting place.
    /// - Complexity: O(1).
    @inlinable
    public static func pinnedHeader(
        _ frame: Rect, sectionEnd: Double, visibleBounds: Rect, axis: Axis
    ) -> (frame: Rect, isPinned: Bool) {
        let start = frame.min(axis), length = frame.size[axis]
        // Highest position the section allows; below the resting place it cannot go.
        let limit = Swift.max(start, sectionEnd - length)
        let position = Swift.min(Swift.max(visibleBounds.min(axis), start), limit)
        return (moved(frame, to: position, along: axis), position != start)
    }

    /// Where a pinned footer shows: at the trailing edge of the visible bounds, but never
    /// before `sectionStart` (the end of the header, or where the section starts) and never
    /// past its resting place.
    /// - Complexity: O(1).
    @inlinable
    public static func pinnedFooter(
        _ frame: Rect, sectionStart: Double, visibleBounds: Rect, axis: Axis
    ) -> (frame: Rect, isPinned: Bool) {
        let start = frame.min(axis), length = frame.size[axis]
        let earliest = Swift.min(start, sectionStart)
        let position = Swift.max(Swift.min(visibleBounds.max(axis) - length, start), earliest)
        return (moved(frame, to: position, along: axis), position != start)
    }

    @inlinable static func moved(_ frame: Rect, to position: Double, along axis: Axis) -> Rect {
        var result = frame
        if axis == .vertical { result.origin.y = position } else { result.origin.x = position }
        return result
    }
}
