import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

@Suite("CollectionView self-sizing")
struct CollectionViewSelfSizingTests {
    @Test func measuresOnlyTheVisibleItemsBeforeShowingThem() throws {
        let data = TextDataSource(count: 10_000)
        let collection = makeCollection(data)
        try collection.performLayout()
        let visible = collection.indexPathsForVisibleItems
        #expect(!visible.isEmpty)
        // Every displayed cell has its measured size and the layout's current frame.
        var y = 0.0
        for indexPath in visible {
            let text = data.sections[0][indexPath.item].text
            let frame = try #require(collection.cellForItem(at: indexPath)).frame
            #expect(frame == Rect(origin: Point(x: 0, y: y), size: TextCell.size(of: text, maxWidth: 375)))
            #expect(collection.layoutAttributesForItem(at: indexPath)?.frame == frame)
            y += frame.height
        }
        #expect(y >= 800 && y - collection.cellForItem(at: visible.last!)!.frame.height < 800)
        #expect(collection.sizeCache.measurementCount == visible.count)
        // Items beyond keep the estimate.
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 5000, section: 0))?.size == Size(width: 100, height: 100))
    }

    @Test func aLayoutWithoutVisitingGivesTheSameFrames() throws {
        let data = TextDataSource(count: 500)
        let visiting = makeCollection(data)
        let plain = CollectionView(frame: visiting.frame, layout: ArrayOnlyLayout())
        plain.register(TextCell.self, forCellWithReuseIdentifier: "text")
        plain.estimatedItemSize = visiting.estimatedItemSize
        plain.dataSource = data
        for offset in [0.0, 1200, 300, 9000] {
            visiting.contentOffset.y = offset
            plain.contentOffset.y = offset
            try visiting.performLayout()
            try plain.performLayout()
            #expect(plain.displayedFrames.map { "\($0.0) \($0.1)" } == visiting.displayedFrames.map { "\($0.0) \($0.1)" })
            #expect(plain.contentOffset == visiting.contentOffset)
        }
    }

    @Test func automaticEstimateIsFiftyByFifty() {
        #expect(EstimatedItemSize.automatic.estimate == Size(width: 50, height: 50))
        #expect(EstimatedItemSize.none.estimate == nil)
    }

    @Test(arguments: [
        // proposal width, text length, expected size (10 pt a character, 20 pt lines, 5 pt padding)
        (FittingDimension.atMost(100), 5, Size(width: 60, height: 30)),
        (.atMost(100), 20, Size(width: 100, height: 70)),
        (.exactly(100), 5, Size(width: 100, height: 30)),
        (.exactly(50), 8, Size(width: 50, height: 50)),
        (.unconstrained, 20, Size(width: 210, height: 30)),
    ])
    func fittingProposalsMapToTargetSizesAndPriorities(width: FittingDimension, length: Int, expected: Size) {
        let cell = TextCell()
        cell.text = String(repeating: "a", count: length)
        #expect(cell.fittingSize(for: FittingProposal(width: width, height: .unconstrained)) == expected)
        let attributes = LayoutAttributes(indexPath: IndexPath(item: 0, section: 0), frame: Rect(x: 3, y: 4, width: 1, height: 1))
        let preferred = cell.preferredLayoutAttributesFitting(attributes, proposal: FittingProposal(width: width, height: .unconstrained))
        #expect(preferred.frame == Rect(origin: Point(x: 3, y: 4), size: expected))
    }

    @Test func longTextsWrapAtTheCollectionWidthAndNeverExceedIt() throws {
        let data = TextDataSource(sections: [[
            TextItem(id: 0, text: "short"),
            TextItem(id: 1, text: String(repeating: "w", count: 80)),
        ]])
        let collection = makeCollection(data, estimated: .automatic)
        try collection.performLayout()
        let frames = collection.displayedFrames.map(\.1)
        #expect(frames == [Rect(x: 0, y: 0, width: 60, height: 30), Rect(x: 0, y: 30, width: 375, height: 70)])
    }

    @Test func scrollingTopToBottomMeasuresEveryItemOnceAndKeepsTheAnchorStill() throws {
        let data = TextDataSource(count: 2000)
        let collection = makeCollection(data, estimated: .fixed(Size(width: 100, height: 45)))
        try collection.performLayout()
        var steps = 0
        while collection.contentOffset.y + 800 < collection.contentSize.height {
            let before = try #require(collection.visibleCells.first.flatMap { cell in
                collection.indexPath(for: cell).map { ($0, cell.frame.minY - collection.contentOffset.y) }
            })
            collection.contentOffset.y += 400
            try collection.performLayout()
            // The item that was first on screen moved up by exactly the scroll distance.
            let after = try #require(collection.layoutAttributesForItem(at: before.0))
            #expect(abs((after.frame.minY - collection.contentOffset.y) - (before.1 - 400)) <= 0.5)
            steps += 1
        }
        #expect(steps > 10)
        #expect(collection.sizeCache.measurementCount == 2000)
        #expect(collection.sizeCache.count == 2000)
        let total = data.sections[0].reduce(0.0) { $0 + TextCell.size(of: $1.text, maxWidth: 375).height }
        #expect(collection.contentSize.height == total)
    }

    @Test func anchoringKeepsTheFirstVisibleItemStillWhenItemsAboveAreMeasured() throws {
        // Estimates of 100 pt; real heights 30 or 50. Jump into the middle, then scroll up
        // through unmeasured items: each measurement above the anchor must not move it.
        let data = TextDataSource(count: 1000)
        let collection = makeCollection(data)
        try collection.performLayout()
        collection.contentOffset = Point(x: 0, y: 50_000)
        try collection.performLayout()
        for _ in 0..<20 {
            let anchorCell = try #require(collection.visibleCells.first)
            let anchor = try #require(collection.indexPath(for: anchorCell))
            let onScreen = anchorCell.frame.minY - collection.contentOffset.y
            collection.preparedMargin = 300  // measures items above the bounds, moving them
            try collection.performLayout()
            let frame = try #require(collection.layoutAttributesForItem(at: anchor)).frame
            #expect(abs(frame.minY - collection.contentOffset.y - onScreen) <= 0.5)
            collection.preparedMargin = 0
            collection.contentOffset.y -= 250
            try collection.performLayout()
        }
    }

    @Test func selfSizingWorksWithExactWidthsFromTheLayout() throws {
        let data = TextDataSource(sections: [[TextItem(id: 1, text: String(repeating: "a", count: 50))]])
        let collection = makeCollection(data, layout: StackTestLayout(widthRule: .exactly))
        try collection.performLayout()
        // 500 pt of text in 365 pt of line: two lines.
        #expect(collection.displayedFrames.map(\.1) == [Rect(x: 0, y: 0, width: 375, height: 50)])
    }

    @Test func delegateSizesServeAsEstimatesUntilMeasured() throws {
        let data = TextDataSource(count: 100)
        data.sizesByDelegate = { _ in Size(width: 10, height: 10) }
        let collection = makeCollection(data)
        try collection.performLayout()
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 99, section: 0))?.size == Size(width: 10, height: 10))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.size == Size(width: 20, height: 30))
    }

    @Test func measuredCellsAreTheOnesDisplayed() throws {
        // Without a prototype data source the dequeued cell is measured and then shown:
        // one cell request per visible item.
        let data = TextDataSource(count: 100)
        let collection = makeCollection(data)
        try collection.performLayout()
        #expect(data.cellRequests == collection.visibleCells.count)
    }

    @Test func scrollingToAnItemMeasuresItThereAndKeepsItThere() throws {
        let data = TextDataSource(count: 5000)
        let collection = makeCollection(data)
        try collection.performLayout()
        try collection.scrollToItem(at: IndexPath(item: 3000, section: 0))
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 3000, section: 0)))
        #expect(cell.frame.minY == collection.contentOffset.y)
        #expect(cell.frame.size == TextCell.size(of: data.sections[0][3000].text, maxWidth: 375))
        #expect(collection.sizeCache.measurementCount < 60)
        try collection.scrollToItem(at: IndexPath(item: 3000, section: 0), at: .end)
        #expect(abs(cell.frame.maxY - collection.contentOffset.y - 800) <= 0.5)
        // Near the end the offset stays within the content.
        try collection.scrollToItem(at: IndexPath(item: 4999, section: 0))
        #expect(collection.contentOffset.y <= collection.contentSize.height - 800 + 0.5)
        #expect(collection.cellForItem(at: IndexPath(item: 4999, section: 0)) != nil)
        #expect(throws: CollectionViewError.self) { try collection.scrollToItem(at: IndexPath(item: 5000, section: 0)) }
    }
}
