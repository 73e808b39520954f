import Benchmark
import CPango
import Trellis
@_spi(Testing) import TrellisKit
import TrellisRender
import TrellisSpec
import TrellisText
#if canImport(Glibc)
import Glibc
#endif

// Scenario S6's scroll target, headless: the per-frame work of the GTK window scrolling the
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

let benchmarks: @Sendable () -> Void = {
    scrollMemoryBenchmarks()
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

        // The fling through unmeasured content (`TRELLIS_GTK_BENCH_STEP=page` in the window):
        // 2,000 pages stay far from the end of a million tags.
        Benchmark(
            "1M estimated tags, 800×600: scroll a page of new tags, lay out, measure, draw\(drawing)",
            configuration: .init(maxIterations: min(frames, 2_000), setup: { start(scrolledFrames: 0) })
        ) { benchmark in
            try scene.frame(by: scene.pageStep)
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
