import CPango
import Trellis
import TrellisKit
import TrellisPango
import TrellisText

/// Draws a view tree with Cairo and Pango into PNG, SVG or PDF.
///
/// The canvas is the root view's bounds: its size in points, times ``RenderOptions/scale``
/// pixels for PNG. Each view draws the way a `UIView` with a `CALayer` does: background
/// (with its corner style), then its own content (a `Label`'s text, or
/// `CustomDrawing`), then its subviews in order, then its border on top, the
/// border stroked inside the bounds so it is never clipped. Hidden views and views with
/// alpha 0 are skipped; a view with alpha below 1 is composited as a group.
///
/// To draw a laid-out collection, put its cells into a view at their layout frames (a
/// `CollectionView` does that itself) and render that view.
///
/// Text is drawn by Pango, so labels must be measured by Pango too: creating a renderer
/// installs `PangoTextMeasurer.shared` as the `DefaultTextMeasurer`
/// when no measurer was installed. Labels created before that keep the measurer they were
/// made with; install it at start-up to be sure.
public struct Renderer: Sendable {
    public var options: RenderOptions

    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
        if !DefaultTextMeasurer.isInstalled { DefaultTextMeasurer.install(PangoTextMeasurer.shared) }
    }

    /// Renders `view` and writes it to `path` in the format its extension names. The file
    /// appears complete or not at all.
    ///
    /// - Throws: ``RenderError`` with code `unknownFormat`, `unwritableOutput`,
    ///   `invalidCanvas` or `cairoFailure`.
    /// - Complexity: O(views + drawn pixels).
    public func write(_ view: View, to path: String) throws {
        let format = try RenderFormat(path: path)
        let bytes = try render(view, as: format)
        try AtomicFile.write(bytes, to: path)
    }

    /// Renders `view` and returns the file's bytes.
    ///
    /// - Complexity: O(views + drawn pixels).
    public func render(_ view: View, as format: RenderFormat) throws -> [UInt8] {
        switch format {
        case .png:
            return try rasterize(view).pngData()
        case .svg, .pdf:
            let size = view.bounds.size
            _ = try checkCanvas(size, format: format)
            return try CairoByteSink.collect { sink in
                let surface = format == .svg
                    ? cairo_svg_surface_create_for_stream(CairoByteSink.write, sink, size.width, size.height)
                    : cairo_pdf_surface_create_for_stream(CairoByteSink.write, sink, size.width, size.height)
                defer { cairo_surface_destroy(surface) }
                if format == .svg { cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1) }
                let status = draw(view, onto: surface!, scale: 1)
                cairo_surface_finish(surface)
                return status != CAIRO_STATUS_SUCCESS ? status : cairo_surface_status(surface)
            }
        }
    }

    /// Renders `view` into a bitmap of ceil(size × scale) pixels.
    ///
    /// - Complexity: O(views + pixels).
    public func rasterize(_ view: View) throws -> RasterImage {
        let (width, height) = try checkCanvas(view.bounds.size, format: .png)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let status = draw(view, onto: surface, scale: options.scale)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(.cairoFailure, "Cairo failed while drawing: \(String(cString: cairo_status_to_string(status)))")
        }
        return RasterImage(surface: surface)
    }

    /// Runs layout passes until a pass moves no frame and the root no longer needs layout
    /// (at most `maximumPasses`), as a run loop lays out until the tree is settled before it
    /// draws. One pass is not always enough: `layoutIfNeeded` solves constraints before it
    /// calls `layoutSubviews`, so a view that resizes a subview in `layoutSubviews` (a cell
    /// fitting its content view to its bounds) leaves the constraints below it solved for
    /// the old size until the next pass; and a collection view whose pass moved its content
    /// offset (scroll anchoring) is marked as needing layout again, which the next pass
    /// settles without measuring anything.
    ///
    /// Drawing never lays out (``draw(_:into:overlayScale:cache:presentation:)`` draws the tree as it
    /// is): a window lays out here in its allocation, `render` before it rasterizes.
    /// - Complexity: O(views) per pass plus the layout itself; one pass for a tree whose
    ///   layout moves nothing.
    public static func layOutUntilSettled(_ root: View, maximumPasses: Int = 4) {
        var previous: [Rect] = []
        collectFrames(root, into: &previous)
        for _ in 0..<maximumPasses {
            root.layoutIfNeeded()
            var frames: [Rect] = []
            collectFrames(root, into: &frames)
            if frames == previous && !root.needsLayout { return }
            previous = frames
        }
    }

    private static func collectFrames(_ view: View, into frames: inout [Rect]) {
        frames.append(view.frame)
        for subview in view.subviews { collectFrames(subview, into: &frames) }
    }

    /// Draws the tree onto `surface` and returns Cairo's status.
    private func draw(_ root: View, onto surface: OpaquePointer, scale: Double) -> cairo_status_t {
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_scale(cairo, scale, scale)
        Self.layOutUntilSettled(root)
        draw(root, into: cairo, overlayScale: scale)
        return cairo_status(cairo)
    }
}
