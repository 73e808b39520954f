import Benchmark
import Trellis

// CompositionalLayout at 1M items. Targets: relayout ≤ 25 ns per item in a
// grid-like composition; a 375×800 `elements(in:)` query ≤ 5 µs at 1M items and with 1,000
// orthogonal sections of 100 items; one measured size ≤ 100 µs; ≤ 64 bytes kept per item.
// Per-item figures are the wall-clock time of one prepare divided by the item count.

/// Item heights that vary like self-sized cells (50–149 points), fixed by the index.
func height(_ item: Int) -> Double { 50 + Double((item &* 7919) % 100) }

func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
    CompositionalSize(widthDimension: width, heightDimension: height)
}

/// The grid-like composition: rows of three estimated cells (`count: 3`), each row as tall as
/// its tallest measured cell, 8 pt apart, under a pinned estimated header.
let gridSection: CompositionalSection = {
    var row = CompositionalGroup.horizontal(
        layoutSize: size(.fractionalWidth(1), .estimated(100)),
        subitem: CompositionalItem(layoutSize: size(.fractionalWidth(1), .estimated(100))), count: 3)
    row.interItemSpacing = .fixed(8)
    return CompositionalSection(
        group: row, interGroupSpacing: 8, contentInsets: EdgeInsets(all: 8), contentInsetsReference: .none,
        boundarySupplementaryItems: [.header(height: .estimated(40), pinToVisibleBounds: true)])
}()

/// A carousel: cards 80 % of the width, 150 tall, 10 apart, under a header.
let carouselSection: CompositionalSection = {
    var section = CompositionalSection(
        group: .horizontal(layoutSize: size(.fractionalWidth(0.8), .absolute(150)), subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))]),
        interGroupSpacing: 10, contentInsets: EdgeInsets(leading: 16, trailing: 16), contentInsetsReference: .none,
        boundarySupplementaryItems: [.header(height: .absolute(30))])
    section.orthogonalScrollingBehavior = .groupPaging
    return section
}()

func gridSource(items: Int) -> StaticLayoutSource {
    StaticLayoutSource(
        containerSize: Size(width: 375, height: 800),
        sections: [.init(items: .list((0..<items).map { ItemSize(width: 100, height: height($0)) }), header: Size(width: 375, height: 40))])
}

func carouselSource() -> StaticLayoutSource {
    StaticLayoutSource(
        containerSize: Size(width: 375, height: 800),
        sections: (0..<1_000).map { _ in .init(items: .fixed(count: 100, size: ItemSize(width: 100, height: 100))) })
}

/// One item inside `depth` vertical groups of fractionalWidth 1 and estimated height.
func nestedGroup(depth: Int) -> CompositionalGroup {
    var group = CompositionalGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(10)),
                                            subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(1), .absolute(10)))])
    for _ in 1..<depth { group = .vertical(layoutSize: size(.fractionalWidth(1), .estimated(10)), subitems: [.group(group)]) }
    return group
}

let nestedSource = StaticLayoutSource(
    containerSize: Size(width: 375, height: 800), sections: [.init(items: .fixed(count: 1_000, size: ItemSize(width: 100, height: 10)))])

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 1_000)
    let source = gridSource(items: 1_000_000)

    // A relayout: `prepare` on a layout that laid out before, reusing its storage.
    Benchmark("Compositional grid prepare (relayout), 1M items", configuration: .init(maxIterations: 20)) { (benchmark: Benchmark, layout: CompositionalLayout) in
        for _ in benchmark.scaledIterations { layout.prepare(from: source) }
        blackHole(layout.contentSize)
    } setup: {
        let layout = CompositionalLayout(section: gridSection)
        layout.prepare(from: source)
        return layout
    }

    // 1000 queries of a 375×800 rect spread over the content; time is per query.
    Benchmark("Compositional grid query 375×800, 1M items", configuration: .init(scalingFactor: .kilo)) { (benchmark: Benchmark, layout: CompositionalLayout) in
        let height = layout.contentSize.height - 800
        var count = 0
        for i in benchmark.scaledIterations {
            let y = height * Double((i &* 7919) % 1000) / 1000
            let rect = Rect(x: 0, y: y, width: 375, height: 800)
            count += layout.elements(in: rect, visibleBounds: rect).count
        }
        blackHole(count)
    } setup: {
        let layout = CompositionalLayout(section: gridSection)
        layout.prepare(from: source)
        return layout
    }

    // The same query, visiting without an array (what a scrolling collection view does).
    Benchmark("Compositional grid forEachElement 375×800, 1M items", configuration: .init(scalingFactor: .kilo)) { (benchmark: Benchmark, layout: CompositionalLayout) in
        let height = layout.contentSize.height - 800
        var count = 0
        for i in benchmark.scaledIterations {
            let y = height * Double((i &* 7919) % 1000) / 1000
            let rect = Rect(x: 0, y: y, width: 375, height: 800)
            layout.forEachElement(in: rect, visibleBounds: rect) { _ in count += 1 }
        }
        blackHole(count)
    } setup: {
        let layout = CompositionalLayout(section: gridSection)
        layout.prepare(from: source)
        return layout
    }

    // One measured size replacing an estimate; time is per invalidation.
    Benchmark("Compositional grid one measured size, 1M items", configuration: .init(scalingFactor: .kilo)) { (benchmark: Benchmark, layout: CompositionalLayout) in
        for i in benchmark.scaledIterations {
            let item = (i &* 104_729) % 1_000_000
            let size = ItemSize(width: 100, height: height(item) + Double(i % 2 == 0 ? 17 : 0))
            layout.invalidate(.sizes([(IndexPath(item: item, section: 0), size)]), source: source)
        }
        blackHole(layout.contentSize)
    } setup: {
        let layout = CompositionalLayout(section: gridSection)
        layout.prepare(from: source)
        return layout
    }

    // 1,000 orthogonal sections of 100 cards, each scrolled to a different offset; 1000
    // queries of a 375×800 rect spread over the content; time is per query.
    Benchmark("Compositional 1,000 carousels × 100 query 375×800", configuration: .init(scalingFactor: .kilo)) { (benchmark: Benchmark, layout: CompositionalLayout) in
        let height = layout.contentSize.height - 800
        var count = 0
        for i in benchmark.scaledIterations {
            let y = height * Double((i &* 7919) % 1000) / 1000
            let rect = Rect(x: 0, y: y, width: 375, height: 800)
            count += layout.elements(in: rect, visibleBounds: rect).count
        }
        blackHole(count)
    } setup: {
        let layout = CompositionalLayout(section: carouselSection)
        layout.prepare(from: carouselSource())
        for section in 0..<1_000 { layout.setOrthogonalScrollOffset(Double((section &* 7919) % 20_000), forSection: section) }
        return layout
    }

    // Bytes kept per item: the layout's arrays and trees after a prepare at 1M items,
    // counted from their capacities (reported once, as a counter).
    Benchmark("Compositional grid bytes kept per item, 1M items", configuration: .init(metrics: [.custom("bytes per item", polarity: .prefersSmaller, useScalingFactor: false)], maxIterations: 1)) { benchmark in
        let layout = CompositionalLayout(section: gridSection)
        layout.prepare(from: source)
        benchmark.measurement(.custom("bytes per item"), layout.retainedByteCount / 1_000_000)
    }

    // Group sizing is linear in the nodes: a group nested `depth` levels deep (vertical
    // groups of fractionalWidth 1 around one item) is sized once per level. Two depths, one
    // 1,000-item section each; the ratio of the two is the cost of the extra levels (2 when
    // linear; a child sized twice per level made it 2^20).
    for depth in [20, 40] {
        Benchmark("Compositional nested groups prepare, depth \(depth), 1,000 items") { (benchmark: Benchmark, layout: CompositionalLayout) in
            for _ in benchmark.scaledIterations { layout.prepare(from: nestedSource) }
            blackHole(layout.contentSize)
        } setup: {
            CompositionalLayout(section: CompositionalSection(group: nestedGroup(depth: depth)))
        }
    }
}
