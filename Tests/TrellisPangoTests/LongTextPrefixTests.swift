import Testing
import TrellisText
@_spi(Testing) @testable import TrellisPango

/// A long text cut after a few lines (a chat message's first eight lines) is laid out from
/// a prefix that holds them, not whole: the lines kept, their glyphs and the measurement
/// must be exactly those of the whole text laid out and cut. Compared with a measurer that
/// always lays the text out whole, over texts made to stress what could differ near the
/// prefix's end (words of every length, hyphens, digits and punctuation whose break rules
/// look at their neighbours, tabs, paragraph ends) and texts the prefix must not be used
/// for (non-ASCII, paragraphs of digits only).
@Suite("Long texts cut from a prefix")
struct LongTextPrefixTests {
    static let prefixed = PangoTextMeasurer()
    static let whole = PangoTextMeasurer(minimumUnbreakableRun: PangoLayoutConfigurator.defaultMinimumUnbreakableRun,
                                         linesPerWindow: PangoLayoutConfigurator.defaultLinesPerWindow,
                                         lineCostForWindows: PangoLayoutConfigurator.defaultLineCostForWindows,
                                         cutsLongTextsFromPrefix: false)

    static let pieces = ["a", "to", "the", "Wavy", "office", "AVATAR", "flyfish", "extraordinarily", "well-known", "3.14",
                         "1,000", "(see", "it)", "e.g.", "x/y", "50%", "$12", "--", "...", "'quoted'", "\"Quote\"", "ff", "fi"]

    /// An ASCII text of `words` words, sometimes with a tab, two spaces or a paragraph end.
    static func asciiText(_ generator: inout UnbreakableRunTests.Generator, words: Int) -> String {
        var text = ""
        for index in 0..<words {
            if index > 0 {
                let unusual = Int.random(in: 0..<25, using: &generator) == 0
                text += unusual ? ["  ", "\t", "\n", "\r\n", " - "].randomElement(using: &generator)! : " "
            }
            text += pieces.randomElement(using: &generator)!
        }
        return text
    }

    @Test func theLinesKeptAreThoseOfTheWholeTextCut() {
        var generator = UnbreakableRunTests.Generator(state: 24)
        let before = Self.prefixed.prefixCutCount
        for index in 0..<300 {
            let text = Self.asciiText(&generator, words: Int.random(in: 60...700, using: &generator))
            let size = [9.0, 12, 14, 17, 24.5].randomElement(using: &generator)!
            let lineHeight: LineHeight = [.normal, .normal, .multiple(1.4), .fixed(30)].randomElement(using: &generator)!
            let mode: LineBreakMode = [.wordWrap, .wordWrap, .wordWrap, .charWrap].randomElement(using: &generator)!
            let style = TextStyle(font: Font(family: "DejaVu Sans", size: size), lineHeight: lineHeight, lineBreakMode: mode)
            let maxWidth = Double.random(in: 30...500, using: &generator)
            let maxLines = [1, 2, 3, 8, 8, 12, 20].randomElement(using: &generator)!
            let prefixed = UnbreakableRunTests.laidOut(Self.prefixed, text, style: style, maxWidth: maxWidth, maxLines: maxLines)
            let whole = UnbreakableRunTests.laidOut(Self.whole, text, style: style, maxWidth: maxWidth, maxLines: maxLines)
            #expect(prefixed.0 == whole.0, "text \(index) at \(maxWidth) pt, \(maxLines) lines: \(text.debugDescription)")
            #expect(prefixed.1 == whole.1, "text \(index) at \(maxWidth) pt, \(maxLines) lines: \(text.debugDescription)")
        }
        // The comparison is worth something only if most texts took the prefix.
        #expect(Self.prefixed.prefixCutCount - before > 250, "\(Self.prefixed.prefixCutCount - before) of 300 from a prefix")
        #expect(Self.whole.prefixCutCount == 0)
    }

    @Test("Texts the prefix is not used for are laid out whole", arguments: [
        // A paragraph without a letter before the prefix ends takes its direction from later text.
        String(repeating: "12 345 6789 ", count: 300) + "text",
        // Not ASCII.
        String(repeating: "word wörter ", count: 300),
        String(repeating: "שלום world ", count: 300),
    ])
    func otherTextsAreLaidOutWhole(text: String) {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 14), lineBreakMode: .wordWrap)
        let before = Self.prefixed.prefixCutCount
        let prefixed = UnbreakableRunTests.laidOut(Self.prefixed, text, style: style, maxWidth: 200, maxLines: 3)
        let whole = UnbreakableRunTests.laidOut(Self.whole, text, style: style, maxWidth: 200, maxLines: 3)
        #expect(Self.prefixed.prefixCutCount == before)
        #expect(prefixed.0 == whole.0)
        #expect(prefixed.1 == whole.1)
    }

    @Test func drawingShowsTheSameLinesAsMeasuring() {
        // The drawing path configures the same layout: what it holds is the measured text.
        var generator = UnbreakableRunTests.Generator(state: 7)
        let text = Self.asciiText(&generator, words: 400)
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 14), lineBreakMode: .wordWrap)
        let measured = Self.prefixed.measure(text, style: style, maxWidth: 300, maxLines: 8)
        let configured = UnbreakableRunTests.laidOut(Self.prefixed, text, style: style, maxWidth: 300, maxLines: 8)
        #expect(measured == configured.0)
        #expect(configured.1.lines.count == 8)
    }
}
