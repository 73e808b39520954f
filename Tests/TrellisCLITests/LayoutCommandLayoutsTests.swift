import Foundation
import Testing

/// End to end: `trellis layout` on grid, waterfall and list documents (frames checked by
/// hand in the comments), and a bad option.
@Suite("trellis layout: grid, waterfall, list")
struct LayoutCommandLayoutsTests {
    /// Runs `trellis layout -` on `document` and checks that it prints exactly `output`.
    static func expectOutput(of document: String, _ output: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try LayoutCommandTests.run(["layout", "-"], stdin: document)
        #expect(run.status == 0, sourceLocation: sourceLocation)
        #expect(run.stderr.isEmpty, sourceLocation: sourceLocation)
        #expect(run.stdout == output + "\n", sourceLocation: sourceLocation)
    }

    /// 100 wide, 3 columns 5 apart (W + s = 105: columns start at 0, 35, 70; a span ends 5
    /// before the next start). Item 0 spans 2 columns (0..65), item 1 takes column 2
    /// (70..100); the row is full, so item 2 (half the row: 0.5·105 = 52.5 → 53, minus 5)
    /// starts the next row: 48 wide. Rows: 30 tall at y 10 + 4, then 4 apart: y 48. The
    /// background covers the items area (y 14, 44 tall) grown 2 upwards.
    @Test func aGrid() throws {
        try Self.expectOutput(of: """
        {"width": 100, "layout": {"type": "grid", "columns": 3, "columnSpacing": 5, "rowSpacing": 4,
          "sectionInset": {"top": 4, "bottom": 4}, "background": {"insets": {"top": -2}}},
         "sections": [{"header": {"width": 0, "height": 10},
                       "items": [{"width": 0, "height": 20, "span": 2}, {"width": 0, "height": 30}, {"width": 0, "height": 10, "fraction": 0.5}]}]}
        """, """
        {
        "contentSize": {"width": 100, "height": 62},
        "items": [
          {"section": 0, "item": 0, "x": 0, "y": 14, "width": 65, "height": 20},
          {"section": 0, "item": 1, "x": 70, "y": 14, "width": 30, "height": 30},
          {"section": 0, "item": 2, "x": 0, "y": 48, "width": 48, "height": 10}
        ],
        "headers": [
          {"section": 0, "x": 0, "y": 0, "width": 100, "height": 10}
        ],
        "footers": [],
        "decorations": [
          {"kind": "sectionBackground", "section": 0, "index": 0, "x": 0, "y": 12, "width": 100, "height": 46}
        ],
        "hiddenItems": [],
        "diagnostics": []
        }
        """)
    }

    /// 100 wide, 2 columns 10 apart: 0..45 and 55..100. Shortest column first (ties to the
    /// leading one): 40 → column 0; 20 → column 1; 30 → column 1 (its next top 25 < 45)
    /// at 25; 10 → column 0 (45 ≤ 60) at 45. Right to left mirrors the columns. Both
    /// columns end at 55; the 10-point header comes first.
    @Test func aWaterfallRightToLeft() throws {
        try Self.expectOutput(of: """
        {"width": 100, "direction": "rtl", "layout": {"type": "waterfall", "columns": 2, "columnSpacing": 10, "itemSpacing": 5, "placement": "shortestColumn"},
         "sections": [{"header": {"width": 0, "height": 10},
                       "items": [{"width": 0, "height": 40}, {"width": 0, "height": 20}, {"width": 0, "height": 30}, {"width": 0, "height": 10}]}]}
        """, """
        {
        "contentSize": {"width": 100, "height": 65},
        "items": [
          {"section": 0, "item": 0, "x": 55, "y": 10, "width": 45, "height": 40},
          {"section": 0, "item": 1, "x": 0, "y": 10, "width": 45, "height": 20},
          {"section": 0, "item": 2, "x": 0, "y": 35, "width": 45, "height": 30},
          {"section": 0, "item": 3, "x": 55, "y": 55, "width": 45, "height": 10}
        ],
        "headers": [
          {"section": 0, "x": 0, "y": 0, "width": 100, "height": 10}
        ],
        "footers": [],
        "decorations": [],
        "hiddenItems": [],
        "diagnostics": []
        }
        """)
    }

    /// Full-width rows; separators 0.5 thick make the gap 0.5 and sit in it (y 20 and
    /// 50.5), shortened by their 10-point leading inset.
    @Test func aListWithSeparators() throws {
        try Self.expectOutput(of: """
        {"width": 100, "layout": {"type": "list", "separators": {"thickness": 0.5, "insets": {"leading": 10}}},
         "sections": [{"items": [{"width": 0, "height": 20}, {"width": 0, "height": 30}, {"width": 0, "height": 10}]}]}
        """, """
        {
        "contentSize": {"width": 100, "height": 61},
        "items": [
          {"section": 0, "item": 0, "x": 0, "y": 0, "width": 100, "height": 20},
          {"section": 0, "item": 1, "x": 0, "y": 20.5, "width": 100, "height": 30},
          {"section": 0, "item": 2, "x": 0, "y": 51, "width": 100, "height": 10}
        ],
        "headers": [],
        "footers": [],
        "decorations": [
          {"kind": "separator", "section": 0, "index": 0, "x": 10, "y": 20, "width": 90, "height": 0.5},
          {"kind": "separator", "section": 0, "index": 1, "x": 10, "y": 50.5, "width": 90, "height": 0.5}
        ],
        "hiddenItems": [],
        "diagnostics": []
        }
        """)
    }

    @Test func anInvalidOptionExitsNonZeroNamingItsPath() throws {
        let run = try LayoutCommandTests.run(["layout", "-"], stdin: #"{"width": 100, "layout": {"type": "grid", "columns": 0}, "sections": []}"#)
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "trellis layout: layout.columns: expected a whole number from 1 to 1000, got 0\n")
    }
}
