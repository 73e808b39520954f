import Benchmark
import Trellis
@_spi(Testing) import TrellisKit

// Scenario S8, a chat timeline of 1,000,000 messages in a bottom-anchored, self-sizing list
// (`contentAnchor = .bottom`): the targets are opening at the newest message and paging
// 10,000 older messages in above the reader — a diffable `apply` of a snapshot with the
// items inserted before the first — in ≤ 5 ms, with 0 px of movement of every visible
// message (checked in every sample).

/// A message row sized by arithmetic from its identifier (30…90 pt tall): no text
/// measuring, so the figures are the collection view's and not the text engine's.
final class MessageCell: CollectionViewCell {
    var message = 0

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: Double(30 + (message &* 7 % 11) * 6))
    }
}

typealias Timeline = DiffableDataSourceSnapshot<Int, Int>

/// The messages `ids` in one section.
func timeline(_ ids: Range<Int>) -> Timeline {
    var snapshot = Timeline()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(ids))
    return snapshot
}

/// A 375 × 800 bottom-anchored list of MessageCells (estimate 44 pt) fed by a diffable
/// data source, as a chat app sets it up.
func makeChatCollection() -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>) {
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: ListLayout())
    collection.register(MessageCell.self, forCellWithReuseIdentifier: "message")
    collection.estimatedItemSize = .fixed(Size(width: 375, height: 44))
    collection.contentAnchor = .bottom
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: collection) {
        (collectionView: CollectionView, indexPath: IndexPath, id: Int) throws -> CollectionViewCell? in
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath) as! MessageCell
        cell.message = id
        return cell
    }
    return (collection, dataSource)
}

/// Every visible message's frame relative to the viewport, by identifier.
func onScreen(_ collection: CollectionView, _ dataSource: CollectionViewDiffableDataSource<Int, Int>) -> [Int: Rect] {
    var frames: [Int: Rect] = [:]
    for indexPath in collection.indexPathsForVisibleItems {
        guard let frame = collection.layoutAttributesForItem(at: indexPath)?.frame, frame.intersects(collection.bounds),
              let id = dataSource.itemIdentifier(for: indexPath) else { continue }
        frames[id] = frame.offsetBy(dx: -collection.bounds.minX, dy: -collection.bounds.minY)
    }
    return frames
}

/// The messages `ids` as a chat holds them: one section a day of `perDay` messages, the
/// day's number as its identifier.
func days(_ ids: Range<Int>, perDay: Int = 40) -> Timeline {
    var snapshot = Timeline()
    for day in (ids.lowerBound / perDay)..<(ids.upperBound / perDay) {
        snapshot.appendSections([day])
        snapshot.appendItems(Array((day * perDay)..<((day + 1) * perDay)), toSection: day)
    }
    return snapshot
}

/// `older` with the days of `snapshot` inserted before its first: what a chat's data
/// source applies when it pages history in.
func prepending(_ older: Range<Int>, to snapshot: Timeline, perDay: Int = 40) -> Timeline {
    var result = snapshot
    let first = result.sectionIdentifiers[0]
    let newDays = Array((older.lowerBound / perDay)..<(older.upperBound / perDay))
    result.insertSections(newDays, beforeSection: first)
    for day in newDays { result.appendItems(Array((day * perDay)..<((day + 1) * perDay)), toSection: day) }
    return result
}

/// Applies `target` (measured) and then `back` (not measured) in every sample, checking
/// that no visible message moves either way: every sample is the same change.
func prependBenchmark(_ name: String, current: Timeline, target: Timeline, itemCount: Int) {
    let (collection, dataSource) = makeChatCollection()
    Benchmark(
        name,
        configuration: .init(setup: {
            try? dataSource.apply(current, animatingDifferences: false)
            try? collection.performLayout()
            // The reader is in the middle of the timeline, reading history.
            collection.contentOffset.y = collection.contentSize.height / 2
            try? collection.performLayout()
        })
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let before = onScreen(collection, dataSource)
            benchmark.startMeasurement()
            try dataSource.apply(target)
            benchmark.stopMeasurement()
            precondition(collection.numberOfSections == target.numberOfSections)
            precondition((0..<collection.numberOfSections).reduce(0) { $0 + collection.numberOfItems(inSection: $1) } == itemCount)
            precondition(onScreen(collection, dataSource) == before, "a visible message moved")
            try dataSource.apply(current)
            precondition(onScreen(collection, dataSource) == before, "a visible message moved taking the page out")
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(10), maxIterations: 200)

    // Identifiers 10,000…1,009,999 are the timeline; 0…9,999 the older page (250 days).
    let count = 1_000_000, page = 10_000
    let chat = days(page..<(page + count))
    let chatWithHistory = prepending(0..<page, to: chat)

    Benchmark("S8 open at the newest: first layout of 1M messages in 25,000 days, bottom-anchored") { benchmark in
        for _ in benchmark.scaledIterations {
            let (collection, dataSource) = makeChatCollection()
            try dataSource.apply(chat, animatingDifferences: false)
            try collection.performLayout()
            precondition(collection.indexPathsForVisibleItems.last == IndexPath(item: 39, section: 24_999))
            precondition(collection.contentOffset.y == collection.contentSize.height - 800)
            blackHole(collection)
        }
    }

    prependBenchmark(
        "S8 prepend 10,000 older messages (250 days) above 1M (diffable apply, reader in the middle)",
        current: chat, target: chatWithHistory, itemCount: count + page)

    // The app's side of a page-in, outside `apply`: copying the snapshot and inserting the
    // days (the snapshot's index of every item is copied on write).
    Benchmark("S8 app side: the snapshot with 250 older days inserted, from the 1M one") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(prepending(0..<page, to: chat))
        }
    }

    // The same prepend into one section of 1M messages (no days): the general batch update,
    // whose work is proportional to every item — the worst case, for comparison.
    let flat = timeline(page..<(page + count))
    let flatWithHistory: Timeline = {
        var snapshot = flat
        snapshot.insertItems(Array(0..<page), beforeItem: page)
        return snapshot
    }()
    prependBenchmark(
        "S8 worst case: prepend 10,000 older messages into one section of 1M (general batch update)",
        current: flat, target: flatWithHistory, itemCount: count + page)

    // Its parts: the snapshot difference alone, and the relayout of every row alone.
    Benchmark("S8 worst case, part: the difference of 1M messages and 10,000 prepended in one section") { benchmark in
        for _ in benchmark.scaledIterations {
            let update = flatWithHistory.batchUpdate(from: flat)
            precondition(update.insertedItems.count == page)
            blackHole(update)
        }
    }
    let (relaidOut, relaidOutSource) = makeChatCollection()
    Benchmark(
        "S8 worst case, part: the relayout of 1M self-sized rows (invalidateLayout(.everything))",
        configuration: .init(setup: {
            try? relaidOutSource.apply(flat, animatingDifferences: false)
            try? relaidOut.performLayout()
        })
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            relaidOut.invalidateLayout(.everything)
            blackHole(relaidOut.contentSize)
        }
    }
}
