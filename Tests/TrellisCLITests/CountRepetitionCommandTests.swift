import Foundation
import Testing

/// End to end: `count` repetitions are built once, so a document whose group repeats an
/// item twenty million times (5.3 GB when every copy was built) lays out in little memory.
@Suite("trellis layout with large counts")
struct CountRepetitionCommandTests {
    static func layOut(_ group: String, items: Int) throws -> TrellisTool.Run {
        let list = Array(repeating: #"{"width": 1, "height": 1}"#, count: items).joined(separator: ",")
        let document = #"{"width": 300, "layout": {"type": "compositional", "section": {"group": \#(group)}}, "sections": [{"items": [\#(list)]}]}"#
        return try OutputAndBudgetCommandTests.shell(#"ulimit -v 1000000; "$0" layout -"#, stdin: document)
    }

    @Test func aCountOfTwentyMillionLaysOutInLittleMemory() throws {
        let group = #"{"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 10}}, "count": 20000000, "countSizing": "subitemSize", "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}}]}"#
        let run = try Self.layOut(group, items: 3)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""contentSize": {"width": 300, "height": 30}"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"{"section": 0, "item": 2, "x": 0, "y": 20, "width": 300, "height": 10}"#), "\(run.stdout)")
    }

    /// A count of 1e9 rows inside a count of 1e9 rows (1e18 cells an instance).
    @Test func aCountInsideACountOfABillionEachLaysOut() throws {
        let row = #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "count": 1000000000, "subitems": [{"layoutSize": {"widthDimension": {"absolute": 1}, "heightDimension": {"absolute": 10}}}]}"#
        let group = #"{"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 10}}, "count": 1000000000, "countSizing": "subitemSize", "subitems": [\#(row)]}"#
        let run = try Self.layOut(group, items: 3)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""contentSize": {"width": 300, "height": 10}"#), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: #""item": "#).count - 1 == 3)
    }
}
