import Testing
import TrellisText
@testable import TrellisPango

/// Text wider or taller than Pango's 32-bit coordinates reach at
/// 1× (2 097 151 pt) measures as the sum of its parts, never 0; a cluster of a hundred
/// thousand combining marks is measured in bounded time.
@Suite("Long texts")
struct LongTextTests {
    let measurer = PangoTextMeasurer()

    @Test func twentyTwoWsAtTheLargestFontSizeAreTwentyTwoWsWide() {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 100_000))
        let one = measurer.measure("W", style: style, maxWidth: nil, maxLines: 1).width
        let many = measurer.measure(String(repeating: "W", count: 22), style: style, maxWidth: nil, maxLines: 1).width
        #expect(one > 90_000)
        // 22 × one ≈ 2.2 million points: past the 1× reach. Kerning W–W is 0 in DejaVu Sans.
        #expect(abs(many - 22 * one) <= 22 * one * 1e-4, "\(many) vs \(22 * one)")
    }

    @Test func aMegabyteOfAIsAMillionAsWide() {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 17))
        // The advance of an "A" in a run of them (a lone glyph's box differs), at 16×.
        let one = measurer.measure(String(repeating: "A", count: 100), style: style, maxWidth: nil, maxLines: 1).width / 100
        let megabyte = measurer.measure(String(repeating: "A", count: 1 << 20), style: style, maxWidth: nil, maxLines: 1)
        #expect(megabyte.lineCount == 1)
        // 12.7 million points, laid out at 1/16: glyphs rounded to 1/64 pt.
        #expect(abs(megabyte.width - Double(1 << 20) * one) <= Double(1 << 20) * one * 1e-3, "\(megabyte.width) vs \(Double(1 << 20) * one)")
    }

    /// 45 000 words wrapped at 365 pt gave width 0 and one line, while 40 000 gave 5 715.
    @Test func wrappedLongTextsKeepTheirLinesInProportion() {
        let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit"]
        func text(_ count: Int) -> String { (0..<count).map { words[$0 % words.count] }.joined(separator: " ") }
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 17), lineBreakMode: .wordWrap)
        let forty = measurer.measure(text(40_000), style: style, maxWidth: 365, maxLines: 0)
        let fortyFive = measurer.measure(text(45_000), style: style, maxWidth: 365, maxLines: 0)
        #expect(forty.width > 300 && fortyFive.width > 300)
        let expected = Double(forty.lineCount) * 45 / 40
        #expect(abs(Double(fortyFive.lineCount) - expected) <= expected * 0.01, "\(fortyFive.lineCount) lines, about \(expected) expected")
        #expect(abs(fortyFive.height / Double(fortyFive.lineCount) - forty.height / Double(forty.lineCount)) < 0.1)
    }

    @Test func aHundredThousandCombiningMarksAreMeasuredQuickly() {
        let text = "a" + String(repeating: "\u{301}", count: 100_000)
        let clock = ContinuousClock()
        var measured: TextMeasurement?
        let elapsed = clock.measure { measured = measurer.measure(text, style: TextStyle(), maxWidth: nil, maxLines: 1) }
        // Before: about a minute (a cluster's shaping is quadratic). Generous for a loaded VM.
        #expect(elapsed < .seconds(10), "\(elapsed)")
        #expect(measured.map { $0.width > 0 && $0.lineCount == 1 } == true)
        // The joiners add no width: marks stacked on an "a" leave it as wide as an "a".
        #expect(measured?.width == measurer.measure("a", style: TextStyle(), maxWidth: nil, maxLines: 1).width)
    }

    @Test func streamSafeTextBreaksRunsOfThirtyNonStarters() {
        func mayHaveRun(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer(String.mayHaveLongRunOfMarks) }
        #expect(!mayHaveRun("plain ascii") && !mayHaveRun("שלום עולם, מה שלומך היום") && !mayHaveRun("e" + String(repeating: "\u{301}", count: 30)))
        #expect(mayHaveRun("e" + String(repeating: "\u{301}", count: 31)))
        #expect("plain ascii".streamSafe() == nil)
        #expect(("e" + String(repeating: "\u{301}", count: 30)).streamSafe() == nil)
        let long = "e" + String(repeating: "\u{301}", count: 61)
        let safe = long.streamSafe()!
        #expect(Array(safe.unicodeScalars).map(\.value) == [0x65] + Array(repeating: 0x301, count: 30) + [0x200D]
                + Array(repeating: 0x301, count: 30) + [0x200D, 0x301])
    }

    /// Item 4: a line limit past Int32 is "unlimited enough", not a trap.
    @Test func aLineLimitPastInt32IsClamped() {
        let style = TextStyle(lineBreakMode: .truncateTail)
        let huge = measurer.measure("one two three", style: style, maxWidth: 40, maxLines: 2_147_483_649)
        #expect(huge == measurer.measure("one two three", style: style, maxWidth: 40, maxLines: 1_000))
    }
}
