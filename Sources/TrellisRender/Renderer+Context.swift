import CPango
import Trellis
import TrellisKit

extension Renderer {
    /// Draws `view` into an existing Cairo context — a window's, as the GTK host does —
    /// exactly as ``rasterize(_:)`` draws it into a bitmap: the canvas colour, then the
    /// tree laid out until settled, with the view's bounds origin at the context's origin.
    /// `options.scale` is not applied (the context's owner sets its transform: GTK replays
    /// the drawing at the surface's scale); the debug overlay is drawn when asked for.
    ///
    /// - Parameters:
    ///   - view: the root of the tree to draw; its bounds origin lands at the context's origin.
    ///   - cairo: a `cairo_t *`; its state is saved and restored around the drawing.
    ///   - overlayScale: the pixels per point the debug overlay's hairlines are drawn for.
    /// - Complexity: O(views) plus the drawn pixels.
    public func draw(_ view: View, into cairo: OpaquePointer, overlayScale: Double = 1) {
        let context = CairoGraphicsContext(cairo: cairo)
        context.withSavedState {
            if let background = options.background {
                context.setSource(background)
                cairo_paint(cairo)
            }
            Self.layOutUntilSettled(view)
            context.translate(dx: -view.frame.minX, dy: -view.frame.minY)
            ViewDrawing(context: context).draw(view)
            if options.debugOverlay {
                DebugOverlay(context: context, scale: overlayScale).draw(view)
            }
        }
    }
}
