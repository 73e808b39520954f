import Trellis
import TrellisKit

/// Walks a view tree and draws each view the way a layer-backed `UIView` appears.
///
/// Every property read here must also be in `DrawnViewState`, which is how
/// `CellDrawingCache` tells that a cell's kept picture is still what this would draw: a
/// property drawn but not recorded there leaves stale pictures on screen.
struct ViewDrawing {
    let context: CairoGraphicsContext
    /// Draws the root's subviews from their cached pictures where it can (nil: draws
    /// everything). Only the root's subviews are cached: a cell's own subtree is drawn
    /// into its picture without a cache.
    var cache: CellDrawingCache? = nil

    /// The same drawing without the cache (for the views under the root).
    var withoutCache: ViewDrawing { ViewDrawing(context: context) }

    /// Draws `view` (positioned by its frame in the current coordinate space) and its
    /// subviews; `bounds` replaces the view's own (the renderer's root, drawn at its
    /// bounds origin rounded to whole pixels).
    func draw(_ view: View, bounds drawnBounds: Rect? = nil) {
        guard !view.isHidden, view.alpha > 0 else { return }
        context.withSavedState {
            context.translate(dx: view.frame.minX, dy: view.frame.minY)
            context.withOpacity(view.alpha) {
                let bounds = drawnBounds ?? view.bounds
                context.translate(dx: -bounds.minX, dy: -bounds.minY)
                let radius = view.cornerStyle.radius(for: bounds.size)
                if let background = view.backgroundColor {
                    context.fill(bounds, cornerRadius: radius, color: background)
                }
                if let imageView = view as? ImageView, let image = imageView.image, let rect = imageView.imageRect {
                    // An image view's image is the layer's contents, placed by the content
                    // mode: like UIKit's, it shows beyond the bounds unless clipsToBounds.
                    context.withSavedState {
                        if view.clipsToBounds { context.clip(to: bounds, cornerRadius: radius) }
                        context.draw(image, in: rect)
                    }
                }
                // A layer's own drawn content never spills out of its bounds (it has a
                // backing store of that size); with clipsToBounds it is also cut to the corners.
                context.withSavedState {
                    context.clip(to: bounds, cornerRadius: view.clipsToBounds ? radius : 0)
                    drawContent(of: view, in: bounds)
                }
                context.withSavedState {
                    if view.clipsToBounds { context.clip(to: bounds, cornerRadius: radius) }
                    if let cache {
                        cache.drawSubviews(of: view, bounds: bounds, with: self)
                    } else {
                        for subview in view.subviews { draw(subview) }
                    }
                }
                drawBorder(of: view, in: bounds, cornerRadius: radius)
            }
        }
    }

    private func drawContent(of view: View, in bounds: Rect) {
        if let label = view as? Label {
            LabelText(label).draw(in: context, bounds: bounds)
        }
        if let custom = view as? any CustomDrawing {
            custom.draw(in: context)
        }
    }

    /// The border lies inside the bounds, like a `CALayer` border: the stroke (centred on
    /// its path) runs along the bounds inset by half the line width, with the corner radius
    /// reduced by the same amount so its outer edge follows the background's corners. This
    /// is S1's tag outline, inset by half the line width so it is never clipped.
    private func drawBorder(of view: View, in bounds: Rect, cornerRadius: Double) {
        guard let color = view.borderColor, view.borderWidth > 0 else { return }
        let width = min(view.borderWidth, min(bounds.width, bounds.height) / 2)
        guard width > 0 else { return }
        let half = width / 2
        let path = Rect(x: bounds.minX + half, y: bounds.minY + half,
                        width: bounds.width - width, height: bounds.height - width)
        context.stroke(path, cornerRadius: max(0, cornerRadius - half), color: color, lineWidth: width)
    }
}
