import Testing
import Trellis
@testable import TrellisSpec

/// `"layout": {"type": "compositional"}`: every option is read, bad values are errors naming
/// their JSON path, and a document lays out as the layout built directly does.
@Suite("Compositional documents")
struct CompositionalSpecTests {
    static func document(_ layout: String, sections: String = #"[{"items": [{"width": 0, "height": 20}]}]"#) -> String {
        #"{"width": 300, "layout": \#(layout), "sections": \#(sections)}"#
    }

    static let fullSection = """
        {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}},
                   "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"estimated": 40}},
                                 "contentInsets": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
                                 "edgeSpacing": {"leading": {"flexible": 0}, "top": {"fixed": 2}}},
                                {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"absolute": 80}},
                                 "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 0.5}}}],
                                 "count": 2, "countSizing": "subitemSize", "interItemSpacing": {"flexible": 3}}],
                   "interItemSpacing": {"fixed": 8}, "contentInsets": {"leading": 5}, "edgeSpacing": {"bottom": {"fixed": 1}}, "stretchesItems": true},
         "interGroupSpacing": 6, "contentInsets": {"top": 10, "leading": 11, "bottom": 12, "trailing": 13},
         "contentInsetsReference": "layoutMargins", "supplementariesFollowContentInsets": false,
         "boundarySupplementaryItems": [{"elementKind": "header", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 30}}, "pinToVisibleBounds": true},
                                        {"elementKind": "badge", "alignment": "bottom", "zIndex": 3}],
         "decorationItems": [{"elementKind": "card", "contentInsets": {"top": -2}, "coversItemsOnly": true, "zIndex": -3}],
         "orthogonalScrollingBehavior": "groupPaging", "orthogonalScrollOffset": 40,
         "separators": {"thickness": 2, "insets": {"leading": 9}}}
        """

    @Test func everyOptionIsRead() throws {
        let document = try LayoutDocument.decode(Self.document("""
            {"type": "compositional", "interSectionSpacing": 7, "safeAreaInsets": {"leading": 3}, "layoutMargins": {"leading": 8, "trailing": 8},
             "readableContentWidth": 600, "displayScale": 2, "section": \(Self.fullSection)}
            """))
        guard case .compositional(let spec) = document.layout, case .each(let entries) = spec.sections, case .section(let section) = entries[0] else {
            Issue.record("not a compositional section")
            return
        }
        #expect(spec.configuration == CompositionalConfiguration(
            interSectionSpacing: 7, safeAreaInsets: EdgeInsets(leading: 3), layoutMargins: EdgeInsets(leading: 8, trailing: 8), readableContentWidth: 600, displayScale: 2))
        let group = section.group
        #expect(group.count == nil && group.axis == .horizontal && group.interItemSpacing == .fixed(8) && group.contentInsets == EdgeInsets(leading: 5) && group.stretchesItems)
        #expect(group.edgeSpacing == CompositionalEdgeSpacing(bottom: .fixed(1)))
        #expect(group.subitems[0] == .item(CompositionalItem(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(40)),
            contentInsets: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), edgeSpacing: CompositionalEdgeSpacing(leading: .flexible(0), top: .fixed(2)))))
        guard case .group(let nested) = group.subitems[1] else { Issue.record("no nested group"); return }
        #expect(nested.axis == .vertical && nested.count == 2 && nested.countSizing == .subitemSize && nested.interItemSpacing == .flexible(3) && nested.layoutSize.heightDimension == .absolute(80))
        #expect(section.interGroupSpacing == 6 && section.contentInsets == EdgeInsets(top: 10, leading: 11, bottom: 12, trailing: 13))
        #expect(section.contentInsetsReference == .layoutMargins && !section.supplementariesFollowContentInsets)
        #expect(section.boundarySupplementaryItems == [
            .header(height: .estimated(30), pinToVisibleBounds: true),
            CompositionalBoundaryItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), elementKind: .supplementary("badge"), alignment: .bottom, zIndex: 3),
        ])
        #expect(section.decorationItems == [CompositionalDecorationItem(elementKind: .decoration("card"), contentInsets: EdgeInsets(top: -2), zIndex: -3, coversItemsOnly: true)])
        #expect(section.orthogonalScrollingBehavior == .groupPaging && section.initialOrthogonalScrollOffset == 40)
        #expect(section.separators == ListLayout.Separators(thickness: 2, insets: EdgeInsets(leading: 9)))
    }

    @Test func listsAreRead() throws {
        let document = try LayoutDocument.decode(Self.document("""
            {"type": "compositional", "sections": [{"list": {"appearance": "insetGrouped", "showsSeparators": false, "separatorInsets": {"leading": 4},
              "headerMode": "supplementary", "footerMode": "supplementary", "estimatedRowHeight": 50, "estimatedHeaderHeight": 30,
              "estimatedFooterHeight": 10, "sectionSpacing": 12}}]}
            """))
        guard case .compositional(let spec) = document.layout, case .each(let entries) = spec.sections, case .list(let list) = entries[0] else {
            Issue.record("not a list section")
            return
        }
        #expect(list == CompositionalListConfiguration(
            appearance: .insetGrouped, showsSeparators: false, separatorInsets: EdgeInsets(leading: 4), headerMode: .supplementary, footerMode: .supplementary,
            estimatedRowHeight: 50, estimatedHeaderHeight: 30, estimatedFooterHeight: 10, sectionSpacing: 12))
    }

    static let row = #"{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}}"#
    static func section(group: String) -> String {
        #"{"type": "compositional", "section": {"group": \#(group)}}"#
    }

    static func badge(_ anchor: String) -> String {
        #"{"elementKind": "badge", "layoutSize": {"widthDimension": {"absolute": 20}, "heightDimension": {"absolute": 20}}, "containerAnchor": \#(anchor)}"#
    }

    /// Badges, sideways boundary items, `extendsBoundary` and the supplementaries' insets
    /// reference are read into the section UIKit's code would build.
    @Test func badgesAndBoundaryOptionsAreRead() throws {
        let document = try LayoutDocument.decode(Self.document("""
            {"type": "compositional", "section": {
              "group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}},
                        "subitems": [{"layoutSize": {"widthDimension": {"absolute": 44}, "heightDimension": {"absolute": 44}},
                                      "supplementaryItems": [{"elementKind": "badge", "layoutSize": {"widthDimension": {"absolute": 20}, "heightDimension": {"absolute": 20}},
                                                              "containerAnchor": {"edges": ["top", "trailing"], "fractionalOffset": {"x": 0.3, "y": -0.3}},
                                                              "itemAnchor": {"edges": ["bottom"], "absoluteOffset": {"x": 1, "y": 2}}, "zIndex": 7}]}]},
              "orthogonalScrollingBehavior": "continuous", "supplementaryContentInsetsReference": "none",
              "boundarySupplementaryItems": [{"elementKind": "title", "alignment": "leading", "extendsBoundary": false,
                                              "layoutSize": {"widthDimension": {"absolute": 30}, "heightDimension": {"absolute": 44}}}]}}
            """))
        guard case .compositional(let spec) = document.layout, case .each(let entries) = spec.sections, case .section(let section) = entries[0] else {
            Issue.record("not a compositional section")
            return
        }
        var badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(20), heightDimension: .absolute(20)), elementKind: .supplementary("badge"),
            containerAnchor: CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)),
            itemAnchor: CompositionalAnchor(edges: .bottom, absoluteOffset: Point(x: 1, y: 2)))
        badge.zIndex = 7
        #expect(section.group.subitems == [.item(CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(44), heightDimension: .absolute(44)), supplementaryItems: [badge]))])
        var title = CompositionalBoundaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(30), heightDimension: .absolute(44)), elementKind: .supplementary("title"), alignment: .leading)
        title.extendsBoundary = false
        #expect(section.boundarySupplementaryItems == [title])
        #expect(section.supplementaryContentInsetsReference == ContentInsetsReference.none)
        // Laid out: the badge hangs over the first cell's top-trailing corner.
        let layout = spec.makeLayout()
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(sizes: [Size(width: 0, height: 20)])]))
        // Item anchor: the badge's bottom centre (10, 20) moved by (1, 2) meets the cell's
        // top-trailing corner (44, 0) moved by (6, −6).
        #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary("badge"), at: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 50 - 11, y: -6 - 22, width: 20, height: 20))
    }

    /// `"scrollDirection": "horizontal"` lays the sections out side by side and needs the
    /// document's height.
    @Test func aHorizontalDocumentScrollsSideways() throws {
        let layout = #"{"type": "compositional", "scrollDirection": "horizontal", "section": {"group": {"axis": "vertical", "layoutSize": {"widthDimension": {"absolute": 100}, "heightDimension": {"fractionalHeight": 1}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 50}}}]}}}"#
        let document = try LayoutDocument.decode(#"{"width": 300, "height": 100, "layout": \#(layout), "sections": [{"items": [{"width": 0, "height": 0}, {"width": 0, "height": 0}, {"width": 0, "height": 0}]}]}"#)
        guard case .compositional(let spec) = document.layout else {
            Issue.record("not compositional")
            return
        }
        #expect(spec.configuration.scrollDirection == .horizontal)
        let banner = try LayoutDocument.decode(Self.document(#"{"type": "compositional", "boundarySupplementaryItems": [{"elementKind": "banner", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 30}}}], "list": {}}"#))
        guard case .compositional(let bannered) = banner.layout else { return }
        #expect(bannered.configuration.boundarySupplementaryItems == [
            CompositionalBoundaryItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)), elementKind: .supplementary("banner"), alignment: .top)
        ])
        let made = spec.makeLayout()
        made.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 100), sections: [.init(items: .fixed(count: 3, size: ItemSize(width: 0, height: 0)))]))
        // Columns of two 50-pt rows: the third item starts the second column.
        #expect(made.attributesForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 100, y: 0, width: 100, height: 50))
        do {
            _ = try LayoutDocument.decode(#"{"width": 300, "layout": \#(layout), "sections": [{"items": [{"width": 0, "height": 0}]}]}"#)
            Issue.record("a horizontal document without a height must not decode")
        } catch {
            #expect(error.path == "height")
        }
    }

    static let badInputs: [(String, String)] = [
        (document(#"{"type": "compositional"}"#), #"layout.section: missing; expected "section", "sections" or "list""#),
        (document(#"{"type": "compositional", "section": {}, "list": {}}"#), #"layout.list: expected one of "section", "sections" and "list", not several"#),
        (document(#"{"type": "compositional", "sections": []}"#), "layout.sections: expected at least one section, got an empty array"),
        (document(section(group: #"{"axis": "diagonal", "layoutSize": {}, "subitems": []}"#)),
         #"layout.section.group.axis: unknown value "diagonal"; expected one of "horizontal", "vertical""#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10, "estimated": 3}}, "subitems": []}"#)),
         #"layout.section.group.layoutSize.heightDimension: expected an object with one of "fractionalWidth", "fractionalHeight", "absolute", "estimated", got an object with "absolute" and "estimated""#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractional": 1}, "heightDimension": {"absolute": 10}}, "subitems": []}"#)),
         #"layout.section.group.layoutSize.widthDimension.fractional: unknown member; expected one of "fractionalWidth", "fractionalHeight", "absolute", "estimated""#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": \#(row.dropFirst(15).dropLast()), "subitems": []}"#)),
         "layout.section.group.subitems: expected at least one subitem, got an empty array"),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)], "count": 0}"#)),
         "layout.section.group.count: expected a whole number from 1 to 1000000000, got 0"),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)], "count": 2, "countSizing": "stretch"}"#)),
         #"layout.section.group.countSizing: unknown value "stretch"; expected one of "subitemSize", "fitsGroup""#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)], "countSizing": "fitsGroup"}"#)),
         #"layout.section.group.countSizing: only allowed with "count""#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row), {"layoutSize": {"widthDimension": {"absolute": -4}, "heightDimension": {"absolute": 1}}}]}"#)),
         "layout.section.group.subitems[1].layoutSize.widthDimension.absolute: expected a non-negative finite number, got -4"),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)], "interItemSpacing": {"fixed": 1, "flexible": 2}}"#)),
         #"layout.section.group.interItemSpacing: expected an object with one of "fixed", "flexible", got an object with "fixed" and "flexible""#),
        (document(#"{"type": "compositional", "section": {"group": {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)]}, "boundarySupplementaryItems": [{"elementKind": "header"}, {"elementKind": "header"}]}}"#),
         #"layout.section.boundarySupplementaryItems[1].elementKind: expected a supplementary kind used once per section, got "header""#),
        (document(#"{"type": "compositional", "section": {"group": {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)]}, "orthogonalScrollingBehavior": "sideways"}}"#),
         #"layout.section.orthogonalScrollingBehavior: unknown value "sideways"; expected one of "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered""#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [{"layoutSize": {"widthDimension": {"absolute": 10}, "heightDimension": {"absolute": 10}}, "supplementaryItems": [\#(badge(#"{"edges": ["top", "middle"]}"#))]}]}"#)),
         #"layout.section.group.subitems[0].supplementaryItems[0].containerAnchor.edges[1]: unknown edge "middle"; expected one of "top", "leading", "bottom", "trailing""#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [{"layoutSize": {"widthDimension": {"absolute": 10}, "heightDimension": {"absolute": 10}}, "supplementaryItems": [\#(badge(#"{"edges": ["top"], "fractionalOffset": {"x": 1, "y": 1}, "absoluteOffset": {"x": 1, "y": 1}}"#))]}]}"#)),
         #"layout.section.group.subitems[0].supplementaryItems[0].containerAnchor.absoluteOffset: not allowed with "fractionalOffset" (an anchor has one offset)"#),
        (document(section(group: #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [{"layoutSize": {"widthDimension": {"absolute": 10}, "heightDimension": {"absolute": 10}}, "supplementaryItems": [\#(badge(#"{"edges": []}"#)), \#(badge(#"{"edges": []}"#))]}]}"#)),
         #"layout.section.group.subitems[0].supplementaryItems[1].elementKind: expected a supplementary kind used once per item, got "badge""#),
        (document(#"{"type": "compositional", "section": {"group": {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)]}, "boundarySupplementaryItems": [{"elementKind": "side", "alignment": "left"}]}}"#),
         #"layout.section.boundarySupplementaryItems[0].alignment: unknown value "left"; expected one of "top", "bottom", "leading", "trailing", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing""#),
        (document(#"{"type": "compositional", "section": {"group": {"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(row)]}, "supplementaryContentInsetsReference": "margins"}}"#),
         #"layout.section.supplementaryContentInsetsReference: unknown value "margins"; expected one of "automatic", "none", "safeArea", "layoutMargins", "readableContent""#),
        (document(#"{"type": "compositional", "boundarySupplementaryItems": [{"elementKind": "banner", "alignment": "leading"}], "list": {}}"#),
         "layout.boundarySupplementaryItems[0].alignment: expected top or bottom, got leading"),
        (document(#"{"type": "compositional", "interSectionSpacing": -1, "list": {}}"#), "layout.interSectionSpacing: expected a finite number ≥ 0, got -1"),
        (document(#"{"type": "compositional", "list": {"appearance": "fancy"}}"#), #"layout.list.appearance: unknown value "fancy"; expected one of "plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain""#),
        (document(#"{"type": "compositional", "list": {"estimatedRowHeight": -3}}"#), "layout.list.estimatedRowHeight: expected a finite number ≥ 0, got -3"),
        (document(#"{"type": "compositional", "sections": [{"list": {}, "interGroupSpacing": 3}]}"#),
         #"layout.sections[0].interGroupSpacing: not allowed with "list" (a list section is complete)"#),
    ]

    @Test(arguments: badInputs + CompositionalSpecAnchoringTests.badInputs)
    func badOptionsNameTheirPath(_ input: String, _ message: String) {
        do {
            _ = try LayoutDocument.decode(input)
            Issue.record("no error for \(input)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// A document lays out exactly as the layout configured directly does: sizes in the
    /// document measure the estimated dimensions, headers measure estimated headers.
    @Test func aDocumentLaysOutAsTheLayoutDoes() throws {
        let text = """
            {"width": 300, "layout": {"type": "compositional", "sections": [\(Self.fullSection), {"list": {"appearance": "grouped", "headerMode": "supplementary"}}]},
             "sections": [{"header": {"width": 0, "height": 22}, "items": [\((0..<7).map { #"{"width": \#(10 + $0), "height": \#(20 + 3 * $0)}"# }.joined(separator: ", "))]},
                          {"items": [{"width": 0, "height": 30}, {"width": 0, "height": 40}]}]}
            """
        let document = try LayoutDocument.decode(text)
        guard case .compositional(let spec) = document.layout, case .each(let entries) = spec.sections, case .section(let first) = entries[0], case .list(let list) = entries[1] else {
            Issue.record("not compositional")
            return
        }
        let direct = CompositionalLayout(configuration: spec.configuration) { index, environment in
            index == 0 ? first : CompositionalSection.list(using: list, environment: environment)
        }
        direct.prepare(from: document.source)
        let result = document.layOut()
        #expect(result == LayoutResult(layout: direct, visibleRect: nil))
        #expect(result.items.filter { $0.section == 1 }.count == 2)
        #expect(direct.orthogonalScrollOffset(forSection: 0) == 40)
        #expect(result.headers.map(\.frame.height) == [22, 38])
    }

    /// A group without `count` repeats its item while it fits (UIKit's
    /// `horizontal(layoutSize:subitems:)`): items a quarter of 400 wide, four a row.
    @Test func aGroupWithoutCountRepeatsItsSubitems() throws {
        let text = """
            {"width": 400, "layout": {"type": "compositional", "section": {"group": {"axis": "horizontal",
                "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}},
                "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.25}, "heightDimension": {"fractionalHeight": 1}}}]}}},
             "sections": [{"items": [\((0..<5).map { _ in #"{"width": 0, "height": 0}"# }.joined(separator: ", "))]}]}
            """
        let result = try LayoutDocument.decode(text).layOut()
        #expect(result.items.map(\.frame) == [
            Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100), Rect(x: 200, y: 0, width: 100, height: 100),
            Rect(x: 300, y: 0, width: 100, height: 100), Rect(x: 0, y: 100, width: 100, height: 100),
        ])
    }

    /// An estimated badge in JSON: `{"estimated": 20}` as any dimension, and each item may
    /// say what its badges measured (`"supplementaryItems": {"badge": SIZE}`); the badge then
    /// takes that size where its dimension is estimated, anchored with it, and an item that
    /// says nothing keeps the estimate.
    @Test func anEstimatedBadgeTakesTheSizeItsItemGives() throws {
        let badge = #"{"elementKind": "badge", "layoutSize": {"widthDimension": {"estimated": 20}, "heightDimension": {"absolute": 20}}, "containerAnchor": {"edges": ["top", "trailing"], "fractionalOffset": {"x": 0.3, "y": -0.3}}}"#
        let layout = #"{"type": "compositional", "section": {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.25}, "heightDimension": {"fractionalHeight": 1}}, "supplementaryItems": [\#(badge)]}]}}}"#
        let items = #"[{"width": 0, "height": 0, "supplementaryItems": {"badge": {"width": 44, "height": 99}}}, {"width": 0, "height": 0}]"#
        let document = try LayoutDocument.decode(#"{"width": 400, "layout": \#(layout), "sections": [{"items": \#(items)}]}"#)
        guard case .compositional(let spec) = document.layout, case .each(let entries) = spec.sections, case .section(let section) = entries[0],
              case .item(let item) = section.group.subitems[0] else {
            Issue.record("not a compositional section")
            return
        }
        #expect(item.supplementaryItems.map(\.layoutSize) == [CompositionalSize(widthDimension: .estimated(20), heightDimension: .absolute(20))])
        #expect(spec.measuredSupplementaryItems == [0: [.supplementary("badge"): [0: Size(width: 44, height: 99)]]])
        let laidOut = spec.makeLayout()
        laidOut.prepare(from: document.source)
        // 44 wide (the fixed height stays 20): its top-trailing corner 0.3 × 44 right of the
        // cell's (100, 0) and 6 up; the second cell's badge at the estimate.
        #expect(laidOut.attributesForSupplementaryElement(ofKind: .supplementary("badge"), at: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 100 + 13.2 - 44, y: -6, width: 44, height: 20))
        #expect(laidOut.attributesForSupplementaryElement(ofKind: .supplementary("badge"), at: IndexPath(item: 1, section: 0))?.frame
                == Rect(x: 200 + 6 - 20, y: -6, width: 20, height: 20))
    }

    /// Measured badge sizes name a kind the section estimates, and are sizes.
    @Test(arguments: [
        (#"{"badge": {"width": -1, "height": 2}}"#, "sections[0].items[0].supplementaryItems.badge.width: expected a non-negative finite number, got -1"),
        (#"{"pin": {"width": 1, "height": 2}}"#,
         #"sections[0].items[0].supplementaryItems.pin: the section has no estimated supplementary item of this kind; expected one of "badge""#),
        (#"[]"#, "sections[0].items[0].supplementaryItems: expected an object, got an empty array"),
    ])
    func badMeasuredBadgesNameTheirPath(_ measured: String, _ message: String) {
        let badge = #"{"elementKind": "badge", "layoutSize": {"widthDimension": {"estimated": 20}, "heightDimension": {"absolute": 20}}, "containerAnchor": {"edges": ["top"]}}"#
        let layout = #"{"type": "compositional", "section": {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.25}, "heightDimension": {"fractionalHeight": 1}}, "supplementaryItems": [\#(badge)]}]}}}"#
        do {
            _ = try LayoutDocument.decode(#"{"width": 400, "layout": \#(layout), "sections": [{"items": [{"width": 0, "height": 0, "supplementaryItems": \#(measured)}]}]}"#)
            Issue.record("no error for \(measured)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Without an estimated badge, an item's `"supplementaryItems"` is an unknown member.
    @Test func measuredBadgesNeedAnEstimatedBadge() {
        do {
            _ = try LayoutDocument.decode(Self.document(Self.section(group: #"{"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(Self.row)]}"#),
                                                        sections: #"[{"items": [{"width": 0, "height": 20, "supplementaryItems": {}}]}]"#))
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("sections[0].items[0].supplementaryItems: unknown member"))
        }
    }
}
