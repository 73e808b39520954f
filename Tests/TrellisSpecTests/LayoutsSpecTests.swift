import Testing
import Trellis
@testable import TrellisSpec

/// `"layout": {"type": "grid" | "waterfall" | "list"}` and flow's `"lineBreaking"`: every
/// option is read, every bad value is an error naming its JSON path, and the document lays
/// out as the layout built directly does.
@Suite("Grid, waterfall and list documents")
struct LayoutsSpecTests {
    static func document(_ layout: String, sections: String = #"[{"items": [{"width": 0, "height": 20}]}]"#, height: String = "") -> String {
        #"{"width": 300, \#(height)"layout": \#(layout), "sections": \#(sections)}"#
    }

    @Test func everyGridOptionIsRead() throws {
        let document = try LayoutDocument.decode(Self.document("""
            {"type": "grid", "scrollDirection": "horizontal", "minimumColumnWidth": 90, "columnSpacing": 8, "rowSpacing": 6,
             "itemWidth": {"fraction": 0.48}, "stretchesItems": true, "displayScale": 2,
             "sectionInset": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4}, "pinHeaders": true, "pinFooters": true,
             "background": {"insets": {"top": -4, "leading": 5}}}
            """, sections: #"[{"items": [{"width": 10, "height": 20, "span": 2}, {"width": 10, "height": 20}, {"width": 10, "height": 20, "fraction": 0.25}]}]"#,
            height: #""height": 500, "#))
        guard case .grid(let grid) = document.layout else { Issue.record("not a grid"); return }
        let style = SectionStyle(insets: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), pinsHeaders: true, pinsFooters: true,
                                 background: SectionBackground(insets: EdgeInsets(top: -4, leading: 5)))
        #expect(grid.options == GridLayout.Options(
            columns: .minimumWidth(90), columnSpacing: 8, rowSpacing: 6, itemWidth: .fraction(0.48), stretchesItems: true,
            displayScale: 2, sections: style, scrollDirection: .horizontal))
        #expect(grid.itemWidths == [0: [0: .span(2), 2: .fraction(0.25)]])
        #expect(document.sections[0].items.count == 3)
    }

    @Test func gridDefaultsAreTheLayoutsDefaults() throws {
        let document = try LayoutDocument.decode(Self.document(#"{"type": "grid", "columns": 4}"#))
        guard case .grid(let grid) = document.layout else { Issue.record("not a grid"); return }
        #expect(grid.options == GridLayout.Options(columns: .count(4)))
        #expect(grid.itemWidths.isEmpty)
    }

    @Test func everyWaterfallOptionIsRead() throws {
        let document = try LayoutDocument.decode(Self.document("""
            {"type": "waterfall", "columns": 3, "columnSpacing": 8, "itemSpacing": 4, "placement": "inOrder", "displayScale": 3,
             "sectionInset": {"leading": 16, "trailing": 16}, "pinHeaders": true, "background": {}}
            """))
        guard case .waterfall(let waterfall) = document.layout else { Issue.record("not a waterfall"); return }
        #expect(waterfall.options == WaterfallLayout.Options(
            columns: .count(3), columnSpacing: 8, itemSpacing: 4, placement: .inOrder, displayScale: 3,
            sections: SectionStyle(insets: EdgeInsets(leading: 16, trailing: 16), pinsHeaders: true, background: SectionBackground())))
    }

    @Test func everyListOptionIsRead() throws {
        let document = try LayoutDocument.decode(Self.document("""
            {"type": "list", "scrollDirection": "vertical", "rowSpacing": 2,
             "separators": {"thickness": 0.5, "insets": {"leading": 16}}, "pinFooters": true}
            """))
        guard case .list(let list) = document.layout else { Issue.record("not a list"); return }
        #expect(list.options == ListLayout.Options(
            rowSpacing: 2, separators: .init(thickness: 0.5, insets: EdgeInsets(leading: 16)), sections: SectionStyle(pinsFooters: true)))
        let plain = try LayoutDocument.decode(Self.document(#"{"type": "list", "separators": {}}"#))
        guard case .list(let defaults) = plain.layout else { Issue.record("not a list"); return }
        #expect(defaults.options == ListLayout.Options(separators: .init()))
    }

    @Test func flowLineBreakingIsReadForTheLayoutAndPerSection() throws {
        let document = try LayoutDocument.decode(Self.document(#"{"type": "flow", "lineBreaking": "balanced"}"#,
            sections: #"[{"items": []}, {"lineBreaking": "greedy", "items": []}]"#))
        guard case .flow(let flow) = document.layout else { Issue.record("not a flow layout"); return }
        #expect(flow.metrics.lineBreaking == .balanced)
        #expect(flow.sectionMetrics[1]?.lineBreaking == .greedy)
        #expect(flow.sectionMetrics[0] == nil)
    }

    /// Widths 50 30 40 30 20 in 100 with spacing 10: greedy [50 30] [40 30] [20], balanced
    /// [50] [30 40] [30 20] (see FlowBalancedTests).
    @Test func aBalancedFlowDocumentBreaksEvenLines() throws {
        let items = [50, 30, 40, 30, 20].map { #"{"width": \#($0), "height": 20}"# }.joined(separator: ", ")
        let document = try LayoutDocument.decode(#"""
            {"width": 100, "layout": {"type": "flow", "alignment": "leading", "interitemSpacing": 10, "lineSpacing": 10,
             "lineBreaking": "balanced"}, "sections": [{"items": [\#(items)]}]}
            """#)
        #expect(document.layOut().items.map(\.frame.minY) == [0, 30, 30, 60, 60])
    }

    static let badInputs: [(String, String)] = [
        (document(#"{"type": "grid", "columns": 0}"#), "layout.columns: expected a whole number from 1 to 1000, got 0"),
        (document(#"{"type": "grid", "columns": -3}"#), "layout.columns: expected a whole number from 1 to 1000, got -3"),
        (document(#"{"type": "grid", "columns": 2.5}"#), "layout.columns: expected a whole number from 1 to 1000, got 2.5"),
        (document(#"{"type": "grid", "columns": "3"}"#), #"layout.columns: expected a whole number from 1 to 1000, got "3""#),
        (document(#"{"type": "grid", "columns": 2, "minimumColumnWidth": 50}"#),
         #"layout.minimumColumnWidth: expected either "columns" or "minimumColumnWidth", not both"#),
        (document(#"{"type": "grid", "minimumColumnWidth": 0}"#), "layout.minimumColumnWidth: expected a width from 0.01 to 1e9 points (docs/Limits.md), got 0"),
        (document(#"{"type": "grid", "columnSpacing": -1}"#), "layout.columnSpacing: expected a finite number ≥ 0, got -1"),
        (document(#"{"type": "grid", "rowSpacing": 1e999}"#), "layout.rowSpacing: expected a finite number ≥ 0, got 1e999"),
        (document(#"{"type": "grid", "rowSpacing": "x"}"#), #"layout.rowSpacing: expected a finite number ≥ 0, got "x""#),
        (document(#"{"type": "grid", "itemWidth": {"span": 0}}"#), "layout.itemWidth.span: expected a whole number from 1 to 1000, got 0"),
        (document(#"{"type": "grid", "itemWidth": {"fraction": 1.5}}"#), "layout.itemWidth.fraction: expected a number in (0, 1], got 1.5"),
        (document(#"{"type": "grid", "itemWidth": {}}"#), #"layout.itemWidth: missing; expected {"span": k} or {"fraction": f}"#),
        (document(#"{"type": "grid", "itemWidth": {"span": 1, "fraction": 0.5}}"#),
         #"layout.itemWidth.fraction: expected either "span" or "fraction", not both"#),
        (document(#"{"type": "grid", "itemWidth": {"width": 3}}"#), #"layout.itemWidth.width: unknown member; expected one of "span", "fraction""#),
        (document(#"{"type": "grid", "itemWidth": 1}"#), "layout.itemWidth: expected an object, got 1"),
        (document(#"{"type": "grid", "stretchesItems": "yes"}"#), #"layout.stretchesItems: expected true or false, got "yes""#),
        (document(#"{"type": "grid", "displayScale": 0}"#), "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got 0"),
        (document(#"{"type": "grid", "scrollDirection": "diagonal"}"#),
         #"layout.scrollDirection: unknown value "diagonal"; expected one of "vertical", "horizontal""#),
        (document(#"{"type": "grid", "scrollDirection": "horizontal"}"#),
         "height: missing; expected a non-negative finite number (columns of horizontal scrolling wrap at the height)"),
        (document(#"{"type": "grid", "sectionInset": {"top": -1}}"#), "layout.sectionInset.top: expected a non-negative finite number, got -1"),
        (document(#"{"type": "grid", "pinHeaders": 1}"#), "layout.pinHeaders: expected true or false, got 1"),
        (document(#"{"type": "grid", "background": {"insets": {"top": "a"}}}"#), #"layout.background.insets.top: expected a finite number, got "a""#),
        (document(#"{"type": "grid", "background": {"color": 1}}"#), #"layout.background.color: unknown member; expected one of "insets""#),
        (document(#"{"type": "grid", "background": true}"#), "layout.background: expected an object, got true"),
        (document(#"{"type": "grid", "background": {"insets": {"middle": 1}}}"#),
         #"layout.background.insets.middle: unknown member; expected one of "top", "leading", "bottom", "trailing""#),
        (document(#"{"type": "grid", "itemWidth": {"span": 1.5}}"#), "layout.itemWidth.span: expected a whole number from 1 to 1000, got 1.5"),
        (document(#"{"type": "grid", "minimumColumnWidth": "wide"}"#), #"layout.minimumColumnWidth: expected a width from 0.01 to 1e9 points (docs/Limits.md), got "wide""#),
        (document(#"{"type": "grid", "sectionInset": {"left": 1}}"#),
         #"layout.sectionInset.left: unknown member; expected one of "top", "leading", "bottom", "trailing""#),
        (document(#"{"type": "grid", "placement": "inOrder"}"#),
         #"layout.placement: unknown member; expected one of "type", "scrollDirection", "columns", "minimumColumnWidth", "columnSpacing", "rowSpacing", "itemWidth", "stretchesItems", "displayScale", "sectionInset", "pinHeaders", "pinFooters", "background""#),
        (document(#"{"type": "grid"}"#, sections: #"[{"items": [{"width": 0, "height": 1}, {"width": 0, "height": 1, "span": 0}]}]"#),
         "sections[0].items[1].span: expected a whole number from 1 to 1000, got 0"),
        (document(#"{"type": "grid"}"#, sections: #"[{"items": [{"width": 0, "height": 1, "fraction": 0}]}]"#),
         "sections[0].items[0].fraction: expected a number in (0, 1], got 0"),
        (document(#"{"type": "grid"}"#, sections: #"[{"items": [{"width": 0, "height": 1, "span": 1, "fraction": 0.5}]}]"#),
         #"sections[0].items[0].fraction: expected either "span" or "fraction", not both"#),
        (document(#"{"type": "grid"}"#, sections: #"[{"columns": 2, "items": []}]"#),
         #"sections[0].columns: unknown member; expected one of "header", "footer", "items""#),
        (document(#"{"type": "flow"}"#, sections: #"[{"items": [{"width": 0, "height": 1, "span": 1}]}]"#),
         #"sections[0].items[0].span: unknown member; expected one of "width", "height", "baseline""#),
        (document(#"{"type": "waterfall", "placement": "middle"}"#),
         #"layout.placement: unknown value "middle"; expected one of "shortestColumn", "inOrder""#),
        (document(#"{"type": "waterfall", "placement": 3}"#), #"layout.placement: expected one of "shortestColumn", "inOrder", got 3"#),
        (document(#"{"type": "waterfall", "columns": 0}"#), "layout.columns: expected a whole number from 1 to 1000, got 0"),
        (document(#"{"type": "waterfall", "itemSpacing": -2}"#), "layout.itemSpacing: expected a finite number ≥ 0, got -2"),
        (document(#"{"type": "waterfall", "columnSpacing": -0.5}"#), "layout.columnSpacing: expected a finite number ≥ 0, got -0.5"),
        (document(#"{"type": "waterfall", "displayScale": -1}"#), "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got -1"),
        (document(#"{"type": "waterfall", "rowSpacing": 1}"#),
         #"layout.rowSpacing: unknown member; expected one of "type", "scrollDirection", "columns", "minimumColumnWidth", "columnSpacing", "itemSpacing", "placement", "displayScale", "sectionInset", "pinHeaders", "pinFooters", "background""#),
        (document(#"{"type": "list", "rowSpacing": -1}"#), "layout.rowSpacing: expected a finite number ≥ 0, got -1"),
        (document(#"{"type": "list", "separators": {"thickness": 0}}"#), "layout.separators.thickness: expected a finite number > 0, got 0"),
        (document(#"{"type": "list", "separators": {"thickness": true}}"#), "layout.separators.thickness: expected a finite number > 0, got true"),
        (document(#"{"type": "list", "separators": {"insets": {"leading": -1}}}"#),
         "layout.separators.insets.leading: expected a non-negative finite number, got -1"),
        (document(#"{"type": "list", "separators": {"color": "red"}}"#),
         #"layout.separators.color: unknown member; expected one of "thickness", "insets""#),
        (document(#"{"type": "list", "separators": "thin"}"#), #"layout.separators: expected an object, got "thin""#),
        (document(#"{"type": "list", "columns": 2}"#),
         #"layout.columns: unknown member; expected one of "type", "scrollDirection", "rowSpacing", "separators", "sectionInset", "pinHeaders", "pinFooters", "background""#),
        (document(#"{"type": "flow", "lineBreaking": "even"}"#), #"layout.lineBreaking: unknown value "even"; expected one of "greedy", "balanced""#),
        (document(#"{"type": "flow"}"#, sections: #"[{"lineBreaking": 1, "items": []}]"#),
         #"sections[0].lineBreaking: expected one of "greedy", "balanced", got 1"#),
        (document(#"{"type": 3}"#), "layout.type: expected a string naming the layout type, got 3"),
    ]

    @Test(arguments: badInputs)
    func badOptionsNameTheirPath(_ input: String, _ message: String) {
        do {
            _ = try LayoutDocument.decode(input)
            Issue.record("no error for \(input)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Every message of `validate()` that a document can reach has a path under "layout".
    @Test func optionErrorsBecomeSpecErrorsAtTheirKey() throws {
        let object = try JSONField(JSONParser.parse(#"{"separators": {"thickness": -0.0}}"#), path: "layout").object()
        let error = LayoutOptionsError(option: "separators.thickness", expected: "a finite number > 0", value: -0.0)
        #expect(error.message == "separators.thickness must be a finite number > 0, got 0")
        #expect(error.specError(in: object) == SpecError(.invalidValue, path: "layout.separators.thickness", "expected a finite number > 0, got -0.0"))
        // An option the document did not write is named under the layout, with its value.
        let absent = LayoutOptionsError(option: "columns", expected: "a whole number ≥ 1", value: "0")
        #expect(absent.specError(in: object).description == "layout.columns: expected a whole number ≥ 1, got 0")
    }

    /// A document lays out exactly as the layout configured directly with the same options.
    @Test(arguments: ["grid", "waterfall", "list"])
    func aDocumentLaysOutAsTheLayoutDoes(type: String) throws {
        let heights = [40, 20, 30, 10, 25, 35, 15]
        let items = heights.enumerated().map { #"{"width": 0, "height": \#($1)\#($0 == 1 && type == "grid" ? #", "span": 2"# : "")}"# }
        let options: String
        let direct: any CollectionLayout
        let style = SectionStyle(insets: EdgeInsets(all: 4), pinsHeaders: true, background: SectionBackground(insets: EdgeInsets(all: -2)))
        let common = #""sectionInset": {"top": 4, "leading": 4, "bottom": 4, "trailing": 4}, "pinHeaders": true, "background": {"insets": {"top": -2, "leading": -2, "bottom": -2, "trailing": -2}}"#
        switch type {
        case "grid":
            options = #"{"type": "grid", "columns": 3, "columnSpacing": 6, "rowSpacing": 4, "displayScale": 2, \#(common)}"#
            direct = GridLayout(options: .init(columns: .count(3), columnSpacing: 6, rowSpacing: 4, displayScale: 2, sections: style)) {
                $0.item == 1 ? .span(2) : .span(1)
            }
        case "waterfall":
            options = #"{"type": "waterfall", "columns": 2, "columnSpacing": 6, "itemSpacing": 4, \#(common)}"#
            direct = WaterfallLayout(options: .init(columns: .count(2), columnSpacing: 6, itemSpacing: 4, sections: style))
        default:
            options = #"{"type": "list", "separators": {"thickness": 1, "insets": {"leading": 10}}, \#(common)}"#
            direct = ListLayout(options: .init(separators: .init(thickness: 1, insets: EdgeInsets(leading: 10)), sections: style))
        }
        let text = #"{"width": 200, "layout": \#(options), "sections": [{"header": {"width": 0, "height": 12}, "items": [\#(items.joined(separator: ", "))]}], "visibleRect": {"x": 0, "y": 30, "width": 200, "height": 60}}"#
        let document = try LayoutDocument.decode(text)
        let result = document.layOut()
        direct.prepare(from: document.source)
        let visible = Rect(x: 0, y: 30, width: 200, height: 60)
        let expected = direct.elements(in: visible, visibleBounds: visible)
        #expect(result.contentSize == direct.contentSize)
        #expect(result.items.map(\.frame) == expected.filter { $0.kind == .cell }.map(\.frame))
        #expect(result.items.map(\.item) == expected.filter { $0.kind == .cell }.map(\.indexPath.item))
        #expect(result.headers.map(\.frame) == expected.filter { $0.kind == .header }.map(\.frame))
        #expect(result.headers.first?.isPinned == true)
        let decorations = expected.filter { $0.kind.category == .decorationView }
        #expect(!decorations.isEmpty)
        #expect(result.decorations.map(\.frame) == decorations.map(\.frame))
        #expect(result.decorations.map(\.kind) == decorations.map(\.kind.name))
        #expect(result.decorations.map(\.index) == decorations.map(\.indexPath.item))
    }
}
