import Testing
import Trellis
@testable import TrellisSpec

/// Group supplementary items, corner boundary items with an absolute offset and lists
/// whose first item is the header, in JSON: read into what UIKit's code would build, bad
/// values named by their JSON path.
@Suite("Compositional anchoring documents")
struct CompositionalSpecAnchoringTests {
    static let row = #"{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"absolute": 40}}}"#
    static let label = #"{"elementKind": "label", "layoutSize": {"widthDimension": {"absolute": 60}, "heightDimension": {"absolute": 20}}, "containerAnchor": {"edges": ["top", "trailing"]}}"#

    static func document(_ section: String) -> String {
        #"{"width": 300, "layout": {"type": "compositional", "section": \#(section)}, "sections": [{"items": [{"width": 0, "height": 0}, {"width": 0, "height": 0}, {"width": 0, "height": 0}]}]}"#
    }

    @Test func groupSupplementaryItemsAndCornersAreRead() throws {
        let document = try LayoutDocument.decode(Self.document("""
            {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}},
                       "subitems": [\(Self.row)], "supplementaryItems": [\(Self.label)]},
             "boundarySupplementaryItems": [{"elementKind": "tag", "alignment": "topTrailing", "absoluteOffset": {"x": -2, "y": 3},
                                             "layoutSize": {"widthDimension": {"absolute": 50}, "heightDimension": {"absolute": 10}}}]}
            """))
        guard case .compositional(let spec) = document.layout, case .each(let entries) = spec.sections, case .section(let section) = entries[0] else {
            Issue.record("not a compositional section")
            return
        }
        #expect(section.group.supplementaryItems == [CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(60), heightDimension: .absolute(20)), elementKind: .supplementary("label"),
            containerAnchor: CompositionalAnchor(edges: [.top, .trailing]))])
        #expect(section.boundarySupplementaryItems == [CompositionalBoundaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(50), heightDimension: .absolute(10)), elementKind: .supplementary("tag"),
            alignment: .topTrailing, absoluteOffset: Point(x: -2, y: 3))])
        let layout = spec.makeLayout()
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(items: .fixed(count: 3, size: ItemSize(width: 0, height: 0)))]))
        // The tag: 10 above the section against its right edge (300 − 50), moved (−2, +3).
        #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary("tag"), at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 248, y: 3, width: 50, height: 10))
        // Two items a group (half width each): the second group starts at item 2, y 10 + 40.
        #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary("label"), at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 240, y: 50, width: 60, height: 20))
    }

    @Test func aListsFirstItemCanBeItsHeader() throws {
        let document = try LayoutDocument.decode(Self.document(#"{"list": {"appearance": "sidebar", "headerMode": "firstItemInSection"}}"#))
        guard case .compositional(let spec) = document.layout, case .each(let entries) = spec.sections, case .list(let list) = entries[0] else {
            Issue.record("not a list section")
            return
        }
        #expect(list.headerMode == .firstItemInSection)
    }

    /// Checked with the other bad options by `CompositionalSpecTests`.
    static let badInputs: [(String, String)] = [
        (document("""
            {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}},
                       "subitems": [{"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}},
                                     "subitems": [\(row)], "supplementaryItems": [\(label)]}]}}
            """),
         "layout.section.group.subitems[0].supplementaryItems: expected no supplementary items on a nested group (only the section's group takes them), got an array of 1 element"),
        (document("""
            {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}},
                       "subitems": [\(row)], "supplementaryItems": [\(label), \(label)]}}
            """),
         #"layout.section.group.supplementaryItems[1].elementKind: expected a supplementary kind used once per group and by none of its items, got "label""#),
        (document("""
            {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}}, "subitems": [\(row)]},
             "boundarySupplementaryItems": [{"elementKind": "tag", "alignment": "topTrailing", "absoluteOffset": {"x": "far", "y": 3}}]}
            """),
         #"layout.section.boundarySupplementaryItems[0].absoluteOffset.x: expected a finite number, got "far""#),
        (document(#"{"list": {"appearance": "plain", "footerMode": "firstItemInSection"}}"#),
         #"layout.section.list.footerMode: expected none or supplementary (only headers can be the first item), got "firstItemInSection""#),
    ]
}
