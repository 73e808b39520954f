import Testing
import Trellis
import TrellisText
@_spi(Testing) @testable import TrellisKit

// Scenario S7 of docs/Scenarios.md, end to end: S1's tags (FlowLayout, TagCollectionCell:
// a Label pinned 5 pt inside, the fixed measurer) held in a diffable snapshot; a new
// snapshot inserts, deletes, moves and reconfigures tags while the view is scrolled into
// the middle.

/// The S7 screen as a UIKit developer writes it: a cell registration, a diffable data
/// source, self-sizing tags.
private final class TagScreen {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>
    var titles: [Int: String] = [:]
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: FlowLayout())
    private(set) var dataSource: CollectionViewDiffableDataSource<Int, Int>!

    init(count: Int) throws {
        for id in 0..<count { titles[id] = tagTitle(id) }
        let registration = CollectionView.CellRegistration<TagCollectionCell, String> { cell, _, title in
            cell.configure(title)
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: collection) { [unowned self] collectionView, indexPath, id in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: titles[id]!)
        }
        collection.estimatedItemSize = .automatic
        collection.preparedMargin = 200
        var snapshot = Snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<count))
        try dataSource.apply(snapshot, animatingDifferences: false)
        try collection.performLayout()
    }

    /// The displayed tags by identifier: their cells.
    var displayedCells: [Int: CollectionViewCell] {
        var cells: [Int: CollectionViewCell] = [:]
        for indexPath in collection.indexPathsForVisibleItems {
            cells[dataSource.itemIdentifier(for: indexPath)!] = collection.cellForItem(at: indexPath)
        }
        return cells
    }

    /// The tag at the top of the window: the first item (in order) whose frame is in view.
    var topTag: (id: Int, y: Double) {
        let indexPath = collection.indexPathsForVisibleItems.first { collection.cellForItem(at: $0)!.frame.intersects(collection.bounds) }!
        return (dataSource.itemIdentifier(for: indexPath)!, collection.cellForItem(at: indexPath)!.frame.minY - collection.contentOffset.y)
    }

    func cachedSize(of id: Int) -> Size? {
        collection.sizeCache.cachedSize(
            for: AnyHashable(id), proposal: collection.layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 0)),
            traits: collection.effectiveTraits)?.size
    }
}

@Suite("Scenario S7")
struct ScenarioS7Tests {
    @Test("S7 Data that changes under the view")
    func s7DataThatChangesUnderTheView() throws {
        let screen = try TagScreen(count: 1500)
        let collection = screen.collection
        // Scroll into the middle as a user does, a screen at a time (what scrolled past was
        // measured on the way).
        while collection.contentOffset.y < 2000 {
            collection.contentOffset.y += 300
            try collection.performLayout()
        }
        let before = screen.displayedCells
        let top = screen.topTag
        let t = top.id
        let visible = before.keys.sorted()
        #expect(visible.count > 60 && visible.contains(t + 45) && t > 40)
        let framesBefore = before.mapValues(\.frame)
        let measuredAbove = try #require(screen.cachedSize(of: t - 15))
        // The user selected some tags: ones that will move, stay, leave the window or go.
        collection.allowsMultipleSelection = true
        let selected = [t - 15, t + 1, t + 3, t + 8, t + 12]
        for id in selected { try collection.selectItem(at: screen.dataSource.indexPath(for: id)) }

        // The new snapshot: deletes, inserts, moves and a reconfigured tag, above, inside
        // and below the window.
        var snapshot = screen.dataSource.snapshot()
        snapshot.deleteItems([t - 30, t - 20, t - 10, t + 8, t + 15])
        let insertedAbove = [5000, 5001], insertedInside = [5002, 5003, 5004], insertedBelow = [5005, 5006]
        for id in insertedAbove + insertedInside + insertedBelow { screen.titles[id] = "new tag \(id)" }
        snapshot.insertItems(insertedAbove, beforeItem: t - 25)
        snapshot.insertItems([5002], afterItem: t + 5)
        snapshot.insertItems([5003], beforeItem: t + 20)
        snapshot.insertItems([5004], afterItem: t + 30)
        snapshot.insertItems(insertedBelow, afterItem: t + 600)
        snapshot.moveItem(t + 12, afterItem: t + 40)  // within the window
        snapshot.moveItem(t - 15, afterItem: t + 25)  // from above into the window
        snapshot.moveItem(t + 3, afterItem: t + 650)  // out of the window
        screen.titles[t + 6] = "reconfigured tag"
        snapshot.reconfigureItems([t + 6])
        collection.sizes.resetCacheCounters()
        try screen.dataSource.apply(snapshot)
        try collection.performLayout()

        // The tag at the top of the window stays still.
        let after = screen.displayedCells
        let topCell = try #require(after[t])
        #expect(topCell.frame.minY - collection.contentOffset.y == top.y)

        // The view shows the new snapshot, at the layout's current frames.
        for indexPath in collection.indexPathsForVisibleItems {
            let cell = try #require(collection.cellForItem(at: indexPath) as? TagCollectionCell)
            let id = try #require(screen.dataSource.itemIdentifier(for: indexPath))
            #expect(cell.label.text == screen.titles[id])
            #expect(cell.frame == collection.layoutAttributesForItem(at: indexPath)?.frame)
            #expect(snapshot.indexOfItem(id) == indexPath.item)
        }

        // Measured sizes and cells follow their items.
        for (id, cell) in after where before[id] != nil && id != t + 6 {
            #expect(cell === before[id], "tag \(id) changed cells")
            #expect(cell.frame.size == framesBefore[id]!.size, "tag \(id) changed size")
        }
        #expect(after[t + 12] === before[t + 12])
        #expect(after[t - 15]?.frame.size == measuredAbove)  // measured before it scrolled past

        // The selection follows its tags; the deleted one left it (no delegate call, as in
        // UIKit), and the displayed cells show it.
        let stillSelected = [t - 15, t + 1, t + 3, t + 12]
        #expect(collection.indexPathsForSelectedItems == stillSelected.map { screen.dataSource.indexPath(for: $0)! }.sorted())
        for (id, cell) in after { #expect(cell.isSelected == stillSelected.contains(id), "tag \(id)") }

        // Only new or reconfigured tags in view were measured; the ones inserted far below
        // were not.
        let new = insertedAbove + insertedInside + insertedBelow + [t + 6]
        let measuredNew = new.filter { screen.cachedSize(of: $0) != nil }
        #expect(collection.sizeCache.measurementCount == measuredNew.count)
        #expect(Set(insertedInside + [t + 6]).isSubset(of: Set(measuredNew)))
        #expect(insertedBelow.allSatisfy { screen.cachedSize(of: $0) == nil })
        // The reconfigured tag kept its cell and was measured again in it: 16 characters.
        #expect(after[t + 6] === before[t + 6])
        #expect(after[t + 6]?.frame.size == Size(width: 106, height: 22))
    }
}
