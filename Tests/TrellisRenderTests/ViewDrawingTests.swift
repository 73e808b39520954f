import Testing
import Trellis
import TrellisKit
import TrellisRender

/// Scenario S1's tag at known pixels: outline colour on the edge, white inside, the
/// background outside, and the outline never clipped.
@Suite("View drawing")
struct ViewDrawingTests {
    static let canvasColor = Pixel(red: 0, green: 0, blue: 0)

    /// A black canvas with one pill-shaped tag: white fill, red 1 pt outline.
    static func tagScene(tag frame: Rect, borderWidth: Double = 1) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 120, height: 60))
        root.backgroundColor = .black
        let tag = View(frame: frame)
        tag.backgroundColor = .white
        tag.borderColor = .red
        tag.borderWidth = borderWidth
        tag.cornerStyle = .pill
        root.addSubview(tag)
        return root
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func seedTagIsAWhitePillWithARedOutlineInsideItsFrame(scale: Double) throws {
        let tag = Rect(x: 10, y: 10, width: 80, height: 30)
        let image = try Renderer(options: RenderOptions(scale: scale)).rasterize(Self.tagScene(tag: tag))
        #expect(image.width == Int(120 * scale) && image.height == Int(60 * scale))
        func at(_ x: Double, _ y: Double) -> Pixel { image.pixel(x: Int(x * scale), y: Int(y * scale)) }
        // The outline's outer pixel row is inside the frame (not clipped): the first device
        // pixel below the top edge, at the middle of the tag, is pure red.
        #expect(at(50, 10) == Pixel(red: 255, green: 0, blue: 0))
        #expect(at(50, 39.9) == Pixel(red: 255, green: 0, blue: 0))
        // The straight sides of a pill are its top and bottom; the left and right ends are
        // half circles: the outline crosses the middle row at the frame's left edge. A
        // curve's antialiased pixel mixes in a little of the white inside, never the canvas.
        func isOutlineOverWhite(_ pixel: Pixel) -> Bool {
            pixel.red == 255 && pixel.alpha == 255 && pixel.green <= 32 && pixel.green == pixel.blue
        }
        #expect(isOutlineOverWhite(at(10, 25)))
        #expect(isOutlineOverWhite(at(89.9, 25)))
        // White inside.
        #expect(at(50, 25) == Pixel(red: 255, green: 255, blue: 255))
        #expect(at(14, 25) == Pixel(red: 255, green: 255, blue: 255))
        // The canvas outside, including the corners of the frame the pill cuts away.
        #expect(at(5, 5) == Self.canvasColor)
        #expect(at(10.5, 10.5) == Self.canvasColor)
        #expect(at(89.5, 39.5) == Self.canvasColor)
        #expect(at(50, 9.9) == Self.canvasColor)
        #expect(at(95, 25) == Self.canvasColor)
    }

    @Test func squareBorderOfTwoPointsCoversExactlyTheOuterTwoPoints() throws {
        let root = Self.tagScene(tag: Rect(x: 10, y: 10, width: 40, height: 20), borderWidth: 2)
        root.subviews[0].cornerStyle = .square
        let image = try Renderer().rasterize(root)
        let red = Pixel(red: 255, green: 0, blue: 0), white = Pixel(red: 255, green: 255, blue: 255)
        #expect(image.pixel(x: 10, y: 10) == red)
        #expect(image.pixel(x: 11, y: 20) == red)
        #expect(image.pixel(x: 12, y: 20) == white)
        #expect(image.pixel(x: 49, y: 29) == red)
        #expect(image.pixel(x: 47, y: 27) == white)
        #expect(image.pixel(x: 9, y: 9) == Self.canvasColor)
        #expect(image.pixel(x: 50, y: 30) == Self.canvasColor)
    }

    @Test func hiddenAndTransparentViewsAreNotDrawn() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 30, height: 10))
        root.backgroundColor = .white
        let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), clear = View(frame: Rect(x: 10, y: 0, width: 10, height: 10))
        let half = View(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        for view in [hidden, clear, half] { view.backgroundColor = .black; root.addSubview(view) }
        hidden.isHidden = true
        clear.alpha = 0
        half.alpha = 0.5
        let image = try Renderer().rasterize(root)
        #expect(image.pixel(x: 5, y: 5) == Pixel(red: 255, green: 255, blue: 255))
        #expect(image.pixel(x: 15, y: 5) == Pixel(red: 255, green: 255, blue: 255))
        let blended = image.pixel(x: 25, y: 5)
        #expect((127...128).contains(blended.red) && blended.red == blended.green && blended.alpha == 255)
    }

    @Test func subviewsAreOffsetByTheirFramesAndTheBoundsOrigin() throws {
        // A scrolled container: bounds origin (0, 50) shows its content from y = 50.
        let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        root.bounds.origin = Point(x: 0, y: 50)
        let child = View(frame: Rect(x: 5, y: 55, width: 5, height: 5))
        child.backgroundColor = .red
        root.addSubview(child)
        let image = try Renderer().rasterize(root)
        #expect(image.pixel(x: 7, y: 7) == Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 7, y: 12).alpha == 0)
    }

    @Test func clipsToBoundsCutsSubviewsToTheCornerShape() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        let container = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        container.cornerStyle = .radius(20)
        let child = View(frame: Rect(x: -10, y: -10, width: 60, height: 60))
        child.backgroundColor = .red
        container.addSubview(child)
        root.addSubview(container)
        let unclipped = try Renderer().rasterize(root)
        #expect(unclipped.pixel(x: 1, y: 1).red == 255)
        container.clipsToBounds = true
        let clipped = try Renderer().rasterize(root)
        #expect(clipped.pixel(x: 1, y: 1).alpha == 0)
        #expect(clipped.pixel(x: 20, y: 20) == Pixel(red: 255, green: 0, blue: 0))
    }

    final class Cross: View, CustomDrawing {
        func draw(in context: any GraphicsContext) {
            context.strokeLine(from: Point(x: 0, y: 5), to: Point(x: 10, y: 5), color: .red, lineWidth: 2)
            context.fill(Rect(x: 0, y: 8, width: 4, height: 2), cornerRadius: 0, color: .white)
        }
    }

    @Test func customDrawingRunsInTheViewsCoordinates() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 30, height: 30))
        root.addSubview(Cross(frame: Rect(x: 10, y: 10, width: 10, height: 10)))
        let image = try Renderer().rasterize(root)
        #expect(image.pixel(x: 15, y: 14) == Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 11, y: 19) == Pixel(red: 255, green: 255, blue: 255))
        #expect(image.pixel(x: 5, y: 14).alpha == 0)
    }

    @Test(arguments: [Size(width: 0, height: 10), Size(width: 10, height: .infinity), Size(width: -1, height: 5)])
    func emptyOrInfiniteCanvasIsATypedError(size: Size) {
        let view = View(frame: Rect(origin: .zero, size: size))
        #expect(throws: RenderError.self) { try Renderer().rasterize(view) }
    }
}
