import Testing
@testable import Trellis
import TrellisKit
@testable import TrellisSpec

/// Text items in a compositional group with a large `count`: self-sizing asks every item
/// for its fitting proposal, and each answer lays out the item's group instance. An instance
/// of n cells laid out for each of its n items was n² work (2 000 items: 18 s, 20 000: hours);
/// the layout keeps the frames of the instance it laid out last.
@Suite struct RepeatedGroupTextItemsTests {
    static func document(items: Int, count: Int) throws -> LayoutDocument {
        let texts = (0..<items).map { #"{"text": "tag \#($0)"}"# }.joined(separator: ", ")
        return try LayoutDocument.decode("""
        {"width": 375, "layout": {"type": "compositional", "sections": [{"group": {"axis": "vertical", "count": \(count), "countSizing": "subitemSize",
           "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}},
           "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"estimated": 44}}}]}}]},
         "sections": [{"items": [\(texts)]}]}
        """)
    }

    @Test func everyItemOfALargeGroupIsMeasuredWithOneLayoutOfItsInstance() throws {
        let document = try Self.document(items: 2_500, count: 1_000)
        let layout = try #require(document.layout.makeLayout() as? CompositionalLayout)
        let texts = document.sections.map { Dictionary(uniqueKeysWithValues: Array($0.texts)) }
        let sizes = TemplateCell.measure(texts: texts, template: document.cellTemplate, in: layout, source: document.source)
        #expect(sizes[0].count == 2_500)
        // Three instances (1 000, 1 000 and 500 cells), each laid out once for its items.
        #expect(layout.groupsLaidOutForItemQueries == 3)

        // What an item is offered is what a layout that never saw another item offers: half
        // the width exactly (fractionalWidth 0.5 of 375), the estimated height free.
        for item in [0, 1, 999, 1_000, 1_777, 2_499] {
            let fresh = try #require(document.layout.makeLayout() as? CompositionalLayout)
            fresh.prepare(from: document.source)
            let proposal = fresh.fittingProposal(forItemAt: IndexPath(item: item, section: 0))
            #expect(proposal == FittingProposal(width: .exactly(187.5), height: .unconstrained), "\(proposal)")
            #expect(layout.fittingProposal(forItemAt: IndexPath(item: item, section: 0)) == proposal)
        }
    }

    /// The kept frames are those of the layout as it is now: a new size for an item moves
    /// the items after it in its instance.
    @Test func keptFramesFollowInvalidation() throws {
        let document = try Self.document(items: 40, count: 20)
        let layout = try #require(document.layout.makeLayout() as? CompositionalLayout)
        layout.prepare(from: document.source)
        let before = try #require(layout.attributesForItem(at: IndexPath(item: 5, section: 0))).frame
        let resized = try #require(layout.attributesForItem(at: IndexPath(item: 2, section: 0))).frame
        layout.invalidate(InvalidationContext(itemSizes: [(IndexPath(item: 2, section: 0), ItemSize(width: 187.5, height: 144))]),
                          source: document.source)
        let after = try #require(layout.attributesForItem(at: IndexPath(item: 5, section: 0))).frame
        // A vertical group without spacing: item 5 moves down by what item 2 grew.
        #expect(after.minY == before.minY + (144 - resized.height))
    }
}
