import Testing
import Trellis
@testable import TrellisSpec

/// Every documented limit (docs/Limits.md) is enforced while reading, with the
/// JSON path of the value; a document within the limits lays out to finite numbers only and
/// lists every item once.
@Suite("Document limits")
struct DocumentLimitsTests {
    static let refused: [(String, String)] = [
        // 1: a font size past what the measurer accepts (was a precondition trap).
        (#"{"width": 8, "cell": {"font": "", "size": 100002}, "sections": [{"items": []}]}"#,
         "cell.size: expected a font size of at most 100000 points (docs/Limits.md), got 100002"),
        (#"{"width": 8, "cell": {"size": 1e308}, "sections": [{"items": [{"text": "A"}]}]}"#,
         "cell.size: expected a number of at most 1e9 (docs/Limits.md), got 1e308"),
        // 2 and 11: columns (were an 800 TB allocation, and 75 s for a waterfall).
        (#"{"width": 300, "layout": {"type": "grid", "columns": 100000000000000}, "sections": []}"#,
         "layout.columns: expected a whole number from 1 to 1000, got 100000000000000"),
        (#"{"width": 300, "layout": {"type": "waterfall", "columns": 100000000}, "sections": []}"#,
         "layout.columns: expected a whole number from 1 to 1000, got 100000000"),
        // 3 and 6: lengths whose sums would not be finite (were printed as null).
        (#"{"width": 1e300, "sections": []}"#, "width: expected a number of at most 1e9 (docs/Limits.md), got 1e300"),
        (#"{"width": 300, "sections": [{"items": [{"width": 1, "height": 1e308}]}]}"#,
         "sections[0].items[0].height: expected a number of at most 1e9 (docs/Limits.md), got 1e308"),
        (#"{"width": 300, "layout": {"type": "flow", "lineSpacing": 1e308}, "sections": []}"#,
         "layout.lineSpacing: expected a number of at most 1e9 (docs/Limits.md), got 1e308"),
        (#"{"width": 300, "layout": {"type": "flow", "displayScale": 1e300}, "sections": []}"#,
         "layout.displayScale: expected a number of at most 1e9 (docs/Limits.md), got 1e300"),
        (#"{"width": 300, "layout": {"type": "list", "separators": {"thickness": 1e308}}, "sections": []}"#,
         "layout.separators.thickness: expected a number of at most 1e9 (docs/Limits.md), got 1e308"),
        (#"{"width": 300, "layout": {"type": "grid", "rowSpacing": 1e300}, "sections": []}"#,
         "layout.rowSpacing: expected a number of at most 1e9 (docs/Limits.md), got 1e300"),
        (#"{"width": 300, "sections": [], "visibleRect": {"x": -1e300, "y": 0, "width": 1, "height": 1}}"#,
         "visibleRect.x: expected a number of at most 1e9 (docs/Limits.md), got -1e300"),
        (#"{"width": 300, "layout": {"type": "grid", "background": {"insets": {"top": -1e300}}}, "sections": []}"#,
         "layout.background.insets.top: expected a number of at most 1e9 (docs/Limits.md), got -1e300"),
        // 8: a baseline outside its item.
        (#"{"width": 300, "sections": [{"items": [{"width": 1, "height": 10, "baseline": 11}]}]}"#,
         "sections[0].items[0].baseline: expected a baseline within the item's height (0...10), got 11"),
        // 7 and 12: a text past what Pango can lay out.
        (#"{"width": 8, "cell": {"size": 100000}, "sections": [{"items": [{"width": 1, "height": 1}, {"text": "\#(String(repeating: "W", count: 1001))"}]}]}"#,
         "sections[0].items[1].text: a text of 1001 bytes at 100000 pt is past the limit of 1e8 for bytes × font size (docs/Limits.md)"),
        (#"{"width": 8, "cell": {"lines": 1e12}, "sections": []}"#,
         "cell.lines: expected a whole number of lines (0 for unlimited) of at most 1000000, got 1e12"),
    ]

    @Test(arguments: refused)
    func valuesPastALimitAreRefusedAtTheirPath(_ input: String, _ message: String) throws {
        let error = try #require(throws: SpecError.self) { try LayoutDocument.decode(input) }
        #expect(error.description == message)
    }

    @Test func countsAreCheckedBeforeAnyItemIsRead() {
        let sections = "[" + Array(repeating: #"{"items": []}"#, count: DocumentLimits.maximumSectionCount + 1).joined(separator: ",") + "]"
        #expect(throws: SpecError(.invalidValue, path: "sections",
                                  "expected sections of at most 100000 (docs/Limits.md), got 100001")) {
            try LayoutDocument.decode(#"{"width": 10, "sections": \#(sections)}"#)
        }
        let waterfall = "[" + Array(repeating: #"{"items": []}"#, count: 2_000).joined(separator: ",") + "]"
        #expect(throws: SpecError(.invalidValue, path: "sections",
                                  "expected columns × sections of at most 1000000 for a waterfall (docs/Limits.md), got 1000 × 2000")) {
            try LayoutDocument.decode(#"{"width": 10, "layout": {"type": "waterfall", "columns": 1000}, "sections": \#(waterfall)}"#)
        }
        // The item limit is counted over the parsed arrays (no item is decoded): items of `null`.
        let items = Array(repeating: "null", count: DocumentLimits.maximumItemCount / 2 + 1).joined(separator: ",")
        #expect(throws: SpecError(.invalidValue, path: "sections[1].items",
                                  "expected items in all sections of at most 10000000 (docs/Limits.md), got 10000002 by this section")) {
            try LayoutDocument.decode(#"{"width": 10, "sections": [{"items": [\#(items)]}, {"items": [\#(items)]}]}"#)
        }
    }

    @Test func anInputPastTheByteLimitIsRefusedBeforeParsing() {
        #expect(throws: SpecError(.unreadableInput, path: "",
                                  "the input is larger than the limit of 268435456 bytes (256 MiB, docs/Limits.md)")) {
            try LayoutDocument.decode([UInt8](repeating: 0x20, count: DocumentLimits.maximumInputBytes + 1))
        }
    }

    /// The largest values the limits allow, everywhere at once, still lay out to finite
    /// numbers (the worst sums stay far below the largest Double).
    @Test(arguments: ["flow", "grid", "waterfall", "list"])
    func theLargestAcceptedValuesGiveFiniteOutput(type: String) throws {
        let big = "1e9"
        let item = #"{"width": \#(big), "height": \#(big)\#(type == "flow" ? #", "baseline": \#(big)"# : "")}"#
        let items = Array(repeating: item, count: 50).joined(separator: ",")
        let inset = #"{"top": \#(big), "leading": \#(big), "bottom": \#(big), "trailing": \#(big)}"#
        let options: String
        switch type {
        case "flow": options = #""lineSpacing": \#(big), "interitemSpacing": \#(big), "sectionInset": \#(inset), "displayScale": \#(big), "lineAlignment": "baseline""#
        case "grid": options = #""rowSpacing": \#(big), "columnSpacing": \#(big), "displayScale": \#(big), "sectionInset": \#(inset), "background": {"insets": \#(inset)}"#
        case "waterfall": options = #""itemSpacing": \#(big), "columnSpacing": \#(big), "displayScale": \#(big), "sectionInset": \#(inset)"#
        default: options = #""rowSpacing": \#(big), "separators": {"thickness": \#(big)}, "sectionInset": \#(inset)"#
        }
        let section = #"{"header": {"width": \#(big), "height": \#(big)}, "footer": {"width": \#(big), "height": \#(big)}, "items": [\#(items)]}"#
        let document = try LayoutDocument.decode(
            #"{"width": \#(big), "layout": {"type": "\#(type)", \#(options)}, "sections": [\#(section), \#(section)]}"#)
        let result = document.layOut()
        let output = JSONWriter.write(result.json)
        #expect(!output.contains("null"), "\(type): \(output.prefix(300))")
        #expect(result.items.count == 100)
    }

    /// Item 5: grid, list and waterfall list every item, whatever its size.
    @Test func zeroSizedItemsAndAZeroWidthContainerKeepEveryItem() throws {
        let cases = [
            #"{"width": 300, "layout": {"type": "list"}, "sections": [{"items": [{"width": 1, "height": 10}, {"width": 1, "height": 0}, {"width": 1, "height": 0}]}]}"#,
            #"{"width": 300, "layout": {"type": "grid", "columns": 3}, "sections": [{"items": [{"width": 0, "height": 10, "fraction": 0.05}, {"width": 0, "height": 0}]}]}"#,
            #"{"width": 0, "layout": {"type": "list"}, "sections": [{"items": [{"width": 1, "height": 10}, {"width": 1, "height": 5}]}]}"#,
            #"{"width": 0, "layout": {"type": "waterfall", "columns": 2}, "sections": [{"items": [{"width": 1, "height": 10}, {"width": 1, "height": 0}]}]}"#,
            #"{"width": 0, "layout": {"type": "grid"}, "sections": [{"items": [{"width": 0, "height": 0}, {"width": 0, "height": 0}]}]}"#,
        ]
        for input in cases {
            let document = try LayoutDocument.decode(input)
            let result = document.layOut()
            #expect(result.items.map(\.item) == Array(0..<document.itemCount), "\(input)")
        }
    }
}
