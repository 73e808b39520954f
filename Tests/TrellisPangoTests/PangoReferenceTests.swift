import Testing
import TrellisText
@testable import TrellisPango

/// Pango's measurements against HarfBuzz's own shaper and a browser.
@Suite struct PangoReferenceTests {
    let measurer = PangoTextMeasurer.shared

    @Test(arguments: ReferenceFixture.shared.singleLine)
    func singleLineWidthMatchesHarfBuzz(_ reference: ReferenceFixture.SingleLine) {
        let font = Font(family: ReferenceFixture.shared.family, size: reference.size,
                        weight: FontWeight(rawValue: reference.weight), italic: reference.italic)
        let measured = measurer.measure(reference.text, style: TextStyle(font: font))
        #expect(abs(measured.width - reference.width) <= 0.01, "hb-shape \(reference.width), measured \(measured.width)")
        if (reference.size * 64).rounded() == reference.size * 64 {
            // Chromium quantizes font sizes to 1/64 px; on that grid it must agree too.
            #expect(abs(measured.width - reference.browserWidth) <= 0.01, "browser \(reference.browserWidth)")
        }
        #expect(measured.lineCount == 1)
        #expect(measured.fontFamily == "DejaVu Sans")
        #expect(!measured.isTruncated)
    }

    /// Most widths are exact (advances at 16× are whole Pango units for sizes on a 1/8
    /// grid); the rest round by at most 1/32768 pt per glyph.
    @Test func worstSingleLineDeviationIsFarBelowTheTolerance() {
        let worst = ReferenceFixture.shared.singleLine.map { reference in
            let font = Font(size: reference.size, weight: FontWeight(rawValue: reference.weight), italic: reference.italic)
            return abs(measurer.measure(reference.text, style: TextStyle(font: font)).width - reference.width)
        }.max()!
        #expect(worst < 0.002)
    }

    @Test(arguments: ReferenceFixture.shared.wrapping)
    func wrappedLineCountMatchesBrowser(_ reference: ReferenceFixture.Wrapping) {
        let style = TextStyle(font: Font(size: reference.size))
        let measured = measurer.measure(reference.text, style: style, maxWidth: reference.maxWidth, maxLines: 0)
        #expect(measured.lineCount == reference.lines)
        #expect(measured.width <= reference.maxWidth)
        #expect(!measured.isTruncated)
        // Every line has the same height with one font, so the height is lines × line.
        let oneLine = measurer.measure("x", style: style)
        #expect(abs(measured.height - Double(reference.lines) * oneLine.height) < 1e-6)
    }

    @Test(arguments: ReferenceFixture.shared.wrapping.filter { $0.lines > 2 })
    func lineLimitKeepsTheFirstLines(_ reference: ReferenceFixture.Wrapping) {
        let style = TextStyle(font: Font(size: reference.size), lineBreakMode: .wordWrap)
        let limited = measurer.measure(reference.text, style: style, maxWidth: reference.maxWidth, maxLines: 2)
        #expect(limited.lineCount == 2)
        #expect(limited.isTruncated)
        #expect(limited.width <= reference.maxWidth)
        let tail = measurer.measure(reference.text, style: TextStyle(font: Font(size: reference.size), lineBreakMode: .truncateTail),
                                    maxWidth: reference.maxWidth, maxLines: 2)
        #expect(tail.lineCount == 2)
        #expect(tail.isTruncated)
        #expect(tail.width <= reference.maxWidth)
        #expect(tail.height == limited.height)
    }
}
