import Benchmark
import Trellis
@_spi(Testing) import TrellisKit

// The collection view's performance targets: opening 100k estimated items
// measures only what is visible in ≤ 5 ms; scrolling one screen at 1M items costs ≤ 0.5 ms
// and allocates nothing once warm; scrolling 100k self-sizing items top to bottom
// measures every item exactly once.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3))

    let hundredThousand = NumberSource(count: 100_000)
    let million = NumberSource(count: 1_000_000)

    Benchmark("Open 100k items with estimated sizes (375×800)") { benchmark in
        for _ in benchmark.scaledIterations {
            let collection = makeCollection(hundredThousand, selfSizing: true)
            try collection.performLayout()
            // Measured: the items in the viewport, plus at most what the estimates (44 pt)
            // put in it before measuring pushed them out.
            precondition(collection.sizeCache.measurementCount <= collection.visibleCells.count + 19)
            blackHole(collection)
        }
    }

    Benchmark("Open 100k items with estimated sizes, FlowLayout") { benchmark in
        for _ in benchmark.scaledIterations {
            let collection = makeCollection(hundredThousand, selfSizing: true, flow: true)
            try collection.performLayout()
            precondition(collection.sizeCache.measurementCount <= collection.visibleCells.count + 19)
            blackHole(collection)
        }
    }

    // One sample = one scroll step of a collection kept across samples, so the malloc
    // count is that of exactly one warm step. FlowLayout returns arrays (it does not adopt
    // VisitingCollectionLayout): its allocations are its `elements(in:)` results.
    // `layoutIfNeeded()` adds the view hierarchy's own pass (constraints, subviews).
    for (name, flow, viaLayoutIfNeeded) in [
        ("Scroll one screen, 1M fixed-size items, warm", false, false),
        ("Scroll one screen, 1M fixed-size items, layoutIfNeeded, warm", false, true),
        ("Scroll one screen, 1M fixed-size items, FlowLayout, warm", true, false),
    ] {
        let collection = makeCollection(million, selfSizing: false, flow: flow)
        Benchmark(name, configuration: .init(maxIterations: 5_000, setup: { try? warm(collection, screens: 4) })) { _ in
            // Whole-value assignments: `contentOffset.y += …` goes through a modify accessor.
            let y = collection.contentOffset.y + 800
            collection.contentOffset = Point(x: 0, y: y > collection.contentSize.height - 800 ? 0 : y)
            if viaLayoutIfNeeded {
                collection.layoutIfNeeded()
                precondition(collection.lastError == nil)
            } else {
                try collection.performLayout()
            }
        }
    }

    // Back and forth over 20 screens already measured: the self-sizing path (checking,
    // anchoring, placing) without the measuring itself.
    let measured = makeCollection(million, selfSizing: true)
    Benchmark(
        "Scroll one screen, 1M self-sizing items, measured region, warm",
        configuration: .init(maxIterations: 5_000, setup: { try? warm(measured, screens: 20) })
    ) { benchmark in
        let count = measured.sizeCache.measurementCount
        let y = measured.contentOffset.y
        measured.contentOffset = Point(x: 0, y: y >= 800 * 19 ? 800 : y + 800)
        try measured.performLayout()
        precondition(measured.sizeCache.measurementCount == count, "a measured region was measured again")
    }

    Benchmark("Scroll one screen, 1M self-sizing items, measuring new items", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let collection = makeCollection(million, selfSizing: true)
        try collection.performLayout()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            collection.contentOffset.y += 800
            try collection.performLayout()
        }
        benchmark.stopMeasurement()
        blackHole(collection)
    }

    Benchmark("Scroll 100k self-sizing items top to bottom", configuration: .init(maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            let collection = makeCollection(hundredThousand, selfSizing: true)
            try collection.performLayout()
            while collection.contentOffset.y + 800 < collection.contentSize.height {
                let anchor = collection.visibleCells.last.flatMap { collection.indexPath(for: $0) }!
                let onScreen = collection.layoutAttributesForItem(at: anchor)!.frame.minY - collection.contentOffset.y
                collection.contentOffset.y += 800
                try collection.performLayout()
                let now = collection.layoutAttributesForItem(at: anchor)!.frame.minY - collection.contentOffset.y
                precondition(abs(now - (onScreen - 800)) <= 0.5, "the anchor moved")
            }
            precondition(collection.sizeCache.measurementCount == 100_000, "every item is measured exactly once")
            blackHole(collection)
        }
    }

    selectionBenchmarks(million: million)
    s5Benchmarks()
}

/// Scrolls `collection` down `screens` screens (once) so pools and scratch storage reach
/// their working size, then back to the top.
func warm(_ collection: CollectionView, screens: Int) throws {
    guard collection.contentOffset.y == 0 else { return }
    try collection.performLayout()
    for _ in 0..<screens {
        collection.contentOffset.y += 800
        try collection.performLayout()
    }
    collection.contentOffset.y = 0
    try collection.performLayout()
}
