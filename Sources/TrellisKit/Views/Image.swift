import Trellis

/// A bitmap image as a value (`UIImage` without the decoders): pixel dimensions, a scale
/// (pixels per point) and the pixels, 8-bit sRGB RGBA with straight alpha, rows top to
/// bottom. Pure Swift, so the core stays free of C: decoding a PNG lives at the edge
/// (`Image(pngData:scale:)` in TrellisRender, through Cairo), as does drawing.
public struct Image: Hashable, Sendable, CustomStringConvertible {
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per point: an image of 200 × 100 pixels at scale 2 is 100 × 50 points.
    public let scale: Double
    /// RGBA, 4 bytes a pixel, `pixelWidth × pixelHeight` pixels.
    public let rgba: [UInt8]

    /// An image of the given pixels.
    /// - Throws: `ImageError` with code `invalidPixels` when the byte count is not
    ///   `4 × pixelWidth × pixelHeight` or a dimension or the scale is not positive.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, rgba: [UInt8]) throws {
        guard pixelWidth > 0, pixelHeight > 0, scale.isFinite, scale > 0 else {
            throw ImageError(
                .invalidPixels, "an image needs a positive size and scale, not \(pixelWidth)×\(pixelHeight) pixels at scale \(scale)")
        }
        let (area, overflow) = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
        guard !overflow, area <= Int.max / 4, rgba.count == area * 4 else {
            throw ImageError(
                .invalidPixels, "a \(pixelWidth)×\(pixelHeight) image needs \(pixelWidth)×\(pixelHeight)×4 bytes of RGBA, not \(rgba.count)")
        }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.rgba = rgba
    }

    /// A single-colour image of `pixelWidth × pixelHeight` pixels (placeholders, tests).
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, color: Color) {
        precondition(pixelWidth > 0 && pixelHeight > 0 && scale > 0, "a solid image needs a positive size and scale")
        func byte(_ component: Double) -> UInt8 { UInt8((min(1, max(0, component)) * 255).rounded()) }
        let pixel = [byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha)]
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.rgba = Array([[UInt8]](repeating: pixel, count: pixelWidth * pixelHeight).joined())
    }

    /// The size in points: pixels divided by the scale.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// The pixel at column `x`, row `y` as (red, green, blue, alpha).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight, "pixel (\(x), \(y)) is outside the image")
        let offset = (y * pixelWidth + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }

    public var description: String { "Image \(pixelWidth)×\(pixelHeight) @\(scale)x" }
}

/// Why an image could not be made or decoded: a code and a message naming the file or
/// the numbers involved.
public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }

        /// Pixel data that does not match the dimensions.
        public static let invalidPixels = Code("invalidPixels")
        /// Bytes that are not a PNG image (wrong signature).
        public static let notPNG = Code("notPNG")
        /// A PNG that is truncated or corrupt, or that the decoder cannot read.
        public static let corruptPNG = Code("corruptPNG")
        /// A file that cannot be opened or read.
        public static let unreadableFile = Code("unreadableFile")

        public var description: String { name }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
