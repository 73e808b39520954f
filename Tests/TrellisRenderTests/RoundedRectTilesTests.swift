import CPango
import Foundation
import Testing
import Trellis
import TrellisKit
@testable import TrellisRender

/// A rounded rectangle drawn on a bitmap from kept corner pictures and straight boxes has
/// the pixels of Cairo filling or stroking its path, at every fraction of a pixel, scale,
/// size (pills, narrow shapes), colour with or without alpha, under a clip and inside a
/// group; a shape at the same fraction of a pixel elsewhere draws no corner again; a
/// recording replayed on whole pixels at a known scale gets the tiles; and vector targets,
/// and recordings replayed where nobody said, keep the path.
@Suite("Rounded rectangle tiles")
struct RoundedRectTilesTests {
    /// The reference: Cairo's own path for the shape, built here from the definition (a
    /// rectangle with quarter-circle corners of the radius clamped to half the shorter side).
    static func referencePath(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
        cairo_new_path(cr)
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 1.5 * .pi)
        cairo_close_path(cr)
    }

    struct Shape: CustomStringConvertible {
        var rect: Rect
        var radius: Double
        var lineWidth: Double?
        var color: Color
        var scale: Double
        var description: String {
            "\(rect) r \(radius) line \(lineWidth.map { "\($0)" } ?? "fill") scale \(scale) alpha \(color.alpha)"
        }
    }

    static let imageWidth: Int32 = 200, imageHeight: Int32 = 140

    /// The pixels of `draw` on a 200×140 image with a pattern under it (so the copy's
    /// compositing over what is there is checked), the transform scaled by `scale`;
    /// `supersampling` draws at that many times the resolution (the pattern on the same
    /// pixels).
    static func pixels(scale: Double, supersampling: Int = 1, clip: Rect? = nil, group: Bool = false,
                       _ draw: (OpaquePointer) -> Void) -> [UInt8] {
        let factor = Double(supersampling)
        let (width, height) = (imageWidth * Int32(supersampling), imageHeight * Int32(supersampling))
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(image) }
        let cr = cairo_create(image)!
        cairo_set_source_rgb(cr, 0.95, 0.97, 1)
        cairo_paint(cr)
        for stripe in 0..<20 {
            cairo_rectangle(cr, Double(stripe * 10) * factor, 0, 5 * factor, Double(height))
        }
        cairo_set_source_rgba(cr, 0.2, 0.6, 0.3, 0.35)
        cairo_fill(cr)
        cairo_scale(cr, scale * factor, scale * factor)
        if let clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        if group { cairo_push_group(cr) }
        draw(cr)
        if group {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, 0.7)
        }
        cairo_destroy(cr)
        cairo_surface_flush(image)
        let data = cairo_image_surface_get_data(image)!
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(image) * height)))
    }

    /// The shape's exact coverage, to within a 256th: the reference drawn with 8×8 samples
    /// a pixel and averaged, over the pixels from `x0` to `x1` and `y0` to `y1` (the
    /// premultiplied channels of each, as doubles).
    static func supersampled(_ shape: Shape, clip: Rect?, group: Bool, x0: Int, y0: Int, x1: Int, y1: Int) -> [Double] {
        let n = 8
        let big = pixels(scale: shape.scale, supersampling: n, clip: clip, group: group) { reference(shape, on: $0) }
        let stride = Int(imageWidth) * n * 4
        var averaged = [Double](repeating: 0, count: (x1 - x0) * (y1 - y0) * 4)
        big.withUnsafeBufferPointer { big in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    var sums = (0, 0, 0, 0)
                    for sy in (y * n)..<(y * n + n) {
                        var index = sy * stride + x * n * 4
                        for _ in 0..<n {
                            sums.0 += Int(big[index]); sums.1 += Int(big[index + 1])
                            sums.2 += Int(big[index + 2]); sums.3 += Int(big[index + 3])
                            index += 4
                        }
                    }
                    let at = ((y - y0) * (x1 - x0) + (x - x0)) * 4
                    let samples = Double(n * n)
                    averaged[at] = Double(sums.0) / samples; averaged[at + 1] = Double(sums.1) / samples
                    averaged[at + 2] = Double(sums.2) / samples; averaged[at + 3] = Double(sums.3) / samples
                }
            }
        }
        return averaged
    }

    static func reference(_ shape: Shape, on cr: OpaquePointer) {
        referencePath(cr, shape.rect, radius: shape.radius)
        cairo_set_source_rgba(cr, shape.color.red, shape.color.green, shape.color.blue, shape.color.alpha)
        if let lineWidth = shape.lineWidth {
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        } else {
            cairo_fill(cr)
        }
    }

    static func tiled(_ shape: Shape, on cr: OpaquePointer) {
        let context = CairoGraphicsContext(cairo: cr)
        if let lineWidth = shape.lineWidth {
            context.stroke(shape.rect, cornerRadius: shape.radius, color: shape.color, lineWidth: lineWidth)
        } else {
            context.fill(shape.rect, cornerRadius: shape.radius, color: shape.color)
        }
    }

    /// The largest channel difference of two images (premultiplied bytes).
    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// Shapes of every kind, spread evenly over the ranges by a Kronecker sequence (the
    /// same shapes on every run): origins at any fraction of a pixel, widths and heights from
    /// a few pixels to most of the image, radii up to a pill's, thin and thick lines, opaque
    /// and translucent colours, four scales.
    static func shapes(count: Int) -> [Shape] {
        /// The `index`th point of the sequence in dimension `axis`, in `range`.
        func spread(_ index: Int, _ axis: Int, _ range: ClosedRange<Double>) -> Double {
            let steps = [0.6180339887498949, 0.7548776662466927, 0.5698402909980532, 0.4301597090019468,
                         0.3247179572447460, 0.8191725133961645, 0.2451223337533073, 0.1319896840786839]
            let unit = (Double(index + 1) * steps[axis]).truncatingRemainder(dividingBy: 1)
            return range.lowerBound + unit * (range.upperBound - range.lowerBound)
        }
        return (0..<count).map { index in
            let scale = [1, 1.5, 2, 3][index % 4]
            let width = spread(index, 0, 3...(150 / scale)), height = spread(index, 1, 3...(110 / scale))
            let rect = Rect(x: spread(index, 2, 2...(190 / scale - width)).rounded(toQuarter: index % 3 == 0),
                            y: spread(index, 3, 2...(130 / scale - height)).rounded(toQuarter: index % 3 == 0),
                            width: width.rounded(toQuarter: index % 5 == 0), height: height.rounded(toQuarter: index % 5 == 0))
            let radius = index % 6 == 0 ? min(width, height) / 2 : spread(index, 4, 0.5...30)
            let lineWidth: Double? = index % 2 == 0 ? nil : [0.5, 1, 1.5, 2, 3.25][index / 2 % 5]
            let color = Color(red: spread(index, 5, 0...1), green: spread(index, 6, 0...1), blue: spread(index, 7, 0...1),
                              alpha: index % 7 == 3 ? 0.55 : 1)
            return Shape(rect: rect, radius: radius, lineWidth: lineWidth, color: color, scale: scale)
        }
    }

    /// Shapes at the edges of the cut: borders thicker than twice their radius (the inner
    /// corner lies past the arc), pills at every quarter of a pixel (their ends one picture),
    /// a gallery tag and card, hairlines at scale 2.
    static let edgeCases: [Shape] = {
        let red = Color(red: 0.85, green: 0.19, blue: 0.15, alpha: 1)
        // Translucent, so a pixel covered twice shows.
        let glass = Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.5)
        var shapes: [Shape] = []
        for (index, fraction) in [0.0, 0.25, 0.5, 0.75].enumerated() {
            let y = 10 + Double(index) * 30 + fraction
            shapes.append(Shape(rect: Rect(x: 5 + fraction, y: y, width: 60, height: 20), radius: 1, lineWidth: 4, color: glass, scale: 1))
            shapes.append(Shape(rect: Rect(x: 70 + fraction, y: y / 1.5, width: 50, height: 24), radius: 0.75, lineWidth: 3, color: glass, scale: 1.5))
            shapes.append(Shape(rect: Rect(x: 130 + fraction, y: y, width: 60, height: 28), radius: 14, lineWidth: nil, color: .white, scale: 1))
            shapes.append(Shape(rect: Rect(x: 130.5 + fraction, y: y + 0.5, width: 59, height: 27), radius: 13.5, lineWidth: 1, color: red, scale: 1))
            shapes.append(Shape(rect: Rect(x: 10 + fraction, y: y / 2, width: 80, height: 12), radius: 8, lineWidth: 0.5, color: glass, scale: 2))
        }
        return shapes
    }()

    /// How far the path and the tiles are from the shape's exact coverage (the largest
    /// channel difference over the pixels it can touch), and how many channels outside
    /// those the tiles changed where the path did not.
    static func errors(_ shape: Shape, clip: Rect? = nil, group: Bool = false) -> (path: Double, tiled: Double, pathMean: Double, tiledMean: Double, outside: Int) {
        let stride = Int(imageWidth) * 4
        let path = pixels(scale: shape.scale, clip: clip, group: group) { reference(shape, on: $0) }
        let tiled = pixels(scale: shape.scale, clip: clip, group: group) { Self.tiled(shape, on: $0) }
        // The pixels the shape can touch (a stroke reaches half its line out).
        let reach = (shape.lineWidth ?? 0) / 2
        let x0 = max(0, Int(((shape.rect.minX - reach) * shape.scale).rounded(.down)) - 1)
        let y0 = max(0, Int(((shape.rect.minY - reach) * shape.scale).rounded(.down)) - 1)
        let x1 = min(Int(imageWidth), Int(((shape.rect.maxX + reach) * shape.scale).rounded(.up)) + 1)
        let y1 = min(Int(imageHeight), Int(((shape.rect.maxY + reach) * shape.scale).rounded(.up)) + 1)
        let exact = supersampled(shape, clip: clip, group: group, x0: x0, y0: y0, x1: x1, y1: y1)
        var pathError = 0.0, tiledError = 0.0, pathSum = 0.0, tiledSum = 0.0, compared = 0, outside = 0
        for index in path.indices {
            let x = (index % stride) / 4, y = index / stride
            guard x >= x0, x < x1, y >= y0, y < y1 else {
                if path[index] != tiled[index] { outside += 1 }
                continue
            }
            let truth = exact[((y - y0) * (x1 - x0) + (x - x0)) * 4 + index % 4]
            pathError = max(pathError, abs(Double(path[index]) - truth))
            tiledError = max(tiledError, abs(Double(tiled[index]) - truth))
            pathSum += abs(Double(path[index]) - truth)
            tiledSum += abs(Double(tiled[index]) - truth)
            compared += 1
        }
        return (pathError, tiledError, pathSum / Double(max(1, compared)), tiledSum / Double(max(1, compared)), outside)
    }

    /// Cairo's scan converter samples 15 rows a pixel, and how it walks a row depends on
    /// every edge crossing it: on a curve its coverage is off by up to about a tenth of a
    /// pixel (23 of 255 in this sweep), and a corner picture, rasterised with other edges
    /// around it, may land a few levels away from the path's pixel within that error. A
    /// straight box is covered exactly. So both are compared with the shape's exact
    /// coverage: the tiles' worst pixel is within the path's worst over the sweep (plus
    /// the rounding of a picture's premultiplied colour), and on average the tiles are as
    /// close as the path.
    @Test("Every shape is drawn as close to its exact coverage as Cairo's path, and nothing outside it")
    func everyShapeIsAsCloseAsThePath() {
        var drawnFromTiles = 0
        var results: [(Shape, (path: Double, tiled: Double, pathMean: Double, tiledMean: Double, outside: Int))] = []
        for shape in Self.shapes(count: 160) + Self.edgeCases {
            if Self.drawsFromTiles(shape) { drawnFromTiles += 1 }
            results.append((shape, Self.errors(shape)))
        }
        let pathWorst = results.map(\.1.path).max() ?? 0
        for (shape, errors) in results {
            #expect(errors.outside == 0, "\(shape): \(errors.outside) channels changed outside the shape")
            #expect(errors.tiled <= pathWorst + 3, "\(shape): \(errors.tiled) from the exact coverage, the path at worst \(pathWorst)")
            #expect(errors.tiledMean <= errors.pathMean + 0.05, "\(shape): \(errors.tiledMean) on average, the path \(errors.pathMean)")
        }
        #expect(pathWorst < 32, "the reference is within an eighth of a pixel's coverage: \(pathWorst)")
        // The others are too narrow for their corners at their fraction of a pixel, or have
        // corners over 64 pixels (a radius of 30 at scale 3).
        #expect(drawnFromTiles >= 115, "\(drawnFromTiles) of 180 shapes drawn from tiles")
    }

    /// Whether the tiles draw `shape` (rather than leave it to the path).
    static func drawsFromTiles(_ shape: Shape) -> Bool {
        onImage(width: imageWidth, height: imageHeight) { cr in
            cairo_scale(cr, shape.scale, shape.scale)
            let tiles = RoundedRectTiles()
            if let lineWidth = shape.lineWidth {
                return tiles.stroke(shape.rect, radius: shape.radius, lineWidth: lineWidth, color: shape.color, on: cr)
            }
            return tiles.fill(shape.rect, radius: shape.radius, color: shape.color, on: cr)
        }
    }

    /// `body`'s result on a context of a new `width` × `height` ARGB image.
    static func onImage<Result>(width: Int32, height: Int32, _ body: (OpaquePointer) -> Result) -> Result {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(image) }
        let cr = cairo_create(image)!
        defer { cairo_destroy(cr) }
        return body(cr)
    }

    /// The worst pixel within the sweep's bound above (23 + 3).
    @Test("Inside a group (a view with alpha below 1) and under a clip of whole pixels, as close as the path")
    func groupedAndClippedShapesAreAsCloseAsThePath() {
        for (index, shape) in Self.shapes(count: 60).enumerated() {
            // A clip of whole pixels across the shape: a square view's bounds, a picture's.
            let pixels = Rect(x: (shape.rect.minX * shape.scale).rounded() + 3, y: (shape.rect.minY * shape.scale).rounded() - 1,
                              width: (shape.rect.width * shape.scale * 0.6).rounded(.up), height: (shape.rect.height * shape.scale).rounded() + 2)
            let clip = index % 3 == 0 ? nil
                : Rect(x: pixels.minX / shape.scale, y: pixels.minY / shape.scale, width: pixels.width / shape.scale, height: pixels.height / shape.scale)
            let errors = Self.errors(shape, clip: clip, group: index % 3 != 1)
            let place = "\(shape) clip \(String(describing: clip))"
            #expect(errors.outside == 0, "\(place): \(errors.outside) channels changed outside the shape")
            #expect(errors.tiled <= 26, "\(place): \(errors.tiled) from the exact coverage, the path \(errors.path)")
            #expect(errors.tiledMean <= errors.pathMean + 0.05, "\(place): \(errors.tiledMean) on average, the path \(errors.pathMean)")
        }
    }

    @Test("A clip that cuts pixels (a fraction of a pixel, rounded corners) leaves the shape to the path")
    func aClipThatCutsPixelsKeepsThePath() {
        for (index, shape) in Self.shapes(count: 40).enumerated() {
            let clip = Rect(x: shape.rect.minX + 2.3 / shape.scale, y: shape.rect.minY - 1, width: shape.rect.width * 0.6, height: shape.rect.height)
            let group = index % 2 == 0
            let expected = Self.pixels(scale: shape.scale, clip: clip, group: group) { Self.reference(shape, on: $0) }
            let drawn = Self.pixels(scale: shape.scale, clip: clip, group: group) { Self.tiled(shape, on: $0) }
            #expect(expected == drawn, "\(shape) clip \(clip): differs from the path by \(Self.largestDifference(expected, drawn))")
        }
    }

    @Test("A tag's corners are drawn once: a tag elsewhere at the same fraction of a pixel copies them")
    func cornersAreDrawnOnce() {
        let tiles = RoundedRectTiles()
        Self.onImage(width: 400, height: 200) { cr in
            let red = Color(red: 0.85, green: 0.19, blue: 0.15, alpha: 1)
            // A pill 28 high with a 1-point border, as the gallery's tags, at whole pixels.
            #expect(tiles.fill(Rect(x: 10, y: 10, width: 80, height: 28), radius: 14, color: .white, on: cr))
            #expect(tiles.stroke(Rect(x: 10.5, y: 10.5, width: 79, height: 27), radius: 13.5, lineWidth: 1, color: red, on: cr))
            let first = tiles.tilesDrawn
            #expect(first == 4, "the two ends of the background and the two of the border")
            for (x, y, width) in [(100.0, 10.0, 64.0), (180, 60, 131), (7, 150, 40)] {
                #expect(tiles.fill(Rect(x: x, y: y, width: width, height: 28), radius: 14, color: .white, on: cr))
                #expect(tiles.stroke(Rect(x: x + 0.5, y: y + 0.5, width: width - 1, height: 27), radius: 13.5, lineWidth: 1, color: red, on: cr))
            }
            #expect(tiles.tilesDrawn == first, "tags of other widths at other whole pixels reuse the corners")
            // Half a pixel across: two new ends.
            #expect(tiles.fill(Rect(x: 10.5, y: 100.5, width: 80, height: 28), radius: 14, color: .white, on: cr))
            #expect(tiles.tilesDrawn == first + 2)
            // A card taller than a picture: four corners, whatever its height.
            #expect(tiles.fill(Rect(x: 200, y: 10, width: 120, height: 90), radius: 8, color: .white, on: cr))
            #expect(tiles.tilesDrawn == first + 6)
            #expect(tiles.fill(Rect(x: 200, y: 110, width: 100, height: 75), radius: 8, color: .white, on: cr))
            #expect(tiles.tilesDrawn == first + 6)
        }
    }

    @Test("A recording whose replay is not known, or a vector surface, keeps the path: the tiles decline")
    func nonBitmapTargetsKeepThePath() {
        let tiles = RoundedRectTiles()
        let recorder = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
        defer { cairo_surface_destroy(recorder) }
        let cr = cairo_create(recorder)!
        defer { cairo_destroy(cr) }
        #expect(!tiles.fill(Rect(x: 10, y: 10, width: 80, height: 28), radius: 14, color: .white, on: cr))
        #expect(!tiles.stroke(Rect(x: 10, y: 10, width: 80, height: 28), radius: 14, lineWidth: 1, color: .black, on: cr))
        #expect(tiles.tilesDrawn == 0)
    }

    @Test("A recording replayed on whole pixels at a known scale (GTK's Cairo node) is drawn from tiles, as the bitmap is")
    func aRecordingReplayedOnWholePixelsGetsTheTiles() {
        var drawnFromTiles = 0
        for shape in Self.shapes(count: 60) {
            // On the bitmap: the window's pixels, `scale` a point.
            let tiles = RoundedRectTiles()
            let onBitmap = Self.pixels(scale: shape.scale) { cr in
                if let lineWidth = shape.lineWidth {
                    _ = tiles.stroke(shape.rect, radius: shape.radius, lineWidth: lineWidth, color: shape.color, on: cr)
                } else {
                    _ = tiles.fill(shape.rect, radius: shape.radius, color: shape.color, on: cr)
                }
            }
            let tiled = tiles.tilesDrawn > 0
            // Recorded in points, replayed onto the same pixels at the scale.
            let recordingTiles = RoundedRectTiles()
            recordingTiles.recordingReplayScale = shape.scale
            // GTK's node: a recording of the widget's size, in points.
            var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(Self.imageWidth), height: Double(Self.imageHeight))
            let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
            defer { cairo_surface_destroy(recording) }
            let points = cairo_create(recording)!
            let drawn = shape.lineWidth.map { recordingTiles.stroke(shape.rect, radius: shape.radius, lineWidth: $0, color: shape.color, on: points) }
                ?? recordingTiles.fill(shape.rect, radius: shape.radius, color: shape.color, on: points)
            if !drawn { Self.reference(shape, on: points) }
            cairo_destroy(points)
            let replayed = Self.pixels(scale: shape.scale) { cr in
                cairo_set_source_surface(cr, recording, 0, 0)
                cairo_paint(cr)
            }
            #expect(drawn == tiled, "\(shape): the recording and the bitmap decide alike")
            guard drawn else { continue }
            drawnFromTiles += 1
            // A straight edge at a fraction of a pixel is kept to 1/256 of a point: its
            // partial coverage may come out a level or two apart at scales other than 1.
            let difference = Self.largestDifference(onBitmap, replayed)
            #expect(shape.scale == 1 ? difference == 0 : difference <= 2, "\(shape): \(difference) levels from the bitmap's tiles")
        }
        #expect(drawnFromTiles >= 30, "\(drawnFromTiles) of 60 shapes drawn from tiles")
        // A group on the recording has an offset of its own: the path.
        let tiles = RoundedRectTiles()
        tiles.recordingReplayScale = 2
        var extents = cairo_rectangle_t(x: 0, y: 0, width: 100, height: 50)
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        defer { cairo_surface_destroy(recording) }
        let cr = cairo_create(recording)!
        defer { cairo_destroy(cr) }
        cairo_push_group(cr)
        #expect(!tiles.fill(Rect(x: 10, y: 10, width: 80, height: 28), radius: 14, color: .white, on: cr))
        cairo_pattern_destroy(cairo_pop_group(cr))
        #expect(tiles.fill(Rect(x: 10, y: 10, width: 80, height: 28), radius: 14, color: .white, on: cr))
    }

    @Test("A rotated transform, a square corner or a shape too narrow for its corners is left to the path")
    func shapesTheTilesCannotCutAreDeclined() {
        let tiles = RoundedRectTiles()
        Self.onImage(width: 100, height: 100) { cr in
            #expect(!tiles.fill(Rect(x: 10, y: 10, width: 40, height: 20), radius: 0, color: .white, on: cr))
            // A circle at a fraction of a pixel: its left and right corners share a column.
            #expect(!tiles.fill(Rect(x: 10.5, y: 10, width: 20, height: 20), radius: 10, color: .white, on: cr))
            cairo_rotate(cr, 0.3)
            #expect(!tiles.fill(Rect(x: 10, y: 10, width: 40, height: 20), radius: 5, color: .white, on: cr))
        }
        #expect(tiles.tilesDrawn == 0)
    }
}

private extension Double {
    /// The value rounded to a quarter when `quarter`, else itself.
    func rounded(toQuarter quarter: Bool) -> Double { quarter ? (self * 4).rounded() / 4 : self }
}
