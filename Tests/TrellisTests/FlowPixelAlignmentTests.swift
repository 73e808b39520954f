import Testing
@testable import Trellis

@Suite("FlowLayout pixel alignment")
struct FlowPixelAlignmentTests {
    /// Fractional sizes (thirds) that would start frames between pixels.
    private func layout(scale: Double?, direction: LayoutDirection = .leftToRight) -> FlowLayout {
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .justified, interitemSpacing: 7.3, lineSpacing: 4.1))
        layout.displayScale = scale
        let sizes = (0..<40).map { Size(width: 20 + Double($0 % 7) * 10.0 / 3, height: 17 + Double($0 % 3) / 3) }
        layout.prepare(from: StaticLayoutSource(
            containerSize: Size(width: 301, height: 400), layoutDirection: direction,
            sections: [.init(sizes: sizes, header: Size(width: 0, height: 20.4))]))
        return layout
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func everyEdgeFallsOnThePixelGrid(scale: Double) {
        let frames = layout(scale: scale).allElements().map(\.frame)
        for frame in frames {
            for edge in [frame.minX, frame.maxX, frame.minY, frame.maxY] {
                #expect(abs(edge * scale - (edge * scale).rounded()) < 1e-9, "\(frame) at scale \(scale)")
            }
        }
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func snappedNeighboursNeverOverlapAndStayWithinAPixel(direction: LayoutDirection) {
        let exact = layout(scale: nil, direction: direction).allElements()
        let snapped = layout(scale: 2, direction: direction).allElements()
        #expect(exact.count == snapped.count)
        for (a, b) in zip(exact, snapped) {
            #expect(abs(a.frame.minX - b.frame.minX) <= 0.25 && abs(a.frame.maxY - b.frame.maxY) <= 0.25)
        }
        let cells = snapped.filter { $0.kind == .cell }
        for (i, a) in cells.enumerated() {
            for b in cells[(i + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a) overlaps \(b)") }
        }
    }

    @Test func queriesAndSingleItemLookupsAgree() {
        let layout = layout(scale: 2)
        let all = layout.allElements().filter { $0.kind == .cell }
        let visible = layout.elements(in: Rect(x: 0, y: 0, width: 301, height: 10_000)).filter { $0.kind == .cell }
        #expect(visible == all)
        for element in all { #expect(layout.attributesForItem(at: element.indexPath)?.frame == element.frame) }
    }
}
