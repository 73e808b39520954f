import CPango
import Testing
import TrellisText
@_spi(Testing) @testable import TrellisPango

/// Texts with long runs that have no line break opportunity, or with many lines, are
/// wrapped in windows (so their cost is linear); the windows must give exactly Pango's
/// lines. Compared here with the same texts laid out whole, at sizes where that is fast: a
/// measurer that windows every run of 24 characters or more and every text of 20 000
/// bytes × lines, 3 lines a window, against one that never does.
@Suite("Unbreakable runs")
struct UnbreakableRunTests {
    static let windowed = PangoTextMeasurer(minimumUnbreakableRun: 24, linesPerWindow: 3, lineCostForWindows: 20_000)
    static let whole = PangoTextMeasurer(minimumUnbreakableRun: .max, linesPerWindow: 10, lineCostForWindows: .max)

    /// Every line as numbers: its logical rectangle, its baseline, its byte range and
    /// every glyph (id and geometry).
    struct Lines: Equatable, CustomStringConvertible {
        var lines: [[Int64]] = []
        var description: String { "\(lines.count) lines: " + lines.prefix(3).map { "\($0.prefix(8))" }.joined(separator: " ") }
    }

    static func laidOut(_ measurer: PangoTextMeasurer, _ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int)
        -> (TextMeasurement, Lines, pieces: Bool, windows: Int) {
        measurer.withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines) { configured in
            var lines = Lines()
            configured.forEachLine { line, logical, baseline in
                var numbers: [Int64] = [Int64(logical.x), Int64(logical.y), Int64(logical.width), Int64(logical.height),
                                        Int64(baseline), Int64(line.pointee.length)]
                var node = line.pointee.runs
                while let current = node {
                    if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let glyphs = run.pointee.glyphs {
                        for index in 0..<Int(glyphs.pointee.num_glyphs) {
                            let glyph = glyphs.pointee.glyphs[index]
                            numbers += [Int64(glyph.glyph), Int64(glyph.geometry.width), Int64(glyph.geometry.x_offset),
                                        Int64(glyph.geometry.y_offset)]
                        }
                    }
                    node = current.pointee.next
                }
                lines.lines.append(numbers)
            }
            return (configured.measurement, lines, configured.isLaidOutInPieces, configured.windowCount)
        }
    }

    /// A deterministic generator (SplitMix64), so a failure names a seed that repeats it.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Alphabets for words: Latin (with kerning pairs and ligature candidates), Cyrillic,
    /// Greek, CJK (breakable between ideographs), Hebrew and Arabic (right to left,
    /// Arabic joined), emoji (a fallback font, ZWJ sequences), combining marks, digits and
    /// punctuation (break rules with context).
    static let alphabets: [[String]] = [
        "AVTaoWyfiflLTeP.,-".map(String.init),
        "абвгдежзийклмнопрстуф".map(String.init),
        "αβγδεζηθικλμνξοπρστυ".map(String.init),
        "日本語の文章は改行できる漢字かな".map(String.init),
        "שלוםעולםאבגדהוזחטיכ".map(String.init),
        "مرحبابالعالمكيفحالك".map(String.init),
        ["😀", "👩\u{200D}👩\u{200D}👧", "🇫🇷", "👍🏽", "❤️"],
        ["e\u{301}", "a\u{308}", "o\u{302}\u{323}", "n\u{303}", "i"],
        "0123456789()[]/%$".map(String.init),
    ]

    /// A text of a few long words (24 to 600 characters) and short ones, from one or
    /// several alphabets, with spaces and sometimes a line end or a tab.
    static func randomText(_ generator: inout Generator) -> String {
        let mixed = Int.random(in: 0..<4, using: &generator) == 0
        let home = Int.random(in: 0..<alphabets.count, using: &generator)
        var text = ""
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let long = Int.random(in: 0..<3, using: &generator) == 0
            let length = long ? Int.random(in: 24...600, using: &generator) : Int.random(in: 1...12, using: &generator)
            for _ in 0..<length {
                let alphabet = mixed ? alphabets[Int.random(in: 0..<alphabets.count, using: &generator)] : alphabets[home]
                text += alphabet.randomElement(using: &generator)!
            }
            text += ["", " ", " ", " ", "  ", "\n", "\t"].randomElement(using: &generator)!
        }
        return text
    }

    @Test func windowsGiveTheLinesOfTheWholeLayoutForRandomTexts() {
        var generator = Generator(state: 25)
        var inPieces = 0, windowsCompared = 0
        for index in 0..<400 {
            let text = Self.randomText(&generator)
            let size = [9.0, 13, 17, 24.5].randomElement(using: &generator)!
            let lineHeight: LineHeight = [.normal, .normal, .multiple(1.4), .fixed(30)].randomElement(using: &generator)!
            let mode: LineBreakMode = [.wordWrap, .wordWrap, .wordWrap, .truncateTail, .charWrap].randomElement(using: &generator)!
            let style = TextStyle(font: Font(family: "DejaVu Sans", size: size), lineHeight: lineHeight, lineBreakMode: mode)
            let maxWidth = Double.random(in: 8...420, using: &generator)
            let maxLines = mode == .truncateTail ? 0 : [0, 0, 1, 3, 12].randomElement(using: &generator)!
            let windowed = Self.laidOut(Self.windowed, text, style: style, maxWidth: maxWidth, maxLines: maxLines)
            let whole = Self.laidOut(Self.whole, text, style: style, maxWidth: maxWidth, maxLines: maxLines)
            #expect(!whole.pieces)
            #expect(windowed.0 == whole.0, "text \(index) at \(maxWidth) pt, \(maxLines) lines: \(text.debugDescription)")
            #expect(windowed.1 == whole.1, "text \(index) at \(maxWidth) pt, \(maxLines) lines: \(text.debugDescription)")
            if windowed.pieces {
                inPieces += 1
                if windowed.windows >= 3 { windowsCompared += 1 }
            }
        }
        // The comparison is worth something only if windows were used, many times over
        // several windows (mixed directions are laid out whole).
        #expect(inPieces > 100, "\(inPieces) texts in windows")
        #expect(windowsCompared > 60, "\(windowsCompared) texts in 3 windows or more")
    }

    /// The browser's line counts of the reference fixture (docs/Text.md), through windows:
    /// every word is a run of at least 2 characters.
    @Test(arguments: ReferenceFixture.shared.wrapping)
    func windowsKeepTheReferenceLineCounts(_ reference: ReferenceFixture.Wrapping) {
        let measurer = PangoTextMeasurer(minimumUnbreakableRun: 2, linesPerWindow: 3, lineCostForWindows: .max)
        let style = TextStyle(font: Font(size: reference.size))
        let (measured, lines, pieces, windows) = Self.laidOut(measurer, reference.text, style: style, maxWidth: reference.maxWidth, maxLines: 0)
        #expect(pieces)
        // The first window is 48 bytes a line (then about 3 lines' worth).
        if reference.lines >= 9 && reference.text.utf8.count > 3 * 48 { #expect(windows >= 2) }
        #expect(measured.lineCount == reference.lines)
        #expect(measured.width <= reference.maxWidth)
        let (wholeMeasured, wholeLines, _, _) = Self.laidOut(Self.whole, reference.text, style: style, maxWidth: reference.maxWidth, maxLines: 0)
        #expect(measured == wholeMeasured)
        #expect(lines == wholeLines)
    }

    /// What is drawn: the same pixels, from windows and from the whole layout (kerning,
    /// ligatures, right-to-left lines aligned right, Arabic letters joined).
    @Test(arguments: [
        String(repeating: "Wavy", count: 150),
        "Short words first, then " + String(repeating: "ЖжЯя", count: 120) + " and after.\nA second paragraph " + String(repeating: "fi", count: 200),
        String(repeating: "שלום", count: 150),
        String(repeating: "مرحبا", count: 120),
    ])
    func windowsDrawTheSamePixels(_ text: String) {
        func draw(_ measurer: PangoTextMeasurer) -> ([UInt8], Int) {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 240, 1400)
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_move_to(cr, 10, 5)
            let windows = measurer.withConfiguredLayout(for: text, style: TextStyle(font: Font(size: 15)), maxWidth: 220, maxLines: 0,
                                                       cairoContext: cr) { configured in
                configured.show(in: cr)
                return configured.windowCount
            }
            cairo_surface_flush(surface)
            let data = cairo_image_surface_get_data(surface)!
            return (Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(surface)) * 1400)), windows)
        }
        let (windowed, windows) = draw(Self.windowed)
        let (whole, _) = draw(Self.whole)
        #expect(windows >= 3)
        #expect(windowed.contains { $0 != 0 })
        #expect(windowed == whole)
    }

    /// The default threshold: a 3 000-letter word is wrapped in windows, to the lines
    /// of the whole layout; a text of ordinary words is laid out whole.
    @Test func longWordsAreWindowedByDefault() {
        let measurer = PangoTextMeasurer()
        let word = String(repeating: "unbreakable", count: 300)
        let style = TextStyle(font: Font(size: 17))
        let windowed = Self.laidOut(measurer, word, style: style, maxWidth: 300, maxLines: 0)
        #expect(windowed.pieces)
        let whole = Self.laidOut(Self.whole, word, style: style, maxWidth: 300, maxLines: 0)
        #expect(windowed.0 == whole.0 && windowed.1 == whole.1)
        let words = Array(repeating: "ordinary", count: 400).joined(separator: " ")
        #expect(!Self.laidOut(measurer, words, style: style, maxWidth: 300, maxLines: 0).pieces)
    }
}
