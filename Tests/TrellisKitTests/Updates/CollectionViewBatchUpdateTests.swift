import Testing
import Trellis
@testable import TrellisKit

/// A batch update recorded by `build`.
private func update(_ build: (inout BatchUpdate) -> Void) -> BatchUpdate {
    var update = BatchUpdate()
    build(&update)
    return update
}

@Suite("CollectionView batch updates")
struct CollectionViewBatchUpdateTests {
    /// Three sections of 5 items with ids s*100+i and 50 pt rows, displayed.
    private func fixture() throws -> (TextDataSource, CollectionView) {
        let data = TextDataSource(sections: (0..<3).map { s in (0..<5).map { TextItem(id: s * 100 + $0, text: "item\(s)\($0)") } })
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        try collection.performLayout()
        return (data, collection)
    }

    private func ids(_ collection: CollectionView) -> [String] {
        collection.visibleCells.map { ($0 as! TextCell).text }
    }

    @Test func insertDeleteAndMoveRemapDisplayedCells() throws {
        let (data, collection) = try fixture()
        let cellOf12 = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 1)))
        data.sections[0].remove(at: 1)
        data.sections[0].insert(TextItem(id: 900, text: "new"), at: 3)
        let moved = data.sections[1].remove(at: 0)
        data.sections[2].insert(moved, at: 0)
        let transition = try collection.performBatchUpdates { update in
            update.deleteItems(at: [IndexPath(item: 1, section: 0)])
            update.insertItems(at: [IndexPath(item: 3, section: 0)])
            update.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 0, section: 2))
        }
        #expect(collection.numberOfItems(inSection: 0) == 5 && collection.numberOfItems(inSection: 1) == 4)
        // The cell of [1, 2] now shows [1, 1] and kept its identity.
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 1)) === cellOf12)
        #expect(transition.disappearing.map(\.indexPath) == [IndexPath(item: 1, section: 0)])
        #expect(transition.disappearing.first?.alpha == 0)
        #expect(transition.disappearing.first?.frame == Rect(x: 0, y: 50, width: 100, height: 50))
        #expect(transition.appearing.map(\.indexPath).contains(IndexPath(item: 3, section: 0)))
        #expect(transition.appearing.allSatisfy { $0.alpha == 0 })
        try collection.performLayout()
        #expect(ids(collection) == ["item00", "item02", "item03", "new", "item04", "item11", "item12", "item13", "item14",
                                    "item10", "item20", "item21", "item22", "item23", "item24"])
    }

    @Test func insertingAboveKeepsTheFirstVisibleItemOnScreen() throws {
        let data = TextDataSource(count: 200)
        let collection = makeCollection(data)
        try collection.performLayout()
        collection.contentOffset = Point(x: 0, y: 1000)
        try collection.performLayout()
        let first = try #require(collection.visibleCells.first)
        let anchor = try #require(collection.indexPath(for: first))
        let onScreen = first.frame.minY - collection.contentOffset.y
        data.sections[0].insert(contentsOf: (0..<3).map { TextItem(id: 1000 + $0, text: "inserted") }, at: 0)
        data.sections[0].remove(at: 10)
        try collection.performBatchUpdates { update in
            update.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
            update.deleteItems(at: [IndexPath(item: 7, section: 0)])
        }
        try collection.performLayout()
        let moved = IndexPath(item: anchor.item + 2, section: 0)
        let cell = try #require(collection.cellForItem(at: moved))
        #expect(cell === first)
        #expect(abs(cell.frame.minY - collection.contentOffset.y - onScreen) <= 0.5)
    }

    @Test func sectionInsertsDeletesAndMoves() throws {
        let (data, collection) = try fixture()
        data.sections.remove(at: 0)
        data.sections.insert([TextItem(id: 700, text: "fresh")], at: 1)
        data.sections.swapAt(0, 2)
        try collection.performBatchUpdates { update in
            update.deleteSections([0])
            update.insertSections([1])
            update.moveSection(1, toSection: 2)
        }
        try collection.performLayout()
        #expect((0..<3).map(collection.numberOfItems(inSection:)) == [5, 1, 5])
        #expect(ids(collection) == ["item20", "item21", "item22", "item23", "item24", "fresh",
                                    "item10", "item11", "item12", "item13", "item14"])
    }

    /// The comparison sees what a refused update could disturb: a scroll, an accepted
    /// update, a cell sent to the reuse pool.
    @Test func theStateComparisonSeesChanges() throws {
        let (data, collection) = try fixture()
        let start = CollectionViewState(collection)
        #expect(CollectionViewState(collection) == start)
        collection.contentOffset = Point(x: 0, y: 1)
        #expect(CollectionViewState(collection) != start)
        collection.contentOffset = .zero
        try collection.performLayout()
        #expect(CollectionViewState(collection) == start)
        data.sections[0].remove(at: 0)
        try collection.performBatchUpdates { $0.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
        let updated = CollectionViewState(collection)
        #expect(updated != start)
        try collection.performLayout()
        #expect(CollectionViewState(collection) != updated)
    }

    /// A refused update changes nothing at all (`CollectionViewState`), and the update
    /// that matches the data source is then accepted.
    @Test func anInvalidBatchSaysWhichSectionAndCountsAndChangesNothing() throws {
        let (data, collection) = try fixture()
        data.sections[2] += [TextItem(id: 800, text: "a"), TextItem(id: 801, text: "b")]
        try expectRefusedThenCorrected(
            collection, data, message: "invalid number of items in section 2: 5 before, 1 inserted, 0 deleted, but the data source now reports 7",
            { $0.insertItems(at: [IndexPath(item: 5, section: 2)]) },
            corrected: { $0.insertItems(at: [IndexPath(item: 5, section: 2), IndexPath(item: 6, section: 2)]) })
    }

    /// How a case brings the data source in line before its corrected update.
    enum Fix: Sendable {
        case none
        case removeItem(IndexPath)
        case insertSection(Int)

        func apply(to data: TextDataSource) {
            switch self {
            case .none: break
            case .removeItem(let indexPath): data.sections[indexPath.section].remove(at: indexPath.item)
            case .insertSection(let index): data.sections.insert([TextItem(id: 990, text: "inserted")], at: index)
            }
        }
    }

    @Test(arguments: [
        ("deleted item out of range", update { u in u.deleteItems(at: [IndexPath(item: 9, section: 0)]) },
         "deleted (before the update) index path [0, 9] is out of range: section 0 has 5 items",
         Fix.removeItem(IndexPath(item: 4, section: 0)), update { u in u.deleteItems(at: [IndexPath(item: 4, section: 0)]) }),
        ("item deleted twice", update { u in u.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)]) },
         "item [0, 1] (before the update) appears in more than one change of the same update",
         Fix.removeItem(IndexPath(item: 1, section: 0)), update { u in u.deleteItems(at: [IndexPath(item: 1, section: 0)]) }),
        ("reload and delete the same item", update { u in
            u.deleteItems(at: [IndexPath(item: 1, section: 0)])
            u.reloadItems(at: [IndexPath(item: 1, section: 0)])
        }, "item [0, 1] (before the update) appears in more than one change of the same update",
         Fix.removeItem(IndexPath(item: 1, section: 0)), update { u in u.deleteItems(at: [IndexPath(item: 1, section: 0)]) }),
        ("section count", update { u in u.insertSections([1]) },
         "invalid number of sections: 3 before, 1 inserted, 0 deleted, but the data source now reports 3",
         Fix.insertSection(1), update { u in u.insertSections([1]) }),
        ("item in a reloaded section", update { u in
            u.reloadSections([1])
            u.deleteItems(at: [IndexPath(item: 0, section: 1)])
        }, "deleted item [1, 0] lies in section 1, which the same update deletes or reloads",
         Fix.none, update { u in u.reloadSections([1]) }),
        ("delete without the data source", update { u in u.deleteItems(at: [IndexPath(item: 0, section: 1)]) },
         "invalid number of items in section 1: 5 before, 0 inserted, 1 deleted, but the data source now reports 5",
         Fix.removeItem(IndexPath(item: 0, section: 1)), update { u in u.deleteItems(at: [IndexPath(item: 0, section: 1)]) }),
    ])
    func invalidUpdatesAreRejected(name: String, update: BatchUpdate, message: String, fix: Fix, corrected: BatchUpdate) throws {
        let (data, collection) = try fixture()
        // Scrolled, with cells in the reuse pool: more state to keep.
        collection.contentOffset = Point(x: 0, y: 120)
        try collection.performLayout()
        try expectRefusedThenCorrected(collection, data, message: message, { $0 = update },
                                       fix: { fix.apply(to: $0) }, corrected: { $0 = corrected })
    }

    @Test func movedSectionsAreNamedInCountErrors() throws {
        let (data, collection) = try fixture()
        data.sections.swapAt(0, 2)
        data.sections[2].append(TextItem(id: 5, text: "extra"))
        try expectRefusedThenCorrected(
            collection, data,
            message: "invalid number of items in section 2 (section 0 before the update): 5 before, 0 inserted, 0 deleted, but the data source now reports 6",
            { $0.moveSection(0, toSection: 2); $0.moveSection(2, toSection: 0) },
            corrected: { $0.moveSection(0, toSection: 2); $0.moveSection(2, toSection: 0); $0.insertItems(at: [IndexPath(item: 5, section: 2)]) })
    }
}
