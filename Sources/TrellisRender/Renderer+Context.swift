import CPango
import Trellis
import TrellisKit

extension Renderer {
    /// Draws `view` into an existing Cairo context — a window's, as the GTK host does —
    /// exactly as ``rasterize(_:)`` draws it into a bitmap: the canvas colour, then the
    /// tree, with the view's bounds origin at the context's origin. It lays nothing out:
    /// the tree is drawn as it is, so lay it out first (``layOutUntilSettled(_:maximumPasses:)``),
    /// as a window does in its allocation and never while it draws.
    /// `options.scale` is not applied (the context's owner sets its transform: GTK replays
    /// the drawing at the surface's scale); the debug overlay is drawn when asked for.
    ///
    /// On a bitmap (an image surface, or any target when a `cache` is given) the root's
    /// bounds origin — a collection view's content offset — is drawn rounded to whole
    /// pixels, as GTK, Chromium and Android draw scrolled content: each cell then has the
    /// same pixels at every scroll offset, so a scrolled frame can copy them from `cache`.
    /// Layout keeps the exact offset; on screen the content is at most half a pixel from it.
    ///
    /// - Parameters:
    ///   - view: the root of the tree to draw; its bounds origin lands at the context's origin.
    ///   - cairo: a `cairo_t *`; its state is saved and restored around the drawing.
    ///   - overlayScale: the pixels per point the debug overlay's hairlines are drawn for.
    ///   - cache: the pictures of the cells of earlier frames (a window's), reused where a
    ///     cell did not change; nil draws every view.
    ///   - presentation: where the root's subviews are drawn while an update animates,
    ///     instead of at their frames, and the pictures of views that left (see
    ///     ``Presentation``); nil or empty: at their frames.
    /// - Complexity: O(views) plus the drawn pixels; with a cache, the pixels of the cells
    ///   that changed plus a copy of the others.
    public func draw(_ view: View, into cairo: OpaquePointer, overlayScale: Double = 1, cache: CellDrawingCache? = nil,
                     presentation: Presentation? = nil) {
        let context = CairoGraphicsContext(cairo: cairo, imageSurfaces: cache?.imageSurfaces, roundedRectTiles: cache?.roundedRectTiles)
        context.withSavedState {
            // The root's bounds origin, rounded so that its content lands on whole pixels.
            var bounds = view.bounds
            if cache != nil || cairo_surface_get_type(cairo_get_target(cairo)) == CAIRO_SURFACE_TYPE_IMAGE {
                let shift = Self.wholePixelShift(of: bounds.origin, cairo: cairo, replayScale: cache?.replayScale ?? 1)
                bounds.origin = Point(x: bounds.minX - shift.x, y: bounds.minY - shift.y)
            }
            // Dynamic colours are drawn as the root's traits resolve them (light or dark,
            // the host's palette).
            let canvas = options.background?.resolvedColor(with: view.traitCollection)
            if let background = canvas,
               !Self.coversCanvas(view, bounds: bounds, cairo: cairo, replayScale: cache?.replayScale ?? 1) {
                context.setSource(background)
                cairo_paint(cairo)
            }
            context.translate(dx: -view.frame.minX, dy: -view.frame.minY)
            cache?.canvas = canvas
            ViewDrawing(context: context, cache: cache, presentation: presentation?.isEmpty == false ? presentation : nil)
                .draw(view, bounds: bounds)
            if options.debugOverlay {
                DebugOverlay(context: context, scale: overlayScale).draw(view, bounds: bounds)
            }
        }
    }

    /// Whether the root's own background hides every pixel of the canvas the context can
    /// draw on (opaque, square, on whole pixels, over the whole clip): painting the canvas
    /// colour first would change no pixel, and costs a pass over the whole surface.
    static func coversCanvas(_ root: View, bounds: Rect, cairo: OpaquePointer, replayScale: Double) -> Bool {
        guard root.isDrawn, root.alpha >= 1, let color = root.backgroundColor?.resolvedColor(with: root.traitCollection), color.alpha >= 1,
              root.cornerStyle.radius(for: bounds.size) == 0,
              let geometry = PixelGeometry(cairo, replayScale: replayScale) else { return false }
        // The root's background lands on (0, 0, width, height) of the context's space.
        let drawn = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        return geometry.isOnWholePixels(drawn) && drawn.encloses(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
    }

    /// How far (in the context's units) to move a root whose bounds origin is `origin` so
    /// that its content lands on whole pixels of the target (zero when the transform
    /// rotates or skews, where there is no pixel grid to snap to).
    static func wholePixelShift(of origin: Point, cairo: OpaquePointer, replayScale: Double) -> Point {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0,
              let replayScale = PixelGeometry.deviceUnitsScale(cairo, replayScale: replayScale) else { return Point(x: 0, y: 0) }
        func shift(_ offset: Double, _ scale: Double, _ translation: Double) -> Double {
            let pixel = (translation - offset * scale) * replayScale
            return (pixel.rounded() - pixel) / (scale * replayScale)
        }
        return Point(x: shift(origin.x, matrix.xx, matrix.x0), y: shift(origin.y, matrix.yy, matrix.y0))
    }
}
