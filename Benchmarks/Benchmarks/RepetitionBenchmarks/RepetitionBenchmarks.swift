import Benchmark
import Trellis

// `count:` repetitions are built once: preparing a layout whose group repeats its item
// 1,000 or 1,000,000 times, for a section of 100 items, costs the same (building the plan
// is O(the subitem), placing the section's items O(items)). When every copy was built, the
// million-fold count took a million nodes (about 130 MB) and a thousand times as long.

func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
    CompositionalSize(widthDimension: width, heightDimension: height)
}

/// Rows of 44 points, `count` of them to a group; self-sizing or fixed.
func rows(count: Int, estimated: Bool) -> CompositionalSection {
    let row = CompositionalItem(layoutSize: size(.fractionalWidth(1), estimated ? .estimated(44) : .absolute(44)))
    var group = CompositionalGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(44)), repeatingSubitem: row, count: count)
    group.interItemSpacing = .fixed(1)
    return CompositionalSection(group: group)
}

let hundredItems = StaticLayoutSource(
    containerSize: Size(width: 375, height: 800),
    sections: [.init(items: .list((0..<100).map { ItemSize(width: 375, height: 30 + Double($0 % 30)) }))])

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3), maxIterations: 1_000)

    // A fresh layout each time, so each prepare builds the group's plan.
    for count in [1_000, 1_000_000] {
        for estimated in [false, true] {
            let section = rows(count: count, estimated: estimated)
            let kind = estimated ? "self-sizing" : "fixed"
            Benchmark("Count \(count) of a \(kind) row: new layout + prepare, 100 items") { benchmark in
                for _ in benchmark.scaledIterations {
                    let layout = CompositionalLayout(section: section)
                    layout.prepare(from: hundredItems)
                    blackHole(layout.contentSize)
                }
            }
        }
    }

    // A count inside a count: 1,000 rows of 1,000 fitted cells, against a million rows of
    // one cell; the same 100 items.
    let grid = CompositionalGroup.vertical(
        layoutSize: size(.fractionalWidth(1), .estimated(44)),
        repeatingSubitem: .group(.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(44)),
                                             subitem: CompositionalItem(layoutSize: size(.fractionalWidth(1), .absolute(44))), count: 1_000)),
        count: 1_000)
    Benchmark("Count 1,000 of count 1,000: new layout + prepare, 100 items") { benchmark in
        for _ in benchmark.scaledIterations {
            let layout = CompositionalLayout(section: CompositionalSection(group: grid))
            layout.prepare(from: hundredItems)
            blackHole(layout.contentSize)
        }
    }
}
