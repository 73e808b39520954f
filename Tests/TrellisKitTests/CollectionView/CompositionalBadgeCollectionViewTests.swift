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

/// Apple's Badges grid, laid out: rows of four cells a fifth of the width tall, inset by 5,
/// in a section inset by 20, each with a badge anchored at its top-trailing corner,
/// fractional offset (0.3, −0.3), `width` × 20, shown with views of `badgeView`.
private func badgeGrid(badgeWidth width: CompositionalDimension, badgeView: ReusableView.Type, source: some CollectionViewDataSource) throws -> CollectionView {
    let badgeAnchor = CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3))
    let badge = CompositionalSupplementaryItem(
        layoutSize: CompositionalSize(widthDimension: width, heightDimension: .absolute(20)), elementKind: badgeElementKind,
        containerAnchor: badgeAnchor)
    var item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1.0)), supplementaryItems: [badge])
    item.contentInsets = EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
    let group = CompositionalGroup.horizontal(
        layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2)), subitems: [item])
    var section = CompositionalSection(group: group)
    section.contentInsets = EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)

    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 600), layout: CompositionalLayout(section: section))
    collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collection.register(badgeView, forSupplementaryViewOfKind: badgeElementKind, withReuseIdentifier: "badge")
    collection.dataSource = source
    try collection.performLayout()
    return collection
}

@Suite struct CompositionalBadgeCollectionViewTests {
    @Test func badgesAreShownOverTheirCells() throws {
        let source = BadgeSource()
        let collection = try badgeGrid(badgeWidth: .absolute(20), badgeView: ReusableView.self, source: source)

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

// Badges of estimated width, as Apple's sample shows a count: a badge view sized by its
// text ("3", "1,024"), measured one per index path.

/// A badge whose width follows its text, as a label's does: 10 pt of padding and 8 pt a
/// character, 20 tall.
private final class CountBadgeView: ReusableView {
    var text = "" {
        didSet { invalidateIntrinsicContentSize() }
    }

    override var intrinsicContentSize: Size { Size(width: 10 + 8 * Double(text.count), height: 20) }
}

private final class CountSource: CollectionViewDataSource {
    let counts: [String]
    var badgesRequested = 0

    init(counts: [String]) { self.counts = counts }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        badgesRequested += 1
        let view = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "badge", for: indexPath)
        (view as? CountBadgeView)?.text = counts[indexPath.item]
        return view
    }
}

@Suite struct CompositionalEstimatedBadgeTests {
    static let counts = ["3", "1,024", "", "42", "7", "100", "12", "9"]

    /// Two rows of four 87.5 × 60 cells, badges `width` × 20 showing `counts`.
    fileprivate static func collection(badgeWidth width: CompositionalDimension, source: CountSource) throws -> CollectionView {
        try badgeGrid(badgeWidth: width, badgeView: CountBadgeView.self, source: source)
    }

    /// Each badge is as wide as its text, anchored by UIKit's arithmetic with that width:
    /// its top-trailing corner at the cell's, moved by 0.3 of its own width right and 0.3 of
    /// its height up.
    @Test func eachBadgeIsAsWideAsItsText() throws {
        let source = CountSource(counts: Self.counts)
        let collection = try Self.collection(badgeWidth: .estimated(20), source: source)
        for (index, count) in Self.counts.enumerated() {
            let indexPath = IndexPath(item: index, section: 0)
            let cell = try #require(collection.cellForItem(at: indexPath)).frame
            let view = try #require(collection.supplementaryView(forElementKind: badgeElementKind, at: indexPath))
            let width = 10 + 8 * Double(count.count)
            #expect(view.frame == Rect(x: cell.maxX + 0.3 * width - width, y: cell.minY - 0.3 * 20, width: width, height: 20), "badge \(index)")
        }
        // "3" is 18 wide, "1,024" 50: their own widths, not the estimate's 20.
        #expect(collection.supplementaryView(forElementKind: badgeElementKind, at: IndexPath(item: 0, section: 0))?.frame.width == 18)
        #expect(collection.supplementaryView(forElementKind: badgeElementKind, at: IndexPath(item: 1, section: 0))?.frame.width == 50)
        // One view a badge: the one measured is the one shown.
        #expect(source.badgesRequested == Self.counts.count)
    }

    /// Nothing on screen moves when badges measure: the cells, the content size and the
    /// scroll position are those of the same grid whose badges are fixed at the estimate.
    @Test func measuringBadgesMovesNoCell() throws {
        let measured = try Self.collection(badgeWidth: .estimated(20), source: CountSource(counts: Self.counts))
        let fixed = try Self.collection(badgeWidth: .absolute(20), source: CountSource(counts: Self.counts))
        #expect(measured.contentSize == fixed.contentSize)
        #expect(measured.contentOffset == fixed.contentOffset)
        for index in Self.counts.indices {
            let indexPath = IndexPath(item: index, section: 0)
            #expect(measured.cellForItem(at: indexPath)?.frame == fixed.cellForItem(at: indexPath)?.frame)
        }
    }

    /// A badge whose text changes while shown is measured again (self-sizing invalidation)
    /// and only it changes.
    @Test func aBadgeWhoseTextChangesIsMeasuredAgain() throws {
        let source = CountSource(counts: Self.counts)  // the collection holds its data source weakly
        let collection = try Self.collection(badgeWidth: .estimated(20), source: source)
        let cells = Self.counts.indices.map { collection.cellForItem(at: IndexPath(item: $0, section: 0))?.frame }
        let badge = try #require(collection.supplementaryView(forElementKind: badgeElementKind, at: IndexPath(item: 0, section: 0)) as? CountBadgeView)
        let other = collection.supplementaryView(forElementKind: badgeElementKind, at: IndexPath(item: 1, section: 0))?.frame
        badge.text = "99+"
        try collection.performLayout()
        let shown = try #require(collection.supplementaryView(forElementKind: badgeElementKind, at: IndexPath(item: 0, section: 0)))
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0))).frame
        #expect(shown.frame == Rect(x: cell.maxX + 0.3 * 34 - 34, y: cell.minY - 6, width: 34, height: 20))
        #expect(collection.supplementaryView(forElementKind: badgeElementKind, at: IndexPath(item: 1, section: 0))?.frame == other)
        #expect(Self.counts.indices.map { collection.cellForItem(at: IndexPath(item: $0, section: 0))?.frame } == cells)
        withExtendedLifetime(source) {}
    }
}
