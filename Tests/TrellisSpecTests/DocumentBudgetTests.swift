import Foundation
import Testing
import Trellis
@testable import TrellisSpec

/// Values each within their limit that build together past what a layout can
/// hold (a `count` in a `count`, fractions of fractions, scales near 0, invalid UTF-8) are
/// refused while reading, at their JSON path, with the bound and the value; documents within
/// the budgets lay out soundly.
@Suite("Document budgets")
struct DocumentBudgetTests {
    static func item(_ width: String = #"{"fractionalWidth": 1}"#, height: String = #"{"absolute": 10}"#) -> String {
        #"{"layoutSize": {"widthDimension": \#(width), "heightDimension": \#(height)}}"#
    }

    static func group(_ axis: String, width: String = #"{"fractionalWidth": 1}"#, height: String = #"{"absolute": 10}"#,
                      subitems: [String], count: String? = nil) -> String {
        #"{"axis": "\#(axis)", "layoutSize": {"widthDimension": \#(width), "heightDimension": \#(height)}, "subitems": [\#(subitems.joined(separator: ", "))]\#(count.map { #", "count": \#($0)"# } ?? "")}"#
    }

    static func compositional(_ section: String, width: Double = 300, items: Int = 3, extra: String = "") -> String {
        let itemList = Array(repeating: #"{"width": 1, "height": 1}"#, count: items).joined(separator: ", ")
        return #"{"width": \#(width), "layout": {"type": "compositional"\#(extra), "section": \#(section)}, "sections": [{"items": [\#(itemList)]}]}"#
    }

    static func refusal(_ json: String) -> SpecError? {
        do {
            _ = try LayoutDocument.decode(json)
            return nil
        } catch {
            return error
        }
    }

    /// A `count` of 1e14 inside a `count` of 1e14 overflowed Int while counting cells.
    @Test func aCountPastItsBoundIsRefusedAtItsPath() {
        let inner = Self.group("horizontal", subitems: [Self.item()], count: "1e14")
        let json = Self.compositional(#"{"group": \#(Self.group("vertical", subitems: [inner], count: "1e14"))}"#)
        #expect(Self.refusal(json)?.description == "layout.section.group.subitems[0].count: expected a whole number from 1 to 1000000000, got 1e14")
    }

    /// Three counts of 1e9, one inside the other, hold 1e27 cells an instance: past Int.
    @Test func countsWhoseCellsPassIntAreRefused() {
        var group = Self.group("horizontal", width: #"{"estimated": 10}"#, subitems: [Self.item(#"{"absolute": 1}"#)], count: "1e9")
        group = Self.group("vertical", height: #"{"estimated": 10}"#, subitems: [group], count: "1e9")
        group = Self.group("horizontal", width: #"{"estimated": 10}"#, subitems: [group], count: "1e9")
        #expect(Self.refusal(Self.compositional(#"{"group": \#(group)}"#))?.description
            == "layout.section.group: this group holds 1e+27 cells an instance (counts inside counts multiply); the limit is 9223372036854775807 (docs/Limits.md)")
    }

    /// A count is its subitem's plan built once: 2 000 repetitions of 1 000 fitted copies
    /// (2 000 000 cells, past the node budget when copies were expanded) are three nodes,
    /// and lay out.
    @Test func countsDoNotCountAgainstTheNodeBudget() throws {
        let inner = Self.group("horizontal", subitems: [Self.item()], count: "1000")
        let json = Self.compositional(#"{"group": \#(Self.group("vertical", height: #"{"estimated": 10}"#, subitems: [inner], count: "2000"))}"#)
        let document = try LayoutDocument.decode(json)
        let result = document.layOut()
        #expect(result.problem(layingOut: document) == nil)
        #expect(result.items.map(\.frame) == [0, 1, 2].map { Rect(x: 0.3 * Double($0), y: 0, width: 0.3, height: 10) })
    }

    /// Repetitions holding present cells are sized each: every cell of a count of rows of
    /// 100 nodes costs its row's nodes; the instance's distinct nodes are counted once.
    @Test func theEvaluationBudgetCountsRepetitionsHoldingCells() throws {
        var row = Self.group("vertical", width: #"{"fractionalWidth": 1}"#, height: #"{"estimated": 10}"#, subitems: [Self.item()])
        for _ in 1..<99 { row = Self.group("vertical", width: #"{"fractionalWidth": 1}"#, height: #"{"estimated": 10}"#, subitems: [row]) }
        let group = Self.group("vertical", height: #"{"estimated": 10}"#, subitems: [row], count: "1000000")
        let document = try LayoutDocument.decode(Self.compositional(#"{"group": \#(group)}"#))
        guard case .compositional(let spec) = document.layout else { Issue.record("not compositional"); return }
        // 101 distinct nodes; a repetition adds 100 nodes a cell: 2e8 / 100 cells, less one instance.
        try spec.checkBudgets(container: Size(width: 300, height: 800), itemCounts: [1_999_998])
        do {
            try spec.checkBudgets(container: Size(width: 300, height: 800), itemCounts: [2_000_000])
            Issue.record("2 000 000 cells of 100 nodes each passed the budget")
        } catch {
            #expect(error.message.contains("(each group instance: 101 distinct nodes for 1000000 cells, and each cell 100.0 more for its count repetitions)"))
        }
    }

    /// Distinct groups and items still count: two entries of 500 001 nodes each are each
    /// within the budget, not both.
    @Test func distinctNodesPastTheBudgetAreRefused() {
        let items = Array(repeating: #"{"layoutSize": {"widthDimension": {"absolute": 0}, "heightDimension": {"absolute": 0}}}"#, count: 500_000)
        let big = Self.group("horizontal", width: #"{"estimated": 10}"#, subitems: items)
        let two = #"{"width": 300, "layout": {"type": "compositional", "sections": [{"group": \#(big)}, {"group": \#(big)}]}, "sections": [{"items": []}]}"#
        #expect(Self.refusal(two)?.description == "layout.sections[1].group: with this group the document holds more than 1000000 distinct groups "
            + "and items (a count repetition is its subitem's, built once); the limit is 1000000 for the whole document (docs/Limits.md)")
    }

    /// Counts within the budgets lay out every cell: 2 rows of 3.
    @Test func aCountInsideACountLaysOutEveryCell() throws {
        let inner = Self.group("horizontal", width: #"{"fractionalWidth": 1}"#, height: #"{"fractionalHeight": 0.5}"#, subitems: [Self.item()], count: "3")
        let json = Self.compositional(#"{"group": \#(Self.group("vertical", height: #"{"absolute": 20}"#, subitems: [inner], count: "2"))}"#, items: 6)
        let document = try LayoutDocument.decode(json)
        let result = document.layOut()
        #expect(result.problem(layingOut: document) == nil)
        let frames = result.items.map(\.frame)
        #expect(frames == [
            Rect(x: 0, y: 0, width: 100, height: 10), Rect(x: 100, y: 0, width: 100, height: 10), Rect(x: 200, y: 0, width: 100, height: 10),
            Rect(x: 0, y: 10, width: 100, height: 10), Rect(x: 100, y: 10, width: 100, height: 10), Rect(x: 200, y: 10, width: 100, height: 10),
        ])
    }

    /// 33 nested groups of `fractionalWidth` 1e9 listed 1 of 3 items (the others placed
    /// past the ±1e300 listing rectangle).
    @Test func fractionsOfFractionsPastTheReachBudgetAreRefused() {
        var group = Self.group("vertical", width: #"{"fractionalWidth": 1e9}"#, height: #"{"estimated": 10}"#, subitems: [Self.item()])
        for _ in 1..<33 { group = Self.group("vertical", width: #"{"fractionalWidth": 1e9}"#, height: #"{"estimated": 10}"#, subitems: [group]) }
        let error = Self.refusal(Self.compositional(#"{"group": \#(group)}"#))
        #expect(error?.path == "layout.section.group")
        #expect(error?.message.hasPrefix("this group can place frames 3e+299 points from its origin") == true)
        #expect(error?.message.hasSuffix("the limit is 1e12 points (docs/Limits.md)") == true)
        // A boundary item of fractionalWidth 1e9 in a container 1e6 wide reaches 1e15 points.
        let header = #"{"elementKind": "header", "layoutSize": {"widthDimension": {"fractionalWidth": 1e9}, "heightDimension": {"absolute": 10}}}"#
        let json = Self.compositional(#"{"group": \#(Self.group("horizontal", subitems: [Self.item()])), "boundarySupplementaryItems": [\#(header)]}"#, width: 1e6)
        #expect(Self.refusal(json)?.path == "layout.section.boundarySupplementaryItems[0].layoutSize")
    }

    /// Within the reach budget, nested fractions lay out to every item, inside the content.
    @Test func nestedFractionsWithinTheBudgetListEveryItem() throws {
        var group = Self.group("vertical", width: #"{"fractionalWidth": 10}"#, height: #"{"estimated": 10}"#, subitems: [Self.item()])
        for _ in 1..<4 { group = Self.group("vertical", width: #"{"fractionalWidth": 10}"#, height: #"{"estimated": 10}"#, subitems: [group]) }
        let document = try LayoutDocument.decode(Self.compositional(#"{"group": \#(group)}"#))
        let result = document.layOut()
        #expect(result.problem(layingOut: document) == nil)
        #expect(result.items.count == 3)
        #expect(result.items.map(\.frame.width) == [3_000_000, 3_000_000, 3_000_000])
    }

    /// The node evaluations of one layout pass: nodes per group instance × instances.
    @Test func theEvaluationBudgetCountsNodesTimesInstances() throws {
        var group = Self.group("vertical", width: #"{"fractionalWidth": 1}"#, height: #"{"estimated": 10}"#, subitems: [Self.item()])
        for _ in 1..<100 { group = Self.group("vertical", width: #"{"fractionalWidth": 1}"#, height: #"{"estimated": 10}"#, subitems: [group]) }
        let document = try LayoutDocument.decode(Self.compositional(#"{"group": \#(group)}"#))
        guard case .compositional(let spec) = document.layout else { Issue.record("not compositional"); return }
        // 101 nodes a cell: 1 980 198 cells are within 2e8 evaluations, 1 980 199 are not.
        try spec.checkBudgets(container: Size(width: 300, height: 800), itemCounts: [1_980_198])
        #expect(throws: SpecError.self) { try spec.checkBudgets(container: Size(width: 300, height: 800), itemCounts: [1_000_000, 980_199]) }
        do {
            try spec.checkBudgets(container: Size(width: 300, height: 800), itemCounts: [1_000_000, 980_199])
        } catch {
            #expect(error.path == "sections[1].items")
            #expect(error.message.contains("more than 200000000 group nodes (each group instance: 101 distinct nodes for 1 cells)"))
        }
    }

    /// Scales and the widths a layout divides by have a lower bound, named with the value.
    @Test(arguments: [
        (#"{"type": "compositional", "displayScale": 5e-324, "list": {}}"#,
         "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got 5e-324"),
        (#"{"type": "compositional", "displayScale": 1e-300, "list": {}}"#,
         "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got 1e-300"),
        (#"{"type": "flow", "displayScale": 0.001}"#,
         "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got 0.001"),
        (#"{"type": "grid", "displayScale": 1e-9}"#,
         "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got 1e-9"),
        (#"{"type": "waterfall", "displayScale": 5e-324}"#,
         "layout.displayScale: expected a display scale from 0.01 to 1e9 pixels per point (docs/Limits.md), got 5e-324"),
        (#"{"type": "grid", "minimumColumnWidth": 1e-300}"#,
         "layout.minimumColumnWidth: expected a width from 0.01 to 1e9 points (docs/Limits.md), got 1e-300"),
        (#"{"type": "compositional", "readableContentWidth": 1e-300, "list": {}}"#,
         "layout.readableContentWidth: expected a width from 0.01 to 1e9 points (docs/Limits.md), got 1e-300"),
    ])
    func scalesNearZeroAreRefused(_ layout: String, _ message: String) {
        let json = #"{"width": 300, "layout": \#(layout), "sections": [{"items": [{"width": 1, "height": 10}]}]}"#
        #expect(Self.refusal(json)?.description == message)
    }

    /// The smallest scale is accepted and lays out soundly.
    @Test func theSmallestScaleLaysOutSoundly() throws {
        let json = #"{"width": 300, "layout": {"type": "compositional", "displayScale": 0.01, "list": {}}, "sections": [{"items": [{"width": 1, "height": 10}, {"width": 1, "height": 10}]}]}"#
        let document = try LayoutDocument.decode(json)
        let result = document.layOut()
        #expect(result.problem(layingOut: document) == nil)
        #expect(result.items.count == 2)
    }

    /// Invalid group shapes say what the object holds, not only "got an object".
    @Test func invalidShapesSayWhatTheyHold() {
        let none = Self.compositional(#"{"group": \#(Self.group("horizontal", subitems: [Self.item("{}")]))}"#)
        #expect(Self.refusal(none)?.description == #"layout.section.group.subitems[0].layoutSize.widthDimension: expected an object with one of "#
            + #""fractionalWidth", "fractionalHeight", "absolute", "estimated", got an object with none of them"#)
        let both = Self.compositional(#"{"group": \#(Self.group("horizontal", subitems: [Self.item(#"{"absolute": 1, "estimated": 2}"#)]))}"#)
        #expect(Self.refusal(both)?.message.hasSuffix(#"got an object with "absolute" and "estimated""#) == true)
        let spacing = Self.compositional(#"{"group": \#(Self.group("horizontal", subitems: [Self.item()]).dropLast()), "interItemSpacing": {}}}"#)
        #expect(Self.refusal(spacing)?.description == #"layout.section.group.interItemSpacing: expected an object with one of "fixed", "flexible", got an object with none of them"#)
    }

    /// A 100 KB member name or value is quoted at most 40 characters long.
    @Test func longNamesAndValuesAreCutInMessages() {
        let key = String(repeating: "k", count: 100_000)
        let unknown = Self.refusal(#"{"width": 300, "\#(key)": 1, "sections": []}"#)
        #expect(unknown?.code == .unknownMember)
        #expect(unknown?.path == String(repeating: "k", count: 37) + "...")
        #expect((unknown?.description.utf8.count ?? .max) < 300)
        let value = Self.refusal(#"{"width": 300, "direction": "\#(key)", "sections": []}"#)
        #expect((value?.description.utf8.count ?? .max) < 300)
        #expect(value?.description.hasPrefix(#"direction: unknown value "kkkk"#) == true)
        let duplicate = Self.refusal(#"{"\#(key)": 1, "\#(key)": 2}"#)
        #expect((duplicate?.description.utf8.count ?? .max) < 300)
    }

    /// Whole-number bounds are stated: `maximumLines` 1e15.
    @Test func wholeNumberBoundsAreStated() {
        let json = #"{"width": 300, "layout": {"type": "flow", "maximumLines": 1e15}, "sections": []}"#
        #expect(Self.refusal(json)?.description == "layout.maximumLines: expected a whole number from 1 to 999999999999999, got 1e15")
        let zIndex = Self.compositional(#"{"group": \#(Self.group("horizontal", subitems: [Self.item()])), "decorationItems": [{"zIndex": 1e12}]}"#)
        #expect(Self.refusal(zIndex)?.description == "layout.section.decorationItems[0].zIndex: expected a whole number from -2147483648 to 2147483647, got 1e12")
    }
}

/// The parser claims RFC 8259, which asks for UTF-8: bytes that are not are refused, not
/// read as U+FFFD.
@Suite("JSON UTF-8")
struct JSONUTF8Tests {
    static func parse(_ bytes: [UInt8]) -> Result<JSONValue, SpecError> {
        Result { () throws(SpecError) in try JSONParser.parse(bytes) }
    }

    @Test(arguments: [
        ([0x22, 0x61, 0xFF, 0x62, 0x22], "line 1, column 3: invalid UTF-8 in a string: byte 0xFF cannot start a character"),
        ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: invalid UTF-8 in a string: byte 0xC0 cannot start a character"),
        ([0x22, 0xE0, 0x80, 0xAF, 0x22],
         "line 1, column 2: invalid UTF-8 in a string: byte 0x80 after 0xE0 is not a valid continuation (overlong, surrogate or truncated sequence)"),
        ([0x0A, 0x22, 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80, 0x22],
         "line 2, column 2: invalid UTF-8 in a string: byte 0xA0 after 0xED is not a valid continuation (overlong, surrogate or truncated sequence)"),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
         "line 1, column 2: invalid UTF-8 in a string: byte 0x90 after 0xF4 is not a valid continuation (overlong, surrogate or truncated sequence)"),
        ([0x22, 0xE6, 0x97, 0x22],
         "line 1, column 2: invalid UTF-8 in a string: byte 0x22 after 0xE6 is not a valid continuation (overlong, surrogate or truncated sequence)"),
        ([0x22, 0x5C, 0x6E, 0x80, 0x22], "line 1, column 4: invalid UTF-8 in a string: byte 0x80 cannot start a character"),
    ])
    func invalidUTF8IsRefusedWithItsPlace(_ bytes: [UInt8], _ message: String) {
        #expect(throws: SpecError.self) { try Self.parse(bytes).get() }
        if case .failure(let error) = Self.parse(bytes) {
            #expect(error.code == .malformedJSON)
            #expect(error.description == message)
        }
    }

    /// Every well-formed sequence, one to four bytes (the edges of each range), reads back.
    @Test func wellFormedUTF8ReadsBack() throws {
        let scalars: [Unicode.Scalar] = ["\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}"]
        for scalar in scalars {
            let text = "a\(scalar)b"
            #expect(try JSONParser.parse(Array("\"\(text)\"".utf8)) == .string(text))
            #expect(try JSONParser.parse(Array("\"\\n\(text)\"".utf8)) == .string("\n" + text))
        }
    }
}
