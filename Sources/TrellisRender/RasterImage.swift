import CPango

/// One pixel: 8-bit sRGB components with straight (not premultiplied) alpha.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}

/// A rendered bitmap: width × height pixels, read back for checks or encoded as PNG.
///
/// Stores Cairo's native `ARGB32` words (premultiplied alpha), so encoding and decoding
/// copy the memory as it is.
public struct RasterImage: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Premultiplied ARGB, one word a pixel, rows top to bottom.
    let words: [UInt32]

    init(width: Int, height: Int, words: [UInt32]) {
        precondition(words.count == width * height, "a \(width)×\(height) image needs \(width * height) pixels")
        self.width = width
        self.height = height
        self.words = words
    }

    /// Copies the pixels of a Cairo `ARGB32` image surface.
    init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var words = [UInt32](repeating: 0, count: width * height)
        if let data = cairo_image_surface_get_data(surface) {
            words.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                    (target.baseAddress! + row * width).update(from: source, count: width)
                }
            }
        }
        self.init(width: width, height: height, words: words)
    }

    /// Decodes a PNG file's bytes.
    ///
    /// - Throws: ``RenderError/Code/invalidImage`` when the bytes are not a PNG Cairo can
    ///   read.
    /// - Complexity: O(pixels).
    public init(png bytes: [UInt8]) throws {
        final class Cursor { var bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let cursor = Cursor(bytes)
        let surface = withExtendedLifetime(cursor) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let cursor = Unmanaged<Cursor>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                guard let data, cursor.offset + count <= cursor.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                cursor.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + cursor.offset, count: count) }
                cursor.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(cursor).toOpaque())
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(.invalidImage, "not a readable PNG image: \(String(cString: cairo_status_to_string(status)))")
        }
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else {
            // Opaque PNGs decode to RGB24: the alpha byte is undefined, so make it opaque.
            let image = RasterImage(surface: surface!)
            self.init(width: image.width, height: image.height, words: image.words.map { $0 | 0xFF00_0000 })
            return
        }
        self.init(surface: surface!)
    }

    public var description: String { "RasterImage \(width)×\(height)" }

    /// The pixel at column `x`, row `y` (0-based from the top-left corner).
    public func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the \(width)×\(height) image")
        let word = words[y * width + x]
        let alpha = UInt8(truncatingIfNeeded: word >> 24)
        func straight(_ shift: UInt32) -> UInt8 {
            let premultiplied = UInt32(truncatingIfNeeded: (word >> shift) & 0xFF)
            guard alpha != 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        return Pixel(red: straight(16), green: straight(8), blue: straight(0), alpha: alpha)
    }

    /// The image encoded as PNG.
    ///
    /// - Throws: ``RenderError/Code/cairoFailure`` if Cairo cannot encode it.
    /// - Complexity: O(pixels).
    public func pngData() throws -> [UInt8] {
        var words = self.words
        return try words.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let surface = cairo_image_surface_create_for_data(
                base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
            defer { cairo_surface_destroy(surface) }
            return try CairoByteSink.collect { sink in
                cairo_surface_write_to_png_stream(surface, CairoByteSink.write, sink)
            }
        }
    }
}

/// Collects what Cairo writes through a `cairo_write_func_t` into memory.
final class CairoByteSink {
    var bytes: [UInt8] = []

    /// The C callback: appends `length` bytes at `data` to the sink passed as `closure`.
    static let write: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<CairoByteSink>.fromOpaque(closure!).takeUnretainedValue()
        if let data { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
        return CAIRO_STATUS_SUCCESS
    }

    /// Runs `body` with a sink pointer to pass as the `closure` of ``write``, and returns
    /// the bytes written, or throws if `body` returns a Cairo error.
    static func collect(_ body: (UnsafeMutableRawPointer) -> cairo_status_t) throws -> [UInt8] {
        let sink = CairoByteSink()
        let status = withExtendedLifetime(sink) { body(Unmanaged.passUnretained(sink).toOpaque()) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(.cairoFailure, "Cairo could not encode the output: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }
}
