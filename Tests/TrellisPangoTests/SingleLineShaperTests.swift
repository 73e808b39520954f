import Foundation
import Testing
import TrellisText
@_spi(Testing) @testable import TrellisPango

/// The HarfBuzz fast path of `PangoTextMeasurer.measure` must give exactly what a
/// `PangoLayout` gives (every field, to the bit), and hand everything else to Pango.
@Suite struct SingleLineShaperTests {
    /// Seeded strings of words: letters, accented letters, digits, punctuation, one to
    /// four words, some repeated so the word cache is hit, some only digits (Common script).
    static func strings(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["ta", "ko", "ri", "AV", "To", "Wa", "fi", "ffl", "é", "ü", "ß", "Æ", "ł", "ő", "42", "3.14", "(x)",
                      "--", "\"", "'", ",", ";", "!", "?", "%", "Ty", "LT", "yy", "ij", "Ŋ", "œ"]
        var known: [String] = []
        return (0..<count).map { _ in
            let words = (0..<(1 + next(4))).map { _ -> String in
                if !known.isEmpty, next(3) == 0 { return known[next(known.count)] }
                let word = (0..<(1 + next(4))).map { _ in pieces[next(pieces.count)] }.joined()
                known.append(word)
                return word
            }
            return words.joined(separator: next(10) == 0 ? "  " : " ")
        }
    }

    static let fonts = [
        Font(family: "DejaVu Sans", size: 17), Font(family: "DejaVu Sans", size: 9.5, weight: .bold),
        Font(family: "DejaVu Sans", size: 33, italic: true), Font(family: "DejaVu Serif", size: 17),
        Font(family: "Liberation Sans", size: 14), Font(family: "DejaVu Sans Mono", size: 12),
    ]

    @Test(arguments: fonts)
    func theFastPathEqualsAPangoLayout(_ font: Font) {
        let measurer = PangoTextMeasurer()
        let style = TextStyle(font: font, lineBreakMode: .truncateTail)
        for text in Self.strings(count: 600, seed: UInt64(font.size * 100)) {
            for (maxWidth, maxLines) in [(nil, 1), (Double?(400), 1), (Double?(400), 0), (Double?(60), 1), (Double?(60), 0)] as [(Double?, Int)] {
                let fast = measurer.measure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
                let layout = measurer.measureWithLayout(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
                #expect(fast == layout, "\(font) \"\(text)\" maxWidth \(String(describing: maxWidth)) lines \(maxLines)")
            }
        }
        // The fast path took the strings that fit (it is not bypassed), and the word cache
        // answered many words.
        let statistics = measurer.singleLineStatistics
        #expect(statistics.fast > 1500, "\(statistics)")
        #expect(statistics.shapedWords < statistics.fast, "\(statistics)")
    }

    @Test func otherTextGoesThroughPango() {
        let measurer = PangoTextMeasurer()
        let style = TextStyle()
        // Fallback fonts, bidi, complex scripts, marks, emoji, line breaks, spaces at the
        // ends, a line height, and text too wide for the width.
        let texts = ["日本語", "שלום world", "नमस्ते", "e\u{301}", "a😀b", "two\nlines", " lead", "trail ", "tab\there", "ﬁ"]
        for text in texts {
            #expect(measurer.measure(text, style: style, maxWidth: nil, maxLines: 1)
                    == measurer.measureWithLayout(text, style: style, maxWidth: nil, maxLines: 1), "\(text)")
        }
        #expect(measurer.singleLineStatistics.fast == 0)
        let tall = TextStyle(lineHeight: .multiple(1.5))
        #expect(measurer.measure("plain words", style: tall, maxWidth: nil, maxLines: 1)
                == measurer.measureWithLayout("plain words", style: tall, maxWidth: nil, maxLines: 1))
        #expect(measurer.singleLineStatistics.fast == 0)
        let cut = measurer.measure("a long line of words", style: TextStyle(lineBreakMode: .truncateTail), maxWidth: 50, maxLines: 1)
        #expect(cut.isTruncated && cut.width <= 50)
    }

    /// Each thread has its own shaper and word cache; results do not depend on the thread.
    @Test func threadsGetTheSameNumbers() async {
        let texts = Self.strings(count: 400, seed: 7)
        let style = TextStyle()
        let reference = texts.map { PangoTextMeasurer.shared.measureWithLayout($0, style: style, maxWidth: nil, maxLines: 1) }
        await withTaskGroup(of: [TextMeasurement].self) { group in
            for _ in 0..<4 {
                group.addTask { texts.map { PangoTextMeasurer.shared.measure($0, style: style) } }
            }
            for await result in group { #expect(result == reference) }
        }
    }
}
