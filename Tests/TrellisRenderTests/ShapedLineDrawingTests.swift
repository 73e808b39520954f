import CPango
import Testing
import Trellis
import TrellisKit
import TrellisPango
import TrellisRender
import TrellisText

/// A one-line label that measuring shaped without a `PangoLayout` is drawn from the
/// glyphs measuring produced, and puts on the target exactly the pixels of showing the
/// text's configured `PangoLayout` (docs/Text.md: the same glyphs at the same positions).
@Suite("Shaped line drawing")
struct ShapedLineDrawingTests {
    /// Tag-like texts: words, kerning pairs, digits first (Common script), punctuation,
    /// Latin-1 and Latin Extended-A letters, repeated words (cache hits), a ligature
    /// candidate and a space-interacting character (lines shaped whole).
    static let texts = ["Tag", "much longer 42", "AVATAR To. Wa, Ty; LT", "42 tags", "(3.14) 100%", "éàü ÆØÅ ßñç œŒ Łódź",
                        "Tag cloud Tag cloud Tag", "fi fl ffi office", "x", "Wg Wg Wg", "\"quoted\" 'word'", "Hamburgefonstiv 7"]
    static let fonts = [Font(family: "DejaVu Sans", size: 13), Font(family: "DejaVu Sans", size: 17, weight: .bold),
                        Font(family: "DejaVu Serif", size: 14.5), Font(family: "DejaVu Sans Mono", size: 11)]

    /// The bytes of a `width`×`height` ARGB image with `draw` drawn on white at `scale`.
    static func pixels(width: Int32, height: Int32, scale: Double, recording: Bool = false,
                       _ draw: (OpaquePointer) -> Void) -> [UInt8] {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(image) }
        let cr = cairo_create(image)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        if recording {
            // As GTK's Cairo nodes record a drawing and replay it onto the window.
            let recorder = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
            let recorded = cairo_create(recorder)!
            draw(recorded)
            cairo_destroy(recorded)
            cairo_identity_matrix(cr)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, recorder, 0, 0)
            cairo_paint(cr)
            cairo_surface_destroy(recorder)
        } else {
            draw(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(image)
        let data = cairo_image_surface_get_data(image)!
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(image) * height)))
    }

    /// Where two images differ (for the failure message): the pixel box and the largest channel difference.
    static func differenceSummary(_ a: [UInt8], _ b: [UInt8], stride: Int) -> String {
        var minX = Int.max, maxX = 0, minY = Int.max, maxY = 0, md = 0
        for i in a.indices where a[i] != b[i] {
            let x = (i % stride) / 4, y = i / stride
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y); md = max(md, abs(Int(a[i]) - Int(b[i])))
        }
        return "x \(minX)...\(maxX) y \(minY)...\(maxY) max \(md)"
    }

    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.count == b.count ? zip(a, b).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) } : -1
    }

    /// The text drawn from its configured layout, as before shaped lines (the reference).
    static func drawFromLayout(_ text: String, style: TextStyle, box: Rect, in cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 0.1, 0.2, 0.6, 1)
        cairo_move_to(cr, box.minX, box.minY)
        PangoTextMeasurer.shared.withConfiguredLayout(for: text, style: style, maxWidth: box.width, maxLines: 1,
                                                      cairoContext: cr) { $0.show(in: cr) }
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func aShapedLineHasThePixelsOfItsLayout(scale: Double) throws {
        for font in Self.fonts {
            let style = TextStyle(font: font, lineBreakMode: .truncateTail)
            for text in Self.texts {
                for corner in [Point(x: 10.3, y: 7.6), Point(x: 3.71, y: 2.15)] {
                    let measured = PangoTextMeasurer.shared.measure(text, style: style, maxWidth: 300, maxLines: 1)
                    // At a fraction of a pixel, in a box as wide as a label's frame (the width rounded up).
                    let box = Rect(x: corner.x, y: corner.y, width: measured.width.rounded(.up), height: measured.height)
                    let shaped = Self.pixels(width: Int32(330 * scale), height: Int32(40 * scale), scale: scale) { cr in
                        cairo_set_source_rgba(cr, 0.1, 0.2, 0.6, 1)
                        cairo_move_to(cr, box.minX, box.minY)
                        let drawn = PangoTextMeasurer.shared.withShapedLine(for: text, style: style, maxWidth: box.width, maxLines: 1) {
                            $0.show(in: cr)
                            return $0.measurement
                        }
                        #expect(drawn == measured, "\(text) in \(font)")
                    }
                    let layout = Self.pixels(width: Int32(330 * scale), height: Int32(40 * scale), scale: scale) { cr in
                        Self.drawFromLayout(text, style: style, box: box, in: cr)
                    }
                    #expect(Self.differing(shaped, layout) == 0, "\(text) in \(font) at scale \(scale) \(Self.differenceSummary(shaped, layout, stride: Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(330 * scale)))))")
                    #expect(layout.contains { $0 != 255 }, "nothing drawn for \(text)")
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func labelTextDrawnThroughTheContextMatchesItsLayout(recording: Bool) throws {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 13), lineBreakMode: .truncateTail)
        let color = Color(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
        for text in Self.texts {
            let measured = PangoTextMeasurer.shared.measure(text, style: style, maxWidth: nil, maxLines: 1)
            let box = Rect(x: 4.25, y: 3.5, width: measured.width.rounded(.up), height: 24)
            let drawn = Self.pixels(width: 500, height: 60, scale: 2, recording: recording) { cr in
                let context = CairoGraphicsContext(cairo: cr)
                #expect(context.drawText(text, style: style, maxLines: 1, in: box, color: color, centeredVertically: true) == measured)
            }
            let layout = Self.pixels(width: 500, height: 60, scale: 2, recording: recording) { cr in
                let top = box.minY + (box.height - measured.height) / 2
                Self.drawFromLayout(text, style: style, box: Rect(x: box.minX, y: top, width: box.width, height: measured.height), in: cr)
            }
            #expect(Self.differing(drawn, layout) == 0, "\(text), recording \(recording)")
        }
    }

    @Test func textsALayoutMustDrawHaveNoShapedLine() {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 13))
        let wide = PangoTextMeasurer.shared.measure("a line too wide", style: style, maxWidth: nil, maxLines: 1).width
        // Wrapped or cut, right-to-left, a leading space, a line break, a character from a fallback font.
        for (text, maxWidth) in [("a line too wide", wide - 1), ("שלום עולם", 300), (" lead", 300), ("two\nlines", 300),
                                 ("日本語", 300), ("", 300)] {
            #expect(PangoTextMeasurer.shared.withShapedLine(for: text, style: style, maxWidth: maxWidth, maxLines: 0) { _ in 1 } == nil,
                    "\(text)")
        }
        #expect(PangoTextMeasurer.shared.withShapedLine(for: "a line too wide", style: style, maxWidth: wide, maxLines: 0) { _ in 1 } == 1)
    }

    @Test func aShapedLineDrawnInsideAnotherIsDrawnFromItsLayout() {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 13))
        let nested = PangoTextMeasurer.shared.withShapedLine(for: "outer", style: style, maxWidth: nil, maxLines: 1) { _ in
            PangoTextMeasurer.shared.withShapedLine(for: "inner", style: style, maxWidth: nil, maxLines: 1) { _ in 1 }
        }
        #expect(nested == .some(nil))
    }
}
