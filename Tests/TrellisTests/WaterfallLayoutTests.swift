import Testing
@testable import Trellis

@Suite("WaterfallLayout")
struct WaterfallLayoutTests {
    private func source(width: Double, heights: [Double], direction: LayoutDirection = .leftToRight) -> StaticLayoutSource {
        StaticLayoutSource(
            containerSize: Size(width: width, height: 600), layoutDirection: direction,
            sections: [.init(sizes: heights.map { Size(width: 50, height: $0) })])
    }

    private func frames(_ layout: WaterfallLayout, _ count: Int) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    }

    @Test func shortestColumnPlacement() {
        // Two columns of 100. Heights 100, 50, 30, 40: item 0 → column 0 (tie, leading);
        // item 1 → column 1; item 2 → column 1 (50 < 100), at y 50; item 3 → column 1
        // (80 < 100), at y 80. The tallest column is 120.
        let layout = WaterfallLayout(options: .init(columns: .count(2)))
        layout.prepare(from: source(width: 200, heights: [100, 50, 30, 40]))
        #expect(frames(layout, 4) == [
            Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 50),
            Rect(x: 100, y: 50, width: 100, height: 30), Rect(x: 100, y: 80, width: 100, height: 40),
        ])
        #expect(layout.contentSize.height == 120)
        #expect(layout.columnAssignments == [[0, 1, 1, 1]])
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 2, section: 0)).width == .exactly(100))
    }

    @Test func inOrderPlacementDealsRoundRobin() {
        // Item 2 → column 0 under item 0 (y 100), item 3 → column 1 under item 1 (y 50);
        // spacing 10 between items of a column: y 110 and 60; content max(110+30, 60+40).
        let layout = WaterfallLayout(options: .init(columns: .count(2), columnSpacing: 20, itemSpacing: 10, placement: .inOrder))
        layout.prepare(from: source(width: 220, heights: [100, 50, 30, 40]))
        #expect(frames(layout, 4) == [
            Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 120, y: 0, width: 100, height: 50),
            Rect(x: 0, y: 110, width: 100, height: 30), Rect(x: 120, y: 60, width: 100, height: 40),
        ])
        #expect(layout.contentSize.height == 140)
    }

    @Test func aMeasuredHeightMovesOnlyTheItemsBelowItInItsColumn() {
        // From the shortestColumn case: item 1 measures 10 instead of 50. Items 2 and 3
        // (below it in column 1) move up by 40; item 0 stays; assignments stay.
        let layout = WaterfallLayout(options: .init(columns: .count(2)))
        var s = source(width: 200, heights: [100, 50, 30, 40])
        layout.prepare(from: s)
        let size = ItemSize(width: 50, height: 10)
        s.setSize(size, at: IndexPath(item: 1, section: 0))
        layout.invalidate(.sizes([(IndexPath(item: 1, section: 0), size)]), source: s)
        #expect(frames(layout, 4).map(\.minY) == [0, 0, 10, 40])
        #expect(layout.columnAssignments == [[0, 1, 1, 1]])
        #expect(layout.contentSize.height == 100)
        // A full relayout chooses again with the new sizes: item 3 now goes to column 1 too,
        // but item 2 is placed by the shortest column at that time (column 1, 10 < 100).
        layout.invalidate(.everything, source: s)
        #expect(layout.columnAssignments == [[0, 1, 1, 1]])
    }

    @Test func rightToLeftPutsTheFirstColumnOnTheRight() {
        let layout = WaterfallLayout(options: .init(columns: .count(3)))
        layout.prepare(from: source(width: 300, heights: [10, 10, 10], direction: .rightToLeft))
        #expect(frames(layout, 3).map(\.minX) == [200, 100, 0])
    }

    @Test func headersInsetsAndPinnedFooters() {
        // Header 30, insets 10 all round: items from y 40, x 10, columns of (200-20-10)/2 = 85.
        let style = SectionStyle(insets: EdgeInsets(all: 10), pinsFooters: true)
        let layout = WaterfallLayout(options: .init(columns: .count(2), columnSpacing: 10, sections: style))
        let s = StaticLayoutSource(
            containerSize: Size(width: 200, height: 100),
            sections: [.init(sizes: Array(repeating: Size(width: 1, height: 100), count: 6), header: Size(width: 0, height: 30), footer: Size(width: 0, height: 20))])
        layout.prepare(from: s)
        #expect(frames(layout, 2) == [Rect(x: 10, y: 40, width: 85, height: 100), Rect(x: 105, y: 40, width: 85, height: 100)])
        // Body 300; footer rests at 30 + 10 + 300 + 10 = 350. Seen from y 100 (to 200), the
        // footer is pinned at 180.
        #expect(layout.attributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame.minY == 350)
        let visible = Rect(x: 0, y: 100, width: 200, height: 100)
        let footer = layout.elements(in: visible, visibleBounds: visible).first { $0.kind == .footer }
        #expect(footer?.frame.minY == 180 && footer?.isPinned == true && footer?.zIndex == Pinning.pinnedZIndex)
    }

    @Test func optionsAreValidated() {
        #expect(throws: LayoutOptionsError.self) { try WaterfallLayout.Options(columns: .minimumWidth(0)).validate() }
        #expect(throws: LayoutOptionsError.self) { try WaterfallLayout.Options(itemSpacing: .infinity).validate() }
        #expect(throws: Never.self) { try WaterfallLayout.Options().validate() }
    }

    // MARK: Properties on random inputs

    private func randomWaterfall(_ rng: inout SplitMix64, placement: WaterfallLayout.Placement) -> WaterfallLayout {
        WaterfallLayout(options: .init(
            columns: rng.chance(0.5) ? .count(rng.int(1...5)) : .minimumWidth(rng.double(60...200)),
            columnSpacing: Double(rng.int(0...12)), itemSpacing: rng.double(0...10), placement: placement,
            displayScale: [1, 2, 3][rng.int(0...2)], sections: LayoutChecks.randomStyle(&rng)))
    }

    @Test(arguments: 0..<40)
    func randomLayoutsHoldTheProperties(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 4000)
        let s = LayoutChecks.randomSource(&rng, direction: seed % 4 == 3 ? .rightToLeft : .leftToRight)
        let layout = randomWaterfall(&rng, placement: seed % 2 == 0 ? .shortestColumn : .inOrder)
        layout.prepare(from: s)
        LayoutChecks.expectNoOverlapsAndInsideContent(layout, s)
        LayoutChecks.expectQueriesMatchBruteForce(layout, s, rng: &rng)
        for section in 0..<s.numberOfSections {
            let cells = (0..<s.numberOfItems(inSection: section)).map { layout.attributesForItem(at: IndexPath(item: $0, section: section))!.frame }
            for (_, column) in Dictionary(grouping: cells, by: \.minX) {
                let ordered = column.sorted { $0.minY < $1.minY }
                for (a, b) in zip(ordered, ordered.dropFirst()) { #expect(b.minY - a.maxY >= layout.options.itemSpacing - 1e-6) }
            }
            let columnEdges = Set(cells.map { [$0.minX, $0.maxX] }).sorted { $0[0] < $1[0] }
            for (a, b) in zip(columnEdges, columnEdges.dropFirst()) { #expect(b[0] - a[1] >= layout.options.columnSpacing - 1e-9) }
        }
    }

    @Test(arguments: 0..<15)
    func horizontalLayoutsAreTransposedVerticalOnesAndHoldTheProperties(seed: Int) {
        LayoutChecks.expectHorizontalIsTransposedVertical(
            seed: UInt64(seed) &+ 4500, make: { randomWaterfall(&$0, placement: seed % 2 == 0 ? .shortestColumn : .inOrder) },
            horizontal: { WaterfallLayout(options: $0.options.horizontalTwin) })
    }

    @Test(arguments: 0..<30)
    func eachItemGoesToTheShortestColumnAtTheTimeItIsPlaced(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 5000)
        // Whole-number heights and spacing so column bottoms compare exactly and ties are real.
        let columns = rng.int(1...6), spacing = Double(rng.int(0...8))
        let heights = (0..<rng.int(1...80)).map { _ in Double(rng.int(0...12)) * 10 }
        let layout = WaterfallLayout(options: .init(columns: .count(columns), columnSpacing: 4, itemSpacing: spacing))
        layout.prepare(from: source(width: 400, heights: heights))
        let frames = frames(layout, heights.count)
        let columnOf = Dictionary(uniqueKeysWithValues: (0..<columns).map { (layout.columnFrame($0).x, $0) })
        var bottoms = [Double](repeating: 0, count: columns)  // where the next item of each column starts
        for frame in frames {
            let column = columnOf[frame.minX]!
            let shortest = bottoms.indices.min { bottoms[$0] < bottoms[$1] }!  // first minimum: the leading one
            #expect(column == shortest)
            #expect(frame.minY == bottoms[column])
            bottoms[column] = frame.maxY + spacing
        }
    }

    @Test(arguments: 0..<30)
    func incrementalUpdatesEqualAFullRelayoutWithTheSameColumns(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 6000)
        var s = LayoutChecks.randomSource(&rng)
        let placement: WaterfallLayout.Placement = seed % 2 == 0 ? .shortestColumn : .inOrder
        let incremental = randomWaterfall(&rng, placement: placement)
        let before = s
        incremental.prepare(from: before)
        let assignments = incremental.columnAssignments
        LayoutChecks.prepareAndEditRandomly(incremental, &s, rng: &rng)
        #expect(incremental.columnAssignments == assignments)
        let fresh = WaterfallLayout(options: incremental.options)
        if placement == .inOrder {
            fresh.prepare(from: s)
        } else {
            fresh.prepare(from: s, columnAssignments: assignments)
        }
        LayoutChecks.expectIdentical(incremental, fresh, s)
        LayoutChecks.expectQueriesMatchBruteForce(incremental, s, rng: &rng)
    }

    @Test(arguments: 0..<16)
    func forEachElementVisitsWhatElementsReturnsInOrder(seed: Int) {
        LayoutChecks.expectVisitingMatchesElements(seed: seed, offset: 9200) { rng in
            let layout = randomWaterfall(&rng, placement: seed % 5 == 4 ? .inOrder : .shortestColumn)
            layout.options = LayoutChecks.variant(layout.options, seed: seed)
            return layout
        }
    }
}

extension WaterfallLayout {
    /// The physical x of column `index` (tests only).
    func columnFrame(_ index: Int) -> (x: Double, width: Double) {
        let frame = stack.physical(Rect(x: columnX[index], y: 0, width: columnWidth[index], height: 0))
        return (frame.minX, frame.width)
    }
}
