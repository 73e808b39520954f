import Trellis

/// The largest canvases the renderer draws (docs/Limits.md), checked by
/// ``Renderer/checkCanvas(_:format:)`` before anything is built or drawn.
public enum CanvasLimits {
    /// Cairo's image surfaces are limited to 32767 pixels a side.
    public static let maximumPixelsPerSide = 32_767
    /// The most pixels of a PNG: 2^27 (128 Mi pixels, 512 MiB of ARGB memory while drawing).
    public static let maximumPixels = 1 << 27
    /// The largest side of an SVG or PDF canvas, in points: Cairo computes paths in 24.8
    /// fixed point, so coordinates past 2^23 points are not drawn where they belong.
    public static let maximumVectorExtent = Double((1 << 23) - 1)
}

extension Renderer {
    /// Checks that a canvas of `size` points can be drawn as `format` with these options, and
    /// returns its size in pixels (PNG) or points (SVG, PDF). Every test is made in `Double`,
    /// before anything is converted to an integer, so no size traps.
    ///
    /// - Throws: ``RenderError/Code/invalidCanvas`` saying which limit the size passes and
    ///   what to change (`--scale`, `--visible-only`).
    /// - Complexity: O(1).
    public func checkCanvas(_ size: Size, format: RenderFormat) throws -> (width: Int, height: Int) {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            throw RenderError(.invalidCanvas, "cannot render a view of size \(size): the canvas must have a positive, finite width and height")
        }
        guard format == .png else {
            let limit = CanvasLimits.maximumVectorExtent
            guard size.width <= limit, size.height <= limit else {
                throw RenderError(.invalidCanvas, "a \(size) canvas is larger than the \(Int(limit)) points a side \(format.rawValue.uppercased()) output can hold (use --visible-only)")
            }
            return (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
        }
        let width = (size.width * options.scale).rounded(.up), height = (size.height * options.scale).rounded(.up)
        let side = Double(CanvasLimits.maximumPixelsPerSide)
        guard width <= side, height <= side else {
            throw RenderError(.invalidCanvas, "a \(size) canvas at scale \(formatScale) is \(pixels(width))×\(pixels(height)) pixels; PNG output is limited to 32767 pixels a side (lower --scale or use --visible-only)")
        }
        guard width * height <= Double(CanvasLimits.maximumPixels) else {
            throw RenderError(.invalidCanvas, "a \(size) canvas at scale \(formatScale) is \(pixels(width))×\(pixels(height)) pixels; PNG output is limited to \(CanvasLimits.maximumPixels) pixels (lower --scale or use --visible-only)")
        }
        return (Int(width), Int(height))
    }

    private var formatScale: String {
        options.scale == options.scale.rounded() && options.scale < 1e15 ? String(Int(options.scale)) : String(options.scale)
    }

    /// A pixel count as a whole number when it is one an `Int` holds, else in exponent form.
    private func pixels(_ value: Double) -> String { value < 1e15 ? String(Int(value)) : String(value) }
}
