import Testing
@testable import Trellis

/// An anchored size change of a waterfall keeps what the reader sees still in every
/// column, not only in the anchor's: told the visible bounds, the layout grows upwards an
/// item of another column that starts above their top edge and downwards any other,
/// whatever its index or its extent next to the anchor's. The oracle: the items in the
/// bounds that did not change keep their distances from the anchor.
@Suite("Waterfall: anchored changes keep the visible bounds still in every column")
struct WaterfallVisibleBoundsTests {
    let spacing = 8.0

    func frame(_ layout: WaterfallLayout, _ item: Int) -> Rect { layout.attributesForItem(at: IndexPath(item: item, section: 0))!.frame }

    /// Lays out `heights` in two columns 100 wide, changes `changed` to `newHeight` with
    /// item `anchor` as the anchor and `visible` as the visible bounds (nil: none given), and
    /// returns how far each of `watched` moved relative to the anchor.
    func movesRelativeToAnchor(
        heights: [Double], anchor: Int, changed: Int, newHeight: Double, visible: Rect?, watched: [Int]
    ) -> [Double] {
        let layout = WaterfallLayout(options: .init(columns: .count(2), columnSpacing: 0, itemSpacing: spacing))
        var source = StaticLayoutSource(containerSize: Size(width: 200, height: 300), sections: [.init(sizes: heights.map { Size(width: 100, height: $0) })])
        layout.prepare(from: source)
        let before = watched.map { frame(layout, $0).minY - frame(layout, anchor).minY }
        let size = ItemSize(width: 100, height: newHeight)
        source.setSize(size, at: IndexPath(item: changed, section: 0))
        var context = InvalidationContext.sizes([(IndexPath(item: changed, section: 0), size)])
        context.anchorItem = IndexPath(item: anchor, section: 0)
        context.visibleBounds = visible
        layout.invalidate(context, source: source)
        return zip(watched, before).map { item, distance in frame(layout, item).minY - frame(layout, anchor).minY - distance }
    }

    /// The anchor (item 0, 1,000 tall) reaches far below a 300-point screen; column 1 holds
    /// items 1… of 100 each. Item 5 (y 432, below the screen) ends above the anchor's bottom:
    /// measured at 300 it grows downwards, and items 1 to 3 on screen stay.
    @Test func anItemBelowTheScreenGrowsDownwardsBesideATallAnchor() {
        let heights = [1_000.0] + Array(repeating: 100, count: 10)
        let visible = Rect(x: 0, y: 0, width: 200, height: 300)
        let moved = movesRelativeToAnchor(heights: heights, anchor: 0, changed: 5, newHeight: 300, visible: visible, watched: [1, 2, 3, 4])
        #expect(moved == [0, 0, 0, 0], "items on screen in column 1 moved \(moved)")
    }

    /// Item 1 (column 1, 0…400) reaches into the screen (50…450) from above and ends below
    /// the anchor's (item 0, 0…100) bottom: measured at 500 it grows upwards, and item 5 below
    /// it (408…508) stays.
    @Test func anItemReachingIntoTheScreenFromAboveGrowsUpwards() {
        let heights = [100.0, 400, 100, 100, 100, 100, 100]
        let visible = Rect(x: 0, y: 50, width: 200, height: 400)
        let moved = movesRelativeToAnchor(heights: heights, anchor: 0, changed: 1, newHeight: 500, visible: visible, watched: [5])
        #expect(moved == [0], "item 5 moved \(moved)")
    }

    /// Without the visible bounds the anchor alone decides, as before: item 5 ends above the
    /// anchor's bottom and grows upwards.
    @Test func withoutVisibleBoundsTheAnchorDecides() {
        let heights = [1_000.0] + Array(repeating: 100, count: 10)
        let moved = movesRelativeToAnchor(heights: heights, anchor: 0, changed: 5, newHeight: 300, visible: nil, watched: [6])
        #expect(moved == [0], "item 6 (below item 5) moved \(moved)")
    }
}
