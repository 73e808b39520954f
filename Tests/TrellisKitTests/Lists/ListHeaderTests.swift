import Testing
import Trellis
@testable import TrellisKit

// A list section's header shown by a cell with a list content configuration, as UIKit's
// samples register `UICollectionViewListCell` for `elementKindSectionHeader`.
@MainActor
struct ListHeaderTests {
    @Test func aHeaderWithAContentConfigurationSizesToIt() throws {
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 390, height: 600),
            layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .insetGrouped, headerMode: .supplementary)))
        let cells = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        let headers = CollectionView.SupplementaryRegistration<CollectionViewCell>(elementKind: .header) { view, _, _ in
            var content = ListContentConfiguration.groupedHeader()
            content.text = "SETTINGS"
            view.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            try collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Wi-Fi"])
        try dataSource.apply(snapshot)
        collection.layoutIfNeeded()
        let header = try #require(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0)) as? CollectionViewCell)
        let text = (header.contentView as! ListContentView).textLabel
        #expect(header.frame.height == 16 + text.intrinsicContentSize.height + 8)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))!.frame.minY == header.frame.maxY)
    }
}
