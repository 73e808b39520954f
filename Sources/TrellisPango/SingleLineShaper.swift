import CPango
import TrellisText

/// The fast path of ``PangoTextMeasurer/measure(_:style:maxWidth:maxLines:)`` for text
/// that stays on one line: shaped with HarfBuzz directly, on the very `hb_font_t` Pango
/// shapes with (`pango_font_get_hb_font`, same scale, same language and script), so the
/// width is the sum of the same integer advances a `PangoLayout` adds up — identical, not
/// merely close. Shaped words are cached, so a new string made of known words costs a
/// lookup per word and a sum, as browsers' word caches do.
///
/// Used only where that is exact, else the caller measures with a `PangoLayout`:
/// - every character is printable Latin (ASCII, Latin-1, Latin Extended-A), has a glyph
///   in the requested font (no fallback font), and no character is a control, a soft
///   hyphen or a line or paragraph separator (so no bidi, no complex script, one line);
/// - the line height is the font's (`.normal`), the layout scale the precise one, and the
///   text fits within the maximum width (nothing wraps, nothing is cut);
/// - words are cached only for fonts where nothing crosses a space: for every character,
///   shaping it next to a space gives exactly its own glyphs and the space's (no kerning,
///   no ligature, no contextual substitution with the space). Characters that do interact
///   make the strings they start or end a word in shaped whole instead;
/// - each font is checked once against Pango on probe strings; a font whose result
///   differs in any way is measured by Pango only.
///
/// One instance per thread (in `PangoThreadState`): nothing here is shared.
final class SingleLineShaper {
    /// The shaping state of one font (at one layout scale).
    final class FontShaper {
        let hbFont: OpaquePointer
        /// The `PangoFont` that owns `hbFont` (referenced while this exists).
        let pangoFont: UnsafeMutableRawPointer
        let language: OpaquePointer?
        /// What a one-line measurement of this font says apart from the width.
        var lineHeight = 0.0, baseline = 0.0, family = ""
        /// False when the probe check against Pango failed: measure with Pango.
        var isExact = false
        /// Characters (below `coveredLimit`) the fast path may shape: a glyph in this font.
        var covered: [Bool] = []
        /// Characters that interact with an adjacent space (kerning, ligature): words
        /// that start or end with one are not cached.
        var touchesSpace: [Bool] = []
        var spaceAdvance: Int32 = 0
        var spaceGlyph: UInt32 = 0
        /// Shaped words (widths in Pango units, glyphs), for Latin and for Common script runs.
        var latinWords = WordWidthTable(capacity: SingleLineShaper.maximumWords)
        var commonWords = WordWidthTable(capacity: SingleLineShaper.maximumWords)
        let buffer: OpaquePointer

        init(hbFont: OpaquePointer, pangoFont: UnsafeMutableRawPointer, language: OpaquePointer?) {
            self.hbFont = hbFont
            self.pangoFont = pangoFont
            self.language = language
            buffer = hb_buffer_create()
        }

        deinit {
            hb_buffer_destroy(buffer)
            g_object_unref(pangoFont)
        }

        /// The glyphs and advances HarfBuzz gives `utf8` in `script`.
        func shape(_ utf8: UnsafeBufferPointer<UInt8>, latin: Bool) -> (glyphs: [UInt32], advances: [Int32]) {
            run(utf8, latin: latin)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)!
            let positions = hb_buffer_get_glyph_positions(buffer, &count)!
            var glyphs: [UInt32] = [], advances: [Int32] = []
            for i in 0..<Int(count) {
                glyphs.append(infos[i].codepoint)
                advances.append(positions[i].x_advance)
                // An offset glyph (a mark) would not be a plain advance sum.
                if positions[i].x_offset != 0 || positions[i].y_offset != 0 { advances.append(Int32.min) }
            }
            return (glyphs, advances)
        }

        /// The sum of the advances HarfBuzz gives `utf8`; with `glyphs`, its glyphs and
        /// advances are appended there too.
        func width(_ utf8: UnsafeBufferPointer<UInt8>, latin: Bool, glyphs: LineGlyphs? = nil) -> Int32 {
            run(utf8, latin: latin)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)!
            let positions = hb_buffer_get_glyph_positions(buffer, &count)!
            var sum: Int32 = 0
            for i in 0..<Int(count) {
                sum &+= positions[i].x_advance
                if let glyphs {
                    glyphs.ids.append(infos[i].codepoint)
                    glyphs.advances.append(positions[i].x_advance)
                    if positions[i].x_offset != 0 || positions[i].y_offset != 0 { glyphs.isDrawable = false }
                }
            }
            return sum
        }

        /// Shapes `word` and stores it in the table of its script; returns its width.
        func shapeAndStore(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, latin: Bool) -> Int32 {
            run(word, latin: latin)
            var count: UInt32 = 0
            let infos = UnsafeBufferPointer(start: hb_buffer_get_glyph_infos(buffer, &count), count: Int(count))
            let positions = UnsafeBufferPointer(start: hb_buffer_get_glyph_positions(buffer, &count), count: Int(count))
            return latin ? latinWords.insert(word, hash: hash, infos: infos, positions: positions)
                : commonWords.insert(word, hash: hash, infos: infos, positions: positions)
        }

        private func run(_ utf8: UnsafeBufferPointer<UInt8>, latin: Bool) {
            hb_buffer_clear_contents(buffer)
            utf8.baseAddress!.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                hb_buffer_add_utf8(buffer, $0, Int32(utf8.count), 0, Int32(utf8.count))
            }
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, latin ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON)
            hb_buffer_set_language(buffer, language)
            hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
            hb_shape(hbFont, buffer, nil, 0)
        }
    }

    /// Characters below this may take the fast path (ASCII, Latin-1, Latin Extended-A).
    static let coveredLimit: UInt32 = 0x180
    /// Bound on cached words per font and script (then the cache starts over).
    static let maximumWords = 1 << 16

    /// The glyphs of one line, gathered for drawing it (reused from line to line).
    final class LineGlyphs {
        var ids: [UInt32] = []
        var advances: [Int32] = []
        /// False when a glyph is offset from its pen position: not drawable as an advance run.
        var isDrawable = true

        func removeAll() {
            ids.removeAll(keepingCapacity: true)
            advances.removeAll(keepingCapacity: true)
            isDrawable = true
        }
    }

    private var fonts: [Font: FontShaper?] = [:]
    /// The glyphs of the line last shaped for drawing.
    let lineGlyphs = LineGlyphs()
    /// Whether a `withShapedLine` body is drawing from `lineGlyphs`.
    var isDrawingLine = false

    /// Measurements this thread answered here, and words it shaped (for tests).
    private(set) var fastMeasurements = 0
    private(set) var shapedWords = 0

    /// The measurement, or nil when the text must go through a `PangoLayout`.
    func measure(_ text: String, style: TextStyle, maxWidth: Double?, state: PangoThreadState,
                 scale: Double, measureWithPango: (String) -> TextMeasurement) -> TextMeasurement? {
        measure(text, style: style, maxWidth: maxWidth, state: state, scale: scale, glyphs: nil,
                measureWithPango: measureWithPango)?.measurement
    }

    /// The measurement of `measure`, the font, and the line's glyphs in ``lineGlyphs``
    /// (the very glyphs and advances whose sum is the measured width, in Pango units at
    /// the layout scale); nil when the text must go through a `PangoLayout` or a glyph is
    /// not a plain advance (then it is drawn from a layout too).
    func shapeForDrawing(_ text: String, style: TextStyle, maxWidth: Double?, state: PangoThreadState, scale: Double,
                         measureWithPango: (String) -> TextMeasurement) -> (measurement: TextMeasurement, font: FontShaper)? {
        lineGlyphs.removeAll()
        guard let shaped = measure(text, style: style, maxWidth: maxWidth, state: state, scale: scale, glyphs: lineGlyphs,
                                   measureWithPango: measureWithPango),
              lineGlyphs.isDrawable else { return nil }
        return shaped
    }

    private func measure(_ text: String, style: TextStyle, maxWidth: Double?, state: PangoThreadState, scale: Double,
                         glyphs: LineGlyphs?,
                         measureWithPango: (String) -> TextMeasurement) -> (measurement: TextMeasurement, font: FontShaper)? {
        // Widths are summed in Pango units of the precise scale; a text long enough to be
        // laid out at 1× (see PangoLayoutConfigurator.scale) goes to Pango.
        guard style.lineHeight == .normal, !text.isEmpty, scale == PangoLayoutConfigurator.preciseScale else { return nil }
        guard let font = shaper(for: style.font, state: state, scale: scale, measureWithPango: measureWithPango),
              font.isExact else { return nil }
        var text = text
        text.makeContiguousUTF8()
        guard let units = text.utf8.withContiguousStorageIfAvailable({ lineWidth(of: $0, font: font, glyphs: glyphs) }) ?? nil else {
            return nil
        }
        let unitsPerPoint = Double(PANGO_SCALE) * scale
        if let maxWidth {
            // As PangoLayoutConfigurator converts the width: a line that fits is not wrapped.
            let limit = min((maxWidth * unitsPerPoint).rounded(.down), Double(Int32.max))
            guard Double(units) <= limit else { return nil }
        }
        fastMeasurements += 1
        return (TextMeasurement(width: Double(units) / unitsPerPoint, height: font.lineHeight, lineCount: 1,
                                firstBaseline: font.baseline, lastBaseline: font.baseline, isTruncated: false,
                                fontFamily: font.family), font)
    }

    /// The width of one line of `utf8` in Pango units, or nil when a character is not
    /// for the fast path; with `glyphs`, the line's glyphs are appended there.
    private func lineWidth(of utf8: UnsafeBufferPointer<UInt8>, font: FontShaper, glyphs: LineGlyphs? = nil) -> Int32? {
        // One pass: check every character and find whether the text has a letter (its
        // script is then Latin; text of digits and punctuation only is Common).
        var latin = false
        var index = 0
        let count = utf8.count
        guard utf8[0] != 0x20, utf8[count - 1] != 0x20 else { return nil }
        while index < count {
            let byte = utf8[index]
            let scalar: UInt32
            if byte < 0x80 {
                scalar = UInt32(byte)
                index += 1
            } else if byte & 0xE0 == 0xC0, index + 1 < count {
                scalar = UInt32(byte & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
                index += 2
            } else {
                return nil
            }
            guard scalar < Self.coveredLimit, font.covered[Int(scalar)] else { return nil }
            if !latin, Self.isLetter(scalar) { latin = true }
        }
        // Words between single spaces.
        var sum: Int32 = 0
        var start = 0
        index = 0
        while index <= count {
            if index == count || utf8[index] == 0x20 {
                if index > start {
                    guard let width = wordWidth(UnsafeBufferPointer(rebasing: utf8[start..<index]), font: font, latin: latin,
                                                glyphs: glyphs) else {
                        // A word edge that interacts with a space: shape the whole line.
                        glyphs?.removeAll()
                        return font.width(utf8, latin: latin, glyphs: glyphs)
                    }
                    sum &+= width
                }
                if index < count {
                    sum &+= font.spaceAdvance
                    if let glyphs {
                        glyphs.ids.append(font.spaceGlyph)
                        glyphs.advances.append(font.spaceAdvance)
                    }
                }
                start = index + 1
            }
            index += 1
        }
        return sum
    }

    private func wordWidth(_ word: UnsafeBufferPointer<UInt8>, font: FontShaper, latin: Bool, glyphs: LineGlyphs?) -> Int32? {
        guard !font.touchesSpace[Int(Self.firstScalar(word))], !font.touchesSpace[Int(Self.lastScalar(word))] else { return nil }
        let hash = ByteHash.hash(word, seed: 0)
        if let width = storedWord(word, hash: hash, font: font, latin: latin, glyphs: glyphs) { return width }
        shapedWords += 1
        let width = font.shapeAndStore(word, hash: hash, latin: latin)
        // The word's glyphs as just stored, so a line's glyphs always come from the table.
        if glyphs != nil { _ = storedWord(word, hash: hash, font: font, latin: latin, glyphs: glyphs) }
        return width
    }

    /// The stored width of `word`, its glyphs appended to `glyphs` when given; nil when not stored.
    private func storedWord(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, font: FontShaper, latin: Bool,
                            glyphs: LineGlyphs?) -> Int32? {
        guard let glyphs else {
            return latin ? font.latinWords.width(of: word, hash: hash) : font.commonWords.width(of: word, hash: hash)
        }
        return latin ? font.latinWords.appendGlyphs(of: word, hash: hash, to: glyphs)
            : font.commonWords.appendGlyphs(of: word, hash: hash, to: glyphs)
    }

    private static func firstScalar(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let byte = utf8[0]
        return byte < 0x80 ? UInt32(byte) : UInt32(byte & 0x1F) << 6 | UInt32(utf8[1] & 0x3F)
    }

    private static func lastScalar(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let last = utf8[utf8.count - 1]
        if last < 0x80 { return UInt32(last) }
        return UInt32(utf8[utf8.count - 2] & 0x1F) << 6 | UInt32(last & 0x3F)
    }

    /// Letters of the covered range (their script is Latin); the rest is Common.
    private static func isLetter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x17F: true
        default: false
        }
    }

    // MARK: Setting up a font

    private func shaper(for font: Font, state: PangoThreadState, scale: Double,
                        measureWithPango: (String) -> TextMeasurement) -> FontShaper? {
        if let known = fonts[font] { return known }
        if fonts.count >= 64 { fonts.removeAll() }
        let shaper = makeShaper(for: font, state: state, scale: scale, measureWithPango: measureWithPango)
        fonts[font] = shaper
        return shaper
    }

    /// Probe strings checked against Pango before a font takes the fast path: kerning
    /// pairs, digits, punctuation, accented letters, several words.
    static let probes = ["Hamburgefonstiv", "AVATAR To. Wa, Ty; LT", "0123456789 (42) 3.14 100%", "éàü ÆØÅ ßñç œŒ Łódź",
                         "Tag cloud with several words", "fi fl ffi -- 'quotes' \"x\"", "x", "1,2"]

    private func makeShaper(for font: Font, state: PangoThreadState, scale: Double,
                            measureWithPango: (String) -> TextMeasurement) -> FontShaper? {
        guard let loaded = pango_context_load_font(state.context, state.description(of: font, scale: scale)) else { return nil }
        let pangoFont = UnsafeMutableRawPointer(loaded)
        guard let hbFont = pango_font_get_hb_font(loaded) else {
            g_object_unref(pangoFont)
            return nil
        }
        let language = pango_context_get_language(state.context).map { hb_language_from_string(pango_language_to_string($0), -1) }
        let shaper = FontShaper(hbFont: hbFont, pangoFont: pangoFont, language: language ?? nil)
        let reference = measureWithPango("x")
        shaper.lineHeight = reference.height
        shaper.baseline = reference.firstBaseline
        shaper.family = reference.fontFamily
        // The font Pango chose for "x" must be the one loaded here (not a fallback).
        guard state.familyName(of: pangoFont) == reference.fontFamily else { return shaper }

        shaper.covered = (0..<Self.coveredLimit).map { scalar in
            guard scalar >= 0x20, scalar != 0x7F, !(0x80..<0xA0).contains(scalar), scalar != 0xAD else { return false }
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 && glyph != 0
        }
        guard shaper.covered[0x20] else { return shaper }
        var space: [UInt8] = [0x20]
        let spaceShape = space.withUnsafeBufferPointer { shaper.shape($0, latin: true) }
        // One glyph with a plain advance, or no word cache (every line is shaped whole).
        let commonSpace = space.withUnsafeBufferPointer { shaper.shape($0, latin: false) }
        guard spaceShape.glyphs.count == 1, spaceShape.advances.count == 1, commonSpace == spaceShape else { return shaper }
        shaper.spaceGlyph = spaceShape.glyphs[0]
        shaper.spaceAdvance = spaceShape.advances[0]
        shaper.touchesSpace = (0..<Self.coveredLimit).map { scalar in
            guard shaper.covered[Int(scalar)], scalar != 0x20 else { return scalar != 0x20 }
            return !Self.isSeparableFromSpace(Unicode.Scalar(scalar)!, shaper: shaper)
        }
        space.removeAll()
        // Exact or nothing: every probe must give Pango's measurement to the bit.
        shaper.isExact = true
        for probe in Self.probes {
            let pango = measureWithPango(probe)
            var probe = probe
            let fast = probe.withUTF8 { lineWidth(of: $0, font: shaper) }
            guard let fast, pango.lineCount == 1,
                  Double(fast) / (Double(PANGO_SCALE) * scale) == pango.width,
                  pango.height == shaper.lineHeight, pango.firstBaseline == shaper.baseline,
                  pango.fontFamily == shaper.family else {
                shaper.isExact = false
                break
            }
        }
        // The probes filled the word cache through the same path that is being checked.
        return shaper
    }

    /// Whether shaping `scalar` next to a space, on either side and in either script,
    /// gives exactly the glyphs and advances of the two shaped apart.
    private static func isSeparableFromSpace(_ scalar: Unicode.Scalar, shaper: FontShaper) -> Bool {
        let alone = Array(String(scalar).utf8)
        for latin in [true, false] {
            let own = alone.withUnsafeBufferPointer { shaper.shape($0, latin: latin) }
            let space = [UInt8(0x20)].withUnsafeBufferPointer { shaper.shape($0, latin: latin) }
            let after = (alone + [0x20]).withUnsafeBufferPointer { shaper.shape($0, latin: latin) }
            let before = ([0x20] + alone).withUnsafeBufferPointer { shaper.shape($0, latin: latin) }
            guard after.glyphs == own.glyphs + space.glyphs, after.advances == own.advances + space.advances,
                  before.glyphs == space.glyphs + own.glyphs, before.advances == space.advances + own.advances else { return false }
        }
        return true
    }
}
