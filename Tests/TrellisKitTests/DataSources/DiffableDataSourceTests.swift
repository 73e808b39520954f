import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// A deterministic source of small numbers for the randomised difference checks (Knuth's
/// MMIX linear congruential generator, high bits).
private struct Generator {
    var state: UInt64
    mutating func below(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// Tags by id, with texts whose lengths vary (TextCell: 10 pt a character).
private final class TagStore {
    var texts: [Int: String] = [:]
    func text(_ id: Int) -> String { texts[id] ?? "tag\(id)" }
}

@Suite("Diffable data source")
struct DiffableDataSourceTests {
    typealias DataSource = CollectionViewDiffableDataSource<String, Int>
    typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

    /// A collection of TextCells fed by a diffable data source, as a UIKit app sets one up.
    private func makeFixture(
        store: TagStore = TagStore()
    ) -> (CollectionView, DataSource, TagStore) {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "tag")
        collection.estimatedItemSize = .fixed(Size(width: 100, height: 44))
        let dataSource = DataSource(collectionView: collection) { collectionView, indexPath, id in
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TextCell
            cell.text = store.text(id)
            return cell
        }
        return (collection, dataSource, store)
    }

    /// The fixture showing items 1, 2, 3 in one section.
    private func showingOneTwoThree() throws -> (CollectionView, DataSource, TagStore) {
        let (collection, dataSource, store) = makeFixture()
        var snapshot = Snapshot()
        snapshot.appendSections(["s"])
        snapshot.appendItems([1, 2, 3])
        try dataSource.apply(snapshot)
        try collection.performLayout()
        return (collection, dataSource, store)
    }

    private func shownTexts(_ collection: CollectionView) -> [String] {
        collection.visibleCells.map { ($0 as! TextCell).text }
    }

    // MARK: Snapshot API

    @Test func snapshotBuildsAndAnswersLikeNSDiffableDataSourceSnapshot() {
        var snapshot = Snapshot()
        snapshot.appendSections(["fruit", "veg"])
        snapshot.appendItems([1, 2, 3], toSection: "fruit")
        snapshot.appendItems([10, 11])  // the last section
        snapshot.insertSections(["nuts"], afterSection: "fruit")
        snapshot.insertSections(["first"], beforeSection: "fruit")
        snapshot.appendItems([20], toSection: "nuts")
        snapshot.insertItems([0], beforeItem: 1)
        snapshot.insertItems([4], afterItem: 3)
        snapshot.moveItem(10, afterItem: 11)
        snapshot.moveItem(20, beforeItem: 0)  // across sections
        snapshot.moveSection("veg", beforeSection: "nuts")
        #expect(snapshot.errors.isEmpty)
        #expect(snapshot.sectionIdentifiers == ["first", "fruit", "veg", "nuts"])
        #expect(snapshot.itemIdentifiers(inSection: "fruit") == [20, 0, 1, 2, 3, 4])
        #expect(snapshot.itemIdentifiers(inSection: "veg") == [11, 10])
        #expect(snapshot.itemIdentifiers(inSection: "nuts").isEmpty)
        #expect(snapshot.numberOfSections == 4 && snapshot.numberOfItems == 8)
        #expect(snapshot.numberOfItems(inSection: "veg") == 2)
        #expect(snapshot.itemIdentifiers == [20, 0, 1, 2, 3, 4, 11, 10])
        #expect(snapshot.indexOfItem(11) == 6 && snapshot.indexOfItem(99) == nil)
        #expect(snapshot.indexOfSection("veg") == 2)
        #expect(snapshot.sectionIdentifier(containingItem: 20) == "fruit")

        snapshot.deleteItems([0, 11])
        snapshot.deleteSections(["first"])
        #expect(snapshot.itemIdentifiers == [20, 1, 2, 3, 4, 10])
        #expect(snapshot.sectionIdentifiers == ["fruit", "veg", "nuts"])
        #expect(snapshot.sectionIdentifier(containingItem: 0) == nil)
        snapshot.reloadItems([1])
        snapshot.reconfigureItems([2])
        snapshot.reloadSections(["veg"])
        #expect(snapshot.reloadedItemIdentifiers == [1] && snapshot.reconfiguredItemIdentifiers == [2])
        #expect(snapshot.reloadedSectionIdentifiers == ["veg"])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0)
        #expect(snapshot.errors.isEmpty)
    }

    @Test func snapshotRecordsDuplicatesAndUnknownIdentifiersInsteadOfCrashing() {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([4, 2], toSection: "b")
        snapshot.appendSections(["a"])
        snapshot.deleteItems([99])
        snapshot.insertItems([5], beforeItem: 98)
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4])  // the bad operations changed nothing
        #expect(snapshot.errors.map(\.code) == [.duplicateIdentifier, .duplicateIdentifier, .invalidSnapshot, .invalidSnapshot])
        #expect(snapshot.errors[0].message
            == "duplicate item identifier 2: appendItems(_:toSection:) adds it to section \"b\", but it is already in section \"a\" at index 1")
        #expect(snapshot.errors[1].message.contains("duplicate section identifier \"a\""))
        #expect(snapshot.errors[2].message.contains("item 99"))
    }

    @Test func anAppendWithDuplicatesKeepsTheOthersInOrderAndNamesEachDuplicate() {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([5, 6, 5, 2, 7], toSection: "b")
        #expect(snapshot.itemIdentifiers(inSection: "b") == [5, 6, 7])
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "a")
        #expect(snapshot.sectionIdentifier(containingItem: 7) == "b")
        #expect(snapshot.errors.map(\.message) == [
            "duplicate item identifier 5: appendItems(_:toSection:) adds it to section \"b\", but it appears twice in the same call",
            "duplicate item identifier 2: appendItems(_:toSection:) adds it to section \"b\", but it is already in section \"a\" at index 1",
        ])
        // Without a section: the last one; with none at all, an error and nothing added.
        snapshot.appendItems([8])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [5, 6, 7, 8])
        var empty = Snapshot()
        empty.appendItems([1])
        #expect(empty.numberOfItems == 0 && empty.errors.map(\.code) == [.invalidSnapshot])
    }

    // MARK: Applying

    @Test func firstApplyShowsTheSnapshotAndIdentifiersMapBothWays() throws {
        let (collection, dataSource, _) = makeFixture()
        var snapshot = Snapshot()
        snapshot.appendSections(["main", "more"])
        snapshot.appendItems([1, 2, 3], toSection: "main")
        snapshot.appendItems([7], toSection: "more")
        try dataSource.apply(snapshot, animatingDifferences: false)
        try collection.performLayout()
        #expect(collection.numberOfSections == 2)
        #expect(shownTexts(collection) == ["tag1", "tag2", "tag3", "tag7"])
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 7)
        #expect(dataSource.indexPath(for: 3) == IndexPath(item: 2, section: 0))
        #expect(dataSource.indexPath(for: 99) == nil)
        #expect(dataSource.sectionIdentifier(for: 1) == "more")
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3, 7])

        // After each apply the identifiers map to their new places (also when the apply
        // is refused: the places stay).
        var next = dataSource.snapshot()
        next.moveItem(1, afterItem: 7)
        next.deleteItems([2])
        try dataSource.apply(next)
        #expect(dataSource.indexPath(for: 1) == IndexPath(item: 1, section: 1))
        #expect(dataSource.indexPath(for: 3) == IndexPath(item: 0, section: 0))
        #expect(dataSource.indexPath(for: 2) == nil)
        var duplicate = dataSource.snapshot()
        duplicate.appendItems([3], toSection: "more")
        #expect(throws: CollectionViewError.self) { try dataSource.apply(duplicate) }
        #expect(dataSource.indexPath(for: 1) == IndexPath(item: 1, section: 1))
        try dataSource.applySnapshotUsingReloadData(snapshot)
        #expect(dataSource.indexPath(for: 1) == IndexPath(item: 0, section: 0))
    }

    @Test func applyMovesCellsAndSizesWithTheirItemsAndMeasuresOnlyNewOnes() throws {
        let (collection, dataSource, store) = makeFixture()
        for id in 0..<8 { store.texts[id] = String(repeating: "w", count: 3 + id * 4) }  // widths differ per tag
        var snapshot = Snapshot()
        snapshot.appendSections(["tags"])
        snapshot.appendItems(Array(0..<8))
        try dataSource.apply(snapshot)
        try collection.performLayout()
        let cellOf5 = try #require(collection.cellForItem(at: IndexPath(item: 5, section: 0)))
        let widthOf5 = cellOf5.frame.width
        collection.sizes.resetCacheCounters()

        var next = dataSource.snapshot()
        next.deleteItems([1])
        next.moveItem(5, beforeItem: 0)
        next.insertItems([100], afterItem: 3)
        store.texts[100] = "new"
        var completed = false
        let transition = try dataSource.apply(next) { completed = true }
        #expect(completed)
        #expect(collection.lastTransition == transition)
        try collection.performLayout()

        #expect(shownTexts(collection) == [5, 0, 2, 3, 100, 4, 6, 7].map(store.text))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) === cellOf5)  // the cell followed its item
        #expect(cellOf5.frame.width == widthOf5)  // and so did its size
        #expect(collection.sizeCache.measurementCount == 1)  // only the inserted tag was measured
        #expect(dataSource.indexPath(for: 5) == IndexPath(item: 0, section: 0))
        #expect(transition.disappearing.map(\.indexPath) == [IndexPath(item: 1, section: 0)])
    }

    @Test func aDuplicateIdentifierIsAnErrorNamingItAndTheViewStaysAsItWas() throws {
        let (collection, dataSource, _) = makeFixture()
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        try dataSource.apply(snapshot)
        try collection.performLayout()
        let cellsBefore = collection.visibleCells.map(ObjectIdentifier.init)
        let framesBefore = collection.displayedFrames.map(\.1)

        var bad = dataSource.snapshot()
        bad.deleteItems([1])
        bad.appendItems([4, 3], toSection: "b")
        #expect(throws: CollectionViewError.self) { try dataSource.apply(bad) }
        do {
            try dataSource.apply(bad)
        } catch let error as CollectionViewError {
            #expect(error.code == .duplicateIdentifier)
            #expect(error.message.contains("duplicate item identifier 3") && error.message.contains("section \"a\" at index 1"))
        }
        try collection.performLayout()
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3])
        #expect(collection.visibleCells.map(ObjectIdentifier.init) == cellsBefore)
        #expect(collection.displayedFrames.map(\.1) == framesBefore)
        #expect(collection.numberOfSections == 2 && collection.numberOfItems(inSection: 0) == 3)
    }

    @Test func reconfigureConfiguresTheSameCellAgainAndMeasuresItInPlace() throws {
        let (collection, dataSource, store) = try showingOneTwoThree()
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)) as? TextCell)
        let reuses = cell.prepareForReuseCount
        #expect(cell.frame.width == 50)
        collection.sizes.resetCacheCounters()

        store.texts[2] = "a much longer tag"
        var next = dataSource.snapshot()
        next.reconfigureItems([2])
        try dataSource.apply(next)
        #expect(cell.text == "a much longer tag")  // configured again right away, same cell
        try collection.performLayout()
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
        #expect(cell.prepareForReuseCount == reuses)  // not recycled
        #expect(cell.frame.width == 180)  // measured again
        #expect(collection.sizeCache.measurementCount == 1)
        #expect(dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
    }

    @Test func reloadDequeuesAndMeasuresAgain() throws {
        let (collection, dataSource, store) = try showingOneTwoThree()
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? TextCell)
        let reuses = cell.prepareForReuseCount
        collection.sizes.resetCacheCounters()

        store.texts[3] = "reloaded!"
        var next = dataSource.snapshot()
        next.reloadItems([3])
        next.moveItem(1, afterItem: 2)  // a move in the same apply
        try dataSource.apply(next)
        try collection.performLayout()
        let reloaded = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? TextCell)
        #expect(reloaded.text == "reloaded!" && reloaded.frame.width == 100)
        #expect(reloaded !== cell && cell.prepareForReuseCount == reuses)  // UIKit's reloadItems dequeues another cell; reconfigureItems keeps it
        #expect(collection.sizeCache.measurementCount == 1)
        #expect(shownTexts(collection) == ["tag2", "tag1", "reloaded!"])
    }

    @Test func selectionFollowsIdentifiersEvenWhenTheUpdateReplacesTheItem() throws {
        let (collection, dataSource, _) = try showingOneTwoThree()
        collection.allowsMultipleSelection = true
        try collection.selectItem(at: IndexPath(item: 0, section: 0))
        try collection.selectItem(at: IndexPath(item: 2, section: 0))
        var next = dataSource.snapshot()
        next.moveItem(1, afterItem: 3)
        next.reloadItems([1])  // moved past items that keep their order, and reloaded: deleted and inserted
        let difference = SnapshotDifference(from: dataSource.snapshot(), to: next)
        #expect(difference.update.deletedItems.contains(IndexPath(item: 0, section: 0)) && difference.update.movedItems.isEmpty)
        try dataSource.apply(next)
        #expect(dataSource.snapshot().itemIdentifiers == [2, 3, 1])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
        #expect(collection.visibleCells.map { $0.isSelected } == [false, true, true])
    }

    @Test func sectionsInsertedDeletedMovedAndReloaded() throws {
        let (collection, dataSource, store) = makeFixture()
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b", "c"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([3], toSection: "b")
        snapshot.appendItems([4, 5], toSection: "c")
        try dataSource.apply(snapshot)
        try collection.performLayout()
        collection.sizes.resetCacheCounters()
        collection.anchorsFirstVisibleItem = false  // the moved section must show at the top (as in UIKit)

        var next = dataSource.snapshot()
        next.moveSection("c", beforeSection: "a")
        next.deleteSections(["b"])
        next.insertSections(["new"], afterSection: "a")
        next.appendItems([6], toSection: "new")
        next.moveItem(2, afterItem: 6)  // an item leaves a surviving section for a new one
        store.texts[4] = "c4 changed"
        next.reloadSections(["c"])
        try dataSource.apply(next)
        try collection.performLayout()
        #expect(dataSource.snapshot().sectionIdentifiers == ["c", "a", "new"])
        #expect(shownTexts(collection) == ["c4 changed", "tag5", "tag1", "tag6", "tag2"])
        // Measured: 4 and 5 (their section was reloaded) and 6 (new); 1 and 2 kept their sizes.
        #expect(collection.sizeCache.measurementCount == 3)
    }

    // MARK: The difference

    /// Replays `update` on the old identifiers through the batch update plan and checks
    /// that it produces the new snapshot: every item that survives in a carried section is
    /// where the new snapshot has it, and nothing else claims an old position.
    private func check(_ old: Snapshot, _ new: Snapshot) throws -> SnapshotDifference<String, Int> {
        let difference = SnapshotDifference(from: old, to: new)
        let plan = try BatchUpdatePlan(
            difference.update, oldCounts: old.itemsBySection.map(\.count), newCounts: new.itemsBySection.map(\.count))
        let reloaded = Set(new.reloadedItemIdentifiers)
        let update = difference.update
        let freshNew = Set(update.insertedSections + update.reloadedSections.compactMap { plan.newSectionForOld[$0] })
        let replacedOld = Set(update.deletedSections + update.reloadedSections)
        for section in new.sectionIdentifiers.indices {
            for (item, oldPath) in plan.oldIndexPaths(forNewSection: section).enumerated() {
                let id = new.itemsBySection[section][item]
                if let oldPath {
                    #expect(old.itemsBySection[oldPath.section][oldPath.item] == id)
                } else if let oldSection = old.sectionIdentifier(containingItem: id).flatMap(old.indexOfSection) {
                    // An old item at a fresh position: reloaded, or its section (old or
                    // new) came or went as a whole.
                    #expect(reloaded.contains(id) || freshNew.contains(section) || replacedOld.contains(oldSection),
                            "item \(id) at \(section), \(item) lost its old position")
                }
            }
        }
        // A reloaded item of sections that stay is reloaded in place, or replaced.
        for id in new.reloadedItemIdentifiers {
            guard let oldSection = old.sectionIdentifier(containingItem: id).flatMap(old.indexOfSection),
                  let newSection = new.sectionIdentifier(containingItem: id).flatMap(new.indexOfSection),
                  !replacedOld.contains(oldSection), !freshNew.contains(newSection)
            else { continue }
            let oldPath = IndexPath(item: old.itemsBySection[oldSection].firstIndex(of: id)!, section: oldSection)
            let newPath = IndexPath(item: new.itemsBySection[newSection].firstIndex(of: id)!, section: newSection)
            #expect(update.reloadedItems.contains(oldPath) != (update.deletedItems.contains(oldPath) && update.insertedItems.contains(newPath)),
                    "reloaded item \(id) is neither reloaded at \(oldPath) nor replaced")
        }
        return difference
    }

    @Test func oneMoveIsOneMoveNotAShiftOfEverythingBetween() throws {
        var old = Snapshot()
        old.appendSections(["s"])
        old.appendItems(Array(0..<1000))
        var new = old
        new.moveItem(0, afterItem: 999)
        let difference = try check(old, new)
        #expect(difference.update.movedItems == [.init(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 999, section: 0))])
        #expect(difference.update.insertedItems.isEmpty && difference.update.deletedItems.isEmpty)
    }

    @Test("Random snapshot pairs: the update replays to the new snapshot", arguments: 0..<40)
    func randomDifferencesReplay(seed: Int) throws {
        var random = Generator(state: UInt64(seed))
        var old = Snapshot()
        var nextID = 0
        let sectionCount = 1 + random.below(4)
        old.appendSections((0..<sectionCount).map { "s\($0)" })
        for section in 0..<sectionCount {
            let count = random.below(12)
            old.appendItems(Array(nextID..<(nextID + count)), toSection: "s\(section)")
            nextID += count
        }
        var new = old
        for _ in 0..<random.below(12) {
            let items = new.itemIdentifiers
            let sections = new.sectionIdentifiers
            switch random.below(10) {
            case 0 where !items.isEmpty: new.deleteItems([items[random.below(items.count)]])
            case 1 where !items.isEmpty:
                new.insertItems([nextID], beforeItem: items[random.below(items.count)])
                nextID += 1
            case 2 where items.count > 1:
                let a = items[random.below(items.count)], b = items[random.below(items.count)]
                if a != b { new.moveItem(a, afterItem: b) }
            case 3 where !sections.isEmpty:
                new.appendItems([nextID], toSection: sections[random.below(sections.count)])
                nextID += 1
            case 4 where sections.count > 1:
                let a = sections[random.below(sections.count)], b = sections[random.below(sections.count)]
                if a != b { new.moveSection(a, beforeSection: b) }
            case 5 where sections.count > 1: new.deleteSections([sections[random.below(sections.count)]])
            case 6:
                new.appendSections(["n\(nextID)"])
                new.appendItems([nextID + 1, nextID + 2])
                nextID += 3
            case 7 where !items.isEmpty: new.reloadItems([items[random.below(items.count)]])
            case 8 where !sections.isEmpty: new.reloadSections([sections[random.below(sections.count)]])
            case 9 where !sections.isEmpty:
                // A section inserted before another (history paged in above).
                new.insertSections(["n\(nextID)"], beforeSection: sections[random.below(sections.count)])
                new.appendItems([nextID + 1], toSection: "n\(nextID)")
                nextID += 2
            default: break
            }
        }
        #expect(new.errors.isEmpty)
        _ = try check(old, new)

        // And through a collection view: the cells show the new snapshot.
        let (collection, dataSource, _) = makeFixture()
        collection.frame.size.height = 5000
        collection.anchorsFirstVisibleItem = false  // inserts above the top item must show, not scroll (as in UIKit)
        try dataSource.apply(old)
        try collection.performLayout()
        try dataSource.apply(new)
        try collection.performLayout()
        #expect(shownTexts(collection) == new.itemIdentifiers.map { "tag\($0)" })
    }

    /// A data source subclass that answers the counts itself is asked for them on every
    /// update (the counts of a plain one are read from its snapshot at once).
    @Test func aSubclassAnsweringTheCountsIsAskedForThem() throws {
        final class Counting: CollectionViewDiffableDataSource<String, Int> {
            var sectionsAsked: Set<Int> = []
            override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
                sectionsAsked.insert(section)
                return super.collectionView(collectionView, numberOfItemsInSection: section)
            }
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "tag")
        let dataSource = Counting(collectionView: collection) { collectionView, indexPath, id in
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TextCell
            cell.text = "tag\(id)"
            return cell
        }
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([3], toSection: "b")
        try dataSource.apply(snapshot)
        try collection.performLayout()
        dataSource.sectionsAsked = []
        snapshot.insertSections(["c"], beforeSection: "a")
        snapshot.appendItems([4], toSection: "c")
        try dataSource.apply(snapshot)
        #expect(dataSource.sectionsAsked == [0, 1, 2])
        #expect(collection.numberOfItems(inSection: 0) == 1)
    }

    /// The fewest item moves by brute force: in each section carried over (kept, not
    /// reloaded), the survivors from the same old section minus the most of them that can
    /// stay (the largest subset, tried one by one, whose old indices increase in new
    /// order); plus every survivor that changed carried sections.
    private func fewestItemMovesByBruteForce(_ old: Snapshot, _ new: Snapshot) -> Int {
        var moves = 0
        for identifier in new.sectionIdentifiers where old.indexOfSection(identifier) != nil {
            var sameSection: [Int] = []  // old indices, in new order
            for id in new.itemIdentifiers(inSection: identifier) {
                guard let from = old.sectionIdentifier(containingItem: id) else { continue }
                if from == identifier {
                    sameSection.append(old.itemIdentifiers(inSection: from).firstIndex(of: id)!)
                } else if new.sectionIdentifiers.contains(from) {
                    moves += 1
                }
            }
            var mostKept = 0
            for subset in 0..<(1 << sameSection.count) {
                let kept = sameSection.indices.filter { subset & (1 << $0) != 0 }.map { sameSection[$0] }
                if kept.count > mostKept, zip(kept, kept.dropFirst()).allSatisfy({ $0 < $1 }) { mostKept = kept.count }
            }
            moves += sameSection.count - mostKept
        }
        return moves
    }

    @Test("Small random snapshot pairs: the fewest moves, checked by brute force", arguments: 0..<60)
    func fewestMovesByBruteForce(seed: Int) throws {
        var random = Generator(state: UInt64(seed) &+ 1000)
        var old = Snapshot()
        let sectionCount = 1 + random.below(3)
        old.appendSections((0..<sectionCount).map { "s\($0)" })
        var nextID = 0
        for section in 0..<sectionCount {
            let count = random.below(11)
            old.appendItems(Array(nextID..<(nextID + count)), toSection: "s\(section)")
            nextID += count
        }
        var new = old
        for _ in 0..<random.below(10) {
            let items = new.itemIdentifiers
            switch random.below(4) {
            case 0 where !items.isEmpty: new.deleteItems([items[random.below(items.count)]])
            case 1 where !items.isEmpty:
                new.insertItems([nextID], beforeItem: items[random.below(items.count)])
                nextID += 1
            case 2, 3 where items.count > 1:
                let a = items[random.below(items.count)], b = items[random.below(items.count)]
                if a != b { new.moveItem(a, afterItem: b) }
            default: break
            }
        }
        #expect(new.errors.isEmpty)
        let difference = try check(old, new)
        #expect(difference.update.movedItems.count == fewestItemMovesByBruteForce(old, new))
    }

    /// The longest strictly increasing subsequence's length by the quadratic recurrence
    /// (independent of the patience sorting under test).
    private func longestIncreasingLength(_ values: [Int]) -> Int {
        var ending = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { ending[i] = max(ending[i], ending[j] + 1) }
        }
        return ending.max() ?? 0
    }

    @Test("Hundreds of items with blocks deleted, inserted, moved and shuffled: replays, fewest moves", arguments: 0..<30)
    func largeDifferencesReplayWithFewestMoves(seed: Int) throws {
        var random = Generator(state: UInt64(seed) &+ 7)
        var old = Snapshot()
        old.appendSections(["s"])
        let count = 100 + random.below(400)
        old.appendItems(Array(0..<count))
        var items = Array(0..<count)  // `new`'s items, mirrored
        var nextID = count
        for _ in 0..<(1 + random.below(12)) {
            switch random.below(6) {
            case 0:  // a block deleted
                let start = random.below(items.count), length = min(1 + random.below(40), items.count - start)
                items.removeSubrange(start..<(start + length))
            case 1:  // a block inserted
                let at = random.below(items.count + 1), length = 1 + random.below(40)
                items.insert(contentsOf: nextID..<(nextID + length), at: at)
                nextID += length
            case 2:  // a block moved
                let start = random.below(items.count), length = min(1 + random.below(30), items.count - start)
                let block = Array(items[start..<(start + length)])
                items.removeSubrange(start..<(start + length))
                items.insert(contentsOf: block, at: random.below(items.count + 1))
            case 3:  // a range shuffled (the in-step walk cannot re-align inside it)
                let start = random.below(items.count), length = min(2 + random.below(60), items.count - start)
                var range = Array(items[start..<(start + length)])
                for i in stride(from: range.count - 1, to: 0, by: -1) { range.swapAt(i, random.below(i + 1)) }
                items.replaceSubrange(start..<(start + length), with: range)
            case 4:  // single items moved
                for _ in 0..<(1 + random.below(20)) where items.count > 1 {
                    let item = items.remove(at: random.below(items.count))
                    items.insert(item, at: random.below(items.count + 1))
                }
            default:  // everything reversed
                if random.below(4) == 0 { items.reverse() }
            }
            if items.isEmpty { items = [nextID]; nextID += 1 }
        }
        var new = Snapshot()
        new.appendSections(["s"])
        new.appendItems(items)
        let reloaded = (0..<random.below(6)).map { _ in items[random.below(items.count)] }
        new.reloadItems(Array(Set(reloaded)))
        let difference = try check(old, new)
        let oldIndex = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, $0) })
        let survivors = items.compactMap { oldIndex[$0] }
        // A reloaded item off the longest run is replaced rather than moved.
        let replaced = difference.update.deletedItems.count - (count - survivors.count)
        #expect(difference.update.movedItems.count + replaced == survivors.count - longestIncreasingLength(survivors))
        #expect(difference.update.insertedItems.count == items.count - survivors.count + replaced)
    }

    @Test func longestIncreasingSubsequence() {
        #expect(longestIncreasingSubsequenceMembers([]) == [])
        #expect(longestIncreasingSubsequenceMembers([0, 1, 2]) == [true, true, true])
        #expect(longestIncreasingSubsequenceMembers([2, 0, 1]) == [false, true, true])
        #expect(longestIncreasingSubsequenceMembers([1, 2, 3, 0]) == [true, true, true, false])
        let members = longestIncreasingSubsequenceMembers([5, 1, 6, 2, 7, 3, 8, 4])
        #expect(members.filter { $0 }.count == 4)
        let kept = zip([5, 1, 6, 2, 7, 3, 8, 4], members).filter(\.1).map(\.0)
        #expect(kept == kept.sorted())
    }
}
