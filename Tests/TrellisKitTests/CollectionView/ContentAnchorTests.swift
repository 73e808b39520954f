import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// A message row whose height follows from its identifier (30…90 pt), and grows by
/// `extraHeight` once expanded ("read more").
private final class MessageCell: CollectionViewCell {
    var message = 0
    var extraHeight = 0.0

    static func height(of message: Int) -> Double { Double(30 + (message &* 7 % 11) * 6) }

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: MessageCell.height(of: message) + extraHeight)
    }
}

/// Records what the collection view tells its delegate about new items below.
private final class NewItemsDelegate: CollectionViewDelegate {
    var counts: [Int] = []
    func collectionView(_ collectionView: CollectionView, didChangeNewItemsBelowCount count: Int) { counts.append(count) }
}

@Suite("Content anchored at the bottom (a chat timeline)")
struct ContentAnchorTests {
    typealias DataSource = CollectionViewDiffableDataSource<Int, Int>
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    /// A 375 × 400 self-sizing list (estimate 44 pt, real heights 30…90) anchored at the
    /// bottom, fed by a diffable data source of the messages `ids`, as a chat app sets it up.
    private func makeTimeline(_ ids: [Int], anchor: ContentAnchor = .bottom) throws -> (CollectionView, DataSource) {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: ListLayout())
        collection.register(MessageCell.self, forCellWithReuseIdentifier: "message")
        collection.estimatedItemSize = .fixed(Size(width: 375, height: 44))
        collection.contentAnchor = anchor
        let dataSource = DataSource(collectionView: collection) { collectionView, indexPath, id in
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath) as! MessageCell
            cell.message = id
            cell.extraHeight = 0
            return cell
        }
        var snapshot = Snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems(ids)
        try dataSource.apply(snapshot, animatingDifferences: false)
        collection.layoutIfNeeded()
        #expect(collection.lastError == nil)
        return (collection, dataSource)
    }

    private func append(_ ids: [Int], to dataSource: DataSource) throws {
        var snapshot = dataSource.snapshot()
        snapshot.appendItems(ids)
        try dataSource.apply(snapshot)
    }

    /// The distance from the bottom edge of the bounds to the bottom of the last item.
    private func gapBelowLastItem(_ collection: CollectionView) throws -> Double {
        let count = collection.numberOfItems(inSection: 0)
        let last = try #require(collection.layoutAttributesForItem(at: IndexPath(item: count - 1, section: 0)))
        return collection.bounds.maxY - last.frame.maxY
    }

    @Test("A timeline shorter than the view sits at the bottom edge")
    func shortContentSitsAtTheBottom() throws {
        let (collection, dataSource) = try makeTimeline([1, 2, 3])
        // Heights from the cells: 72, 36 and 90 pt (the oracle is MessageCell's arithmetic).
        let heights = [1, 2, 3].map(MessageCell.height(of:))
        let frames = framesOnScreen(collection, dataSource)
        #expect(frames.count == 3)
        #expect(frames[3]?.maxY == 400)
        #expect(frames[3]?.height == heights[2])
        #expect(frames[1]?.minY == 400 - heights.reduce(0, +))
        #expect(collection.contentOffset.y == heights.reduce(0, +) - 400)
        #expect(collection.followsContentEnd)

        // The same timeline anchored at the top starts at the top edge, as in UIKit.
        let (top, topSource) = try makeTimeline([1, 2, 3], anchor: .top)
        #expect(framesOnScreen(top, topSource)[1]?.minY == 0)
        #expect(!top.followsContentEnd)
    }

    @Test("A short timeline growing by appends stays at the bottom until it fills the view")
    func shortContentGrowsUpwards() throws {
        let (collection, dataSource) = try makeTimeline([1])
        for id in 2...12 {
            try append([id], to: dataSource)
            #expect(try gapBelowLastItem(collection) == 0, "after appending \(id)")
        }
        #expect(collection.contentSize.height > 400)
    }

    @Test("The first layout opens at the newest message, every visible message measured")
    func opensAtTheNewest() throws {
        let (collection, dataSource) = try makeTimeline(Array(0..<5_000))
        #expect(try gapBelowLastItem(collection) == 0)
        #expect(collection.indexPathsForVisibleItems.last == IndexPath(item: 4_999, section: 0))
        for (id, frame) in framesOnScreen(collection, dataSource) {
            #expect(frame.height == MessageCell.height(of: id), "message \(id) is shown at its measured height")
        }
        // Only what is at the end was measured, not the first screen.
        #expect(collection.sizeCache.measurementCount < 40)
        #expect(collection.contentOffset.y == collection.contentSize.height - 400)
    }

    @Test("At the bottom, appended messages scroll into view (apply and insertItems)")
    func sticksToTheBottom() throws {
        let delegate = NewItemsDelegate()
        let (collection, dataSource) = try makeTimeline(Array(0..<2_000))
        collection.delegate = delegate
        collection.layoutIfNeeded()
        try append([2_000], to: dataSource)
        #expect(try gapBelowLastItem(collection) == 0)
        #expect(collection.indexPathsForVisibleItems.last == IndexPath(item: 2_000, section: 0))
        try append(Array(2_001..<2_004), to: dataSource)
        #expect(try gapBelowLastItem(collection) == 0)
        #expect(collection.newItemsBelowCount == 0)
        #expect(delegate.counts.isEmpty)
    }

    @Test("insertItems at the end of a plain data source keeps a following view at the bottom")
    func sticksWithInsertItems() throws {
        final class Messages: CollectionViewDataSource {
            var ids = Array(0..<300)
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath) as! MessageCell
                cell.message = ids[indexPath.item]
                return cell
            }
        }
        let messages = Messages()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: ListLayout())
        collection.register(MessageCell.self, forCellWithReuseIdentifier: "message")
        collection.estimatedItemSize = .fixed(Size(width: 375, height: 44))
        collection.contentAnchor = .bottom
        collection.dataSource = messages
        collection.layoutIfNeeded()
        #expect(try gapBelowLastItem(collection) == 0)
        messages.ids += [300, 301]
        try collection.insertItems(at: [IndexPath(item: 300, section: 0), IndexPath(item: 301, section: 0)])
        collection.layoutIfNeeded()
        #expect(try gapBelowLastItem(collection) == 0)
        #expect(collection.cellForItem(at: IndexPath(item: 301, section: 0)) != nil)
    }

    @Test("Scrolled up, appended messages move nothing on screen and are counted until the reader is back at the bottom")
    func doesNotStickWhenScrolledUp() throws {
        let delegate = NewItemsDelegate()
        let (collection, dataSource) = try makeTimeline(Array(0..<2_000))
        collection.delegate = delegate
        collection.contentOffset.y -= 1_000
        collection.layoutIfNeeded()
        #expect(!collection.followsContentEnd)
        let before = framesOnScreen(collection, dataSource)
        try append([2_000, 2_001, 2_002], to: dataSource)
        collection.layoutIfNeeded()
        #expect(framesOnScreen(collection, dataSource) == before, "0 px for every visible message")
        #expect(collection.newItemsBelowCount == 3)
        #expect(delegate.counts == [3])
        try append([2_003], to: dataSource)
        #expect(framesOnScreen(collection, dataSource) == before)
        #expect(collection.newItemsBelowCount == 4)

        // Scrolling down until two of the new ones are in view: two left below.
        try collection.scrollToItem(at: IndexPath(item: 2_001, section: 0), at: .bottom)
        #expect(collection.newItemsBelowCount == 2)

        // Back at the bottom (the reader scrolls there): the count goes back to 0, and the
        // view follows the end again.
        collection.contentOffset.y = collection.contentSize.height - 400
        collection.layoutIfNeeded()
        #expect(collection.newItemsBelowCount == 0)
        #expect(delegate.counts == [3, 4, 2, 0])
        #expect(collection.followsContentEnd)
        try append([2_004], to: dataSource)
        #expect(try gapBelowLastItem(collection) == 0)
    }

    @Test("scrollToContentEnd (the new-messages button) goes to the newest and follows it again")
    func scrollToContentEnd() throws {
        let (collection, dataSource) = try makeTimeline(Array(0..<2_000))
        collection.contentOffset.y = 5_000
        collection.layoutIfNeeded()
        try append([2_000, 2_001], to: dataSource)
        #expect(collection.newItemsBelowCount == 2)
        try collection.scrollToContentEnd()
        #expect(try gapBelowLastItem(collection) == 0)
        #expect(collection.newItemsBelowCount == 0)
        #expect(collection.followsContentEnd)
    }

    /// Older history paged in above: `count` messages with identifiers below the first.
    private func prepend(_ count: Int, to dataSource: DataSource) throws {
        var snapshot = dataSource.snapshot()
        let first = try #require(snapshot.itemIdentifiers.first)
        snapshot.insertItems(Array((first - count)..<first), beforeItem: first)
        try dataSource.apply(snapshot)
    }

    @Test("Prepending 10,000 older messages moves no visible message: 0 px", arguments: [0.0, 12.5, 30_000])
    func prependMovesNothing(offsetFromTop: Double) throws {
        let (collection, dataSource) = try makeTimeline(Array(100_000..<102_000))
        collection.contentOffset.y = offsetFromTop  // 0: the reader reached the top, which is when a chat pages in
        collection.layoutIfNeeded()
        let before = framesOnScreen(collection, dataSource)
        #expect(before.count >= 5)
        try prepend(10_000, to: dataSource)
        collection.layoutIfNeeded()
        #expect(collection.numberOfItems(inSection: 0) == 12_000)
        #expect(framesOnScreen(collection, dataSource) == before, "every visible message keeps its frame relative to the viewport")
        #expect(collection.newItemsBelowCount == 0)
        // The reader can scroll up into the new history, measured as it comes into view.
        let oldestBefore = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 10_000, section: 0)))
        collection.contentOffset.y = oldestBefore.frame.minY - 300
        collection.layoutIfNeeded()
        let shown = framesOnScreen(collection, dataSource)
        #expect(shown.keys.contains { $0 < 100_000 })
        for (id, frame) in shown { #expect(frame.height == MessageCell.height(of: id)) }
    }

    @Test("A message that grows while visible (read more) stays put; the messages below it move down")
    func growsWhileVisible() throws {
        let (collection, dataSource) = try makeTimeline(Array(0..<2_000))
        collection.contentOffset.y -= 2_000
        collection.layoutIfNeeded()
        let before = framesOnScreen(collection, dataSource)
        // The tapped message: the third visible one, well inside the viewport.
        let ids = before.sorted { $0.value.minY < $1.value.minY }.map(\.key)
        let tapped = ids[2]
        let indexPath = try #require(dataSource.indexPath(for: tapped))
        let cell = try #require(collection.cellForItem(at: indexPath) as? MessageCell)
        cell.extraHeight = 120
        cell.invalidateIntrinsicContentSize()  // the cell reports its new size (selfSizingInvalidation)
        collection.layoutIfNeeded()
        let after = framesOnScreen(collection, dataSource)
        #expect(after[tapped]?.minY == before[tapped]?.minY, "the tapped message stays put")
        #expect(after[tapped]?.height == (before[tapped]?.height ?? 0) + 120)
        for id in ids where id != tapped {
            let old = try #require(before[id])
            if old.minY < before[tapped]!.minY {
                #expect(after[id] == old, "message \(id) above the tapped one does not move")
            } else if let new = after[id] {
                #expect(new.minY == old.minY + 120, "message \(id) below moves down by the growth")
            }
        }
    }

    @Test("A new width keeps a following view at the bottom")
    func resizeKeepsTheBottom() throws {
        let (collection, dataSource) = try makeTimeline(Array(0..<2_000))
        defer { withExtendedLifetime(dataSource) {} }  // the collection view holds it weakly
        collection.frame.size.width = 250
        collection.layoutIfNeeded()
        #expect(try gapBelowLastItem(collection) == 0)
        collection.frame.size.height = 600
        collection.layoutIfNeeded()
        #expect(try gapBelowLastItem(collection) == 0)
    }
}
