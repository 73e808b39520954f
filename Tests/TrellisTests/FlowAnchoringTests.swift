import Testing
@testable import Trellis

/// The anchored line-breaking rule of `FlowLayout`, on examples worked out by hand:
/// with an anchor, the anchor's line and every later line keep their items and the lines
/// above are broken backward; without one, lines re-flow forward from the change, as
/// `UICollectionViewFlowLayout` re-flows from the section's start.
@Suite("FlowLayout anchoring")
struct FlowAnchoringTests {
    /// 40 items 100 wide in a 320-wide container with spacing 10: three items per line
    /// (100 + 10 + 100 + 10 + 100 = 320), lines start at 0, 3, 6, …
    static func threePerLine(count: Int = 40, metrics: FlowMetrics = FlowMetrics(alignment: .leading)) -> (FlowLayout, StaticLayoutSource) {
        FlowFixture.layout(width: 320, metrics: metrics, sections: [.init(sizes: Array(repeating: Size(width: 100, height: 20), count: count))])
    }

    @Test func measuringAboveTheAnchorRebreaksOnlyTheLinesAboveIt() {
        var (layout, source) = Self.threePerLine()
        let anchor = IndexPath(item: 30, section: 0)
        let before = FlowFixture.frames(layout)
        // Item 4 becomes 200 wide.
        let wide = ItemSize(width: 200, height: 20)
        source.setSize(wide, at: IndexPath(item: 4, section: 0))
        layout.invalidate(InvalidationContext(itemSizes: [(IndexPath(item: 4, section: 0), wide)], anchorItem: anchor), source: source)
        // From the anchor on: the same lines. Above it, backward from item 30: [27, 30) …
        // [6, 9), then [4, 6) (200 + 10 + 100 fits, item 3 does not), [1, 4), and the
        // first line holds what is left: item 0 alone.
        let expected = [0, 1, 4] + Array(stride(from: 6, to: 40, by: 3))
        #expect(layout.sections[0].lineStarts() == expected)
        let after = FlowFixture.frames(layout)
        let shift = after[30].minY - before[30].minY
        for item in 30..<40 {
            #expect(after[item].minX == before[item].minX && after[item].minY == before[item].minY + shift, "item \(item)")
        }
        #expect(layout.sections[0].lineCount == expected.count)
    }

    @Test func withoutAnAnchorLinesReflowForwardAsInUIKit() {
        var (layout, source) = Self.threePerLine()
        let wide = ItemSize(width: 200, height: 20)
        source.setSize(wide, at: IndexPath(item: 4, section: 0))
        layout.invalidate(.sizes([(IndexPath(item: 4, section: 0), wide)]), source: source)
        // Forward from item 3: [3, 5) (100 + 10 + 200), then threes from 5: item 30 is now
        // in the middle of a line (UIKit's behaviour: the reader's lines change).
        #expect(layout.sections[0].lineStarts() == [0, 3] + Array(stride(from: 5, to: 40, by: 3)))
    }

    @Test func changesOnTheAnchorLineReflowForwardFromIt() {
        var (layout, source) = Self.threePerLine()
        let narrow = ItemSize(width: 40, height: 20)
        // Item 30 (the anchor, first of its line) shrinks: it may not join the line above.
        source.setSize(narrow, at: IndexPath(item: 30, section: 0))
        layout.invalidate(InvalidationContext(itemSizes: [(IndexPath(item: 30, section: 0), narrow)], anchorItem: IndexPath(item: 30, section: 0)), source: source)
        // 40 + 10 + 100 + 10 + 100 = 260; + 10 + 100 = 370 does not fit: [30, 33) again.
        #expect(layout.sections[0].lineStarts() == Array(stride(from: 0, to: 40, by: 3)))
    }

    @Test func aMillionUnmeasuredItemsAboveCostABlockNotAScan() {
        let count = 1_000_000
        let estimate = ItemSize(width: 100, height: 20)
        var source = StaticLayoutSource(containerSize: Size(width: 320, height: 600), sections: [.init(items: .fixed(count: count, size: estimate))])
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading))
        layout.prepare(from: source)
        let anchor = IndexPath(item: 600_000, section: 0)
        let before = (600_000..<600_030).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        // Scrolling up: the ten items above the anchor's line are measured.
        layout.reflowedItemCount = 0
        var sizes: [(IndexPath, ItemSize)] = []
        for item in 599_990..<600_000 {
            let size = ItemSize(width: Double(40 + item % 7 * 20), height: 30)
            source.setSize(size, at: IndexPath(item: item, section: 0))
            sizes.append((IndexPath(item: item, section: 0), size))
        }
        layout.invalidate(InvalidationContext(itemSizes: sizes, anchorItem: anchor), source: source)
        #expect(layout.reflowedItemCount < 100, "re-flowed \(layout.reflowedItemCount) items")
        let after = (600_000..<600_030).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        let shift = after[0].minY - before[0].minY
        for (old, new) in zip(before, after) { #expect(new.minX == old.minX && new.minY == old.minY + shift) }
        // The difference settles at the section's start: the identical items above the
        // measured ones stay in lines of three, counted back from the measured lines, and
        // the first line holds what is left, one to three items.
        let starts = Array(layout.sections[0].lineStarts().prefix(3))
        #expect(starts.count == 3 && starts[0] == 0 && (1...3).contains(starts[1]) && starts[2] == starts[1] + 3, "\(starts)")
        #expect(layout.sections[0].lineCount == layout.sections[0].lineStarts().count)
        #expect(layout.contentSize.height == layout.attributesForItem(at: IndexPath(item: count - 1, section: 0))!.frame.maxY)
    }

    @Test func insertingAboveStartsALineAtTheAnchor() {
        var (layout, source) = Self.threePerLine()
        let before = FlowFixture.frames(layout)
        // Two items inserted at the top: the anchor (item 30) becomes item 32.
        source.sections[0].items = .list(Array(repeating: ItemSize(width: 100, height: 20), count: 42))
        layout.invalidate(InvalidationContext(invalidatesEverything: true, anchorItem: IndexPath(item: 32, section: 0)), source: source)
        let after = FlowFixture.frames(layout)
        let shift = after[32].minY - before[30].minY
        for item in 30..<40 { #expect(after[item + 2].minX == before[item].minX && after[item + 2].minY == before[item].minY + shift) }
        // Above the anchor: threes back from 32, and two items left for the first line.
        #expect(layout.sections[0].lineStarts() == [0] + Array(stride(from: 2, to: 42, by: 3)))
    }

    @Test func aNewWidthReflowsCanonically() {
        var (layout, source) = Self.threePerLine()
        let wide = ItemSize(width: 200, height: 20)
        source.setSize(wide, at: IndexPath(item: 4, section: 0))
        layout.invalidate(InvalidationContext(itemSizes: [(IndexPath(item: 4, section: 0), wide)], anchorItem: IndexPath(item: 30, section: 0)), source: source)
        source.containerSize.width = 430
        layout.invalidate(InvalidationContext(invalidatesContainerSize: true, anchorItem: IndexPath(item: 30, section: 0)), source: source)
        let fresh = FlowLayout(metrics: FlowMetrics(alignment: .leading))
        fresh.prepare(from: source)
        #expect(FlowFixture.snapshot(layout) == FlowFixture.snapshot(fresh))
    }

    @Test func balancedLinesAreBalancedOnEachSideOfTheAnchor() {
        var (layout, source) = Self.threePerLine(count: 20, metrics: FlowMetrics(alignment: .leading, lineBreaking: .balanced))
        let anchorLine = layout.sections[0].lineStart(ofItem: 9)
        let anchor = IndexPath(item: anchorLine, section: 0)
        let before = layout.sections[0].lineRanges().filter { $0.lowerBound >= anchorLine }
        let narrow = ItemSize(width: 30, height: 20)
        source.setSize(narrow, at: IndexPath(item: 2, section: 0))
        layout.invalidate(InvalidationContext(itemSizes: [(IndexPath(item: 2, section: 0), narrow)], anchorItem: anchor), source: source)
        let lines = layout.sections[0].lineRanges()
        #expect(lines.filter { $0.lowerBound >= anchorLine } == before)
        // The items above the anchor's line are balanced on their own.
        let widths = (0..<anchorLine).map { source.sizeForItem(at: IndexPath(item: $0, section: 0)).size.width }
        #expect(lines.filter { $0.lowerBound < anchorLine }.map(\.lowerBound) == LineBreaker.balancedBreaks(widths, available: 320, spacing: 10))
    }
}
