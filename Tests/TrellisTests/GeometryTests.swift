import Testing
@testable import Trellis

@Suite("Geometry")
struct GeometryTests {
    @Test func intersectsIgnoresTouchingEdges() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersects(Rect(x: 5, y: 5, width: 10, height: 10)))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 10, height: 10)))
        #expect(!a.intersects(Rect(x: 0, y: 10, width: 10, height: 10)))
    }

    @Test func insetsResolveLeadingAndTrailingByDirection() {
        let insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(insets.left(in: .leftToRight) == 2 && insets.right(in: .leftToRight) == 4)
        #expect(insets.left(in: .rightToLeft) == 4 && insets.right(in: .rightToLeft) == 2)
        let r = Rect(x: 0, y: 0, width: 100, height: 50).inset(by: insets, direction: .rightToLeft)
        #expect(r == Rect(x: 4, y: 1, width: 94, height: 46))
    }

    @Test func mirroringIsAnInvolution() {
        let r = Rect(x: 10, y: 3, width: 30, height: 7)
        #expect(r.mirroredHorizontally(inWidth: 100) == Rect(x: 60, y: 3, width: 30, height: 7))
        #expect(r.mirroredHorizontally(inWidth: 100).mirroredHorizontally(inWidth: 100) == r)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func pixelAlignmentKeepsSharedEdgesShared(scale: Double) {
        // Three neighbours of width 100/3 side by side: after snapping, each one starts
        // exactly where the previous ends, and the row still spans 100.
        let width = 100.0 / 3
        let frames = (0..<3).map { Rect(x: Double($0) * width, y: 0.3, width: width, height: 20.2) }
        let snapped = frames.map { $0.pixelAligned(scale: scale) }
        for (a, b) in zip(snapped, snapped.dropFirst()) { #expect(a.maxX == b.minX) }
        #expect(snapped.first!.minX == 0 && snapped.last!.maxX == 100)
        for r in snapped {
            #expect((r.minX * scale).rounded() == r.minX * scale)
            #expect((r.maxY * scale).rounded() == r.maxY * scale)
        }
    }

    @Test func indexPathsOrderBySectionThenItem() {
        let paths = [IndexPath(item: 2, section: 1), IndexPath(item: 5, section: 0), IndexPath(item: 0, section: 1)]
        #expect(paths.sorted() == [IndexPath(item: 5, section: 0), IndexPath(item: 0, section: 1), IndexPath(item: 2, section: 1)])
    }

    @Test func staticSourceReplacesOneSize() {
        var source = StaticLayoutSource(
            containerSize: Size(width: 100, height: 100),
            sections: [.init(items: .fixed(count: 3, size: ItemSize(width: 10, height: 10)))])
        source.setSize(ItemSize(width: 20, height: 5), at: IndexPath(item: 1, section: 0))
        #expect(source.sizeForItem(at: IndexPath(item: 1, section: 0)).size == Size(width: 20, height: 5))
        #expect(source.sizeForItem(at: IndexPath(item: 2, section: 0)).size == Size(width: 10, height: 10))
    }
}
