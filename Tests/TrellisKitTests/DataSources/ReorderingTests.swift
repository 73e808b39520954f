import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// A row of Apple's "Reorderable List" screen (`ReorderableListViewController`): a title
/// with an identity of its own.
private struct Row: Hashable, Sendable {
    let title: String
}

/// The moves the screen's delegate is asked about, and its answers.
private final class MoveDelegate: CollectionViewDelegate {
    var asked: [(original: IndexPath, current: IndexPath, proposed: IndexPath)] = []
    /// Redirects a proposal, as an app keeping an item pinned does.
    var redirect: ((IndexPath, IndexPath) -> IndexPath)?

    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        asked.append((originalIndexPath, currentIndexPath, proposedIndexPath))
        return redirect?(currentIndexPath, proposedIndexPath) ?? proposedIndexPath
    }
}

/// The oracle: what UIKit's documentation says a move does to the data — the item taken
/// from its place and inserted at the destination index of the final order.
private func moved<T>(_ items: [T], from source: Int, to destination: Int) -> [T] {
    var items = items
    let item = items.remove(at: source)
    items.insert(item, at: destination)
    return items
}

@Suite("Reordering and interactive movement")
struct ReorderingTests {
    fileprivate typealias DataSource = CollectionViewDiffableDataSource<String, Row>

    /// The Reorderable List screen: rows 44 pt tall, a diffable data source, a backing
    /// store per section updated from `didReorder` the two ways Apple's sample shows.
    private final class Screen {
        let collection: CollectionView
        let dataSource: DataSource
        let delegate = MoveDelegate()
        var backingStore: [String: [Row]] = [:]
        var finalSnapshotStore: [String: [Row]] = [:]
        var transactions: [DiffableDataSourceTransaction<String, Row>] = []
        var events: [String] = []

        init(sections: [(String, [String])], height: Double = 440) throws {
            collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: height), layout: StackTestLayout())
            collection.itemSize = Size(width: 375, height: 44)
            let registration = CollectionView.CellRegistration<TextCell, Row> { cell, _, row in cell.text = row.title }
            dataSource = DataSource(collectionView: collection) { collectionView, indexPath, row in
                try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: row)
            }
            collection.delegate = delegate
            var snapshot = DiffableDataSourceSnapshot<String, Row>()
            for (section, titles) in sections {
                snapshot.appendSections([section])
                snapshot.appendItems(titles.map(Row.init), toSection: section)
                backingStore[section] = titles.map(Row.init)
                finalSnapshotStore[section] = titles.map(Row.init)
            }
            try dataSource.apply(snapshot, animatingDifferences: false)
            dataSource.reorderingHandlers.canReorderItem = { _ in true }
            dataSource.reorderingHandlers.willReorder = { [unowned self] transaction in
                events.append("willReorder")
                #expect(dataSource.snapshot().itemIdentifiers == transaction.initialSnapshot.itemIdentifiers)
            }
            dataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
                events.append("didReorder")
                transactions.append(transaction)
                // Method 1 of the sample: each section's difference applied to its store.
                for sectionTransaction in transaction.sectionTransactions {
                    if let previous = backingStore[sectionTransaction.sectionIdentifier],
                       let updated = previous.applying(sectionTransaction.difference)
                    {
                        backingStore[sectionTransaction.sectionIdentifier] = updated
                    }
                    // Method 2: the final section snapshot's items.
                    finalSnapshotStore[sectionTransaction.sectionIdentifier] = sectionTransaction.finalSnapshot.items
                }
            }
            try collection.performLayout()
        }

        /// The titles of the displayed cells by index path.
        var shown: [String] { collection.visibleCells.map { ($0 as! TextCell).text } }
        func titles(_ section: String) -> [String] { dataSource.snapshot().itemIdentifiers(inSection: section).map(\.title) }
        /// The point at the middle of row `row` of the first section.
        func middle(ofRow row: Int) -> Point { Point(x: 187.5, y: Double(row) * 44 + 22) }
    }

    private let letters = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]

    @Test func theHeldItemFollowsThePositionAndTheOthersMakeRoomUntilTheEnd() throws {
        let screen = try Screen(sections: [("main", letters)])
        let collection = screen.collection
        let cellOfB = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)))

        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))  // one at a time
        collection.updateInteractiveMovementTargetPosition(Point(x: 200, y: 3 * 44 + 30))  // over D
        try collection.performLayout()
        #expect(screen.delegate.asked.map(\.proposed) == [IndexPath(item: 3, section: 0)])
        #expect(screen.delegate.asked.first?.original == IndexPath(item: 1, section: 0))
        // C and D moved up a row to make room; B's cell is held where the position is.
        #expect(screen.shown == ["A", "C", "D", "B", "E", "F", "G", "H", "I", "J"])
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0)) === cellOfB)
        #expect(cellOfB.frame == Rect(x: 200 - 187.5, y: 3 * 44 + 30 - 22, width: 375, height: 44))
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 44)
        #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame.minY == 176.0)
        #expect(collection.contentOffset == .zero)
        // The data source keeps its order until the end.
        #expect(screen.titles("main") == letters)
        #expect(screen.events.isEmpty)

        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 3))  // over its own place: nothing
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 6))  // over G
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 0))  // over A
        #expect(screen.delegate.asked.map(\.current.item) == [1, 3, 6])
        try collection.performLayout()
        #expect(screen.shown == ["B", "A", "C", "D", "E", "F", "G", "H", "I", "J"])

        collection.endInteractiveMovement()
        try collection.performLayout()
        let expected = moved(letters, from: 1, to: 0)
        #expect(screen.titles("main") == expected)
        #expect(screen.events == ["willReorder", "didReorder"])
        #expect(cellOfB.frame == Rect(x: 0, y: 0, width: 375, height: 44))  // settled in its place
        let transaction = try #require(screen.transactions.first)
        #expect(transaction.initialSnapshot.itemIdentifiers.map(\.title) == letters)
        #expect(transaction.finalSnapshot.itemIdentifiers.map(\.title) == expected)
        #expect(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference) == transaction.finalSnapshot.itemIdentifiers)
        // One removal and one insertion, associated as a move.
        #expect(transaction.difference.removals == [.remove(offset: 1, element: Row(title: "B"), associatedWith: 0)])
        #expect(transaction.difference.insertions == [.insert(offset: 0, element: Row(title: "B"), associatedWith: 1)])
        #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["main"])
        #expect(screen.backingStore["main"]?.map(\.title) == expected)
        #expect(screen.finalSnapshotStore["main"]?.map(\.title) == expected)
        #expect(screen.dataSource.indexPath(for: Row(title: "B")) == IndexPath(item: 0, section: 0))
    }

    @Test func cancellingPutsEverythingBackAndTellsNobody() throws {
        let screen = try Screen(sections: [("main", letters)])
        let collection = screen.collection
        let framesBefore = collection.displayedFrames
        try collection.selectItem(at: IndexPath(item: 2, section: 0))
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 7))
        try collection.performLayout()
        #expect(screen.shown == ["A", "B", "D", "E", "F", "G", "H", "C", "I", "J"])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 7, section: 0)])  // the selection follows the item
        collection.cancelInteractiveMovement()
        try collection.performLayout()
        #expect(screen.shown == letters)
        #expect(collection.displayedFrames.map(\.1) == framesBefore.map(\.1))
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(screen.titles("main") == letters && screen.events.isEmpty)
        // Ending again, or updating without a movement, does nothing.
        collection.endInteractiveMovement()
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 0))
        #expect(screen.events.isEmpty)
    }

    @Test func applyingDuringAMovementCancelsItFirst() throws {
        let screen = try Screen(sections: [("main", letters)])
        let collection = screen.collection
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 4))
        var next = screen.dataSource.snapshot()  // the data source's order: B still second
        next.deleteItems([Row(title: "A")])
        next.appendItems([Row(title: "K")])
        try screen.dataSource.apply(next)
        try collection.performLayout()
        #expect(screen.shown == ["B", "C", "D", "E", "F", "G", "H", "I", "J", "K"])
        collection.endInteractiveMovement()  // nothing under way any more
        #expect(screen.events.isEmpty)
        #expect(screen.titles("main") == ["B", "C", "D", "E", "F", "G", "H", "I", "J", "K"])
    }

    @Test func whoMayMoveIsAskedAndTheDelegateCanRedirect() throws {
        let screen = try Screen(sections: [("main", letters)])
        let collection = screen.collection
        screen.dataSource.reorderingHandlers.canReorderItem = { $0.title != "J" }
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 9, section: 0)))
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 10, section: 0)))  // outside the data
        screen.dataSource.reorderingHandlers.canReorderItem = nil  // UIKit: no handler, no reordering
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        screen.dataSource.reorderingHandlers.canReorderItem = { _ in true }

        // A delegate keeping row 0 for A: a proposal there lands on row 1.
        screen.delegate.redirect = { _, proposed in proposed.item == 0 ? IndexPath(item: 1, section: 0) : proposed }
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 4, section: 0)))
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 0))
        try collection.performLayout()
        #expect(screen.shown == ["A", "E", "B", "C", "D", "F", "G", "H", "I", "J"])
        // A redirect outside the data is ignored.
        screen.delegate.redirect = { _, _ in IndexPath(item: 40, section: 0) }
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 8))
        #expect(screen.shown == ["A", "E", "B", "C", "D", "F", "G", "H", "I", "J"])
        collection.endInteractiveMovement()
        #expect(screen.titles("main") == moved(letters, from: 4, to: 1))
        #expect(screen.backingStore["main"]?.map(\.title) == moved(letters, from: 4, to: 1))
    }

    @Test func cellsThatComeIntoViewDuringTheMovementShowTheRightItems() throws {
        let screen = try Screen(sections: [("main", letters)], height: 176)  // four rows in view
        let collection = screen.collection
        #expect(screen.shown == ["A", "B", "C", "D"])
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 8))  // past the viewport
        try collection.performLayout()
        // B, C, D moved up; row 3 is E, asked of the data source at its own index path 4.
        let rows = (0..<4).map { collection.cellForItem(at: IndexPath(item: $0, section: 0)).map { ($0 as! TextCell).text } }
        #expect(rows == ["B", "C", "D", "E"])
        collection.contentOffset = Point(x: 0, y: 5 * 44)
        try collection.performLayout()
        let lower = (5..<9).map { collection.cellForItem(at: IndexPath(item: $0, section: 0)).map { ($0 as! TextCell).text } }
        #expect(lower == ["G", "H", "I", "A"])
        collection.endInteractiveMovement()
        try collection.performLayout()
        #expect(screen.titles("main") == moved(letters, from: 0, to: 8))
        #expect(screen.shown == ["G", "H", "I", "A"])
    }

    @Test func anItemMovesToAnotherSection() throws {
        // Two rows in view: cherry comes into view while apple is held over leek, and is
        // asked of the data source at its own index path (0, 2), one past the two items
        // the first section shows meanwhile.
        let screen = try Screen(sections: [("fruit", ["apple", "banana", "cherry"]), ("veg", ["kale", "leek"])], height: 88)
        let collection = screen.collection
        #expect(screen.shown == ["apple", "banana"])
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 4))  // over leek, (1, 1)
        try collection.performLayout()
        #expect(collection.numberOfItems(inSection: 0) == 2 && collection.numberOfItems(inSection: 1) == 3)
        #expect(screen.shown == ["banana", "cherry", "apple"])  // apple held out of view, still displayed
        #expect(collection.indexPath(for: collection.visibleCells[2]) == IndexPath(item: 1, section: 1))
        collection.contentOffset = Point(x: 0, y: 2 * 44)
        try collection.performLayout()
        #expect(screen.shown == ["kale", "apple"])
        collection.endInteractiveMovement()
        try collection.performLayout()
        #expect(screen.shown == ["kale", "apple"])
        #expect(screen.titles("fruit") == ["banana", "cherry"])
        #expect(screen.titles("veg") == ["kale", "apple", "leek"])
        let transaction = try #require(screen.transactions.first)
        #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["fruit", "veg"])
        #expect(transaction.sectionTransactions[0].difference.removals.count == 1 && transaction.sectionTransactions[0].difference.insertions.isEmpty)
        #expect(transaction.sectionTransactions[1].difference.insertions.count == 1 && transaction.sectionTransactions[1].difference.removals.isEmpty)
        #expect(screen.backingStore["fruit"]?.map(\.title) == ["banana", "cherry"])
        #expect(screen.backingStore["veg"]?.map(\.title) == ["kale", "apple", "leek"])
        #expect(screen.finalSnapshotStore["veg"]?.map(\.title) == ["kale", "apple", "leek"])
    }

    @Test func anOutlineItemMovesWithItsCollapsedChildren() throws {
        let screen = try Screen(sections: [("main", [])])
        var outline = DiffableDataSourceSectionSnapshot<Row>()
        outline.append(["Food", "Drinks", "Tools"].map(Row.init))
        outline.append(["Apple", "Bread"].map(Row.init), to: Row(title: "Food"))
        outline.append(["Tea"].map(Row.init), to: Row(title: "Drinks"))
        outline.expand([Row(title: "Drinks")])
        try screen.dataSource.apply(outline, to: "main")
        try screen.collection.performLayout()
        #expect(screen.shown == ["Food", "Drinks", "Tea", "Tools"])
        // An expanded item with children is not moved row by row: collapse it first.
        #expect(!screen.collection.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        // Food (collapsed, two hidden children) dropped over Tea: it becomes Drinks' child.
        #expect(screen.collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        screen.collection.updateInteractiveMovementTargetPosition(screen.middle(ofRow: 2))
        screen.collection.endInteractiveMovement()
        #expect(screen.titles("main") == ["Drinks", "Tea", "Food", "Tools"])
        let final = screen.dataSource.snapshot(for: "main")
        #expect(final.items.map(\.title) == ["Drinks", "Tea", "Food", "Apple", "Bread", "Tools"])
        #expect(final.parent(of: Row(title: "Food")) == nil)  // placed before Tools, as its sibling
        #expect(final.parent(of: Row(title: "Apple")) == Row(title: "Food"))
        let sectionTransaction = try #require(screen.transactions.first?.sectionTransactions.first)
        #expect(sectionTransaction.initialSnapshot.items.map(\.title) == ["Food", "Apple", "Bread", "Drinks", "Tea", "Tools"])
    }

    @Test func aPrototypeDataSourceMeasuresAndConfiguresTheRightItemsDuringAMove() throws {
        // Self-sizing rows measured with prototype cells (scenario S3's data source): each
        // letter's text is as many characters as its position in the alphabet, so the
        // height (TextCell: 20 pt a line of 34 characters at 350 pt, 10 pt of padding)
        // tells which item a cell was configured for.
        final class Words: CollectionViewPrototypeDataSource {
            var words: [String]
            var moves: [(IndexPath, IndexPath)] = []
            init(_ words: [String]) { self.words = words }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { words.count }
            func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String { "text" }
            func collectionView(
                _ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool
            ) {
                (cell as! TextCell).text = words[indexPath.item]
            }
            func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable { words[indexPath.item] }
            func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
            func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                moves.append((sourceIndexPath, destinationIndexPath))
                words = moved(words, from: sourceIndexPath.item, to: destinationIndexPath.item)
            }
        }
        // Lines: a, b: 1 line (30 pt); "c" × 40: 2 lines (50 pt); "d" × 80: 3 lines (70 pt) …
        let words = ["a", "b", String(repeating: "c", count: 40), String(repeating: "d", count: 80), "e", "f", "g", "h"]
        let source = Words(words)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: 60), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .fixed(Size(width: 360, height: 30))
        collection.dataSource = source
        try collection.performLayout()
        #expect(collection.visibleCells.map { ($0 as! TextCell).text } == ["a", "b"])
        // a held over the last row: b, the c's, the d's … move up, measured as theirs.
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        let last = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 7, section: 0)))
        collection.updateInteractiveMovementTargetPosition(Point(x: 10, y: last.frame.midY))
        try collection.performLayout()
        func heights() -> [Double] {
            (0..<3).compactMap { collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame.height }
        }
        #expect(heights() == [30, 50, 30])  // b, c… measured in view; the d's still estimated
        collection.contentOffset = Point(x: 0, y: 30)
        try collection.performLayout()
        #expect(heights() == [30, 50, 70])
        let texts = (1...2).compactMap { collection.cellForItem(at: IndexPath(item: $0, section: 0)).map { ($0 as! TextCell).text } }
        #expect(texts == [words[2], words[3]])
        collection.endInteractiveMovement()
        #expect(source.moves.map(\.1) == [IndexPath(item: 7, section: 0)])
        #expect(source.words == moved(words, from: 0, to: 7))
    }

    @Test func aPlainDataSourceIsToldOnceWithTheOriginalAndFinalIndexPaths() throws {
        final class Letters: CollectionViewDataSource {
            var items: [String]
            var moves: [(IndexPath, IndexPath)] = []
            let registration = CollectionView.CellRegistration<TextCell, String> { cell, _, text in cell.text = text }
            init(_ items: [String]) { self.items = items }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: items[indexPath.item])
            }
            func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable { items[indexPath.item] }
            func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
            func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                moves.append((sourceIndexPath, destinationIndexPath))
                items = moved(items, from: sourceIndexPath.item, to: destinationIndexPath.item)
            }
        }
        final class Unmovable: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
            }
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 440), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 375, height: 44)
        let unmovable = Unmovable()
        collection.dataSource = unmovable
        try collection.performLayout()
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))  // canMoveItemAt defaults to false

        let letters = Letters(letters)
        collection.dataSource = letters
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))  // before the first layout pass
        try collection.performLayout()
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
        for row in [3, 4, 5, 6] { collection.updateInteractiveMovementTargetPosition(Point(x: 10, y: Double(row) * 44 + 22)) }
        #expect(letters.moves.isEmpty)
        collection.endInteractiveMovement()
        #expect(letters.moves.map(\.0) == [IndexPath(item: 2, section: 0)] && letters.moves.map(\.1) == [IndexPath(item: 6, section: 0)])
        try collection.performLayout()
        #expect(collection.visibleCells.map { ($0 as! TextCell).text } == moved(self.letters, from: 2, to: 6))

        // Back where it started: the data source is not told.
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        collection.updateInteractiveMovementTargetPosition(Point(x: 10, y: 3 * 44 + 22))
        collection.updateInteractiveMovementTargetPosition(Point(x: 10, y: 22))
        collection.endInteractiveMovement()
        #expect(letters.moves.count == 1)
    }
}
