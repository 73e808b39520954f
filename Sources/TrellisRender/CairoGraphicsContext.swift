#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
    /// The corners of rounded rectangles drawn on a bitmap (a window's, kept across its
    /// frames; else this context's own, made when first needed).
    private var roundedRectTiles: RoundedRectTiles?

    /// Wraps a Cairo context; the wrapper takes its own reference and releases it on deinit.
    public convenience init(cairo: OpaquePointer) {
        self.init(cairo: cairo, imageSurfaces: nil)
    }

    init(cairo: OpaquePointer, imageSurfaces: ImageSurfaces?, roundedRectTiles: RoundedRectTiles? = nil) {
        self.cairo = cairo_reference(cairo)
        self.imageSurfaces = imageSurfaces
        self.roundedRectTiles = roundedRectTiles
    }

    private var tiles: RoundedRectTiles {
        if let roundedRectTiles { return roundedRectTiles }
        let tiles = RoundedRectTiles()
        roundedRectTiles = tiles
        return tiles
    }

    deinit { cairo_destroy(cairo) }

    public func fill(_ rect: Rect, cornerRadius: Double, color: Color) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        // On a bitmap a rounded rectangle is drawn from its corners' kept pixels.
        if cornerRadius > 0, tiles.fill(rect, radius: cornerRadius, color: color, on: cairo) { return }
        addRoundedRect(rect, radius: cornerRadius)
        setSource(color)
        cairo_fill(cairo)
    }

    public func stroke(_ rect: Rect, cornerRadius: Double, color: Color, lineWidth: Double) {
        guard lineWidth > 0, color.alpha > 0, rect.width >= 0, rect.height >= 0 else { return }
        if cornerRadius > 0, tiles.stroke(rect, radius: cornerRadius, lineWidth: lineWidth, color: color, on: cairo) { return }
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

    /// The soft shadow a lifted view casts around `rect` (a rounded rectangle of
    /// `cornerRadius`), as Core Animation's layer shadow: `color` (its alpha the shadow's
    /// opacity) blurred over `blur` points (`shadowRadius`), moved by `offset`
    /// (`shadowOffset`). Drawn outside `rect` only, so what is drawn over `rect` afterwards
    /// shows no shadow through its transparent parts.
    ///
    /// The blur is approximated by nested copies of the shape, from `blur` inside its edge
    /// to `blur` outside, whose alphas compound to `color.alpha` inside and fall off
    /// linearly to nothing: half the opacity at the shape's edge, as a Gaussian blur of the
    /// shape has it.
    public func fillShadow(around rect: Rect, cornerRadius: Double, color: Color, blur: Double, offset: Size) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let blur = max(0, blur)
        let shadow = Rect(x: rect.minX + offset.width, y: rect.minY + offset.height, width: rect.width, height: rect.height)
        cairo_save(cairo)
        // Clip to everything but `rect`: an outer rectangle and the shape, even-odd.
        let margin = blur + abs(offset.width) + abs(offset.height) + 1
        cairo_new_path(cairo)
        cairo_rectangle(cairo, rect.minX - margin, rect.minY - margin, rect.width + 2 * margin, rect.height + 2 * margin)
        addRoundedRect(rect, radius: cornerRadius, startingNewPath: false)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        // One layer a point of the blur each side (at least one): each layer's alpha is
        // chosen so that all of them over each other give `color.alpha`.
        let layers = max(1, Int((2 * blur).rounded(.up)))
        let layerAlpha = 1 - pow(1 - min(color.alpha, 0.999), 1 / Double(layers))
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, layerAlpha)
        for layer in 0..<layers {
            // From `blur` outside the edge inward to `blur` inside it.
            let grow = layers == 1 ? 0 : blur - 2 * blur * Double(layer) / Double(layers - 1)
            let shape = Rect(x: shadow.minX - grow, y: shadow.minY - grow, width: shadow.width + 2 * grow, height: shadow.height + 2 * grow)
            guard shape.width > 0, shape.height > 0 else { continue }
            addRoundedRect(shape, radius: max(0, cornerRadius + grow))
            cairo_fill(cairo)
        }
        cairo_restore(cairo)
    }

    // MARK: Paths

    /// A rectangle with quarter-circle corners of `radius` (clamped to half the shorter
    /// side, so a radius of height / 2 gives a pill), as a new closed sub-path — of a new
    /// path, or added to the current one.
    func addRoundedRect(_ rect: Rect, radius: Double, startingNewPath: Bool = true) {
        if startingNewPath { cairo_new_path(cairo) }
        Self.addRoundedRect(rect, radius: radius, to: cairo)
    }

    /// ``addRoundedRect(_:radius:startingNewPath:)`` on any context, added to its path.
    static func addRoundedRect(_ rect: Rect, radius: Double, to cairo: OpaquePointer) {
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
