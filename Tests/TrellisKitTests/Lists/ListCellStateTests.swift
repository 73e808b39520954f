import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// Configuration state and what changes it, driven through the collection view's public
// API as a UIKit app drives it (selection, editing, the outline disclosure, swipes),
// checked against UIKit's documented behaviour: the cell's configuration update runs with
// the new state, the disclosure toggles the item through its section snapshot, one row at
// a time shows its swipe actions.

private typealias ListDataSource = CollectionViewDiffableDataSource<Int, String>

@MainActor
private final class ListScreen {
    let collection: CollectionView
    let dataSource: ListDataSource
    var states: [String: [CellConfigurationState]] = [:]
    var accessories: (String) -> [CellAccessory] = { _ in [] }

    init(appearance: CompositionalListConfiguration.Appearance = .plain, height: Double = 600) {
        collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 390, height: height),
            layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: appearance)))
        var accessoriesFor: (String) -> [CellAccessory] = { _ in [] }
        let registration = CollectionView.CellRegistration<ListCell, String> { [unowned collection] cell, indexPath, item in
            _ = collection
            var configuration = cell.defaultContentConfiguration()
            configuration.text = item
            cell.contentConfiguration = configuration
            cell.accessories = accessoriesFor(item)
        }
        dataSource = ListDataSource(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        accessoriesFor = { [unowned self] item in self.accessories(item) }
    }

    /// Gives the list swipe action providers, as a UIKit app sets them on its list
    /// configuration before making the layout.
    func setSwipeActions(
        leading: CompositionalListConfiguration.SwipeActionsConfigurationProvider? = nil,
        trailing: CompositionalListConfiguration.SwipeActionsConfigurationProvider? = nil
    ) {
        var configuration = CompositionalListConfiguration(appearance: .plain)
        configuration.leadingSwipeActionsConfigurationProvider = leading
        configuration.trailingSwipeActionsConfigurationProvider = trailing
        collection.layout = CompositionalLayout.list(using: configuration)
        collection.layoutIfNeeded()
    }

    func cell(_ item: Int, section: Int = 0) -> ListCell { collection.cellForItem(at: IndexPath(item: item, section: section)) as! ListCell }

    func accessory(_ name: String, of cell: ListCell) -> AccessoryView? {
        cell.subviews.compactMap { $0 as? AccessoryView }.first { $0.accessory.identifierName == name && !$0.isHidden }
    }

    /// The centre of `view` in the collection view's (content) coordinates.
    func centre(of view: View) -> Point {
        let frame = view.convert(view.bounds, to: collection)
        return Point(x: frame.midX + collection.bounds.minX, y: frame.midY + collection.bounds.minY)
    }
}

@MainActor
struct ListCellStateTests {
    @Test func selectingAnItemUpdatesItsCellsConfiguration() throws {
        let screen = ListScreen()
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Alpha", "Beta"])
        try screen.dataSource.apply(snapshot)
        screen.collection.layoutIfNeeded()
        var seen: [CellConfigurationState] = []
        let cell = screen.cell(0)
        cell.configurationUpdateHandler = { _, state in seen.append(state) }
        screen.collection.layoutIfNeeded()
        #expect(seen.last?.isSelected == false)
        let plain = (cell.backgroundView as? BackgroundConfigurationView)?.fill.backgroundColor
        #expect(plain == .systemBackground)

        try screen.collection.selectItem(at: IndexPath(item: 0, section: 0))
        screen.collection.layoutIfNeeded()
        #expect(seen.last?.isSelected == true)
        // listPlainCell's selected look (automaticallyUpdatesBackgroundConfiguration).
        #expect((cell.backgroundView as? BackgroundConfigurationView)?.fill.backgroundColor == BackgroundConfiguration.selectionGray)
        #expect(cell.selectedBackgroundView == nil)

        screen.collection.deselectItem(at: IndexPath(item: 0, section: 0))
        screen.collection.layoutIfNeeded()
        #expect(seen.last?.isSelected == false)
        #expect((cell.backgroundView as? BackgroundConfigurationView)?.fill.backgroundColor == .systemBackground)

        // A press highlights: the state says so while it lasts.
        screen.collection.beginInteraction(at: screen.centre(of: screen.cell(1)))
        screen.collection.layoutIfNeeded()
        #expect(screen.cell(1).configurationState.isHighlighted)
        screen.collection.cancelInteraction()
        #expect(!screen.cell(1).configurationState.isHighlighted)
    }

    @Test func turningAutomaticUpdatesOffKeepsTheConfigurationAsSet() throws {
        let screen = ListScreen()
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Alpha"])
        try screen.dataSource.apply(snapshot)
        screen.collection.layoutIfNeeded()
        let cell = screen.cell(0)
        cell.automaticallyUpdatesBackgroundConfiguration = false
        try screen.collection.selectItem(at: IndexPath(item: 0, section: 0))
        screen.collection.layoutIfNeeded()
        #expect((cell.backgroundView as? BackgroundConfigurationView)?.fill.backgroundColor == .systemBackground)
    }

    @Test func listRowsTouchAndEachDrawsItsSeparatorInsideItself() throws {
        let screen = ListScreen()
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["One", "Two", "Three"])
        try screen.dataSource.apply(snapshot)
        screen.collection.layoutIfNeeded()
        let rows = (0..<3).map { screen.cell($0) }
        let text = (rows[0].contentView as! ListContentView).textLabel
        let rowHeight = 11 + text.intrinsicContentSize.height + 11
        #expect(rows.map(\.frame) == (0..<3).map { Rect(x: 0, y: Double($0) * rowHeight, width: 390, height: rowHeight) })
        // The hairline is the row's own bottom pixel, from the text's leading edge.
        #expect(rows[0].separatorView.frame == Rect(x: 16, y: rowHeight - 1, width: 390 - 16, height: 1))
        #expect(!rows[0].separatorView.isHidden && !rows[1].separatorView.isHidden)
        #expect(rows[2].separatorView.isHidden)  // none below the last row, as the layout says
    }

    @Test func theSeparatorFollowsTheTextAndAConstraintOfTheAppsOwn() {
        let cell = ListCell()
        var configuration = cell.defaultContentConfiguration()
        configuration.text = "Photos"
        configuration.image = Image(pixelWidth: 24, pixelHeight: 24, color: .red)
        cell.contentConfiguration = configuration
        cell.frame = Rect(x: 0, y: 0, width: 390, height: 44)
        cell.layoutIfNeeded()
        #expect(cell.separatorView.frame.minX == 16 + 24 + 16)  // under the text, not the image
        cell.separatorLayoutGuide.leadingAnchor.constraint(equalTo: cell.leadingAnchor).isActive = true
        cell.layoutIfNeeded()
        #expect(cell.separatorView.frame.minX == 0)
    }
}

/// The Outline screen's pattern: header items with children, expanded by the outline
/// disclosure accessory.
@MainActor
struct OutlineDisclosureTests {
    private func outlineScreen(style: CellAccessory.OutlineDisclosureOptions.Style) throws -> ListScreen {
        let screen = ListScreen()
        screen.accessories = { item in item.hasPrefix("Group") ? [.outlineDisclosure(options: .init(style: style))] : [] }
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Group A", "Group B"])
        outline.append(["A1", "A2"], to: "Group A")
        outline.append(["B1"], to: "Group B")
        try screen.dataSource.apply(outline, to: 0, animatingDifferences: false)
        screen.collection.layoutIfNeeded()
        return screen
    }

    @Test func pressingTheDisclosureExpandsAndCollapsesThroughTheSectionSnapshot() throws {
        let screen = try outlineScreen(style: .cell)
        var asked: [String] = []
        screen.dataSource.sectionSnapshotHandlers.willExpandItem = { asked.append("expand \($0)") }
        screen.dataSource.sectionSnapshotHandlers.willCollapseItem = { asked.append("collapse \($0)") }
        let header = screen.cell(0)
        let disclosure = try #require(screen.accessory("outlineDisclosure", of: header))
        #expect(disclosure.frame.minX == 16)  // cell style: leading
        #expect((disclosure.content as! Button).currentTitle == "▸")
        #expect(!header.configurationState.isExpanded)

        screen.collection.beginInteraction(at: screen.centre(of: disclosure))
        try screen.collection.endInteraction(at: screen.centre(of: disclosure))
        screen.collection.layoutIfNeeded()
        #expect(asked == ["expand Group A"])
        #expect(screen.dataSource.snapshot().itemIdentifiers == ["Group A", "A1", "A2", "Group B"])
        #expect(screen.dataSource.snapshot(for: 0).isExpanded("Group A"))
        #expect(screen.cell(0).configurationState.isExpanded)
        #expect((disclosure.content as! Button).currentTitle == "▾")
        #expect(screen.collection.indexPathsForSelectedItems == [])  // the press went to the accessory

        screen.collection.beginInteraction(at: screen.centre(of: disclosure))
        try screen.collection.endInteraction(at: screen.centre(of: disclosure))
        screen.collection.layoutIfNeeded()
        #expect(asked == ["expand Group A", "collapse Group A"])
        #expect(screen.dataSource.snapshot().itemIdentifiers == ["Group A", "Group B"])
        #expect((disclosure.content as! Button).currentTitle == "▸")
    }

    @Test func aHeaderStyleDisclosureSitsTrailingAndTheWholeRowToggles() throws {
        let screen = try outlineScreen(style: .header)
        let header = screen.cell(1)
        let disclosure = try #require(screen.accessory("outlineDisclosure", of: header))
        #expect(disclosure.frame.maxX == 390 - 16)
        // A press on the title, not the accessory.
        let text = (header.contentView as! ListContentView).textLabel
        // The release is at the press's point, as a window reports it.
        screen.collection.beginInteraction(at: screen.centre(of: text))
        try screen.collection.endInteraction(at: screen.centre(of: text))
        #expect(screen.dataSource.snapshot().itemIdentifiers == ["Group A", "Group B", "B1"])
    }

    /// UIKit's `accessibilityExpandedStatus` (iOS 18): an outline row says whether it is
    /// expanded; a row that cannot expand says nothing. The glyph is not part of the name.
    @Test func outlineRowsSayWhetherTheyAreExpandedAndFollowEveryWayOfExpanding() throws {
        let screen = try outlineScreen(style: .cell)
        let group = screen.cell(0)
        #expect(group.accessibilityExpandedStatus == .collapsed)
        #expect(group.accessibilityLabel == "Group A")
        // Through the accessory.
        let disclosure = try #require(screen.accessory("outlineDisclosure", of: group))
        screen.collection.beginInteraction(at: screen.centre(of: disclosure))
        try screen.collection.endInteraction(at: screen.centre(of: disclosure))
        screen.collection.layoutIfNeeded()
        #expect(screen.cell(0).accessibilityExpandedStatus == .expanded)
        #expect(screen.cell(0).accessibilityLabel == "Group A")
        // A child without children cannot expand.
        #expect(screen.cell(1).accessibilityExpandedStatus == .unsupported)
        // Through the API: a section snapshot applied with the group collapsed.
        var outline = screen.dataSource.snapshot(for: 0)
        outline.collapse(["Group A"])
        try screen.dataSource.apply(outline, to: 0, animatingDifferences: false)
        screen.collection.layoutIfNeeded()
        #expect(screen.cell(0).accessibilityExpandedStatus == .collapsed)
        // The app's own value wins.
        screen.cell(1).accessibilityExpandedStatus = .unsupported
        #expect(screen.cell(1).accessibilityExpandedStatus == .unsupported)
    }

    @Test func anItemWithChildrenButNoDisclosureStillSaysItsState() throws {
        let screen = ListScreen()
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Root", "Leaf"])
        outline.append(["Child"], to: "Root")
        outline.expand(["Root"])
        try screen.dataSource.apply(outline, to: 0, animatingDifferences: false)
        screen.collection.layoutIfNeeded()
        #expect(screen.cell(0).accessibilityExpandedStatus == .expanded)
        #expect(screen.cell(1).accessibilityExpandedStatus == .unsupported)  // Child
        #expect(screen.cell(2).accessibilityExpandedStatus == .unsupported)  // Leaf
        // A flat list's cells do not expand.
        let flat = ListScreen()
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["One"])
        try flat.dataSource.apply(snapshot)
        flat.collection.layoutIfNeeded()
        #expect(flat.cell(0).accessibilityExpandedStatus == .unsupported)
    }

    /// What a window's keyboard asks: expand or collapse the focused row (through its
    /// disclosure, so the section snapshot handlers are asked), and the parent of a child.
    @Test func theKeyboardsExpandAndCollapseGoThroughTheDisclosure() throws {
        let screen = try outlineScreen(style: .header)
        var asked: [String] = []
        screen.dataSource.sectionSnapshotHandlers.willExpandItem = { asked.append("expand \($0)") }
        screen.dataSource.sectionSnapshotHandlers.shouldCollapseItem = { asked.append("may collapse \($0)"); return true }
        let groupB = IndexPath(item: 1, section: 0)
        #expect(try screen.collection.userSetExpanded(false, itemAt: groupB) == false)  // already collapsed
        #expect(try screen.collection.userSetExpanded(true, itemAt: groupB))
        screen.collection.layoutIfNeeded()
        #expect(screen.dataSource.snapshot().itemIdentifiers == ["Group A", "Group B", "B1"])
        #expect(screen.cell(1).accessibilityExpandedStatus == .expanded)
        let child = IndexPath(item: 2, section: 0)
        #expect(try screen.collection.userSetExpanded(true, itemAt: child) == false)  // a leaf
        #expect(screen.collection.outlineParent(ofItemAt: child) == groupB)
        #expect(screen.collection.outlineParent(ofItemAt: groupB) == nil)
        #expect(try screen.collection.userSetExpanded(false, itemAt: groupB))
        screen.collection.layoutIfNeeded()
        #expect(screen.dataSource.snapshot().itemIdentifiers == ["Group A", "Group B"])
        #expect(asked == ["expand Group B", "may collapse Group B"])
    }

    @Test func anActionHandlerReplacesTheToggle() throws {
        let screen = ListScreen()
        var pressed = 0
        screen.accessories = { _ in [.outlineDisclosure(actionHandler: { pressed += 1 })] }
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Root"])
        outline.append(["Child"], to: "Root")
        try screen.dataSource.apply(outline, to: 0)
        screen.collection.layoutIfNeeded()
        let disclosure = try #require(screen.accessory("outlineDisclosure", of: screen.cell(0)))
        screen.collection.beginInteraction(at: screen.centre(of: disclosure))
        try screen.collection.endInteraction(at: screen.centre(of: disclosure))
        #expect(pressed == 1)
        #expect(screen.dataSource.snapshot().itemIdentifiers == ["Root"])
    }
}

@MainActor
struct SwipeActionsTests {
    private func screen(_ items: [String]) throws -> ListScreen {
        let screen = ListScreen()
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        try screen.dataSource.apply(snapshot)
        screen.collection.layoutIfNeeded()
        return screen
    }

    @Test func revealPerformAndCloseAsTheUserWould() throws {
        let screen = try screen(["Mail", "Notes", "Music"])
        var performed: [String] = []
        var pendingCompletion: ((Bool) -> Void)?
        screen.setSwipeActions(trailing: { [weak screen] indexPath in
            guard let item = screen?.dataSource.itemIdentifier(for: indexPath), item != "Music" else { return nil }
            let delete = ContextualAction(style: .destructive, title: "Delete") { action, view, completion in
                performed.append("\(action.title!) \(item) from \((view as? ListCell).map { _ in "cell" } ?? "?")")
                pendingCompletion = completion
            }
            let flag = ContextualAction(style: .normal, title: "Flag") { _, _, completion in
                performed.append("Flag \(item)")
                completion(true)
            }
            return SwipeActionsConfiguration(actions: [delete, flag])
        })
        #expect(ContextualAction(style: .destructive, title: nil) { _, _, _ in }.backgroundColor == .red)

        #expect(screen.collection.revealSwipeActions(forItemAt: IndexPath(item: 0, section: 0), edge: .trailing))
        screen.collection.layoutIfNeeded()
        #expect(screen.collection.indexPathForSwipedItem == IndexPath(item: 0, section: 0))
        #expect(screen.collection.revealedSwipeActions.map(\.title) == ["Delete", "Flag"])
        #expect(screen.cell(0).configurationState.isSwiped)
        #expect(!screen.collection.revealSwipeActions(forItemAt: IndexPath(item: 0, section: 0), edge: .leading))  // no leading provider
        #expect(!screen.collection.revealSwipeActions(forItemAt: IndexPath(item: 2, section: 0), edge: .trailing))  // nil for Music
        #expect(!screen.collection.revealSwipeActions(forItemAt: IndexPath(item: 9, section: 0), edge: .trailing))

        // Swiping another row closes the first: one row at a time.
        #expect(screen.collection.revealSwipeActions(forItemAt: IndexPath(item: 1, section: 0), edge: .trailing))
        screen.collection.layoutIfNeeded()
        #expect(!screen.cell(0).configurationState.isSwiped)
        #expect(screen.cell(1).configurationState.isSwiped)

        // Tapping the second action: its handler runs, the completion closes the swipe.
        #expect(screen.collection.performRevealedSwipeAction(at: 1))
        #expect(performed == ["Flag Notes"])
        #expect(screen.collection.indexPathForSwipedItem == nil)
        #expect(!screen.collection.performRevealedSwipeAction(at: 0))

        // A full swipe performs the first action; the swipe stays until its completion.
        #expect(screen.collection.performFullSwipe(onItemAt: IndexPath(item: 0, section: 0), edge: .trailing))
        #expect(performed == ["Flag Notes", "Delete Mail from cell"])
        #expect(screen.collection.indexPathForSwipedItem == IndexPath(item: 0, section: 0))
        pendingCompletion?(true)
        #expect(screen.collection.indexPathForSwipedItem == nil)

        // An action that could not be performed closes the actions too.
        screen.setSwipeActions(trailing: { _ in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Archive") { _, _, done in done(false) }])
        })
        #expect(screen.collection.revealSwipeActions(forItemAt: IndexPath(item: 1, section: 0), edge: .trailing))
        #expect(screen.collection.performRevealedSwipeAction(at: 0))
        #expect(screen.collection.indexPathForSwipedItem == nil)
    }

    @Test func eachListSectionHasTheProvidersOfItsOwnConfiguration() throws {
        let screen = ListScreen()
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["Mail"], toSection: 0)
        snapshot.appendItems(["Notes"], toSection: 1)
        try screen.dataSource.apply(snapshot)
        // A section provider making list sections, as UIKit's
        // `NSCollectionLayoutSection.list(using:layoutEnvironment:)` does per section.
        screen.collection.layout = CompositionalLayout { index, environment in
            var configuration = CompositionalListConfiguration(appearance: .insetGrouped)
            if index == 1 {
                configuration.trailingSwipeActionsConfigurationProvider = { _ in
                    SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Pin") { _, _, done in done(true) }])
                }
            }
            return CompositionalSection.list(using: configuration, environment: environment)
        }
        screen.collection.layoutIfNeeded()
        #expect(screen.collection.swipeActionsConfiguration(forItemAt: IndexPath(item: 0, section: 0), edge: .trailing) == nil)
        #expect(screen.collection.swipeActionsConfiguration(forItemAt: IndexPath(item: 0, section: 1), edge: .trailing)?.actions.map(\.title) == ["Pin"])
        #expect(screen.collection.swipeActionsConfiguration(forItemAt: IndexPath(item: 0, section: 1), edge: .leading) == nil)
        // The typed provider reads back from the configuration.
        var configuration = CompositionalListConfiguration(appearance: .plain)
        #expect(configuration.trailingSwipeActionsConfigurationProvider == nil)
        configuration.trailingSwipeActionsConfigurationProvider = { _ in SwipeActionsConfiguration(actions: []) }
        #expect(configuration.trailingSwipeActionsConfigurationProvider?(IndexPath(item: 0, section: 0))?.actions.isEmpty == true)
        #expect(!configuration.swipeActionsProviders.isEmpty)
    }

    @Test func aFullSwipeWithoutFirstActionOnlyReveals() throws {
        let screen = try screen(["Mail"])
        var performed = 0
        screen.setSwipeActions(leading: { _ in
            var configuration = SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Read") { _, _, done in
                performed += 1
                done(true)
            }])
            configuration.performsFirstActionWithFullSwipe = false
            return configuration
        })
        #expect(!screen.collection.performFullSwipe(onItemAt: IndexPath(item: 0, section: 0), edge: .leading))
        #expect(performed == 0)
        #expect(screen.collection.swipedEdge == .leading)
        screen.collection.closeSwipeActions()
        #expect(screen.collection.indexPathForSwipedItem == nil)
    }

    @Test func theDeleteAccessoryRevealsTheTrailingActionsAndEndingEditingClosesThem() throws {
        let screen = try screen(["Mail"])
        screen.accessories = { _ in [.delete()] }
        screen.setSwipeActions(trailing: { _ in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }])
        })
        var reload = screen.dataSource.snapshot()
        reload.reloadItems(["Mail"])
        try screen.dataSource.apply(reload)
        screen.collection.isEditing = true
        screen.collection.layoutIfNeeded()
        let delete = try #require(screen.accessory("delete", of: screen.cell(0)))
        screen.collection.beginInteraction(at: screen.centre(of: delete))
        try screen.collection.endInteraction()
        // UIKit: the delete control of an editing row reveals its trailing actions.
        #expect(screen.collection.indexPathForSwipedItem == IndexPath(item: 0, section: 0))
        screen.collection.isEditing = false
        #expect(screen.collection.indexPathForSwipedItem == nil)
    }
}
