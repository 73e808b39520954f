// Pixel alignment: a frame whose edges fall between device pixels is drawn blurred, and
// rounding origin and size separately makes neighbours overlap or leave a hairline gap.
// Rounding each *edge* to the pixel grid keeps shared edges shared.

extension Double {
    /// The value rounded to the nearest multiple of 1/`scale` (half away from zero).
    @inlinable public func roundedToPixel(scale: Double) -> Double {
        precondition(scale > 0 && scale.isFinite, "display scale must be a positive finite number")
        return (self * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}

extension Rect {
    /// The rectangle with every edge snapped to the pixel grid of `scale` (2 for a Retina
    /// display). Two frames that shared an edge still share it, so neighbours never overlap
    /// and never leave a hairline gap.
    @inlinable public func pixelAligned(scale: Double) -> Rect {
        let x0 = minX.roundedToPixel(scale: scale), x1 = maxX.roundedToPixel(scale: scale)
        let y0 = minY.roundedToPixel(scale: scale), y1 = maxY.roundedToPixel(scale: scale)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
