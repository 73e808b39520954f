import Foundation
import Testing

/// What a screen reader sees of the window: the AT-SPI tree and events, read with pyatspi
/// on a private D-Bus bus started for the test alone, as Orca reads them.
/// Every cell in view is a table cell (a list item in a list) with the text it shows as
/// its name and selectable / selected / focused states; focus and selection changes made
/// with the keyboard arrive as AT-SPI events; GTK's own GtkFlowBox, walked in the same
/// run, is the reference for roles and states.
@Suite("trellis show: accessibility", .serialized, .enabled(if: AccessibilityProbe.unavailableReason == nil, "\(AccessibilityProbe.unavailableReason ?? "")"))
struct WindowAccessibilityTests {
    @Test func everyCellInViewIsATableCellNamedByItsText() throws {
        let fixture = TrellisWindow.fixture("window-tags.json")
        let probe = AccessibilityProbe()
        let window = try TrellisWindow(tool: probe.arguments([TrellisTool.executable.path, "show", fixture.path]),
                                       executable: AccessibilityProbe.dbusRunSession)
        defer { probe.quit() }
        let tree = try probe.tree(in: window, request: 0)
        let frame = window.lastFrame
        // The oracle: the document's own texts, in index order, for the items the frame
        // shows in the viewport.
        let texts = try documentTexts(fixture)
        let inView = frame.order.filter { item in
            let rect = frame.rects[item]!
            return rect.y + rect.height > 0 && rect.y < frame.height
        }.sorted { $0.lexicographicallyPrecedes($1) }
        let table = try #require(tree.first { $0.role == "table" }, "no table in \(tree.map(\.role))")
        let cells = tree.cells(of: table)
        #expect(cells.count == inView.count, "\(cells.count) accessible cells, \(inView.count) items in view")
        #expect(cells.allSatisfy { $0.role == "table cell" })
        #expect(cells.map(\.name) == inView.map { texts[$0[1]] })
        // The flow's lines are the table's rows (ARIA's grid → row → grid cell): each holds
        // the cells of one line in view, and its extents are theirs.
        let rows = tree.children(of: table)
        // (The fixture's tags are one line of text each: a line's tags share their top.)
        let lineTops = Set(inView.map { frame.rects[$0]!.y }).count
        #expect(rows.allSatisfy { $0.role == "table row" } && rows.count == lineTops && rows.count > 1,
                "\(rows.count) rows (\(Set(rows.map(\.role)))), \(lineTops) lines in view")
        for row in rows {
            let rowCells = tree.children(of: row)
            #expect(!rowCells.isEmpty && rowCells.allSatisfy { cell in
                cell.extents[1] >= row.extents[1] && cell.extents[1] + cell.extents[3] <= row.extents[1] + row.extents[3]
                    && cell.extents[1] < rowCells[0].extents[1] + rowCells[0].extents[3] && cell.extents[1] + cell.extents[3] > rowCells[0].extents[1]
            }, "row \(row.extents): \(rowCells.map(\.extents))")
        }
        #expect(cells.allSatisfy { $0.states.isSuperset(of: ["focusable", "selectable", "visible"]) && !$0.states.contains("selected") })
        // Each cell is where the item is drawn (window coordinates: the widget's origin
        // plus the item's frame in it).
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        for (cell, item) in zip(cells, inView) {
            let rect = frame.rects[item]!
            let expected = [origin[0] + rect.x, origin[1] + rect.y, rect.width, rect.height]
            #expect(zip(cell.extents, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(cell.name): \(cell.extents) for \(expected)")
        }

        // Right focuses the first item, Space selects it: AT-SPI hears both, as from GTK's
        // own widgets, and the walk shows the cell focused and selected.
        try window.focus()
        let focusedFrame = try window.press("Right")
        let focused = try #require(focusedFrame.focus)
        let name = texts[focused[1]]
        let focusEvent = try probe.event(in: window) { $0.type == "object:state-changed:focused" && $0.detail == 1 && $0.role == "table cell" }
        #expect(focusEvent.name == name)
        _ = try window.press("space")
        let selectEvent = try probe.event(in: window) { $0.type == "object:state-changed:selected" && $0.detail == 1 }
        #expect(selectEvent.role == "table cell" && selectEvent.name == name)
        let after = try probe.tree(in: window, request: 1)
        let marked = after.cells(of: try #require(after.first { $0.role == "table" })).filter { $0.states.contains("selected") || $0.states.contains("focused") }
        #expect(marked.map(\.name) == [name])
        #expect(marked.first?.states.isSuperset(of: ["focused", "selected"]) == true)

        // GtkFlowBox: a table of table cells, and a focused, selected cell in the same
        // states as Trellis's.
        let peer = try AccessibilityProbe.flowBoxPeer(items: 40)
        let peerTable = try #require(peer.initial.first { $0.role == "table" })
        let peerCells = peer.initial.children(of: peerTable)
        #expect(peerCells.count == 40 && peerCells.allSatisfy { $0.role == "table cell" })
        #expect(peer.focusedAndSelected?.states == marked.first?.states, "GtkFlowBox: \(peer.focusedAndSelected?.states ?? []), Trellis: \(marked.first?.states ?? [])")
        #expect(peer.events.contains { $0.type == "object:state-changed:focused" && $0.detail == 1 && $0.role == "table cell" })
        #expect(peer.events.contains { $0.type == "object:state-changed:selected" && $0.detail == 1 && $0.role == "table cell" })
        #expect(try window.close() == 0)
    }

    @Test func aScrollGivesTheNewCellsTheirNamesAndNoOthers() throws {
        let fixture = TrellisWindow.fixture("window-tags.json")
        let probe = AccessibilityProbe()
        let window = try TrellisWindow(tool: probe.arguments([TrellisTool.executable.path, "show", fixture.path]),
                                       executable: AccessibilityProbe.dbusRunSession)
        defer { probe.quit() }
        _ = try probe.tree(in: window, request: 0)
        try expectEveryCellReadAfterFourWheelSteps(probe, window, fixture)
        // Back up: the lines that come back into view take the rows of lines that left (a
        // pool of rows out of the window), which must read as their new lines.
        try expectEveryCellReadAfterFourWheelSteps(probe, window, fixture, down: false, request: 2)
        #expect(try window.close() == 0)
    }

    /// Four wheel steps down (or up), then the reader's tree: every cell in view, in order,
    /// named by its text, and (the scroll moved every cell) still where its item is drawn.
    private func expectEveryCellReadAfterFourWheelSteps(_ probe: AccessibilityProbe, _ window: TrellisWindow, _ fixture: URL,
                                                        down: Bool = true, request: Int = 1,
                                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let texts = try documentTexts(fixture)
        var frame = window.lastFrame
        let start = frame.offset
        for _ in 0..<4 { frame = try window.wheel(down: down) }
        let tree = try probe.tree(in: window, request: request)
        let inView = frame.order.filter { frame.rects[$0]!.y + frame.rects[$0]!.height > 0 && frame.rects[$0]!.y < frame.height }
            .sorted { $0.lexicographicallyPrecedes($1) }
        let cells = tree.cells(of: try #require(tree.first { $0.role == "table" }, sourceLocation: sourceLocation))
        #expect(down ? frame.offset > start : frame.offset < start, sourceLocation: sourceLocation)
        #expect(cells.map(\.name) == inView.map { texts[$0[1]] }, sourceLocation: sourceLocation)
        expectCellsWhereDrawn(cells, inView, frame, sourceLocation: sourceLocation)
    }

    /// A screen reader started while the window is open (the probe subscribes to AT-SPI
    /// events two seconds after the window appeared, as Orca launched later would): the
    /// collection, which kept its cells' children directly while nothing listened, now
    /// groups them in rows, and a scroll afterwards leaves the reader with every cell in
    /// order, named, where it is drawn.
    @Test func aScreenReaderStartedLaterReadsEveryCellAfterAScroll() throws {
        let fixture = TrellisWindow.fixture("window-tags.json")
        let probe = AccessibilityProbe()
        let window = try TrellisWindow(tool: probe.arguments(["--late", "2", TrellisTool.executable.path, "show", fixture.path]),
                                       executable: AccessibilityProbe.dbusRunSession)
        defer { probe.quit() }
        let initial = try probe.tree(in: window, request: 0)
        let table = try #require(initial.first { $0.role == "table" })
        #expect(!initial.children(of: table).isEmpty && initial.children(of: table).allSatisfy { $0.role == "table row" },
                "\(initial.children(of: table).map(\.role))")
        try expectEveryCellReadAfterFourWheelSteps(probe, window, fixture)
        #expect(try window.close() == 0)
    }

    /// Far down a long content (the million tags, after End) the cells are still where
    /// they are drawn, to the point: the children are placed from an origin near the
    /// scroll offset, not from the content's top, where GTK's single-precision transforms
    /// would be whole points off.
    @Test func farDownAMillionItemsEveryCellIsWhereItIsDrawn() throws {
        let probe = AccessibilityProbe()
        let window = try TrellisWindow(tool: probe.arguments([TrellisTool.executable.path, "gallery", "--page", "million", "--size", "800x600"]),
                                       executable: AccessibilityProbe.dbusRunSession)
        defer { probe.quit() }
        _ = try probe.tree(in: window, request: 0)
        try window.movePointer(x: 500, y: 300)
        _ = try window.press("End")
        let end = try window.frame(where: \.isAtEnd)
        let frame = try window.frame(after: end.number - 1, settle: 0.5)
        #expect(frame.offset > 1_000_000)
        let tree = try probe.tree(in: window, request: 1)
        let inView = frame.order.filter { frame.rects[$0]!.y + frame.rects[$0]!.height > 0 && frame.rects[$0]!.y < frame.height }
            .sorted { $0.lexicographicallyPrecedes($1) }
        let cells = tree.cells(of: try #require(tree.first { $0.role == "table" && $0.name.contains("1,000,000") }, "no collection in \(tree.map { "\($0.role): \($0.name)" })"))
        #expect(cells.count == inView.count, "\(cells.count) accessible cells, \(inView.count) items in view")
        expectCellsWhereDrawn(cells, inView, frame)
        #expect(try window.close() == 0)
    }

    /// Each accessible cell's extents are its item's frame in the window (the widget's
    /// origin plus the item's rectangle in it), to a point.
    private func expectCellsWhereDrawn(_ cells: [AccessibilityProbe.Node], _ inView: [[Int]], _ frame: Frame,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(cells.count == inView.count, sourceLocation: sourceLocation)
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        for (cell, item) in zip(cells, inView) {
            let rect = frame.rects[item]!
            let expected = [origin[0] + rect.x, origin[1] + rect.y, rect.width, rect.height]
            #expect(zip(cell.extents, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(cell.name): \(cell.extents) for \(expected)",
                    sourceLocation: sourceLocation)
        }
    }

    /// An app changes shown cells directly (`trellis show --live-relabel`): the label of one
    /// (its cell asks for a layout) and the `accessibilityLabel` of another (no layout at
    /// all). Each cell reads as its new name, as VoiceOver reads a `UILabel`'s new text, and
    /// every other cell keeps the name of its text.
    @Test func aCellChangedWhileShownGetsItsNewName() throws {
        let fixture = TrellisWindow.fixture("window-tags.json")
        let probe = AccessibilityProbe()
        let window = try probe.tool(["show", fixture.path, "--self-sizing", "--live-relabel"])
        defer { probe.quit() }
        _ = try probe.tree(in: window, request: 0)
        let texts = try documentTexts(fixture)
        var deadline = Date().addingTimeInterval(20)
        while window.events("liveUpdate").count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let changes = Array(window.events("liveUpdate").prefix(2))
        #expect(changes.map { $0["change"] as? String } == ["relabel", "accessibilityLabel"])
        // The oracle: the document's texts with the two names the app gave.
        var renamed: [[Int]: String] = [:]
        for change in changes {
            let item = try #require(change["item"] as? [NSNumber]).map(\.intValue)
            renamed[item] = try #require(change["name"] as? String)
        }
        func expectedNames(_ frame: Frame) -> [String] {
            frame.order.filter { frame.rects[$0]!.y + frame.rects[$0]!.height > 0 && frame.rects[$0]!.y < frame.height }
                .sorted { $0.lexicographicallyPrecedes($1) }
                .map { renamed[$0] ?? texts[$0[1]] }
        }
        // A frame follows each change; the tree is read again until it shows them (GTK
        // answers AT-SPI from the main loop, after the frame).
        var names: [String] = [], expected: [String] = []
        var request = 0
        deadline = Date().addingTimeInterval(10)
        repeat {
            request += 1
            let tree = try probe.tree(in: window, request: request)
            names = tree.cells(of: try #require(tree.first { $0.role == "table" })).map(\.name)
            expected = expectedNames(window.lastFrame)
            if names == expected { break }
            Thread.sleep(forTimeInterval: 0.25)
        } while Date() < deadline
        #expect(names == expected)
        #expect(Set(renamed.values).isSubset(of: Set(names)), "the changed cells are in view: \(names)")
        #expect(try window.close() == 0)
    }

    /// An app gives a shown cell an `accessibilityHint` (what activating it does, UIKit's
    /// short phrase): a screen reader reads it as the cell's description (AT-SPI's, which
    /// Orca speaks after the name), as it reads a GTK widget's `GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`;
    /// no other cell gets one, and the cell keeps the name of its text.
    @Test func aCellsHintIsItsDescription() throws {
        let fixture = TrellisWindow.fixture("window-tags.json")
        let probe = AccessibilityProbe()
        let window = try probe.tool(["show", fixture.path, "--self-sizing", "--live-relabel"])
        defer { probe.quit() }
        let initial = try probe.tree(in: window, request: 0)
        let texts = try documentTexts(fixture)
        let before = initial.cells(of: try #require(initial.first { $0.role == "table" }))
        #expect(!before.isEmpty && before.allSatisfy { $0.description.isEmpty }, "\(before.map(\.description))")
        let deadline = Date().addingTimeInterval(20)
        while !window.events("liveUpdate").contains(where: { $0["change"] as? String == "accessibilityHint" }) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let change = try #require(window.events("liveUpdate").first { $0["change"] as? String == "accessibilityHint" }, "no hint was set")
        let item = try #require(change["item"] as? [NSNumber]).map(\.intValue)
        let hint = try #require(change["hint"] as? String)
        // The hinted cell by its name: the item's text (neither renamed nor relabelled).
        let name = texts[item[1]]
        var cells: [AccessibilityProbe.Node] = []
        var request = 0
        repeat {
            request += 1
            let tree = try probe.tree(in: window, request: request)
            cells = tree.cells(of: try #require(tree.first { $0.role == "table" }))
            if cells.contains(where: { !$0.description.isEmpty }) { break }
            Thread.sleep(forTimeInterval: 0.25)
        } while request < 20
        let described = cells.filter { !$0.description.isEmpty }
        #expect(described.map(\.name) == [name] && described.map(\.description) == [hint],
                "described cells: \(described.map { "\($0.name): \($0.description)" })")
        #expect(try window.close() == 0)
    }

    /// A list layout's collection is a list of list items, as a `GtkListView`: the chat
    /// page (a `ListLayout` of message bubbles, named by its title) shows each message in
    /// view as a list item named by its text.
    @Test func aListLayoutIsAListOfListItems() throws {
        let probe = AccessibilityProbe()
        let window = try probe.tool(["gallery", "--page", "chat", "--size", "800x600"])
        defer { probe.quit() }
        let tree = try probe.tree(in: window, request: 0)
        let frame = window.lastFrame
        let inView = frame.order.filter { frame.rects[$0]!.y + frame.rects[$0]!.height > 0 && frame.rects[$0]!.y < frame.height }
        let list = try #require(tree.first { $0.role == "list" && $0.name != "Pages" }, "no list but the sidebar in \(tree.map(\.role))")
        let items = tree.children(of: list)
        #expect(!items.isEmpty && items.count == inView.count, "\(items.count) list items, \(inView.count) messages in view")
        #expect(items.allSatisfy { $0.role == "list item" && !$0.name.isEmpty }, "\(items.map { "\($0.role): \($0.name)" })")
        #expect(try window.close() == 0)
    }

    @Test func galleryControlsAreNamedAndTabGoesSidebarControlsCollection() throws {
        let probe = AccessibilityProbe()
        let window = try TrellisWindow(tool: probe.arguments([TrellisTool.executable.path, "gallery", "--page", "s3", "--size", "800x600"]),
                                       executable: AccessibilityProbe.dbusRunSession)
        defer { probe.quit() }
        let tree = try probe.tree(in: window, request: 0)
        #expect(tree.filter { $0.role == "combo box" }.map(\.name) == ["Alignment", "Layout"])
        let pages = try #require(tree.first { $0.role == "list" && $0.name == "Pages" })
        let rows = tree.children(of: pages)
        // The gallery's ten pages, from S1 to the modern lists.
        #expect(rows.count == 10 && rows.allSatisfy { $0.role == "list item" && !$0.name.isEmpty })
        #expect(rows.first?.name == "S1 · 100,000 tags" && rows.last?.name == "Modern lists")
        #expect(rows.filter { $0.states.contains("selected") }.map(\.name) == ["S3 · grid"])
        let grid = try #require(tree.first { $0.role == "table" && $0.name == "S3 · grid" })
        let cells = tree.cells(of: grid)
        let frame = window.lastFrame
        let inView = frame.order.filter { frame.rects[$0]!.y + frame.rects[$0]!.height > 0 && frame.rects[$0]!.y < frame.height }
        #expect(cells.count == inView.count && cells.allSatisfy { $0.role == "table cell" && !$0.name.isEmpty })

        // Tab from the collection: the sidebar (the page shown), the two switches, then
        // back into the collection on a cell with a visible focus.
        try window.focus()
        func tab() throws -> AccessibilityProbe.Event {
            let seen = probe.events(in: window).count
            try window.xdotool(["key", "Tab"])
            return try probe.event(in: window, after: seen) { $0.type == "object:state-changed:focused" && $0.detail == 1 }
        }
        let sidebar = try tab()
        #expect(sidebar.role == "list item" && rows.map(\.name).contains(sidebar.name))
        // Down moves through the sidebar without switching the page …
        var seen = probe.events(in: window).count
        try window.xdotool(["key", "Down"])
        let next = try probe.event(in: window, after: seen) { $0.type == "object:state-changed:focused" && $0.detail == 1 }
        #expect(next.role == "list item" && next.name != sidebar.name)
        Thread.sleep(forTimeInterval: 0.5)
        let moved = try probe.tree(in: window, request: 1)
        #expect(moved.children(of: try #require(moved.first { $0.name == "Pages" })).filter { $0.states.contains("selected") }.map(\.name) == ["S3 · grid"])
        #expect(window.lastFrame.total == frame.total, "the page changed on moving through the sidebar")
        #expect(try tab().name == "Alignment")
        #expect(try tab().name == "Layout")
        let cell = try tab()
        #expect(cell.role == "table cell")
        let focusedFrame = try window.frame(where: { $0.focus != nil }, timeout: 10)
        #expect(cells.map(\.name).contains(cell.name) && focusedFrame.focus == [0, 0])
        // … and Enter on a sidebar row shows its page.
        seen = probe.events(in: window).count
        try window.xdotool(["key", "shift+Tab", "shift+Tab", "shift+Tab"])
        let back = try probe.event(in: window, after: seen) { $0.type == "object:state-changed:focused" && $0.detail == 1 && $0.role == "list item" }
        try window.xdotool(["key", "Return"])
        Thread.sleep(forTimeInterval: 1)
        let shown = try probe.tree(in: window, request: 2)
        #expect(shown.children(of: try #require(shown.first { $0.name == "Pages" })).filter { $0.states.contains("selected") }.map(\.name) == [back.name])
        #expect(try window.close() == 0)
    }

    /// The "Modern lists" sidebar's groups are outline rows: expandable, expanded while
    /// open (GTK's expanded state, as a GtkTreeExpander's row); the keyboard opens and
    /// closes them as GtkTreeExpander's does (Right and plus open, Left and minus close,
    /// Left on a child goes to its parent), and each change arrives as an AT-SPI
    /// state-changed event. GTK's animations on, as a person has them.
    @Test func outlineRowsAreExpandableAndTheKeyboardOpensAndClosesThem() throws {
        let probe = AccessibilityProbe()
        let window = try TrellisWindow(tool: probe.arguments([TrellisTool.executable.path, "gallery", "--page", "lists", "--size", "800x900"]),
                                       executable: AccessibilityProbe.dbusRunSession, animations: true)
        defer { probe.quit() }
        func sidebarRows(_ frame: Frame) -> Int { frame.order.filter { $0[0] == 0 }.count }
        func cells(_ tree: [AccessibilityProbe.Node]) throws -> [AccessibilityProbe.Node] {
            tree.cells(of: try #require(tree.first { $0.role == "table" && $0.name == "Modern lists" }, "no collection in \(tree.map(\.role))"))
        }
        let initial = try cells(probe.tree(in: window, request: 0))
        // Mailboxes open (four entries), Folders closed; no other row expands.
        let mailboxes = try #require(initial.first { $0.name == "Mailboxes" }, "\(initial.map(\.name))")
        let folders = try #require(initial.first { $0.name == "Folders" })
        #expect(mailboxes.states.isSuperset(of: ["expandable", "expanded"]))
        #expect(folders.states.contains("expandable") && !folders.states.contains("expanded"))
        #expect(initial.filter { $0.states.contains("expandable") }.map(\.name) == ["Mailboxes", "Folders"])
        #expect(initial.contains { $0.name == "Inbox" })

        try window.focus()
        func key(_ name: String, until condition: @escaping (AccessibilityProbe.Event) -> Bool) throws -> AccessibilityProbe.Event {
            let seen = probe.events(in: window).count
            try window.xdotool(["key", name])
            return try probe.event(in: window, after: seen, where: condition)
        }
        let isFocus = { (event: AccessibilityProbe.Event) in event.type == "object:state-changed:focused" && event.detail == 1 }
        let isExpansion = { (event: AccessibilityProbe.Event) in event.type == "object:state-changed:expanded" }
        #expect(try key("Right", until: isFocus).name == "Mailboxes")
        let closed = try key("Left", until: isExpansion)
        #expect(closed.name == "Mailboxes" && closed.detail == 0)
        _ = try window.frame(where: { sidebarRows($0) == 2 })
        let opened = try key("Right", until: isExpansion)
        #expect(opened.name == "Mailboxes" && opened.detail == 1)
        _ = try window.frame(where: { sidebarRows($0) == 6 })
        // Right on an open row goes to its first child; Left on a child to its parent.
        #expect(try key("Right", until: isFocus).name == "Inbox")
        #expect(try key("Left", until: isFocus).name == "Mailboxes")
        #expect(sidebarRows(window.lastFrame) == 6, "Left on a child closed its parent")
        let minus = try key("minus", until: isExpansion)
        #expect(minus.name == "Mailboxes" && minus.detail == 0)
        let plus = try key("plus", until: isExpansion)
        #expect(plus.name == "Mailboxes" && plus.detail == 1)
        _ = try window.frame(where: { sidebarRows($0) == 6 })

        // A click on the closed group opens it: the same state and event.
        let seen = probe.events(in: window).count
        _ = try window.click([0, 5])
        let clicked = try probe.event(in: window, after: seen, where: isExpansion)
        #expect(clicked.name == "Folders" && clicked.detail == 1)
        _ = try window.frame(where: { sidebarRows($0) == 10 })
        let after = try cells(probe.tree(in: window, request: 1))
        #expect(after.filter { $0.states.contains("expanded") }.map(\.name) == ["Mailboxes", "Folders"])
        #expect(after.filter { $0.states.contains("expandable") }.map(\.name) == ["Mailboxes", "Folders"])
        #expect(try window.close() == 0)
    }

    private func documentTexts(_ fixture: URL) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any]
        let sections = try #require(document?["sections"] as? [[String: Any]])
        return try #require(sections.first?["items"] as? [[String: Any]]).compactMap { $0["text"] as? String }
    }
}

/// Runs a program on a private D-Bus bus of its own beside a pyatspi walker that prints the
/// AT-SPI tree and events it sees, and reads the walker's lines (they come on the program's standard output, beside the window's
/// debug lines).
final class AccessibilityProbe: @unchecked Sendable {
    static let dbusRunSession = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    static let python = "/usr/bin/python3"
    static let script = TrellisWindow.fixture("atspi-probe.py").path

    /// Why the accessibility tests cannot run here, or nil.
    static let unavailableReason: String? = {
        if let reason = TrellisWindow.unavailableReason { return reason }
        guard FileManager.default.isExecutableFile(atPath: dbusRunSession.path) else { return "dbus-run-session is not installed (scripts/bootstrap installs dbus)" }
        guard let run = try? TrellisTool.run(["-c", "import pyatspi"], program: URL(fileURLWithPath: python)), run.status == 0 else {
            return "pyatspi is not installed (scripts/bootstrap installs python3-pyatspi and at-spi2-core)"
        }
        return nil
    }()

    /// The probe's request file: created to ask for a walk of the tree.
    let requestFile = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-atspi-\(UUID().uuidString)")

    /// Ends the program and the probe (a test that failed midway leaves no window).
    func quit() {
        FileManager.default.createFile(atPath: requestFile.path + ".quit", contents: nil)
    }

    func arguments(_ program: [String]) -> [String] {
        ["--", Self.python, Self.script, requestFile.path] + program
    }

    /// `trellis ARGUMENTS` in a window, under this probe on a private D-Bus bus.
    func tool(_ arguments: [String]) throws -> TrellisWindow {
        try TrellisWindow(tool: self.arguments([TrellisTool.executable.path] + arguments), executable: Self.dbusRunSession)
    }

    struct Node {
        var depth: Int
        var role: String
        var name: String
        var description: String
        var states: Set<String>
        var extents: [Double]

        init(_ json: [String: Any]) {
            depth = (json["depth"] as? NSNumber)?.intValue ?? 0
            role = json["role"] as? String ?? ""
            name = json["name"] as? String ?? ""
            description = json["description"] as? String ?? ""
            states = Set(json["states"] as? [String] ?? [])
            extents = (json["extents"] as? [NSNumber])?.map(\.doubleValue) ?? []
        }
    }

    struct Event {
        var type: String
        var detail: Int
        var role: String
        var name: String

        init(_ json: [String: Any]) {
            type = json["type"] as? String ?? ""
            detail = (json["detail"] as? NSNumber)?.intValue ?? -1
            role = json["role"] as? String ?? ""
            name = json["name"] as? String ?? ""
        }
    }

    /// The tree of walk `request` (0: the first, when the window appeared); later ones are
    /// asked for here.
    func tree(in window: TrellisWindow, request: Int, timeout: Double = 30) throws -> [Node] {
        if request > 0 { FileManager.default.createFile(atPath: requestFile.path, contents: nil) }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = window.events("atspiTree").first(where: { ($0["request"] as? NSNumber)?.intValue == request }) {
                return (line["nodes"] as? [[String: Any]] ?? []).map(Node.init)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw WindowTestError("no accessible tree \(request) within \(timeout) s; stderr: \(window.standardError.suffix(2000))")
    }

    func events(in window: TrellisWindow) -> [Event] {
        window.events("atspiEvent").map(Event.init)
    }

    /// The first AT-SPI event after the first `index` satisfying `condition`.
    func event(in window: TrellisWindow, after index: Int = 0, timeout: Double = 10, where condition: (Event) -> Bool) throws -> Event {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = events(in: window).dropFirst(index).first(where: condition) { return found }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw WindowTestError("no such AT-SPI event within \(timeout) s; events: \(events(in: window).map { "\($0.type) \($0.detail) \($0.role) \($0.name)" })")
    }

    /// GtkFlowBox of `items` labels (single selection): its tree, then Right and Space
    /// (focus and select the second child, as a person would), the events and the cell
    /// then focused and selected.
    static func flowBoxPeer(items: Int) throws -> (initial: [Node], events: [Event], focusedAndSelected: Node?) {
        let probe = AccessibilityProbe()
        let process = Process()
        process.executableURL = dbusRunSession
        process.arguments = probe.arguments(["--flowbox", String(items)])
        // The peer's lines go to a file, read as they come.
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-atspi-peer-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = FileHandle.nullDevice
        func lines() -> [[String: Any]] {
            let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func tree(_ request: Int) throws -> [Node] {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let line = lines().first { $0["event"] as? String == "atspiTree" && ($0["request"] as? NSNumber)?.intValue == request }
                if let line { return (line["nodes"] as? [[String: Any]] ?? []).map(Node.init) }
                Thread.sleep(forTimeInterval: 0.1)
            }
            throw WindowTestError("the GtkFlowBox peer gave no tree \(request)")
        }
        let initial = try tree(0)
        let xdotool = URL(fileURLWithPath: TrellisWindow.which("xdotool")!)
        let found = try TrellisTool.run(["search", "--sync", "--onlyvisible", "--name", "^GtkFlowBox peer$"], program: xdotool)
        let id = try #require(found.stdout.split(separator: "\n").first.map(String.init))
        _ = try TrellisTool.run(["windowfocus", "--sync", id], program: xdotool)
        _ = try TrellisTool.run(["key", "Right"], program: xdotool)
        Thread.sleep(forTimeInterval: 0.5)
        _ = try TrellisTool.run(["key", "space"], program: xdotool)
        Thread.sleep(forTimeInterval: 0.5)
        FileManager.default.createFile(atPath: probe.requestFile.path, contents: nil)
        let after = try tree(1)
        let events = lines().filter { $0["event"] as? String == "atspiEvent" }.map(Event.init)
        probe.quit()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return (initial, events, after.first { $0.role == "table cell" && $0.states.isSuperset(of: ["focused", "selected"]) })
    }
}

extension [AccessibilityProbe.Node] {
    /// The direct children of `parent` (the nodes one level below it up to its next
    /// sibling).
    /// A table's cells in order, whether they are its children or its rows' (a flow's
    /// lines and a grid's rows are table rows; other layouts' cells are the table's children).
    func cells(of table: AccessibilityProbe.Node) -> [AccessibilityProbe.Node] {
        children(of: table).flatMap { $0.role == "table row" ? children(of: $0) : [$0] }
    }

    func children(of parent: AccessibilityProbe.Node) -> [AccessibilityProbe.Node] {
        guard let start = firstIndex(where: { $0.depth == parent.depth && $0.role == parent.role && $0.name == parent.name && $0.extents == parent.extents }) else { return [] }
        var result: [AccessibilityProbe.Node] = []
        for node in self[index(after: start)...] {
            if node.depth <= parent.depth { break }
            if node.depth == parent.depth + 1 { result.append(node) }
        }
        return result
    }
}
