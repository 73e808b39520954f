import Foundation
import Testing
import Trellis
import TrellisKit
import TrellisRender
import TrellisText
import TrellisPango

/// Labels draw their text at their final frame, as measured, centred vertically; the
/// debug overlay draws frames, line boxes and baselines.
@Suite("Label drawing")
struct LabelDrawingTests {
    static func darkPixels(_ image: RasterImage, in rect: (x: Range<Int>, y: Range<Int>)) -> Int {
        var count = 0
        for y in rect.y { for x in rect.x where image.pixel(x: x, y: y).red < 100 && image.pixel(x: x, y: y).green < 100 { count += 1 } }
        return count
    }

    /// A white canvas with one label, sized to its text.
    static func scene(_ text: String, width: Double? = nil) -> (View, Label) {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        root.backgroundColor = .white
        let label = Label(text: text, style: TextStyle(font: Font(family: "DejaVu Sans", size: 17), lineBreakMode: .truncateTail))
        let size = label.intrinsicContentSize
        label.frame = Rect(x: 10, y: 5, width: width ?? size.width, height: 30)
        root.addSubview(label)
        return (root, label)
    }

    @Test func labelTextIsDrawnInsideItsFrame() throws {
        let (root, label) = Self.scene("much longer")
        let image = try Renderer().rasterize(root)
        let inside = Self.darkPixels(image, in: (10..<Int(label.frame.maxX), 5..<35))
        let outside = Self.darkPixels(image, in: (Int(label.frame.maxX) + 1..<200, 0..<40)) + Self.darkPixels(image, in: (0..<9, 0..<40))
        #expect(inside > 50)
        #expect(outside == 0)
        // Centred vertically: ink both above and below the frame's middle, none in the top
        // and bottom few points of the 30 pt frame (the text box is about 20 pt tall).
        #expect(Self.darkPixels(image, in: (10..<190, 5..<9)) == 0)
        #expect(Self.darkPixels(image, in: (10..<190, 31..<35)) == 0)
    }

    @Test func narrowLabelDrawsTheEllipsisItMeasures() throws {
        let (root, label) = Self.scene("much longer than the label", width: 80)
        #expect(label.textLayout.isTruncated)
        let image = try Renderer(options: RenderOptions(scale: 2)).rasterize(root)
        #expect(Self.darkPixels(image, in: (2 * 90 + 1..<400, 0..<80)) == 0)
        #expect(Self.darkPixels(image, in: (20..<180, 10..<70)) > 100)
    }

    @Test func debugOverlayDrawsFramesLineBoxesAndBaselines() throws {
        let (root, label) = Self.scene("A")
        let plain = try Renderer().rasterize(root)
        let debug = try Renderer(options: RenderOptions(debugOverlay: true)).rasterize(root)
        // The label's frame outline: its top edge, to the right of the glyph.
        let frameEdge = debug.pixel(x: Int(label.frame.maxX) - 1, y: 5)
        #expect(frameEdge != plain.pixel(x: Int(label.frame.maxX) - 1, y: 5))
        #expect(frameEdge.blue > frameEdge.red)
        // A baseline (magenta-ish) crosses the label somewhere between its top and bottom.
        let measured = label.textLayout
        let top = 5 + (30 - measured.height) / 2
        let baselineRow = Int(top + measured.firstBaseline)
        // Between the legs of the "A", where the glyph leaves the baseline uncovered.
        let middle = Int(10 + measured.width / 2)
        let candidates = (baselineRow - 1...baselineRow + 1).map { debug.pixel(x: middle, y: $0) }
        #expect(candidates.contains { $0.red > 200 && $0.green < 150 && $0.blue > 80 }, "\(candidates) at row \(baselineRow)")
    }
}

/// The example of docs/Rendering.md, as written there (writing into a temporary directory).
@Test func renderingDocumentationExampleWorks() throws {
    DefaultTextMeasurer.install(PangoTextMeasurer.shared)   // once, at start-up
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-render-doc-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 60))
    root.backgroundColor = .white
    let tag = Label(text: "much longer")
    tag.frame = Rect(x: 10, y: 10, width: tag.intrinsicContentSize.width, height: 30)
    tag.borderColor = .red
    tag.borderWidth = 1
    tag.cornerStyle = .pill
    root.addSubview(tag)
    try Renderer(options: RenderOptions(scale: 2)).write(root, to: "\(directory)/tag.png")
    let pixels = try Renderer().rasterize(root)
    #expect(pixels.pixel(x: 50, y: 10) == Pixel(red: 255, green: 0, blue: 0))
    let written = try RasterImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/tag.png"))))
    #expect(written.width == 400 && written.height == 120)
}
