import Testing
import Trellis
@testable import TrellisKit

/// `contentSize(forWidth:)` on a collection not shown yet, at a width other than its own
/// (a sizing pass before display, as a container laying out at another width asks): each
/// item is configured once to be measured at that width, and once more when it is shown —
/// 12 configurations for 6 items, not 18 (a second measuring pass over every item).
@MainActor
struct ContentSizeForWidthConfigurationTests {
    @Test func eachItemIsConfiguredOnceToMeasureAndOnceToShow() throws {
        var configurations = 0
        let registration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            configurations += 1
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain)))
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<6).map { "Item \($0), a row of a few words that wrap at a narrow width" })
        try dataSource.apply(snapshot, animatingDifferences: false)

        let narrow = try collection.contentSize(forWidth: 200)
        #expect(configurations == 6)
        collection.layoutIfNeeded()
        #expect(configurations == 12)
        #expect(collection.visibleCells.count == 6)
        // The narrow size was measured, not the view's own: its rows wrap onto more lines.
        #expect(narrow.width == 200 && narrow.height > collection.contentSize.height)
    }
}
