import Testing
@testable import Trellis

/// The UIKit flow layout model of SCENARIOS.md, one test per rule (alignment `uikit`,
/// UIKit's default spacing of 10).
@Suite("FlowLayout UIKit model")
struct FlowUIKitModelTests {
    @Test func aLineTakesItemsWhileTheyFitWithTheMinimumSpacing() {
        // 3 × 100 + 2 × 10 = 320 fits exactly; the fourth wraps.
        let layout = FlowFixture.layout(widths: [100, 100, 100, 100], containerWidth: 320)
        let frames = FlowFixture.frames(layout)
        #expect(frames[0].minY == frames[2].minY)
        #expect(frames[3].minY == 30)
        #expect(layout.numberOfLines(inSection: 0) == 2)
        // One point less and only two fit.
        #expect(FlowFixture.layout(widths: [100, 100, 100, 100], containerWidth: 319).numberOfLines(inSection: 0) == 2)
        #expect(FlowFixture.frames(FlowFixture.layout(widths: [100, 100, 100, 100], containerWidth: 319))[2].minY == 30)
    }

    @Test func theFirstItemOfALineIsAlwaysPlacedAndClampedWhenTooWide() {
        let layout = FlowFixture.layout(widths: [500, 50], containerWidth: 375, metrics: FlowMetrics(sectionInset: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)))
        let frames = FlowFixture.frames(layout)
        #expect(frames[0] == Rect(x: 10, y: 0, width: 355, height: 20))
        #expect(frames[1].minY == 30)
        #expect(layout.diagnostics.map(\.description) == ["sections[0].items[0].width: 500 is wider than the 355 available; clamped"])
        #expect(layout.diagnostics.first?.code == .itemClamped)
    }

    @Test func extraSpaceIsSpreadEvenlyBetweenTheItemsOfALine() {
        // First line 100, 100, 100 in 330: 30 of free space -> gaps of 15, edges flush.
        let frames = FlowFixture.frames(FlowFixture.layout(widths: [100, 100, 100, 200], containerWidth: 330))
        #expect(frames[0..<3].map(\.minX) == [0, 115, 230])
        #expect(frames[2].maxX == 330)
    }

    @Test func aLineHoldingASingleItemIsCentered() {
        // A section with one item shows it centered.
        #expect(FlowFixture.frames(FlowFixture.layout(widths: [100], containerWidth: 300))[0].minX == 100)
        // A line broken after one item (the next does not fit) centers it too.
        let frames = FlowFixture.frames(FlowFixture.layout(widths: [200, 150, 50], containerWidth: 300))
        #expect(frames[0].minX == 50)
        #expect(frames[1].minY == 30)
    }

    @Test func theLastLineKeepsTheColumnsOfFullLinesWhenSizesAreUniform() {
        // 5 items of 50 per line in 320: gaps (320 - 250) / 4 = 17.5.
        let frames = FlowFixture.frames(FlowFixture.layout(widths: Array(repeating: 50, count: 12), containerWidth: 320))
        let columns = [0, 67.5, 135, 202.5, 270]
        #expect(frames[0..<5].map(\.minX) == columns)
        #expect(frames[10..<12].map(\.minX) == Array(columns[0..<2]))
        // A single item on the last line of a multi-line section sits in the first column.
        let eleven = FlowFixture.frames(FlowFixture.layout(widths: Array(repeating: 50, count: 11), containerWidth: 320))
        #expect(eleven[10].minX == 0)
    }

    @Test func theLastLineWithMixedSizesStaysNearTheLeadingEdge() {
        // Last line 30, 100 in 400: two copies of 100 complete it (30 + 3 × 100 + 3 × 10 ≤ 400
        // < that + 110), so the gap is (400 − 130 − 200) / 3.
        let frames = FlowFixture.frames(FlowFixture.layout(widths: [30, 100], containerWidth: 400))
        #expect(frames[0].minX == 0)
        #expect(frames[1].minX.isClose(to: 30 + 70.0 / 3))
        #expect(frames[1].maxX < 200)
    }

    @Test func itemsAreCenteredAcrossTheirLineWhichIsAsTallAsItsTallestItem() {
        let source: [Size] = [Size(width: 50, height: 20), Size(width: 50, height: 40), Size(width: 300, height: 10)]
        let (layout, _) = FlowFixture.layout(width: 320, sections: [.init(sizes: source)])
        let frames = FlowFixture.frames(layout)
        #expect(frames[0].minY == 10 && frames[1].minY == 0)
        #expect(frames[2].minY == 50)  // line 1 is 40 tall, then 10 of line spacing
    }

    @Test func linesAreSeparatedByTheMinimumLineSpacing() {
        let metrics = FlowMetrics(lineSpacing: 7)
        let frames = FlowFixture.frames(FlowFixture.layout(widths: [200, 200, 200], height: 25, metrics: metrics))
        #expect(frames.map(\.minY) == [0, 32, 64])
        #expect(FlowFixture.layout(widths: [200, 200, 200], height: 25, metrics: metrics).contentSize.height == 89)
    }

    @Test func insetsSurroundTheItemsAndHeadersAndFootersSpanTheSectionOutsideThem() {
        let metrics = FlowMetrics(sectionInset: EdgeInsets(top: 5, leading: 12, bottom: 7, trailing: 8))
        let (layout, _) = FlowFixture.layout(width: 320, metrics: metrics, sections: [
            .init(sizes: [Size(width: 100, height: 20)], header: Size(width: 0, height: 40), footer: Size(width: 0, height: 30)),
            .init(sizes: [Size(width: 100, height: 20)]),
        ])
        let header = layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))!.frame
        let footer = layout.attributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))!.frame
        #expect(header == Rect(x: 0, y: 0, width: 320, height: 40))
        // The single item is centered in the 300 between the insets.
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 112, y: 45, width: 100, height: 20))
        #expect(footer == Rect(x: 0, y: 72, width: 320, height: 30))
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 1))!.frame.minY == 102 + 5)
        #expect(layout.contentSize == Size(width: 320, height: 102 + 5 + 20 + 7))
    }
}
