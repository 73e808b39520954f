import Testing
import Trellis
@_spi(Testing) import TrellisKit

// What UIKit code ported to a self-sizing collection relies on, each as a user meets it:
// content laid out in the pass that places it, headers that do not scroll the content,
// transitions to measured frames, inserts at the top, still content while estimates are
// measured, reloads that measure again, and sizing for another width without side effects.

/// A header 32 pt tall whatever it is estimated at (its own `sizeThatFits`).
final class TallHeader: ReusableView {
    override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 32) }
}

/// Texts with no identity of their own: the index path is the item's identity.
final class UnidentifiedTexts: CollectionViewDataSource {
    var texts: [String]
    init(_ texts: [String]) { self.texts = texts }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TextCell
        cell.text = texts[indexPath.item]
        return cell
    }
}

/// The on-screen position (distance from the top of the bounds) of each displayed item.
private func screenPositions(_ collection: CollectionView) -> [IndexPath: Double] {
    var result: [IndexPath: Double] = [:]
    for indexPath in collection.indexPathsForVisibleItems {
        result[indexPath] = collection.cellForItem(at: indexPath)!.frame.minY - collection.contentOffset.y
    }
    return result
}

@Suite("CollectionView self-sizing as ported UIKit code expects")
struct CollectionViewRegressionTests {
    // 1
    @Test func aNewCellsContentIsLaidOutInThePassThatPlacesIt() throws {
        let source = TitleSource(titles: (0..<400).map(tagTitle))
        source.identifier = "tag"
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 375, height: 300),
            layout: FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8)))
        collection.register(TagCollectionCell.self, forCellWithReuseIdentifier: "tag")
        collection.estimatedItemSize = .automatic
        collection.dataSource = source
        for offset in [0.0, 150, 600, 1400] {
            collection.contentOffset.y = offset
            try collection.performLayout()  // no layoutIfNeeded afterwards
            for cell in collection.visibleCells {
                let tag = try #require(cell as? TagCollectionCell)
                #expect(tag.label.frame == Rect(x: 5, y: 5, width: tag.bounds.width - 10, height: tag.bounds.height - 10),
                        "\(collection.indexPath(for: cell)!) at offset \(offset)")
            }
        }
    }

    // 1, a collection inside a list row
    @Test func aCollectionEmbeddedInAListRowShowsItsCellsInTheSamePass() throws {
        let rows = (0..<6).map { TagTableSource.Row(id: $0, tags: Array(ScenarioTests.sampleTags.prefix(2 + $0))) }
        let table = TagTableSource(rows: rows)
        let list = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 2000), layout: ListLayout(options: .init(rowSpacing: 1)))
        list.register(TagRowCell.self, forCellWithReuseIdentifier: "row")
        list.dataSource = table
        list.delegate = table
        try list.performLayout()  // one outer pass only
        for (item, row) in rows.enumerated() {
            let cell = try #require(list.cellForItem(at: IndexPath(item: item, section: 0)) as? TagRowCell)
            #expect(cell.tags.frame == cell.bounds.inset(by: EdgeInsets(all: TagRowCell.margin)))
            #expect(cell.tags.visibleCells.count == row.tags.count)
        }
    }

    // 2
    @Test func aSelfSizingHeaderDoesNotScrollTheContentAtFirstDisplay() throws {
        let data = TextDataSource(count: 50)
        let collection = makeCollection(data, estimated: .automatic)
        collection.register(TallHeader.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
        collection.headerSize = Size(width: 375, height: 10)
        try collection.performLayout()
        #expect(collection.contentOffset.y == 0)
        #expect(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 0, y: 0, width: 375, height: 32))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 32)
    }

    // 3
    @Test func aBatchUpdateTransitionReportsTheFinalMeasuredFrames() throws {
        let data = TextDataSource(count: 40)
        let collection = makeCollection(data)  // estimates 100 × 100, rows measure 30–70
        try collection.performLayout()
        data.sections[0].insert(TextItem(id: 900, text: "inserted"), at: 2)
        let transition = try collection.insertItems(at: [IndexPath(item: 2, section: 0)])
        try collection.performLayout()
        let appearing = try #require(transition.appearing.first { $0.indexPath == IndexPath(item: 2, section: 0) })
        let displayed = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0))).frame
        #expect(appearing.frame == displayed)
        #expect(displayed.size == TextCell.size(of: "inserted", maxWidth: 375))
        #expect(!transition.moving.isEmpty)
        for moving in transition.moving {
            #expect(moving.after.frame == collection.layoutAttributesForItem(at: moving.after.indexPath)?.frame)
            if let cell = collection.cellForItem(at: moving.after.indexPath) {
                #expect(moving.after.frame == cell.frame, "\(moving.after.indexPath)")
            }
        }
        for attributes in transition.appearing {
            #expect(collection.cellForItem(at: attributes.indexPath)?.frame == attributes.frame)
        }
    }

    // 4
    @Test func insertingAtTheTopWhileAtTheTopShowsTheNewRow() throws {
        let data = TextDataSource(count: 40)
        let collection = makeCollection(data)
        try collection.performLayout()
        #expect(collection.contentOffset.y == 0)
        data.sections[0].insert(TextItem(id: 900, text: "new first row"), at: 0)
        let transition = try collection.insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(collection.contentOffset.y == 0)
        #expect(transition.appearing.map(\.indexPath).contains(IndexPath(item: 0, section: 0)))
        try collection.performLayout()
        #expect(collection.contentOffset.y == 0)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 0)
        // Scrolled into the content, an insert above keeps what is on screen still.
        collection.contentOffset.y = 500
        try collection.performLayout()
        let before = screenPositions(collection)
        data.sections[0].insert(TextItem(id: 901, text: "another"), at: 0)
        try collection.insertItems(at: [IndexPath(item: 0, section: 0)])
        try collection.performLayout()
        let after = screenPositions(collection)
        for (indexPath, position) in before {
            let moved = IndexPath(item: indexPath.item + 1, section: 0)
            if let now = after[moved] { #expect(abs(now - position) <= 0.5, "\(indexPath)") }
        }
    }

    // 5
    @Test func scrollingUpIntoEstimatedRowsKeepsWhatWasOnScreenStill() throws {
        let data = TextDataSource(count: 2000)
        let collection = makeCollection(data)  // estimates 100 pt, rows 30–70 pt
        try collection.performLayout()
        collection.contentOffset.y = 100_000
        try collection.performLayout()
        for _ in 0..<5 {
            let before = screenPositions(collection)
            collection.contentOffset.y -= 300
            try collection.performLayout()
            let after = screenPositions(collection)
            var compared = 0
            for (indexPath, position) in before {
                guard let now = after[indexPath] else { continue }
                #expect(abs(now - (position + 300)) <= 0.5, "\(indexPath) moved on screen")
                compared += 1
            }
            #expect(compared > 0)
        }
    }

    // 6
    @Test func reloadDataMeasuresItemsWithoutIdentityAgain() throws {
        let source = UnidentifiedTexts((0..<30).map { "row \($0)" })
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = source
        try collection.performLayout()
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.height == 30)
        source.texts[1] = String(repeating: "long text ", count: 40)  // 400 characters: 12 lines at 365 pt
        collection.reloadData()
        try collection.performLayout()
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.height == TextCell.size(of: source.texts[1], maxWidth: 375).height)
    }

    // 6, the public invalidation
    @Test func cachedSizesCanBeInvalidatedForAnItemOrEntirely() throws {
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data)
        try collection.performLayout()
        let measured = collection.sizeCache.measurementCount
        // Content changed without a new identity: the displayed cell is updated in place
        // (UIKit's cellForItem pattern) and its size invalidated.
        data.sections[0][3].text = String(repeating: "y", count: 100)
        (collection.cellForItem(at: IndexPath(item: 3, section: 0)) as? TextCell)?.text = data.sections[0][3].text
        collection.invalidateCachedSizes(forItemsAt: [IndexPath(item: 3, section: 0)])
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == measured + 1)
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.size == TextCell.size(of: data.sections[0][3].text, maxWidth: 375))
        // Or for every item: the displayed ones are measured again.
        let visible = collection.visibleCells.count
        collection.invalidateCachedSizes()
        #expect(collection.sizeCache.isEmpty)
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == measured + 1 + visible)
    }

    // 7
    @Test func contentSizeForAnotherWidthLeavesTheViewAsItWas() throws {
        let data = TextDataSource(count: 60)
        let collection = makeCollection(data)
        try collection.performLayout()
        let frames = collection.displayedFrames.map { "\($0.0) \($0.1)" }
        let narrow = try collection.contentSize(forWidth: 200)
        #expect(collection.bounds.width == 375 && collection.frame == Rect(x: 0, y: 0, width: 375, height: 800))
        let expected = data.sections[0].reduce(0.0) { $0 + TextCell.size(of: $1.text, maxWidth: 200).height }
        #expect(narrow == Size(width: 200, height: expected))
        try collection.performLayout()
        #expect(collection.displayedFrames.map { "\($0.0) \($0.1)" } == frames)
        #expect(collection.containerSize.width == 375)
    }
}
