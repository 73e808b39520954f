import Testing
import Trellis
@testable import TrellisKit

/// A flow line is as deep as its deepest item and places the others inside it (UIKit's
/// flow layout centres them across the line): an item of a line on screen can lie wholly
/// beyond the edge of the view — a narrow tag centred in a wide column at the right edge,
/// a short tag centred in a tall row at the bottom. Were it measured only once it came
/// into view, its true size would deepen the line and move its neighbours already on
/// screen. Scrolled as a person scrolls (a wheel step a pass), every item on screen in two
/// consecutive passes must move by the same amount as every other: the oracle is the
/// frames themselves, compared pairwise, as a person watching the screen would.
@Suite("CollectionView: a flow line on screen is measured whole")
struct FlowLineMeasuringTests {
    /// Every item whose frame meets the bounds, by index path.
    static func onScreen(_ collection: CollectionView) -> [IndexPath: Rect] {
        var frames: [IndexPath: Rect] = [:]
        for path in collection.indexPathsForVisibleItems {
            if let frame = collection.cellForItem(at: path)?.frame, frame.intersects(collection.bounds) { frames[path] = frame }
        }
        return frames
    }

    /// Scrolls by `step` a pass (clamped to the content) and compares each pass with the one
    /// before. Returns the first pair in which two items moved differently, or nil.
    static func firstUnevenPair(_ collection: CollectionView, step: Point, passes: Int) throws -> String? {
        for pass in 0..<passes {
            let before = onScreen(collection)
            let range = collection.contentOffsetRange
            var offset = collection.contentOffset
            if collection.scrollDirection == .vertical {
                offset.y = Swift.min(range.upperBound, Swift.max(range.lowerBound, offset.y + step.y))
            } else {
                offset.x = Swift.min(range.upperBound, Swift.max(range.lowerBound, offset.x + step.x))
            }
            collection.contentOffset = offset
            try collection.performLayout()
            let after = onScreen(collection)
            var reference: (IndexPath, Double, Double)?
            for path in before.keys.sorted() {
                guard let then = before[path], let now = after[path] else { continue }
                let dx = now.minX - then.minX, dy = now.minY - then.minY
                guard let (first, rx, ry) = reference else {
                    reference = (path, dx, dy)
                    continue
                }
                if abs(dx - rx) > 1e-6 || abs(dy - ry) > 1e-6 {
                    return "pass \(pass): \(first) moved by (\(rx), \(ry)), \(path) by (\(dx), \(dy)): \(then) → \(now)"
                }
            }
        }
        return nil
    }

    /// A `width` × `height` collection of self-sizing text cells (10 pt a character, 20 pt a
    /// line, wrapping at the line's width), estimated at `estimate`.
    static func collection(
        _ layout: FlowLayout, _ data: TextDataSource, width: Double, height: Double, estimate: EstimatedItemSize = .automatic
    ) throws -> CollectionView {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), layout: layout)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = estimate
        collection.dataSource = data
        collection.delegate = data
        try collection.performLayout()
        return collection
    }

    /// A horizontal flow (columns top to bottom, centred across their width) of tags 20 to
    /// 140 points wide, 600 × 300, scrolled right by a wheel step (600^(2/3) = 71.1) a pass
    /// and back: the columns at the right edge come into view partly.
    @Test func aHorizontalFlowsColumnsPartlyInViewKeepTheirItemsStill() throws {
        let data = TextDataSource(sections: [(0..<600).map { TextItem(id: $0, text: String(repeating: "x", count: 1 + ($0 * 7) % 13)) }])
        let layout = FlowLayout(scrollDirection: .horizontal, metrics: FlowMetrics(interitemSpacing: 8, lineSpacing: 8))
        let collection = try Self.collection(layout, data, width: 600, height: 300)
        let right = try Self.firstUnevenPair(collection, step: Point(x: 71.14, y: 0), passes: 60)
        #expect(right == nil, "scrolling right: \(right ?? "")")
        #expect(collection.contentOffset.x > 2_000, "scrolled to \(collection.contentOffset.x)")
        // Every item of a column on screen is measured, those beyond the edge too.
        for path in Self.onScreen(collection).keys {
            let centre = layout.attributesForItem(at: path)!.frame.midX
            let mates = (0..<600).map { IndexPath(item: $0, section: 0) }.filter { layout.attributesForItem(at: $0)!.frame.midX == centre }
            #expect(mates.allSatisfy { collection.resolvedSize(at: $0) != nil }, "a column of \(path) has items not measured")
        }
        let left = try Self.firstUnevenPair(collection, step: Point(x: -71.14, y: 0), passes: 30)
        #expect(left == nil, "scrolling left: \(left ?? "")")
    }

    /// A badge: 10 pt a character wide (and 10 pt of padding), 20 to 50 pt tall by its
    /// text's length, whatever the width it is offered.
    final class BadgeCell: TextCell {
        override func sizeThatFits(_ size: Size) -> Size {
            Size(width: min(Double(text.count) * 10 + 10, size.width), height: 20 + Double(text.count % 4) * 10)
        }
    }

    /// A vertical flow whose rows place their items at `lineAlignment` across the row, of
    /// badges 20 to 120 points wide and 20 to 50 tall, estimated wider and shorter than
    /// most (120 × 20): measured, a row takes in items of the next, still estimated and so
    /// placed lower (or higher) than its tallest. Scrolled down by a wheel step (400^(2/3) =
    /// 54.3) a pass, a row at the bottom edge comes into view partly.
    @Test(arguments: [FlowLineAlignment.center, .bottom])
    func aVerticalFlowsRowsPartlyInViewKeepTheirItemsStill(lineAlignment: FlowLineAlignment) throws {
        let data = TextDataSource(sections: [(0..<600).map { TextItem(id: $0, text: String(repeating: "x", count: 1 + ($0 * 7) % 11)) }])
        data.identifier = "badge"
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, lineAlignment: lineAlignment, interitemSpacing: 8, lineSpacing: 8))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: layout)
        collection.register(BadgeCell.self, forCellWithReuseIdentifier: "badge")
        collection.estimatedItemSize = .fixed(Size(width: 120, height: 20))
        collection.dataSource = data
        collection.delegate = data
        try collection.performLayout()
        let down = try Self.firstUnevenPair(collection, step: Point(x: 0, y: 54.29), passes: 80)
        #expect(down == nil, "\(lineAlignment), scrolling down: \(down ?? "")")
        #expect(collection.contentOffset.y > 2_000, "scrolled to \(collection.contentOffset.y)")
    }
}
