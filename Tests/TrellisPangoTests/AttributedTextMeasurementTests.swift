import CPango
import Testing
import TrellisText
@testable import TrellisPango

/// Attributed text measured with Pango: the measurement is the configured layout's logical
/// size (what is drawn), and it agrees with a layout that Pango builds itself from markup
/// in a context of its own (the independent oracle: Pango's markup parser sets the
/// attributes, not Trellis's code).
@Suite struct AttributedTextMeasurementTests {
    static let body = Font(family: "DejaVu Sans", size: 17)
    static let style = TextStyle(font: body)

    /// Texts of several runs and fonts, with the markup that says the same.
    static let cases: [(AttributedText, String)] = [
        (AttributedText("Total ") + AttributedText("42 €", attributes: .init(font: Font(family: "DejaVu Sans", size: 24, weight: .bold))),
         #"<span font_desc="DejaVu Sans 17px">Total </span><span font_desc="DejaVu Sans Bold 24px">42 €</span>"#),
        (AttributedText("Serif ", attributes: .init(font: Font(family: "DejaVu Serif", size: 20, italic: true)))
            + AttributedText("and mono", attributes: .init(font: Font(family: "DejaVu Sans Mono", size: 13), underline: .single)),
         #"<span font_desc="DejaVu Serif Italic 20px">Serif </span><span font_desc="DejaVu Sans Mono 13px" underline="single">and mono</span>"#),
        // 2.5 pt, not a whole number: Pango rounds half of a whole-pixel letter spacing to a
        // pixel at its 1× layout (1.5 + 1.5 becomes 2 + 1, trimmed differently at the line's
        // ends), which Trellis's 16× layout does not; the oracle would differ by that.
        (AttributedText("spaced", attributes: .init(kerning: 2.5)) + AttributedText(" struck", attributes: .init(strikethrough: true)),
         #"<span font_desc="DejaVu Sans 17px" letter_spacing="2560">spaced</span><span font_desc="DejaVu Sans 17px" strikethrough="true"> struck</span>"#),
    ]

    /// The logical size of `markup` laid out by Pango in a 72-dpi, unhinted context (1 pt =
    /// 1 px, as Trellis measures), unwrapped.
    static func markupSize(_ markup: String) throws -> (width: Double, height: Double) {
        let fontMap = try #require(pango_cairo_font_map_new())
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        let context = try #require(pango_font_map_create_context(fontMap))
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        let layout = try #require(pango_layout_new(context))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_markup(layout, markup, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }

    @Test(arguments: 0..<3)
    func theMeasurementIsWhatPangoLaysOutFromMarkup(index: Int) throws {
        let (text, markup) = Self.cases[index]
        let measured = PangoTextMeasurer.shared.measureAttributed(text, style: Self.style, maxWidth: nil, maxLines: 0)
        let oracle = try Self.markupSize(markup)
        // Pango keeps advances in 1/1024 pt at 1×: a few thousandths of a point per glyph.
        #expect(abs(measured.width - oracle.width) < 0.1, "\(text): \(measured.width) vs \(oracle.width)")
        #expect(abs(measured.height - oracle.height) < 0.01, "\(text): \(measured.height) vs \(oracle.height)")
        #expect(measured.lineCount == 1)
    }

    /// Measure == draw: the layout handed to the renderer has the measured logical size,
    /// wrapped or not, for each text.
    @Test(arguments: 0..<3, [nil, 90.0])
    func theDrawnLayoutHasTheMeasuredSize(index: Int, maxWidth: Double?) {
        let (text, _) = Self.cases[index]
        let measured = PangoTextMeasurer.shared.measureAttributed(text, style: Self.style, maxWidth: maxWidth, maxLines: 0)
        PangoTextMeasurer.shared.withConfiguredLayout(for: text, style: Self.style, maxWidth: maxWidth, maxLines: 0) { configured in
            var logical = PangoRectangle()
            pango_layout_get_extents(configured.layout, nil, &logical)
            let unitsPerPoint = Double(PANGO_SCALE) / configured.drawingScale
            #expect(configured.measurement == measured)
            #expect(min(Double(logical.width) / unitsPerPoint, maxWidth ?? .infinity) == measured.width)
            #expect(Double(logical.height) / unitsPerPoint == measured.height)
        }
        if maxWidth != nil { #expect(measured.lineCount > 1) }
    }

    /// A run in a larger font makes the line taller and the text wider than the same
    /// string in the style's font; decorations and colour change nothing of the size.
    @Test func runsChangeTheSizeOnlyThroughFontsAndKerning() {
        let plain = PangoTextMeasurer.shared.measure("Total 42", style: Self.style)
        let bigger = PangoTextMeasurer.shared.measureAttributed(
            AttributedText("Total ") + AttributedText("42", attributes: .init(font: Font(family: "DejaVu Sans", size: 34))),
            style: Self.style, maxWidth: nil, maxLines: 0)
        #expect(bigger.height > plain.height && bigger.width > plain.width)
        let decorated = PangoTextMeasurer.shared.measureAttributed(
            AttributedText("Total 42", attributes: .init(foregroundColor: .init(red: 1, green: 0, blue: 0), underline: .double,
                                                         strikethrough: true)),
            style: Self.style, maxWidth: nil, maxLines: 0)
        #expect(decorated == plain)
        let kerned = PangoTextMeasurer.shared.measureAttributed(
            AttributedText("Total 42", attributes: .init(kerning: 2)), style: Self.style, maxWidth: nil, maxLines: 0)
        // 2 pt between each of the 8 characters: 7 to 8 gaps, as Pango spaces graphemes.
        #expect(kerned.width >= plain.width + 14 - 0.01 && kerned.width <= plain.width + 16 + 0.01)
    }

    /// The line limit and truncation apply to attributed text as to plain text, and a NUL
    /// in a run does not cut the text short.
    @Test func lineLimitsAndUnusualCharacters() {
        let long = AttributedText("The quick brown fox ", attributes: .init(font: Font(family: "DejaVu Sans", size: 20)))
            + AttributedText("jumps over the lazy dog again and again")
        let style = TextStyle(font: Self.body, lineBreakMode: .truncateTail)
        let two = PangoTextMeasurer.shared.measureAttributed(long, style: style, maxWidth: 120, maxLines: 2)
        #expect(two.lineCount == 2 && two.isTruncated)
        let withNUL = AttributedText("a\u{0}b", attributes: .init(underline: .single)) + AttributedText("cd")
        let measured = PangoTextMeasurer.shared.measureAttributed(withNUL, style: Self.style, maxWidth: nil, maxLines: 0)
        #expect(measured.width > PangoTextMeasurer.shared.measure("ab", style: Self.style).width)
    }
}
