import Testing
import Trellis
import TrellisKit
import TrellisRender
import TrellisPango
import TrellisText

/// Text is drawn exactly as measured: the ink lies inside the measured box, a truncated
/// line stays inside its maximum width, and lines fall where the measurement says.
@Suite("Text drawing")
struct TextDrawingTests {
    /// Draws one text in a box, black on white, and remembers what the drawing reported.
    final class TextBox: View, CustomDrawing {
        let text: String, style: TextStyle, maxLines: Int
        var drawn: TextMeasurement?
        init(frame: Rect, text: String, style: TextStyle, maxLines: Int) {
            self.text = text
            self.style = style
            self.maxLines = maxLines
            super.init(frame: frame)
        }
        func draw(in context: any GraphicsContext) {
            drawn = context.drawText(text, style: style, maxLines: maxLines, in: bounds, color: .black, centeredVertically: false)
        }
    }

    /// The smallest rectangle of pixels darker than mid-grey, in pixels.
    static func inkBounds(_ image: RasterImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var result: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).red < 128 {
                let r = result ?? (x, y, x, y)
                result = (min(r.0, x), min(r.1, y), max(r.2, x), max(r.3, y))
            }
        }
        return result.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    static func render(_ text: String, width: Double, maxLines: Int, lineBreakMode: LineBreakMode = .wordWrap,
                       scale: Double = 2) throws -> (RasterImage, TextMeasurement, TextBox, root: View) {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 17), lineBreakMode: lineBreakMode)
        let box = TextBox(frame: Rect(x: 10, y: 10, width: width, height: 200), text: text, style: style, maxLines: maxLines)
        let root = View(frame: Rect(x: 0, y: 0, width: width + 20, height: 220))
        root.backgroundColor = .white
        root.addSubview(box)
        let image = try Renderer(options: RenderOptions(scale: scale)).rasterize(root)
        let measured = PangoTextMeasurer.shared.measure(text, style: style, maxWidth: width, maxLines: maxLines)
        return (image, measured, box, root)
    }

    @Test(arguments: ["much longer", "A", "Hello, World", "שלום עולם", "مرحبا بالعالم"])
    func singleLineInkLiesInsideTheMeasuredBox(text: String) throws {
        let scale = 2.0
        let (image, measured, box, _) = try Self.render(text, width: 300, maxLines: 1, scale: scale)
        #expect(box.drawn == measured)
        let ink = try #require(Self.inkBounds(image))
        // Glyph ink may overhang the advance box by a fraction of a point (side bearings).
        let left = Double(ink.minX) / scale, right = Double(ink.maxX + 1) / scale
        #expect(left >= 10 - 1 && right <= 10 + measured.width + 1, "ink \(left)…\(right) vs box 10…\(10 + measured.width)")
        let bottom = Double(ink.maxY + 1) / scale
        #expect(bottom <= 10 + measured.height + 0.5)
        // RTL text is right-aligned within the box; LTR text starts at its left edge.
        #expect(right - left > measured.width * 0.6)
    }

    @Test(arguments: [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle])
    func truncatedTextStaysInsideItsMaximumWidth(mode: LineBreakMode) throws {
        let scale = 2.0
        let text = "a label far too long to fit on one short line of a tag"
        let (image, measured, box, _) = try Self.render(text, width: 120, maxLines: 1, lineBreakMode: mode, scale: scale)
        #expect(measured.isTruncated && measured.width <= 120)
        #expect(box.drawn == measured)
        let ink = try #require(Self.inkBounds(image))
        #expect(Double(ink.maxX + 1) / scale <= 10 + 120 + 0.5)
        #expect(Double(ink.maxY + 1) / scale <= 10 + measured.height + 0.5)
    }

    @Test func wrappedLinesFillTheMeasuredHeight() throws {
        let scale = 1.0
        let text = "Short titles stay on one line and long titles wrap onto several lines and grow taller"
        let (image, measured, _, _) = try Self.render(text, width: 150, maxLines: 0, scale: scale)
        #expect(measured.lineCount >= 3)
        let ink = try #require(Self.inkBounds(image))
        // The last line's ink reaches below the last baseline's line above, and nothing is
        // drawn below the measured box.
        #expect(Double(ink.maxY + 1) <= 10 + measured.height + 0.5)
        #expect(Double(ink.maxY + 1) > 10 + measured.height - measured.height / Double(measured.lineCount))
        #expect(Double(ink.maxX + 1) <= 10 + 150 + 1)
    }

    @Test func textIsVectorTextInSVGAndPDF() throws {
        let (_, _, _, root) = try Self.render("much longer", width: 200, maxLines: 1)
        let svg = String(decoding: try Renderer().render(root, as: .svg), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("glyph"))
        let pdf = String(decoding: try Renderer().render(root, as: .pdf), as: UTF8.self)
        #expect(pdf.contains("/FontFile") || pdf.contains("/Font"))
    }
}
