import CPango
import Trellis
import TrellisKit

/// Keeps each visible cell's drawing as pixels, so that a frame in which a cell only moved
/// copies its pixels instead of drawing it again — what UIKit's layers and GTK's render
/// nodes do for a scrolled list. Pass one to ``Renderer/draw(_:into:overlayScale:cache:presentation:)``
/// on every frame of a window (the GTK host does, and so does the scroll benchmark).
///
/// A cell is drawn again only when what its drawing reads changed (any view of its subtree:
/// size, bounds, colours, border, corners, alpha, hidden, a label's text, style, lines,
/// colour and text box, an image view's image and rectangle), or its sub-pixel position,
/// the scale or the colour under it changed. The comparison walks the cell's views without
/// allocating; no `setNeedsDisplay` is needed.
///
/// The pixels are those of drawing the cell straight into the target, exactly: a cell is
/// drawn into its picture at the same fraction of a pixel it has on the target, over the
/// same opaque colour that lies under it there (the collection's background), and copied
/// at a whole-pixel offset. So a cell is cached only where the colour under it is one opaque
/// colour — the root view (the collection view) has an opaque background or sits on an
/// opaque canvas, square corners, alpha 1, bounds on whole pixels, and no view drawn before
/// the cell wrote a pixel the cell's picture covers (cells that touch on whole pixels share
/// none; cells whose shared edge falls inside a pixel do) — and only when nothing of it is
/// drawn outside its bounds and no view of it draws itself (`CustomDrawing`). Anything else
/// is drawn directly, as without a cache.
///
/// A picture pays when the cell stays: a frame that follows one which drew most of its
/// cells anew (a fling, a jump: each frame a page of new content) draws its new and changed
/// cells straight onto the target from the same states, without a picture
/// (``cellsDrawnDirectly``), as GTK's own widgets record their drawing for the renderer;
/// such a cell still in view and unchanged in the next frame gets its picture then.
///
/// Memory: the pictures of the cells drawn in the last frame, 4 bytes a pixel at the
/// target's scale (about the visible area of the cells: ~1.9 MB for an 800×600 window
/// full of cells at scale 1, 4× at scale 2), plus up to ``spareLimit`` pictures kept for
/// reuse, plus those given up in the last frame on a recording (below), plus the kept
/// corners of rounded backgrounds and borders (a few KB for a page of tags, at most 4 MB),
/// plus up to 256 entries of cells that left with their emptied states' buffers (room for
/// a record of a few hundred bytes for each view the cell had).
/// Entries of cells not drawn in a frame are dropped at its end.
///
/// On a recording target (GTK's Cairo node), the recording holds the pictures put on it
/// until GTK has shown the next frame, and Cairo copies a held picture before it is drawn
/// into again or freed. So a picture given up there rests for a frame before it is reused
/// or freed, and a cell put on a recording in the last frame is redrawn into another one.
///
/// Not thread-safe: one cache belongs to one window (its main thread).
public final class CellDrawingCache {
    /// How many pixels one unit of the target context becomes when the target is shown: 1
    /// for an image surface (its own device scale, if it has one, is read from the surface);
    /// the window's scale factor for a GTK Cairo node, which GTK records in points and
    /// replays at the surface's scale. Set it before each frame.
    public var replayScale: Double = 1

    /// The colour painted under the root view (the canvas), when known: the underlay of
    /// the cells when the root view has no background of its own.
    var canvas: Color?

    /// Cells drawn into their pictures in the last frame (content changed or new, or drawn
    /// directly in the frame before and still in view).
    public private(set) var cellsDrawn = 0
    /// Cells drawn straight onto the target from their states in the last frame, without a
    /// picture, because the frame before drew most of its cells anew (see the type).
    public private(set) var cellsDrawnDirectly = 0
    /// Cells put on the target from their pictures in the last frame (those drawn into
    /// their pictures in it included); the other visible cells were drawn from their states
    /// without pictures (``cellsDrawnDirectly``) or as views, as without a cache.
    public private(set) var cellsCopied = 0
    /// Bytes of pixels held (the pictures in use and the spare ones).
    public private(set) var byteCount = 0

    /// How many unused pictures are kept for cells that need a new one.
    public let spareLimit = 32

    /// The images drawn recently, as Cairo surfaces: a photo drawn again (its cell scrolled
    /// back into view, or drawn again for a new state) is not converted again.
    public let imageSurfaces = ImageSurfaces()

    /// The corners of the rounded rectangles drawn into the pictures (backgrounds and
    /// borders): a tag's are rasterised once, not for each new cell.
    let roundedRectTiles = RoundedRectTiles()

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Entries of cells that left, kept with their states' buffers for cells that come
    /// in: a fling's page of new cells records its states without allocating.
    private var spareEntries: [Entry] = []
    private let spareEntryLimit = 256
    private var spares: [Picture] = []
    /// Pictures given up in this frame that the last frame's recording may still hold.
    private var resting: [Picture] = []
    /// Those given up in the last frame: free of any recording from this frame on.
    private var rested: [Picture] = []
    /// Whether this frame's target is a recording, which holds the pictures put on it.
    private var targetHoldsPictures = false
    /// Cells of the last frame drawn from their states (copied, or drawn into their pictures
    /// or directly), and of those the new or changed ones.
    private var cachedCells = 0, changedCells = 0
    /// Whether this frame draws its new and changed cells directly (see the type).
    private var drawsChangedCellsDirectly = false
    private var frame = 0
    /// The target pixels earlier views of the frame wrote, when the target has a pixel grid.
    private var covered: [PixelRect] = []
    private var stale: [ObjectIdentifier] = []

    public init() {}

    deinit {
        for entry in entries.values { if let picture = entry.picture { cairo_surface_destroy(picture.surface) } }
        for spare in spares + resting + rested { cairo_surface_destroy(spare.surface) }
    }

    // MARK: One frame

    /// Draws `root`'s subviews (the cells and anything else), from pictures where it can;
    /// `drawing`'s context is in `root`'s bounds coordinates, `bounds` the root's bounds as
    /// drawn.
    func drawSubviews(of root: View, bounds: Rect, with drawing: ViewDrawing) {
        frame &+= 1
        let lastFrameDrewMostCellsAnew = changedCells > 4 && 2 * changedCells > cachedCells
        cellsDrawn = 0
        cellsDrawnDirectly = 0
        cellsCopied = 0
        cachedCells = 0
        changedCells = 0
        covered.removeAll(keepingCapacity: true)
        let cairo = drawing.context.cairo
        targetHoldsPictures = cairo_surface_get_type(cairo_get_target(cairo)) == CAIRO_SURFACE_TYPE_RECORDING
        // The pictures given up two frames ago are held by no recording now.
        for picture in rested { keepSpare(picture) }
        rested.removeAll(keepingCapacity: true)
        swap(&rested, &resting)
        let geometry = PixelGeometry(cairo, replayScale: replayScale)
        // Straight onto a bitmap, or a recording whose units are the pixels it is replayed
        // on, a cell has the very pixels its picture would copy. A recording replayed at
        // another scale keeps coordinates to 1/256 of its unit and leaves glyph positions
        // unrounded, so a cell drawn there would change by a shade when it got its picture.
        drawsChangedCellsDirectly = lastFrameDrewMostCellsAnew && (!targetHoldsPictures || geometry?.replayScale == 1)
        // The tiles of rounded shapes drawn straight onto a recording land on the pixels
        // GTK replays it at, as the pictures do.
        roundedRectTiles.recordingReplayScale = geometry?.replayScale
        defer { roundedRectTiles.recordingReplayScale = nil }
        let underlay = geometry.flatMap { underlayColor(of: root, bounds: bounds, geometry: $0) }
        // Views an animation draws elsewhere are placed there; ghosts drawn under them
        // (pictures of views that left) cover what they cover.
        let presentation = drawing.presentation
        if let presentation, let geometry {
            for (snapshot, placement) in presentation.snapshots where placement.alpha > 0 {
                covered.append(geometry.pixelsTouched(by: Rect(origin: placement.frame.origin, size: snapshot.size)))
            }
        }
        for subview in root.subviews where subview.isDrawn {
            let placement = presentation?.views[ObjectIdentifier(subview)]
            if let placement, placement.alpha <= 0 { continue }
            // Where the view and its subviews draw, where it is drawn: a walk of its subtree,
            // made only when asked (not for a cell over the canvas colour or in a clipping root).
            var knownExtent: Rect?
            func extent() -> Rect {
                if let knownExtent { return knownExtent }
                var extent = drawnExtent(of: subview)
                if let placement {
                    extent = extent.offsetBy(dx: placement.frame.minX - subview.frame.minX, dy: placement.frame.minY - subview.frame.minY)
                }
                knownExtent = extent
                return extent
            }
            if let geometry, let underlay, subview is CollectionViewCell,
               root.clipsToBounds || underlay == canvas || bounds.encloses(extent().insetBy(-1)),
               let landing = put(subview, geometry: geometry, underlay: underlay, drawing: drawing, placement: placement) {
                covered.append(PixelRect(landing))
                continue
            }
            if let placement {
                drawing.withoutCache.draw(subview, placement: placement)
            } else {
                drawing.withoutCache.draw(subview)
            }
            if let geometry { covered.append(pixelsTouched(byDrawing: subview, extent: extent(), placement: placement, geometry: geometry)) }
        }
        dropEntriesNotDrawn()
    }

    /// The pixels a view drawn directly wrote. A cell whose views all lie inside its bounds
    /// is taken to draw inside them, as its picture would (the pixels of its frame); for
    /// anything else the extent of its views, and a margin for what spills over them.
    private func pixelsTouched(byDrawing view: View, extent: Rect, placement: Presentation.Placement?, geometry: PixelGeometry) -> PixelRect {
        if view is CollectionViewCell, DrawnViewState.walk(view, { _, _ in true }) {
            return PixelRect(geometry.landing(of: view, placement: geometry.placement(of: view.frame), presentedAt: placement))
        }
        return geometry.pixelsTouched(by: extent)
    }

    /// The one opaque colour under the root's subviews, or nil when there is none.
    private func underlayColor(of root: View, bounds: Rect, geometry: PixelGeometry) -> Color? {
        guard root.alpha >= 1, root.cornerStyle.radius(for: bounds.size) == 0, !(root is Label), !(root is any CustomDrawing),
              (root as? ImageView)?.image == nil, geometry.isOnWholePixels(bounds) else { return nil }
        let color = root.backgroundColor?.resolvedColor(with: root.traitCollection) ?? canvas
        guard let color, color.alpha >= 1 else { return nil }
        return color
    }

    /// Puts `cell` on the target from its picture, drawing the picture first when the cell
    /// changed (or straight onto the target, in a frame that draws changed cells directly),
    /// and returns the pixels it wrote. Nil when the cell cannot be cached or its pixels
    /// would overwrite an earlier view's share of a pixel (the caller draws it).
    private func put(_ cell: View, geometry: PixelGeometry, underlay: Color, drawing: ViewDrawing,
                     placement presented: Presentation.Placement?) -> Placement? {
        let key = ObjectIdentifier(cell)
        let placement = geometry.placement(of: cell.frame)
        guard placement.width > 0, placement.height > 0, placement.width <= 8192, placement.height <= 8192 else { return nil }
        // Where the picture goes: at the cell's frame, or where the animation draws it. The
        // copy replaces every pixel there, so none of them may hold an earlier view's
        // drawing; touching views on whole pixels share none.
        let landing = geometry.landing(of: cell, placement: placement, presentedAt: presented)
        let landed = PixelRect(landing)
        guard !covered.contains(where: { $0.intersects(landed) }) else { return nil }
        func put(_ picture: Picture, of entry: Entry) -> Placement {
            if let presented {
                geometry.copy(picture, to: landing, alpha: presented.alpha)
            } else {
                geometry.copy(picture, to: landing)
            }
            entry.isHeldByRecording = targetHoldsPictures
            cellsCopied += 1
            return landing
        }
        /// Draws the cell from the entry's states: straight onto the target in a frame that
        /// draws changed cells directly (exactly the pixels its picture would copy there),
        /// else into its picture, then copied.
        func draw(_ entry: Entry) -> Placement {
            if drawsChangedCellsDirectly && presented == nil {
                release(entry)
                drawing.withoutCache.draw(cellStates: entry.states, at: cell.frame.origin)
                cellsDrawnDirectly += 1
                return landing
            }
            // A picture the last frame's recording holds is not drawn into again (Cairo would
            // copy it first): it rests, and the cell takes another.
            if let picture = entry.picture, entry.isHeldByRecording || !picture.fits(placement) { release(entry) }
            let picture = entry.picture ?? self.picture(for: placement)
            entry.picture = picture
            picture.draw(entry.states, cellOrigin: cell.frame.origin, placement: placement, scale: geometry.scale, underlay: underlay,
                         images: imageSurfaces, tiles: roundedRectTiles)
            cellsDrawn += 1
            return put(picture, of: entry)
        }
        let existing = entries[key]
        if let entry = existing, entry.placement.matches(placement), entry.scale == geometry.scale, entry.underlay == underlay,
           entry.stateMatches(cell) {
            entry.frame = frame
            entry.placement = placement
            cachedCells += 1
            if let picture = entry.picture { return put(picture, of: entry) }
            // Drawn directly in the last frame and still in view, unchanged: drawn directly
            // again while most cells are new (it is likely to leave with them), else it
            // stays, and gets its picture now.
            return draw(entry)
        }
        // The states are recorded into the buffer of the cell's outdated ones, or of a cell
        // that left: no new array for each new cell.
        let entry = existing ?? spareEntries.popLast() ?? Entry()
        var states: [DrawnViewState] = []
        swap(&states, &entry.states)
        states.removeAll(keepingCapacity: true)
        // Each state is made into the array (not handed to a closure and copied there: a
        // copy retains, and the original then releases, every text, font and colour in it).
        guard DrawnViewState.walk(cell, { view, isCell in states.append(DrawnViewState(view, isCell: isCell)); return true }) else {
            entry.states = states
            if existing != nil { entries.removeValue(forKey: key) }
            recycle(entry)
            return nil
        }
        cachedCells += 1
        changedCells += 1
        if existing == nil { entries[key] = entry }
        entry.states = states
        entry.placement = placement
        entry.scale = geometry.scale
        entry.underlay = underlay
        entry.frame = frame
        return draw(entry)
    }

    /// The states `cell` was last drawn from, into its picture or straight onto the target
    /// (nil: it was drawn as a view, or not at all).
    func statesLastDrawn(of cell: View) -> [DrawnViewState]? {
        entries[ObjectIdentifier(cell)]?.states
    }

    /// Frees every kept picture, spares included (the window went out of sight: a hidden
    /// page should not hold a screenful of pixels). The next frame draws every cell.
    public func removeAllPictures() {
        for entry in entries.values { if let picture = entry.picture { cairo_surface_destroy(picture.surface) } }
        for spare in spares + resting + rested { cairo_surface_destroy(spare.surface) }
        entries.removeAll()
        spareEntries.removeAll()
        spares.removeAll()
        resting.removeAll()
        rested.removeAll()
        byteCount = 0
        imageSurfaces.removeAll()
        roundedRectTiles.removeAll()
    }

    private func dropEntriesNotDrawn() {
        stale.removeAll(keepingCapacity: true)
        for (key, entry) in entries where entry.frame != frame { stale.append(key) }
        for key in stale {
            if let entry = entries.removeValue(forKey: key) { recycle(entry) }
        }
    }

    /// Gives up an entry that no longer belongs to a cell: its picture is released, and it
    /// is kept, emptied, for a cell that comes in.
    private func recycle(_ entry: Entry) {
        release(entry)
        guard spareEntries.count < spareEntryLimit else { return }
        entry.states.removeAll(keepingCapacity: true)
        entry.isHeldByRecording = false
        spareEntries.append(entry)
    }

    // MARK: Pictures

    /// A spare picture large enough, or a new one.
    private func picture(for placement: Placement) -> Picture {
        if let index = spares.firstIndex(where: { $0.fits(placement) }) {
            return spares.remove(at: index)
        }
        // A little room to spare, so a cell that grows by a pixel keeps its picture.
        let picture = Picture(width: placement.width + 8, height: placement.height + 4)
        byteCount += picture.byteCount
        return picture
    }

    /// Gives up the entry's picture: kept as a spare, or resting first when a recording
    /// holds it.
    private func release(_ entry: Entry) {
        guard let picture = entry.picture else { return }
        entry.picture = nil
        if entry.isHeldByRecording {
            resting.append(picture)
        } else {
            keepSpare(picture)
        }
    }

    private func keepSpare(_ picture: Picture) {
        if spares.count < spareLimit {
            spares.append(picture)
        } else {
            byteCount -= picture.byteCount
            cairo_surface_destroy(picture.surface)
        }
    }

    /// The rectangle `view` draws into, in its parent's coordinates: its frame and, where
    /// no ancestor clips, its subviews' and images' (conservative: clipping is ignored).
    private func drawnExtent(of view: View) -> Rect {
        var extent = view.frame
        let dx = view.frame.minX - view.bounds.minX, dy = view.frame.minY - view.bounds.minY
        if let imageRect = (view as? ImageView)?.imageRect { extent = extent.union(imageRect.offsetBy(dx: dx, dy: dy)) }
        for subview in view.subviews where subview.isDrawn {
            extent = extent.union(drawnExtent(of: subview).offsetBy(dx: dx, dy: dy))
        }
        return extent
    }

    private final class Entry {
        /// Nil when the cell was drawn directly (or its picture was given up).
        var picture: Picture?
        /// Whether the picture was last put on a recording, which may still hold it.
        var isHeldByRecording = false
        var states: [DrawnViewState] = []
        var placement = Placement()
        var scale = 0.0
        var underlay = Color.white
        /// The last frame that drew the cell.
        var frame = 0

        /// Whether `cell`'s views read as they did when it was drawn.
        func stateMatches(_ cell: View) -> Bool {
            var index = 0
            let states = states
            let walked = DrawnViewState.walk(cell) { view, isCell in
                guard index < states.count, states[index].matches(view, isCell: isCell) else { return false }
                index += 1
                return true
            }
            return walked && index == states.count
        }
    }
}

/// Where a cell lands on the target, in the target's pixels: the whole-pixel corner of its
/// picture, the fraction of a pixel its frame starts at within it, and the picture's size.
struct Placement {
    var x = 0, y = 0
    var phaseX = 0.0, phaseY = 0.0
    var width = 0, height = 0

    func matches(_ other: Placement) -> Bool {
        phaseX == other.phaseX && phaseY == other.phaseY && width == other.width && height == other.height
    }
}

/// A rectangle of whole target pixels, `x0..<x1` by `y0..<y1`.
struct PixelRect {
    var x0, y0, x1, y1: Int

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    init(_ placement: Placement) {
        self.init(x0: placement.x, y0: placement.y, x1: placement.x + placement.width, y1: placement.y + placement.height)
    }

    /// Whether the two share a pixel (rectangles that only touch share none).
    func intersects(_ other: PixelRect) -> Bool {
        x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1
    }
}

/// The pixel grid of the target under the current transform: a scale (pixels per unit of
/// the root's coordinates) and an offset, or nil when the transform rotates, skews or
/// scales the axes differently.
struct PixelGeometry {
    let cairo: OpaquePointer
    let replayScale: Double
    /// Pixels per point.
    let scale: Double
    let offsetX: Double, offsetY: Double

    init?(_ cairo: OpaquePointer, replayScale: Double) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx == matrix.yy, matrix.xx > 0,
              let replayScale = Self.deviceUnitsScale(cairo, replayScale: replayScale) else { return nil }
        self.cairo = cairo
        self.replayScale = replayScale
        scale = matrix.xx * replayScale
        offsetX = matrix.x0 * replayScale
        offsetY = matrix.y0 * replayScale
    }

    /// Target pixels per unit of the context's device space: the replay scale (a recording
    /// GTK paints at the window's scale) times the target surface's own device scale
    /// (`cairo_surface_set_device_scale`, which `cairo_get_matrix` leaves out); nil when
    /// the two axes differ.
    static func deviceUnitsScale(_ cairo: OpaquePointer, replayScale: Double) -> Double? {
        var deviceX = 1.0, deviceY = 1.0
        cairo_surface_get_device_scale(cairo_get_target(cairo), &deviceX, &deviceY)
        guard deviceX == deviceY, deviceX > 0, replayScale > 0 else { return nil }
        return replayScale * deviceX
    }

    func isOnWholePixels(_ rect: Rect) -> Bool {
        func whole(_ value: Double) -> Bool { abs(value - value.rounded()) < 1e-6 }
        return whole(rect.minX * scale + offsetX) && whole(rect.minY * scale + offsetY)
            && whole(rect.maxX * scale + offsetX) && whole(rect.maxY * scale + offsetY)
    }

    /// Where a view placed at `placement` (its frame's pixels) lands: there, or where an
    /// animation draws it.
    func landing(of view: View, placement: Placement, presentedAt presented: Presentation.Placement?) -> Placement {
        presented.map { self.placement(placement, of: view.frame, presentedAt: $0.frame) } ?? placement
    }

    /// The pixels a view drawn directly into `extent` may touch: the extent grown by a
    /// point (at least a pixel) for what its drawing spills over its box — antialiased
    /// edges, glyphs that overhang their line — and rounded out to whole pixels.
    func pixelsTouched(by extent: Rect) -> PixelRect {
        let grown = extent.insetBy(-max(1, 1 / scale))
        func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            let rounded = value.rounded(rule)
            return rounded.isFinite ? Int(max(-1e9, min(1e9, rounded))) : (value < 0 ? -1_000_000_000 : 1_000_000_000)
        }
        return PixelRect(
            x0: pixel(grown.minX * scale + offsetX, .down), y0: pixel(grown.minY * scale + offsetY, .down),
            x1: pixel(grown.maxX * scale + offsetX, .up), y1: pixel(grown.maxY * scale + offsetY, .up))
    }

    func placement(of frame: Rect) -> Placement {
        let left = frame.minX * scale + offsetX, top = frame.minY * scale + offsetY
        let x = left.rounded(.down), y = top.rounded(.down)
        let phaseX = left - x, phaseY = top - y
        // A width within rounding error of whole pixels must not gain an empty column.
        let width = (phaseX + frame.width * scale - 1e-9).rounded(.up)
        let height = (phaseY + frame.height * scale - 1e-9).rounded(.up)
        guard width.isFinite, height.isFinite, abs(x) < 1e9, abs(y) < 1e9, width < 1e9, height < 1e9 else { return Placement() }
        return Placement(x: Int(x), y: Int(y), phaseX: phaseX, phaseY: phaseY, width: Int(width), height: Int(height))
    }

    /// Copies the picture's `placement.width × placement.height` pixels to their place.
    func copy(_ picture: Picture, to placement: Placement) {
        cairo_save(cairo)
        // Units of whole target pixels, so the copy lands on the pixel grid (after GTK's
        // replay too) and Cairo copies the pixels without filtering.
        cairo_identity_matrix(cairo)
        cairo_scale(cairo, 1 / replayScale, 1 / replayScale)
        cairo_set_source_surface(cairo, picture.surface, Double(placement.x), Double(placement.y))
        cairo_rectangle(cairo, Double(placement.x), Double(placement.y), Double(placement.width), Double(placement.height))
        cairo_fill(cairo)
        cairo_restore(cairo)
    }
}

/// A cell's picture: an image surface at least as large as its placement.
struct Picture {
    let surface: OpaquePointer
    let width: Int, height: Int

    init(width: Int, height: Int) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        self.width = width
        self.height = height
    }

    var byteCount: Int { Int(cairo_image_surface_get_stride(surface)) * height }

    func fits(_ placement: Placement) -> Bool { placement.width <= width && placement.height <= height }

    /// Draws a cell from its recorded states (the key its picture is kept under) as the
    /// target would at `placement`: over `underlay`, its frame's corner (at `cellOrigin` in
    /// the target's coordinates) at the placement's fraction of a pixel.
    func draw(_ states: [DrawnViewState], cellOrigin: Point, placement: Placement, scale: Double, underlay: Color, images: ImageSurfaces,
              tiles: RoundedRectTiles) {
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_rectangle(cairo, 0, 0, Double(placement.width), Double(placement.height))
        cairo_clip(cairo)
        cairo_set_source_rgba(cairo, underlay.red, underlay.green, underlay.blue, underlay.alpha)
        cairo_paint(cairo)
        var matrix = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale,
                                    x0: placement.phaseX - scale * cellOrigin.x, y0: placement.phaseY - scale * cellOrigin.y)
        cairo_set_matrix(cairo, &matrix)
        ViewDrawing(context: CairoGraphicsContext(cairo: cairo, imageSurfaces: images, roundedRectTiles: tiles)).draw(cellStates: states, at: cellOrigin)
        cairo_surface_flush(surface)
    }
}

extension Rect {
    /// The rectangle shrunk by `amount` on every side (grown for a negative amount).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
