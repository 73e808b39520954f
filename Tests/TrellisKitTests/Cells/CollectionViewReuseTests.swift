import Testing
import Trellis
@testable import TrellisKit

@Suite("CollectionView reuse and display")
struct CollectionViewReuseTests {
    @Test func showsExactlyTheItemsInTheBounds() throws {
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        try collection.performLayout()
        #expect(collection.indexPathsForVisibleItems == (0..<16).map { IndexPath(item: $0, section: 0) })
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == Rect(x: 0, y: 150, width: 100, height: 50))
        #expect(collection.contentSize == Size(width: 375, height: 5000))
    }

    /// `visibleCells` and `indexPathsForVisibleItems` describe the same cells in the same
    /// (index-path) order after every kind of change, read once or many times: a scroll, a
    /// deletion that moves the shown cells to new index paths, a scroll that changes
    /// nothing shown, a move among the shown items, a reload.
    @Test func visibleCellsAndTheirIndexPathsFollowEveryChange() throws {
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        func items(_ range: Range<Int>) -> [IndexPath] { range.map { IndexPath(item: $0, section: 0) } }
        func check(_ expected: [IndexPath], texts: [String], _ comment: Comment) {
            for _ in 0..<2 {
                let indexPaths = collection.indexPathsForVisibleItems, cells = collection.visibleCells
                #expect(indexPaths == expected, comment)
                #expect(cells.map { ($0 as! TextCell).text } == texts, comment)
                for (indexPath, cell) in zip(indexPaths, cells) {
                    #expect(collection.cellForItem(at: indexPath) === cell, comment)
                    #expect(collection.indexPath(for: cell) == indexPath, comment)
                }
            }
        }
        func texts(_ range: Range<Int>) -> [String] { range.map { data.sections[0][$0].text } }
        try collection.performLayout()
        check(items(0..<16), texts: texts(0..<16), "first layout")
        collection.contentOffset = Point(x: 0, y: 120)
        try collection.performLayout()
        check(items(2..<19), texts: texts(2..<19), "scrolled by 120 pt")
        data.sections[0].remove(at: 5)
        _ = try collection.deleteItems(at: [IndexPath(item: 5, section: 0)])
        try collection.performLayout()
        check(items(2..<19), texts: texts(2..<19), "item 5 deleted: those after it moved up")
        collection.contentOffset = Point(x: 0, y: 130)
        try collection.performLayout()
        check(items(2..<19), texts: texts(2..<19), "scrolled within the same items")
        // A move among the items shown: the same cells, at other index paths.
        data.sections[0].insert(data.sections[0].remove(at: 3), at: 10)
        _ = try collection.moveItem(at: IndexPath(item: 3, section: 0), to: IndexPath(item: 10, section: 0))
        try collection.performLayout()
        check(items(2..<19), texts: texts(2..<19), "item 3 moved to 10")
        data.sections[0].swapAt(2, 3)
        collection.reloadData()
        try collection.performLayout()
        check(items(2..<19), texts: texts(2..<19), "reloaded")
    }

    /// A cell waiting in the reuse pool is marked so (exactly while it waits) and left out
    /// of layout passes: it is hidden, and the collection view lays it out when it places
    /// it again.
    @Test func pooledCellsWaitOutsideLayoutPasses() throws {
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        collection.layoutIfNeeded()
        #expect(collection.visibleCells.count == 16)
        collection.frame.size.height = 200
        collection.layoutIfNeeded()
        let cells = collection.subviews.compactMap { $0 as? CollectionViewCell }
        let pooled = cells.filter { $0.displayedIndexPath == nil }
        #expect(pooled.count == 12 && collection.visibleCells.count == 4)
        for cell in cells { #expect(cell.isWaitingForReuse == pooled.contains { $0 === cell }) }
        for cell in pooled { #expect(cell.isHidden) }

        for cell in pooled { cell.setNeedsLayout() }
        collection.setNeedsLayout()
        collection.layoutIfNeeded()
        for cell in pooled { #expect(cell.needsLayout, "a pooled cell was laid out") }

        collection.frame.size.height = 800
        collection.layoutIfNeeded()
        #expect(collection.visibleCells.count == 16)
        for cell in collection.visibleCells {
            #expect(!cell.isWaitingForReuse && !cell.isHidden && !cell.needsLayout)
        }
    }

    /// A view pooled by a registry waits exactly while the pool holds it: dequeued, dropped
    /// by a new registration, or outliving the registry (its collection view gone), it
    /// waits no more.
    @Test func aViewWaitsForReuseExactlyWhilePooled() {
        let key = CollectionView.PoolKey(kind: .cell, identifier: "text", template: 0)
        let owner = View()
        var registry: ReuseRegistry? = ReuseRegistry()
        registry?.registerCell(CollectionView.Template(sizeClass: nil, make: { TextCell() }), identifier: "text", removingFrom: owner)
        let first = registry!.dequeue(key) { TextCell() }, second = registry!.dequeue(key) { TextCell() }
        #expect(!first.isWaitingForReuse && !second.isWaitingForReuse)
        #expect(registry!.enqueue(first) && registry!.enqueue(second))
        #expect(first.isWaitingForReuse && second.isWaitingForReuse)
        #expect(registry!.dequeue(key) { TextCell() } === second && !second.isWaitingForReuse)
        registry = nil
        #expect(!first.isWaitingForReuse)

        let again = ReuseRegistry()
        let cell = again.dequeue(key) { TextCell() }
        #expect(again.enqueue(cell) && cell.isWaitingForReuse)
        again.registerCell(CollectionView.Template(sizeClass: nil, make: { TextCell() }), identifier: "text", removingFrom: owner)
        #expect(!cell.isWaitingForReuse && again.pooledCount == 0)
    }

    @Test func scrollingRecyclesCellsAndNeverShowsTwoForOneItem() throws {
        let data = TextDataSource(count: 1000)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        try collection.performLayout()
        var createdCells = Set<ObjectIdentifier>()
        var offset = 0.0
        while offset < collection.contentSize.height - 800 {
            offset += 137
            collection.contentOffset = Point(x: 0, y: offset)
            try collection.performLayout()
            let cells = collection.visibleCells
            for cell in cells { createdCells.insert(ObjectIdentifier(cell)) }
            #expect(Set(cells.map(ObjectIdentifier.init)).count == cells.count, "a cell displayed twice")
            let expected = (Int(offset / 50)..<min(1000, Int(((offset + 800) / 50).rounded(.up)))).map { IndexPath(item: $0, section: 0) }
            #expect(collection.indexPathsForVisibleItems == expected)
            for (indexPath, frame) in collection.displayedFrames {
                #expect(frame == collection.layoutAttributesForItem(at: indexPath)?.frame)
                #expect(collection.cellForItem(at: indexPath).map { ($0 as! TextCell).text } == data.sections[0][indexPath.item].text)
            }
        }
        // 17 cells cover any 800 pt window of 50 pt rows: cells that scroll away are reused
        // in the same pass.
        #expect(createdCells.count == 17)
        #expect(data.displayed.count - data.ended.count == collection.visibleCells.count)
        let reused = collection.visibleCells.map { ($0 as! TextCell).prepareForReuseCount }
        #expect(reused.contains { $0 > 0 })
    }

    /// UIKit's `reloadItems(at:)` shows the item with a newly dequeued cell, never the one
    /// it had; the old cell goes back to the pool for later dequeues.
    @Test func reloadItemsShowsTheItemInAnotherCell() throws {
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        try collection.performLayout()
        let old = try #require(collection.cellForItem(at: IndexPath(item: 3, section: 0)))
        try collection.reloadItems(at: [IndexPath(item: 3, section: 0)])
        try collection.performLayout()
        let new = try #require(collection.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(new !== old && !new.isHidden && old.isHidden)
        #expect(collection.visibleCells.count + collection.reusePoolCount == collection.subviews.count)
        #expect(collection.reusePoolCount == 1)
    }

    @Test func pooledCellsAreHiddenAndReturnedOnDequeue() throws {
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        try collection.performLayout()
        collection.contentOffset = Point(x: 0, y: 2000)
        try collection.performLayout()
        #expect(collection.visibleCells.allSatisfy { !$0.isHidden })
        let hidden = collection.subviews.filter(\.isHidden)
        #expect(hidden.count == collection.reusePoolCount)
        #expect(collection.visibleCells.count + collection.reusePoolCount == collection.subviews.count)
    }

    @Test func supplementaryHeadersAreDisplayedAndRecycled() throws {
        let data = TextDataSource(sections: (0..<3).map { s in (0..<5).map { TextItem(id: s * 10 + $0, text: "abc") } })
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        collection.headerSize = Size(width: 375, height: 30)
        try collection.performLayout()
        let header = try #require(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 1)))
        // Section 0: header 30 + 5 × 50; section 1's header starts at 280.
        #expect(header.frame == Rect(x: 0, y: 280, width: 375, height: 30))
        #expect(header is HeaderView)
        collection.contentOffset = Point(x: 0, y: 400)
        try collection.performLayout()
        #expect(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func registrationByFactoryIsUsed() throws {
        let data = TextDataSource(count: 3)
        data.identifier = "made"
        let collection = makeCollection(data, estimated: .none)
        var made = 0
        collection.register(forCellWithReuseIdentifier: "made") {
            made += 1
            return WideTextCell()
        }
        try collection.performLayout()
        #expect(made == 3)
        #expect(collection.visibleCells.allSatisfy { $0 is WideTextCell && $0.reuseIdentifier == "made" })
    }

    @Test func prefetchingAnnouncesItemsAheadOnce() throws {
        final class Prefetcher: CollectionViewDataSourcePrefetching {
            var announced: [IndexPath] = []
            var cancelled: [IndexPath] = []
            func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { announced += indexPaths }
            func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
                cancelled += indexPaths
            }
        }
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 100)
        let prefetcher = Prefetcher()
        collection.prefetchDataSource = prefetcher
        try collection.performLayout()
        // Visible 0..<8; one viewport ahead: 8..<16.
        #expect(prefetcher.announced == (8..<16).map { IndexPath(item: $0, section: 0) })
        collection.contentOffset = Point(x: 0, y: 100)
        try collection.performLayout()
        // 16 comes near (moving down: farther ahead); 0 left the screen behind the motion,
        // which is not announced. Nothing is announced twice.
        #expect(Set(prefetcher.announced).count == prefetcher.announced.count)
        #expect(prefetcher.announced.contains(IndexPath(item: 16, section: 0)))
        #expect(!prefetcher.announced.contains(IndexPath(item: 0, section: 0)))
        collection.contentOffset = Point(x: 0, y: 5000)
        try collection.performLayout()
        #expect(prefetcher.cancelled.contains(IndexPath(item: 16, section: 0)))
    }

    @Test func removingTheDataSourceEmptiesTheCollection() throws {
        let data = TextDataSource(count: 10)
        let collection = makeCollection(data, estimated: .none)
        try collection.performLayout()
        #expect(!collection.visibleCells.isEmpty)
        collection.dataSource = nil
        try collection.performLayout()
        #expect(collection.visibleCells.isEmpty && collection.numberOfSections == 0)
    }
}
