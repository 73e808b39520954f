import Testing
@testable import Trellis

/// Properties on random inputs (seeded, so every run checks the same cases).
@Suite("FlowLayout properties")
struct FlowPropertyTests {
    struct Case {
        var source: StaticLayoutSource
        var metrics: FlowMetrics
        var scroll: ScrollDirection
        var pinsHeaders: Bool

        func layout(direction: LayoutDirection? = nil) -> FlowLayout {
            var source = source
            if let direction { source.layoutDirection = direction }
            let layout = FlowLayout(scrollDirection: scroll, metrics: metrics, pinsHeaders: pinsHeaders)
            layout.prepare(from: source)
            return layout
        }
    }

    /// A random case; `lineBreaking` is set after drawing, so both breakers see the same input.
    static func randomCase(seed: UInt64, sectionCount: Int = 3, maxItems: Int = 40, lineBreaking: FlowLineBreaking = .greedy) -> Case {
        var rng = SplitMix64(seed: seed)
        func value(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
        let scroll: ScrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
        let lineExtent = value(120...400)
        var sections: [StaticLayoutSource.Section] = []
        for _ in 0..<Int.random(in: 1...sectionCount, using: &rng) {
            let count = Int.random(in: 0...maxItems, using: &rng)
            // Mostly fitting items, a few wider than any line (clamped), halves for rounding.
            let sizes = (0..<count).map { _ -> ItemSize in
                let main = Int.random(in: 0..<20, using: &rng) == 0 ? value(300...600) : value(10...160) / 2
                let cross = value(10...80) / 2
                let baseline: Double? = Bool.random(using: &rng) ? value(0...Int(cross)) : nil
                return scroll == .vertical
                    ? ItemSize(width: main, height: cross, firstBaseline: baseline)
                    : ItemSize(width: cross, height: main, firstBaseline: baseline)
            }
            let header = Bool.random(using: &rng) ? Size(width: value(0...40), height: value(0...40)) : nil
            let footer = Bool.random(using: &rng) ? Size(width: value(0...30), height: value(0...30)) : nil
            sections.append(.init(items: .list(sizes), header: header, footer: footer))
        }
        var metrics = FlowMetrics(
            alignment: FlowAlignment.allCases.randomElement(using: &rng)!,
            lineAlignment: FlowLineAlignment.allCases.randomElement(using: &rng)!,
            interitemSpacing: value(0...16), lineSpacing: value(0...16),
            sectionInset: EdgeInsets(top: value(0...12), leading: value(0...12), bottom: value(0...12), trailing: value(0...12)),
            maximumLines: Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 1...4, using: &rng) : nil)
        let container = scroll == .vertical ? Size(width: lineExtent, height: 600) : Size(width: 600, height: lineExtent)
        let direction: LayoutDirection = Bool.random(using: &rng) ? .leftToRight : .rightToLeft
        metrics.lineBreaking = lineBreaking
        return Case(source: StaticLayoutSource(containerSize: container, layoutDirection: direction, sections: sections),
                    metrics: metrics, scroll: scroll, pinsHeaders: Bool.random(using: &rng))
    }

    static let seeds: [UInt64] = Array(1...60)

    /// Shown items of a section with their frames, in index order.
    static func shownItems(_ layout: FlowLayout, section: Int) -> [Rect] {
        (0..<layout.numberOfItems(inSection: section)).compactMap {
            let a = layout.attributesForItem(at: IndexPath(item: $0, section: section))!
            return a.isHidden ? nil : a.frame
        }
    }

    @Test(arguments: seeds, FlowLineBreaking.allCases)
    func geometryInvariants(seed: UInt64, lineBreaking: FlowLineBreaking) {
        let test = Self.randomCase(seed: seed, lineBreaking: lineBreaking)
        let layout = test.layout(direction: .leftToRight)
        let tolerance = 1e-9
        let content = Rect(origin: .zero, size: layout.contentSize)
        let axis = test.scroll.axis, lineAxis = axis.other
        var furthest = 0.0
        for section in 0..<layout.numberOfSections {
            let frames = Self.shownItems(layout, section: section)
            let inset = test.metrics.sectionInset
            for (index, frame) in frames.enumerated() {
                // Inside the content, between the line-axis insets.
                #expect(frame.minX >= -tolerance && frame.minY >= -tolerance)
                #expect(frame.maxX <= content.maxX + tolerance && frame.maxY <= content.maxY + tolerance)
                let lineBefore = test.scroll == .vertical ? inset.leading : inset.top
                let lineAfter = test.scroll == .vertical ? inset.trailing : inset.bottom
                #expect(frame.min(lineAxis) >= lineBefore - tolerance)
                #expect(frame.max(lineAxis) <= test.source.containerSize[lineAxis] - lineAfter + 1e-6)
                // Reading order: the next item is further along the same line, or on a later one.
                if index + 1 < frames.count {
                    let next = frames[index + 1]
                    let sameLine = layout.sections[section].lineStart(ofItem: index) == layout.sections[section].lineStart(ofItem: index + 1)
                    if sameLine {
                        let gap = next.min(lineAxis) - frame.max(lineAxis)
                        #expect(gap >= test.metrics.interitemSpacing - 1e-6)
                        if test.metrics.alignment == .leading { #expect(gap.isClose(to: test.metrics.interitemSpacing, tolerance: 1e-6)) }
                    } else {
                        #expect(next.min(axis) >= frame.min(axis))
                    }
                }
                // No two items overlap.
                for other in frames[(index + 1)...] { #expect(!frame.intersects(other)) }
                furthest = Swift.max(furthest, frame.max(axis))
            }
            // Line spacing is never below the minimum.
            let sectionState = layout.sections[section]
            let lines = sectionState.shownLineRanges()
            for line in lines.indices.dropFirst() {
                let previous = lines[line - 1].map { frames[$0].max(axis) }.max()!
                let current = lines[line].map { frames[$0].min(axis) }.min()!
                #expect(current - previous >= test.metrics.lineSpacing - 1e-6)
            }
        }
        // Content size = furthest extent + the insets (and footers) after it.
        let last = layout.numberOfSections - 1
        let lastSection = layout.sections[last]
        if lastSection.firstHiddenItem > 0 && lastSection.shownLineRanges().allSatisfy({ lastSection.lineMetrics($0).crossExtent > 0 }) {
            let after = test.scroll == .vertical ? test.metrics.sectionInset.bottom : test.metrics.sectionInset.trailing
            #expect((furthest + after + lastSection.geometry.footerExtent).isClose(to: layout.contentSize[axis]))
        }
    }

    @Test(arguments: seeds, FlowLineBreaking.allCases)
    func rightToLeftIsTheExactMirrorOfLeftToRight(seed: UInt64, lineBreaking: FlowLineBreaking) {
        let test = Self.randomCase(seed: seed, lineBreaking: lineBreaking)
        let ltr = test.layout(direction: .leftToRight), rtl = test.layout(direction: .rightToLeft)
        #expect(ltr.contentSize == rtl.contentSize)
        let width = ltr.contentSize.width
        let mirrored = FlowFixture.snapshot(ltr).map { a -> LayoutAttributes in
            var a = a
            a.frame = a.frame.mirroredHorizontally(inWidth: width)
            return a
        }
        #expect(FlowFixture.snapshot(rtl) == mirrored)
    }

    @Test(arguments: seeds, FlowLineBreaking.allCases)
    func elementsInRectEqualsABruteForceFilter(seed: UInt64, lineBreaking: FlowLineBreaking) {
        var test = Self.randomCase(seed: seed, lineBreaking: lineBreaking)
        test.pinsHeaders = false
        let layout = test.layout()
        let all = layout.allElements()
        var rng = SplitMix64(seed: seed &* 7919)
        let size = layout.contentSize
        for _ in 0..<25 {
            let x = Double.random(in: -50...(size.width + 50), using: &rng), y = Double.random(in: -50...(size.height + 50), using: &rng)
            let rect = Rect(x: x, y: y, width: Double.random(in: 0...300, using: &rng), height: Double.random(in: 0...300, using: &rng))
            let expected = all.filter { $0.frame.intersects(rect) }
            #expect(layout.elements(in: rect) == expected)
        }
    }

    @Test(arguments: seeds, FlowLineBreaking.allCases)
    func anIncrementalUpdateEqualsAFullRelayout(seed: UInt64, lineBreaking: FlowLineBreaking) {
        var test = Self.randomCase(seed: seed, sectionCount: 3, maxItems: 60, lineBreaking: lineBreaking)
        let layout = test.layout()
        var rng = SplitMix64(seed: seed &* 104_729)
        for _ in 0..<8 {
            var changes: [(IndexPath, ItemSize)] = []
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let section = Int.random(in: 0..<test.source.sections.count, using: &rng)
                let count = test.source.sections[section].items.count
                guard count > 0 else { continue }
                let item = Int.random(in: 0..<count, using: &rng)
                let old = test.source.sections[section].items[item]
                // Grow, shrink or replace; sometimes wider than the line.
                let factor = [0.5, 0.8, 1.25, 2, 4][Int.random(in: 0..<5, using: &rng)]
                let size = ItemSize(width: (old.size.width * factor).rounded(), height: (old.size.height * (Bool.random(using: &rng) ? 1 : factor)).rounded(),
                                    firstBaseline: old.firstBaseline)
                changes.append((IndexPath(item: item, section: section), size))
                test.source.setSize(size, at: IndexPath(item: item, section: section))
            }
            layout.invalidate(.sizes(changes), source: test.source)
            let fresh = test.layout()
            #expect(layout.contentSize == fresh.contentSize)
            #expect(FlowFixture.snapshot(layout) == FlowFixture.snapshot(fresh))
            #expect(layout.diagnostics == fresh.diagnostics)
            for section in 0..<fresh.numberOfSections {
                #expect(layout.sections[section].lineStartDistance == fresh.sections[section].lineStartDistance)
                #expect(layout.sections[section].lineCount == fresh.sections[section].lineCount)
                #expect(layout.sections[section].firstHiddenItem == fresh.sections[section].firstHiddenItem)
                #expect(layout.sections[section].items == fresh.sections[section].items)
                #expect(layout.sections[section].lineOffsets == fresh.sections[section].lineOffsets)
                #expect(layout.hiddenItemCount(inSection: section) == fresh.hiddenItemCount(inSection: section))
            }
            #expect(layout.sectionOffsets == fresh.sectionOffsets)
        }
    }
}
