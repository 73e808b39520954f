import Testing
import Trellis
@testable import TrellisKit

// Apple's Badges screen in a real CollectionView: the data source is asked for a badge view
// per cell (kind and the cell's index path), and each badge is shown over its cell's
// top-trailing corner.

private let badgeElementKind = ElementKind.supplementary("badge-element-kind")

private final class BadgeSource: CollectionViewDataSource {
    var requested: [IndexPath] = []

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 6 }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        requested.append(indexPath)
        return try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "badge", for: indexPath)
    }
}

@Suite struct CompositionalBadgeCollectionViewTests {
    @Test func badgesAreShownOverTheirCells() throws {
        let badgeAnchor = CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3))
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(20), heightDimension: .absolute(20)), elementKind: badgeElementKind,
            containerAnchor: badgeAnchor)
        var item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1.0)), supplementaryItems: [badge])
        item.contentInsets = EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = CompositionalGroup.horizontal(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2)), subitems: [item])
        var section = CompositionalSection(group: group)
        section.contentInsets = EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)

        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 600), layout: CompositionalLayout(section: section))
        collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collection.register(ReusableView.self, forSupplementaryViewOfKind: badgeElementKind, withReuseIdentifier: "badge")
        let source = BadgeSource()
        collection.dataSource = source
        try collection.performLayout()

        #expect(Set(source.requested) == Set((0..<6).map { IndexPath(item: $0, section: 0) }))
        for index in 0..<6 {
            let indexPath = IndexPath(item: index, section: 0)
            let cell = try #require(collection.cellForItem(at: indexPath)).frame
            let view = try #require(collection.supplementaryView(forElementKind: badgeElementKind, at: indexPath))
            // Content 350 wide: cells 87.5 apart, 70-pt rows, inset by 5; the badge 6 pt
            // past the cell's top-trailing corner each way.
            #expect(cell == Rect(x: 20 + 87.5 * Double(index % 4) + 5, y: 20 + 70 * Double(index / 4) + 5, width: 77.5, height: 60))
            #expect(view.frame == Rect(x: cell.maxX - 14, y: cell.minY - 6, width: 20, height: 20))
        }
    }
}
