import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// Two more screens of Apple's "Implementing Modern Collection Views", ported as a UIKit
// developer ports them — the sample's code with Trellis's names: `OutlineViewController`
// (the sample's own menu: a sidebar list of an outline, containers with a header-style
// outline disclosure) and `ReorderableListViewController` (an inset-grouped list of value
// cells with a disclosure indicator and an always-shown reorder control, reordered through
// the diffable data source's reordering handlers). Frames are worked out here from the
// documented list metrics, never read back from the layout:
//
// - rows as wide as the section's content: inside the 16-pt layout margins of a compact
//   width in `sidebar` and `insetGrouped`;
// - rows touch; a row is its content's top margin + the text + its bottom margin
//   (`sidebarCell()` and `valueCell()` 11 / 11), and at least 8 + its tallest accessory + 8
//   (the cell's vertical margins);
// - an outline child is indented by `indentationWidth` (10) a level;
// - sections of a grouped appearance are `sectionSpacing` (20) apart.
//
// Text and accessory heights are the views' own measurement (not under test here).

// MARK: Outline

/// OutlineViewController's item: a title, children, identity of its own (the sample's is a
/// UUID; two entries share a title). `Sendable` as well as `Hashable`: Trellis's diffable
/// data source asks it of identifiers (immutable, as the sample's is).
private final class OutlineItem: Hashable, Sendable, CustomStringConvertible {
    let title: String
    let subitems: [OutlineItem]
    /// The screen a leaf opens (the sample's view controller type), by name.
    let screen: String?

    init(title: String, screen: String? = nil, subitems: [OutlineItem] = []) {
        self.title = title
        self.subitems = subitems
        self.screen = screen
    }

    static func == (lhs: OutlineItem, rhs: OutlineItem) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    var description: String { title }
}

/// The sample's delegate: a selected leaf is deselected and its screen pushed.
private final class OutlineDelegate: CollectionViewDelegate {
    weak var dataSource: CollectionViewDiffableDataSource<Int, OutlineItem>?
    var pushed: [String] = []

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let menuItem = dataSource?.itemIdentifier(for: indexPath) else { return }
        collectionView.deselectItem(at: indexPath, animated: true)
        if let screen = menuItem.screen { pushed.append(screen) }
    }
}

@MainActor
private final class OutlineScreen {
    /// A part of the sample's menu (its titles, each leaf with the screen it opens).
    static let menuItems: [OutlineItem] = [
        OutlineItem(title: "Compositional Layout", subitems: [
            OutlineItem(title: "Getting Started", subitems: leaves([
                "Grid": "GridViewController", "Inset Items Grid": "InsetItemsGridViewController", "Two-Column Grid": "TwoColumnViewController",
            ])),
            OutlineItem(title: "Advanced Layouts", subitems: leaves(["Nested Groups": "NestedGroupsViewController"])),
        ]),
        OutlineItem(title: "Diffable Data Source", subitems: leaves([
            "Mountains Search": "MountainsViewController", "Insertion Sort Visualization": "InsertionSortViewController",
        ])),
        OutlineItem(title: "Lists", subitems: leaves([
            "Simple List": "SimpleListViewController", "Reorderable List": "ReorderableListViewController",
            "List Appearances": "ListAppearancesViewController", "List with Custom Cells": "CustomCellListViewController",
        ])),
        OutlineItem(title: "Outlines", subitems: leaves(["Emoji Explorer": "EmojiExplorerViewController"])),
        OutlineItem(title: "Cell Configurations", subitems: leaves(["Custom Configurations": "CustomConfigurationViewController"])),
    ]

    private static func leaves(_ entries: KeyValuePairs<String, String>) -> [OutlineItem] {
        entries.map { OutlineItem(title: $0.key, screen: $0.value) }
    }

    let outlineCollectionView: CollectionView
    let dataSource: CollectionViewDiffableDataSource<Int, OutlineItem>
    let delegate = OutlineDelegate()

    init() throws {
        // configureCollectionView(), generateLayout()
        let listConfiguration = CompositionalListConfiguration(appearance: .sidebar)
        let layout = CompositionalLayout.list(using: listConfiguration)
        outlineCollectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), layout: layout)
        outlineCollectionView.delegate = delegate
        // configureDataSource()
        let containerCellRegistration = CollectionView.CellRegistration<ListCell, OutlineItem> { cell, _, menuItem in
            var contentConfiguration = cell.defaultContentConfiguration()
            contentConfiguration.text = menuItem.title
            contentConfiguration.textProperties.font = .preferredFont(forTextStyle: .headline)
            cell.contentConfiguration = contentConfiguration
            let disclosureOptions = CellAccessory.OutlineDisclosureOptions(style: .header)
            cell.accessories = [.outlineDisclosure(options: disclosureOptions)]
            cell.backgroundConfiguration = BackgroundConfiguration.clear()
        }
        let cellRegistration = CollectionView.CellRegistration<ListCell, OutlineItem> { cell, _, menuItem in
            var contentConfiguration = cell.defaultContentConfiguration()
            contentConfiguration.text = menuItem.title
            cell.contentConfiguration = contentConfiguration
            cell.backgroundConfiguration = BackgroundConfiguration.clear()
        }
        dataSource = CollectionViewDiffableDataSource<Int, OutlineItem>(collectionView: outlineCollectionView) { collectionView, indexPath, item in
            if item.subitems.isEmpty {
                try collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
            } else {
                try collectionView.dequeueConfiguredReusableCell(using: containerCellRegistration, for: indexPath, item: item)
            }
        }
        delegate.dataSource = dataSource
        // load our initial data
        try dataSource.apply(Self.initialSnapshot(), to: 0, animatingDifferences: false)
        outlineCollectionView.layoutIfNeeded()
    }

    static func initialSnapshot() -> DiffableDataSourceSectionSnapshot<OutlineItem> {
        var snapshot = DiffableDataSourceSectionSnapshot<OutlineItem>()
        func addItems(_ menuItems: [OutlineItem], to parent: OutlineItem?) {
            snapshot.append(menuItems, to: parent)
            for menuItem in menuItems where !menuItem.subitems.isEmpty {
                addItems(menuItem.subitems, to: menuItem)
            }
        }
        addItems(menuItems, to: nil)
        return snapshot
    }

    func cell(_ item: Int) throws -> ListCell {
        try #require(outlineCollectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? ListCell)
    }

    var shownTitles: [String] { dataSource.snapshot().itemIdentifiers.map(\.title) }

    /// A tap on the middle of row `item`'s text, as a finger's.
    func tap(_ item: Int) throws {
        let label = try #require(try cell(item).contentView as? ListContentView).textLabel
        let frame = label.convert(label.bounds, to: outlineCollectionView)
        let point = Point(x: frame.midX + outlineCollectionView.bounds.minX, y: frame.midY + outlineCollectionView.bounds.minY)
        outlineCollectionView.beginInteraction(at: point)
        try outlineCollectionView.endInteraction(at: point)
        outlineCollectionView.layoutIfNeeded()
    }
}

@MainActor
struct OutlineScreenTests {
    /// The rows shown, their frames from the sidebar metrics: each container at least as
    /// tall as its disclosure with the cell's 8-pt margins.
    private func expectRows(_ screen: OutlineScreen, _ titles: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(screen.shownTitles == titles, sourceLocation: sourceLocation)
        var top = 0.0
        for (index, item) in screen.dataSource.snapshot().itemIdentifiers.enumerated() {
            let cell = try screen.cell(index)
            let text = try #require(cell.contentView as? ListContentView).textLabel.intrinsicContentSize.height
            var height = 11 + text + 11
            if !item.subitems.isEmpty {
                let disclosure = try #require(cell.subviews.compactMap { $0 as? AccessoryView }.first { !$0.isHidden })
                height = max(height, 8 + disclosure.intrinsicContentSize.height + 8)
            }
            #expect(cell.frame == Rect(x: 16, y: top, width: 358, height: height), "row \(index) \(item): \(cell.frame)", sourceLocation: sourceLocation)
            top += height
        }
        #expect(screen.outlineCollectionView.contentSize.height == top, sourceLocation: sourceLocation)
    }

    @Test func theMenuStartsCollapsedAsASidebarOfItsRoots() throws {
        let screen = try OutlineScreen()
        try expectRows(screen, ["Compositional Layout", "Diffable Data Source", "Lists", "Outlines", "Cell Configurations"])
        // The containers' headline text (UIKit's 17-pt semibold at the default size), the
        // disclosure at the trailing margin, a clear background, no separators (sidebar).
        let container = try screen.cell(0)
        let text = try #require(container.contentView as? ListContentView).listConfiguration.textProperties.font
        #expect(text.size == 17 && text.weight == .semibold)
        let disclosure = try #require(container.subviews.compactMap { $0 as? AccessoryView }.first)
        #expect(disclosure.frame.maxX == 358 - 16)
        #expect((container.backgroundView as? BackgroundConfigurationView)?.fill.backgroundColor == .clear)
        #expect(screen.outlineCollectionView.layout.allElements().filter { $0.kind == .separator }.isEmpty)
        #expect(container.separatorView.isHidden)
    }

    /// A tap anywhere on a container opens it (the header style makes the whole row the
    /// disclosure's) without selecting it; its children come in one level in; a second
    /// tap closes it.
    @Test func tappingAContainerOpensAndClosesIt() throws {
        let screen = try OutlineScreen()
        try screen.tap(2)  // Lists
        try expectRows(screen, ["Compositional Layout", "Diffable Data Source", "Lists", "Simple List", "Reorderable List",
                                "List Appearances", "List with Custom Cells", "Outlines", "Cell Configurations"])
        #expect(screen.outlineCollectionView.indexPathsForSelectedItems == [] && screen.delegate.pushed.isEmpty)
        let lists = try screen.cell(2), simpleList = try screen.cell(3)
        #expect(lists.indentationLevel == 0 && simpleList.indentationLevel == 1)
        let parentText = try #require(lists.contentView as? ListContentView).textLabel
        let childText = try #require(simpleList.contentView as? ListContentView).textLabel
        #expect(childText.convert(childText.bounds, to: simpleList).minX - parentText.convert(parentText.bounds, to: lists).minX == 10)

        try screen.tap(2)
        try expectRows(screen, ["Compositional Layout", "Diffable Data Source", "Lists", "Outlines", "Cell Configurations"])
    }

    /// Two levels down: Compositional Layout, then Getting Started; a tap on Grid "pushes"
    /// its screen and the row is deselected, as the sample's delegate does.
    @Test func aLeafTwoLevelsDownOpensItsScreen() throws {
        let screen = try OutlineScreen()
        try screen.tap(0)
        try screen.tap(1)  // Getting Started
        try expectRows(screen, ["Compositional Layout", "Getting Started", "Grid", "Inset Items Grid", "Two-Column Grid",
                                "Advanced Layouts", "Diffable Data Source", "Lists", "Outlines", "Cell Configurations"])
        #expect(try screen.cell(2).indentationLevel == 2)
        try screen.tap(2)
        #expect(screen.delegate.pushed == ["GridViewController"])
        #expect(screen.outlineCollectionView.indexPathsForSelectedItems == [])
        // Closing the top container hides every descendant, open ones included; opening it
        // again shows Getting Started still open.
        try screen.tap(0)
        #expect(screen.shownTitles == ["Compositional Layout", "Diffable Data Source", "Lists", "Outlines", "Cell Configurations"])
        try screen.tap(0)
        #expect(screen.shownTitles.prefix(6) == ["Compositional Layout", "Getting Started", "Grid", "Inset Items Grid", "Two-Column Grid", "Advanced Layouts"])
    }
}

// MARK: Reorderable list

/// The sample's emoji, by category (a few of each).
private struct Emoji: Hashable, Sendable {
    enum Category: String, CaseIterable, CustomStringConvertible {
        case smileys, nature, food
        var description: String { rawValue.capitalized }
        var emojis: [Emoji] {
            switch self {
            case .smileys: ["😀", "😂", "🥲", "😎"].map { Emoji(text: $0, category: self) }
            case .nature: ["🐶", "🐱", "🦊"].map { Emoji(text: $0, category: self) }
            case .food: ["🍏", "🍞"].map { Emoji(text: $0, category: self) }
            }
        }
    }

    let text: String
    let category: Category
}

@MainActor
private final class ReorderableListScreen {
    typealias Section = Emoji.Category

    struct Item: Hashable, Sendable {
        let title: String
        let emoji: Emoji
    }

    enum ReorderingMethod { case finalSnapshot, collectionDifference }

    let collectionView: CollectionView
    let dataSource: CollectionViewDiffableDataSource<Section, Item>
    var backingStore: [Section: [Item]]
    var reorderingMethod: ReorderingMethod = .collectionDifference

    init() throws {
        backingStore = Self.initialBackingStore()
        // configureHierarchy(), createLayout()
        let configuration = CompositionalListConfiguration(appearance: .insetGrouped)
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), layout: CompositionalLayout.list(using: configuration))
        // configureDataSource()
        let cellRegistration = CollectionView.CellRegistration<ListCell, Emoji> { cell, _, emoji in
            var contentConfiguration = ListContentConfiguration.valueCell()
            contentConfiguration.text = emoji.text
            contentConfiguration.secondaryText = String(describing: emoji.category)
            cell.contentConfiguration = contentConfiguration
            cell.accessories = [.disclosureIndicator(), .reorder(displayed: .always)]
        }
        dataSource = CollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item.emoji)
        }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
            guard let self else { return }
            switch reorderingMethod {
            case .collectionDifference:
                // method 1: each section's difference applied to its backing store
                for sectionTransaction in transaction.sectionTransactions {
                    let sectionIdentifier = sectionTransaction.sectionIdentifier
                    if let previousSectionItems = backingStore[sectionIdentifier],
                       let updatedSectionItems = previousSectionItems.applying(sectionTransaction.difference)
                    {
                        backingStore[sectionIdentifier] = updatedSectionItems
                    }
                }
            case .finalSnapshot:
                // method 2: the section transaction's final snapshot items
                for sectionTransaction in transaction.sectionTransactions {
                    backingStore[sectionTransaction.sectionIdentifier] = sectionTransaction.finalSnapshot.items
                }
            }
        }
        // applySnapshotsFromBackingStore(), in the categories' order (the sample walks a
        // dictionary, whose order UIKit leaves unspecified).
        for section in Section.allCases {
            var sectionSnapshot = DiffableDataSourceSectionSnapshot<Item>()
            sectionSnapshot.append(backingStore[section]!)
            try dataSource.apply(sectionSnapshot, to: section, animatingDifferences: false)
        }
        collectionView.layoutIfNeeded()
    }

    static func initialBackingStore() -> [Section: [Item]] {
        var allItems = [Section: [Item]]()
        for category in Emoji.Category.allCases {
            allItems[category] = category.emojis.map { Item(title: String(describing: category), emoji: $0) }
        }
        return allItems
    }

    func cell(_ item: Int, _ section: Int) throws -> ListCell {
        try #require(collectionView.cellForItem(at: IndexPath(item: item, section: section)) as? ListCell)
    }

    func texts(_ section: Section) -> [String] { dataSource.snapshot().itemIdentifiers(inSection: section).map(\.emoji.text) }

    /// A drag of row `source` by its reorder control, released over the middle of row
    /// `target`: the interactive movement the control drives.
    func drag(_ source: IndexPath, over target: IndexPath) throws {
        #expect(collectionView.beginInteractiveMovementForItem(at: source))
        let frame = try cell(target.item, target.section).frame
        collectionView.updateInteractiveMovementTargetPosition(Point(x: frame.midX, y: frame.midY))
        collectionView.layoutIfNeeded()
        collectionView.endInteractiveMovement()
        collectionView.layoutIfNeeded()
    }
}

@MainActor
struct ReorderableListScreenTests {
    @Test func rowsAreInsetGroupedValueCellsWithAnAlwaysShownReorderControl() throws {
        let screen = try ReorderableListScreen()
        var top = 0.0
        for (section, category) in Emoji.Category.allCases.enumerated() {
            if section > 0 { top += 20 }
            for index in category.emojis.indices {
                let cell = try screen.cell(index, section)
                let labels = try #require(cell.contentView as? ListContentView)
                let textHeight = max(labels.textLabel.intrinsicContentSize.height, labels.secondaryTextLabel.intrinsicContentSize.height)
                let accessories = cell.subviews.compactMap { $0 as? AccessoryView }.filter { !$0.isHidden }
                #expect(accessories.map(\.accessory.identifierName).sorted() == ["disclosureIndicator", "reorder"])
                let tallest = accessories.map(\.intrinsicContentSize.height).max() ?? 0
                let height = max(11 + textHeight + 11, 8 + tallest + 8)
                #expect(cell.frame == Rect(x: 16, y: top, width: 358, height: height), "row \(index) of \(category): \(cell.frame)")
                // Both on the trailing side (UIKit places system accessories itself, in an
                // order it does not document), the outer one against the trailing margin,
                // after the text.
                let text = labels.convert(labels.bounds, to: cell)
                #expect(accessories.map(\.frame.maxX).max() == 358.0 - 16)
                #expect(accessories.allSatisfy { $0.frame.minX >= text.maxX })
                top += height
            }
        }
        #expect(screen.collectionView.contentSize.height == top)
    }

    /// Dragging a row by its control (the interactive movement the control drives): the
    /// data source's order, the backing store by either method, and the frames follow.
    @Test(arguments: [false, true]) func aDraggedRowMovesAndTheBackingStoreFollows(byFinalSnapshot: Bool) throws {
        let screen = try ReorderableListScreen()
        screen.reorderingMethod = byFinalSnapshot ? .finalSnapshot : .collectionDifference
        // 😀 over 🥲, within Smileys.
        try screen.drag(IndexPath(item: 0, section: 0), over: IndexPath(item: 2, section: 0))
        #expect(screen.texts(.smileys) == ["😂", "🥲", "😀", "😎"])
        #expect(screen.backingStore[.smileys]!.map(\.emoji.text) == ["😂", "🥲", "😀", "😎"])
        #expect(screen.backingStore[.nature]!.map(\.emoji.text) == ["🐶", "🐱", "🦊"])
        // 🦊 over 🍏, into Food: both sections' stores follow.
        try screen.drag(IndexPath(item: 2, section: 1), over: IndexPath(item: 0, section: 2))
        #expect(screen.texts(.nature) == ["🐶", "🐱"] && screen.texts(.food) == ["🦊", "🍏", "🍞"])
        #expect(screen.backingStore[.nature]!.map(\.emoji.text) == ["🐶", "🐱"])
        #expect(screen.backingStore[.food]!.map(\.emoji.text) == ["🦊", "🍏", "🍞"])
        // The rows touch in their new order; Food is 20 below Nature's new end.
        let lastNature = try screen.cell(1, 1).frame, firstFood = try screen.cell(0, 2).frame
        #expect(firstFood.minY == lastNature.maxY + 20)
        for index in 1..<3 {
            #expect(try screen.cell(index, 2).frame.minY == screen.cell(index - 1, 2).frame.maxY)
        }
    }
}
