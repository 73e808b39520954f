import Trellis
import TrellisKit

/// Draws what `--debug` shows over a render: every visible view's frame, and for each
/// label its line boxes and baselines.
struct DebugOverlay {
    let context: CairoGraphicsContext
    /// Pixels per point: lines are one device pixel wide.
    let scale: Double

    static let frameColor = Color(red: 0, green: 0.55, blue: 1, alpha: 0.8)
    static let lineBoxColor = Color(red: 0.1, green: 0.7, blue: 0.2, alpha: 0.8)
    static let baselineColor = Color(red: 1, green: 0, blue: 0.6, alpha: 0.9)

    var hairline: Double { 1 / scale }

    /// Draws the guides of `view` and its subviews; `bounds` replaces the view's own (as in
    /// ``ViewDrawing/draw(_:bounds:)``).
    func draw(_ view: View, bounds drawnBounds: Rect? = nil) {
        guard !view.isHidden, view.alpha > 0 else { return }
        context.withSavedState {
            context.translate(dx: view.frame.minX, dy: view.frame.minY)
            let bounds = drawnBounds ?? view.bounds
            context.translate(dx: -bounds.minX, dy: -bounds.minY)
            let inset = hairline / 2
            context.stroke(
                Rect(x: bounds.minX + inset, y: bounds.minY + inset,
                     width: max(0, bounds.width - hairline), height: max(0, bounds.height - hairline)),
                cornerRadius: 0, color: Self.frameColor, lineWidth: hairline)
            drawTextGuides(of: view, in: bounds)
            for subview in view.subviews { draw(subview) }
        }
    }

    private func drawTextGuides(of view: View, in bounds: Rect) {
        guard let label = view as? Label else { return }
        LabelText(label).drawGuides(in: context, bounds: bounds, lineWidth: hairline,
                                    boxColor: Self.lineBoxColor, baselineColor: Self.baselineColor)
    }
}
