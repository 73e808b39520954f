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

// The memory target of scenario S6's window, "memory flat over 10,000 scroll frames", as benchmark figures
// (docs/perf/gtk.md, "Memory over 10,000 frames", defines flat). The scroll path is the
// GTK window's without GTK: a wheel step (page^(2/3) ≈ 71 pt for a 600 pt page), the
// collection view's layout pass (measuring what comes into view), drawing the visible
// cells with TrellisRender into an 800×600 Cairo image surface (`ScrollScene`, shared with
// the frame benchmarks; here without the picture cache, every cell drawn each frame).
//
// - Over measured items: 10,000 tags in a flow, every one measured by a first pass in the
//   setup; then one iteration is one whole pass of wheel steps from the top to the end
//   (≈ 500 frames), and the scroll wraps to the top as the window's benchmark does; 20
//   passes are ≈ 10,000 frames. Flat means `memoryLeakedBytes` — the bytes malloc'ed and
//   not freed within the pass, from the malloc interposer — is 0 for a pass (p50, p90);
//   "items measured" and "cells made" show the passes measure nothing and make no cell.
// - New items: 1,000,000 tags, one iteration is 100 frames of wheel steps down, each
//   measuring the tags that come into view. What they keep is the engine's measured
//   sizes (`SizeCache`: 32 bytes an item, in pages of up to 512 grown as they fill): the bytes
//   malloc'ed and not freed are about 32 × the items measured, in every iteration alike;
//   "items measured" says how many items the 100 frames added.
//
// `SCROLL_MEMORY_PASSES` overrides the 20 passes.

/// Registers the memory benchmarks (called from `benchmarks`, ScrollBenchmarks.swift).
func scrollMemoryBenchmarks() {
    let passes = getenv("SCROLL_MEMORY_PASSES").flatMap { Int(String(cString: $0)) } ?? 20
    let framesMetric = BenchmarkMetric.custom("frames", polarity: .prefersSmaller, useScalingFactor: false)
    let measuredMetric = BenchmarkMetric.custom("items measured", polarity: .prefersSmaller, useScalingFactor: false)
    let cellsMetric = BenchmarkMetric.custom("cells made", polarity: .prefersSmaller, useScalingFactor: false)
    let residentMetric = BenchmarkMetric.custom("resident growth (KiB)", polarity: .prefersSmaller, useScalingFactor: false)
    // Each benchmark runs in a process of its own; the scene is made when first used.
    var measuredItems: ScrollScene?
    var startResident = 0

    Benchmark(
        "10,000 measured tags, 800×600: one pass of wheel steps top to end (≈ 500 frames), lay out, draw",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .memoryLeakedBytes, .mallocFreeDelta, residentMetric, framesMetric, measuredMetric, cellsMetric],
            timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(3_600), maxIterations: passes,
            setup: {
                let scroller = memoryScene(items: 10_000)
                // The first pass measures every tag; what it keeps is the new-items case.
                _ = try? scroller.pass()
                precondition(scroller.collection.sizeCache.count == 10_000, "the first pass did not measure every tag")
                measuredItems = scroller
                startResident = residentKilobytes()
            })
    ) { benchmark in
        let scroller = measuredItems!
        let measured = scroller.collection.sizeCache.measurementCount
        let cells = scroller.cellsMade
        let frames = try scroller.pass()
        benchmark.stopMeasurement()
        benchmark.measurement(framesMetric, frames)
        benchmark.measurement(measuredMetric, scroller.collection.sizeCache.measurementCount - measured)
        benchmark.measurement(cellsMetric, scroller.cellsMade - cells)
        benchmark.measurement(residentMetric, residentKilobytes() - startResident)
    }

    var newItems: ScrollScene?
    Benchmark(
        "1,000,000 tags, 800×600: 100 frames of wheel steps over new tags, lay out, measure, draw",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .memoryLeakedBytes, .mallocFreeDelta, residentMetric, measuredMetric],
            timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(3_600), maxIterations: 100,
            setup: {
                let scroller = memoryScene(items: 1_000_000)
                newItems = scroller
                startResident = residentKilobytes()
            })
    ) { benchmark in
        let scroller = newItems!
        let measured = scroller.collection.sizeCache.measurementCount
        for _ in 0..<100 { try scroller.frame(by: scroller.step) }
        benchmark.stopMeasurement()
        benchmark.measurement(measuredMetric, scroller.collection.sizeCache.measurementCount - measured)
        benchmark.measurement(residentMetric, residentKilobytes() - startResident)
    }
}

/// The scene as these benchmarks measure it: every visible cell drawn on every frame (no
/// picture cache), laid out once at the top.
private func memoryScene(items: Int) -> ScrollScene {
    let scene = ScrollScene(items: items)
    scene.cache = nil
    try? scene.frame(at: 0)
    return scene
}
