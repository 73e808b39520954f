import Foundation
import Testing

/// End to end: `trellis layout` and `render` on a compositional document.
@Suite("trellis layout: compositional")
struct LayoutCommandCompositionalTests {
    /// 200 wide; rows of two estimated items (count: 2, each half the row), measured at the
    /// document's heights; a 10-point header, 4 of inset above and below the rows, 4 between
    /// them. Row 0 (items 20 and 30 tall) is 30 tall from y 14; row 1 starts at 48. The
    /// background covers the section below its top 10 points (the header).
    static let document = """
        {"width": 200, "layout": {"type": "compositional", "section": {
           "group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}},
                     "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}}}], "count": 2},
           "interGroupSpacing": 4, "contentInsets": {"top": 4, "bottom": 4}, "contentInsetsReference": "none",
           "boundarySupplementaryItems": [{"elementKind": "header", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}}],
           "decorationItems": [{"contentInsets": {"top": 10}}]}},
         "sections": [{"items": [{"width": 0, "height": 20}, {"width": 0, "height": 30}, {"width": 0, "height": 10}]}]}
        """

    @Test func aGridOfEstimatedRows() throws {
        try LayoutCommandLayoutsTests.expectOutput(of: Self.document, """
        {
        "contentSize": {"width": 200, "height": 62},
        "items": [
          {"section": 0, "item": 0, "x": 0, "y": 14, "width": 100, "height": 20},
          {"section": 0, "item": 1, "x": 100, "y": 14, "width": 100, "height": 30},
          {"section": 0, "item": 2, "x": 0, "y": 48, "width": 100, "height": 10}
        ],
        "headers": [
          {"section": 0, "x": 0, "y": 0, "width": 200, "height": 10}
        ],
        "footers": [],
        "decorations": [
          {"kind": "sectionBackground", "section": 0, "index": 0, "x": 0, "y": 10, "width": 200, "height": 52}
        ],
        "hiddenItems": [],
        "diagnostics": []
        }
        """)
    }

    @Test func aBadDimensionNamesItsPath() throws {
        let bad = Self.document.replacingOccurrences(of: #"{"absolute": 10}"#, with: #"{"absolute": -10}"#)
        let run = try LayoutCommandTests.run(["layout", "-"], stdin: bad)
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "trellis layout: layout.section.boundarySupplementaryItems[0].layoutSize.heightDimension.absolute: expected a non-negative finite number, got -10\n")
    }

    @Test func itRenders() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("compositional-\(UInt32.random(in: 0...UInt32.max)).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try LayoutCommandTests.run(["render", "-", "-o", output.path, "--scale", "2"], stdin: Self.document)
        #expect(run.status == 0)
        #expect(run.stdout.contains("400×124 px, 5 elements"))
        #expect(FileManager.default.fileExists(atPath: output.path))
    }
}
