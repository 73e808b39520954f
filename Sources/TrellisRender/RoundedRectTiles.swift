import CPango
import Trellis
import TrellisKit

/// Fills and strokes rounded rectangles on a bitmap from kept pictures of their corners:
/// nine pieces with only the corners rasterised once, as GTK's Cairo renderer draws a box
/// shadow's corners from kept masks.
///
/// Cairo rasterises a rounded rectangle's path afresh on every fill and stroke: it
/// flattens the arcs, builds the stroke's outline, sorts its edges and scans them — the
/// larger part of drawing a tag or a card, whose rest is a few glyphs from Cairo's glyph
/// cache. Here the shape is cut, on whole pixels of the target, into the pixels of its
/// corners and the straight boxes between them:
///
/// - each corner's pixels are a small picture, drawn once with Cairo from the very same
///   path (clipped to those pixels) and kept under everything it depends on — which
///   corner, the radius and line width in pixels, where the shape's outer edges fall in
///   the picture (to Cairo's own precision of 1/256 pixel), its size and colour — so a
///   corner at the same fraction of a pixel is copied, not rasterised;
/// - the rest is straight: boxes of whole pixel columns or rows, which Cairo composites
///   without scanning any path.
///
/// The pieces share no pixel, so every pixel is written once with its coverage, as by the
/// path itself, to Cairo's own precision: a box's edge is covered exactly (the path's scan
/// converter samples 15 rows a pixel), and a corner picture's pixel may be a few levels
/// from the path's (`RoundedRectTilesTests` measures both against the exact coverage).
///
/// A shape up to ``maximumSide`` pixels tall, or whose top and bottom corners would share
/// pixels, has one picture for each end, of its whole height (a tag's background is two
/// copies and a box); a taller one has one for each corner. When the left and right ends
/// would share pixels, or the target is not an image surface (a PDF or SVG keeps its
/// paths) nor a recording replayed on whole pixels (``recordingReplayScale``), or the
/// transform rotates or skews, or a clip cuts pixels (a rounded or fractional one),
/// ``fill(_:radius:color:on:)`` and ``stroke(_:radius:lineWidth:color:on:)`` decline and
/// the caller draws the path.
///
/// Memory: at most ``tileLimit`` pictures of at most ``maximumSide`` pixels a side (16 KB
/// each, 4 MB in all at the bound); a full set is emptied before a new picture is kept. A
/// tag's ends at one fraction of a pixel and one height are 4 pictures. Not thread-safe:
/// one belongs to one window's `CellDrawingCache`, or to one context.
final class RoundedRectTiles {
    /// The most pictures kept.
    let tileLimit = 256
    /// The longest side of a corner picture, in pixels: a larger corner is drawn as a path.
    static let maximumSide = 64

    /// Corner pictures drawn (each a Cairo rasterisation of the path), since this was made.
    private(set) var tilesDrawn = 0

    /// Set while the target may be a recording that is replayed with its origin on a whole
    /// pixel, this many pixels a unit (GTK's Cairo node, replayed at the window's scale, as
    /// `CellDrawingCache` takes it): the pieces are placed on those pixels. A recording
    /// inside a group, or without this, keeps its paths.
    var recordingReplayScale: Double?

    private struct Key: Hashable {
        /// Bit 0: a right corner; bit 1: a bottom one; bit 2: the whole height (a pill's end).
        var corner: UInt8
        var isStroke: Bool
        var radius: Double, lineWidth: Double
        /// Where the shape's outer edges lie in the picture: the vertical edge's x, and the
        /// horizontal edge's y (the bottom edge's for a bottom corner, else the top's).
        var edgeX: Double, edgeY: Double
        /// The shape's outer height in pixels, for a whole-height picture (else 0).
        var height: Double
        var width: Int, rows: Int
        var red: Double, green: Double, blue: Double, alpha: Double
    }

    private var tiles: [Key: OpaquePointer] = [:]

    init() {}

    deinit {
        for tile in tiles.values { cairo_surface_destroy(tile) }
    }

    /// Frees every kept picture.
    func removeAll() {
        for tile in tiles.values { cairo_surface_destroy(tile) }
        tiles.removeAll()
    }

    /// Fills the rounded rectangle (`rect` in the context's units, corners of `radius`,
    /// clamped to half the shorter side) with `color`, as Cairo fills its path. False when
    /// it cannot (see the type): nothing was drawn.
    func fill(_ rect: Rect, radius: Double, color: Color, on cairo: OpaquePointer) -> Bool {
        draw(rect, radius: radius, lineWidth: nil, color: color, on: cairo)
    }

    /// Strokes the rounded rectangle's path (centred on it, `lineWidth` wide), as Cairo
    /// strokes it. False when it cannot (see the type): nothing was drawn.
    func stroke(_ rect: Rect, radius: Double, lineWidth: Double, color: Color, on cairo: OpaquePointer) -> Bool {
        draw(rect, radius: radius, lineWidth: lineWidth, color: color, on: cairo)
    }

    private func draw(_ rect: Rect, radius: Double, lineWidth: Double?, color: Color, on cairo: OpaquePointer) -> Bool {
        let clamped = max(0, min(radius, min(rect.width, rect.height) / 2))
        guard clamped > 0, let grid = TargetGrid(cairo, recordingReplayScale: recordingReplayScale), Self.clipIsWholePixels(cairo) else { return false }
        let scale = grid.scale
        let half = (lineWidth ?? 0) * scale / 2
        let r = clamped * scale
        // The path in pixels, and its outer extent (the stroke reaches half the line out),
        // at Cairo's precision so a shape drawn twice at one place is cut the same way.
        func pixel(_ value: Double) -> Double { (value * 256).rounded() / 256 }
        let pathX0 = pixel(rect.minX * scale + grid.x0), pathX1 = pixel(rect.maxX * scale + grid.x0)
        let pathY0 = pixel(rect.minY * scale + grid.y0), pathY1 = pixel(rect.maxY * scale + grid.y0)
        let outerX0 = pathX0 - half, outerX1 = pathX1 + half, outerY0 = pathY0 - half, outerY1 = pathY1 + half
        guard max(abs(outerX0), abs(outerX1), abs(outerY0), abs(outerY1)) < 1e7 else { return false }
        // The corners' reach from the outer edges: beyond it the edges are straight. A
        // stroke's joins lie up to a line width in (its inner edge folds back over the arc's
        // centre when the radius is less than half the line).
        let reach = max(r + half, 2 * half)
        let left = outerX0.rounded(.down), right = outerX1.rounded(.up)
        let top = outerY0.rounded(.down), bottom = outerY1.rounded(.up)
        let leftEnd = (outerX0 + reach).rounded(.up), rightStart = (outerX1 - reach).rounded(.down)
        let topEnd = (outerY0 + reach).rounded(.up), bottomStart = (outerY1 - reach).rounded(.down)
        guard leftEnd <= rightStart else { return false }
        // A shape no taller than a picture has one picture for each end (a tag's: two
        // copies for its background instead of four); a taller one, one for each corner.
        let wholeHeight = topEnd > bottomStart || bottom - top <= Double(Self.maximumSide)
        let cornerRows = wholeHeight ? bottom - top : topEnd - top
        guard leftEnd - left <= Double(Self.maximumSide), right - rightStart <= Double(Self.maximumSide),
              cornerRows <= Double(Self.maximumSide), bottom - bottomStart <= Double(Self.maximumSide) else { return false }
        // The pieces, in pixels of the target.
        cairo_save(cairo)
        grid.setPixelMatrix(cairo)
        func put(_ corner: UInt8, x: Double, y: Double, width: Double, rows: Double, edgeX: Double, edgeY: Double) {
            let key = Key(corner: corner, isStroke: lineWidth != nil, radius: r, lineWidth: 2 * half,
                          edgeX: edgeX, edgeY: edgeY, height: corner & 4 != 0 ? outerY1 - outerY0 : 0,
                          width: Int(width), rows: Int(rows), red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
            // Painted, not filled: the picture bounds the paint, and no path is made.
            cairo_set_source_surface(cairo, self.tile(for: key), x, y)
            cairo_paint(cairo)
        }
        let leftWidth = leftEnd - left, rightWidth = right - rightStart
        if wholeHeight {
            put(4, x: left, y: top, width: leftWidth, rows: bottom - top, edgeX: outerX0 - left, edgeY: outerY0 - top)
            put(5, x: rightStart, y: top, width: rightWidth, rows: bottom - top, edgeX: outerX1 - rightStart, edgeY: outerY0 - top)
        } else {
            let bottomRows = bottom - bottomStart
            put(0, x: left, y: top, width: leftWidth, rows: topEnd - top, edgeX: outerX0 - left, edgeY: outerY0 - top)
            put(1, x: rightStart, y: top, width: rightWidth, rows: topEnd - top, edgeX: outerX1 - rightStart, edgeY: outerY0 - top)
            put(2, x: left, y: bottomStart, width: leftWidth, rows: bottomRows, edgeX: outerX0 - left, edgeY: outerY1 - bottomStart)
            put(3, x: rightStart, y: bottomStart, width: rightWidth, rows: bottomRows, edgeX: outerX1 - rightStart,
                edgeY: outerY1 - bottomStart)
        }
        // The straight boxes, in one fill: where a thick stroke's boxes overlap, their
        // union is covered once, as by the path. They share no pixel with the corners.
        cairo_new_path(cairo)
        let middle = rightStart - leftEnd
        if lineWidth != nil {
            if middle > 0 {
                cairo_rectangle(cairo, leftEnd, outerY0, middle, 2 * half)
                cairo_rectangle(cairo, leftEnd, pathY1 - half, middle, 2 * half)
            }
            if !wholeHeight && bottomStart > topEnd {
                cairo_rectangle(cairo, outerX0, topEnd, 2 * half, bottomStart - topEnd)
                cairo_rectangle(cairo, pathX1 - half, topEnd, 2 * half, bottomStart - topEnd)
            }
        } else {
            if middle > 0 { cairo_rectangle(cairo, leftEnd, outerY0, middle, outerY1 - outerY0) }
            if !wholeHeight && bottomStart > topEnd {
                cairo_rectangle(cairo, outerX0, topEnd, leftEnd - outerX0, bottomStart - topEnd)
                cairo_rectangle(cairo, rightStart, topEnd, outerX1 - rightStart, bottomStart - topEnd)
            }
        }
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_fill(cairo)
        cairo_restore(cairo)
        return true
    }

    /// Whether the clip (none, or the picture's or a square view's bounds) covers each pixel
    /// wholly or not at all. A piece composited through a clip that cuts a pixel takes
    /// the product of the two coverages where the path would take their overlap: Cairo
    /// answers with rectangles only for a clip that is a region of whole pixels.
    private static func clipIsWholePixels(_ cairo: OpaquePointer) -> Bool {
        guard let list = cairo_copy_clip_rectangle_list(cairo) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        return list.pointee.status == CAIRO_STATUS_SUCCESS
    }

    /// The kept picture for `key`, drawn now if there is none: the shape's path, placed so
    /// its outer edges fall where the key says and its other corners lie beyond the
    /// picture, clipped to the picture.
    private func tile(for key: Key) -> OpaquePointer {
        if let tile = tiles[key] { return tile }
        if tiles.count >= tileLimit { removeAll() }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(key.width), Int32(key.rows))!
        let cairo = cairo_create(surface)!
        // Far enough that the other corners' reach stays outside the picture.
        let far = Double(2 * Self.maximumSide) + key.radius + key.lineWidth
        let isRight = key.corner & 1 != 0, isBottom = key.corner & 2 != 0, isWholeHeight = key.corner & 4 != 0
        let outerX0 = isRight ? key.edgeX - far : key.edgeX
        let outerY0 = isWholeHeight || !isBottom ? key.edgeY : key.edgeY - far
        let outerHeight = isWholeHeight ? key.height : far
        let half = key.lineWidth / 2
        let path = Rect(x: outerX0 + half, y: outerY0 + half, width: far - key.lineWidth, height: outerHeight - key.lineWidth)
        CairoGraphicsContext.addRoundedRect(path, radius: key.radius, to: cairo)
        cairo_set_source_rgba(cairo, key.red, key.green, key.blue, key.alpha)
        if key.isStroke {
            cairo_set_line_width(cairo, key.lineWidth)
            cairo_stroke(cairo)
        } else {
            cairo_fill(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        tiles[key] = surface
        tilesDrawn += 1
        return surface
    }
}

/// The pixel grid of the surface a context draws on, when it is a bitmap (or a recording
/// replayed on whole pixels) and the context's transform only scales both axes alike and
/// moves: pixel = user × `scale` + (`x0`, `y0`). Unlike the cell cache's `PixelGeometry`
/// (the window's target), this reads the surface being drawn on now — a group's, inside a
/// view with alpha below 1 — with its device offset, since the pieces land on its pixels.
private struct TargetGrid {
    let scale: Double
    let x0: Double, y0: Double
    /// The target's own device transform (a group's offset, a surface's device scale).
    let deviceScale: Double
    let deviceX: Double, deviceY: Double

    init?(_ cairo: OpaquePointer, recordingReplayScale: Double?) {
        let target = cairo_get_group_target(cairo)
        var scaleX = 1.0, scaleY = 1.0, offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        switch cairo_surface_get_type(target) {
        case CAIRO_SURFACE_TYPE_IMAGE:
            break
        case CAIRO_SURFACE_TYPE_RECORDING:
            // Only the replayed recording itself: a group's has an offset of its own.
            guard let recordingReplayScale, recordingReplayScale > 0, target == cairo_get_target(cairo),
                  scaleX == 1, scaleY == 1, offsetX == 0, offsetY == 0 else { return nil }
            (scaleX, scaleY) = (recordingReplayScale, recordingReplayScale)
        default:
            return nil
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx == matrix.yy, matrix.xx > 0, scaleX == scaleY, scaleX > 0 else { return nil }
        deviceScale = scaleX
        (deviceX, deviceY) = (offsetX, offsetY)
        scale = matrix.xx * scaleX
        x0 = matrix.x0 * scaleX + offsetX
        y0 = matrix.y0 * scaleX + offsetY
        guard scale.isFinite, x0.isFinite, y0.isFinite else { return nil }
    }

    /// Makes the context's units the target's pixels.
    func setPixelMatrix(_ cairo: OpaquePointer) {
        var matrix = cairo_matrix_t(xx: 1 / deviceScale, yx: 0, xy: 0, yy: 1 / deviceScale,
                                    x0: -deviceX / deviceScale, y0: -deviceY / deviceScale)
        cairo_set_matrix(cairo, &matrix)
    }
}
