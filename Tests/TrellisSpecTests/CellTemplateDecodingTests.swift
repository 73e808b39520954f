import Testing
import Trellis
import TrellisKit
import TrellisSpec
import TrellisText

/// The `"cell"` template and text items of a document: every member decodes, and every bad
/// value is an error naming its JSON path.
@Suite("Cell template decoding")
struct CellTemplateDecodingTests {
    static func document(cell: String, items: String = #"[{"text": "A"}]"#) -> String {
        #"{"width": 300, "cell": \#(cell), "sections": [{"items": \#(items)}]}"#
    }

    @Test func everyMemberDecodes() throws {
        let document = try LayoutDocument.decode(Self.document(cell: """
        {"font": "DejaVu Sans", "size": 15, "weight": "bold", "padding": {"top": 2, "leading": 3, "bottom": 4, "trailing": 6},
         "minWidth": 40, "maxWidth": 300, "lines": 0, "background": "#fff", "border": "#00ff0080",
         "borderWidth": 2, "cornerRadius": 6, "textColor": "#123456"}
        """))
        let cell = try #require(document.cell)
        #expect(cell.font == Font(family: "DejaVu Sans", size: 15, weight: .bold))
        #expect(cell.padding == EdgeInsets(top: 2, leading: 3, bottom: 4, trailing: 6))
        #expect(cell.minimumWidth == 40 && cell.maximumWidth == .points(300) && cell.lines == 0)
        #expect(cell.background == .white)
        #expect(cell.border == Color(hex: "#00ff0080"))
        #expect(cell.borderWidth == 2 && cell.cornerRadius == .points(6) && cell.cornerStyle == .radius(6))
        #expect(cell.textColor == Color(hex: "#123456"))
    }

    @Test func seedTagIsTheDefault() throws {
        let document = try LayoutDocument.decode(#"{"width": 300, "sections": [{"items": [{"text": "A"}, {"width": 5, "height": 5}]}]}"#)
        #expect(document.cell == nil && document.cellTemplate == .tag)
        #expect(document.sections[0].texts == [0: "A"])
        let container = try #require(try LayoutDocument.decode(Self.document(cell: #"{"maxWidth": "container", "cornerRadius": "pill", "border": "none"}"#)).cell)
        #expect(container.maximumWidth == .container && container.cornerStyle == .pill && container.border == nil)
    }

    @Test(arguments: [
        (#"{"background": "blue"}"#, "cell.background", "unknown colour \"blue\""),
        (##"{"border": "#12345"}"##, "cell.border", "unknown colour"),
        (#"{"border": 5}"#, "cell.border", "expected a string"),
        (#"{"size": 0}"#, "cell.size", "greater than 0"),
        (#"{"size": -3}"#, "cell.size", "non-negative"),
        (#"{"lines": 1.5}"#, "cell.lines", "whole number of lines"),
        (#"{"maxWidth": "wide"}"#, "cell.maxWidth", "\"container\" or a non-negative"),
        (#"{"cornerRadius": "round"}"#, "cell.cornerRadius", "\"pill\" or a non-negative"),
        (#"{"weight": "heavyish"}"#, "cell.weight", "font weight"),
        (#"{"fontSize": 17}"#, "cell.fontSize", "fontSize"),
        (#"{"font": "Surely Not Installed Serif"}"#, "cell.font", "is not installed"),
        (#"[]"#, "cell", "expected an object"),
    ])
    func badCellNamesItsPath(cell: String, path: String, words: String) {
        let error = #expect(throws: SpecError.self) { try LayoutDocument.decode(Self.document(cell: cell)) }
        #expect(error?.path == path, "\(String(describing: error))")
        #expect(error?.description.contains(words) == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        (#"[{"text": 3}]"#, "sections[0].items[0].text"),
        (#"[{"width": 3, "height": 3}, {"text": "A", "width": 5}]"#, "sections[0].items[1].width"),
    ])
    func badTextItemNamesItsPath(items: String, path: String) {
        let error = #expect(throws: SpecError.self) { try LayoutDocument.decode(Self.document(cell: "{}", items: items)) }
        #expect(error?.path == path, "\(String(describing: error))")
    }

    @Test func genericFamiliesAreAccepted() throws {
        let cell = try #require(try LayoutDocument.decode(Self.document(cell: #"{"font": "sans-serif"}"#)).cell)
        #expect(cell.font.family == "sans-serif")
    }

    @Test func measuredDocumentKeepsTextsAndFillsSizes() throws {
        let document = try LayoutDocument.decode(Self.document(cell: #"{"minWidth": 40}"#, items: #"[{"text": "A"}, {"width": 7, "height": 9}]"#))
        let measured = document.measuringTextItems()
        #expect(measured.sections[0].texts == [0: "A"])
        #expect(measured.sections[0].items[0].size.width == 40)
        #expect(measured.sections[0].items[0].firstBaseline != nil)
        #expect(measured.sections[0].items[1].size == Size(width: 7, height: 9))
        #expect(document.layOut().items.map(\.frame.size) == [Size(width: 40, height: measured.sections[0].items[0].size.height), Size(width: 7, height: 9)])
    }
}
