import Testing
@testable import Trellis

/// `FlowMetrics.lineBreaking = .balanced`: the layout breaks lines where
/// `LineBreaker.balancedBreaks` says. (Geometry, RTL mirroring, `elements(in:)` and
/// incremental updates are checked for both breakers by `FlowPropertyTests`.)
@Suite("FlowLayout balanced lines")
struct FlowBalancedTests {
    static func metrics(_ breaking: FlowLineBreaking, alignment: FlowAlignment = .leading) -> FlowMetrics {
        FlowMetrics(alignment: alignment, lineAlignment: .top, interitemSpacing: 10, lineSpacing: 10, lineBreaking: breaking)
    }

    /// Widths 50 30 40 30 20 in lines of 100, spacing 10. Greedy: [50 30] [40 30] [20],
    /// slacks 10 20 80 (score 6900). Three lines can also be [50] [30 40] [30 20] (slacks 50
    /// 20 50, score 5400), [50 30] [40] [30 20] (6200): balanced takes the first.
    @Test func balancedLinesOfAHandCheckedCase() {
        let widths: [Double] = [50, 30, 40, 30, 20]
        let greedy = FlowFixture.layout(widths: widths, containerWidth: 100, metrics: Self.metrics(.greedy))
        #expect(greedy.sections[0].lineStarts() == [0, 2, 4])
        let balanced = FlowFixture.layout(widths: widths, containerWidth: 100, metrics: Self.metrics(.balanced))
        #expect(balanced.sections[0].lineStarts() == [0, 1, 3])
        #expect(balanced.numberOfLines(inSection: 0) == 3)
        // Leading alignment, 20 tall, line spacing 10: lines at y 0, 30, 60.
        #expect(FlowFixture.frames(balanced) == [
            Rect(x: 0, y: 0, width: 50, height: 20),
            Rect(x: 0, y: 30, width: 30, height: 20), Rect(x: 40, y: 30, width: 40, height: 20),
            Rect(x: 0, y: 60, width: 30, height: 20), Rect(x: 40, y: 60, width: 20, height: 20),
        ])
        #expect(balanced.contentSize == Size(width: 100, height: 80))
    }

    /// The same case right to left is the mirror image, for every alignment.
    @Test(arguments: FlowAlignment.allCases)
    func everyAlignmentMirrorsRightToLeft(alignment: FlowAlignment) {
        let widths: [Double] = [50, 30, 40, 30, 20]
        let ltr = FlowFixture.layout(widths: widths, containerWidth: 100, metrics: Self.metrics(.balanced, alignment: alignment))
        let rtl = FlowFixture.layout(widths: widths, containerWidth: 100, direction: .rightToLeft, metrics: Self.metrics(.balanced, alignment: alignment))
        #expect(ltr.sections[0].lineStarts() == [0, 1, 3])
        #expect(FlowFixture.frames(rtl) == FlowFixture.frames(ltr).map { $0.mirroredHorizontally(inWidth: 100) })
    }

    /// Random tag clouds: widths 20–160, lines 150–400 wide, spacing 0–16.
    static func randomTags(seed: UInt64) -> (widths: [Double], container: Double, spacing: Double) {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 10...80, using: &rng)
        let widths = (0..<count).map { _ in Double(Int.random(in: 40...320, using: &rng)) / 2 }
        return (widths, Double(Int.random(in: 150...400, using: &rng)), Double(Int.random(in: 0...16, using: &rng)))
    }

    /// Line counts, fits and raggedness against greedy on 200 random tag sets: never more
    /// lines (in fact the same number), every line fits, never more ragged, and strictly
    /// less ragged on most sets that have room to improve (more than one line).
    @Test func balancedIsNeverWorseAndUsuallyBetterThanGreedy() {
        var improvable = 0, improved = 0
        for seed in UInt64(1)...200 {
            let (widths, container, spacing) = Self.randomTags(seed: seed)
            var metrics = FlowMetrics(alignment: .leading, interitemSpacing: spacing, lineSpacing: 4)
            let greedy = FlowFixture.layout(widths: widths, containerWidth: container, metrics: metrics)
            metrics.lineBreaking = .balanced
            let balanced = FlowFixture.layout(widths: widths, containerWidth: container, metrics: metrics)
            let greedyLines = greedy.numberOfLines(inSection: 0), balancedLines = balanced.numberOfLines(inSection: 0)
            #expect(balancedLines <= greedyLines)
            #expect(balancedLines == greedyLines)
            let clamped = widths.map { Swift.min($0, container) }
            for line in balanced.sections[0].lineRanges() where line.count > 1 {
                #expect(LineBreaker.lineWidth(clamped, line, spacing: spacing) <= container, "seed \(seed): line \(line) overflows")
            }
            // The frames agree: the items of a line are on one row, leading-packed.
            let frames = FlowFixture.frames(balanced)
            for line in balanced.sections[0].lineRanges() {
                #expect(Set(line.map { frames[$0].minY }).count == 1)
                #expect(frames[line.upperBound - 1].maxX <= container + 1e-9)
            }
            let greedyScore = LineBreaker.raggedness(clamped, breaks: greedy.sections[0].lineStarts(), available: container, spacing: spacing)
            let balancedScore = LineBreaker.raggedness(clamped, breaks: balanced.sections[0].lineStarts(), available: container, spacing: spacing)
            #expect(balancedScore <= greedyScore)
            if greedyLines > 1 {
                improvable += 1
                if balancedScore < greedyScore { improved += 1 }
            }
        }
        #expect(improvable > 150)
        #expect(Double(improved) > 0.8 * Double(improvable), "\(improved) of \(improvable) improved")
    }

    /// A size change in a balanced section re-breaks the whole section: an early item
    /// growing moves breaks before it.
    @Test func aSizeChangeCanMoveEarlierBreaks() {
        let widths: [Double] = [50, 30, 40, 30, 20]
        var source = StaticLayoutSource(containerSize: Size(width: 100, height: 400),
                                        sections: [.init(sizes: widths.map { Size(width: $0, height: 20) })])
        let layout = FlowLayout(metrics: Self.metrics(.balanced))
        layout.prepare(from: source)
        #expect(layout.sections[0].lineStarts() == [0, 1, 3])
        // The last tag grows to 60. Three-line breaks now score: [50 30] [40 30] [60] slacks
        // 10 20 40 (2100); [50] [30 40] [30 60] 50 20 0 (2900); [50 30] [40] [30 60] 10 60 0
        // (3700). The break after item 0 moves to after item 1.
        let change = ItemSize(width: 60, height: 20)
        source.setSize(change, at: IndexPath(item: 4, section: 0))
        layout.invalidate(.sizes([(IndexPath(item: 4, section: 0), change)]), source: source)
        #expect(layout.sections[0].lineStarts() == [0, 2, 4])
        let fresh = FlowLayout(metrics: Self.metrics(.balanced))
        fresh.prepare(from: source)
        #expect(FlowFixture.snapshot(layout) == FlowFixture.snapshot(fresh))
        #expect(layout.sections[0].lineOffsets == fresh.sections[0].lineOffsets)
    }
}
