import Testing
import Trellis
import TrellisKit
import TrellisText

/// Rows of text with stable ids that record every selection and highlight call the
/// collection view makes, and what state cells had when configured.
final class SelectableSource: CollectionViewDataSource, CollectionViewDelegate {
    var sections: [[TextItem]]
    var events: [String] = []
    var refusesSelection: Set<Int> = []
    var refusesDeselection: Set<Int> = []
    var refusesHighlight: Set<Int> = []
    /// `isSelected` of each cell when `cellForItemAt` configured it.
    var selectedWhenConfigured: [IndexPath: Bool] = [:]

    init(count: Int, sections: Int = 1) {
        self.sections = (0..<sections).map { s in (0..<count).map { TextItem(id: s * 1000 + $0, text: "item \($0)") } }
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TextCell
        cell.text = sections[indexPath.section][indexPath.item].text
        selectedWhenConfigured[indexPath] = cell.isSelected
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        sections[indexPath.section][indexPath.item].id
    }

    private func name(_ indexPath: IndexPath) -> String {
        indexPath.section == 0 ? "\(indexPath.item)" : "\(indexPath.section).\(indexPath.item)"
    }

    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldSelect \(name(indexPath))")
        return !refusesSelection.contains(indexPath.item)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("didSelect \(name(indexPath))")
    }
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldDeselect \(name(indexPath))")
        return !refusesDeselection.contains(indexPath.item)
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        events.append("didDeselect \(name(indexPath))")
    }
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldHighlight \(name(indexPath))")
        return !refusesHighlight.contains(indexPath.item)
    }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        events.append("didHighlight \(name(indexPath))")
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        events.append("didUnhighlight \(name(indexPath))")
    }
}

/// Rows 375 × 50, stacked (row i at y = 50 i), in a 375 × 800 viewport.
private func makeList(_ source: SelectableSource, cells: TextCell.Type = TextCell.self) throws -> CollectionView {
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: StackTestLayout())
    collection.register(cells, forCellWithReuseIdentifier: "text")
    collection.itemSize = Size(width: 375, height: 50)
    collection.dataSource = source
    collection.delegate = source
    try collection.performLayout()
    return collection
}

private func item(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }
/// A point inside row `row` of the list.
private func pointInRow(_ row: Int) -> Point { Point(x: 20, y: Double(row) * 50 + 25) }

/// A row with a "Delete" button at its right end (x 300…360), as a UIKit cell with a
/// `UIButton` in its content view.
final class DeleteButtonCell: TextCell {
    let deleteButton = Button(title: "Delete", textStyle: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)
    var onDelete: (() -> Void)?

    required init() {
        super.init()
        contentView.addSubview(deleteButton)
        deleteButton.addAction { [unowned self] _ in self.onDelete?() }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        deleteButton.frame = Rect(x: 300, y: 10, width: 60, height: 30)
    }
}

/// A row with UIKit's two background views, set up in its initializer as a UIKit cell
/// does in `init(frame:)`.
final class TintedCell: TextCell {
    required init() {
        super.init()
        backgroundView = View()
        backgroundView?.backgroundColor = .white
        let selected = View()
        selected.backgroundColor = .systemBlue
        selectedBackgroundView = selected
    }
}

@Suite("CollectionView selection and highlighting")
struct CollectionViewSelectionTests {
    @Test func programmaticSelectionMarksCellsAndDoesNotCallTheDelegate() throws {
        let source = SelectableSource(count: 100)
        let collection = try makeList(source)
        #expect(collection.allowsSelection && !collection.allowsMultipleSelection)
        try collection.selectItem(at: item(3), animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [item(3)])
        #expect(collection.cellForItem(at: item(3))?.isSelected == true)
        // Single selection: the next one replaces it.
        try collection.selectItem(at: item(5), animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [item(5)])
        #expect(collection.cellForItem(at: item(3))?.isSelected == false)
        #expect(collection.cellForItem(at: item(5))?.isSelected == true)
        // Multiple selection adds.
        collection.allowsMultipleSelection = true
        try collection.selectItem(at: item(2), animated: false, scrollPosition: [])
        try collection.selectItem(at: item(90), animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [item(2), item(5), item(90)])
        collection.deselectItem(at: item(5), animated: false)
        #expect(collection.indexPathsForSelectedItems == [item(2), item(90)])
        #expect(collection.cellForItem(at: item(5))?.isSelected == false)
        // nil deselects everything.
        try collection.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [])
        #expect(collection.visibleCells.allSatisfy { !$0.isSelected })
        #expect(source.events.isEmpty)
        // Out of range: a typed error, the selection as it was.
        try collection.selectItem(at: item(1), animated: false, scrollPosition: [])
        let error = try #require(throws: CollectionViewError.self) {
            try collection.selectItem(at: item(100), animated: false, scrollPosition: [])
        }
        #expect(error.code == .indexPathOutOfRange)
        #expect(collection.indexPathsForSelectedItems == [item(1)])
    }

    @Test func selectionCanBeTurnedOffAndMultipleSelectionNarrowedToTheLastSelected() throws {
        let source = SelectableSource(count: 20)
        let collection = try makeList(source)
        collection.allowsMultipleSelection = true
        for row in [4, 1, 7] { try collection.selectItem(at: item(row), animated: false, scrollPosition: []) }
        collection.allowsMultipleSelection = false
        #expect(collection.indexPathsForSelectedItems == [item(7)])
        collection.allowsSelection = false
        #expect(collection.indexPathsForSelectedItems == [])
        try collection.selectItem(at: item(2), animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [])
        #expect(collection.beginInteraction(at: pointInRow(2)) == nil)
        #expect(try collection.userSelectItem(at: item(2)) == false)
        #expect(source.events.isEmpty)
    }

    @Test func aTapHighlightsThenSelectsInUIKitsOrder() throws {
        let source = SelectableSource(count: 100)
        let collection = try makeList(source)
        #expect(collection.beginInteraction(at: pointInRow(3)) == item(3))
        #expect(collection.cellForItem(at: item(3))?.isHighlighted == true)
        #expect(collection.cellForItem(at: item(3))?.isSelected == false)
        #expect(source.events == ["shouldHighlight 3", "didHighlight 3"])
        #expect(try collection.endInteraction(at: pointInRow(3)) == item(3))
        #expect(source.events == ["shouldHighlight 3", "didHighlight 3", "shouldSelect 3", "didUnhighlight 3", "didSelect 3"])
        #expect(collection.cellForItem(at: item(3))?.isHighlighted == false)
        #expect(collection.cellForItem(at: item(3))?.isSelected == true)

        // Tapping another item in single selection: the old one is deselected first.
        source.events = []
        collection.beginInteraction(at: pointInRow(5))
        try collection.endInteraction(at: pointInRow(5))
        #expect(source.events == ["shouldHighlight 5", "didHighlight 5", "shouldSelect 5", "didUnhighlight 5", "didDeselect 3", "didSelect 5"])
        #expect(collection.indexPathsForSelectedItems == [item(5)])

        // Tapping the selected item again selects it again, as UIKit does.
        source.events = []
        collection.beginInteraction(at: pointInRow(5))
        try collection.endInteraction(at: pointInRow(5))
        #expect(source.events == ["shouldHighlight 5", "didHighlight 5", "shouldSelect 5", "didUnhighlight 5", "didSelect 5"])
        #expect(collection.indexPathsForSelectedItems == [item(5)])
    }

    @Test func theDelegateCanRefuseHighlightSelectionAndDeselection() throws {
        let source = SelectableSource(count: 100)
        source.refusesHighlight = [2]
        source.refusesSelection = [4]
        source.refusesDeselection = [6]
        let collection = try makeList(source)

        // No highlight, no selection either (UIKit).
        #expect(collection.beginInteraction(at: pointInRow(2)) == nil)
        #expect(try collection.endInteraction(at: pointInRow(2)) == nil)
        #expect(source.events == ["shouldHighlight 2"])
        #expect(collection.cellForItem(at: item(2))?.isHighlighted == false)

        // Highlighted, but the selection is refused: unhighlighted, nothing selected.
        source.events = []
        collection.beginInteraction(at: pointInRow(4))
        #expect(try collection.endInteraction(at: pointInRow(4)) == nil)
        #expect(source.events == ["shouldHighlight 4", "didHighlight 4", "shouldSelect 4", "didUnhighlight 4"])
        #expect(collection.indexPathsForSelectedItems == [])
        #expect(collection.cellForItem(at: item(4))?.isHighlighted == false)

        // A Ctrl-click on a selected item asks to deselect it.
        try collection.selectItem(at: item(6), animated: false, scrollPosition: [])
        source.events = []
        #expect(try collection.userSelectItem(at: item(6), toggling: true) == false)
        #expect(source.events == ["shouldDeselect 6"])
        #expect(collection.indexPathsForSelectedItems == [item(6)])
        try collection.selectItem(at: item(7), animated: false, scrollPosition: [])
        source.events = []
        #expect(try collection.userSelectItem(at: item(7), toggling: true))
        #expect(source.events == ["shouldDeselect 7", "didDeselect 7"])
        #expect(collection.indexPathsForSelectedItems == [])
    }

    @Test func releasingElsewhereOrCancellingOnlyUnhighlights() throws {
        let source = SelectableSource(count: 100)
        let collection = try makeList(source)
        collection.beginInteraction(at: pointInRow(1))
        #expect(try collection.endInteraction(at: pointInRow(9)) == nil)
        collection.beginInteraction(at: pointInRow(3))
        collection.cancelInteraction()
        #expect(source.events == ["shouldHighlight 1", "didHighlight 1", "didUnhighlight 1",
                                  "shouldHighlight 3", "didHighlight 3", "didUnhighlight 3"])
        #expect(collection.indexPathsForSelectedItems == [])
        #expect(collection.visibleCells.allSatisfy { !$0.isHighlighted })
        // A press on no item highlights nothing.
        collection.contentOffset.y = -100
        #expect(collection.beginInteraction(at: Point(x: 20, y: -50)) == nil)
    }

    @Test func clickCtrlClickAndShiftClickInMultipleSelection() throws {
        let source = SelectableSource(count: 10, sections: 2)
        let collection = try makeList(source)
        collection.allowsMultipleSelection = true
        try collection.userSelectItem(at: item(2))
        try collection.userSelectItem(at: item(5), toggling: true)
        #expect(collection.indexPathsForSelectedItems == [item(2), item(5)])
        try collection.userSelectItem(at: item(2), toggling: true)  // Ctrl-click: off again, anchor there
        #expect(collection.indexPathsForSelectedItems == [item(5)])
        // Shift-click: the range from the anchor, replacing the selection, across sections.
        source.events = []
        try collection.userSelectItem(at: item(1, 1), extending: true)
        let range = (2..<10).map { item($0) } + [item(0, 1), item(1, 1)]
        #expect(collection.indexPathsForSelectedItems == range)
        #expect(!source.events.contains { $0.hasPrefix("didDeselect") })
        // Shift-click on the other side of the anchor narrows the range to [0…2].
        try collection.userSelectItem(at: item(0), extending: true)
        #expect(collection.indexPathsForSelectedItems == [item(0), item(1), item(2)])
        // Ctrl+Shift adds a range.
        try collection.userSelectItem(at: item(9), toggling: false)
        try collection.userSelectItem(at: item(2, 1), extending: true, toggling: true)
        #expect(collection.indexPathsForSelectedItems == [item(9), item(0, 1), item(1, 1), item(2, 1)])
        // A plain click makes one item the selection, telling the delegate about the others.
        source.events = []
        try collection.userSelectItem(at: item(0, 1))
        #expect(collection.indexPathsForSelectedItems == [item(0, 1)])
        #expect(source.events == ["shouldSelect 1.0", "didDeselect 9", "didDeselect 1.1", "didDeselect 1.2", "didSelect 1.0"])
        #expect(collection.cellForItem(at: item(9))?.isSelected == false)
    }

    @Test func cellsGetTheirStateWhenDequeuedAndWhenReused() throws {
        let source = SelectableSource(count: 200)
        let collection = try makeList(source)
        let firstCells = Set(collection.visibleCells.map(ObjectIdentifier.init))
        try collection.selectItem(at: item(40), animated: false, scrollPosition: [])
        try collection.selectItem(at: item(0), animated: false, scrollPosition: [])  // replaces 40
        collection.allowsMultipleSelection = true
        try collection.selectItem(at: item(41), animated: false, scrollPosition: [])
        #expect(collection.cellForItem(at: item(0))?.isSelected == true)
        // Scrolling: the cells shown for rows 32… are the reused ones of rows 0…; the
        // selected one arrives selected (the data source already sees it), the others not.
        collection.contentOffset.y = 1600
        try collection.performLayout()
        let cells = collection.visibleCells
        #expect(cells.contains { firstCells.contains(ObjectIdentifier($0)) })
        for cell in cells {
            let indexPath = try #require(collection.indexPath(for: cell))
            #expect(cell.isSelected == (indexPath == item(41)), "\(indexPath)")
            #expect(source.selectedWhenConfigured[indexPath] == (indexPath == item(41)))
            #expect(!cell.isHighlighted)
        }
        // Back up: row 0's cell is selected again, the rest not.
        collection.contentOffset.y = 0
        try collection.performLayout()
        #expect(collection.visibleCells.map(\.isSelected) == [true] + Array(repeating: false, count: 15))
    }

    @Test func selectingWithAScrollPositionScrollsTheItemThere() throws {
        let source = SelectableSource(count: 200)
        let collection = try makeList(source)
        try collection.selectItem(at: item(100), animated: false, scrollPosition: .centeredVertically)
        #expect(collection.contentOffset.y == 100 * 50 + 25 - 400)
        #expect(collection.cellForItem(at: item(100))?.isSelected == true)
        try collection.selectItem(at: item(150), animated: false, scrollPosition: [])
        #expect(collection.contentOffset.y == 100 * 50 + 25 - 400)
        try collection.selectItem(at: item(150), animated: false, scrollPosition: .top)
        #expect(collection.contentOffset.y == 150 * 50)
        // Horizontal members mean nothing to a vertical scroll; two vertical ones are an error.
        try collection.scrollToItem(at: item(10), at: .left)
        #expect(collection.contentOffset.y == 150 * 50)
        let error = try #require(throws: CollectionViewError.self) { try collection.scrollToItem(at: item(10), at: [.top, .bottom]) }
        #expect(error.code == .invalidScrollPosition)
    }

    @Test func deletingThePressedItemEndsItsHighlightWithDidUnhighlight() throws {
        let source = SelectableSource(count: 30)
        let collection = try makeList(source)
        // Pressed, then the app deletes the item under the finger.
        collection.beginInteraction(at: pointInRow(4))
        source.sections[0].remove(at: 4)
        try collection.deleteItems(at: [item(4)])
        #expect(source.events == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4"])
        try collection.performLayout()
        #expect(collection.visibleCells.allSatisfy { !$0.isHighlighted })
        // The release selects nothing (the item it pressed is gone) and says nothing more.
        #expect(try collection.endInteraction(at: pointInRow(4)) == nil)
        #expect(source.events.count == 3)
        #expect(collection.indexPathsForSelectedItems == [])

        // An item that only moves keeps its highlight, at its new place, until the release.
        source.events.removeAll()
        collection.beginInteraction(at: pointInRow(6))
        source.sections[0].insert(TextItem(id: 700, text: "new"), at: 0)
        try collection.insertItems(at: [item(0)])
        #expect(source.events == ["shouldHighlight 6", "didHighlight 6"])
        try collection.performLayout()
        #expect(collection.cellForItem(at: item(7))?.isHighlighted == true)
        #expect(try collection.endInteraction() == item(7))
        #expect(source.events == ["shouldHighlight 6", "didHighlight 6", "shouldSelect 7", "didUnhighlight 7", "didSelect 7"])
    }

    @Test func aButtonInACellTakesThePressItsActionRunsAndTheCellIsNotSelected() throws {
        let source = SelectableSource(count: 30)
        let collection = try makeList(source, cells: DeleteButtonCell.self)
        var deleted: [IndexPath] = []
        for case let cell as DeleteButtonCell in collection.visibleCells {
            cell.onDelete = { [unowned collection, unowned cell] in deleted.append(collection.indexPath(for: cell)!) }
        }
        let onButtonOfRow2 = Point(x: 330, y: 2 * 50 + 25)

        // Press on the button: it highlights, the row does not.
        #expect(collection.beginInteraction(at: onButtonOfRow2) == nil)
        let cell = try #require(collection.cellForItem(at: item(2)) as? DeleteButtonCell)
        #expect(cell.deleteButton.isHighlighted && !cell.isHighlighted)
        // Release on it: the action runs, nothing is selected, the delegate hears nothing.
        #expect(try collection.endInteraction(at: onButtonOfRow2) == nil)
        #expect(deleted == [item(2)])
        #expect(!cell.deleteButton.isHighlighted)
        #expect(collection.indexPathsForSelectedItems == [])
        #expect(source.events.isEmpty)

        // Released off the button (dragged away), or cancelled: no action.
        collection.beginInteraction(at: onButtonOfRow2)
        #expect(try collection.endInteraction(at: Point(x: 100, y: 2 * 50 + 25)) == nil)
        collection.beginInteraction(at: onButtonOfRow2)
        collection.cancelInteraction()
        #expect(deleted == [item(2)] && !cell.deleteButton.isHighlighted)

        // Elsewhere in the row, a press is the row's: highlighted, then selected.
        #expect(collection.beginInteraction(at: Point(x: 100, y: 2 * 50 + 25)) == item(2))
        #expect(try collection.endInteraction() == item(2))
        #expect(collection.indexPathsForSelectedItems == [item(2)])

        // A disabled button does not take the press: the row does.
        cell.deleteButton.isEnabled = false
        source.events.removeAll()
        #expect(collection.beginInteraction(at: onButtonOfRow2) == item(2))
        collection.cancelInteraction()
        #expect(deleted == [item(2)])

        // Scrolled: points are in content coordinates, as everywhere in the collection view.
        collection.contentOffset = Point(x: 0, y: 500)
        try collection.performLayout()
        for case let cell as DeleteButtonCell in collection.visibleCells {
            cell.deleteButton.isEnabled = true  // a reused cell may be the one disabled above
            cell.onDelete = { [unowned collection, unowned cell] in deleted.append(collection.indexPath(for: cell)!) }
        }
        #expect(collection.beginInteraction(at: Point(x: 330, y: 12 * 50 + 25)) == nil)
        #expect(try collection.endInteraction(at: Point(x: 330, y: 12 * 50 + 25)) == nil)
        #expect(deleted == [item(2), item(12)])
    }

    @Test func selectedBackgroundViewShowsWhileTheCellIsSelectedOrHighlighted() throws {
        let source = SelectableSource(count: 100)
        let collection = try makeList(source, cells: TintedCell.self)
        func selectedBackgroundShows(_ row: Int) -> Bool {
            collection.cellForItem(at: item(row))?.selectedBackgroundView?.isHidden == false
        }
        let cell = try #require(collection.cellForItem(at: item(3)))
        // Behind the content, in UIKit's order, at the cell's bounds.
        #expect(cell.subviews.count == 3 && cell.subviews[0] === cell.backgroundView && cell.subviews[1] === cell.selectedBackgroundView)
        #expect(cell.subviews[2] === cell.contentView)
        #expect(cell.backgroundView?.frame == cell.bounds && cell.selectedBackgroundView?.frame == cell.bounds)
        #expect(!selectedBackgroundShows(3))

        try collection.selectItem(at: item(3), animated: false, scrollPosition: [])
        #expect(selectedBackgroundShows(3) && !selectedBackgroundShows(4))
        // While pressed, too; then the release selects row 5 and deselects row 3.
        collection.beginInteraction(at: pointInRow(5))
        #expect(selectedBackgroundShows(5))
        try collection.endInteraction()
        #expect(selectedBackgroundShows(5) && !selectedBackgroundShows(3))
        collection.beginInteraction(at: pointInRow(7))
        collection.cancelInteraction()
        #expect(!selectedBackgroundShows(7))

        // Reused cells show it for the item they now show, not the one they showed.
        collection.contentOffset = Point(x: 0, y: 50 * 50)
        try collection.performLayout()
        #expect(collection.visibleCells.allSatisfy { $0.selectedBackgroundView?.isHidden == true })
        collection.contentOffset = .zero
        try collection.performLayout()
        #expect(selectedBackgroundShows(5) && !selectedBackgroundShows(3))

        // Replaced or removed, like any property.
        let plain = View()
        cell.selectedBackgroundView = plain
        #expect(cell.subviews.count == 3 && cell.subviews[1] === plain)
        cell.backgroundView = nil
        #expect(cell.subviews.count == 2 && cell.subviews[0] === plain)
    }

    @Test func selectionFollowsItemsThroughBatchUpdatesAndReloadDataClearsIt() throws {
        let source = SelectableSource(count: 30)
        let collection = try makeList(source)
        collection.allowsMultipleSelection = true
        for row in [3, 7, 12] { try collection.selectItem(at: item(row), animated: false, scrollPosition: []) }
        // Two inserted at the top, item 7 deleted, item 12 moved to the end.
        source.sections[0].insert(contentsOf: [TextItem(id: 500, text: "new"), TextItem(id: 501, text: "new")], at: 0)
        source.sections[0].remove(at: 9)
        let moved = source.sections[0].remove(at: 13)
        source.sections[0].append(moved)
        try collection.performBatchUpdates { update in
            update.insertItems(at: [item(0), item(1)])
            update.deleteItems(at: [item(7)])
            update.moveItem(at: item(12), to: item(30))
        }
        #expect(collection.indexPathsForSelectedItems == [item(5), item(30)])
        try collection.performLayout()
        #expect(collection.visibleCells.filter(\.isSelected).compactMap { collection.indexPath(for: $0) } == [item(5)])
        #expect(source.events.isEmpty)
        // Reloading an item keeps its selection while its identity stays; an item
        // replaced by another identity drops out.
        source.sections[0][5].text = "changed"
        source.sections[0][30] = TextItem(id: 999, text: "another item")
        try collection.reloadItems(at: [item(5), item(30)])
        #expect(collection.indexPathsForSelectedItems == [item(5)])
        try collection.performLayout()
        #expect(collection.cellForItem(at: item(5))?.isSelected == true)
        // reloadData clears the selection, as in UIKit.
        collection.reloadData()
        #expect(collection.indexPathsForSelectedItems == [])
        try collection.performLayout()
        #expect(collection.visibleCells.allSatisfy { !$0.isSelected })
    }

    @Test func itemsWithoutIdentityAreSelectedByIndexPathAndStillFollowUpdates() throws {
        let source = PlainRows(count: 20)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 375, height: 50)
        collection.dataSource = source
        try collection.selectItem(at: item(2), animated: false, scrollPosition: [])  // before the first layout pass
        source.count += 1
        try collection.insertItems(at: [item(0)])
        #expect(collection.indexPathsForSelectedItems == [item(3)])
        source.count -= 1
        try collection.deleteItems(at: [item(3)])
        #expect(collection.indexPathsForSelectedItems == [])
    }
}

/// Rows with no identity of their own (the index path is the identity).
private final class PlainRows: CollectionViewDataSource {
    var count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
    }
}
