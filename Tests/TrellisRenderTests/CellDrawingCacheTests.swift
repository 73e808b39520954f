import CPango
import Testing
import Trellis
import TrellisKit
import TrellisPango
import TrellisRender
import TrellisText

/// A window's frames drawn from the cells' cached pictures have exactly the pixels of
/// drawing every cell, at any scroll offset and scale, and after a cell changes.
@Suite("Cell drawing cache")
@MainActor
struct CellDrawingCacheTests {
    final class Tags: CollectionViewDataSource {
        var words = ["A", "longer", "much longer", "ist", "fractional", "Wg"]
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 300 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "TagCell", for: indexPath) as! CollectionViewRenderTests.TagCell
            cell.label.text = words[(indexPath.item * 7) % words.count] + " \(indexPath.item)"
            return cell
        }
    }

    let tags = Tags()

    /// Self-sized tags in a flow whose 10.3 pt inset (by default) puts them between pixels.
    func makeCollection(spacing: Double = 8, inset: Double = 10.3) throws -> CollectionView {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: spacing, lineSpacing: spacing,
                                                     sectionInset: EdgeInsets(all: inset)))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 376, height: 200), layout: layout)
        collection.backgroundColor = Color(red: 0.95, green: 0.97, blue: 1, alpha: 1)
        collection.register(CollectionViewRenderTests.TagCell.self, forCellWithReuseIdentifier: "TagCell")
        collection.estimatedItemSize = .automatic
        collection.dataSource = tags
        try collection.performLayout()
        return collection
    }

    /// An image surface `scale` pixels per point with `draw` drawn into it, as its bytes.
    func pixels(of collection: CollectionView, scale: Double, deviceScale: Double = 1, _ draw: (OpaquePointer) -> Void) -> [UInt8] {
        let width = Int32(collection.bounds.width * scale), height = Int32(collection.bounds.height * scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, deviceScale, deviceScale)
        let cairo = cairo_create(surface)!
        cairo_scale(cairo, scale / deviceScale, scale / deviceScale)
        draw(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let bytes = cairo_image_surface_get_data(surface)!
        return Array(UnsafeBufferPointer(start: bytes, count: Int(cairo_image_surface_get_stride(surface) * height)))
    }

    /// How many bytes differ (the arrays are too long to print).
    func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.count == b.count ? zip(a, b).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) } : -1
    }

    func scroll(_ collection: CollectionView, to y: Double) throws {
        collection.contentOffset = Point(x: 0, y: y)
        try collection.performLayout()
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func scrolledFramesMatchDrawingEveryCell(scale: Double) throws {
        let collection = try makeCollection()
        let renderer = Renderer(options: RenderOptions(background: .white))
        let cache = CellDrawingCache()
        let step = 34.19951893353394 // GTK's wheel step for a 200 pt page: 200^(2/3)
        for (frame, y) in [0, step, 2 * step, 3 * step, 2 * step, 301.7, 301.7].enumerated() {
            try scroll(collection, to: y)
            let cached = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0, cache: cache) }
            let direct = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0) }
            #expect(differing(cached, direct) == 0, "frame \(frame) at \(y), scale \(scale)")
            if frame > 0 && y != 301.7 {
                // Scrolling by a step keeps most cells in view: those are copied.
                #expect(cache.cellsCopied > 10, "frame \(frame): \(cache.cellsCopied) copied, \(cache.cellsDrawn) drawn")
            }
        }
        // The same offset again: nothing changed, nothing is drawn; every cell inside the
        // bounds is copied (one crossing an edge lies partly over the canvas, whose colour
        // differs from the collection's, so it is drawn directly).
        let inside = collection.visibleCells.filter {
            collection.bounds.contains(Rect(x: $0.frame.minX - 1, y: $0.frame.minY - 1, width: $0.frame.width + 2, height: $0.frame.height + 2))
        }
        #expect(cache.cellsDrawn == 0 && cache.cellsCopied >= inside.count && inside.count > 10)
        #expect(cache.byteCount > 0)
        // Freed (the window hidden): nothing kept, and the next frame draws every cell again.
        cache.removeAllPictures()
        #expect(cache.byteCount == 0)
        let redrawn = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0, cache: cache) }
        #expect(cache.cellsDrawn >= inside.count)
        #expect(differing(redrawn, pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0) }) == 0)
    }

    @Test func aChangedCellIsDrawnAgain() throws {
        let collection = try makeCollection()
        let renderer = Renderer(options: RenderOptions(background: .white))
        let cache = CellDrawingCache()
        // The first frame draws every cell anew, so the second would draw a changed cell
        // directly; the second draws nothing, and the window is settled.
        for _ in 0..<2 { _ = pixels(of: collection, scale: 1) { renderer.draw(collection, into: $0, cache: cache) } }
        let cell = collection.visibleCells.sorted { $0.frame.minY < $1.frame.minY }[3] as! CollectionViewRenderTests.TagCell
        let changes: [(String, () -> Void)] = [
            ("text of the same width", { cell.label.text = String(cell.label.text.reversed()) }),
            ("text colour", { cell.label.textColor = .red }),
            ("background", { cell.backgroundColor = .black }),
            ("border", { cell.borderWidth = 2 }),
            ("hidden subview", { cell.contentView.isHidden = true }),
            ("shown again", { cell.contentView.isHidden = false }),
        ]
        for (name, change) in changes {
            change()
            let cached = pixels(of: collection, scale: 1) { renderer.draw(collection, into: $0, cache: cache) }
            let direct = pixels(of: collection, scale: 1) { renderer.draw(collection, into: $0) }
            #expect(differing(cached, direct) == 0, "after a change of \(name)")
            #expect(cache.cellsDrawn == 1, "after a change of \(name): \(cache.cellsDrawn) drawn")
        }
    }

    /// GTK records the widget's drawing in points and replays it at the window's scale: the
    /// cells' pictures are made at that scale and land on whole pixels of the window.
    @Test func replayedAtTheWindowScaleMatchesDrawingAtThatScale() throws {
        let collection = try makeCollection()
        // The canvas is the collection's colour, as in the window: every cell is copied, none
        // is drawn through the recording (which rounds its coordinates to 1/256 of a point
        // rather than of a pixel, so its glyph and edge pixels may come out a shade apart).
        let renderer = Renderer(options: RenderOptions(background: collection.backgroundColor))
        let cache = CellDrawingCache()
        cache.replayScale = 2
        for y in [0, 37.25, 80.9] {
            try scroll(collection, to: y)
            // The window's surface has a device scale of 2; the widget draws into a
            // recording in points, which GSK paints onto it.
            let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
            defer { cairo_surface_destroy(recording) }
            let points = cairo_create(recording)!
            renderer.draw(collection, into: points, cache: cache)
            cairo_destroy(points)
            let replayed = pixels(of: collection, scale: 2, deviceScale: 2) { window in
                cairo_set_source_surface(window, recording, 0, 0)
                cairo_paint(window)
            }
            let direct = pixels(of: collection, scale: 2) { renderer.draw(collection, into: $0) }
            #expect(replayed.count == direct.count)
            #expect(differing(replayed, direct) == 0, "at \(y)")
            #expect(cache.cellsCopied > 10)
        }
    }

    /// A fling: each frame a page of new cells. From the frame after the first that drew
    /// most of its cells anew, the new cells are drawn straight onto the target without
    /// pictures — a bitmap, or GTK's recording replayed at scale 1 — and when the content
    /// stops they are drawn so once more, then into pictures, and copied after. A recording
    /// replayed at scale 2 keeps the pictures (drawn straight onto it, a glyph's edge could
    /// differ by a shade from its picture). Every frame has the pixels of drawing every cell.
    @Test(arguments: [1.0, 2.0], [true, false])
    func aFlingsNewCellsAreDrawnWithoutPictures(scale: Double, recorded: Bool) throws {
        let collection = try makeCollection()
        let renderer = Renderer(options: RenderOptions(background: collection.backgroundColor))
        let cache = CellDrawingCache()
        cache.replayScale = recorded ? scale : 1
        func frame(at y: Double) throws -> (drawn: [UInt8], direct: [UInt8]) {
            try scroll(collection, to: y)
            let direct = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0) }
            guard recorded else { return (pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0, cache: cache) }, direct) }
            // GTK's node: a recording of the widget's size, in points, painted onto the
            // window's surface at its scale.
            var extents = cairo_rectangle_t(x: 0, y: 0, width: collection.bounds.width, height: collection.bounds.height)
            let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
            defer { cairo_surface_destroy(recording) }
            let points = cairo_create(recording)!
            renderer.draw(collection, into: points, cache: cache)
            cairo_destroy(points)
            let replayed = pixels(of: collection, scale: scale, deviceScale: scale) { window in
                cairo_set_source_surface(window, recording, 0, 0)
                cairo_paint(window)
            }
            return (replayed, direct)
        }
        var counts: [(drawn: Int, direct: Int, copied: Int)] = []
        for y in [0, 200, 400.5, 600.25, 800, 800, 800, 834.2] {
            let drawn = try frame(at: y)
            counts.append((cache.cellsDrawn, cache.cellsDrawnDirectly, cache.cellsCopied))
            #expect(differing(drawn.drawn, drawn.direct) == 0, "at \(y), scale \(scale), recorded \(recorded)")
        }
        let cells = collection.visibleCells.filter { collection.bounds.contains($0.frame) }.count
        #expect(cells > 10)
        #expect(counts[0].drawn >= cells && counts[0].direct == 0, "the first frame: \(counts[0])")
        let withoutPictures = !recorded || scale == 1
        for (index, count) in counts[1...4].enumerated() {
            if withoutPictures {
                #expect(count.direct >= cells && count.drawn == 0 && count.copied == 0, "fling frame \(index + 1): \(count)")
            } else {
                #expect(count.drawn >= cells && count.direct == 0, "fling frame \(index + 1): \(count)")
            }
        }
        if withoutPictures {
            #expect(counts[5].direct >= cells && counts[5].drawn == 0, "the first still frame, after a page of new cells: \(counts[5])")
            #expect(counts[6].drawn >= cells && counts[6].direct == 0, "the second still frame: the cells stayed and get pictures: \(counts[6])")
        } else {
            #expect(counts[5].drawn == 0 && counts[5].direct == 0 && counts[5].copied >= cells, "the first still frame: \(counts[5])")
        }
        #expect(counts[7].copied > 10 && counts[7].direct == 0 && counts[7].drawn < counts[7].copied / 2, "a wheel step after: \(counts[7])")
    }

    /// A view that draws itself: a cell holding one is drawn as a view, never from states.
    final class Mark: View, CustomDrawing {
        func draw(in context: any GraphicsContext) {
            context.fill(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height), cornerRadius: 0, color: .red)
        }
    }

    /// Tags of which two in three hold a view that draws itself.
    final class MarkedTags: CollectionViewDataSource {
        let tags = Tags()
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 300 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
            let cell = try tags.collectionView(collectionView, cellForItemAt: indexPath)
            let mark = cell.contentView.subviews.first { $0 is Mark }
            if indexPath.item % 3 == 0 {
                mark?.removeFromSuperview()
            } else if mark == nil {
                cell.contentView.addSubview(Mark(frame: Rect(x: 2, y: 2, width: 4, height: 4)))
            }
            return cell
        }
    }

    /// Cells drawn as views (two in three here, drawing themselves) are redrawn every frame
    /// but are not new content: once a fling stops, the others get their pictures and are
    /// copied, not drawn directly for ever.
    @Test func cellsDrawnAsViewsDoNotKeepAFlingGoing() throws {
        let collection = try makeCollection()
        let marked = MarkedTags()
        collection.dataSource = marked
        try collection.performLayout()
        let renderer = Renderer(options: RenderOptions(background: collection.backgroundColor))
        let cache = CellDrawingCache()
        var last = (direct: 0, copied: 0)
        for y: Double in [0, 200, 400, 600, 600, 600, 600] {
            try scroll(collection, to: y)
            let cached = pixels(of: collection, scale: 1) { renderer.draw(collection, into: $0, cache: cache) }
            let direct = pixels(of: collection, scale: 1) { renderer.draw(collection, into: $0) }
            #expect(differing(cached, direct) == 0, "at \(y)")
            last = (cache.cellsDrawnDirectly, cache.cellsCopied)
        }
        let plain = collection.visibleCells.filter { cell in
            collection.bounds.contains(cell.frame) && !cell.contentView.subviews.contains { $0 is Mark }
        }
        #expect(plain.count >= 4)
        #expect(last.direct == 0 && last.copied >= plain.count, "the settled frame: \(last), \(plain.count) plain tags inside")
    }

    /// A surface with a device scale of its own (`cairo_surface_set_device_scale`, which the
    /// context's matrix leaves out): the pictures are made at its pixels, not scaled up.
    @Test func aDeviceScaledSurfaceGetsPicturesAtItsPixels() throws {
        let collection = try makeCollection()
        let renderer = Renderer(options: RenderOptions(background: .white))
        let cache = CellDrawingCache()
        for y in [0, 34.2, 68.4] {
            try scroll(collection, to: y)
            let cached = pixels(of: collection, scale: 2, deviceScale: 2) { renderer.draw(collection, into: $0, cache: cache) }
            let direct = pixels(of: collection, scale: 2, deviceScale: 2) { renderer.draw(collection, into: $0) }
            #expect(differing(cached, direct) == 0, "at \(y)")
        }
        #expect(cache.cellsCopied > 10)
    }

    /// Below one pixel per point, cells 1.3 pt apart share pixel columns: a copied picture
    /// would overwrite its neighbour's share, so such cells are drawn directly.
    @Test func cellsSharingAPixelBelowScaleOneAreDrawnDirectly() throws {
        let collection = try makeCollection(spacing: 1.3)
        let renderer = Renderer(options: RenderOptions(background: .white))
        let cache = CellDrawingCache()
        for y in [0, 13.7, 27.4] {
            try scroll(collection, to: y)
            let cached = pixels(of: collection, scale: 0.5) { renderer.draw(collection, into: $0, cache: cache) }
            let direct = pixels(of: collection, scale: 0.5) { renderer.draw(collection, into: $0) }
            #expect(differing(cached, direct) == 0, "at \(y)")
        }
    }

    /// Cells that touch — rows of a list without spacing, tags without gaps — on whole
    /// pixels share no pixel: each is copied from its picture, none drawn again.
    @Test(arguments: [1.0, 2.0])
    func touchingCellsOnWholePixelsAreCopied(scale: Double) throws {
        let collection = try makeCollection(spacing: 0, inset: 10)
        let touching = collection.visibleCells.filter { cell in
            collection.visibleCells.contains { $0 !== cell && ($0.frame.maxX == cell.frame.minX || $0.frame.maxY == cell.frame.minY) }
        }
        #expect(touching.count > 10, "the flow's tags touch their neighbours")
        let renderer = Renderer(options: RenderOptions(background: .white))
        let cache = CellDrawingCache()
        for y in [0.0, 34, 68, 21] {
            try scroll(collection, to: y)
            let first = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0, cache: cache) }
            let again = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0, cache: cache) }
            let direct = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0) }
            #expect(differing(first, direct) == 0 && differing(again, direct) == 0, "at \(y), scale \(scale)")
            let inside = collection.visibleCells.filter { collection.bounds.contains($0.frame) }
            #expect(cache.cellsDrawn == 0 && cache.cellsCopied >= inside.count && inside.count > 10,
                    "at \(y): \(cache.cellsCopied) of \(inside.count) cells inside the bounds copied, \(cache.cellsDrawn) drawn")
        }
    }

    /// Touching cells whose shared edge falls inside a pixel (a 10.3 pt inset at scale 1.5)
    /// share that pixel: the later one is drawn directly over the earlier's share, and the
    /// frame has exactly the pixels of drawing every cell.
    @Test func touchingCellsSharingAPixelMatchDrawingEveryCell() throws {
        let collection = try makeCollection(spacing: 0, inset: 10.3)
        let renderer = Renderer(options: RenderOptions(background: .white))
        let cache = CellDrawingCache()
        for scale in [1.0, 1.5] {
            for y in [0.0, 34, 68] {
                try scroll(collection, to: y)
                _ = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0, cache: cache) }
                let cached = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0, cache: cache) }
                let direct = pixels(of: collection, scale: scale) { renderer.draw(collection, into: $0) }
                #expect(differing(cached, direct) == 0, "at \(y), scale \(scale)")
            }
        }
    }
}
