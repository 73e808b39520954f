import Benchmark
import Trellis

// GridLayout, WaterfallLayout, ListLayout and LineBreaker at 100k and 1M items.
// Targets: full layout ≤ 25 ns per item; a 375×800 visible-rect query ≤ 5 µs;
// one measured size at 1M items ≤ 100 µs; balanced line breaking ≤ 1 µs per item at 100k.
// Per-item figures are the wall-clock time of one prepare divided by the item count.

/// Item heights that vary like self-sized cells (50–149 points), fixed by the index.
func height(_ item: Int) -> Double { 50 + Double((item &* 7919) % 100) }

func makeSource(items: Int) -> StaticLayoutSource {
    StaticLayoutSource(
        containerSize: Size(width: 375, height: 800),
        sections: [.init(items: .list((0..<items).map { ItemSize(width: 100, height: height($0)) }), header: Size(width: 375, height: 40))])
}

/// The layouts under test, each with the options of a typical screen.
enum Kind: String, CaseIterable {
    case grid = "Grid", waterfall = "Waterfall", list = "List"

    func make() -> any CollectionLayout {
        let style = SectionStyle(insets: EdgeInsets(all: 8), pinsHeaders: true, background: SectionBackground())
        switch self {
        case .grid: return GridLayout(options: .init(columns: .count(3), columnSpacing: 8, rowSpacing: 8, displayScale: 2, sections: style))
        case .waterfall: return WaterfallLayout(options: .init(columns: .count(2), columnSpacing: 8, itemSpacing: 8, displayScale: 2, sections: style))
        case .list: return ListLayout(options: .init(separators: .init(thickness: 0.5), sections: style))
        }
    }
}

/// Sources and prepared layouts, built once per process and only when a benchmark asks.
final class Fixtures {
    private var sources: [Int: StaticLayoutSource] = [:]
    private var layouts: [String: any CollectionLayout] = [:]

    func source(_ items: Int) -> StaticLayoutSource {
        if let cached = sources[items] { return cached }
        let made = makeSource(items: items)
        sources[items] = made
        return made
    }

    func prepared(_ kind: Kind, _ items: Int) -> any CollectionLayout {
        let key = "\(kind)\(items)"
        if let cached = layouts[key] { return cached }
        let layout = kind.make()
        layout.prepare(from: source(items))
        layouts[key] = layout
        return layout
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 1_000)
    let fixtures = Fixtures()

    for kind in Kind.allCases {
        for items in [100_000, 1_000_000] {
            let label = items == 1_000_000 ? "1M" : "100k"

            // A relayout: `prepare` on a layout that laid out before, reusing its storage (what
            // a collection view does on every invalidation). The full-layout target is for this.
            Benchmark("\(kind.rawValue) prepare (relayout), \(label) items", configuration: .init(maxIterations: 20)) { (benchmark: Benchmark, state: (any CollectionLayout, StaticLayoutSource)) in
                let (layout, source) = state
                for _ in benchmark.scaledIterations { layout.prepare(from: source) }
                blackHole(layout.contentSize)
            } setup: {
                let source = fixtures.source(items), layout = kind.make()
                layout.prepare(from: source)
                return (layout, source)
            }

            // A first layout into a new layout object: includes faulting in its fresh memory.
            Benchmark("\(kind.rawValue) prepare (fresh layout), \(label) items", configuration: .init(maxIterations: 20)) { benchmark in
                let source = fixtures.source(items)
                let layout = kind.make()
                benchmark.startMeasurement()
                layout.prepare(from: source)
                benchmark.stopMeasurement()
                blackHole(layout.contentSize)
            }

            // 1000 queries of a 375×800 rect spread over the content; time is per query.
            Benchmark("\(kind.rawValue) query 375×800, \(label) items", configuration: .init(scalingFactor: .kilo)) { benchmark in
                let layout = fixtures.prepared(kind, items)
                let height = layout.contentSize.height - 800
                benchmark.startMeasurement()
                var count = 0
                for i in benchmark.scaledIterations {
                    let y = height * Double((i &* 7919) % 1000) / 1000
                    let rect = Rect(x: 0, y: y, width: 375, height: 800)
                    count += layout.elements(in: rect, visibleBounds: rect).count
                }
                blackHole(count)
            }
        }

        // One measured size replacing an estimate, at 1M items; time is per invalidation.
        Benchmark("\(kind.rawValue) one measured size, 1M items", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let layout = fixtures.prepared(kind, 1_000_000)
            let source = fixtures.source(1_000_000)
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                let item = (i &* 104_729) % 1_000_000
                let size = ItemSize(width: 100, height: height(item) + Double(i % 2 == 0 ? 17 : 0))
                layout.invalidate(.sizes([(IndexPath(item: item, section: 0), size)]), source: source)
            }
            benchmark.stopMeasurement()
            blackHole(layout.contentSize)
        }
    }

    // A reader scrolling up through 8,000 items of a 1M-item waterfall whose items are
    // measured as they come into view: 2,000 anchored invalidations of 4 new sizes each,
    // the anchor being the first item of the step before (what the collection view passes).
    // Near the start the layout also levels the column tops out of sight; far from it the
    // same climb only grows columns upwards: the two side by side are what levelling
    // costs. Time is for the whole climb (divide by 2,000 for a step).
    for (label, top) in [("to the start", 0), ("far from the start", 500_000)] {
        Benchmark("Waterfall scrolling up \(label), 4 measured sizes a step, 1M items", configuration: .init(maxIterations: 20)) { benchmark in
            let layout = Kind.waterfall.make()
            var source = fixtures.source(1_000_000)
            layout.prepare(from: source)
            var steps: [[(IndexPath, ItemSize)]] = []
            for start in stride(from: top + 7_996, through: top, by: -4) {
                steps.append((start..<(start + 4)).map { item in
                    let size = ItemSize(width: 100, height: height(item) * 1.6)
                    source.setSize(size, at: IndexPath(item: item, section: 0))
                    return (IndexPath(item: item, section: 0), size)
                })
            }
            benchmark.startMeasurement()
            for (index, sizes) in steps.enumerated() {
                var context = InvalidationContext.sizes(sizes)
                context.anchorItem = IndexPath(item: top + 8_000 - 4 * index, section: 0)
                layout.invalidate(context, source: source)
            }
            benchmark.stopMeasurement()
            blackHole(layout.contentSize)
        }
    }

    // Tag widths 30–139 points in lines of 375 with 8 between: about 4 tags a line.
    let tags = (0..<100_000).map { 30 + Double(($0 &* 7919) % 110) }
    Benchmark("LineBreaker balanced, 100k tags", configuration: .init(maxIterations: 50)) { _ in
        blackHole(LineBreaker.balancedBreaks(tags, available: 375, spacing: 8))
    }
    Benchmark("LineBreaker greedy, 100k tags", configuration: .init(maxIterations: 50)) { _ in
        blackHole(LineBreaker.greedyBreaks(tags, available: 375, spacing: 8))
    }
}
