import CPango
import TrellisText

/// Wrapping a text with a long unbreakable run, in linear time, with Pango's own lines.
///
/// Pango's word wrapping (`PANGO_WRAP_WORD_CHAR`) first looks for a word break on every
/// line, and to measure the first candidate it shapes the whole rest of the word: inside a
/// run of n characters without a break opportunity that is n²/2 characters shaped per
/// line width (25 000 letters: 1.4 s; 100 000: 19 s). Character wrapping does not have
/// that cost, but breaks elsewhere.
///
/// So such a text is laid out in windows: a window is a slice of the text that starts
/// where a line of the whole text starts and holds about ten lines; Pango lays it out as it
/// would the whole text, and all but its last two lines are kept (the last is cut by the
/// window's end, and the one before it starts the next window). The windows' lines are the
/// lines of the whole text because a line's breaks depend only on the text from its start
/// to a little past its end, and on what is checked for every window:
/// - the break opportunities (`PangoLogAttr`) of the window equal those of the whole text
///   at the same characters (checked from its second character to just after its last
///   kept line);
/// - every kept line has the direction of the whole text and every run the bidi level and
///   font of the whole text's item at the same bytes (the text has one direction and one
///   bidi level throughout: mixed-direction text is laid out whole);
/// - a window's first line is the line that started it in the window before, glyph for
///   glyph, so the missing text before the window (shaping context) changed nothing.
/// Any check that fails lays the whole text out at once instead: never different, at worst
/// as slow as Pango.
///
/// Drawing lays the same windows out again and draws the kept lines where the whole
/// layout would have put them (``ConfiguredPangoLayout/show(in:)``).
extension PangoLayoutConfigurator {
    /// Texts whose longest run without a line break opportunity is shorter than this many
    /// characters are laid out whole: below it, Pango's extra shaping costs less than the
    /// windows' (a run of 1 000 characters is 17 lines of 300 pt at 17 pt, 8 500
    /// characters shaped again).
    static let defaultMinimumUnbreakableRun = 1_000
    /// Texts whose bytes × lines (estimated from their unwrapped width) reach this are laid
    /// out in windows too: each line Pango breaks sums the widths of the rest of its item
    /// (one item for a text in one font and script), so a text of n bytes in n lines (a
    /// width narrower than a character) costs n²/2 additions — 250 000 bytes took 25 s.
    /// Below it, laying the text out whole is cheaper than windows.
    static let defaultLineCostForWindows = 1_000_000_000
    /// About how many lines a window holds: each line of a window costs Pango the
    /// shaping of the rest of the window, and each window repeats two lines.
    static let defaultLinesPerWindow = 10

    /// The text a window's kept lines must have before and after them in the window.
    private static let contextBytes = 32

    /// The break-related fields of a `PangoLogAttr`, as bits.
    private static func breakBits(_ attr: PangoLogAttr) -> UInt8 {
        UInt8(attr.is_line_break) | UInt8(attr.is_mandatory_break) << 1 | UInt8(attr.is_char_break) << 2
            | UInt8(attr.is_white) << 3 | UInt8(attr.break_inserts_hyphen) << 4 | UInt8(attr.break_removes_preceding) << 5
            | UInt8(attr.is_cursor_position) << 6
    }

    /// What the unwrapped layout of the whole text says about it.
    private struct WholeText {
        /// ``breakBits(_:)`` of each character position (characters + 1).
        var breaks: [UInt8]
        /// The items by byte offset: start, end, font.
        var itemStarts: [Int]
        var itemEnds: [Int]
        var itemFonts: [UnsafeMutableRawPointer?]
        var level: UInt8
        var direction: UInt32

        /// Whether the run `[start, end)` lies in one item of the whole text with `font`.
        func itemHolds(_ start: Int, _ end: Int, font: UnsafeMutableRawPointer?) -> Bool {
            var low = 0, high = itemStarts.count
            while low < high {  // the first item starting after `start`
                let middle = (low + high) / 2
                if itemStarts[middle] <= start { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return false }
            return end <= itemEnds[low - 1] && itemFonts[low - 1] == font
        }
    }

    /// How a text with a long unbreakable run is laid out.
    enum Pieces {
        /// In windows, with its measurement.
        case windows(ConfiguredPangoLayout)
        /// Cut after its last allowed line at this byte (as `cutAfterLine` cuts), the rest
        /// short enough, or otherwise fit, to be laid out whole.
        case cut(Int)
    }

    /// Lays `bytes` out in windows when it has a run of at least ``minimumUnbreakableRun`` characters
    /// without a line break opportunity and wraps at `widthUnits` with
    /// `PANGO_WRAP_WORD_CHAR`; `maxLines` (0: no limit) cuts after that line as the whole
    /// layout would. Nil when the text is to be laid out whole (no long run, or a check
    /// failed). Unless it returns windows, the layout holds `bytes` again, its wrapping
    /// settings unspecified.
    func layOutInPieces(_ bytes: UnsafeBufferPointer<UInt8>, wrap: PangoWrapMode, widthUnits: Int32, maxLines: Int,
                        style: TextStyle) -> Pieces? {
        // Character wrapping never looks for a word break: only its lines can cost.
        let minimumRun = wrap == PANGO_WRAP_CHAR ? Int.max : minimumUnbreakableRun
        guard mayNeedWindows(bytes, minimumRun: minimumRun) else { return nil }
        let pieces = windowed(bytes, wrap: wrap, widthUnits: widthUnits, maxLines: maxLines, minimumRun: minimumRun, style: style)
        if case .windows = pieces { return pieces }
        setText(bytes, count: bytes.count)
        return pieces
    }

    private func windowed(_ bytes: UnsafeBufferPointer<UInt8>, wrap: PangoWrapMode, widthUnits: Int32, maxLines: Int,
                          minimumRun: Int, style: TextStyle) -> Pieces? {
        guard let whole = wholeText(bytes, minimumRun: minimumRun, widthUnits: widthUnits) else { return nil }
        setWrapping(wrap, width: widthUnits, ellipsize: PANGO_ELLIPSIZE_NONE, height: -1)
        guard var lines = windowedLines(bytes, whole: whole, stopAfter: maxLines) else { return nil }
        var truncated = false
        if maxLines > 0, lines.count > maxLines {
            // As `cutAfterLine`: keep the text of the first `maxLines` lines without the white
            // space that ended the last one, and lay that text out again.
            var end = lines.endOfLine[maxLines - 1]
            while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            let cut = UnsafeBufferPointer(rebasing: bytes[..<end])
            truncated = true
            guard mayNeedWindows(cut, minimumRun: minimumRun), let again = wholeText(cut, minimumRun: minimumRun, widthUnits: widthUnits)
            else { return .cut(end) }
            setWrapping(wrap, width: widthUnits, ellipsize: PANGO_ELLIPSIZE_NONE, height: -1)
            guard let cutLines = windowedLines(cut, whole: again, stopAfter: 0) else { return .cut(end) }
            lines = cutLines
        }
        return .windows(lines.configured(truncated: truncated, style: style, widthUnits: widthUnits, configurator: self))
    }

    /// Whether `bytes` may have a long unbreakable run, or so many bytes that their lines
    /// (at most one per byte) could reach ``lineCostForWindows``: most texts are ruled out
    /// here, without asking Pango.
    private func mayNeedWindows(_ bytes: UnsafeBufferPointer<UInt8>, minimumRun: Int) -> Bool {
        let count = Double(bytes.count)
        return count * count >= Double(lineCostForWindows)
            || (bytes.count >= minimumRun && Self.hasLongRunWithoutSpace(bytes, minimumRun))
    }

    /// Whether `bytes` has `minimumRun` bytes in a row without an ASCII space, tab or line
    /// end: a run of characters without a break opportunity is at least that long in bytes
    /// (most texts are ruled out here, without asking Pango).
    private static func hasLongRunWithoutSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ minimumRun: Int) -> Bool {
        var run = 0
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                run = 0
            } else {
                run += 1
                if run >= minimumRun { return true }
            }
        }
        return false
    }

    /// Lays the whole text out unwrapped (linear) and reads its break opportunities, items
    /// and direction; nil unless it has a long unbreakable run or bytes × lines (each
    /// paragraph's unwrapped width ÷ `widthUnits`, plus one) reaching
    /// ``lineCostForWindows``, and one direction and bidi level throughout.
    private func wholeText(_ bytes: UnsafeBufferPointer<UInt8>, minimumRun: Int, widthUnits: Int32) -> WholeText? {
        setText(bytes, count: bytes.count)
        setWrapping(PANGO_WRAP_WORD_CHAR, width: nil, ellipsize: PANGO_ELLIPSIZE_NONE, height: -1)
        var attributeCount: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &attributeCount) else { return nil }
        var breaks = [UInt8](repeating: 0, count: Int(attributeCount))
        var run = 0, longest = 0
        for index in 0..<Int(attributeCount) {
            let attribute = attributes[index]
            breaks[index] = Self.breakBits(attribute)
            if attribute.is_line_break != 0 || attribute.is_mandatory_break != 0 {
                run = 0
            } else {
                run += 1
                longest = max(longest, run)
            }
        }
        var estimatedLines = 0.0
        for index in 0..<pango_layout_get_line_count(layout) {
            var logical = PangoRectangle()
            pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, index), nil, &logical)
            estimatedLines += Double(logical.width) / Double(max(widthUnits, 1)) + 1
        }
        guard longest >= minimumRun || estimatedLines * Double(bytes.count) >= Double(lineCostForWindows) else { return nil }
        var items: [(start: Int, end: Int, font: UnsafeMutableRawPointer?)] = []
        var level: UInt8?, direction: UInt32?
        for index in 0..<pango_layout_get_line_count(layout) {
            guard let line = pango_layout_get_line_readonly(layout, index) else { return nil }
            if direction == nil { direction = line.pointee.resolved_dir }
            guard direction == line.pointee.resolved_dir else { return nil }
            var node = line.pointee.runs
            while let current = node {
                guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                      let item = run.pointee.item else { return nil }
                if level == nil { level = item.pointee.analysis.level }
                guard level == item.pointee.analysis.level else { return nil }
                let start = Int(item.pointee.offset)
                items.append((start, start + Int(item.pointee.length), item.pointee.analysis.font.map { UnsafeMutableRawPointer($0) }))
                node = current.pointee.next
            }
        }
        items.sort { $0.start < $1.start }
        return WholeText(breaks: breaks, itemStarts: items.map(\.start), itemEnds: items.map(\.end),
                         itemFonts: items.map(\.font), level: level ?? 0, direction: direction ?? 0)
    }

    /// The lines of the text, window by window (see the type's documentation); the layout
    /// must be set to wrap. `stopAfter` > 0 stops once more lines than that are known.
    private func windowedLines(_ bytes: UnsafeBufferPointer<UInt8>, whole: WholeText, stopAfter: Int) -> WindowedLines? {
        var lines = WindowedLines(bytes: Array(bytes))
        var start = 0, startCharacter = 0
        var size = 48 * linesPerWindow
        var expectedFirstLine: [Int32]?
        while true {
            var end = min(bytes.count, start + size)
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let atEnd = end == bytes.count
            let window = UnsafeBufferPointer(rebasing: bytes[start..<end])
            setText(window, count: window.count)
            let count = Int(pango_layout_get_line_count(layout))
            var kept = count
            var next = end - start  // where the next window starts, in the window
            if !atEnd {
                // Keep all but the last two lines (the last is cut by the window's end), or
                // fewer: the line after the kept ones starts the next window, and must be
                // followed by 32 bytes or more in this window (HarfBuzz's shaping context is
                // 5 characters, at most 20 bytes), and start 32 bytes or more in (the same
                // context before it).
                kept = count - 2
                while kept >= 1, let line = pango_layout_get_line_readonly(layout, Int32(kept)),
                      window.count - Int(line.pointee.start_index + line.pointee.length) < Self.contextBytes {
                    kept -= 1
                }
                if kept >= 1, let line = pango_layout_get_line_readonly(layout, Int32(kept)) {
                    next = Int(line.pointee.start_index)
                }
                guard kept >= 1, next >= Self.contextBytes else {
                    size *= 2
                    continue
                }
            }
            if let expected = expectedFirstLine, lineSignature(0) != expected { return nil }
            guard checkWindow(window, whole: whole, start: start, startCharacter: startCharacter, keptBytes: next, lineCount: kept)
            else { return nil }
            lines.append(windowStart: start, windowEnd: end, lineCount: kept, layout: layout)
            if atEnd || (stopAfter > 0 && lines.count > stopAfter) { return lines }
            expectedFirstLine = lineSignature(kept)
            startCharacter += window[..<next].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            start += next
            size = max(2 * Self.contextBytes, next / kept * linesPerWindow)
        }
    }

    /// Line `index` of the layout as numbers: its length, extents and every glyph's id,
    /// geometry and cluster.
    private func lineSignature(_ index: Int) -> [Int32] {
        guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return [] }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        var signature: [Int32] = [line.pointee.length, logical.x, logical.y, logical.width, logical.height]
        var node = line.pointee.runs
        while let current = node {
            if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let glyphs = run.pointee.glyphs {
                signature.append(run.pointee.item.map { $0.pointee.offset - line.pointee.start_index } ?? -1)
                for index in 0..<Int(glyphs.pointee.num_glyphs) {
                    let glyph = glyphs.pointee.glyphs[index]
                    signature += [Int32(bitPattern: glyph.glyph), glyph.geometry.width, glyph.geometry.x_offset,
                                  glyph.geometry.y_offset, glyphs.pointee.log_clusters[index]]
                }
            }
            node = current.pointee.next
        }
        return signature
    }

    /// The checks of one window (see the type's documentation) for its first `lineCount`
    /// lines, which span its first `keptBytes` bytes.
    private func checkWindow(_ window: UnsafeBufferPointer<UInt8>, whole: WholeText, start: Int, startCharacter: Int,
                             keptBytes: Int, lineCount: Int) -> Bool {
        var attributeCount: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &attributeCount) else { return false }
        var keptCharacters = 0
        for index in 0..<keptBytes where window[index] & 0xC0 != 0x80 { keptCharacters += 1 }
        let last = min(Int(attributeCount) - 1, keptCharacters + 1)
        if last >= 1 {
            for index in 1...last where startCharacter + index >= whole.breaks.count
                || Self.breakBits(attributes[index]) != whole.breaks[startCharacter + index] { return false }
        }
        for index in 0..<lineCount {
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)),
                  line.pointee.resolved_dir == whole.direction else { return false }
            var node = line.pointee.runs
            while let current = node {
                guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                      let item = run.pointee.item, item.pointee.analysis.level == whole.level else { return false }
                let itemStart = start + Int(item.pointee.offset)
                guard whole.itemHolds(itemStart, itemStart + Int(item.pointee.length),
                                      font: item.pointee.analysis.font.map { UnsafeMutableRawPointer($0) }) else { return false }
                node = current.pointee.next
            }
        }
        return true
    }
}

/// The lines of a text laid out in windows: their extents united as Pango unites a
/// layout's, and the windows to lay out again to draw them.
struct WindowedLines {
    /// A slice of the text, laid out alone, whose first `lineCount` lines are lines of the
    /// text; its first line's top is `y` in the text's layout.
    struct Window {
        var start: Int
        var end: Int
        var lineCount: Int
        var y: Int32
    }

    let bytes: [UInt8]
    var windows: [Window] = []
    /// The end of every line, in bytes of the text.
    var endOfLine: [Int] = []
    var count: Int { endOfLine.count }
    /// The union of the lines' logical rectangles, as `pango_layout_get_extents` makes it.
    var logical = PangoRectangle()
    var firstBaseline: Int32 = 0
    var lastBaseline: Int32 = 0
    /// The first run's font, for the measurement's `fontFamily`.
    var firstFont: UnsafeMutableRawPointer?
    private var nextY: Int32 = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Adds the first `lineCount` lines of `layout`, the window `[windowStart, windowEnd)`.
    mutating func append(windowStart: Int, windowEnd: Int, lineCount: Int, layout: OpaquePointer) {
        let y = nextY
        windows.append(Window(start: windowStart, end: windowEnd, lineCount: lineCount, y: y))
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        for index in 0..<lineCount {
            if index > 0 { pango_layout_iter_next_line(iterator) }
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &line)
            line.y += y
            let baseline = pango_layout_iter_get_baseline(iterator) + y
            if endOfLine.isEmpty {
                logical = PangoRectangle(x: line.x, y: 0, width: line.width, height: 0)
                firstBaseline = baseline
                if let first = pango_layout_iter_get_line_readonly(iterator), let runs = first.pointee.runs,
                   let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
                    firstFont = run.pointee.item.pointee.analysis.font.map { UnsafeMutableRawPointer($0) }
                }
            } else {
                let left = min(logical.x, line.x)
                logical.width = max(logical.x + logical.width, line.x + line.width) - left
                logical.x = left
            }
            logical.height = line.y + line.height - logical.y
            lastBaseline = baseline
            nextY = line.y + line.height
            if let current = pango_layout_iter_get_line_readonly(iterator) {
                endOfLine.append(windowStart + Int(current.pointee.start_index + current.pointee.length))
            }
        }
    }

    func configured(truncated: Bool, style: TextStyle, widthUnits: Int32, configurator: PangoLayoutConfigurator)
        -> ConfiguredPangoLayout {
        var width = logical.width
        var clipped = false
        if width > widthUnits {
            width = widthUnits
            clipped = true
        }
        let scale = configurator.unitsPerPoint
        let family = firstFont.map { configurator.state.familyName(of: $0) } ?? configurator.state.primaryFamily(of: style.font)
        let measurement = TextMeasurement(
            width: Double(width) / scale, height: Double(logical.height) / scale, lineCount: count,
            firstBaseline: Double(firstBaseline - logical.y) / scale, lastBaseline: Double(lastBaseline - logical.y) / scale,
            isTruncated: truncated || clipped, fontFamily: family)
        let pieces = LayoutPieces(lines: self, configurator: configurator)
        return ConfiguredPangoLayout(
            layout: configurator.layout, measurement: measurement,
            layoutOriginX: -Double(logical.x) / scale, layoutOriginY: -Double(logical.y) / scale,
            drawingScale: 1 / configurator.scale, needsClipping: clipped, pieces: pieces)
    }
}

/// The windows of a text laid out in pieces, to lay out again for drawing: the
/// configurator's layout is still set for the text's style and width.
final class LayoutPieces {
    let lines: WindowedLines
    let configurator: PangoLayoutConfigurator

    init(lines: WindowedLines, configurator: PangoLayoutConfigurator) {
        self.lines = lines
        self.configurator = configurator
    }

    /// Calls `body` with every line, its logical rectangle and its baseline in the text's
    /// layout coordinates (Pango units), top to bottom.
    func forEachLine(_ body: (UnsafeMutablePointer<PangoLayoutLine>, PangoRectangle, Int32) throws -> Void) rethrows {
        let layout = configurator.layout
        try lines.bytes.withUnsafeBufferPointer { bytes in
            for window in lines.windows {
                let slice = UnsafeBufferPointer(rebasing: bytes[window.start..<window.end])
                configurator.setText(slice, count: slice.count)
                let iterator = pango_layout_get_iter(layout)
                defer { pango_layout_iter_free(iterator) }
                for index in 0..<window.lineCount {
                    if index > 0 { pango_layout_iter_next_line(iterator) }
                    var logical = PangoRectangle()
                    pango_layout_iter_get_line_extents(iterator, nil, &logical)
                    logical.y += window.y
                    guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
                    try body(line, logical, pango_layout_iter_get_baseline(iterator) + window.y)
                }
            }
        }
    }
}
