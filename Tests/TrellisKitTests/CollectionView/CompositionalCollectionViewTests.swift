import Testing
import Trellis
@testable import TrellisKit

// CompositionalLayout driven by a real CollectionView: estimated items and estimated
// headers measured through the collection's self-sizing path, compared with today's grid
// and list layouts on the same content (scenarios S3 and S5).

/// Cards under a wrapping header per section: wrapping cells sized by their constraints.
private final class CardGridSource: CollectionViewDataSource {
    let sections: [[String]]
    let titles: [String]
    init(sections: [[String]], titles: [String]) {
        self.sections = sections
        self.titles = titles
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath) as! WrappingCell
        cell.configure(model: sections[indexPath.section][indexPath.item], prototype: false)
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        sections[indexPath.section][indexPath.item]
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        let view = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath) as! LabelHeaderView
        view.label.text = titles[indexPath.section]
        return view
    }
}

/// A list row embedding a tag collection 12 pt inside it that sizes itself from its tags
/// (what a compositional list measures), unlike `TagRowCell`, sized by a delegate.
private final class SelfSizingTagRowCell: CollectionViewCell {
    let row = TagRowCell()

    required init() {
        super.init()
        contentView.addSubview(row)
    }

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        let width = proposal.width.limit
        let tags = (try? row.tags.contentSize(forWidth: width - 2 * TagRowCell.margin)) ?? .zero
        var preferred = attributes
        preferred.frame.size = Size(width: width, height: tags.height + 2 * TagRowCell.margin)
        return preferred
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        row.frame = contentView.bounds
    }
}

private final class SelfSizingTagTableSource: CollectionViewDataSource {
    let rows: [[String]]
    init(rows: [[String]]) { self.rows = rows }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! SelfSizingTagRowCell
        cell.row.configure(rows[indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable { indexPath.item }
}

/// Every displayed cell's and header's frame, by index path.
private func displayed(_ collection: CollectionView) -> (cells: [IndexPath: Rect], headers: [Int: Rect]) {
    var cells: [IndexPath: Rect] = [:]
    for indexPath in collection.indexPathsForVisibleItems { cells[indexPath] = collection.cellForItem(at: indexPath)!.frame }
    var headers: [Int: Rect] = [:]
    for section in 0..<collection.numberOfSections {
        if let view = collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: section)) { headers[section] = view.frame }
    }
    return (cells, headers)
}

@Suite("CompositionalLayout in a CollectionView")
struct CompositionalCollectionViewTests {
    /// S3's three-column grid of wrapping cards, with wrapping headers, self-sized: a
    /// compositional grid (a horizontal group of `count: 3` estimated items under an
    /// estimated header) gives the frames GridLayout gives.
    @Test func s3GridExpressedCompositionally() throws {
        let texts = ["One", "Two words", "A card with a longer text", "Note", "Another fairly long card text here", "Six", "Seven is a long one too", "8"]
        let source = CardGridSource(
            sections: [texts, Array(texts.reversed().prefix(5))],
            titles: ["A header long enough to wrap onto a second line somewhere", "Short"])
        func collection(_ layout: any CollectionLayout, configure: (CollectionView) -> Void) throws -> CollectionView {
            let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 2000), layout: layout)
            collection.register(forCellWithReuseIdentifier: "card") { WrappingCell(inset: 5) }
            collection.register(LabelHeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "title")
            configure(collection)
            collection.dataSource = source
            try collection.performLayout()
            return collection
        }
        let grid = try collection(GridLayout(options: .init(columns: .count(3)))) {
            $0.estimatedItemSize = .fixed(Size(width: 100, height: 50))
            $0.headerSize = Size(width: 300, height: 44)
        }
        let group = CompositionalGroup.horizontal(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)),
            subitem: CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50))), count: 3)
        let section = CompositionalSection(group: group, contentInsetsReference: .none, boundarySupplementaryItems: [.header(height: .estimated(44))])
        // As in UIKit, no `estimatedItemSize`: the layout's `.estimated` dimensions self-size.
        let compositional = try collection(CompositionalLayout(section: section)) { _ in }

        let expected = displayed(grid), actual = displayed(compositional)
        #expect(expected.cells.count == 13 && expected.headers.count == 2)
        #expect(actual.cells == expected.cells)
        #expect(actual.headers == expected.headers)
        #expect(compositional.contentSize == grid.contentSize)
        // The header really was measured (two lines), and rows are as tall as their tallest card.
        #expect(actual.headers[0]!.height > 30)
        #expect(actual.cells[IndexPath(item: 3, section: 0)]!.minY == [0, 1, 2].map { actual.cells[IndexPath(item: $0, section: 0)]!.maxY }.max())
    }

    /// S5's rows of tag collections: a compositional list (full-width estimated rows, 1 pt
    /// apart) of rows that size themselves gives the frames ListLayout gives with the rows'
    /// heights from the delegate.
    @Test func s5RowsExpressedCompositionally() throws {
        let rowTags = (0..<12).map { Array(ScenarioTests.sampleTags.prefix(1 + $0 % ScenarioTests.sampleTags.count)) }
        let table = TagTableSource(rows: rowTags.enumerated().map { TagTableSource.Row(id: $0, tags: $1) })
        let list = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 3000), layout: ListLayout(options: .init(rowSpacing: 1)))
        list.register(TagRowCell.self, forCellWithReuseIdentifier: "row")
        list.dataSource = table
        list.delegate = table
        try list.performLayout()

        let rowSize = CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let section = CompositionalSection(
            group: .horizontal(layoutSize: rowSize, subitems: [CompositionalItem(layoutSize: rowSize)]), interGroupSpacing: 1, contentInsetsReference: .none)
        let selfSizing = SelfSizingTagTableSource(rows: rowTags)
        let compositional = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 3000), layout: CompositionalLayout(section: section))
        compositional.register(SelfSizingTagRowCell.self, forCellWithReuseIdentifier: "row")
        compositional.dataSource = selfSizing
        try compositional.performLayout()

        let expected = displayed(list).cells, actual = displayed(compositional).cells
        #expect(expected.count == 12)
        #expect(actual == expected)
        #expect(compositional.contentSize == list.contentSize)
        // Before display too: the height for a width.
        #expect(try compositional.contentSize(forWidth: 200) == list.contentSize(forWidth: 200))
    }

    /// Measuring cells of an orthogonal carousel of fixed height never moves the sections
    /// below it.
    @Test func orthogonalCarouselMeasuresWithoutMovingItsNeighbours() throws {
        let texts = (0..<30).map { String(repeating: "word ", count: 1 + $0 % 6) }
        let source = CardGridSource(sections: [texts, texts], titles: ["Carousel", "Grid"])
        let layout = CompositionalLayout { index, _ in
            if index == 0 {
                // Tags whose width is measured, as tall as their 40-point group.
                let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .estimated(80), heightDimension: .fractionalHeight(1)))
                var section = CompositionalSection(
                    group: .horizontal(layoutSize: CompositionalSize(widthDimension: .estimated(80), heightDimension: .absolute(40)), subitems: [item]),
                    interGroupSpacing: 8, contentInsetsReference: .none)
                section.orthogonalScrollingBehavior = .continuous
                return section
            }
            let row = CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30))
            return CompositionalSection(group: .horizontal(layoutSize: row, subitems: [CompositionalItem(layoutSize: row)]), contentInsetsReference: .none)
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), layout: layout)
        collection.register(forCellWithReuseIdentifier: "card") { WrappingCell(inset: 5) }
        collection.dataSource = source
        collection.layoutIfNeeded()
        let secondSectionTop = layout.attributesForItem(at: IndexPath(item: 0, section: 1))!.frame.minY
        #expect(secondSectionTop == 40)
        // The carousel's visible cells were measured for their width, their height fixed.
        let first = collection.cellForItem(at: IndexPath(item: 0, section: 0))!.frame
        #expect(first.height == 40 && first.width != 80)
        // Scroll the carousel: new cells come into view, are measured, nothing below moves.
        layout.setOrthogonalScrollOffset(400, forSection: 0)
        collection.setNeedsLayout()
        try collection.performLayout()
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 1))!.frame.minY == secondSectionTop)
        let carousel = collection.indexPathsForVisibleItems.filter { $0.section == 0 }
        #expect(carousel.contains { $0.item >= 4 } && !carousel.contains { $0.item == 0 })
        #expect(carousel.allSatisfy { collection.cellForItem(at: $0)!.frame.width != 80 && collection.cellForItem(at: $0)!.frame.intersects(collection.bounds) })
    }
}
