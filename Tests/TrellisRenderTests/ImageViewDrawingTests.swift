import Foundation
import Testing
import Trellis
import TrellisKit
import TrellisRender

/// Images decoded from PNG through Cairo, shown by `ImageView` in each content mode, and
/// buttons, checked at known pixels.
@Suite("Image views and buttons")
struct ImageViewDrawingTests {
    static let red = Pixel(red: 255, green: 0, blue: 0), blue = Pixel(red: 0, green: 0, blue: 255)
    static let black = Pixel(red: 0, green: 0, blue: 0)

    /// PNG bytes of a 20 × 10 pixel picture: left half red, right half blue (drawn by the
    /// renderer and encoded by Cairo, as an asset from any PNG encoder would be).
    static func halvesPNG() throws -> [UInt8] {
        let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        let left = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), right = View(frame: Rect(x: 10, y: 0, width: 10, height: 10))
        left.backgroundColor = .red
        right.backgroundColor = Color(red: 0, green: 0, blue: 1)
        root.addSubview(left)
        root.addSubview(right)
        return try Renderer().render(root, as: .png)
    }

    /// A black 60 × 40 canvas with a 40 × 40 image view at the origin showing the halves.
    static func scene(_ mode: ContentMode, clips: Bool = false) throws -> (View, ImageView) {
        let root = View(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        root.backgroundColor = .black
        let imageView = ImageView(image: try Image(pngData: halvesPNG()))
        imageView.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        imageView.contentMode = mode
        imageView.clipsToBounds = clips
        root.addSubview(imageView)
        return (root, imageView)
    }

    @Test func pngDecodesToPixelsAndAScaledSize() throws {
        let image = try Image(pngData: Self.halvesPNG(), scale: 2)
        #expect(image.pixelWidth == 20 && image.pixelHeight == 10)
        #expect(image.size == Size(width: 10, height: 5))
        #expect(image.pixel(x: 2, y: 5) == (255, 0, 0, 255))
        #expect(image.pixel(x: 17, y: 5) == (0, 0, 255, 255))
    }

    @Test func badFilesAreTypedErrorsNamingWhatAndWhere() throws {
        #expect {
            try Image(pngData: Array("GIF89a, not a png".utf8))
        } throws: { error in
            let error = error as? ImageError
            return error?.code == .notPNG && error!.message.contains("[47 49 46 38 39 61 2c 20]")
        }
        let png = try Self.halvesPNG()
        #expect {
            try Image(pngData: Array(png.prefix(40)))
        } throws: { ($0 as? ImageError)?.code == .corruptPNG }
        let path = NSTemporaryDirectory() + "trellis-no-such-image-\(UUID().uuidString).png"
        #expect {
            try Image(contentsOfPNGFile: path)
        } throws: { error in
            let error = error as? ImageError
            return error?.code == .unreadableFile && error!.message.contains(path)
        }
        // A file with the right bytes loads.
        let file = NSTemporaryDirectory() + "trellis-image-\(UUID().uuidString).png"
        FileManager.default.createFile(atPath: file, contents: Data(png))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try Image(contentsOfPNGFile: file).pixelWidth == 20)
    }

    @Test func imageViewSizesItselfFromItsImage() throws {
        let imageView = ImageView(image: try Image(pngData: Self.halvesPNG(), scale: 2))
        #expect(imageView.intrinsicContentSize == Size(width: 10, height: 5))
        #expect(imageView.frame.size == Size(width: 10, height: 5))
        #expect(imageView.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 10, height: 5))
        imageView.image = nil
        #expect(imageView.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }

    @Test func scaleToFillStretchesTheImageOverTheBounds() throws {
        let image = try Renderer().rasterize(Self.scene(.scaleToFill).0)
        #expect(image.pixel(x: 5, y: 2) == Self.red && image.pixel(x: 5, y: 37) == Self.red)
        #expect(image.pixel(x: 35, y: 20) == Self.blue)
        #expect(image.pixel(x: 50, y: 20) == Self.black)
    }

    @Test func scaleAspectFitShowsAllOfItWithBands() throws {
        let (root, imageView) = try Self.scene(.scaleAspectFit)
        #expect(imageView.imageRect == Rect(x: 0, y: 10, width: 40, height: 20))
        let image = try Renderer().rasterize(root)
        #expect(image.pixel(x: 5, y: 5) == Self.black && image.pixel(x: 20, y: 35) == Self.black)  // the bands
        #expect(image.pixel(x: 5, y: 20) == Self.red && image.pixel(x: 35, y: 20) == Self.blue)
    }

    @Test(arguments: [true, false])
    func scaleAspectFillCoversTheBoundsAndClipsOnlyWhenAsked(clips: Bool) throws {
        let (root, imageView) = try Self.scene(.scaleAspectFill, clips: clips)
        #expect(imageView.imageRect == Rect(x: -20, y: 0, width: 80, height: 40))
        let image = try Renderer().rasterize(root)
        #expect(image.pixel(x: 2, y: 2) == Self.red && image.pixel(x: 15, y: 38) == Self.red)
        #expect(image.pixel(x: 25, y: 20) == Self.blue && image.pixel(x: 38, y: 2) == Self.blue)
        // Beyond the bounds: the canvas when clipped, the image's overflow when not (UIKit).
        #expect(image.pixel(x: 50, y: 20) == (clips ? Self.black : Self.blue))
    }

    @Test func centerKeepsTheImageAtItsSize() throws {
        let (root, imageView) = try Self.scene(.center)
        #expect(imageView.imageRect == Rect(x: 10, y: 15, width: 20, height: 10))
        let image = try Renderer().rasterize(root)
        #expect(image.pixel(x: 12, y: 20) == Self.red && image.pixel(x: 28, y: 20) == Self.blue)
        #expect(image.pixel(x: 5, y: 20) == Self.black && image.pixel(x: 20, y: 10) == Self.black)
    }

    // MARK: Buttons

    /// Pixels of `image` inside `rect` for which `test` holds.
    static func count(_ image: RasterImage, in rect: Rect, where test: (Pixel) -> Bool) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where test(image.pixel(x: x, y: y)) { count += 1 }
        }
        return count
    }

    @Test func buttonDrawsItsTitleAndDimsItWhileHighlighted() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 120, height: 50))
        root.backgroundColor = .white
        let button = Button(title: "Buy now")
        button.setTitleColor(.red, for: .normal)
        button.contentEdgeInsets = EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)
        let size = button.intrinsicContentSize
        #expect(size.width == button.titleLabel.intrinsicContentSize.width + 24)
        #expect(size.height == button.titleLabel.intrinsicContentSize.height + 16)
        button.frame = Rect(origin: Point(x: 10, y: 5), size: size)
        root.addSubview(button)
        root.layoutIfNeeded()
        #expect(button.titleLabel.frame == Rect(x: 12, y: 8, width: size.width - 24, height: size.height - 16))

        let titleArea = button.frame.inset(by: button.contentEdgeInsets)
        func strongRed(_ pixel: Pixel) -> Bool { pixel.red > 200 && pixel.green < 80 && pixel.blue < 80 }
        func pink(_ pixel: Pixel) -> Bool { pixel.red == 255 && pixel.green < 250 && pixel.green > 150 }
        let normal = try Renderer().rasterize(root)
        #expect(Self.count(normal, in: titleArea, where: strongRed) > 20)
        // Nothing drawn in the insets.
        #expect(Self.count(normal, in: Rect(x: 10, y: 5, width: 11, height: size.height)) { $0 != Pixel(red: 255, green: 255, blue: 255) } == 0)

        #expect(button.beginTracking())
        let highlighted = try Renderer().rasterize(root)
        #expect(Self.count(highlighted, in: titleArea, where: strongRed) == 0)
        #expect(Self.count(highlighted, in: titleArea, where: pink) > 20)
    }
}
