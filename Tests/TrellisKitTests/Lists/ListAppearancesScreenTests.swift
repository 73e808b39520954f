import Testing
import Trellis
@testable import TrellisKit

// Apple's "Implementing Modern Collection Views" list screens, ported as a UIKit developer
// ports them (UIKit's names mapped to Trellis's), and checked against frames worked out
// here from the documented list metrics, never read back from the layout:
//
// - rows are as wide as the section's content: edge to edge in `plain`, `grouped` and
//   `sidebarPlain`; inside the 16-pt layout margins of a compact width in `insetGrouped`
//   and `sidebar`;
// - rows touch (the separator lies inside the row above);
// - a row is its content's top margin + the text + its bottom margin, where a content
//   margin is the configuration's or, vertically, the cell's 8 pt when that is larger:
//   `cell()` and `sidebarCell()` 11 / 11, `plainHeader()` 6 / 6 (so 8 / 8),
//   `groupedHeader()` 16 / 6 (so 16 / 8), `sidebarHeader()` 11 / 11;
// - accessories sit inside the cell's 8-pt vertical margins: a row is at least as tall
//   as its tallest accessory and those margins;
// - with `headerMode = .firstItemInSection` the first item is the header: it takes the
//   list's header look, no separator lies below it, and an inset-grouped section's
//   background covers only the rows after it.
//
// Text heights are the labels' own measurement (the text measurer is not under test).

/// ListAppearancesViewController's item: a title, unique by identifier.
private struct Item: Hashable, Sendable {
    let title: String
    let identifier: Int
}

@MainActor
private final class ListAppearancesScreen {
    let collectionView: CollectionView
    let dataSource: CollectionViewDiffableDataSource<Int, Item>
    var appearance: CompositionalListConfiguration.Appearance

    init(appearance: CompositionalListConfiguration.Appearance, height: Double = 1400) throws {
        self.appearance = appearance
        // createLayout(): a list section per section, the first item its header.
        let layout = CompositionalLayout { _, layoutEnvironment in
            var config = CompositionalListConfiguration(appearance: appearance)
            config.headerMode = .firstItemInSection
            return CompositionalSection.list(using: config, environment: layoutEnvironment)
        }
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: height), layout: layout)
        // configureDataSource()
        let headerRegistration = CollectionView.CellRegistration<ListCell, Item> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure()]
        }
        let cellRegistration = CollectionView.CellRegistration<ListCell, Item> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            cell.contentConfiguration = content
        }
        dataSource = CollectionViewDiffableDataSource<Int, Item>(collectionView: collectionView) { collectionView, indexPath, item in
            if indexPath.item == 0 {
                try collectionView.dequeueConfiguredReusableCell(using: headerRegistration, for: indexPath, item: item)
            } else {
                try collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
            }
        }
        // applyInitialSnapshots(): five sections, each a header with three children, expanded.
        let sections = Array(0..<5)
        var snapshot = DiffableDataSourceSnapshot<Int, Item>()
        snapshot.appendSections(sections)
        try dataSource.apply(snapshot, animatingDifferences: false)
        var identifier = 0
        for section in sections {
            var sectionSnapshot = DiffableDataSourceSectionSnapshot<Item>()
            let headerItem = Item(title: "Section \(section)", identifier: identifier)
            identifier += 1
            sectionSnapshot.append([headerItem])
            let items = (0..<3).map { index in
                defer { identifier += 1 }
                return Item(title: "Item \(section).\(index)", identifier: identifier)
            }
            sectionSnapshot.append(items, to: headerItem)
            sectionSnapshot.expand([headerItem])
            try dataSource.apply(sectionSnapshot, to: section, animatingDifferences: false)
        }
        collectionView.layoutIfNeeded()
    }

    func cell(_ item: Int, _ section: Int) throws -> ListCell {
        try #require(collectionView.cellForItem(at: IndexPath(item: item, section: section)) as? ListCell)
    }

    func content(_ item: Int, _ section: Int) throws -> ListContentView {
        try #require(try cell(item, section).contentView as? ListContentView)
    }
}

/// The documented vertical content margins of a configuration, grown to the cell's 8.
private func rowHeight(top: Double, text: Double, bottom: Double) -> Double { max(top, 8) + text + max(bottom, 8) }

@MainActor
struct ListAppearancesScreenTests {
    /// Each appearance's row geometry (x, width), the space between its sections, the
    /// header row's documented margins and whether rows have separators. The screen's
    /// layout is a section provider of list sections, which space themselves as
    /// `CompositionalLayout.list(using:)` spaces them: the grouped appearances (`grouped`,
    /// `insetGrouped`, `sidebar`) 20 pt apart (`sectionSpacing`'s default), `plain` and
    /// `sidebarPlain` touching.
    static let appearances: [(CompositionalListConfiguration.Appearance, x: Double, spacing: Double, header: (top: Double, bottom: Double), separators: Bool)] = [
        (.plain, 0, 0, (6, 6), true),
        (.grouped, 0, 20, (16, 6), true),
        (.insetGrouped, 16, 20, (16, 6), true),
        (.sidebar, 16, 20, (11, 11), false),
        (.sidebarPlain, 0, 0, (11, 11), false),
    ]

    @Test(arguments: 0..<5) func framesOfEveryAppearance(index: Int) throws {
        let (appearance, x, spacing, header, showsSeparators) = Self.appearances[index]
        let screen = try ListAppearancesScreen(appearance: appearance)
        let width = 390 - 2 * x
        var top = 0.0
        for section in 0..<5 {
            if section > 0 { top += spacing }
            let headerText = try screen.content(0, section).textLabel.intrinsicContentSize.height
            // The header row also holds its outline disclosure, inside the cell's 8-pt
            // vertical margins: the row is as tall as the taller of the two.
            let disclosure = try #require(try screen.cell(0, section).subviews.first { $0 is AccessoryView }).intrinsicContentSize.height
            let headerHeight = max(rowHeight(top: header.top, text: headerText, bottom: header.bottom), 8 + disclosure + 8)
            let headerFrame = try screen.cell(0, section).frame
            #expect(headerFrame == Rect(x: x, y: top, width: width, height: headerHeight), "header of \(section) in \(appearance): \(headerFrame)")
            top += headerHeight
            for item in 1...3 {
                let text = try screen.content(item, section).textLabel.intrinsicContentSize.height
                let height = rowHeight(top: 11, text: text, bottom: 11)
                let frame = try screen.cell(item, section).frame
                #expect(frame == Rect(x: x, y: top, width: width, height: height), "item \(item) of \(section) in \(appearance): \(frame)")
                top += height
            }
        }
        #expect(screen.collectionView.contentSize.height == top)
        // Separators below the second and third rows of each section: none below the
        // header row, none below a section's last row; none at all in a sidebar.
        let separators = screen.collectionView.layout.allElements().filter { $0.kind == .separator }.map(\.indexPath)
        let expected = showsSeparators ? (0..<5).flatMap { [IndexPath(item: 1, section: $0), IndexPath(item: 2, section: $0)] } : []
        #expect(separators.sorted() == expected)
        for section in 0..<5 {
            #expect(try screen.cell(0, section).separatorView.isHidden)
            #expect(try screen.cell(1, section).separatorView.isHidden == !showsSeparators)
            #expect(try screen.cell(3, section).separatorView.isHidden)
        }
    }

    @Test(arguments: 0..<5) func theHeaderRowTakesTheListsHeaderLook(index: Int) throws {
        let appearance = Self.appearances[index].0
        let screen = try ListAppearancesScreen(appearance: appearance)
        let header = try screen.content(0, 2).listConfiguration
        let row = try screen.content(1, 2).listConfiguration
        switch appearance {
        case .plain:
            #expect(header.textProperties.font.weight == .semibold)
            #expect(header.textProperties.font.size == 15)  // subheadline
        case .grouped, .insetGrouped:
            #expect(header.textProperties.font.size == 13)  // footnote
            #expect(header.textProperties.color == .secondaryLabel)
        case .sidebar, .sidebarPlain:
            #expect(header.textProperties.font.weight == .semibold)
            #expect(header.textProperties.font.size == 17)  // headline
        }
        #expect(row.textProperties.font.size == 17 && row.textProperties.font.weight == .regular)  // body
        // The header row's background is the list's header background (clear, or the
        // plain list's system background), not a cell's.
        let fill = (try screen.cell(0, 2).backgroundView as? BackgroundConfigurationView)?.fill.backgroundColor
        #expect(fill == (appearance == .plain ? .systemBackground : .clear))
    }

    /// The header row's `.outlineDisclosure()` (style `.automatic`) is the header's: on
    /// the trailing side, the whole row toggling; a row's is the cell's, leading.
    @Test func anAutomaticDisclosureInTheHeaderRowIsTheHeaders() throws {
        let screen = try ListAppearancesScreen(appearance: .insetGrouped)
        let header = try screen.cell(0, 1)
        let disclosure = try #require(header.subviews.compactMap { $0 as? AccessoryView }.first)
        guard case .outlineDisclosure(let options) = disclosure.accessory.kind else {
            Issue.record("not an outline disclosure")
            return
        }
        #expect(options.style == .header)
        #expect(disclosure.frame.maxX == header.bounds.width - 16)  // inside the trailing margin
        let row = ListCell()
        row.accessories = [.outlineDisclosure()]
        let rowDisclosure = try #require(row.subviews.compactMap { $0 as? AccessoryView }.first)
        guard case .outlineDisclosure(let rowOptions) = rowDisclosure.accessory.kind else { return }
        #expect(rowOptions.style == .automatic && rowDisclosure.accessory.isLeading)
    }

    @Test func anInsetGroupedBackgroundCoversTheRowsBelowTheHeader() throws {
        let screen = try ListAppearancesScreen(appearance: .insetGrouped)
        for section in 0..<5 {
            let background = try #require((screen.collectionView.layout as! CompositionalLayout).attributesForDecoration(ofKind: .listBackground, at: IndexPath(item: 0, section: section)))
            let header = try screen.cell(0, section).frame, last = try screen.cell(3, section).frame
            #expect(background.frame == Rect(x: 16, y: header.maxY, width: 358, height: last.maxY - header.maxY))
        }
    }

    /// Collapsing a header through its outline disclosure, as a tap does: its rows go,
    /// the sections below move up by their height, an inset-grouped background goes
    /// with them (nothing left to cover).
    @Test func collapsingAHeaderRowClosesItsSection() throws {
        let screen = try ListAppearancesScreen(appearance: .insetGrouped)
        let rows = try (1...3).map { try screen.cell($0, 1).frame.height }.reduce(0, +)
        let nextTop = try screen.cell(0, 2).frame.minY
        let header = try #require(screen.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)))
        #expect(try screen.dataSource.userToggleExpansion(of: header))
        screen.collectionView.layoutIfNeeded()
        #expect(screen.collectionView.numberOfItems(inSection: 1) == 1)
        #expect(try screen.cell(0, 2).frame.minY == nextTop - rows)
        #expect((screen.collectionView.layout as! CompositionalLayout).attributesForDecoration(ofKind: .listBackground, at: IndexPath(item: 0, section: 1)) == nil)
        #expect(!screen.dataSource.snapshot(for: 1).isExpanded(header))
    }

    @Test func theFooterModeCannotBeTheFirstItem() {
        var configuration = CompositionalListConfiguration(appearance: .plain)
        configuration.footerMode = .firstItemInSection
        #expect(throws: LayoutOptionsError.self) { try configuration.validate() }
        do { try configuration.validate() } catch { #expect(error.option == "footerMode") }
    }
}

/// Lists with supplementary headers: the header is a boundary item above the rows, made
/// by a supplementary registration, as the sample's header-mode screens do.
@MainActor
struct ListsWithSupplementaryHeadersScreenTests {
    @Test(arguments: [CompositionalListConfiguration.Appearance.plain, .insetGrouped]) func headersAboveTheirRows(appearance: CompositionalListConfiguration.Appearance) throws {
        var config = CompositionalListConfiguration(appearance: appearance)
        config.headerMode = .supplementary
        let layout = CompositionalLayout.list(using: config)
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 1000), layout: layout)
        let cellRegistration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        let headerRegistration = CollectionView.SupplementaryRegistration<CollectionViewCell>(elementKind: .header) { view, _, indexPath in
            var content = appearance == .plain ? ListContentConfiguration.plainHeader() : .groupedHeader()
            content.text = "Section \(indexPath.section)"
            view.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            try collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0, 1, 2])
        for section in 0..<3 { snapshot.appendItems((0..<4).map { "Item \(section).\($0)" }, toSection: section) }
        try dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()

        // plain: edge to edge, sections touching; inset grouped: inside the 16-pt margins,
        // sections 20 apart (the grouped appearances' `sectionSpacing`). A plain header
        // is 6 / 6 (grown to 8 / 8) around its text, a grouped one 16 / 6 (16 / 8).
        let x = appearance == .plain ? 0.0 : 16, width = 390 - 2 * x
        let spacing = appearance == .plain ? 0.0 : 20
        let headerMargins = appearance == .plain ? (8.0, 8.0) : (16.0, 8.0)
        var top = 0.0
        for section in 0..<3 {
            if section > 0 { top += spacing }
            let header = try #require(collectionView.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: section)) as? CollectionViewCell)
            let headerText = (header.contentView as! ListContentView).textLabel.intrinsicContentSize.height
            let headerHeight = headerMargins.0 + headerText + headerMargins.1
            #expect(header.frame == Rect(x: x, y: top, width: width, height: headerHeight), "header \(section)")
            top += headerHeight
            for item in 0..<4 {
                let cell = try #require(collectionView.cellForItem(at: IndexPath(item: item, section: section)))
                let text = (cell.contentView as! ListContentView).textLabel.intrinsicContentSize.height
                #expect(cell.frame == Rect(x: x, y: top, width: width, height: 11 + text + 11), "item \(item) of \(section)")
                top += cell.frame.height
            }
        }
        #expect(collectionView.contentSize.height == top)
        // Separators between rows, none below a section's last: with supplementary
        // headers every row but the last has one.
        let separators = collectionView.layout.allElements().filter { $0.kind == .separator }.map(\.indexPath)
        #expect(separators.sorted() == (0..<3).flatMap { section in (0..<3).map { IndexPath(item: $0, section: section) } })
    }
}
