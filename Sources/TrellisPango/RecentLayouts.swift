import CPango
import TrellisText

/// The last few plain texts one thread laid out, each kept configured in a layout of its
/// own. A cell's text is measured and then drawn in the same frame (and a label asked for
/// its size more than once): asked again for the same text and style, line limit and
/// width — or a width that breaks it into the same lines — the measurer hands over the
/// layout it configured, instead of shaping and breaking the text again. What is drawn is
/// then the very layout that was measured.
///
/// Another width gives the same lines when the text was laid out at a width, its lines all
/// start at the layout's left edge (no right-to-left or mixed line is aligned against the
/// width), every line fits the new width, and it is no wider than the old: line breaking is
/// greedy, so a width between the widest line and the old width keeps every break, and
/// an ellipsis or a cut after the last allowed line stays where it was.
final class RecentLayouts {
    /// Layouts kept per thread: a frame draws each cell it measured within a few texts.
    static let capacity = 8

    final class Entry {
        let slot: LayoutSlot
        fileprivate(set) var key: Key?
        fileprivate(set) var configured: ConfiguredPangoLayout?
        /// Bodies holding the layout (a nested request may read it too, never reconfigure it).
        fileprivate(set) var users = 0
        fileprivate var lastUse = 0
        /// Whether every line starts at the layout's left edge; nil until asked.
        fileprivate var linesStartAtLeft: Bool?

        init(context: OpaquePointer) { slot = LayoutSlot(context: context) }

        /// What the layout now holds, once configured in it.
        func record(_ key: Key, _ configured: ConfiguredPangoLayout) {
            // A text laid out in windows holds only its last window in the layout.
            guard !configured.isLaidOutInPieces else { return }
            self.key = key
            self.configured = configured
        }
    }

    struct Key {
        var text: String
        var style: TextStyle
        var maxWidth: Double?
        var maxLines: Int
    }

    private let entries: [Entry]
    private var clock = 0

    init(context: OpaquePointer) {
        entries = (0..<Self.capacity).map { _ in Entry(context: context) }
    }

    deinit {
        for entry in entries { entry.slot.release() }
    }

    /// The kept layout of `text` laid out as asked, or nil.
    func layout(for text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> Entry? {
        for entry in entries {
            guard let key = entry.key, let configured = entry.configured, key.maxLines == maxLines, key.style == style,
                  key.text == text else { continue }
            if key.maxWidth == maxWidth || givesTheSameLines(entry, key: key, configured: configured, maxWidth: maxWidth) {
                clock += 1
                entry.lastUse = clock
                return entry
            }
        }
        return nil
    }

    /// The least recently used layout no body holds, emptied for a new text; nil when
    /// every one is held.
    func claim() -> Entry? {
        var oldest: Entry?
        for entry in entries where entry.users == 0 {
            if oldest.map({ entry.lastUse < $0.lastUse }) ?? true { oldest = entry }
        }
        guard let oldest else { return nil }
        clock += 1
        oldest.lastUse = clock
        oldest.key = nil
        oldest.configured = nil
        oldest.linesStartAtLeft = nil
        return oldest
    }

    /// Runs `body` holding `entry` (it is not reconfigured meanwhile).
    @inline(__always)
    func holding<R>(_ entry: Entry, _ body: () throws -> R) rethrows -> R {
        entry.users += 1
        defer { entry.users -= 1 }
        return try body()
    }

    private func givesTheSameLines(_ entry: Entry, key: Key, configured: ConfiguredPangoLayout, maxWidth: Double?) -> Bool {
        // Without a width, Pango aligns lines against the widest line, which then starts at
        // the left edge even when a width would align it right.
        guard let laidOut = key.maxWidth else { return false }
        let requested = maxWidth ?? .infinity
        guard !configured.needsClipping, configured.measurement.width <= requested, requested <= laidOut else { return false }
        if entry.linesStartAtLeft == nil { entry.linesStartAtLeft = Self.linesStartAtLeft(configured.layout) }
        return entry.linesStartAtLeft == true
    }

    private static func linesStartAtLeft(_ layout: OpaquePointer) -> Bool {
        guard let iterator = pango_layout_get_iter(layout) else { return false }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            if logical.x != 0 { return false }
        } while pango_layout_iter_next_line(iterator) != 0
        return true
    }
}
