import Testing
import Trellis
@testable import TrellisKit

// More of Apple's "Implementing Modern Collection Views" screens, each ported as a UIKit
// developer ports it (the sample's code with Trellis's names) and checked against frames
// worked out here by hand from UIKit's documented arithmetic: fractional dimensions are
// fractions of the section's content size (the container less the section's insets and
// its content insets reference); a group of `count` copies shares its width between them;
// list rows touch and are their content's margins plus the text (the labels' own
// measurement); sections of a section provider follow each other directly, but a list
// section of a grouped appearance (`grouped`, `insetGrouped`, `sidebar`) keeps its
// `sectionSpacing` (20 pt) from the section before it, as in a whole-layout list.

// MARK: Emoji Explorer

/// EmojiExplorerViewController's item: one per cell, whatever the section.
private enum EmojiItem: Hashable, Sendable {
    case recent(String)
    case category(String)
    case emoji(String, name: String)
    case list(String, category: String)
}

@MainActor
private final class EmojiExplorerScreen {
    enum Section: Int, CaseIterable { case recents, outline, list }

    static let categories: [(name: String, emojis: [(String, String)])] = [
        ("Smileys", [("😀", "Grinning"), ("😂", "Tears of joy"), ("🥲", "Smiling with tear")]),
        ("Animals", [("🐶", "Dog"), ("🐱", "Cat"), ("🦊", "Fox"), ("🐻", "Bear")]),
        ("Food", [("🍏", "Apple"), ("🍞", "Bread")]),
    ]

    let collectionView: CollectionView
    let dataSource: CollectionViewDiffableDataSource<Section, EmojiItem>

    init() throws {
        // createLayout()
        let layout = CompositionalLayout { sectionIndex, layoutEnvironment in
            let sectionKind = Section(rawValue: sectionIndex)!
            var section: CompositionalSection
            switch sectionKind {
            case .recents:
                let itemSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
                let item = CompositionalItem(layoutSize: itemSize)
                let groupSize = CompositionalSize(widthDimension: .fractionalWidth(0.28), heightDimension: .fractionalWidth(0.2))
                let group = CompositionalGroup.horizontal(layoutSize: groupSize, subitems: [item])
                section = CompositionalSection(group: group)
                section.interGroupSpacing = 10
                section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
                section.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            case .outline:
                section = CompositionalSection.list(using: .init(appearance: .sidebar), environment: layoutEnvironment)
                section.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            case .list:
                let configuration = CompositionalListConfiguration(appearance: .insetGrouped)
                section = CompositionalSection.list(using: configuration, environment: layoutEnvironment)
            }
            return section
        }
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 1400), layout: layout)
        // configureDataSource()
        let gridCellRegistration = CollectionView.CellRegistration<CollectionViewCell, String> { cell, _, emoji in
            var content = ListContentConfiguration.cell()
            content.text = emoji
            content.textProperties.alignment = .center
            content.directionalLayoutMargins = .zero
            cell.contentConfiguration = content
            var background = BackgroundConfiguration.listPlainCell()
            background.cornerRadius = 8
            cell.backgroundConfiguration = background
        }
        let outlineHeaderCellRegistration = CollectionView.CellRegistration<ListCell, String> { cell, _, title in
            var content = cell.defaultContentConfiguration()
            content.text = title
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure(options: .init(style: .header))]
        }
        let outlineCellRegistration = CollectionView.CellRegistration<ListCell, (String, String)> { cell, _, emoji in
            var content = cell.defaultContentConfiguration()
            content.text = emoji.0
            content.secondaryText = emoji.1
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        let configuredListCell = CollectionView.CellRegistration<ListCell, (String, String)> { cell, _, emoji in
            var content = ListContentConfiguration.valueCell()
            content.text = emoji.0
            content.secondaryText = emoji.1
            cell.contentConfiguration = content
        }
        dataSource = CollectionViewDiffableDataSource<Section, EmojiItem>(collectionView: collectionView) { collectionView, indexPath, item in
            switch item {
            case .recent(let emoji): try collectionView.dequeueConfiguredReusableCell(using: gridCellRegistration, for: indexPath, item: emoji)
            case .category(let title): try collectionView.dequeueConfiguredReusableCell(using: outlineHeaderCellRegistration, for: indexPath, item: title)
            case .emoji(let emoji, let name): try collectionView.dequeueConfiguredReusableCell(using: outlineCellRegistration, for: indexPath, item: (emoji, name))
            case .list(let emoji, let category): try collectionView.dequeueConfiguredReusableCell(using: configuredListCell, for: indexPath, item: (emoji, category))
            }
        }
        // applyInitialSnapshots()
        var snapshot = DiffableDataSourceSnapshot<Section, EmojiItem>()
        snapshot.appendSections(Section.allCases)
        try dataSource.apply(snapshot, animatingDifferences: false)
        var recentsSnapshot = DiffableDataSourceSectionSnapshot<EmojiItem>()
        recentsSnapshot.append(Self.categories.flatMap(\.emojis).map { .recent($0.0) })
        try dataSource.apply(recentsSnapshot, to: .recents, animatingDifferences: false)
        var outlineSnapshot = DiffableDataSourceSectionSnapshot<EmojiItem>()
        for category in Self.categories {
            let rootItem = EmojiItem.category(category.name)
            outlineSnapshot.append([rootItem])
            outlineSnapshot.append(category.emojis.map { .emoji($0.0, name: $0.1) }, to: rootItem)
        }
        outlineSnapshot.expand([.category("Smileys"), .category("Food")])
        try dataSource.apply(outlineSnapshot, to: .outline, animatingDifferences: false)
        var listSnapshot = DiffableDataSourceSectionSnapshot<EmojiItem>()
        listSnapshot.append(Self.categories.flatMap { category in category.emojis.map { EmojiItem.list($0.0, category: category.name) } })
        try dataSource.apply(listSnapshot, to: .list, animatingDifferences: false)
        collectionView.layoutIfNeeded()
    }

    func cell(_ item: Int, _ section: Section) throws -> CollectionViewCell {
        try #require(collectionView.cellForItem(at: IndexPath(item: item, section: section.rawValue)))
    }

    func labels(_ item: Int, _ section: Section) throws -> ListContentView {
        try #require(try cell(item, section).contentView as? ListContentView)
    }
}

@MainActor
struct EmojiExplorerScreenTests {
    @Test func recentsScrollSidewaysInGroupsOfOne() throws {
        let screen = try EmojiExplorerScreen()
        // Content 370 wide (insets 10): a group is 0.28 × 370 wide and 0.2 × 370 tall,
        // groups 10 apart, one emoji each (the item fills its group).
        let width = 0.28 * 370, height = 0.2 * 370
        #expect(screen.collectionView.numberOfItems(inSection: 0) == 9)
        for index in 0..<9 {
            let expected = Rect(x: 10 + Double(index) * (width + 10), y: 10, width: width, height: height)
            let frame = try #require(screen.collectionView.layout.attributesForItem(at: IndexPath(item: index, section: 0))).frame
            #expect(abs(frame.minX - expected.minX) < 1e-9 && frame.minY == expected.minY, "recent \(index): \(frame)")
            #expect(abs(frame.width - expected.width) < 1e-9 && abs(frame.height - expected.height) < 1e-9, "recent \(index): \(frame)")
        }
        // Resting after a fling: a group's leading edge at the section's leading edge.
        let layout = try #require(screen.collectionView.layout as? CompositionalLayout)
        let target = layout.targetOrthogonalScrollOffset(forProposedOffset: 250, currentOffset: 0, inSection: 0)
        #expect(abs(target - 2 * (width + 10)) < 1e-9)
    }

    @Test func theOutlineIsASidebarInsideItsInsetsWithChildrenIndented() throws {
        let screen = try EmojiExplorerScreen()
        // Visible: Smileys + 3, Animals (collapsed), Food + 2 = 8 rows.
        let visible: [EmojiItem] = [
            .category("Smileys"), .emoji("😀", name: "Grinning"), .emoji("😂", name: "Tears of joy"), .emoji("🥲", name: "Smiling with tear"),
            .category("Animals"), .category("Food"), .emoji("🍏", name: "Apple"), .emoji("🍞", name: "Bread"),
        ]
        #expect(screen.dataSource.snapshot().itemIdentifiers(inSection: .outline) == visible)
        // The recents section is 10 + 74 + 10 tall; the outline (a sidebar list) keeps 20
        // from it, and its rows start 10 lower, inside the 16-pt margin plus the section's 10.
        var top = 10 + 0.2 * 370 + 10 + 20 + 10
        for (index, item) in visible.enumerated() {
            let labels = try screen.labels(index, .outline)
            let text = labels.textLabel.intrinsicContentSize.height
            let height: Double
            if case .category = item {
                height = 11 + text + 11
            } else {
                // A sidebar cell: the secondary text below the text, 3 apart.
                height = 11 + text + 3 + labels.secondaryTextLabel.intrinsicContentSize.height + 11
            }
            let frame = try screen.cell(index, .outline).frame
            #expect(abs(frame.minY - top) < 1e-9 && frame.minX == 26 && frame.width == 338 && abs(frame.height - height) < 1e-9, "outline row \(index): \(frame)")
            top += height
        }
        // A child is one level in (10 pt by default) without the app setting it: the
        // data source gives the cell its outline level.
        let root = try #require(try screen.cell(0, .outline) as? ListCell)
        let child = try #require(try screen.cell(1, .outline) as? ListCell)
        #expect(root.indentationLevel == 0 && child.indentationLevel == 1)
        let rootText = try screen.labels(0, .outline).textLabel, childText = try screen.labels(1, .outline).textLabel
        #expect(childText.convert(childText.bounds, to: child).minX - rootText.convert(rootText.bounds, to: root).minX == 10)
        // The list section (inset grouped) keeps 20 from the outline's bottom inset.
        #expect(abs(try screen.cell(0, .list).frame.minY - (top + 10 + 20)) < 1e-9)
    }

    @Test func expandingACategoryInsertsItsEmojisBelowIt() throws {
        let screen = try EmojiExplorerScreen()
        let listTop = try screen.cell(0, .list).frame.minY
        #expect(try screen.dataSource.userToggleExpansion(of: .category("Animals")))
        screen.collectionView.layoutIfNeeded()
        #expect(screen.collectionView.numberOfItems(inSection: 1) == 12)
        let animals = try screen.cell(4, .outline).frame
        var added = 0.0
        for index in 5..<9 {
            let frame = try screen.cell(index, .outline).frame
            #expect(abs(frame.minY - (animals.maxY + added)) < 1e-9)
            #expect((try screen.cell(index, .outline) as? ListCell)?.indentationLevel == 1)
            added += frame.height
        }
        #expect(abs(try screen.cell(0, .list).frame.minY - (listTop + added)) < 1e-9)
    }

    @Test func theListShowsValueCellsInsideTheMargins() throws {
        let screen = try EmojiExplorerScreen()
        var top = try screen.cell(0, .list).frame.minY
        for index in 0..<9 {
            let frame = try screen.cell(index, .list).frame
            let labels = try screen.labels(index, .list)
            let text = max(labels.textLabel.intrinsicContentSize.height, labels.secondaryTextLabel.intrinsicContentSize.height)
            #expect(frame == Rect(x: 16, y: top, width: 358, height: 11 + text + 11), "list row \(index)")
            // Side by side: the category against the trailing margin.
            let secondary = labels.secondaryTextLabel.convert(labels.secondaryTextLabel.bounds, to: try screen.cell(index, .list))
            #expect(secondary.maxX == 358 - 16)
            top += frame.height
        }
        #expect(screen.collectionView.contentSize.height == top)
    }
}

/// Outline cells are indented to their level by the data source (UIKit's list cells in a
/// section snapshot): no registration code sets `indentationLevel`.
@MainActor
struct OutlineIndentationTests {
    @Test func everyLevelIsIndentedAndAReusedCellTakesItsNewLevel() throws {
        let collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 390, height: 800), layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .sidebar)))
        let registration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        try dataSource.apply(snapshot)
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["a"])
        outline.append(["a1"], to: "a")
        outline.append(["a1x"], to: "a1")
        outline.expand(["a", "a1"])
        try dataSource.apply(outline, to: 0)
        collectionView.layoutIfNeeded()
        let levels = (0..<3).map { (collectionView.cellForItem(at: IndexPath(item: $0, section: 0)) as? ListCell)?.indentationLevel }
        #expect(levels == [0, 1, 2])
        // Collapse and re-expand: whatever cells come back, each has its item's level.
        _ = try dataSource.userCollapse("a")
        collectionView.layoutIfNeeded()
        _ = try dataSource.userExpand("a")
        collectionView.layoutIfNeeded()
        let again = (0..<3).map { (collectionView.cellForItem(at: IndexPath(item: $0, section: 0)) as? ListCell)?.indentationLevel }
        #expect(again == [0, 1, 2])
    }
}

// MARK: Mountains search

private struct Mountain: Hashable, Sendable {
    let name: String
    let height: Int
    let identifier: Int

    func contains(_ filter: String?) -> Bool {
        guard let filterText = filter, !filterText.isEmpty else { return true }
        return name.lowercased().contains(filterText.lowercased())
    }
}

private let mountainNames = [
    "Aconcagua", "Annapurna", "Ararat", "Ben Nevis", "Broad Peak", "Cerro Torre", "Chimborazo", "Cho Oyu", "Cotopaxi", "Denali",
    "Dhaulagiri", "Eiger", "Elbrus", "Everest", "Fitz Roy", "Fuji", "Gasherbrum I", "Gasherbrum II", "Grand Teton", "Huascarán",
    "Illimani", "Jungfrau", "K2", "Kangchenjunga", "Kilimanjaro", "Kosciuszko", "Lhotse", "Logan", "Makalu", "Manaslu",
    "Matterhorn", "Mont Blanc", "Monte Rosa", "Nanga Parbat", "Olympus", "Orizaba", "Rainier", "Shasta", "Shishapangma", "Vinson",
    "Whitney", "Zugspitze",
]

@MainActor
private final class MountainsScreen {
    let collectionView: CollectionView
    let dataSource: CollectionViewDiffableDataSource<Int, Mountain>
    let mountains: [Mountain]
    /// Every cell the registration configured, and how often it did.
    private(set) var cellsSeen: [ObjectIdentifier] = []

    init() throws {
        mountains = mountainNames.enumerated().map { Mountain(name: $1, height: 4000 + 37 * $0, identifier: $0) }
        // createLayout()
        let layout = CompositionalLayout { _, layoutEnvironment in
            let contentSize = layoutEnvironment.containerSize
            let columns = contentSize.width > 800 ? 3 : 2
            let spacing = 10.0
            let itemSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
            let item = CompositionalItem(layoutSize: itemSize)
            let groupSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(32))
            var group = CompositionalGroup.horizontal(layoutSize: groupSize, subitem: item, count: columns)
            group.interItemSpacing = .fixed(spacing)
            var section = CompositionalSection(group: group)
            section.interGroupSpacing = spacing
            section.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            return section
        }
        // Tall enough for 10 rows of 42: 20 mountains on screen.
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 10 + 10 * 42), layout: layout)
        var seen: [ObjectIdentifier] = []
        let cellRegistration = CollectionView.CellRegistration<CollectionViewCell, Mountain> { cell, _, mountain in
            var content = ListContentConfiguration.cell()
            content.text = mountain.name
            cell.contentConfiguration = content
            seen.append(ObjectIdentifier(cell))
        }
        dataSource = CollectionViewDiffableDataSource<Int, Mountain>(collectionView: collectionView) { collectionView, indexPath, mountain in
            try collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: mountain)
        }
        seenProvider = { seen }
        try performQuery(with: nil)
    }

    private var seenProvider: () -> [ObjectIdentifier] = { [] }
    var distinctCells: Set<ObjectIdentifier> { Set(seenProvider()) }

    func filteredMountains(with filter: String?) -> [Mountain] { mountains.filter { $0.contains(filter) } }

    func performQuery(with filter: String?) throws {
        let mountains = filteredMountains(with: filter).sorted { $0.name < $1.name }
        var snapshot = DiffableDataSourceSnapshot<Int, Mountain>()
        snapshot.appendSections([0])
        snapshot.appendItems(mountains)
        try dataSource.apply(snapshot, animatingDifferences: true)
        collectionView.layoutIfNeeded()
    }

    /// The displayed cell of each mountain on screen.
    var cellsByMountain: [Mountain: ObjectIdentifier] {
        var cells: [Mountain: ObjectIdentifier] = [:]
        for cell in collectionView.visibleCells {
            if let indexPath = collectionView.indexPath(for: cell), let mountain = dataSource.itemIdentifier(for: indexPath) { cells[mountain] = ObjectIdentifier(cell) }
        }
        return cells
    }
}

@MainActor
struct MountainsSearchScreenTests {
    /// Two columns of (370 − 10) / 2 = 180, rows 32 tall 10 apart, inside 10-pt insets.
    static func slot(_ index: Int) -> Rect {
        Rect(x: index % 2 == 0 ? 10 : 200, y: 10 + 42 * Double(index / 2), width: 180, height: 32)
    }

    private func expectGrid(_ screen: MountainsScreen, _ expected: [Mountain], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(screen.dataSource.snapshot().itemIdentifiers == expected, sourceLocation: sourceLocation)
        for (index, mountain) in expected.enumerated() {
            let frame = screen.collectionView.layout.attributesForItem(at: IndexPath(item: index, section: 0))?.frame
            #expect(frame == Self.slot(index), "\(mountain.name)", sourceLocation: sourceLocation)
            if let cell = screen.collectionView.cellForItem(at: IndexPath(item: index, section: 0)) {
                #expect((cell.contentView as? ListContentView)?.textLabel.text == mountain.name, sourceLocation: sourceLocation)
                #expect(cell.frame == Self.slot(index), sourceLocation: sourceLocation)
            }
        }
        let rows = (expected.count + 1) / 2
        #expect(screen.collectionView.contentSize.height == (rows == 0 ? 20 : 10 + Double(rows) * 32 + Double(rows - 1) * 10 + 10), sourceLocation: sourceLocation)
    }

    @Test func searchingFiltersTheGridKeepingTheCellsOfWhatStays() throws {
        let screen = try MountainsScreen()
        let all = screen.mountains.sorted { $0.name < $1.name }
        expectGrid(screen, all)
        #expect(screen.collectionView.visibleCells.count == 20)
        #expect(screen.distinctCells.count == 20)

        // Typing "an": every name containing it, case-insensitively, in name order.
        let before = screen.cellsByMountain
        try screen.performQuery(with: "an")
        let matching = all.filter { $0.name.lowercased().contains("an") }
        // Worked out by hand from the names: "an" anywhere, "án" not.
        #expect(matching.map(\.name) == [
            "Annapurna", "Grand Teton", "Illimani", "Kangchenjunga", "Kilimanjaro", "Logan", "Manaslu", "Mont Blanc", "Nanga Parbat",
            "Shishapangma",
        ])
        expectGrid(screen, matching)
        // A mountain on screen before and after keeps its cell (moved, not reloaded);
        // the others take cells given back by the mountains filtered out: no cell is made.
        let after = screen.cellsByMountain
        for (mountain, cell) in after where before[mountain] != nil {
            #expect(cell == before[mountain], "\(mountain.name) kept its cell")
        }
        #expect(after.count == matching.count)
        #expect(screen.distinctCells.count == 20)

        // Narrowing to nothing, then clearing the search: the full grid again, from the
        // same twenty cells.
        try screen.performQuery(with: "zzz")
        expectGrid(screen, [])
        #expect(screen.collectionView.visibleCells.isEmpty)
        try screen.performQuery(with: "")
        expectGrid(screen, all)
        #expect(screen.distinctCells.count == 20)
    }
}

// MARK: Insertion Sort

private struct Node: Hashable, Sendable {
    let value: Int
    let identifier: Int
}

/// InsertionSortViewController's InsertionSortArray: one insertion per step.
private struct InsertionSortArray {
    var nodes: [Node]
    private var currentIndex = 1
    private(set) var isSorted = false

    init(nodes: [Node]) {
        self.nodes = nodes
        isSorted = nodes.count <= 1
    }

    mutating func sortNext() {
        guard !isSorted else { return }
        var index = currentIndex
        let currentNode = nodes[index]
        index -= 1
        while index >= 0 && currentNode.value < nodes[index].value {
            let tmp = nodes[index]
            nodes[index] = currentNode
            nodes[index + 1] = tmp
            index -= 1
        }
        currentIndex += 1
        if currentIndex >= nodes.count { isSorted = true }
    }
}

@MainActor
struct InsertionSortScreenTests {
    static let nodeSize = Size(width: 16, height: 16)

    @Test func eachSortStepMovesTheNodesToTheirSlotsKeepingTheirCells() throws {
        // createLayout(): a row of nodes per section, as many columns as fit.
        let layout = CompositionalLayout { _, layoutEnvironment in
            let contentSize = layoutEnvironment.containerSize
            let columns = Int(contentSize.width / Self.nodeSize.width)
            let rowHeight = Self.nodeSize.height
            let size = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(rowHeight))
            let itemSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
            let item = CompositionalItem(layoutSize: itemSize)
            let group = CompositionalGroup.horizontal(layoutSize: size, subitem: item, count: columns)
            return CompositionalSection(group: group)
        }
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), layout: layout)
        let cellRegistration = CollectionView.CellRegistration<CollectionViewCell, Node> { cell, _, node in
            cell.backgroundColor = Color(red: Double(node.value) / 100, green: 0.5, blue: 0.5)
        }
        let dataSource = CollectionViewDiffableDataSource<Int, Node>(collectionView: collectionView) { collectionView, indexPath, node in
            try collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: node)
        }
        // 390 / 16 → 24 columns of 16.25; four rows of scrambled values (73 is coprime
        // to 100: a row's values are distinct and out of order).
        let columns = 24, rows = 4
        var identifier = 0
        var arrays: [Int: InsertionSortArray] = [:]
        var original: [Int: [Int]] = [:]
        var snapshot = DiffableDataSourceSnapshot<Int, Node>()
        for section in 0..<rows {
            let values = (0..<columns).map { (73 * $0 + 29 * section + 11) % 100 }
            original[section] = values
            let nodes = values.map { value in
                defer { identifier += 1 }
                return Node(value: value, identifier: identifier)
            }
            arrays[section] = InsertionSortArray(nodes: nodes)
            snapshot.appendSections([section])
            snapshot.appendItems(nodes, toSection: section)
        }
        try dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()

        func frame(_ index: Int, _ section: Int) -> Rect {
            Rect(x: 390.0 / 24 * Double(index), y: 16 * Double(section), width: 390.0 / 24, height: 16)
        }
        func close(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
        }

        // performSortStep(), until every row is sorted.
        var step = 0
        while arrays.values.contains(where: { !$0.isSorted }) {
            step += 1
            let cellsBefore = Dictionary(uniqueKeysWithValues: collectionView.visibleCells.map { cell in
                (dataSource.itemIdentifier(for: collectionView.indexPath(for: cell)!)!, ObjectIdentifier(cell))
            })
            var updatedSnapshot = dataSource.snapshot()
            for section in updatedSnapshot.sectionIdentifiers where !arrays[section]!.isSorted {
                arrays[section]!.sortNext()
                let items = arrays[section]!.nodes
                updatedSnapshot.deleteItems(items)
                updatedSnapshot.appendItems(items, toSection: section)
            }
            try dataSource.apply(updatedSnapshot)
            collectionView.layoutIfNeeded()

            for section in 0..<rows {
                // The oracle: after step k the first k + 1 values are the first k + 1 of the
                // original row, sorted; the rest are untouched.
                let values = original[section]!
                let sortedCount = min(step + 1, columns)
                let expected = values.prefix(sortedCount).sorted() + values.dropFirst(sortedCount)
                let shown = dataSource.snapshot().itemIdentifiers(inSection: section)
                #expect(shown.map(\.value) == expected, "row \(section) after step \(step)")
                for (index, node) in shown.enumerated() {
                    let cell = try #require(collectionView.cellForItem(at: IndexPath(item: index, section: section)))
                    #expect(close(cell.frame, frame(index, section)), "node \(node.identifier) at \(index) after step \(step): \(cell.frame)")
                    // Moved, not remade: the node's cell is the one it had.
                    #expect(ObjectIdentifier(cell) == cellsBefore[node], "node \(node.identifier) after step \(step)")
                }
            }
        }
        #expect(step == columns - 1)
    }
}
