#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CPango
import Trellis
import TrellisKit

extension Image {
    /// The eight bytes every PNG file starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG image with Cairo (8-bit and 16-bit, grey, RGB, palette, with or
    /// without alpha; Cairo's decoder is libpng's). `scale` is its pixels per point
    /// (2 for an `@2x` asset).
    /// - Throws: `ImageError` with code `notPNG` (the bytes do not start with the PNG
    ///   signature; the message shows what they start with) or `corruptPNG` (truncated or
    ///   damaged data, with Cairo's reason).
    /// - Complexity: O(pixels).
    public init(pngData bytes: [UInt8], scale: Double = 1) throws {
        guard bytes.count >= 8, Array(bytes.prefix(8)) == Self.pngSignature else {
            let start = bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
            throw ImageError(
                .notPNG, "not a PNG image: it starts with [\(start)] (\(bytes.count) bytes), not the PNG signature [89 50 4e 47 0d 0a 1a 0a]")
        }
        let raster: RasterImage
        do {
            raster = try RasterImage(png: bytes)
        } catch let error as RenderError {
            throw ImageError(.corruptPNG, "a damaged or truncated PNG image (\(bytes.count) bytes): \(error.message)")
        }
        var rgba = [UInt8](repeating: 0, count: raster.width * raster.height * 4)
        var offset = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let pixel = raster.pixel(x: x, y: y)
                rgba[offset] = pixel.red
                rgba[offset + 1] = pixel.green
                rgba[offset + 2] = pixel.blue
                rgba[offset + 3] = pixel.alpha
                offset += 4
            }
        }
        try self.init(pixelWidth: raster.width, pixelHeight: raster.height, scale: scale, rgba: rgba)
    }

    /// Reads and decodes a PNG file.
    /// - Throws: `ImageError` with code `unreadableFile` (naming the path and the system's
    ///   reason), `notPNG` or `corruptPNG` (naming the path).
    public init(contentsOfPNGFile path: String, scale: Double = 1) throws {
        guard let file = fopen(path, "rb") else {
            throw ImageError(.unreadableFile, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count {
                if ferror(file) != 0 { throw ImageError(.unreadableFile, "cannot read \(path): \(String(cString: strerror(errno)))") }
                break
            }
        }
        do {
            try self.init(pngData: bytes, scale: scale)
        } catch let error as ImageError {
            throw ImageError(error.code, "\(path): \(error.message)")
        }
    }
}

extension CairoGraphicsContext {
    /// Draws `image` stretched to `rect` (smooth scaling; edges not faded), from the
    /// context's kept image surfaces when it has them (a window's).
    public func draw(_ image: Image, in rect: Rect) {
        guard rect.width > 0, rect.height > 0,
              let surface = imageSurfaces?.surface(for: image) ?? ImageSurfaces.makeSurface(image)
        else { return }
        defer { cairo_surface_destroy(surface) }
        withSavedState {
            cairo_new_path(cairo)
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cairo)
            cairo_translate(cairo, rect.minX, rect.minY)
            cairo_scale(cairo, rect.width / Double(image.pixelWidth), rect.height / Double(image.pixelHeight))
            cairo_set_source_surface(cairo, surface, 0, 0)
            let pattern = cairo_get_source(cairo)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
        }
    }
}
