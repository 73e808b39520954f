import Benchmark
import CPango
import Trellis
import TrellisKit
import TrellisRender
import TrellisSpec
import TrellisText
#if canImport(Glibc)
import Glibc
#endif

// The scroll path of the GTK window without GTK, shared by the frame benchmarks
// (ScrollBenchmarks.swift) and the memory ones (ScrollMemoryBenchmarks.swift): the
// gallery's tag cell and words, an 800×600 self-sizing flow, a wheel step, the layout
// pass, drawing the visible cells into a Cairo image surface.

/// The gallery's tag cell: DejaVu Sans 15, padding 5 × 10, at least 40 wide, a pill.
let tagTemplate = CellTemplate(
    font: Font(family: "DejaVu Sans", size: 15), padding: EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10),
    minimumWidth: 40, maximumWidth: .container, background: .white,
    border: Color(hex: "#d93025")!, borderWidth: 1, cornerRadius: .pill)

/// `count` distinct made-up words: item i in bijective base-60 numeration with syllables as
/// digits (a multiplication first, so neighbours differ).
final class TagSource: CollectionViewDataSource {
    let count: Int
    private let syllables: [String] = {
        let onsets = ["b", "d", "f", "k", "l", "m", "n", "p", "r", "s", "t", "v"]
        let vowels = ["a", "e", "i", "o", "u"]
        return onsets.flatMap { onset in vowels.map { onset + $0 } }
    }()

    init(count: Int) { self.count = count }

    func word(_ index: Int) -> String {
        var n = (index &* 7_919) % count
        var word = ""
        repeat {
            word = syllables[n % syllables.count] + word
            n = n / syllables.count - 1
        } while n >= 0
        return word
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TemplateCell
        cell.text = word(indexPath.item)
        cell.setMaximumWidth(nil)
        return cell
    }
}

/// The window's scroll path without the window.
final class ScrollScene {
    let collection: CollectionView
    let source: TagSource
    let surface: OpaquePointer
    let cairo: OpaquePointer
    let renderer = Renderer(options: RenderOptions(scale: 1, background: .white))
    /// The window's cache of the cells' pictures; nil draws every cell on every frame.
    var cache: CellDrawingCache? = CellDrawingCache()
    /// GTK's wheel step for the page: page^(2/3).
    let step: Double
    /// The page increment the GTK widget gives its adjustment (Page Down): 0.9 of the page,
    /// so every frame brings most of a page of tags not measured yet.
    let pageStep: Double
    /// How many cells the registration has made: the reuse pool's high-water mark.
    private(set) var cellsMade = 0

    init(items: Int) {
        source = TagSource(count: items)
        let layout = FlowLayout(metrics: FlowMetrics(
            alignment: .leading, interitemSpacing: 8, lineSpacing: 8, sectionInset: EdgeInsets(all: 10)))
        collection = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), layout: layout)
        collection.derivesSizeClassFromWidth = false
        collection.estimatedItemSize = .fixed(Size(width: 80, height: 30))
        collection.backgroundColor = .white
        collection.dataSource = source
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
        cairo = cairo_create(surface)!
        step = pow(600.0, 2.0 / 3.0)
        pageStep = 600 * 0.9
        collection.register(forCellWithReuseIdentifier: "tag") { [unowned self] in
            cellsMade += 1
            return TemplateCell(template: tagTemplate)
        }
        // Pango starts fontconfig on a thread of its own the first time it measures: let
        // that happen here, outside the measured frames, and let the thread finish.
        _ = TemplateCell(template: tagTemplate, text: "warm").itemSize(available: 780)
        usleep(500_000)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The largest offset: the end of the content.
    var end: Double { max(0, collection.contentSize.height - collection.bounds.height) }

    /// One frame: move by `delta` (kept within the content), lay out (measuring what
    /// appears), draw.
    func frame(by delta: Double) throws {
        try frame(at: min(max(0, collection.contentOffset.y + delta), end))
    }

    /// One frame at `offset`.
    func frame(at offset: Double) throws {
        collection.contentOffset = Point(x: 0, y: offset)
        try collection.performLayout()
        renderer.draw(collection, into: cairo, cache: cache)
    }

    /// Wheel steps from the top to the end (the last one stops there, as GTK's adjustment
    /// does), then back to the top, as the window's benchmark wraps: returns the frames.
    func pass() throws -> Int {
        var frames = 1
        while collection.contentOffset.y < end {
            try frame(by: step)
            frames += 1
        }
        try frame(at: 0)
        return frames
    }
}

/// The resident memory of the process in KiB (/proc/self/statm), or 0 where unknown.
func residentKilobytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { size in
        withUnsafeMutablePointer(to: &resident) { resident in
            withVaList([size, resident]) { vfscanf(file, "%ld %ld", $0) }
        }
    }) == 2 else { return 0 }
    return resident * Int(getpagesize()) / 1024
}
