import Testing
import Trellis
@testable import TrellisKit

@Suite("CollectionView with FlowLayout")
struct CollectionViewFlowLayoutTests {
    final class SecondSectionInset: CollectionViewDelegateFlowLayout {
        func collectionView(_ collectionView: CollectionView, metricsForSection section: Int, defaults: FlowMetrics) -> FlowMetrics {
            var metrics = defaults
            if section == 1 { metrics.sectionInset = EdgeInsets(top: 20, leading: 15) }
            return metrics
        }
    }

    private func tags(_ texts: [[String]]) -> TextDataSource {
        TextDataSource(sections: texts.enumerated().map { s, texts in
            texts.enumerated().map { TextItem(id: s * 100 + $0, text: $1) }
        })
    }

    @Test func selfSizingTagsFlowIntoLinesAndLongOnesWrap() throws {
        let data = tags([["aaaa", "bbbbbbbb", "cc", String(repeating: "d", count: 30)]])
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 200, height: 400), layout: layout)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = data
        try collection.performLayout()
        #expect(collection.displayedFrames.map(\.1) == [
            Rect(x: 0, y: 0, width: 50, height: 30), Rect(x: 60, y: 0, width: 90, height: 30),
            Rect(x: 160, y: 0, width: 30, height: 30),
            // 300 pt of text in a 190 pt line: two lines, exactly as wide as the collection.
            Rect(x: 0, y: 40, width: 200, height: 50),
        ])
        #expect(collection.contentSize == Size(width: 200, height: 90))
        #expect(try collection.contentSize(forWidth: 200) == Size(width: 200, height: 90))
    }

    @Test func aFlowDelegateChoosesMetricsPerSection() throws {
        let data = tags([["aaaa", "bb"], ["cccc"]])
        let insets = SecondSectionInset()
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 200, height: 400), layout: FlowLayout(metrics: FlowMetrics(alignment: .leading)))
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = data
        collection.delegate = insets
        try collection.performLayout()
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 1))?.frame == Rect(x: 15, y: 50, width: 50, height: 30))
        // The proposal of section 1 leaves out its leading inset.
        #expect(collection.layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 1)).width == .atMost(185))
    }

    @Test func horizontalScrollingShowsTheColumnsInTheBoundsAndAnchorsAlongX() throws {
        // 100 × 50 items in columns of 4 (200 pt tall, spacing 0): column c spans x c·100…
        let data = TextDataSource(count: 400)
        let layout = FlowLayout(scrollDirection: .horizontal, metrics: FlowMetrics(alignment: .leading, interitemSpacing: 0, lineSpacing: 0))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 350, height: 200), layout: layout)
        collection.scrollDirection = .horizontal
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 100, height: 50)
        collection.dataSource = data
        try collection.performLayout()
        #expect(collection.contentSize == Size(width: 10_000, height: 200))
        #expect(collection.indexPathsForVisibleItems == (0..<16).map { IndexPath(item: $0, section: 0) })
        collection.contentOffset = Point(x: 1_050, y: 0)
        try collection.performLayout()
        // Columns 10…13 intersect x 1050…1400.
        #expect(collection.indexPathsForVisibleItems == (40..<56).map { IndexPath(item: $0, section: 0) })
        #expect(collection.cellForItem(at: IndexPath(item: 41, section: 0))?.frame == Rect(x: 1_000, y: 50, width: 100, height: 50))
        // Inserting a column's worth of items before keeps the first visible item still.
        data.sections[0].insert(contentsOf: (0..<4).map { TextItem(id: 1_000 + $0, text: "new") }, at: 0)
        try collection.insertItems(at: (0..<4).map { IndexPath(item: $0, section: 0) })
        #expect(collection.contentOffset == Point(x: 1_150, y: 0))
    }

    /// A UICollectionView scrolls the way its layout grows: with a horizontal flow layout
    /// and nothing set on the collection view, the content offset's range and the anchor
    /// are along x, and the layout's room is the full height minus the vertical insets.
    @Test func theLayoutsHorizontalDirectionIsTheCollectionsScrollDirection() throws {
        let data = TextDataSource(count: 400)
        let layout = FlowLayout(scrollDirection: .horizontal, metrics: FlowMetrics(alignment: .leading, interitemSpacing: 0, lineSpacing: 0))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 350, height: 220), layout: layout)
        collection.contentInset = EdgeInsets(top: 10, leading: 0, bottom: 10, trailing: 0)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 100, height: 50)
        collection.dataSource = data
        #expect(collection.scrollDirection == .horizontal)
        #expect(collection.containerSize == Size(width: 350, height: 200))
        try collection.performLayout()
        // 4 items a column, 100 columns of 100 pt: offsets 0 … 10,000 − 350.
        #expect(collection.contentOffsetRange == 0...9_650)
        collection.contentOffset = Point(x: 1_050, y: 0)
        try collection.performLayout()
        data.sections[0].insert(contentsOf: (0..<4).map { TextItem(id: 1_000 + $0, text: "new") }, at: 0)
        try collection.insertItems(at: (0..<4).map { IndexPath(item: $0, section: 0) })
        #expect(collection.contentOffset == Point(x: 1_150, y: 0))
        // A vertical layout put in its place scrolls vertically again.
        collection.layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 0, lineSpacing: 0))
        #expect(collection.scrollDirection == .vertical)
        collection.scrollDirection = .horizontal
        #expect(collection.scrollDirection == .horizontal)
    }
}
