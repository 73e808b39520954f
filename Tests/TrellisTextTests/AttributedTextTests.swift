import Testing
import TrellisText

// Trellis's attributed text as a port of `NSAttributedString` code uses it: runs built by
// appending, read back as a string and as runs; a value that compares by what it reads
// and looks like.
struct AttributedTextTests {
    let bold = AttributedText.Attributes(font: Font(size: 17, weight: .bold))

    @Test func runsAreBuiltByAppendingAndReadAsAString() {
        var text = AttributedText("Total ")
        text += AttributedText("42", attributes: bold)
        text.append(" €")
        #expect(text.string == "Total 42 €")
        #expect(text.runs.map(\.text) == ["Total ", "42", " €"])
        #expect(text.runs[1].attributes.font?.weight == .bold)
        #expect(!text.isPlain)
        let literal: AttributedText = "Plain"
        #expect(literal.isPlain && literal.string == "Plain")
    }

    @Test func equalNeighboursMergeAndEmptyRunsVanish() {
        let built = AttributedText("ab", attributes: bold) + AttributedText("", attributes: .init(strikethrough: true))
            + AttributedText("cd", attributes: bold)
        #expect(built.runs == [AttributedText.Run("abcd", attributes: bold)])
        #expect(built == AttributedText("abcd", attributes: bold))
        #expect(built != AttributedText("abcd"))
        #expect(Set([built, AttributedText("abcd", attributes: bold), AttributedText("abcd")]).count == 2)
        #expect(AttributedText(runs: [.init(""), .init("")]).isEmpty)
    }

    @Test func theLargestFontCountsRunsWithoutOneAsTheDefault() {
        let text = AttributedText("a") + AttributedText("b", attributes: .init(font: Font(size: 30)))
        #expect(text.largestFont(defaultFont: Font(size: 17)).size == 30)
        #expect(text.largestFont(defaultFont: Font(size: 40)).size == 40)
        let allOwn = AttributedText("a", attributes: .init(font: Font(size: 12)))
        #expect(allOwn.largestFont(defaultFont: Font(size: 17)).size == 12)
    }

    /// The default for a measurer that cannot tell runs apart: plain text is its string,
    /// exactly; other text its string in the largest font (never shorter than it is).
    @Test func theDefaultMeasurementOfAMeasurerWithoutRuns() {
        let measurer = FixedAdvanceTextMeasurer()
        let style = TextStyle(font: Font(size: 10))
        let plain: AttributedText = "abc def"
        #expect(measurer.measureAttributed(plain, style: style, maxWidth: nil, maxLines: 0)
                == measurer.measure("abc def", style: style, maxWidth: nil, maxLines: 0))
        let mixed = AttributedText("abc ") + AttributedText("def", attributes: .init(font: Font(size: 20)))
        let measured = measurer.measureAttributed(mixed, style: style, maxWidth: nil, maxLines: 0)
        // 7 characters × 0.6 × 20 pt, one line 1.2 × 20 pt.
        #expect(abs(measured.width - 84) < 1e-9 && abs(measured.height - 24) < 1e-9)
    }

    @Test func theCacheMeasuresPlainAttributedTextFromItsEntries() {
        let cache = CachingTextMeasurer(wrapping: FixedAdvanceTextMeasurer())
        let style = TextStyle()
        _ = cache.measure("hello", style: style, maxWidth: nil, maxLines: 0)
        _ = cache.measureAttributed("hello", style: style, maxWidth: nil, maxLines: 0)
        #expect(cache.statistics.hits == 1)
        let mixed = AttributedText("hel") + AttributedText("lo", attributes: .init(font: Font(size: 34)))
        let measured = cache.measureAttributed(mixed, style: style, maxWidth: nil, maxLines: 0)
        #expect(measured == FixedAdvanceTextMeasurer().measureAttributed(mixed, style: style, maxWidth: nil, maxLines: 0))
    }
}
