import Testing
import Trellis
@testable import TrellisKit

/// The layout pass converges in one `layoutIfNeeded()`: afterwards every cell in the
/// bounds is displayed at its measured size (the oracle: `TextCell.size(of:maxWidth:)`,
/// 10 pt a character, 20 pt a line, 5 pt of padding), the anchor item is at the distance
/// from the top it had when the pass began, and another pass changes nothing.
@Suite("Scroll anchoring converges in one layout pass")
struct ScrollAnchorConvergenceTests {
    /// Every cell intersecting the bounds is displayed and measured to the oracle.
    private func expectEveryVisibleCellMeasured(
        _ collection: CollectionView, _ data: TextDataSource, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var visible: [IndexPath] = []
        collection.layout.visitElements(in: collection.bounds, visibleBounds: collection.bounds) { attributes in
            if attributes.kind == .cell { visible.append(attributes.indexPath) }
        }
        #expect(!visible.isEmpty, sourceLocation: sourceLocation)
        for indexPath in visible {
            let text = data.sections[indexPath.section][indexPath.item].text
            let expected = TextCell.size(of: text, maxWidth: collection.bounds.width)
            let cell = collection.cellForItem(at: indexPath)
            #expect(cell != nil, "\(indexPath) is in the bounds but not displayed", sourceLocation: sourceLocation)
            #expect(cell?.frame.size == expected, "\(indexPath) is displayed at \(cell?.frame.size as Any), measured \(expected)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The anchor the pass will keep (the rules of `ScrollAnchor`), with its distance.
    private func anchor(_ collection: CollectionView) -> (IndexPath, Double)? {
        ScrollAnchor(capturing: collection).map { ($0.indexPath, $0.distance) }
    }

    @Test(arguments: [100.0, 1000.0])
    func aJumpIntoUnmeasuredContentConvergesInOnePass(estimate: Double) throws {
        // Estimates far above the sizes (about 30 pt): each measurement brings more items
        // into view; with a 1000 pt estimate only one new item enters per round.
        let data = TextDataSource(count: 400)
        let collection = makeCollection(data, estimated: .fixed(Size(width: 100, height: estimate)))
        collection.layoutIfNeeded()
        collection.contentOffset.y = 60 * estimate + 13
        let (item, distance) = try #require(anchor(collection))
        collection.layoutIfNeeded()
        let frame = try #require(collection.layoutAttributesForItem(at: item)).frame
        #expect(frame.minY - collection.contentOffset.y == distance, "the anchor item keeps its distance from the top")
        expectEveryVisibleCellMeasured(collection, data)
        let settled = (collection.contentOffset, collection.displayedFrames.map(\.1))
        try collection.performLayout()
        #expect(collection.contentOffset == settled.0 && collection.displayedFrames.map(\.1) == settled.1,
                "a second pass changes nothing")
    }

    @Test func scrollingUpIntoUnmeasuredContentKeepsTheAnchor() throws {
        let data = TextDataSource(count: 300)
        let collection = makeCollection(data, estimated: .fixed(Size(width: 100, height: 100)))
        collection.layoutIfNeeded()
        collection.contentOffset.y = 20_000
        collection.layoutIfNeeded()
        for _ in 0..<10 {
            collection.contentOffset.y -= 350
            let (item, distance) = try #require(anchor(collection))
            collection.layoutIfNeeded()
            let frame = try #require(collection.layoutAttributesForItem(at: item)).frame
            #expect(frame.minY - collection.contentOffset.y == distance)
            expectEveryVisibleCellMeasured(collection, data)
        }
    }

    @Test func sizesShrinkingAfterAResizeConvergeInOnePass() throws {
        let data = TextDataSource(count: 300, maxLength: 80)
        let collection = makeCollection(data, estimated: .fixed(Size(width: 100, height: 60)))
        collection.contentOffset.y = 2000
        collection.layoutIfNeeded()
        let (item, distance) = try #require(anchor(collection))
        collection.frame.size.width = 700  // wider: texts wrap less, cells shrink
        collection.layoutIfNeeded()
        let frame = try #require(collection.layoutAttributesForItem(at: item)).frame
        #expect(frame.minY - collection.contentOffset.y == distance)
        expectEveryVisibleCellMeasured(collection, data)
    }
}
