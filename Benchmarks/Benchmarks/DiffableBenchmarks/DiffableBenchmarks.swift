import Benchmark
import Trellis
@_spi(Testing) import TrellisKit

// The target for the diffable data source: the difference between two snapshots of
// 100,000 items that differ by 1 % (random inserts, deletes and moves) in ≤ 5 ms and
// ≥ 20× faster than the standard library's `difference(from:).inferringMoves()` on the
// same identifiers, measured in the same run; and an apply that re-measures only the
// inserted, reloaded and reconfigured items that are visible.

/// SplitMix64: a fixed, portable random sequence, so every run diffs the same snapshots.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

/// `count` items in one section, and a copy changed by `count / 100` random operations
/// (a third inserts, a third deletes, a third moves). Returns what was inserted.
func snapshots(count: Int, seed: UInt64 = 11) -> (old: Snapshot, new: Snapshot, inserted: [Int]) {
    var random = SplitMix64(state: seed)
    var old = Snapshot()
    old.appendSections([0])
    old.appendItems(Array(0..<count))
    var new = old
    let changes = count / 100
    var items = Array(0..<count)  // a mirror of `new`'s items, to pick existing ones
    var doomed = Set<Int>()
    while doomed.count < changes / 3 { doomed.insert(items[Int.random(in: 0..<count, using: &random)]) }
    new.deleteItems(Array(doomed))
    items.removeAll { doomed.contains($0) }
    var inserted: [Int] = []
    for index in 0..<(changes / 3) {
        let id = count + index
        let before = items[Int.random(in: 0..<items.count, using: &random)]
        new.insertItems([id], beforeItem: before)
        items.insert(id, at: items.firstIndex(of: before)!)
        inserted.append(id)
    }
    for _ in 0..<(changes - 2 * (changes / 3)) {
        let a = items[Int.random(in: 0..<items.count, using: &random)]
        let b = items[Int.random(in: 0..<items.count, using: &random)]
        guard a != b else { continue }
        new.moveItem(a, afterItem: b)
        items.remove(at: items.firstIndex(of: a)!)
        items.insert(a, at: items.firstIndex(of: b)! + 1)
    }
    precondition(new.errors.isEmpty && new.itemIdentifiers == items)
    return (old, new, inserted)
}

/// A cell sized by arithmetic from its number (no text measuring), 30…90 pt tall.
final class NumberCell: CollectionViewCell {
    var number = 0

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: Double(30 + (number % 7) * 10))
    }
}

/// A 375 × 800 self-sizing list of NumberCells fed by a diffable data source.
func makeDiffableCollection() -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>) {
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: ListLayout())
    collection.register(NumberCell.self, forCellWithReuseIdentifier: "number")
    collection.estimatedItemSize = .fixed(Size(width: 375, height: 44))
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: collection) {
        (collectionView: CollectionView, indexPath: IndexPath, id: Int) throws -> CollectionViewCell? in
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number = id
        return cell
    }
    return (collection, dataSource)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3))

    let (old, new, inserted) = snapshots(count: 100_000)
    let oldItems: [Int] = old.itemIdentifiers, newItems: [Int] = new.itemIdentifiers

    Benchmark("Difference of 100k-item snapshots, 1% changed (Heckel + fewest moves)") { benchmark in
        for _ in benchmark.scaledIterations {
            let update = new.batchUpdate(from: old)
            precondition(update.insertedItems.count == inserted.count)
            blackHole(update)
        }
    }

    // The worst case of the in-step walk: nothing stays opposite its old place, so every
    // item goes through Heckel's symbol table (and 99,999 items move).
    var reversed = Snapshot()
    reversed.appendSections([0])
    reversed.appendItems(Array(old.itemIdentifiers.reversed()))
    Benchmark("Difference of 100k-item snapshots, reversed (every item through the symbol table)") { benchmark in
        for _ in benchmark.scaledIterations {
            let update = reversed.batchUpdate(from: old)
            precondition(update.movedItems.count == 99_999)
            blackHole(update)
        }
    }

    Benchmark(
        "Standard library: difference(from:).inferringMoves(), same 100k identifiers",
        configuration: .init(maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(newItems.difference(from: oldItems).inferringMoves())
        }
    }

    // The whole apply on a collection view scrolled into the middle: the difference, the
    // batch update (remapping cells, sizes and selection), the relayout of 100k rows and
    // the measuring of what came into view. Alternates between the two snapshots; an item
    // comes back with its identifier, so its measured size is still cached.
    let (collection, dataSource) = makeDiffableCollection()
    // Which snapshot the next apply shows. Not `iteration % 2`: `scaledIterations` is
    // 0..<1 in every sample, so that applied the same snapshot again and again (an empty
    // difference, which the batch update returns early on).
    final class Alternation { var showsNew = false }
    let alternation = Alternation()
    let firstDifference = IndexPath(item: oldItems.indices.first { oldItems[$0] != newItems[$0] }!, section: 0)
    Benchmark(
        "Apply a 1% change to 100k self-sizing items (ListLayout, scrolled to the middle)",
        configuration: .init(setup: {
            try? dataSource.apply(old)
            collection.contentOffset = Point(x: 0, y: 44 * 50_000)
            try? collection.performLayout()
        })
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            alternation.showsNew.toggle()
            let target = alternation.showsNew ? new : old
            let measuredBefore: Int = collection.sizeCache.measurementCount
            let visibleBefore: Set<Int> = Set(collection.indexPathsForVisibleItems.compactMap { dataSource.itemIdentifier(for: $0) })
            try dataSource.apply(target)
            // Measured: never an item that was displayed; at most the ones that came into view.
            let measured: Int = collection.sizeCache.measurementCount - measuredBefore
            let newlyVisible: [Int] = collection.indexPathsForVisibleItems.compactMap { dataSource.itemIdentifier(for: $0) }
                .filter { !visibleBefore.contains($0) }
            precondition(measured <= newlyVisible.count, "apply measured \(measured) items, \(newlyVisible.count) came into view")
            // The view shows the target: the first position where the snapshots differ,
            // and the cells on screen.
            precondition(dataSource.itemIdentifier(for: firstDifference) == (alternation.showsNew ? newItems : oldItems)[firstDifference.item])
            for cell in collection.visibleCells {
                precondition((cell as! NumberCell).number == collection.indexPath(for: cell).flatMap(dataSource.itemIdentifier(for:)))
            }
        }
    }
    outlineBenchmarks()
}
