import Foundation
import Testing
import TrellisText
@testable import TrellisPango

/// What the views module relies on: truncation, line limits, empty text, baselines,
/// line heights, fallback and right-to-left text.
@Suite struct PangoBehaviourTests {
    let measurer = PangoTextMeasurer.shared
    let style = TextStyle()

    /// The glyph Pango draws for "…" in `style`'s font.
    func ellipsisGlyph(_ style: TextStyle) -> UInt32 {
        measurer.withConfiguredLayout(for: "…", style: style, maxWidth: nil, maxLines: 0) { $0.glyphsByLine[0][0] }
    }

    static let longText = "The most common complaint about layout libraries is a measured size that differs from the drawn text."

    @Test(arguments: [
        (LineBreakMode.truncateTail, 1), (.truncateTail, 2), (.truncateTail, 3),
        (.truncateHead, 1), (.truncateMiddle, 1), (.truncateHead, 2), (.truncateMiddle, 2),
    ], [40.0, 120.0, 200.5, 333.0])
    func truncationStaysWithinTheWidthAndShowsAnEllipsis(limit: (mode: LineBreakMode, lines: Int), maxWidth: Double) {
        let (mode, lines) = limit
        let style = TextStyle(lineBreakMode: mode)
        let ellipsis = ellipsisGlyph(style)
        let natural = measurer.measure(Self.longText, style: TextStyle(), maxWidth: maxWidth, maxLines: 0)
        measurer.withConfiguredLayout(for: Self.longText, style: style, maxWidth: maxWidth, maxLines: lines) { configured in
            let m = configured.measurement
            #expect(m.width <= maxWidth)
            guard natural.lineCount > lines else {
                #expect(m == natural)
                return
            }
            #expect(m.lineCount == lines)
            #expect(m.isTruncated)
            let last = configured.glyphsByLine[lines - 1]
            switch mode {
            case .truncateTail: #expect(last.last == ellipsis)
            case .truncateHead: #expect(last.first == ellipsis)
            default: #expect(last.dropFirst().dropLast().contains(ellipsis))
            }
        }
    }

    /// A width narrower than one character or than "…" still bounds the box; the text is
    /// clipped when drawn.
    @Test(arguments: LineBreakMode.allCases, [0.0, 1.0, 5.5])
    func theBoxNeverExceedsATinyMaximumWidth(mode: LineBreakMode, maxWidth: Double) {
        for lines in [0, 1, 2] {
            measurer.withConfiguredLayout(for: "Wide words", style: TextStyle(lineBreakMode: mode), maxWidth: maxWidth, maxLines: lines) {
                #expect($0.measurement.width <= maxWidth)
                #expect($0.measurement.isTruncated)
                #expect($0.needsClipping)
                #expect(lines == 0 || $0.measurement.lineCount <= lines)
            }
        }
    }

    @Test func textThatFitsIsNotTruncated() {
        let natural = measurer.measure("Short", style: TextStyle(lineBreakMode: .truncateTail))
        let fitted = measurer.measure("Short", style: TextStyle(lineBreakMode: .truncateTail), maxWidth: natural.width, maxLines: 1)
        #expect(fitted == natural)
        let tooNarrow = measurer.measure("Short", style: TextStyle(lineBreakMode: .truncateTail), maxWidth: natural.width - 0.01, maxLines: 1)
        #expect(tooNarrow.isTruncated)
        #expect(tooNarrow.width < natural.width)
    }

    @Test func emptyStringHasZeroWidthAndOneLineOfHeight() {
        let empty = measurer.measure("", style: style)
        let line = measurer.measure("Hg", style: style)
        #expect(empty.width == 0)
        #expect(empty.lineCount == 1)
        #expect(empty.height == line.height)
        #expect(empty.firstBaseline == line.firstBaseline)
        #expect(empty.fontFamily == "DejaVu Sans")
        #expect(!empty.isTruncated)
    }

    @Test(arguments: [9.0, 17.0, 31.0])
    func lineMetricsFollowTheFont(size: Double) {
        // DejaVu Sans: ascender 1901, descender 483 (hhea), 2048 units per em, no line gap.
        let m = measurer.measure("Hg", style: TextStyle(font: Font(size: size)))
        #expect(abs(m.height - size * (1901 + 483) / 2048) < 0.001)
        #expect(abs(m.firstBaseline - size * 1901 / 2048) < 0.001)
        #expect(m.lastBaseline == m.firstBaseline)
    }

    @Test func baselinesOfWrappedText() {
        let m = measurer.measure(Self.longText, style: style, maxWidth: 200, maxLines: 0)
        let line = measurer.measure("x", style: style)
        #expect(m.lineCount > 2)
        #expect(abs(m.lastBaseline - (Double(m.lineCount - 1) * line.height + line.firstBaseline)) < 1e-6)
    }

    @Test func lineHeightMultipleAndFixed() {
        let normal = measurer.measure(Self.longText, style: style, maxWidth: 200, maxLines: 0)
        let double = measurer.measure(Self.longText, style: TextStyle(lineHeight: .multiple(2)), maxWidth: 200, maxLines: 0)
        let fixed = measurer.measure(Self.longText, style: TextStyle(lineHeight: .fixed(30)), maxWidth: 200, maxLines: 0)
        #expect(double.lineCount == normal.lineCount)
        #expect(abs(double.height - 2 * normal.height) < 0.01)
        #expect(abs(fixed.height - 30 * Double(normal.lineCount)) < 0.001)
        #expect(fixed.lastBaseline - fixed.firstBaseline == 30 * Double(normal.lineCount - 1))
        #expect(double.width == normal.width)
    }

    @Test func charWrapBreaksInsideWords() {
        let words = measurer.measure("abcdefghijklmnopqrstuvwxyz", style: style, maxWidth: 100, maxLines: 0)
        let chars = measurer.measure("abcdefghijklmnopqrstuvwxyz", style: TextStyle(lineBreakMode: .charWrap), maxWidth: 100, maxLines: 0)
        #expect(chars.lineCount >= 3)
        #expect(chars.width <= 100)
        // Word wrap breaks a word longer than the line between characters too (like UIKit).
        #expect(words.lineCount == chars.lineCount)
        let spaced = measurer.measure("ab cdefghijklm nopqrstuvwxyz", style: TextStyle(lineBreakMode: .charWrap), maxWidth: 100, maxLines: 0)
        let spacedWords = measurer.measure("ab cdefghijklm nopqrstuvwxyz", style: style, maxWidth: 100, maxLines: 0)
        #expect(spaced.lineCount < spacedWords.lineCount)
    }

    @Test func clipKeepsOneLinePerParagraphAndClampsTheWidth() {
        let natural = measurer.measure(Self.longText, style: style)
        let clipped = measurer.measure(Self.longText, style: TextStyle(lineBreakMode: .clip), maxWidth: 150, maxLines: 0)
        #expect(clipped.lineCount == 1)
        #expect(clipped.width == 150)
        #expect(clipped.isTruncated)
        #expect(clipped.height == natural.height)
        measurer.withConfiguredLayout(for: Self.longText, style: TextStyle(lineBreakMode: .clip), maxWidth: 150, maxLines: 0) {
            #expect($0.needsClipping)
        }
    }

    @Test(arguments: [LineBreakMode.wordWrap, .truncateTail, .clip])
    func lineLimitCountsTheLinesOfAllParagraphs(mode: LineBreakMode) {
        let text = "First paragraph\nSecond paragraph\nThird paragraph\nFourth"
        let m = measurer.measure(text, style: TextStyle(lineBreakMode: mode), maxWidth: 500, maxLines: 2)
        #expect(m.lineCount == 2)
        #expect(m.isTruncated)
        let two = measurer.measure("First paragraph\nSecond paragraph", style: TextStyle(lineBreakMode: .wordWrap), maxWidth: 500, maxLines: 0)
        #expect(m.height == two.height)
        let unlimited = measurer.measure(text, style: TextStyle(lineBreakMode: mode), maxWidth: 500, maxLines: 0)
        #expect(unlimited.lineCount == 4)
        #expect(!unlimited.isTruncated)
    }

    @Test func truncateTailMarksTheLastKeptParagraphWithAnEllipsis() {
        let text = "First paragraph\nSecond paragraph\nThird paragraph"
        let style = TextStyle(lineBreakMode: .truncateTail)
        let ellipsis = ellipsisGlyph(style)
        measurer.withConfiguredLayout(for: text, style: style, maxWidth: 500, maxLines: 2) {
            #expect($0.glyphsByLine.count == 2)
            #expect($0.glyphsByLine[1].last == ellipsis)
        }
        // The last allowed line in the middle of a later paragraph.
        for mode in [LineBreakMode.truncateTail, .truncateMiddle] {
            let style = TextStyle(lineBreakMode: mode)
            measurer.withConfiguredLayout(for: "Short\n" + Self.longText + "\nMore", style: style, maxWidth: 200, maxLines: 3) {
                #expect($0.measurement.lineCount == 3)
                #expect($0.measurement.isTruncated)
                #expect($0.measurement.width <= 200)
                #expect($0.glyphsByLine[2].contains(ellipsis))
                #expect(!$0.glyphsByLine[1].contains(ellipsis))
            }
        }
        // Without a width there is nothing to ellipsize against; the line limit still cuts.
        let noWidth = measurer.measure(text, style: style, maxWidth: nil, maxLines: 1)
        #expect(noWidth.lineCount == 1)
        #expect(noWidth.isTruncated)
    }

    @Test func unlimitedLinesWithATruncationModeWrap() {
        let m = measurer.measure(Self.longText, style: TextStyle(lineBreakMode: .truncateTail), maxWidth: 200, maxLines: 0)
        let wrapped = measurer.measure(Self.longText, style: style, maxWidth: 200, maxLines: 0)
        #expect(m == wrapped)
        #expect(!m.isTruncated)
    }

    @Test func rightToLeftAndMixedText() {
        let hebrew = measurer.measure("שלום עולם", style: style)
        let mixed = measurer.measure("abc שלום עולם def", style: style)
        let parts = measurer.measure("abc ", style: style).width + hebrew.width + measurer.measure(" def", style: style).width
        #expect(abs(mixed.width - parts) < 0.01)
        // A right-to-left line in a wider box is aligned right: the origin moves, the
        // width does not.
        measurer.withConfiguredLayout(for: "שלום עולם", style: style, maxWidth: 300, maxLines: 0) {
            #expect(abs($0.measurement.width - hebrew.width) < 1e-9)
            #expect(abs($0.layoutOriginX + (300 - hebrew.width)) < 0.001)
        }
    }

    @Test func fallbackReportsTheFamilyActuallyUsed() {
        let missing = measurer.measure("Hello", style: TextStyle(font: Font(family: "No Such Family Trellis")))
        #expect(missing.fontFamily != "No Such Family Trellis")
        #expect(!missing.fontFamily.isEmpty)
        let serif = measurer.measure("Hello", style: TextStyle(font: Font(family: "DejaVu Serif")))
        #expect(serif.fontFamily == "DejaVu Serif")
        #expect(serif.width != measurer.measure("Hello", style: style).width)
    }

    /// Emoji come from an emoji font when one is installed (fonts-noto-color-emoji);
    /// without one, fallback still measures something and nothing crashes.
    @Test func emojiUseAnEmojiFontWhenPresent() throws {
        let emoji = measurer.measure("😀", style: style)
        let family = measurer.measure("Hi 😀", style: style)
        #expect(family.fontFamily == "DejaVu Sans")          // the first run is Latin
        #expect(emoji.width > 0)
        // Ask fontconfig (not Pango) which families cover U+1F600.
        let families = try Self.fontconfigFamilies(covering: "1f600")
        guard let emojiFamily = families.first(where: { $0.contains("Emoji") }) else { return }
        #expect(emoji.fontFamily == emojiFamily)
        guard emojiFamily == "Noto Color Emoji" else { return }
        // hb-shape: advance 2550 of 2048 units per em.
        #expect(abs(emoji.width - 17.0 * 2550 / 2048) < 0.01)
        // A ZWJ family sequence shapes to one glyph.
        measurer.withConfiguredLayout(for: "👩\u{200D}👩\u{200D}👧", style: style, maxWidth: nil, maxLines: 0) {
            #expect($0.glyphsByLine[0].count == 1)
        }
    }

    static func fontconfigFamilies(covering codePoint: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list", ":charset=\(codePoint)", "family"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func weightAndItalicChangeTheFace() {
        let regular = measurer.measure("Hello, World", style: style)
        let bold = measurer.measure("Hello, World", style: TextStyle(font: Font(weight: .bold)))
        #expect(bold.width > regular.width)
        #expect(bold.fontFamily == "DejaVu Sans")
    }

    /// A text that could pass Pango's 32-bit coordinates at the precise 16× scale is laid
    /// out at 1× instead: still right, to 1/1024 pt per glyph.
    @Test func longTextsStayWithinPangosCoordinates() {
        let chunk = "abcdefghij"
        let short = measurer.measure(chunk, style: style)
        let long = measurer.measure(String(repeating: chunk, count: 3_000), style: style)
        #expect(long.lineCount == 1)
        #expect(long.width > 0)
        #expect(abs(long.width - 3_000 * short.width) / long.width < 1e-4)
        #expect(long.height == short.height)
        let wrapped = measurer.measure(String(repeating: chunk + " ", count: 3_000), style: style, maxWidth: 500, maxLines: 0)
        let perLine = Int((500 / measurer.measure(chunk + " ", style: style).width).rounded(.down))
        #expect(wrapped.lineCount == (3_000 + perLine - 1) / perLine)
        #expect(abs(wrapped.height - Double(wrapped.lineCount) * short.height) < 0.01)
        #expect(wrapped.width <= 500)
    }

    @Test func nulCharactersDoNotCutTheText() {
        let withNUL = measurer.measure("ab\u{0}cd", style: style)
        #expect(withNUL.width > measurer.measure("abcd", style: style).width)
    }

    @Test func measuringInsideTheLayoutBodyUsesAnotherLayout() {
        measurer.withConfiguredLayout(for: "outer text", style: style, maxWidth: nil, maxLines: 0) { outer in
            let before = outer.glyphsByLine
            let inner = measurer.measure("inner", style: TextStyle(font: Font(size: 30)))
            #expect(inner.height > outer.measurement.height)
            #expect(outer.glyphsByLine == before)
        }
    }

    @Test func separateInstancesAgree() {
        let own = PangoTextMeasurer()
        #expect(own.measure(Self.longText, style: style, maxWidth: 180, maxLines: 3)
                == measurer.measure(Self.longText, style: style, maxWidth: 180, maxLines: 3))
    }

    @Test func threadsMeasureTheSameAsOneThread() async {
        let texts = (0..<200).map { "Item \($0): " + String(repeating: "word ", count: $0 % 17) }
        let expected = texts.map { measurer.measure($0, style: style, maxWidth: 150, maxLines: 0) }
        let results = await withTaskGroup(of: (Int, TextMeasurement).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, PangoTextMeasurer.shared.measure(text, style: TextStyle(), maxWidth: 150, maxLines: 0)) }
            }
            var results = [TextMeasurement?](repeating: nil, count: texts.count)
            for await (index, m) in group { results[index] = m }
            return results
        }
        #expect(results.map { $0! } == expected)
        // Real threads too (tasks may share one), so each gets its own Pango context.
        let threaded = ThreadedResults(count: texts.count)
        let threads = (0..<4).map { t in
            Thread {
                for index in stride(from: t, to: texts.count, by: 4) {
                    threaded.set(index, PangoTextMeasurer.shared.measure(texts[index], style: TextStyle(), maxWidth: 150, maxLines: 0))
                }
                threaded.done()
            }
        }
        threads.forEach { $0.start() }
        threaded.waitFor(4)
        #expect(threaded.values == expected)
    }
}

/// Results written by plain threads.
final class ThreadedResults: @unchecked Sendable {
    private let condition = NSCondition()
    private var storage: [TextMeasurement?]
    private var finished = 0
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: TextMeasurement) { condition.lock(); storage[index] = value; condition.unlock() }
    func done() { condition.lock(); finished += 1; condition.broadcast(); condition.unlock() }
    func waitFor(_ count: Int) { condition.lock(); while finished < count { condition.wait() }; condition.unlock() }
    var values: [TextMeasurement] { condition.lock(); defer { condition.unlock() }; return storage.map { $0! } }
}

@Suite struct PangoCacheBoundsTests {
    /// Sweeping many sizes goes past the per-thread caches' bounds (256 descriptions, 512
    /// fonts) and keeps measuring correctly.
    @Test func manySizesInARow() {
        let measurer = PangoTextMeasurer()
        var previous = 0.0
        for step in 0..<600 {
            let size = 8 + Double(step) * 0.05
            let m = measurer.measure("AV", style: TextStyle(font: Font(size: size)))
            #expect(m.width > previous)
            #expect(abs(m.width - size * 2671 / 2048) < 0.01)   // hb-shape: A 1270 (kerned) + V 1401 units
            previous = m.width
        }
    }
}
