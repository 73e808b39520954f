import Testing
import Trellis
@testable import TrellisSpec

@Suite("LayoutDocument decoding")
struct LayoutDocumentTests {
    static let minimal = #"{"width": 375, "sections": [{"items": [{"width": 50, "height": 30}]}]}"#

    @Test func theDefaultsAreUIKits() throws {
        let document = try LayoutDocument.decode(Self.minimal)
        #expect(document.width == 375 && document.height == nil && document.direction == .leftToRight)
        guard case .flow(let flow) = document.layout else { Issue.record("not a flow layout"); return }
        #expect(flow.scrollDirection == .vertical)
        #expect(flow.metrics == FlowMetrics(alignment: .uikit, lineAlignment: .center, interitemSpacing: 10, lineSpacing: 10, sectionInset: .zero))
        #expect(!flow.pinHeaders)
        #expect(document.sections[0].items == [ItemSize(width: 50, height: 30)])
    }

    @Test func everyMemberIsRead() throws {
        let text = """
        {"width": 320, "height": 600, "direction": "rtl",
         "layout": {"type": "flow", "scrollDirection": "horizontal", "alignment": "justified", "lineAlignment": "baseline",
                    "interitemSpacing": 4, "lineSpacing": 6, "sectionInset": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
                    "maximumLines": 3, "pinHeaders": true, "pinFooters": true},
         "sections": [{"header": {"width": 10, "height": 40}, "footer": {"width": 0, "height": 20},
                       "items": [{"width": 50, "height": 30, "baseline": 21}]},
                      {"alignment": "trailing", "maximumLines": 1, "items": []}],
         "visibleRect": {"x": -5, "y": 0, "width": 320, "height": 600}}
        """
        let document = try LayoutDocument.decode(text)
        #expect(document.height == 600 && document.direction == .rightToLeft)
        #expect(document.visibleRect == Rect(x: -5, y: 0, width: 320, height: 600))
        #expect(document.sections[0].header == Size(width: 10, height: 40))
        #expect(document.sections[0].items[0].firstBaseline == 21)
        guard case .flow(let flow) = document.layout else { Issue.record("not a flow layout"); return }
        #expect(flow.scrollDirection == .horizontal && flow.pinHeaders && flow.pinFooters)
        #expect(flow.metrics == FlowMetrics(alignment: .justified, lineAlignment: .baseline, interitemSpacing: 4, lineSpacing: 6,
                                            sectionInset: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), maximumLines: 3))
        var override = flow.metrics
        override.alignment = .trailing
        override.maximumLines = 1
        #expect(flow.sectionMetrics == [1: override])
    }

    static let badInputs: [(String, String)] = [
        (#"{"width": 375, "sections": [{"items": [{"width": 50, "height": -3}]}]}"#,
         "sections[0].items[0].height: expected a non-negative finite number, got -3"),
        (#"{"width": 375, "sections": [{"items": [{"width": 50}]}]}"#,
         "sections[0].items[0].height: missing; expected a non-negative finite number"),
        (#"{"width": 1e999, "sections": []}"#, "width: expected a non-negative finite number, got 1e999"),
        (#"{"width": "wide", "sections": []}"#, #"width: expected a non-negative finite number, got "wide""#),
        (#"{"sections": []}"#, "width: missing; expected a non-negative finite number"),
        (#"{"width": 375}"#, "sections: missing; expected an array of sections"),
        (#"{"width": 375, "direction": "up", "sections": []}"#, #"direction: unknown value "up"; expected one of "ltr", "rtl""#),
        (#"{"width": 375, "layout": {"type": "flow", "alignment": "left"}, "sections": []}"#,
         #"layout.alignment: unknown value "left"; expected one of "uikit", "leading", "center", "trailing", "justified""#),
        (#"{"width": 375, "layout": {"type": "circle"}, "sections": []}"#, #"layout.type: unknown value "circle"; expected one of "flow", "grid", "waterfall", "list", "compositional""#),
        (#"{"width": 375, "layout": {"type": "flow", "scrollDirection": "horizontal"}, "sections": []}"#,
         "height: missing; expected a non-negative finite number (columns of horizontal scrolling wrap at the height)"),
        (#"{"width": 375, "layout": {"type": "flow", "maximumLines": 0}, "sections": []}"#,
         "layout.maximumLines: expected a whole number from 1 to 999999999999999, got 0"),
        (#"{"width": 375, "layout": {"type": "flow", "displayScale": 0}, "sections": []}"#,
         "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got 0"),
        (#"{"width": 375, "sections": [{"items": [], "lineSpacing": -1}]}"#,
         "sections[0].lineSpacing: expected a non-negative finite number, got -1"),
        (#"{"width": 375, "sections": [{"items": [{"width": 1, "height": 1, "heigth": 2}]}]}"#,
         #"sections[0].items[0].heigth: unknown member; expected one of "width", "height", "baseline""#),
        (#"{"width": 375, "sections": {}}"#, "sections: expected an array, got an empty object"),
        (#"{"width": 375, "sections": [], "visibleRect": {"x": 0, "y": 0, "width": 10}}"#, "visibleRect.height: missing; expected a non-negative finite number"),
        (#"{"width": 375, "sections": [}"#, "line 1, column 29: expected a value, found '}'"),
        ("{\"width\": 375,\n \"sections\": [] ,}", "line 2, column 18: expected a member name in quotes, found '}'"),
        (#"{"width": 375, "width": 3, "sections": []}"#, #"line 1, column 16: duplicate member "width""#),
        (#"{"width": 01, "sections": []}"#, "line 1, column 11: a number must not start with 0"),
        (#"{"width": 375, "sections": []} x"#, "line 1, column 32: unexpected 'x' after the JSON document"),
        ("", "line 1, column 1: expected a value, found the end of input"),
        (#"{"width": "abc"#, "line 1, column 11: unterminated string"),
    ]

    @Test(arguments: badInputs)
    func badInputNamesThePathAndWhatWasExpected(_ input: String, _ message: String) {
        #expect(throws: SpecError.self) { try LayoutDocument.decode(input) }
        do {
            _ = try LayoutDocument.decode(input)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func stringsWithEscapesAndUnicodeAreRead() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\n\u00e9\ud83d\ude00", "ü"]"#)
        #expect(value == .array([.string("a\"b\\c\né😀"), .string("ü")]))
        #expect(JSONWriter.write(value) == #"["a\"b\\c\né😀","ü"]"#)
    }
}

@Suite("LayoutResult")
struct LayoutResultTests {
    @Test func aDocumentIsLaidOutAndWrittenAsJSON() throws {
        let document = try LayoutDocument.decode("""
        {"width": 200, "layout": {"type": "flow", "alignment": "leading", "maximumLines": 1},
         "sections": [{"header": {"width": 0, "height": 40}, "items": [{"width": 90, "height": 30}, {"width": 90, "height": 30}, {"width": 500, "height": 30}]}]}
        """)
        let result = document.layOut()
        #expect(result.contentSize == Size(width: 200, height: 70))
        #expect(result.items.map(\.frame) == [Rect(x: 0, y: 40, width: 90, height: 30), Rect(x: 100, y: 40, width: 90, height: 30)])
        #expect(result.hiddenItems.map(\.count) == [1])
        #expect(result.diagnostics == ["sections[0].items[2].width: 500 is wider than the 200 available; clamped"])
        #expect(JSONWriter.write(result.json, pretty: true) == """
        {
        "contentSize": {"width": 200, "height": 70},
        "items": [
          {"section": 0, "item": 0, "x": 0, "y": 40, "width": 90, "height": 30},
          {"section": 0, "item": 1, "x": 100, "y": 40, "width": 90, "height": 30}
        ],
        "headers": [
          {"section": 0, "x": 0, "y": 0, "width": 200, "height": 40}
        ],
        "footers": [],
        "decorations": [],
        "hiddenItems": [
          {"section": 0, "count": 1}
        ],
        "diagnostics": ["sections[0].items[2].width: 500 is wider than the 200 available; clamped"]
        }
        """)
    }

    @Test func aVisibleRectReportsOnlyWhatIntersectsItWithPinnedHeaders() throws {
        let items = (0..<40).map { _ in #"{"width": 150, "height": 50}"# }.joined(separator: ",")
        let document = try LayoutDocument.decode("""
        {"width": 160, "layout": {"type": "flow", "lineSpacing": 0, "pinHeaders": true},
         "sections": [{"header": {"width": 0, "height": 20}, "items": [\(items)]}],
         "visibleRect": {"x": 0, "y": 500, "width": 160, "height": 100}}
        """)
        let result = document.layOut()
        #expect(result.items.map(\.item) == [9, 10, 11])
        #expect(result.headers.map(\.frame) == [Rect(x: 0, y: 500, width: 160, height: 20)])
        #expect(result.headers.first?.isPinned == true)
        #expect(JSONWriter.write(result.json).contains(#"{"section": 0, "x": 0, "y": 500, "width": 160, "height": 20, "pinned": true}"#))
    }
}
