import Benchmark
import Trellis
@_spi(Testing) import TrellisKit

// The targets for section snapshots and outlines: building a section snapshot of 100,000
// items in ≤ 10 ms, and expanding an outline node with 1,000 children in ≤ 5 ms (the
// user's expand on a laid-out, self-sizing list: the section snapshot, the difference, the
// batch update inserting the children and the relayout, the measuring of what came into
// view). Also: a node of 10,000 children, and applying a 1 % change to a 100k-item
// section snapshot.

typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<Int>

/// `parents` root items 0..<parents, each with `children` children numbered after them.
func outline(parents: Int, children: Int) -> SectionSnapshot {
    var snapshot = SectionSnapshot()
    snapshot.append(Array(0..<parents))
    var next = parents
    for parent in 0..<parents {
        snapshot.append(Array(next..<(next + children)), to: parent)
        next += children
    }
    return snapshot
}

/// An outline of 100 roots whose sixth has `children` children, applied and laid out; each
/// sample collapses it (not measured) and expands it (measured) as the user does.
func expandBenchmark(children: Int) {
    let (collection, dataSource) = makeDiffableCollection()
    var snapshot = SectionSnapshot()
    snapshot.append(Array(0..<100))
    snapshot.append(Array(1_000..<(1_000 + children)), to: 5)
    Benchmark(
        "Expand an outline node with \(children) children (user's expand, self-sizing list)",
        configuration: .init(setup: {
            try? dataSource.apply(snapshot, to: 0, animatingDifferences: false)
            try? collection.performLayout()
        })
    ) { benchmark in
        // One iteration a sample (`scaledIterations` is 0..<1): the collapse before the
        // explicit start is not measured.
        for _ in benchmark.scaledIterations {
            try dataSource.userCollapse(5)
            precondition(dataSource.snapshot().numberOfItems == 100)
            benchmark.startMeasurement()
            try dataSource.userExpand(5)
            precondition(dataSource.snapshot().numberOfItems == 100 + children)
            precondition(dataSource.itemIdentifier(for: IndexPath(item: 6, section: 0)) == 1_000)
        }
    }
}

/// The section snapshot benchmarks (run with the other diffable ones: the same cells and
/// collection).
func outlineBenchmarks() {
    Benchmark("Build a section snapshot of 100k items (1,000 roots × 99 children)") { benchmark in
        for _ in benchmark.scaledIterations {
            let snapshot = outline(parents: 1_000, children: 99)
            precondition(snapshot.errors.isEmpty && snapshot.contains(99_999))
            blackHole(snapshot)
        }
    }

    Benchmark("Build a section snapshot of 100k root items (one append)") { benchmark in
        let items = Array(0..<100_000)
        for _ in benchmark.scaledIterations {
            var snapshot = SectionSnapshot()
            snapshot.append(items)
            precondition(snapshot.errors.isEmpty && snapshot.contains(99_999))
            blackHole(snapshot)
        }
    }

    expandBenchmark(children: 1_000)
    expandBenchmark(children: 10_000)

    // A laid-out list of 100k root items alternating with the same list less every
    // hundredth item: the difference, the batch update and the relayout of every row.
    let (collection, dataSource) = makeDiffableCollection()
    var full = SectionSnapshot()
    full.append(Array(0..<100_000))
    var thinned = SectionSnapshot()
    thinned.append((0..<100_000).filter { $0 % 100 != 50 })
    final class Alternation { var showsFull = true }
    let alternation = Alternation()
    Benchmark(
        "Apply a 1% change to a 100k-item section snapshot (ListLayout, scrolled to the middle)",
        configuration: .init(setup: {
            try? dataSource.apply(full, to: 0)
            collection.contentOffset = Point(x: 0, y: 44 * 50_000)
            try? collection.performLayout()
        })
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            alternation.showsFull.toggle()
            try dataSource.apply(alternation.showsFull ? full : thinned, to: 0)
            precondition(dataSource.snapshot().numberOfItems == (alternation.showsFull ? 100_000 : 99_000))
        }
    }
}
