import Testing
@testable import Trellis

/// Scrolling up through a waterfall whose items are measured as they come into view grows
/// columns upwards above the anchor. What the reader sees must not move, and by the time
/// the reader reaches the top the columns must start within one item of each other, as a
/// waterfall's columns end (an item's height plus the spacing), not a screen apart.
@Suite("Waterfall column tops near the start")
struct WaterfallTopLevellingTests {
    let spacing = 8.0

    /// The measured height of item `index`: 40 to 236 pt, scattered (a multiplicative
    /// hash), against an estimate of 100.
    func measured(_ index: Int) -> Double { 40 + Double(((UInt32(truncatingIfNeeded: index) &* 2_654_435_761) >> 11) % 197) }

    func frames(_ layout: WaterfallLayout, _ count: Int) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    }

    /// Every column, read top to bottom, holds its items in index order, each `spacing`
    /// below the one above it; the highest column starts at 0.
    func expectPacked(_ frames: [Rect], _ comment: Comment) {
        let columns = Dictionary(grouping: frames.indices, by: { frames[$0].minX })
        for (_, items) in columns {
            let sorted = items.sorted { frames[$0].minY < frames[$1].minY }
            #expect(sorted == sorted.sorted(), "a column holds its items in index order: \(comment)")
            for (upper, lower) in zip(sorted, sorted.dropFirst()) where abs(frames[lower].minY - (frames[upper].maxY + spacing)) > 1e-6 {
                Issue.record("items \(upper) and \(lower) are not \(spacing) apart: \(frames[upper]) \(frames[lower]); \(comment)")
                return
            }
        }
        #expect(abs((frames.map(\.minY).min() ?? 0)) < 1e-6, "the highest column starts the section: \(comment)")
    }

    /// How far apart the columns' first items start.
    func topSpread(_ frames: [Rect]) -> Double {
        let columns = Dictionary(grouping: frames, by: \.minX).values.map { $0.map(\.minY).min()! }
        return columns.max()! - columns.min()!
    }

    /// A reader scrolls up a viewport of 800 pt in steps of 150 pt, from item 1,200 to the
    /// top, as the collection view drives the layout: the items that come into view are
    /// measured, the anchor is the first item (in index order) displayed and measured before the step
    /// and still in view, and the offset follows the anchor.
    @Test(arguments: [2, 3, 4])
    func columnsStartWithinOneItemWhenTheReaderScrollsUpToTheTop(columns: Int) {
        let count = 1_600, height = 800.0
        let layout = WaterfallLayout(options: .init(columns: .count(columns), columnSpacing: 10, itemSpacing: spacing))
        var source = StaticLayoutSource(
            containerSize: Size(width: 600, height: height),
            sections: [.init(sizes: Array(repeating: Size(width: 100, height: 100), count: count))])
        layout.prepare(from: source)
        var measuredItems = Set<Int>()
        func inView(_ offset: Double) -> [Int] {
            layout.elements(in: Rect(x: 0, y: offset, width: 600, height: height)).map(\.indexPath.item)
        }
        var offset = layout.attributesForItem(at: IndexPath(item: 1_200, section: 0))!.frame.minY
        var displayed = Set<Int>()
        var steps = 0
        while offset > 0 {
            offset = Swift.max(0, offset - 150)
            let anchor = inView(offset).filter(displayed.contains).min()
            let start = Dictionary(uniqueKeysWithValues: displayed.map { ($0, layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame) })
            // Measuring rounds until everything in view is measured (items the anchoring
            // brings into view are measured in the same pass).
            for _ in 0..<8 {
                var sizes: [(IndexPath, ItemSize)] = []
                for item in inView(offset) where !measuredItems.contains(item) {
                    measuredItems.insert(item)
                    let size = ItemSize(width: 100, height: measured(item))
                    source.setSize(size, at: IndexPath(item: item, section: 0))
                    sizes.append((IndexPath(item: item, section: 0), size))
                }
                if sizes.isEmpty { break }
                let before = anchor.flatMap { layout.attributesForItem(at: IndexPath(item: $0, section: 0)) }
                var context = InvalidationContext.sizes(sizes)
                context.anchorItem = anchor.map { IndexPath(item: $0, section: 0) }
                layout.invalidate(context, source: source)
                // The view follows the anchor (never above the start of the content).
                if let before, let after = layout.attributesForItem(at: before.indexPath) {
                    offset = Swift.max(0, offset + after.frame.minY - before.frame.minY)
                }
            }
            func end(_ item: Int) -> Rect { layout.attributesForItem(at: IndexPath(item: item, section: 0))!.frame }
            if let anchor {
                let shift = end(anchor).minY - start[anchor]!.minY
                for item in inView(offset) where displayed.contains(item) {
                    if end(item).minX != start[item]!.minX || abs(end(item).minY - start[item]!.minY - shift) > 1e-6 {
                        Issue.record("step \(steps): item \(item), on screen, moved from \(start[item]!) to \(end(item)) while the anchor \(anchor) moved \(shift)")
                        return
                    }
                }
            }
            if steps % 25 == 0 { expectPacked(frames(layout, count), "after step \(steps)") }
            displayed = Set(inView(offset).filter(measuredItems.contains))
            steps += 1
        }
        // At the top: within one item (the tallest measured) plus the spacing, and the
        // first item in view.
        let tallest = measuredItems.map(measured).max()!
        let all = frames(layout, count)
        expectPacked(all, "at the top")
        #expect(topSpread(all) <= tallest + spacing, "the columns start \(topSpread(all)) pt apart, more than one item (\(tallest + spacing)) after \(steps) steps")
        #expect(all[0].minY < height, "item 0 starts \(all[0].minY) pt down, below the screen at the top")
    }

    @Test func farFromTheStartTheTopsAreLeftAsTheyAre() {
        // Beyond `levellingReach` items from the start nothing above the anchor is placed
        // again: a measured item above the anchor grows its column upwards and nothing else
        // changes column.
        let count = WaterfallLayout.levellingReach + 2_000
        let layout = WaterfallLayout(options: .init(columns: .count(3), columnSpacing: 10, itemSpacing: spacing))
        var source = StaticLayoutSource(
            containerSize: Size(width: 600, height: 800),
            sections: [.init(sizes: Array(repeating: Size(width: 100, height: 100), count: count))])
        layout.prepare(from: source)
        let assignments = layout.columnAssignments
        let anchor = WaterfallLayout.levellingReach + 1_000
        var sizes: [(IndexPath, ItemSize)] = []
        for item in (anchor - 300)..<anchor {
            let size = ItemSize(width: 100, height: 1_000)
            source.setSize(size, at: IndexPath(item: item, section: 0))
            sizes.append((IndexPath(item: item, section: 0), size))
        }
        var context = InvalidationContext.sizes(sizes)
        context.anchorItem = IndexPath(item: anchor, section: 0)
        layout.invalidate(context, source: source)
        #expect(layout.columnAssignments == assignments)
    }

    @Test func anItemBeforeTheAnchorGrowsUpwardsHoweverFarDownItReaches() {
        // Two columns, spacing 8: item 0 (100) and item 2 (50) at y 108 in column 0, item 1
        // (300) in column 1 with item 5 below it at y 308. The anchor is item 2; item 1 comes
        // before it but ends below its bottom (300 > 158). Measured at 400, item 1 must grow
        // upwards: item 5, after the anchor in index order, keeps its 200 pt from the anchor.
        let layout = WaterfallLayout(options: .init(columns: .count(2), itemSpacing: spacing))
        var source = StaticLayoutSource(
            containerSize: Size(width: 400, height: 600),
            sections: [.init(sizes: [100, 300, 50, 60, 70, 80].map { Size(width: 100, height: $0) })])
        layout.prepare(from: source)
        #expect(layout.columnAssignments == [[0, 1, 0, 0, 0, 1]])
        let size = ItemSize(width: 100, height: 400)
        source.setSize(size, at: IndexPath(item: 1, section: 0))
        var context = InvalidationContext.sizes([(IndexPath(item: 1, section: 0), size)])
        context.anchorItem = IndexPath(item: 2, section: 0)
        layout.invalidate(context, source: source)
        let all = frames(layout, 6)
        #expect(all[5].minY - all[2].minY == 200)
        #expect(all[1].maxY + spacing == all[5].minY)
    }
}
