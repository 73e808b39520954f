import Benchmark
import Trellis

// FlowLayout on the tag input of the targets: widths 30 + (i*37) % 171, height 30, container
// 375 wide, spacing 8. Times are per operation; divide a prepare by its item count for
// ns/item (docs/perf/flow.md does).

func tagSource(count: Int) -> StaticLayoutSource {
    let sizes = (0..<count).map { ItemSize(width: Double(30 + ($0 * 37) % 171), height: 30) }
    return StaticLayoutSource(containerSize: Size(width: 375, height: 800), sections: [.init(items: .list(sizes))])
}

func tagLayout(lineBreaking: FlowLineBreaking = .greedy) -> FlowLayout {
    FlowLayout(metrics: FlowMetrics(interitemSpacing: 8, lineSpacing: 8, lineBreaking: lineBreaking))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3), maxIterations: 50)

    for count in [100_000, 1_000_000] {
        let label = count == 100_000 ? "100k" : "1M"
        // A relayout: the layout's storage is reused, so nothing is allocated per item.
        Benchmark("FlowLayout.prepare, \(label) tags (relayout)") { (benchmark: Benchmark, state: (FlowLayout, StaticLayoutSource)) in
            let (layout, source) = state
            for _ in benchmark.scaledIterations { layout.prepare(from: source) }
            blackHole(layout.contentSize)
        } setup: {
            let layout = tagLayout(), source = tagSource(count: count)
            layout.prepare(from: source)
            return (layout, source)
        }
        // A first layout into a fresh FlowLayout: includes allocating its arrays.
        Benchmark("FlowLayout.prepare, \(label) tags (fresh layout)") { (benchmark: Benchmark, source: StaticLayoutSource) in
            for _ in benchmark.scaledIterations {
                let layout = tagLayout()
                layout.prepare(from: source)
                blackHole(layout.contentSize)
            }
        } setup: {
            tagSource(count: count)
        }
    }

    // Balanced lines (target ≤ 1 µs per item at 100k): a relayout of the
    // same tags with `lineBreaking: .balanced`.
    Benchmark("FlowLayout.prepare, 100k tags, balanced (relayout)") { (benchmark: Benchmark, state: (FlowLayout, StaticLayoutSource)) in
        let (layout, source) = state
        for _ in benchmark.scaledIterations { layout.prepare(from: source) }
        blackHole(layout.contentSize)
    } setup: {
        let layout = tagLayout(lineBreaking: .balanced), source = tagSource(count: 100_000)
        layout.prepare(from: source)
        return (layout, source)
    }

    Benchmark("FlowLayout.elements(in: 375×800), 1M tags", configuration: .init(scalingFactor: .kilo)) { (benchmark: Benchmark, layout: FlowLayout) in
        // Walk down the content so every query misses the caches of the one before.
        let height = layout.contentSize.height - 800
        var found = 0
        for i in benchmark.scaledIterations {
            let y = Double((i &* 7919) % 1000) / 1000 * height
            found += layout.elements(in: Rect(x: 0, y: y, width: 375, height: 800)).count
        }
        blackHole(found)
    } setup: {
        let layout = tagLayout()
        layout.prepare(from: tagSource(count: 1_000_000))
        return layout
    }

    Benchmark("FlowLayout.invalidate one size in the middle, 1M tags", configuration: .init(scalingFactor: .kilo)) { (benchmark: Benchmark, state: (FlowLayout, StaticLayoutSource)) in
        let (layout, source) = state
        let middle = IndexPath(item: 500_000, section: 0)
        let sizes = [ItemSize(width: 170, height: 44), ItemSize(width: 30 + Double((500_000 * 37) % 171), height: 30)]
        for i in benchmark.scaledIterations {
            // Alternate between a grown size (re-breaks a few lines) and the original.
            layout.invalidate(.sizes([(middle, sizes[i & 1])]), source: source)
        }
        blackHole(layout.contentSize)
    } setup: {
        let layout = tagLayout(), source = tagSource(count: 1_000_000)
        layout.prepare(from: source)
        return (layout, source)
    }
}
