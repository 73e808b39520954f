import TrellisKit

/// How a render looks and how large a PNG is.
public struct RenderOptions: Hashable, Sendable {
    /// Device pixels per point for PNG output (2 for a Retina-like image). SVG and PDF are
    /// written in points whatever the scale.
    public var scale: Double
    /// Painted over the whole canvas before the views; nil leaves it transparent.
    public var background: Color?
    /// Draws every view's frame, and each label's line boxes and baselines, over the
    /// render (`trellis render --debug`).
    public var debugOverlay: Bool

    public init(scale: Double = 1, background: Color? = nil, debugOverlay: Bool = false) {
        precondition(scale > 0 && scale.isFinite, "render scale must be a positive finite number, got \(scale)")
        self.scale = scale
        self.background = background
        self.debugOverlay = debugOverlay
    }
}
