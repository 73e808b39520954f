import CPango
import Testing
import TrellisText
@testable import TrellisPango

/// Draws layouts with the recipe of docs/Text.md ("Drawing exactly what was measured")
/// and checks where the pixels land: inside the measured box, filling it.
@Suite struct DrawingMatchesMeasurementTests {
    struct InkBox { var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min }

    /// Draws `text` into its box at (boxX, boxY) on a transparent surface scaled by
    /// `deviceScale`, and returns the box of the non-transparent pixels, in points.
    func drawnInk(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int,
                  boxX: Double, boxY: Double, deviceScale: Double, usingCairoOverload: Bool = false) -> (TextMeasurement, InkBox) {
        let width = Int32(600 * deviceScale), height = Int32(200 * deviceScale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, deviceScale, deviceScale)
        cairo_set_source_rgb(cr, 0, 0, 0)
        let measurement = usingCairoOverload ? {
            cairo_move_to(cr, boxX, boxY)
            PangoTextMeasurer.shared.withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines,
                                                          cairoContext: cr) { $0.show(in: cr) }
            return PangoTextMeasurer.shared.measure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
        }() : PangoTextMeasurer.shared.withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines) { c in
            cairo_save(cr)
            if c.needsClipping {
                cairo_rectangle(cr, boxX, boxY, c.measurement.width, c.measurement.height)
                cairo_clip(cr)
            }
            cairo_translate(cr, boxX + c.layoutOriginX, boxY + c.layoutOriginY)
            cairo_scale(cr, c.drawingScale, c.drawingScale)
            cairo_move_to(cr, 0, 0)
            pango_cairo_show_layout(cr, c.layout)
            cairo_restore(cr)
            return c.measurement
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var ink = InkBox()
        for y in 0..<Int(height) {
            for x in 0..<Int(width) where data[y * stride + x * 4 + 3] > 0 {   // alpha
                ink.minX = min(ink.minX, x); ink.maxX = max(ink.maxX, x + 1)
                ink.minY = min(ink.minY, y); ink.maxY = max(ink.maxY, y + 1)
            }
        }
        let s = deviceScale
        return (measurement, InkBox(minX: Int((Double(ink.minX) / s).rounded(.down)), minY: Int((Double(ink.minY) / s).rounded(.down)),
                                    maxX: Int((Double(ink.maxX) / s).rounded(.up)), maxY: Int((Double(ink.maxY) / s).rounded(.up))))
    }

    @Test(arguments: [1.0, 2.0], [false, true])
    func singleLineInkFillsTheMeasuredBox(deviceScale: Double, usingCairoOverload: Bool) {
        let (m, ink) = drawnInk("Hello, World", style: TextStyle(), maxWidth: nil, maxLines: 1, boxX: 20, boxY: 10,
                                deviceScale: deviceScale, usingCairoOverload: usingCairoOverload)
        // "H" starts about 1.7 pt in (its side bearing), "d" ends about 1.5 pt before the advance.
        #expect(ink.minX >= 20 && ink.minX <= 23)
        #expect(ink.maxX <= 20 + Int(m.width.rounded(.up)) + 1 && ink.maxX >= 20 + Int(m.width) - 3)
        // Cap height and descender lie between the top of the box and its bottom.
        #expect(ink.minY >= 10 && ink.minY <= 10 + Int(m.firstBaseline))
        #expect(ink.maxY <= 10 + Int(m.height.rounded(.up)) && ink.maxY > 10 + Int(m.firstBaseline))
    }

    @Test(arguments: [false, true])
    func wrappedAndTruncatedTextStaysInItsBox(usingCairoOverload: Bool) {
        let text = "The most common complaint about layout libraries is a measured size that differs from the drawn text."
        for (mode, lines) in [(LineBreakMode.wordWrap, 0), (.truncateTail, 2), (.clip, 0)] {
            let (m, ink) = drawnInk(text, style: TextStyle(lineBreakMode: mode), maxWidth: 180, maxLines: lines,
                                    boxX: 30, boxY: 5, deviceScale: 1, usingCairoOverload: usingCairoOverload)
            // One pixel of tolerance on each side: antialiasing of a glyph edge that sits
            // on a fractional position, or an outline reaching a little past its advance.
            #expect(ink.minX >= 29)
            #expect(ink.maxX <= 30 + Int(m.width.rounded(.up)) + 1)
            #expect(ink.minY >= 5)
            #expect(ink.maxY <= 5 + Int(m.height.rounded(.up)) + 1)
            #expect(ink.maxY > 5 + Int(m.lastBaseline))    // the last line is drawn
        }
    }

    @Test(arguments: [false, true])
    func rightToLeftTextInAWideBoxIsDrawnInTheBox(usingCairoOverload: Bool) {
        let (m, ink) = drawnInk("שלום עולם", style: TextStyle(), maxWidth: 300, maxLines: 0, boxX: 50, boxY: 10, deviceScale: 1,
                                usingCairoOverload: usingCairoOverload)
        #expect(ink.minX >= 50 - 1 && ink.maxX <= 50 + Int(m.width.rounded(.up)) + 1)
        #expect(ink.maxX - ink.minX >= Int(m.width) - 4)
    }
}
