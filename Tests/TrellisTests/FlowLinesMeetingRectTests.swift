import Testing
@testable import Trellis

/// The flow layout's side of measuring a line whole (`PlacesItemsInLines`): the items of
/// every line any item of which meets a rect, a narrow item centred beyond the rect's edge
/// included, and the item after each such line (it decided where the line ends), and no
/// other item.
@Suite("FlowLayout: the items of the lines a rect meets")
struct FlowLinesMeetingRectTests {
    @Test func theLayoutNamesEveryItemOfTheLinesARectMeets() throws {
        // Column 0: a 140-wide item over a 20-wide one, centred: the narrow one spans x 60…80.
        let source = StaticLayoutSource(containerSize: Size(width: 600, height: 100), sections: [.init(items: .list([
            ItemSize(width: 140, height: 40), ItemSize(width: 20, height: 40), ItemSize(width: 30, height: 40),
        ]))])
        let layout = FlowLayout(scrollDirection: .horizontal, metrics: FlowMetrics(interitemSpacing: 8, lineSpacing: 8))
        layout.prepare(from: source)
        let narrow = try #require(layout.attributesForItem(at: IndexPath(item: 1, section: 0))).frame
        #expect(narrow.minX == 60 && narrow.maxX == 80, "\(narrow)")
        let rect = Rect(x: 0, y: 0, width: 50, height: 100)
        #expect(layout.elements(in: rect).map(\.indexPath.item) == [0])
        var items: [Int] = []
        layout.forEachItemOnLines(meeting: rect) { items.append($0.item) }
        // The whole first column, and the item after it (where the column ends depends on
        // it), not the rest of the second.
        #expect(items == [0, 1, 2])
    }

    /// A vertical flow's rows centre their items: a short item in a tall row at the rect's
    /// bottom edge belongs to the row its tall neighbour brings into the rect.
    @Test func aShortItemOfARowReachingIntoTheRectIsNamed() {
        // Row 0: items 0 (100 × 100) and 1 (100 × 20, centred: y 40…60); row 1: items 2 and 3.
        let source = StaticLayoutSource(containerSize: Size(width: 250, height: 500), sections: [.init(items: .list([
            ItemSize(width: 100, height: 100), ItemSize(width: 100, height: 20), ItemSize(width: 200, height: 30),
            ItemSize(width: 20, height: 30),
        ]))])
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
        layout.prepare(from: source)
        let rect = Rect(x: 0, y: -100, width: 250, height: 130)
        #expect(layout.elements(in: rect).map(\.indexPath.item) == [0])
        var items: [Int] = []
        layout.forEachItemOnLines(meeting: rect) { items.append($0.item) }
        #expect(items == [0, 1, 2], "row 0 and the item after it")
    }
}
