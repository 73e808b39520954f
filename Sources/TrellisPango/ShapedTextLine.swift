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
    let glyphs: UnsafeMutablePointer<PangoGlyphString>
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
        let count = Int(glyphs.pointee.num_glyphs)
        withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: max(count, 1)) { drawn in
            // As Pango places a glyph string whose origin is the current point: the pen
            // advances by each glyph's width in Pango units, and a glyph's vertical offset
            // (here the baseline, from the box's top) is added to the origin.
            var pen: Int32 = 0
            var shown = 0
            let unit = Double(PANGO_SCALE)
            for i in 0..<count {
                let glyph = glyphs.pointee.glyphs[i]
                if glyph.glyph != PANGO_GLYPH_EMPTY {
                    drawn[shown] = cairo_glyph_t(index: UInt(glyph.glyph), x: Double(pen + glyph.geometry.x_offset) / unit,
                                                 y: Double(glyph.geometry.y_offset) / unit)
                    shown += 1
                }
                pen += glyph.geometry.width
            }
            cairo_show_glyphs(cr, drawn.baseAddress, Int32(shown))
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
        // The thread's one glyph string is in use by an enclosing body: lay the text out instead.
        guard !shaper.isDrawingLine else { return nil }
        let scale = PangoLayoutConfigurator.scale(forBytes: text.utf8.count, style: style)
        guard let (measurement, font) = shaper.shapeForDrawing(
            text, style: style, maxWidth: maxWidth, state: state, scale: scale,
            measureWithPango: { measureWithLayout($0, style: style, maxWidth: nil, maxLines: 1) }) else { return nil }
        // The baseline in the layout's Pango units (the scale is a power of two: exact).
        let baseline = Int32((measurement.firstBaseline * scale * Double(PANGO_SCALE)).rounded())
        let glyphs = shaper.glyphString(of: shaper.lineGlyphs, baseline: baseline)
        shaper.isDrawingLine = true
        defer { shaper.isDrawingLine = false }
        return try body(ShapedTextLine(measurement: measurement, font: font.pangoFont.assumingMemoryBound(to: PangoFont.self),
                                       glyphs: glyphs, drawingScale: 1 / scale))
    }
}

extension SingleLineShaper {
    /// `glyphs` in this thread's reused `PangoGlyphString`, as Pango's shaping fills one for
    /// a left-to-right run (each glyph a cluster of its own with its advance as its width),
    /// every glyph lowered by `baseline` Pango units.
    func glyphString(of glyphs: LineGlyphs, baseline: Int32) -> UnsafeMutablePointer<PangoGlyphString> {
        let string = drawnGlyphString
        let count = glyphs.ids.count
        pango_glyph_string_set_size(string, Int32(count))
        for i in 0..<count {
            string.pointee.glyphs[i].glyph = glyphs.ids[i]
            string.pointee.glyphs[i].geometry = PangoGlyphGeometry(width: glyphs.advances[i], x_offset: 0, y_offset: baseline)
            string.pointee.glyphs[i].attr.is_cluster_start = 1
            // Drawn without its text, so the renderer reads no clusters; zero, not garbage.
            string.pointee.log_clusters[i] = 0
        }
        return string
    }
}
