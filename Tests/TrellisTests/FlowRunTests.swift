import Testing
@testable import Trellis

/// Runs of identical items and their blocks of periodic lines (FlowSection+Runs.swift): the
/// shape of a self-sizing flow whose unmeasured items all have the estimated size.
@Suite("FlowLayout runs of identical items")
struct FlowRunTests {
    /// A random flow of mostly estimated items: long runs of the estimate, with some items
    /// already measured.
    static func estimatedCase(seed: UInt64, count: Int) -> FlowPropertyTests.Case {
        var rng = SplitMix64(seed: seed)
        func value(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
        let scroll: ScrollDirection = Int.random(in: 0..<4, using: &rng) == 0 ? .horizontal : .vertical
        let lineExtent = value(120...800)
        let estimate = (main: value(20...200) / 2, cross: value(20...60) / 2)
        let baseline: Double? = Bool.random(using: &rng) ? estimate.cross / 2 : nil
        let sizes = (0..<count).map { _ -> ItemSize in
            let measured = Int.random(in: 0..<40, using: &rng) == 0
            let main = measured ? value(10...300) / 2 : estimate.main
            let cross = measured ? value(10...80) / 2 : estimate.cross
            let size = scroll == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
            return ItemSize(size, firstBaseline: measured ? nil : baseline)
        }
        let metrics = FlowMetrics(
            alignment: FlowAlignment.allCases.randomElement(using: &rng)!,
            lineAlignment: FlowLineAlignment.allCases.randomElement(using: &rng)!,
            interitemSpacing: value(0...12), lineSpacing: value(0...12) / Double(Int.random(in: 1...3, using: &rng)),
            sectionInset: EdgeInsets(top: value(0...10), leading: value(0...10), bottom: value(0...10), trailing: value(0...10)),
            maximumLines: Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 1...(count / 4 + 1), using: &rng) : nil)
        let container = scroll == .vertical ? Size(width: lineExtent, height: 600) : Size(width: 600, height: lineExtent)
        let direction: LayoutDirection = Int.random(in: 0..<4, using: &rng) == 0 ? .rightToLeft : .leftToRight
        let sections: [StaticLayoutSource.Section] = [
            .init(items: .list(sizes), header: Bool.random(using: &rng) ? Size(width: 20, height: 20) : nil),
            .init(items: .list(Array(sizes.prefix(Int.random(in: 0...50, using: &rng))))),
        ]
        return FlowPropertyTests.Case(
            source: StaticLayoutSource(containerSize: container, layoutDirection: direction, sections: sections),
            metrics: metrics, scroll: scroll, pinsHeaders: false)
    }

    /// Everything `prepare` computes, compared with `==` (bit for bit).
    static func expectSameState(_ layout: FlowLayout, _ fresh: FlowLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(layout.contentSize == fresh.contentSize, sourceLocation: sourceLocation)
        #expect(layout.sectionOffsets == fresh.sectionOffsets, sourceLocation: sourceLocation)
        for section in 0..<fresh.numberOfSections {
            let a = layout.sections[section], b = fresh.sections[section]
            #expect(a.items == b.items, sourceLocation: sourceLocation)
            #expect(a.runs == b.runs, sourceLocation: sourceLocation)
            #expect(a.blocks == b.blocks, sourceLocation: sourceLocation)
            #expect(a.lineStartDistance == b.lineStartDistance, sourceLocation: sourceLocation)
            #expect(a.lineOffsets == b.lineOffsets, sourceLocation: sourceLocation)
            #expect(a.lineCount == b.lineCount, sourceLocation: sourceLocation)
            #expect(a.firstHiddenItem == b.firstHiddenItem, sourceLocation: sourceLocation)
        }
        #expect(FlowFixture.snapshot(layout) == FlowFixture.snapshot(fresh), sourceLocation: sourceLocation)
    }

    @Test(arguments: Array(UInt64(1)...40))
    func measuringEstimatedItemsEqualsAFullRelayout(seed: UInt64) {
        var test = Self.estimatedCase(seed: seed, count: Int(200 + seed * 13 % 400))
        let layout = test.layout()
        var rng = SplitMix64(seed: seed &* 65_537)
        let count = test.source.sections[0].items.count
        let estimate = test.source.sections[0].items[count - 1]
        var frontier = 0
        for round in 0..<14 {
            var changes: [(IndexPath, ItemSize)] = []
            func change(_ item: Int, _ size: ItemSize) {
                changes.append((IndexPath(item: item, section: 0), size))
                test.source.setSize(size, at: IndexPath(item: item, section: 0))
            }
            func measured() -> ItemSize {
                let main = Double(Int.random(in: 10...300, using: &rng)) / 2, cross = Double(Int.random(in: 10...80, using: &rng)) / 2
                return ItemSize(test.scroll == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main))
            }
            switch round % 4 {
            case 0, 1:
                // Scrolling: the next items after the measured ones.
                for _ in 0..<Int.random(in: 1...12, using: &rng) where frontier < count {
                    change(frontier, measured())
                    frontier += 1
                }
            case 2:
                // A scrollbar jump: a stretch in the middle, some set to the estimate itself.
                let from = Int.random(in: 0..<count, using: &rng)
                for item in from..<Swift.min(count, from + Int.random(in: 1...10, using: &rng)) {
                    change(item, Bool.random(using: &rng) ? estimate : measured())
                }
            default:
                // Single items anywhere: joining, splitting and extending runs.
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    change(Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<3, using: &rng) == 0 ? measured() : estimate)
                }
            }
            layout.invalidate(.sizes(changes), source: test.source)
            Self.expectSameState(layout, test.layout())
        }
    }

    @Test(arguments: Array(UInt64(1)...30))
    func elementsInRectEqualsABruteForceFilterAcrossBlocks(seed: UInt64) {
        let test = Self.estimatedCase(seed: seed, count: 600)
        let layout = test.layout()
        #expect(!layout.sections[0].blocks.isEmpty || layout.sections[0].runs.isEmpty || test.metrics.maximumLines != nil)
        let all = layout.allElements()
        var rng = SplitMix64(seed: seed &* 7_919)
        let size = layout.contentSize
        for _ in 0..<40 {
            let x = Double.random(in: -50...(size.width + 50), using: &rng), y = Double.random(in: -50...(size.height + 50), using: &rng)
            let rect = Rect(x: x, y: y, width: Double.random(in: 0...300, using: &rng), height: Double.random(in: 0...300, using: &rng))
            #expect(layout.elements(in: rect) == all.filter { $0.frame.intersects(rect) })
        }
    }

    @Test func blocksGiveTheSameFramesAsOrdinaryLines() {
        // The same layout with and without blocks: items 1 ulp apart are not identical, so
        // the second layout has no runs at all; its frames must match to rounding.
        var sizes = Array(repeating: Size(width: 80, height: 30), count: 500)
        let (layout, _) = FlowFixture.layout(width: 800, metrics: FlowMetrics(alignment: .uikit, interitemSpacing: 8, lineSpacing: 8),
                                             sections: [.init(sizes: sizes)])
        for index in sizes.indices where index % 2 == 1 { sizes[index].width = 80.0.nextUp }
        let (plain, _) = FlowFixture.layout(width: 800, metrics: FlowMetrics(alignment: .uikit, interitemSpacing: 8, lineSpacing: 8),
                                            sections: [.init(sizes: sizes)])
        #expect(layout.sections[0].blocks.count == 1 && plain.sections[0].blocks.isEmpty)
        #expect(layout.sections[0].lineStarts() == plain.sections[0].lineStarts())
        for (a, b) in zip(FlowFixture.frames(layout), FlowFixture.frames(plain)) { #expect(a.isClose(to: b, tolerance: 1e-9)) }
        #expect(layout.contentSize.height.isClose(to: plain.contentSize.height))
    }

    /// Measuring the items that scroll into view at the front of a long run of estimates
    /// re-flows only the lines it touches and jumps over the run's periodic lines; re-flowing
    /// until the new breaks fall in step with the old ones never stops early there (they
    /// never do), O(n) per frame.
    @Test func measuringAtTheFrontOfALongRunReflowsOnlyTheLinesNearIt() {
        let count = 200_000
        let estimate = ItemSize(width: 80, height: 30)
        var source = StaticLayoutSource(
            containerSize: Size(width: 800, height: 600),
            sections: [.init(items: .list(Array(repeating: estimate, count: count)))])
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8, sectionInset: EdgeInsets(all: 10)))
        layout.prepare(from: source)
        #expect(layout.sections[0].blocks.count == 1)
        var rng = SplitMix64(seed: 13)
        var worst = 0
        for frame in 0..<60 {
            var changes: [(IndexPath, ItemSize)] = []
            for item in (frame * 16)..<((frame + 1) * 16) {
                let size = ItemSize(width: Double(Int.random(in: 40...200, using: &rng)), height: 30)
                changes.append((IndexPath(item: item, section: 0), size))
                source.setSize(size, at: IndexPath(item: item, section: 0))
            }
            let before = layout.reflowedItemCount
            layout.invalidate(.sizes(changes), source: source)
            worst = Swift.max(worst, layout.reflowedItemCount - before)
        }
        // The 16 measured items, the lines around them and one line of the run: far below
        // the 199,000 items after them that a re-flow to the section's end would visit
        // every frame.
        #expect(worst < 100)
        #expect(layout.sections[0].blocks.count == 1)
        let fresh = FlowLayout(metrics: layout.metrics)
        fresh.prepare(from: source)
        Self.expectSameState(layout, fresh)
    }

    @Test func aMillionEstimatedItemsAreOneBlock() {
        let source = StaticLayoutSource(
            containerSize: Size(width: 800, height: 600),
            sections: [.init(items: .fixed(count: 1_000_000, size: ItemSize(width: 80, height: 30)))])
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
        layout.prepare(from: source)
        #expect(layout.sections[0].runs == [FlowRun(start: 0, end: 1_000_000)])
        #expect(layout.sections[0].blocks.count == 1)
        #expect(layout.numberOfLines(inSection: 0) == 1_000_000 / 9 + 1)
        let last = layout.attributesForItem(at: IndexPath(item: 999_999, section: 0))!.frame
        #expect(last.maxY == layout.contentSize.height)
        #expect(layout.elements(in: Rect(x: 0, y: last.minY - 1, width: 800, height: 2)).map(\.indexPath.item).last == 999_999)
    }
}
