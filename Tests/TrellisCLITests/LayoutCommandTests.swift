import Foundation
import Testing

/// End to end: runs the built `trellis` tool with JSON on standard input and reads what it
/// prints and how it exits.
@Suite("trellis layout")
struct LayoutCommandTests {
    typealias Run = TrellisTool.Run

    static func run(_ arguments: [String], stdin: String) throws -> Run {
        try TrellisTool.run(arguments, stdin: Data(stdin.utf8))
    }

    static let document = """
    {"width": 375, "height": 800, "direction": "ltr",
     "layout": {"type": "flow", "scrollDirection": "vertical", "alignment": "leading", "lineAlignment": "center",
                "interitemSpacing": 8, "lineSpacing": 8, "sectionInset": {"top": 0, "leading": 10, "bottom": 0, "trailing": 10},
                "maximumLines": 3, "pinHeaders": false},
     "sections": [{"header": {"width": 0, "height": 40}, "footer": {"width": 0, "height": 20},
                   "items": [{"width": 50, "height": 30, "baseline": 21}, {"width": 500, "height": 30}, {"width": 100, "height": 20}]}]}
    """

    @Test func framesArePrintedAsJSON() throws {
        let run = try Self.run(["layout", "-"], stdin: Self.document)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == """
        {
        "contentSize": {"width": 375, "height": 156},
        "items": [
          {"section": 0, "item": 0, "x": 10, "y": 40, "width": 50, "height": 30},
          {"section": 0, "item": 1, "x": 10, "y": 78, "width": 355, "height": 30},
          {"section": 0, "item": 2, "x": 10, "y": 116, "width": 100, "height": 20}
        ],
        "headers": [
          {"section": 0, "x": 0, "y": 0, "width": 375, "height": 40}
        ],
        "footers": [
          {"section": 0, "x": 0, "y": 136, "width": 375, "height": 20}
        ],
        "decorations": [],
        "hiddenItems": [],
        "diagnostics": ["sections[0].items[1].width: 500 is wider than the 355 available; clamped"]
        }

        """)
    }

    @Test func theOutputIsValidJSONWithTheDocumentedNames() throws {
        let run = try Self.run(["layout", "-"], stdin: Self.document)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["contentSize", "items", "headers", "footers", "decorations", "hiddenItems", "diagnostics"])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["item"] as? Int } == [0, 1, 2])
    }

    static let badDocuments: [(String, String)] = [
        (#"{"width": 375, "sections": [{"items": [{"width": 50, "height": -3}]}]}"#,
         "trellis layout: sections[0].items[0].height: expected a non-negative finite number, got -3\n"),
        (#"{"width": 375, "sections": [{"items": [{"width": 50, "height": 3}]}]"#,
         "trellis layout: line 1, column 69: expected ',' or '}', found the end of input\n"),
        (#"{"width": 375, "layout": {"type": "flow", "lineAlignment": "middle"}, "sections": []}"#,
         "trellis layout: layout.lineAlignment: unknown value \"middle\"; expected one of \"top\", \"center\", \"bottom\", \"baseline\"\n"),
        (#"{"width": 375, "sections": [{}]}"#, "trellis layout: sections[0].items: missing; expected an array of item sizes\n"),
    ]

    @Test(arguments: badDocuments)
    func badInputExitsNonZeroNamingThePath(_ input: String, _ message: String) throws {
        let run = try Self.run(["layout", "-"], stdin: input)
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message)
    }

    @Test func aMissingFileIsReported() throws {
        let run = try Self.run(["layout", "/nonexistent/trellis.json"], stdin: "")
        #expect(run.status != 0)
        #expect(run.stderr == "trellis layout: /nonexistent/trellis.json: cannot open the file: No such file or directory\n")
    }

    @Test func timingPrintsTheMedianToStandardError() throws {
        let items = (0..<500).map { #"{"width": \#(30 + ($0 * 37) % 171), "height": 30}"# }.joined(separator: ",")
        let run = try Self.run(["layout", "-", "--timing", "--repeat", "3"], stdin: #"{"width": 375, "sections": [{"items": [\#(items)]}]}"#)
        #expect(run.status == 0)
        let pattern = #/^layout: 500 items, median \d+\.\d{3} ms, \d+\.\d ns/item\n$/#
        #expect(run.stderr.wholeMatch(of: pattern) != nil, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("{\n\"contentSize\""))
    }

    @Test func demoDrawsEveryAlignment() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try Self.run(["demo", "--columns", "80", "--output", output.path], stdin: "")
        #expect(run.status == 0)
        for alignment in ["uikit", "leading", "center", "trailing", "justified"] { #expect(run.stdout.contains("== \(alignment) ==")) }
        #expect(run.stdout.contains("[much longer"))
        #expect(run.stdout.contains("items 100, lines "))
    }
}
