import Testing
import Trellis
import TrellisKit
import TrellisPango
import TrellisRender
import TrellisText

/// A label's attributed text is drawn as measured: each run in its own colour and font,
/// runs without a colour in the label's, inside the label's frame.
@Suite("Attributed label drawing")
struct AttributedLabelDrawingTests {
    static func count(_ image: RasterImage, _ rect: (x: Range<Int>, y: Range<Int>), where test: (Pixel) -> Bool) -> Int {
        var count = 0
        for y in rect.y { for x in rect.x where test(image.pixel(x: x, y: y)) { count += 1 } }
        return count
    }

    static func isRed(_ pixel: Pixel) -> Bool { pixel.red > 180 && pixel.green < 90 && pixel.blue < 90 }
    static func isDark(_ pixel: Pixel) -> Bool { pixel.red < 90 && pixel.green < 90 && pixel.blue < 90 }

    @Test func eachRunIsDrawnInItsColourAndTheLabelMeasuresWhatIsDrawn() throws {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 60))
        root.backgroundColor = .white
        let label = Label(text: "", style: TextStyle(font: Font(family: "DejaVu Sans", size: 17)), textMeasurer: PangoTextMeasurer.shared)
        label.textColor = .black
        let black = AttributedText("Black ")
        label.attributedText = black + AttributedText("RED", attributes: .init(font: Font(size: 34, weight: .bold), color: .red))
        let size = label.intrinsicContentSize
        label.frame = Rect(x: 10, y: 5, width: size.width, height: size.height)
        root.addSubview(label)
        let image = try Renderer().rasterize(root)
        // Where "Black " ends in the label: its own width in the label's font.
        let split = 10 + Int(PangoTextMeasurer.shared.measure("Black ", style: label.style).width.rounded(.down))
        let right = Int(label.frame.maxX.rounded(.up)) + 1
        #expect(Self.count(image, (10..<split, 0..<60), where: Self.isDark) > 30)
        #expect(Self.count(image, (10..<split, 0..<60), where: Self.isRed) == 0)
        #expect(Self.count(image, (split..<right, 0..<60), where: Self.isRed) > 100)
        // Nothing outside the measured frame (one pixel of antialiasing).
        #expect(Self.count(image, (right..<300, 0..<60), where: { Self.isDark($0) || Self.isRed($0) }) == 0)
        // The 34-pt run makes the label taller than its 17-pt text alone.
        #expect(size.height > PangoTextMeasurer.shared.measure("Black", style: label.style).height * 1.5)
    }

    /// Pango-Cairo keeps one renderer for the whole process, and a run with a colour leaves
    /// its opacity set on it; a one-line label drawn afterwards from its shaped glyphs must
    /// still be drawn in its own colour's opacity (a highlighted button's dimmed title).
    @Test func aTranslucentLineDrawnAfterAColouredRunKeepsItsOpacity() throws {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 17))
        func scene(_ configure: (Label) -> Void) -> View {
            let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 40))
            root.backgroundColor = .white
            let label = Label(text: "", style: style, textMeasurer: PangoTextMeasurer.shared)
            configure(label)
            label.frame = Rect(x: 5, y: 5, width: 190, height: 30)
            root.addSubview(label)
            return root
        }
        let coloured = scene { $0.attributedText = AttributedText("Opaque", attributes: .init(color: .systemBlue)) }
        let translucent = scene {
            $0.text = "Dimmed"
            $0.textColor = Color(red: 1, green: 0, blue: 0, alpha: 0.2)
        }
        func pink(_ pixel: Pixel) -> Bool { pixel.red == 255 && pixel.green < 250 && pixel.green > 150 }
        // Alternated, on one thread: every translucent drawing follows a coloured run.
        for _ in 0..<20 {
            _ = try Renderer().rasterize(coloured)
            let image = try Renderer().rasterize(translucent)
            #expect(Self.count(image, (0..<200, 0..<40), where: Self.isRed) == 0)
            #expect(Self.count(image, (0..<200, 0..<40), where: pink) > 20)
        }
    }
}
