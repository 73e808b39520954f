import Trellis
import TrellisKit

/// Walks a view tree and draws each view the way a layer-backed `UIView` appears.
///
/// Each view is drawn from its ``DrawnViewState``, recorded first: what the drawing reads
/// is, by construction, what `CellDrawingCache` compares to tell that a cell's kept picture
/// is still what this would draw — and the cache draws a picture from the very states it
/// keeps. Only a `CustomDrawing` view draws from itself; the cache never keeps those.
struct ViewDrawing {
    let context: CairoGraphicsContext
    /// Draws the root's subviews from their cached pictures where it can (nil: draws
    /// everything). Only the root's subviews are cached: a cell's own subtree is drawn
    /// into its picture without a cache.
    var cache: CellDrawingCache? = nil
    /// Where the root's subviews are drawn instead of their frames (nil: at their frames).
    var presentation: Presentation? = nil

    /// The same drawing without the cache (for the views under the root).
    var withoutCache: ViewDrawing { ViewDrawing(context: context) }

    /// Draws `view` (positioned by its frame in the current coordinate space) and its
    /// subviews; `bounds` replaces the view's own (the renderer's root, drawn at its
    /// bounds origin rounded to whole pixels).
    func draw(_ view: View, bounds drawnBounds: Rect? = nil) {
        guard view.isDrawn else { return }
        let state = DrawnViewState(view, isCell: false, bounds: drawnBounds)
        draw(state, at: state.frame.origin, customDrawing: view as? any CustomDrawing) { bounds in
            if let presentation {
                for (snapshot, placement) in presentation.snapshots { withoutCache.draw(snapshot, placement: placement) }
            }
            if let cache {
                cache.drawSubviews(of: view, bounds: bounds, with: self)
            } else if let presentation {
                for subview in view.subviews {
                    if let placement = presentation.views[ObjectIdentifier(subview)] { draw(subview, placement: placement) } else { draw(subview) }
                }
            } else {
                for subview in view.subviews { draw(subview) }
            }
        }
    }

    /// Draws a cell from the states ``DrawnViewState/walk(_:_:)`` recorded for it, in the
    /// walk's order (a view, then its subviews' subtrees if it is drawn), with the cell's
    /// frame at `origin`.
    func draw(cellStates states: [DrawnViewState], at origin: Point) {
        var next = 0
        func drawSubtree(at origin: Point) {
            let state = states[next]
            next += 1
            draw(state, at: origin, customDrawing: nil) { _ in
                for _ in 0..<state.subviewCount { drawSubtree(at: states[next].frame.origin) }
            }
        }
        guard !states.isEmpty else { return }
        drawSubtree(at: origin)
    }

    /// Draws one view from its recorded state, its frame's corner at `origin`;
    /// `drawSubviews` draws what lies above its content, given the bounds drawn.
    private func draw(_ state: DrawnViewState, at origin: Point, customDrawing: (any CustomDrawing)?,
                      drawSubviews: (Rect) -> Void) {
        guard state.isDrawn else { return }
        context.withSavedState {
            context.translate(dx: origin.x, dy: origin.y)
            context.withOpacity(state.alpha) {
                let bounds = state.bounds
                context.translate(dx: -bounds.minX, dy: -bounds.minY)
                let radius = state.cornerStyle.radius(for: bounds.size)
                if let background = state.background {
                    context.fill(bounds, cornerRadius: radius, color: background)
                }
                if let image = state.image, let rect = state.imageRect {
                    // An image view's image is the layer's contents, placed by the content
                    // mode: like UIKit's, it shows beyond the bounds unless clipsToBounds.
                    context.withSavedState {
                        if state.clipsToBounds { context.clip(to: bounds, cornerRadius: radius) }
                        context.draw(image, in: rect)
                    }
                }
                // A layer's own drawn content never spills out of its bounds (it has a
                // backing store of that size); with clipsToBounds it is also cut to the corners.
                context.withSavedState {
                    context.clip(to: bounds, cornerRadius: state.clipsToBounds ? radius : 0)
                    if let text = state.text, let style = state.textStyle, let rect = state.textRect, let color = state.textColor {
                        switch text {
                        case .plain(let plain):
                            context.drawText(plain, style: style, maxLines: state.numberOfLines, in: rect, color: color,
                                             centeredVertically: true)
                        case .attributed(let attributed):
                            context.drawText(attributed, style: style, maxLines: state.numberOfLines, in: rect, color: color,
                                             centeredVertically: true)
                        }
                    }
                    customDrawing?.draw(in: context)
                }
                context.withSavedState {
                    if state.clipsToBounds { context.clip(to: bounds, cornerRadius: radius) }
                    drawSubviews(bounds)
                }
                drawBorder(state.border, width: state.borderWidth, in: bounds, cornerRadius: radius)
            }
        }
    }

    /// The border lies inside the bounds, like a `CALayer` border: the stroke (centred on
    /// its path) runs along the bounds inset by half the line width, with the corner radius
    /// reduced by the same amount so its outer edge follows the background's corners. This
    /// is S1's tag outline, inset by half the line width so it is never clipped.
    private func drawBorder(_ color: Color?, width borderWidth: Double, in bounds: Rect, cornerRadius: Double) {
        guard let color, borderWidth > 0 else { return }
        let width = min(borderWidth, min(bounds.width, bounds.height) / 2)
        guard width > 0 else { return }
        let half = width / 2
        let path = Rect(x: bounds.minX + half, y: bounds.minY + half,
                        width: bounds.width - width, height: bounds.height - width)
        context.stroke(path, cornerRadius: max(0, cornerRadius - half), color: color, lineWidth: width)
    }
}
