import Testing
import Trellis
@testable import TrellisKit

// UIKit's sidebar appearances (`UICollectionLayoutListConfiguration.Appearance.sidebar`,
// `.sidebarPlain`): no separators by default; the sidebar's rows inside the layout
// margins like an inset-grouped list's, the plain sidebar's edge to edge; sections apart
// by the section spacing in the sidebar, touching in the plain one.
@MainActor
struct SidebarAppearanceTests {
    /// Two sections of two rows in a collection view of ListCells; the rows' frames by
    /// section and the list's separator elements.
    private func rows(_ appearance: CompositionalListConfiguration.Appearance) throws -> (frames: [[Rect]], separators: Int, cells: [ListCell]) {
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 390, height: 600),
            layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: appearance)))
        let registration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var configuration = ListContentConfiguration.sidebarCell()
            configuration.text = item
            cell.contentConfiguration = configuration
            cell.backgroundConfiguration = .listSidebarCell()
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["Inbox", "Sent"], toSection: 0)
        snapshot.appendItems(["Work", "Home"], toSection: 1)
        try dataSource.apply(snapshot)
        collection.layoutIfNeeded()
        let frames = (0..<2).map { section in (0..<2).map { collection.layout.attributesForItem(at: IndexPath(item: $0, section: section))!.frame } }
        let separators = collection.layout.allElements().filter { $0.kind == .separator }.count
        let cells = collection.visibleCells.compactMap { $0 as? ListCell }
        return (frames, separators, cells)
    }

    @Test func sidebarRowsSitInsideTheMarginsWithoutSeparators() throws {
        let sidebar = try rows(.sidebar)
        let insetGrouped = try rows(.insetGrouped)
        #expect(sidebar.separators == 0)
        #expect(insetGrouped.separators == 2)  // one below each section's first row
        #expect(sidebar.frames[0].map(\.minX) == insetGrouped.frames[0].map(\.minX))
        #expect(sidebar.frames[0][0].minX > 0)
        #expect(sidebar.frames[0][1].minY == sidebar.frames[0][0].maxY)  // rows touch
        #expect(sidebar.frames[1][0].minY == sidebar.frames[0][1].maxY + 20)  // sectionSpacing
        #expect(sidebar.cells.allSatisfy { $0.separatorView.isHidden })
    }

    @Test func plainSidebarRowsRunEdgeToEdgeAndSectionsTouch() throws {
        let plain = try rows(.sidebarPlain)
        #expect(plain.separators == 0)
        #expect(plain.frames.joined().allSatisfy { $0.minX == 0 && $0.width == 390 })
        #expect(plain.frames[1][0].minY == plain.frames[0][1].maxY)
    }

    @Test func separatorsCanBeAskedForInASidebar() {
        #expect(!CompositionalListConfiguration(appearance: .sidebar).showsSeparators)
        #expect(CompositionalListConfiguration(appearance: .sidebar, showsSeparators: true).showsSeparators)
        #expect(CompositionalListConfiguration(appearance: .plain).showsSeparators)
    }

    @Test func aSelectedSidebarRowIsFilledWithTheTintAndItsTextTurnsWhite() throws {
        let sidebar = try rows(.sidebar)
        let cell = sidebar.cells[0]
        cell.isSelected = true
        cell.layoutIfNeeded()
        let background = try #require(cell.backgroundView as? BackgroundConfigurationView)
        #expect(background.fill.backgroundColor == cell.tintColor)
        #expect(background.fill.cornerStyle == .radius(10))
        #expect((cell.contentView as! ListContentView).textLabel.textColor == .white)
    }
}

/// UIKit's list cells take their default look from the list showing them: the same
/// registration gives sidebar rows in a sidebar and grouped rows in an inset-grouped list
/// (Apple's List Appearances screen switches the appearance and nothing else).
@MainActor
struct ListAppearanceDefaultsTests {
    /// The collection views made, kept alive for the test (a cell's list is its collection view's).
    private let collections = Collections()
    private final class Collections { var all: [CollectionView] = [] }

    private func firstCell(_ appearance: CompositionalListConfiguration.Appearance, background: BackgroundConfiguration? = nil) throws -> ListCell {
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 390, height: 300),
            layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: appearance)))
        collections.all.append(collection)
        let registration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            if let background { cell.backgroundConfiguration = background }
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Inbox"])
        try dataSource.apply(snapshot)
        collection.layoutIfNeeded()
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? ListCell)
        try collection.selectItem(at: IndexPath(item: 0, section: 0))
        collection.layoutIfNeeded()
        return cell
    }

    private func fill(_ cell: ListCell) -> View? { (cell.backgroundView as? BackgroundConfigurationView)?.fill }

    @Test func aSidebarGivesSidebarContentAndBackground() throws {
        let cell = try firstCell(.sidebar)
        // Selected: sidebar content turns white over the tint, the background is the tint, rounded.
        #expect((cell.contentView as! ListContentView).textLabel.textColor == .white)
        #expect(fill(cell)?.backgroundColor == cell.tintColor)
        #expect(fill(cell)?.cornerStyle == .radius(10))
    }

    @Test func otherListsGiveTheirCellsBackgrounds() throws {
        let grouped = try firstCell(.insetGrouped)
        #expect((grouped.contentView as! ListContentView).textLabel.textColor == .label)
        #expect(fill(grouped)?.backgroundColor == BackgroundConfiguration.selectionGray)
        grouped.isSelected = false
        grouped.layoutIfNeeded()
        #expect(fill(grouped)?.backgroundColor == BackgroundConfiguration.groupedCellBackground)
        let plain = try firstCell(.plain)
        plain.isSelected = false
        plain.layoutIfNeeded()
        #expect(fill(plain)?.backgroundColor == .systemBackground)
    }

    @Test func aBackgroundTheAppSetsStays() throws {
        let cell = try firstCell(.sidebar, background: .clear())
        #expect(fill(cell)?.backgroundColor == .clear)
    }
}
