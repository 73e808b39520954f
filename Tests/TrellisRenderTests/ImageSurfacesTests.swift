import CPango
import Testing
import TrellisKit
@testable import TrellisRender

/// `ImageSurfaces`: an image drawn again is not converted again, a copy of its pixels (a
/// new storage) is, the bytes kept stay within the budget, and the conversion is Cairo's
/// premultiplied ARGB with exact rounding.
@Suite("Image surfaces")
struct ImageSurfacesTests {
    /// A `width` × `height` image whose pixels differ, `alpha` for every pixel.
    func image(width: Int = 6, height: Int = 4, alpha: UInt8 = 255) throws -> Image {
        var rgba: [UInt8] = []
        for index in 0..<(width * height) {
            rgba += [UInt8(truncatingIfNeeded: index * 37), UInt8(truncatingIfNeeded: index * 11 + 5), UInt8(truncatingIfNeeded: 200 - index), alpha]
        }
        return try Image(pixelWidth: width, pixelHeight: height, rgba: rgba)
    }

    @Test func anImageDrawnAgainIsConvertedOnce() throws {
        let surfaces = ImageSurfaces()
        let photo = try image()
        for _ in 0..<3 { cairo_surface_destroy(try #require(surfaces.surface(for: photo))) }
        #expect(surfaces.conversions == 1)
        let copy = try Image(pixelWidth: photo.pixelWidth, pixelHeight: photo.pixelHeight, rgba: photo.rgba.withUnsafeBufferPointer { Array($0) })
        cairo_surface_destroy(try #require(surfaces.surface(for: copy)))
        #expect(surfaces.conversions == 2)
        surfaces.removeAll()
        cairo_surface_destroy(try #require(surfaces.surface(for: photo)))
        #expect(surfaces.conversions == 3)
    }

    @Test func theBytesKeptStayWithinTheBudget() throws {
        // Each 6 × 4 surface is 96 bytes: a budget of 250 keeps two.
        let surfaces = ImageSurfaces(byteBudget: 250)
        let photos = try (0..<5).map { _ in try image() }
        for photo in photos {
            cairo_surface_destroy(try #require(surfaces.surface(for: photo)))
            #expect(surfaces.byteCount <= 250)
        }
        #expect(surfaces.byteCount == 192)
        // The two drawn last are kept; the first is converted again.
        cairo_surface_destroy(try #require(surfaces.surface(for: photos[4])))
        #expect(surfaces.conversions == 5)
        cairo_surface_destroy(try #require(surfaces.surface(for: photos[0])))
        #expect(surfaces.conversions == 6)
        // An image larger than the budget is drawn, not kept.
        cairo_surface_destroy(try #require(surfaces.surface(for: try image(width: 40, height: 40))))
        #expect(surfaces.byteCount <= 250)
    }

    @Test("Premultiplied as Cairo wants it: round(component × alpha / 255)", arguments: [0, 1, 77, 128, 254, 255] as [UInt8])
    func premultipliesWithExactRounding(alpha: UInt8) throws {
        // Every component value once, at this alpha.
        var rgba: [UInt8] = []
        for value in 0...255 { rgba += [UInt8(value), UInt8(255 - value), UInt8(value / 2), alpha] }
        let picture = try Image(pixelWidth: 256, pixelHeight: 1, rgba: rgba)
        let surface = try #require(ImageSurfaces.makeSurface(picture))
        defer { cairo_surface_destroy(surface) }
        let words = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: 256) { Array(UnsafeBufferPointer(start: $0, count: 256)) }
        func expected(_ component: Int) -> UInt32 { UInt32((Double(component * Int(alpha)) / 255).rounded()) }
        for value in 0...255 {
            let want = UInt32(alpha) << 24 | expected(value) << 16 | expected(255 - value) << 8 | expected(value / 2)
            #expect(words[value] == want, "component \(value) at alpha \(alpha)")
        }
    }
}
