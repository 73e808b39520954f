import Testing
import Trellis
@testable import TrellisKit

/// A width change re-measures the visible items at the new width and keeps the first
/// visible item where it was — also when the top edge falls in the gap between two flow
/// lines, where the line above (its items back to estimates) reaches into the bounds for
/// a moment. Found by the GTK window (`resizingReflowsAndKeepsTheAnchor`).
@Suite("CollectionView: resizing keeps the anchor")
struct CollectionViewResizeAnchorTests {
    @Test(arguments: Array(stride(from: 4_000.0, to: 4_060, by: 3)))
    func aNewWidthKeepsTheFirstVisibleItemStill(offset: Double) throws {
        let data = TextDataSource(count: 3000, maxLength: 12)
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: layout)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = data
        collection.delegate = data
        try collection.performLayout()
        collection.contentOffset.y = offset
        try collection.performLayout()
        for width in [340.0, 375, 300] {
            let first = try #require(collection.indexPathsForVisibleItems.min { a, b in
                let fa = collection.cellForItem(at: a)!.frame, fb = collection.cellForItem(at: b)!.frame
                return (fa.intersects(collection.bounds) ? 0 : 1, a) < (fb.intersects(collection.bounds) ? 0 : 1, b)
            })
            let distance = collection.cellForItem(at: first)!.frame.minY - collection.contentOffset.y
            collection.frame.size.width = width
            try collection.performLayout()
            let frame = try #require(collection.layoutAttributesForItem(at: first)).frame
            #expect(abs(frame.minY - collection.contentOffset.y - distance) <= 0.5,
                    "item \(first) was \(distance) below the top edge, now \(frame.minY - collection.contentOffset.y) at width \(width)")
        }
    }
}
