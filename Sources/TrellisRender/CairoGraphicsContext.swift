import CPango
import Trellis
import TrellisKit

/// A `GraphicsContext` drawing with Cairo onto any Cairo surface (image, SVG, PDF).
///
/// A class because it owns a `cairo_t` whose state (transform, clip, source) changes as
/// the renderer walks a view tree. Not thread-safe: one context belongs to one render.
public final class CairoGraphicsContext: GraphicsContext {
    /// The `cairo_t *`. Valid for the lifetime of this object.
    public let cairo: OpaquePointer
    /// Where images drawn are kept as Cairo surfaces (a window's); nil converts each image
    /// at every draw.
    let imageSurfaces: ImageSurfaces?

    /// Wraps a Cairo context; the wrapper takes its own reference and releases it on deinit.
    public convenience init(cairo: OpaquePointer) {
        self.init(cairo: cairo, imageSurfaces: nil)
    }

    init(cairo: OpaquePointer, imageSurfaces: ImageSurfaces?) {
        self.cairo = cairo_reference(cairo)
        self.imageSurfaces = imageSurfaces
    }

    deinit { cairo_destroy(cairo) }

    public func fill(_ rect: Rect, cornerRadius: Double, color: Color) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        addRoundedRect(rect, radius: cornerRadius)
        setSource(color)
        cairo_fill(cairo)
    }

    public func stroke(_ rect: Rect, cornerRadius: Double, color: Color, lineWidth: Double) {
        guard lineWidth > 0, color.alpha > 0, rect.width >= 0, rect.height >= 0 else { return }
        addRoundedRect(rect, radius: cornerRadius)
        setSource(color)
        cairo_set_line_width(cairo, lineWidth)
        cairo_set_dash(cairo, nil, 0, 0)
        cairo_stroke(cairo)
    }

    public func strokeLine(from start: Point, to end: Point, color: Color, lineWidth: Double, dash: [Double]) {
        guard lineWidth > 0, color.alpha > 0 else { return }
        cairo_new_path(cairo)
        cairo_move_to(cairo, start.x, start.y)
        cairo_line_to(cairo, end.x, end.y)
        setSource(color)
        cairo_set_line_width(cairo, lineWidth)
        dash.withUnsafeBufferPointer { cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), 0) }
        cairo_stroke(cairo)
        cairo_set_dash(cairo, nil, 0, 0)
    }

    public func withSavedState(_ body: () -> Void) {
        cairo_save(cairo)
        body()
        cairo_restore(cairo)
    }

    public func clip(to rect: Rect, cornerRadius: Double) {
        addRoundedRect(rect, radius: cornerRadius)
        cairo_clip(cairo)
    }

    /// Moves the origin by (`dx`, `dy`) for everything drawn after (until the enclosing
    /// `withSavedState` ends).
    public func translate(dx: Double, dy: Double) {
        cairo_translate(cairo, dx, dy)
    }

    /// Draws everything `body` draws into an offscreen group, then composites it with
    /// `alpha` (what a view with `alpha < 1` needs: its subviews fade together, overlaps
    /// do not show through each other).
    public func withOpacity(_ alpha: Double, _ body: () -> Void) {
        guard alpha < 1 else { return body() }
        cairo_push_group(cairo)
        body()
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, max(0, alpha))
    }

    // MARK: Paths

    /// A rectangle with quarter-circle corners of `radius` (clamped to half the shorter
    /// side, so a radius of height / 2 gives a pill), as a new closed sub-path.
    func addRoundedRect(_ rect: Rect, radius: Double) {
        cairo_new_path(cairo)
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        guard r > 0 else {
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - r, rect.minY + r, r, -quarter, 0)
        cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, quarter)
        cairo_arc(cairo, rect.minX + r, rect.maxY - r, r, quarter, 2 * quarter)
        cairo_arc(cairo, rect.minX + r, rect.minY + r, r, 2 * quarter, 3 * quarter)
        cairo_close_path(cairo)
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }
}
