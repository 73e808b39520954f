import CPango
import TrellisText

/// Configures a layout for (text, style, maxWidth, maxLines) and reads its measurement.
///
/// Pango limits lines per paragraph (`pango_layout_set_height(-n)`) while UIKit limits
/// the lines of the whole text, so the line limit is applied here: wrapping modes cut the
/// text after the last allowed line; truncating modes let Pango ellipsize the last
/// allowed line (per paragraph for one paragraph, by height for several).
struct PangoLayoutConfigurator {
    let state: PangoThreadState
    let slot: LayoutSlot
    var layout: OpaquePointer { slot.layout }

    /// Layouts are made this many times larger than the text and their numbers divided
    /// by it: Pango keeps glyph advances as whole 1/1024 units, and rounding each glyph to
    /// 1/1024 pt adds up to more than 0.01 pt over a 40-glyph line, while at 16× the error
    /// is 16 times smaller and widths agree with HarfBuzz's exact advances (and a
    /// browser's). A renderer scales its Cairo context by `1 / scale` (see
    /// ``ConfiguredPangoLayout/drawingScale``). Hinting is off, so outlines and advances
    /// scale linearly and the drawn text is the measured text.
    static let preciseScale = 16.0

    /// The scales a layout may be built at, largest (most precise) first: 16× for every
    /// ordinary text, then smaller powers of 16 (exact in binary, so dividing by them adds
    /// no error) for texts that would pass Pango's 32-bit coordinates (2^31 units of 1/1024
    /// of a layout point) at a larger one. At 1/16 a layout reaches 33 554 431 pt of text
    /// with glyphs rounded to 1/64 pt; at 1/256, 536 870 911 pt.
    static let scales: [Double] = [preciseScale, 1, 1.0 / 16, 1.0 / 256]

    /// The largest font size, in pixels per em, a layout's font may have: FreeType sizes are
    /// 16-bit, and asking cairo for a larger one fails ("failed to create cairo scaled font")
    /// and leaves the shared cairo font face in an error state, so every later drawing with
    /// that family, on any thread, shows nothing. A 100 000 pt font is laid out at 1/16.
    static let maximumPixelsPerEm = 65_000.0

    /// Whether a layout of `scale` can hold `extent` points of `style`'s text.
    static func fits(_ extent: Double, style: TextStyle, atScale scale: Double) -> Bool {
        extent < reach(atScale: scale) && style.font.size * scale <= maximumPixelsPerEm
    }

    /// The largest of ``scales`` the font of `style` allows (``preciseScale`` below 4 062 pt).
    static func largestScale(for style: TextStyle) -> Double {
        scales.first { style.font.size * $0 <= maximumPixelsPerEm } ?? scales[scales.count - 1]
    }

    /// The most points of text a layout of `scale` holds along either axis.
    static func reach(atScale scale: Double) -> Double { Double(Int32.max) / (Double(PANGO_SCALE) * scale) }

    /// The height of a line of `style`, generously (for bounds only).
    static func lineHeightBound(_ style: TextStyle) -> Double {
        switch style.lineHeight {
        case .normal: 1.5 * style.font.size
        case .multiple(let factor): 1.5 * style.font.size * factor
        case .fixed(let height): height
        }
    }

    /// The crude, safe scale for a text of `bytes` UTF-8 bytes: the largest of ``scales``
    /// at which every byte could be a line of its own or two ems wide on one line. Texts
    /// below about 1 900 bytes at 17 pt get ``preciseScale`` from it directly; longer ones
    /// are measured once at this scale (``scale(naturalWidth:paragraphs:bytes:style:maxWidth:)``)
    /// to find the largest scale their real extent allows.
    static func scale(forBytes bytes: Int, style: TextStyle) -> Double {
        let extent = Double(bytes + 1) * max(2 * style.font.size, lineHeightBound(style))
        return scales.first { fits(extent, style: style, atScale: $0) } ?? scales[scales.count - 1]
    }

    /// The largest of ``scales`` for a text whose unwrapped layout is `naturalWidth` points
    /// wide at its widest paragraph, in `paragraphs` lines, when wrapped at `maxWidth`: the
    /// width is at most the natural one (Pango shapes a whole paragraph before it breaks
    /// it, so the natural width must fit too), and a greedy wrap makes at most two lines per
    /// `maxWidth` of natural width per paragraph (two consecutive lines hold more than the
    /// width) — or one line per byte when the width is narrower than two ems.
    static func scale(naturalWidth: Double, paragraphs: Int, bytes: Int, style: TextStyle, maxWidth: Double?) -> Double {
        var lines = Double(paragraphs)
        if let maxWidth {
            lines = maxWidth < 2 * style.font.size
                ? Double(bytes + 1)
                : min(Double(bytes + 1), Double(paragraphs) + 2 * naturalWidth / maxWidth + 1)
        }
        let extent = max(naturalWidth * 1.01 + 2 * style.font.size, lines * lineHeightBound(style))
        return scales.first { fits(extent, style: style, atScale: $0) } ?? scales[scales.count - 1]
    }

    /// The scale of the layout being configured.
    let scale: Double
    /// Texts with a run of this many characters without a line break opportunity are
    /// wrapped in windows (see ``layOutInPieces(_:widthUnits:maxLines:style:)``).
    var minimumUnbreakableRun = defaultMinimumUnbreakableRun
    /// About how many lines each of those windows holds.
    var linesPerWindow = defaultLinesPerWindow
    /// Texts whose bytes × lines reach this are wrapped in windows too.
    var lineCostForWindows = defaultLineCostForWindows
    /// Whether a long text cut after a few lines is laid out from a prefix that holds them
    /// (``cutLongTextAfterLine(_:of:maxWidth:style:)``).
    var cutsLongTextsFromPrefix = true
    /// Pango units per point of the text.
    var unitsPerPoint: Double { Double(PANGO_SCALE) * scale }

    /// Pango units for `points`, clamped to Pango's 32-bit range.
    func units(_ points: Double) -> Int32 {
        Int32(min((points * unitsPerPoint).rounded(.down), Double(Int32.max)))
    }
    private static let ellipsis: [UInt8] = Array("…".utf8)

    func configure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> ConfiguredPangoLayout {
        applyStyle(style)
        var text = text
        text.makeContiguousUTF8()
        if text.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) == true {
            // Pango stops at a NUL byte; draw U+FFFD instead of silently dropping the rest.
            text = text.replacingNUL()
        }
        if text.utf8.withContiguousStorageIfAvailable(String.mayHaveLongRunOfMarks) == true, let safe = text.streamSafe() {
            // A run of thousands of combining marks takes Pango quadratic time (100 000
            // marks: minutes); bounding every run keeps it linear.
            text = safe
        }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            configure(bytes, style: style, maxWidth: maxWidth, maxLines: maxLines, allowsPieces: true)
        }!
    }

    /// Configures the layout for attributed `text`: its string, made safe run by run as a
    /// plain text is, with a Pango attribute for each attribute of each run (fonts at the
    /// layout's scale, colours, underlines, strikethroughs, letter spacing) over the bytes
    /// of its run, on top of `style`. Laid out whole (never in windows: their texts would
    /// not line up with the runs' bytes).
    func configure(_ text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int) -> ConfiguredPangoLayout {
        applyStyle(style)
        var string = ""
        var runs: [(start: Int, end: Int, attributes: AttributedText.Attributes)] = []
        for run in text.runs {
            var piece = run.text
            piece.makeContiguousUTF8()
            if piece.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) == true { piece = piece.replacingNUL() }
            if piece.utf8.withContiguousStorageIfAvailable(String.mayHaveLongRunOfMarks) == true, let safe = piece.streamSafe() {
                piece = safe
            }
            let start = string.utf8.count
            string += piece
            runs.append((start, string.utf8.count, run.attributes))
        }
        let attributes = attributeList(lineHeight: style.lineHeight, runs: runs)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        // The list holds this text's runs: the next text sets its own.
        slot.lineHeight = nil
        string.makeContiguousUTF8()
        return string.utf8.withContiguousStorageIfAvailable { bytes in
            configure(bytes, style: style, maxWidth: maxWidth, maxLines: maxLines, allowsPieces: false)
        }!
    }

    /// The line height of `lineHeight` over the whole text and each run's attributes over
    /// its bytes.
    private func attributeList(lineHeight: LineHeight,
                               runs: [(start: Int, end: Int, attributes: AttributedText.Attributes)]) -> OpaquePointer {
        let list = pango_attr_list_new()!
        switch lineHeight {
        case .normal: break
        case .multiple(let factor): pango_attr_list_insert(list, pango_attr_line_height_new(factor))
        case .fixed(let height): pango_attr_list_insert(list, pango_attr_line_height_new_absolute(units(height)))
        }
        func channel(_ value: Double) -> UInt16 { UInt16((min(1, max(0, value)) * 65535).rounded()) }
        for run in runs where !run.attributes.isEmpty {
            func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = UInt32(run.start)
                attribute.pointee.end_index = UInt32(run.end)
                pango_attr_list_insert(list, attribute)
            }
            let attributes = run.attributes
            if let font = attributes.font {
                precondition(font.size.isFinite && font.size > 0 && font.size <= 100_000,
                             "font size must be in (0, 100000] points, got \(font.size)")
                add(pango_attr_font_desc_new(state.description(of: font, scale: scale)))
            }
            if let color = attributes.foregroundColor {
                add(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)))
                add(pango_attr_foreground_alpha_new(channel(color.alpha)))
            }
            if let underline = attributes.underline {
                add(pango_attr_underline_new(underline == .double ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE))
            }
            if attributes.strikethrough { add(pango_attr_strikethrough_new(1)) }
            if let kerning = attributes.kerning, kerning != 0, kerning.isFinite {
                let spacing = max(Double(Int32.min), min(Double(Int32.max), (kerning * unitsPerPoint).rounded()))
                add(pango_attr_letter_spacing_new(Int32(spacing)))
            }
        }
        return list
    }

    private func configure(_ bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, maxWidth: Double?,
                           maxLines: Int, allowsPieces: Bool) -> ConfiguredPangoLayout {
        setText(bytes, count: bytes.count)
        let widthUnits: Int32? = maxWidth.map(units)
        var truncated = false

        switch style.lineBreakMode {
        case .wordWrap, .charWrap:
            let wrap = style.lineBreakMode == .charWrap ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR
            let pieces = allowsPieces ? widthUnits.flatMap {
                layOutInPieces(bytes, wrap: wrap, widthUnits: $0, maxLines: maxLines, style: style)
            } : nil
            if case .windows(let configured) = pieces { return configured }
            setWrapping(wrap, width: widthUnits, ellipsize: PANGO_ELLIPSIZE_NONE, height: -1)
            if case .cut(let end) = pieces {
                setText(bytes, count: end)
                truncated = true
            } else if let maxWidth, cutLongTextAfterLine(maxLines, of: bytes, maxWidth: maxWidth, style: style) {
                truncated = true
            } else {
                truncated = cutAfterLine(maxLines, of: bytes, appendingEllipsis: false)
            }
        case .clip:
            setWrapping(PANGO_WRAP_WORD, width: nil, ellipsize: PANGO_ELLIPSIZE_NONE, height: -1)
            truncated = cutAfterLine(maxLines, of: bytes, appendingEllipsis: false)
        case .truncateHead, .truncateMiddle, .truncateTail:
            guard let widthUnits, maxLines > 0 else {
                // Unlimited lines wrap (as UILabel does); without a width each paragraph is
                // one line and only the line limit can cut, marked with "…".
                if allowsPieces, let widthUnits, case .windows(let configured) = layOutInPieces(
                    bytes, wrap: PANGO_WRAP_WORD_CHAR, widthUnits: widthUnits, maxLines: 0, style: style) {
                    return configured
                }
                setWrapping(PANGO_WRAP_WORD_CHAR, width: widthUnits, ellipsize: PANGO_ELLIPSIZE_NONE, height: -1)
                truncated = cutAfterLine(maxLines, of: bytes, appendingEllipsis: true)
                break
            }
            let mode: PangoEllipsizeMode = switch style.lineBreakMode {
            case .truncateHead: PANGO_ELLIPSIZE_START
            case .truncateMiddle: PANGO_ELLIPSIZE_MIDDLE
            default: PANGO_ELLIPSIZE_END
            }
            setWrapping(PANGO_WRAP_WORD_CHAR, width: widthUnits, ellipsize: mode, height: -Int32(clamping: maxLines))
            if pango_layout_get_line_count(layout) > maxLines {
                truncated = limitParagraphs(to: maxLines, of: bytes, ellipsize: mode)
            }
            truncated = truncated || pango_layout_is_ellipsized(layout) != 0
        }
        // Whatever the mode, the box is never wider than the maximum width: `clip` is
        // clipped by design, and a width narrower than one character (or than "…") leaves
        // a line wider than the width, which is clipped the same way.
        return read(truncated: truncated, clipWidth: widthUnits, style: style)
    }

    // MARK: Settings

    func applyStyle(_ style: TextStyle) {
        if slot.font != style.font || slot.scale != scale {
            pango_layout_set_font_description(layout, state.description(of: style.font, scale: scale))
            slot.font = style.font
        }
        if slot.lineHeight != style.lineHeight || slot.scale != scale {
            let attributes: OpaquePointer?
            switch style.lineHeight {
            case .normal:
                attributes = nil
            case .multiple(let factor):
                attributes = pango_attr_list_new()
                pango_attr_list_insert(attributes, pango_attr_line_height_new(factor))
            case .fixed(let height):
                attributes = pango_attr_list_new()
                pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(units(height)))
            }
            pango_layout_set_attributes(layout, attributes)
            if let attributes { pango_attr_list_unref(attributes) }
            slot.lineHeight = style.lineHeight
        }
        slot.scale = scale
    }

    func setText(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) {
        guard count > 0, let base = bytes.baseAddress else {
            pango_layout_set_text(layout, "", 0)
            return
        }
        base.withMemoryRebound(to: CChar.self, capacity: count) {
            pango_layout_set_text(layout, $0, Int32(count))
        }
    }

    func setWrapping(_ wrap: PangoWrapMode, width: Int32?, ellipsize: PangoEllipsizeMode, height: Int32) {
        pango_layout_set_wrap(layout, wrap)
        pango_layout_set_width(layout, width ?? -1)
        pango_layout_set_ellipsize(layout, ellipsize)
        pango_layout_set_height(layout, height)
    }

    /// When the layout has more than `maxLines` lines (and `maxLines` is not 0), keeps only
    /// the text of the first `maxLines` lines (without the white space that ended the last
    /// one), optionally followed by "…". Returns whether anything was cut.
    private func cutAfterLine(_ maxLines: Int, of bytes: UnsafeBufferPointer<UInt8>, appendingEllipsis: Bool) -> Bool {
        guard maxLines > 0, pango_layout_get_line_count(layout) > maxLines,
              let line = pango_layout_get_line_readonly(layout, Int32(clamping: maxLines - 1)) else { return false }
        var end = Int(line.pointee.start_index + line.pointee.length)
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        if appendingEllipsis {
            let cut = Array(bytes[..<end]) + Self.ellipsis
            cut.withUnsafeBufferPointer { setText($0, count: $0.count) }
        } else {
            setText(bytes, count: end)
        }
        return true
    }

    /// A text cut after `maxLines` lines that is several times longer than they hold (a chat
    /// message or a review shown in its first lines) is laid out from a prefix holding at
    /// least two lines more than are kept, and cut there as ``cutAfterLine(_:of:appendingEllipsis:)``
    /// cuts the whole text — to the byte — so its cost is that of the lines shown, not of
    /// the whole text (which Pango would shape and break entirely). Returns whether it cut
    /// the text; false leaves the layout holding the whole text.
    ///
    /// Why the prefix's first `maxLines` lines are the whole text's: Pango breaks lines
    /// greedily, each line's end decided by the text up to the first word that does not fit
    /// on it, and in ASCII text (one direction, no font fallback, no joining, break
    /// opportunities decided by the neighbouring characters) glyphs and breaks depend only
    /// on the characters near them. Where the prefix ends changes at most the line it falls
    /// in and the one before (a word cut short may fit where the whole word did not): with
    /// two lines after the kept ones, neither is kept. The one thing decided by text far
    /// away, a paragraph's direction (from its first letter), is decided before the prefix
    /// ends when the paragraph has a letter there. Any other text is laid out whole.
    private func cutLongTextAfterLine(_ maxLines: Int, of bytes: UnsafeBufferPointer<UInt8>, maxWidth: Double,
                                      style: TextStyle) -> Bool {
        guard cutsLongTextsFromPrefix, maxLines > 0, maxWidth.isFinite, maxWidth > 0 else { return false }
        // Characters for `maxLines` + 3 lines at 0.4 em each: Latin text averages more than
        // 0.5 em, so the prefix rarely falls short (it is then laid out whole after all).
        let estimate = (Double(maxLines) + 3) * (maxWidth / (0.4 * style.font.size) + 1)
        guard estimate * 4 < Double(bytes.count) * 3 else { return false }
        let length = Int(estimate)
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
        var paragraphStart = length
        while paragraphStart > 0, bytes[paragraphStart - 1] != 0x0A, bytes[paragraphStart - 1] != 0x0D { paragraphStart -= 1 }
        guard bytes[paragraphStart..<length].contains(where: { (0x61...0x7A).contains($0 | 0x20) }) else { return false }
        setText(bytes, count: length)
        guard pango_layout_get_line_count(layout) >= maxLines + 2 else {
            setText(bytes, count: bytes.count)
            return false
        }
        state.prefixCuts += 1
        return cutAfterLine(maxLines, of: bytes, appendingEllipsis: false)
    }

    /// Several paragraphs with a truncating mode and more lines than allowed. Keeps the
    /// paragraphs up to the one holding the last allowed line; if that line ends its
    /// paragraph, "…" is appended to it (later paragraphs are dropped); then a height
    /// limit at the bottom of that line makes Pango ellipsize it like any cut line.
    /// Returns true (text was cut).
    private func limitParagraphs(to maxLines: Int, of bytes: UnsafeBufferPointer<UInt8>,
                                 ellipsize mode: PangoEllipsizeMode) -> Bool {
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_height(layout, -1)
        guard let line = pango_layout_get_line_readonly(layout, Int32(clamping: maxLines - 1)) else { return false }
        let lineEnd = Int(line.pointee.start_index + line.pointee.length)
        let bottom = bottomOfLine(maxLines - 1)
        var paragraphEnd = lineEnd
        while paragraphEnd < bytes.count, !Self.startsParagraphSeparator(bytes, at: paragraphEnd) { paragraphEnd += 1 }
        var kept: [UInt8]
        if paragraphEnd == lineEnd {
            var end = lineEnd
            while end > 0, [0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
            kept = Array(bytes[..<end]) + Self.ellipsis
        } else {
            kept = Array(bytes[..<paragraphEnd])
        }
        kept.withUnsafeBufferPointer { setText($0, count: $0.count) }
        pango_layout_set_ellipsize(layout, mode)
        pango_layout_set_height(layout, bottom)
        if pango_layout_get_line_count(layout) > maxLines {
            // Pango's height heuristic kept too many lines (lines of very different
            // heights): cut after the last allowed line, without an ellipsis.
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
            pango_layout_set_height(layout, -1)
            setText(bytes, count: lineEnd)
        }
        return true
    }

    /// Whether a paragraph separator (as Pango splits paragraphs: LF, CR, U+2029)
    /// starts at `index`.
    private static func startsParagraphSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D { return true }
        return byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9
    }

    /// The bottom of line `index` from the top of the layout, in Pango units.
    private func bottomOfLine(_ index: Int) -> Int32 {
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        for _ in 0..<index { pango_layout_iter_next_line(iterator) }
        var logical = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, nil, &logical)
        return logical.y + logical.height
    }

    // MARK: Reading

    private func read(truncated: Bool, clipWidth: Int32?, style: TextStyle) -> ConfiguredPangoLayout {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let lineCount = Int(pango_layout_get_line_count(layout))
        let firstBaseline = pango_layout_get_baseline(layout) - logical.y
        var lastBaseline = firstBaseline
        if lineCount > 1 {
            let iterator = pango_layout_get_iter(layout)
            while pango_layout_iter_next_line(iterator) != 0 {}
            lastBaseline = pango_layout_iter_get_baseline(iterator) - logical.y
            pango_layout_iter_free(iterator)
        }
        var width = logical.width
        var isTruncated = truncated
        var clipped = false
        if let clipWidth, width > clipWidth {
            width = clipWidth
            isTruncated = true
            clipped = true
        }
        let scale = unitsPerPoint
        let measurement = TextMeasurement(
            width: Double(width) / scale, height: Double(logical.height) / scale, lineCount: lineCount,
            firstBaseline: Double(firstBaseline) / scale, lastBaseline: Double(lastBaseline) / scale,
            isTruncated: isTruncated, fontFamily: familyUsed(style: style))
        return ConfiguredPangoLayout(
            layout: layout, measurement: measurement,
            layoutOriginX: -Double(logical.x) / scale, layoutOriginY: -Double(logical.y) / scale,
            drawingScale: 1 / self.scale, needsClipping: clipped, pieces: nil)
    }

    /// The family of the font of the first run, or of the requested font when there is no
    /// text.
    func familyUsed(style: TextStyle) -> String {
        if let line = pango_layout_get_line_readonly(layout, 0), let runs = line.pointee.runs,
           let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
           let font = run.pointee.item.pointee.analysis.font {
            return state.familyName(of: UnsafeMutableRawPointer(font))
        }
        return state.primaryFamily(of: style.font)
    }
}

extension String {
    /// The most non-starters in a row the Stream-Safe Text Format (UAX #15, section 13) allows.
    static let maximumNonStarters = 30

    /// The string with its runs of combining marks bounded, after the Stream-Safe Text
    /// Format: after every 30 consecutive non-starters (scalars of a non-zero canonical
    /// combining class) a U+200D ZERO WIDTH JOINER is inserted (invisible, no width). UAX #15
    /// inserts U+034F COMBINING GRAPHEME JOINER instead, but Pango's work stays quadratic
    /// through it (and through U+2060 or U+200B): 20 000 marks took 1.6 s with CGJ every 30,
    /// 0.05 s with ZWJ, measuring the same box. Nil when no run is that long (almost
    /// always), so nothing is copied.
    func streamSafe() -> String? {
        var run = 0, needed = false
        for scalar in unicodeScalars {
            run = scalar.properties.canonicalCombiningClass.rawValue == 0 ? 0 : run + 1
            if run > Self.maximumNonStarters { needed = true; break }
        }
        guard needed else { return nil }
        var result = String.UnicodeScalarView()
        run = 0
        for scalar in unicodeScalars {
            if scalar.properties.canonicalCombiningClass.rawValue == 0 {
                run = 0
            } else {
                run += 1
                if run > Self.maximumNonStarters {
                    result.append("\u{200D}")
                    run = 1
                }
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether the UTF-8 `bytes` hold more than 30 scalars in a row at or above U+0300 (where
    /// every combining mark is): a byte loop, about a nanosecond a byte, that spares nearly
    /// every text the scan of combining classes in ``streamSafe()`` (about 1 µs for a
    /// 40-byte Hebrew line).
    static func mayHaveLongRunOfMarks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        for byte in bytes where byte & 0xC0 != 0x80 {  // the first byte of each scalar
            run = byte >= 0xCC ? run + 1 : 0  // 0xCC 0x80 is U+0300
            if run > maximumNonStarters { return true }
        }
        return false
    }

    /// The string with every U+0000 replaced by U+FFFD.
    func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
