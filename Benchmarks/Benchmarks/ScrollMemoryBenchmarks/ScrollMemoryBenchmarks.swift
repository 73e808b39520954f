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

// Issue 13's memory target, "memory flat over 10,000 scroll frames", as benchmark figures
// (docs/perf/gtk.md, "Memory over 10,000 frames", defines flat). The scroll path is the
// GTK window's without GTK: a wheel step (page^(2/3) ≈ 71 pt for a 600 pt page), the
// collection view's layout pass (measuring what comes into view), drawing the visible
// cells with TrellisRender into an 800×600 Cairo image surface.
//
// - Over measured items: 10,000 tags in a flow, every one measured by a first pass in the
//   setup; then one iteration is one whole pass of wheel steps from the top to the end
//   (≈ 350 frames), and the scroll wraps to the top as the window's benchmark does; 29
//   passes are ≈ 10,000 frames. Flat means `memoryLeakedBytes` — the bytes malloc'ed and
//   not freed within the pass, from the malloc interposer — is 0 for a pass (p50, p90);
//   "items measured" and "cells made" show the passes measure nothing and make no cell.
// - New items: 1,000,000 tags, one iteration is 100 frames of wheel steps down, each
//   measuring the tags that come into view. What they keep is the engine's measured
//   sizes (`SizeCache`, at most 129 bytes an item): `memoryLeakedBytes` is 0 until the
//   cache's table doubles, then the new table less the old; "items measured" says how
//   many items the 100 frames added.
//
// `SCROLL_MEMORY_PASSES` overrides the 29 passes.

/// The window's S1 tag: DejaVu Sans 15, padding 5 × 10, at least 40 wide, a pill.
let tag = CellTemplate(
    font: Font(family: "DejaVu Sans", size: 15), padding: EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10),
    minimumWidth: 40, maximumWidth: .container, background: .white,
    border: Color(hex: "#d93025")!, borderWidth: 1, cornerRadius: .pill)

/// `count` distinct tags of two to eight letters: item i shuffled by a multiplication
/// (neighbours differ in width) and written in base 26 with letters as digits.
final class LetterTags: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }

    func text(_ index: Int) -> String {
        var n = (index &* 104_729) % count + 26
        var letters: [Character] = []
        while n > 0 {
            letters.append(Character(Unicode.Scalar(UInt8(97 + n % 26))))
            n /= 26
        }
        return String(letters)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TemplateCell
        cell.text = text(indexPath.item)
        cell.setMaximumWidth(nil)
        return cell
    }
}

/// A self-sizing flow of tags in an 800×600 view, scrolled by wheel steps and drawn.
final class WheelScroller {
    let tags: LetterTags
    let view: CollectionView
    let renderer = Renderer(options: RenderOptions(scale: 1, background: .white))
    let image: OpaquePointer
    let context: OpaquePointer
    let wheelStep = pow(600.0, 2.0 / 3.0)
    /// How many cells the registration has made: the reuse pool's high-water mark.
    private(set) var cellsMade = 0

    init(count: Int) {
        tags = LetterTags(count: count)
        view = CollectionView(
            frame: Rect(x: 0, y: 0, width: 800, height: 600),
            layout: FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8, sectionInset: EdgeInsets(all: 10))))
        view.derivesSizeClassFromWidth = false
        view.estimatedItemSize = .fixed(Size(width: 80, height: 30))
        view.backgroundColor = .white
        view.dataSource = tags
        image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
        context = cairo_create(image)!
        view.register(forCellWithReuseIdentifier: "tag") { [unowned self] in
            cellsMade += 1
            return TemplateCell(template: tag)
        }
        // Fontconfig starts a thread of its own on the first measurement: outside the
        // measured passes, and finished before them.
        _ = TemplateCell(template: tag, text: "warm").itemSize(available: 780)
        usleep(500_000)
        // The first layout pass: the content size the first wheel step scrolls within.
        try? view.performLayout()
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(image)
    }

    /// The largest offset: the end of the content.
    var end: Double { max(0, view.contentSize.height - view.bounds.height) }

    /// One frame: a wheel step down (back to the top after the end, as the window's
    /// benchmark wraps), the layout pass, drawing. True when it wrapped.
    @discardableResult
    func frame() throws -> Bool {
        let next = view.contentOffset.y + wheelStep
        let wraps = next > end
        view.contentOffset = Point(x: 0, y: wraps ? 0 : next)
        try view.performLayout()
        renderer.draw(view, into: context)
        return wraps
    }

    /// Wheel steps from the top until the scroll wraps back to it: returns the frames.
    func pass() throws -> Int {
        var frames = 1
        while try !frame() { frames += 1 }
        return frames
    }
}

let benchmarks: @Sendable () -> Void = {
    let passes = getenv("SCROLL_MEMORY_PASSES").flatMap { Int(String(cString: $0)) } ?? 29
    let framesMetric = BenchmarkMetric.custom("frames", polarity: .prefersSmaller, useScalingFactor: false)
    let measuredMetric = BenchmarkMetric.custom("items measured", polarity: .prefersSmaller, useScalingFactor: false)
    let cellsMetric = BenchmarkMetric.custom("cells made", polarity: .prefersSmaller, useScalingFactor: false)
    let residentMetric = BenchmarkMetric.custom("resident growth (KiB)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .memoryLeakedBytes, .mallocFreeDelta, residentMetric],
        timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(3_600))

    // Each benchmark runs in a process of its own; the scene is made when first used.
    var measuredItems: WheelScroller?
    var startResident = 0

    Benchmark(
        "10,000 measured tags, 800×600: one pass of wheel steps top to end (≈ 350 frames), lay out, draw",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .memoryLeakedBytes, .mallocFreeDelta, residentMetric, framesMetric, measuredMetric, cellsMetric],
            maxIterations: passes,
            setup: {
                let scroller = WheelScroller(count: 10_000)
                // The first pass measures every tag; what it keeps is the new-items case.
                _ = try? scroller.pass()
                precondition(scroller.view.sizeCache.count == 10_000, "the first pass did not measure every tag")
                measuredItems = scroller
                startResident = residentKilobytes()
            })
    ) { benchmark in
        let scroller = measuredItems!
        let measured = scroller.view.sizeCache.measurementCount
        let cells = scroller.cellsMade
        let frames = try scroller.pass()
        benchmark.stopMeasurement()
        benchmark.measurement(framesMetric, frames)
        benchmark.measurement(measuredMetric, scroller.view.sizeCache.measurementCount - measured)
        benchmark.measurement(cellsMetric, scroller.cellsMade - cells)
        benchmark.measurement(residentMetric, residentKilobytes() - startResident)
    }

    var newItems: WheelScroller?
    Benchmark(
        "1,000,000 tags, 800×600: 100 frames of wheel steps over new tags, lay out, measure, draw",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .memoryLeakedBytes, .mallocFreeDelta, residentMetric, measuredMetric],
            maxIterations: 100,
            setup: {
                let scroller = WheelScroller(count: 1_000_000)
                newItems = scroller
                startResident = residentKilobytes()
            })
    ) { benchmark in
        let scroller = newItems!
        let measured = scroller.view.sizeCache.measurementCount
        for _ in 0..<100 { try scroller.frame() }
        benchmark.stopMeasurement()
        benchmark.measurement(measuredMetric, scroller.view.sizeCache.measurementCount - measured)
        benchmark.measurement(residentMetric, residentKilobytes() - startResident)
    }
}

/// The resident memory of the process in KiB: /proc/self/statm's second field, in pages.
func residentKilobytes() -> Int {
    let file = open("/proc/self/statm", O_RDONLY)
    guard file >= 0 else { return 0 }
    defer { close(file) }
    var bytes = [UInt8](repeating: 0, count: 128)
    let count = read(file, &bytes, bytes.count)
    let fields = bytes.prefix(max(0, count)).split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
    return pages * Int(getpagesize()) / 1024
}
