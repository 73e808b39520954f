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

// Issue 13's scroll target, headless: the per-frame work of the GTK window scrolling the
// gallery's 1,000,000-tag page (`trellis gallery --page million`), without GTK. One
// iteration is one frame: scroll by GTK's wheel step (page^(2/3) ≈ 71 pt for a 600 pt
// page), the collection view's layout pass (which measures the tags coming into view and
// re-flows the layout), and drawing the visible cells with TrellisRender into an 800×600
// Cairo image surface, as the window's draw handler does. Target: p99 ≤ 4 ms; memory flat
// over 10,000 frames (`memoryLeaked` counts the allocations a frame does not free;
// "resident growth" is the resident memory above the first frame's, sampled every 100
// frames). `SCROLL_BENCH_FRAMES` overrides the 10,000 frames (to measure a slow build).
//
// The window keeps each cell's drawn pixels in a `CellDrawingCache` and copies them while
// the cell does not change; the "every cell drawn" pair draws each visible cell on every
// frame as before that cache, the control in the same run.

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

    init(items: Int) {
        source = TagSource(count: items)
        let layout = FlowLayout(metrics: FlowMetrics(
            alignment: .leading, interitemSpacing: 8, lineSpacing: 8, sectionInset: EdgeInsets(all: 10)))
        collection = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), layout: layout)
        collection.derivesSizeClassFromWidth = false
        collection.register(forCellWithReuseIdentifier: "tag") { TemplateCell(template: tagTemplate) }
        collection.estimatedItemSize = .fixed(Size(width: 80, height: 30))
        collection.backgroundColor = .white
        collection.dataSource = source
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
        cairo = cairo_create(surface)!
        step = pow(600.0, 2.0 / 3.0)
        // Pango starts fontconfig on a thread of its own the first time it measures: let
        // that happen here, outside the measured frames, and let the thread finish.
        _ = TemplateCell(template: tagTemplate, text: "warm").itemSize(available: 780)
        usleep(500_000)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// One frame: move by `delta`, lay out (measuring what appears), draw.
    func frame(by delta: Double) throws {
        let maximum = collection.contentSize.height - collection.bounds.height
        collection.contentOffset = Point(x: 0, y: min(max(0, collection.contentOffset.y + delta), maximum))
        try collection.performLayout()
        renderer.draw(collection, into: cairo, cache: cache)
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

let benchmarks: @Sendable () -> Void = {
    let frames = getenv("SCROLL_BENCH_FRAMES").flatMap { Int(String(cString: $0)) } ?? 10_000
    let residentGrowth = BenchmarkMetric.custom("resident growth (KiB)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .memoryLeaked, residentGrowth], timeUnits: .microseconds,
        warmupIterations: 0, maxDuration: .seconds(3_600), maxIterations: frames)

    // Each benchmark runs in a process of its own: the second first scrolls down as the
    // first does (in its setup, unmeasured), then back over what it measured.
    let scene = ScrollScene(items: 1_000_000)
    var startResident = 0
    var frame = 0
    func sample(_ benchmark: Benchmark) {
        if frame == 0 { startResident = residentKilobytes() }
        if frame % 100 == 0 || frame == frames - 1 {
            benchmark.measurement(residentGrowth, residentKilobytes() - startResident)
        }
        frame += 1
    }

    for cached in [true, false] {
        let drawing = cached ? "" : ", every cell drawn"
        /// The first frame, with the cache or without; then `scrolledFrames` steps down.
        func start(scrolledFrames: Int) {
            frame = 0
            scene.cache = cached ? CellDrawingCache() : nil
            try? scene.frame(by: 0)
            for _ in 0..<scrolledFrames { try? scene.frame(by: scene.step) }
        }
        Benchmark(
            "1M estimated tags, 800×600: scroll a wheel step, lay out, measure, draw (new items)\(drawing)",
            configuration: .init(setup: { start(scrolledFrames: 0) })
        ) { benchmark in
            try scene.frame(by: scene.step)
            benchmark.stopMeasurement()
            sample(benchmark)
        }

        Benchmark(
            "1M estimated tags, 800×600: scroll back a wheel step over measured items, lay out, draw\(drawing)",
            configuration: .init(setup: { start(scrolledFrames: frames) })
        ) { benchmark in
            let measured = scene.collection.sizeCache.measurementCount
            try scene.frame(by: -scene.step)
            benchmark.stopMeasurement()
            precondition(scene.collection.sizeCache.measurementCount == measured, "a measured item was measured again")
            sample(benchmark)
        }
    }
}
