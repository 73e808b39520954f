import Testing
import TrellisPango
import TrellisText

@Suite struct FixedAdvanceTextMeasurerTests {
    let measurer = FixedAdvanceTextMeasurer()
    let style = TextStyle(font: Font(size: 10))   // 6 pt per character, 12 pt lines

    @Test(arguments: [("", 0.0), ("A", 6.0), ("longer", 36.0), ("much longer", 66.0), ("é", 6.0), ("e\u{301}", 6.0)])
    func singleLineWidthIsCharactersTimesAdvance(text: String, width: Double) {
        let m = measurer.measure(text, style: style)
        #expect(m.width == width)
        #expect(m.height == 12)
        #expect(m.lineCount == 1)
        #expect(m.firstBaseline == 8)
        #expect(m.lastBaseline == 8)
        #expect(!m.isTruncated)
        #expect(m.fontFamily == "DejaVu Sans")
    }

    @Test(arguments: [
        // text, max width, lines, width
        ("aaa bbb ccc", 42.0, 2, 42.0),        // "aaa bbb" / "ccc"
        ("aaa bbb ccc", 41.9, 3, 18.0),
        ("aaa bbb ccc", 66.0, 1, 66.0),
        ("aaaaaaaaaa", 30.0, 2, 30.0),          // a long word breaks between characters
        ("aa  bb", 12.0, 2, 12.0),              // the spaces at the break are swallowed
        ("one\ntwo three", 1000.0, 2, 54.0),
    ])
    func wordWrap(text: String, maxWidth: Double, lines: Int, width: Double) {
        let m = measurer.measure(text, style: style, maxWidth: maxWidth, maxLines: 0)
        #expect(m.lineCount == lines)
        #expect(m.width == width)
        #expect(m.height == 12 * Double(lines))
        #expect(m.lastBaseline == 12 * Double(lines - 1) + 8)
    }

    @Test func charWrapFillsEveryLine() {
        let m = measurer.measure("ab cd efghi", style: TextStyle(font: Font(size: 10), lineBreakMode: .charWrap), maxWidth: 30, maxLines: 0)
        #expect(m.lineCount == 3)   // "ab cd" " efgh" "i"
        #expect(m.width == 30)
    }

    @Test(arguments: [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle])
    func truncationFitsAndCountsTheEllipsis(mode: LineBreakMode) {
        let s = TextStyle(font: Font(size: 10), lineBreakMode: mode)
        let one = measurer.measure("much longer", style: s, maxWidth: 40, maxLines: 1)
        #expect(one.width == 36)       // five characters + "…" in six slots of 6 pt
        #expect(one.lineCount == 1)
        #expect(one.isTruncated)
        let two = measurer.measure("aaa bbb ccc ddd eee", style: s, maxWidth: 42, maxLines: 2)
        #expect(two.lineCount == 2)
        #expect(two.width == 42)
        #expect(two.isTruncated)
        let fits = measurer.measure("much longer", style: s, maxWidth: 66, maxLines: 1)
        #expect(fits.width == 66)
        #expect(!fits.isTruncated)
    }

    @Test func lineLimitWithWordWrapCuts() {
        let m = measurer.measure("aaa bbb ccc ddd", style: style, maxWidth: 42, maxLines: 1)
        #expect(m.lineCount == 1)
        #expect(m.width == 42)
        #expect(m.isTruncated)
    }

    @Test func clipClampsTheWidth() {
        let m = measurer.measure("much longer", style: TextStyle(font: Font(size: 10), lineBreakMode: .clip), maxWidth: 20, maxLines: 0)
        #expect(m.width == 20)
        #expect(m.lineCount == 1)
        #expect(m.isTruncated)
    }

    @Test func lineHeights() {
        let multiple = measurer.measure("a\nb", style: TextStyle(font: Font(size: 10), lineHeight: .multiple(1.5)))
        #expect(multiple.height == 36)
        #expect(multiple.firstBaseline == 11)
        let fixed = measurer.measure("a\nb", style: TextStyle(font: Font(size: 10), lineHeight: .fixed(20)))
        #expect(fixed.height == 40)
        #expect(fixed.lastBaseline == 32)
    }

    @Test func hugeWidthsAreUnconstrained() {
        let m = measurer.measure("aaa bbb", style: style, maxWidth: 1e300, maxLines: 1)
        #expect(m == measurer.measure("aaa bbb", style: style))
        #expect(PangoTextMeasurer.shared.measure("aaa bbb", style: style, maxWidth: 1e300, maxLines: 1)
                == PangoTextMeasurer.shared.measure("aaa bbb", style: style))
    }

    @Test func customAdvance() {
        #expect(FixedAdvanceTextMeasurer(advance: 1).measure("abcd", style: style).width == 40)
    }
}
