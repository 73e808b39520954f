import CPango
import TrellisText

/// One line of text as measuring shaped it, ready to draw: the glyphs and advances whose
/// sum is the measured width, in the font the measurement used. Drawing it puts on the
/// target what showing the configured `PangoLayout` of the same text puts there — the same
/// glyphs at the same positions, in the same font — without laying the
/// text out again.
///
/// Valid only inside the `withShapedLine` body that hands it over; do not keep it.
public struct ShapedTextLine {
    /// What `measure` returns for the same arguments.
    public let measurement: TextMeasurement
    let font: UnsafeMutablePointer<PangoFont>
    /// The thread's shaped line (glyph ids and advances in Pango units), read in place.
    let glyphs: SingleLineShaper.LineGlyphs
    /// The baseline's distance below the text box's top, in the layout's Pango units.
    let baseline: Int32
    /// The glyphs are in the units of the layout, built larger than the text for
    /// precision (see ``ConfiguredPangoLayout/drawingScale``).
    let drawingScale: Double

    /// Draws the line with the top-left corner of its text box at the current point of
    /// `cr` (a `cairo_t *`; 0, 0 when there is none), in the context's source.
    ///
    /// The glyphs go to Cairo directly, at the positions Pango-Cairo's renderer computes for
    /// a glyph string, rather than through `pango_cairo_show_glyph_string`: that renderer is
    /// one object shared by the whole process, and a glyph string drawn through it keeps the
    /// foreground opacity the last layout run with a colour attribute left there, so a
    /// translucent source would be drawn opaque after any coloured attributed text.
    ///
    /// - Complexity: O(g) in the number of glyphs.
    public func show(in cr: OpaquePointer) {
        var x = 0.0, y = 0.0
        if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x, &y) }
        guard let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
              cairo_scaled_font_status(scaledFont) == CAIRO_STATUS_SUCCESS else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, x, y)
        cairo_scale(cr, drawingScale, drawingScale)
        cairo_set_scaled_font(cr, scaledFont)
        let count = glyphs.ids.count
        withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: max(count, 1)) { drawn in
            // As Pango places a glyph string whose origin is the current point: the pen
            // advances by each glyph's width in Pango units, and every glyph is lowered by
            // the baseline (its vertical offset), the same sums in the same order.
            var pen: Int32 = 0
            let unit = Double(PANGO_SCALE)
            let y = Double(baseline) / unit
            for i in 0..<count {
                drawn[i] = cairo_glyph_t(index: UInt(glyphs.ids[i]), x: Double(pen) / unit, y: y)
                pen += glyphs.advances[i]
            }
            cairo_show_glyphs(cr, drawn.baseAddress, Int32(count))
        }
    }
}

extension PangoTextMeasurer {
    /// Hands `body` the line `text` shapes to when ``measure(_:style:maxWidth:maxLines:)``
    /// measures it without a `PangoLayout` (one line of printable Latin in the requested
    /// font, fitting `maxWidth`: see docs/Text.md); returns nil, without calling `body`,
    /// for any other text — draw that from `withConfiguredLayout(for:style:maxWidth:maxLines:_:)`.
    ///
    /// - Parameters:
    ///   - text: the text to draw.
    ///   - style: its style, as measured.
    ///   - maxWidth: the width the line must fit in (`nil`: unconstrained).
    ///   - maxLines: the most lines to show; 0 = unlimited.
    ///   - body: receives the shaped line, valid only inside `body`.
    /// - Returns: what `body` returns, or nil when the text has no shaped line.
    /// - Complexity: O(n) in the length of `text` (a lookup per word once its words are shaped).
    public func withShapedLine<R>(for text: String, style: TextStyle, maxWidth: Double?, maxLines: Int,
                                  _ body: (_ line: ShapedTextLine) throws -> R) rethrows -> R? {
        precheckMeasureArguments(style: style, maxWidth: maxWidth, maxLines: maxLines)
        let state = threadState.current
        let shaper = state.singleLine
        // The thread's one shaped line is in use by an enclosing body: lay the text out instead.
        guard !shaper.isDrawingLine else { return nil }
        let scale = PangoLayoutConfigurator.scale(forBytes: text.utf8.count, style: style)
        guard let (measurement, font) = shaper.shapeForDrawing(
            text, style: style, maxWidth: maxWidth, state: state, scale: scale,
            measureWithPango: { measureWithLayout($0, style: style, maxWidth: nil, maxLines: 1) }) else { return nil }
        // The baseline in the layout's Pango units (the scale is a power of two: exact).
        let baseline = Int32((measurement.firstBaseline * scale * Double(PANGO_SCALE)).rounded())
        shaper.isDrawingLine = true
        defer { shaper.isDrawingLine = false }
        return try body(ShapedTextLine(measurement: measurement, font: font.pangoFont.assumingMemoryBound(to: PangoFont.self),
                                       glyphs: shaper.lineGlyphs, baseline: baseline, drawingScale: 1 / scale))
    }
}
