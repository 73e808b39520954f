import Testing
@testable import Trellis

@Suite("FlowLayout features")
struct FlowFeatureTests {
    @Test func maximumLinesHidesLaterItemsAndCountsThem() {
        let metrics = FlowMetrics(alignment: .leading, interitemSpacing: 10, maximumLines: 2)
        let layout = FlowFixture.layout(widths: Array(repeating: 100, count: 10), containerWidth: 320, metrics: metrics)
        #expect(layout.numberOfLines(inSection: 0) == 4)
        #expect(layout.hiddenItemCount(inSection: 0) == 4)
        #expect(layout.contentSize.height == 50)
        let shown = layout.elements(in: Rect(x: 0, y: -1000, width: 320, height: 5000))
        #expect(shown.map(\.indexPath.item) == Array(0..<6))
        #expect(layout.attributesForItem(at: IndexPath(item: 7, section: 0))!.isHidden)
        #expect(!layout.attributesForItem(at: IndexPath(item: 5, section: 0))!.isHidden)
    }

    @Test func aPinnedHeaderIsReturnedWhileItsSectionIsVisible() {
        let (layout, _) = FlowFixture.layout(width: 320, sections: [
            .init(sizes: Array(repeating: Size(width: 300, height: 50), count: 20), header: Size(width: 0, height: 40)),
            .init(sizes: Array(repeating: Size(width: 300, height: 50), count: 5), header: Size(width: 0, height: 40)),
        ])
        layout.pinsHeaders = true
        let visible = Rect(x: 0, y: 500, width: 320, height: 300)
        let elements = layout.elements(in: visible)
        let header = elements.first { $0.kind == .header }
        #expect(header?.frame == Rect(x: 0, y: 500, width: 320, height: 40))
        #expect(header?.isPinned == true && header?.zIndex == Pinning.pinnedZIndex)
        #expect(header?.indexPath.section == 0)
        // Near the end of section 0 its header is pushed up by the section's end.
        let sectionEnd = layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))!.frame.minY
        let late = layout.elements(in: Rect(x: 0, y: sectionEnd - 20, width: 320, height: 300)).filter { $0.kind == .header }
        #expect(late.map(\.frame.maxY).first == sectionEnd)
        #expect(late.count == 2)
        // Not pinned: the resting header is outside the rect, so it is not returned.
        layout.pinsHeaders = false
        #expect(!layout.elements(in: visible).contains { $0.kind == .header })
    }

    @Test func pinnedFootersStickToTheTrailingEdge() {
        let (layout, _) = FlowFixture.layout(width: 320, sections: [
            .init(sizes: Array(repeating: Size(width: 300, height: 50), count: 20), footer: Size(width: 0, height: 30)),
        ])
        layout.pinsFooters = true
        let footer = layout.elements(in: Rect(x: 0, y: 100, width: 320, height: 400)).first { $0.kind == .footer }
        #expect(footer?.frame == Rect(x: 0, y: 470, width: 320, height: 30))
        #expect(footer?.isPinned == true)
    }

    @Test func aPinnedHeaderOfRightToLeftColumnsSticksToTheRightEdge() {
        // Horizontal scrolling, right to left: the header is the section's rightmost column
        // and pins to the right edge of the visible bounds.
        let (layout, _) = FlowFixture.layout(width: 300, height: 100, direction: .rightToLeft, scroll: .horizontal,
                                             sections: [.init(sizes: Array(repeating: Size(width: 40, height: 90), count: 30), header: Size(width: 25, height: 0))])
        layout.pinsHeaders = true
        let width = layout.contentSize.width
        #expect(width == 25 + 30 * 40 + 29 * 10)
        let resting = layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))!.frame
        #expect(resting == Rect(x: width - 25, y: 0, width: 25, height: 100))
        let visible = Rect(x: 600, y: 0, width: 300, height: 100)
        let header = layout.elements(in: visible).first { $0.kind == .header }
        #expect(header?.frame == Rect(x: 875, y: 0, width: 25, height: 100))
        #expect(header?.isPinned == true)
    }

    @Test func horizontalRightToLeftColumnsRunFromTheRight() {
        let (layout, _) = FlowFixture.layout(width: 300, height: 100, direction: .rightToLeft, scroll: .horizontal,
                                             metrics: FlowMetrics(alignment: .leading, interitemSpacing: 10, lineSpacing: 10),
                                             sections: [.init(sizes: Array(repeating: Size(width: 40, height: 45), count: 5))])
        let frames = FlowFixture.frames(layout)
        // Columns of two (45 + 10 + 45 = 100), three columns: 40 + 10 + 40 + 10 + 40 = 140 wide.
        #expect(layout.contentSize == Size(width: 140, height: 100))
        #expect(frames[0] == Rect(x: 100, y: 0, width: 40, height: 45))
        #expect(frames[1] == Rect(x: 100, y: 55, width: 40, height: 45))
        #expect(frames[2] == Rect(x: 50, y: 0, width: 40, height: 45))
        #expect(frames[4].minX == 0)
    }

    @Test func sectionMetricsOverrideTheDefaultsPerSection() {
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 10))
        layout.sectionMetrics = { section, defaults in
            var metrics = defaults
            if section == 1 {
                metrics.alignment = .trailing
                metrics.interitemSpacing = 4
                metrics.sectionInset = EdgeInsets(all: 6)
            }
            return metrics
        }
        let section = StaticLayoutSource.Section(sizes: [Size(width: 50, height: 20), Size(width: 50, height: 20)])
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 200, height: 400), sections: [section, section]))
        #expect(FlowFixture.frames(layout, section: 0).map(\.minX) == [0, 60])
        #expect(FlowFixture.frames(layout, section: 1).map(\.minX) == [90, 144])
        #expect(FlowFixture.frames(layout, section: 1)[0].minY == 26)
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 1)) == FittingProposal(width: .atMost(188), height: .unconstrained))
    }

    @Test func aFixedItemSizeReplacesTheSourceSizes() {
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading))
        layout.fixedItemSize = ItemSize(width: 70, height: 30)
        let source = StaticLayoutSource(containerSize: Size(width: 300, height: 400), sections: [.init(sizes: Array(repeating: Size(width: 5, height: 5), count: 7))])
        layout.prepare(from: source)
        #expect(FlowFixture.frames(layout).map(\.size).allSatisfy { $0 == Size(width: 70, height: 30) })
        layout.invalidate(.sizes([(IndexPath(item: 0, section: 0), ItemSize(width: 1, height: 1))]), source: source)
        #expect(FlowFixture.frames(layout)[0].size == Size(width: 70, height: 30))
    }

    @Test func estimatedSizesAreReplacedByMeasuredSizes() {
        // The source answers the estimate until a cell is measured; measured sizes arrive
        // as an invalidation, and the result equals a layout of the measured sizes.
        var source = StaticLayoutSource(containerSize: Size(width: 320, height: 480),
                                        sections: [.init(items: .fixed(count: 30, size: ItemSize(width: 80, height: 40)))])
        let layout = FlowLayout()
        layout.prepare(from: source)
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 0)) == FittingProposal(width: .atMost(320), height: .unconstrained))
        var measured: [(IndexPath, ItemSize)] = []
        for item in 0..<30 {
            let size = ItemSize(width: Double(20 + (item * 37) % 150), height: 24, firstBaseline: 17)
            measured.append((IndexPath(item: item, section: 0), size))
            source.setSize(size, at: IndexPath(item: item, section: 0))
        }
        layout.invalidate(.sizes(Array(measured[0..<10])), source: source)
        layout.invalidate(.sizes(Array(measured[10...])), source: source)
        let fresh = FlowLayout()
        fresh.prepare(from: source)
        #expect(FlowFixture.snapshot(layout) == FlowFixture.snapshot(fresh))
        #expect(layout.contentSize == fresh.contentSize)
    }

    @Test func invalidSizesBecomeZeroWithADiagnostic() {
        let (layout, _) = FlowFixture.layout(width: 200, sections: [
            .init(items: .list([ItemSize(width: -5, height: 20), ItemSize(width: 40, height: .nan), ItemSize(width: 40, height: 20, firstBaseline: -1)])),
        ])
        #expect(layout.diagnostics.map(\.description) == [
            "sections[0].items[0].width: -5 is not a non-negative finite number; treated as 0",
            "sections[0].items[1].height: nan is not a non-negative finite number; treated as 0",
            "sections[0].items[2].baseline: -1 is not a non-negative finite number; ignored",
        ])
        #expect(FlowFixture.frames(layout)[0].width == 0 && FlowFixture.frames(layout)[1].height == 0)
    }

    @Test func aTallItemInAColumnIsClampedWithADiagnostic() {
        let (layout, _) = FlowFixture.layout(width: 300, height: 100, scroll: .horizontal,
                                             sections: [.init(sizes: [Size(width: 30, height: 140)])])
        #expect(FlowFixture.frames(layout)[0] == Rect(x: 0, y: 0, width: 30, height: 100))
        #expect(layout.diagnostics.map(\.description) == ["sections[0].items[0].height: 140 is taller than the 100 available; clamped"])
    }

    @Test func headerAndFooterSizeChangesMoveLaterSections() {
        var source = StaticLayoutSource(containerSize: Size(width: 320, height: 480), sections: [
            .init(sizes: [Size(width: 50, height: 20)], header: Size(width: 0, height: 30)),
            .init(sizes: [Size(width: 50, height: 20)]),
        ])
        let layout = FlowLayout()
        layout.prepare(from: source)
        source.sections[0].header = Size(width: 0, height: 55)
        source.sections[1].footer = Size(width: 0, height: 12)
        layout.invalidate(InvalidationContext(supplementarySizes: [(.header, 0, Size(width: 0, height: 55)), (.footer, 1, Size(width: 0, height: 12))]), source: source)
        let fresh = FlowLayout()
        fresh.prepare(from: source)
        #expect(FlowFixture.snapshot(layout) == FlowFixture.snapshot(fresh))
        #expect(layout.contentSize.height == 55 + 20 + 20 + 12)
    }

    @Test func emptySectionsAndAnEmptyLayoutHaveNoItems() {
        let (layout, _) = FlowFixture.layout(width: 320, sections: [.init(sizes: []), .init(sizes: [], header: Size(width: 0, height: 10))])
        #expect(layout.contentSize == Size(width: 320, height: 10))
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 100)).map(\.kind) == [.header])
        let empty = FlowFixture.layout(width: 320, sections: []).0
        #expect(empty.contentSize == Size(width: 320, height: 0))
        #expect(empty.elements(in: Rect(x: 0, y: 0, width: 320, height: 100)).isEmpty)
        #expect(empty.attributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func aRelayoutKeepsAtMost64BytesPerItem() {
        // 2^16 + 1 items: the worst case of the offset tree's power-of-two capacity.
        let count = 65_537
        let sizes = (0..<count).map { ItemSize(width: Double(30 + ($0 * 37) % 171), height: 30) }
        let (layout, source) = FlowFixture.layout(width: 375, metrics: FlowMetrics(interitemSpacing: 8, lineSpacing: 8), sections: [.init(items: .list(sizes))])
        layout.prepare(from: source)
        #expect(Double(layout.retainedByteCount) / Double(count) <= 64)
        #expect(MemoryLayout<FlowItem>.stride == 24)
    }

    @Test func greedyLineStartsMatchTheLayoutsLines() {
        let widths: [Double] = [100, 50, 200, 20, 20, 300, 10]
        let starts = FlowLineBreaking.greedy.lineStarts(mainExtents: widths, available: 300, spacing: 10)
        #expect(starts == [0, 2, 5, 6])
        let layout = FlowFixture.layout(widths: widths, containerWidth: 300)
        #expect(layout.sections[0].lineStarts() == starts)
    }
}
