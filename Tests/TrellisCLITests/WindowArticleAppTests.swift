import Foundation
import Testing

/// The app of TrellisGTK's article "Using Trellis in your GTK app" (Examples/GTKContacts,
/// the article's code word for word) in a real GTK 4 window on the X server, driven with
/// real input events: it shows self-sizing cells, a click selects, and a double-click or
/// Enter — not a single click, not Space — performs the primary action.
@Suite("The GTK article's app", .serialized, .enabled(if: TrellisWindow.available, "\(TrellisWindow.unavailableReason ?? "")"))
struct WindowArticleAppTests {
    static let executable = TrellisTool.executable.deletingLastPathComponent().appendingPathComponent("GTKContacts")

    private func primaryActions(_ window: TrellisWindow) -> [[Int]] {
        window.events("primaryAction").compactMap { ($0["item"] as? [NSNumber])?.map(\.intValue) }
    }

    /// Waits until `count` primary actions were reported (or the timeout).
    private func waitForPrimaryActions(_ window: TrellisWindow, count: Int, timeout: Double = 10) -> [[Int]] {
        let deadline = Date().addingTimeInterval(timeout)
        while primaryActions(window).count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return primaryActions(window)
    }

    @Test func showsSelfSizingCellsSelectsAndOpens() throws {
        let window = try TrellisWindow(tool: [], executable: Self.executable)
        try window.findWindow(named: "Contacts")
        let first = window.lastFrame
        // The window is the article's: 5,000 contacts, the first ones in view, each row as
        // tall as its two lines of text plus 8 pt above and below — measured, not estimated.
        #expect(first.total == 5_000)
        #expect(first.order.first == [0, 0])
        #expect(first.order.count >= 5)
        let heights = Set(first.order.prefix(5).compactMap { first.rects[$0]?.height })
        #expect(heights.count == 1 && (heights.first ?? 0) > 30, "rows \(heights)")
        #expect(first.measured >= first.order.count)

        // A click selects; a single click does not open.
        let clicked = try window.click([0, 2])
        #expect(clicked.selected == [[0, 2]])
        Thread.sleep(forTimeInterval: 0.6)   // beyond GTK's double-click time
        #expect(primaryActions(window).isEmpty)

        // A double-click on another row: selected by its first click, opened by the second.
        let rect = try #require(window.lastFrame.rects[[0, 4]])
        let origin = (window.lastFrame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        try window.movePointer(x: Int(origin[0] + rect.x + rect.width / 2), y: Int(origin[1] + rect.y + rect.height / 2))
        try window.xdotool(["click", "--repeat", "2", "--delay", "60", "1"])
        #expect(waitForPrimaryActions(window, count: 1) == [[0, 4]])
        #expect(try window.frame(where: { $0.selected == [[0, 4]] }, timeout: 10).selected == [[0, 4]])

        // Down moves the focus to the next row; Space selects it without opening; Enter opens it.
        _ = try window.press("Down")
        _ = try window.press("space")
        #expect(try window.frame(where: { $0.selected == [[0, 5]] }, timeout: 10).selected == [[0, 5]])
        Thread.sleep(forTimeInterval: 0.3)
        #expect(primaryActions(window) == [[0, 4]])
        _ = try window.press("Return")
        #expect(waitForPrimaryActions(window, count: 2) == [[0, 4], [0, 5]])
    }
}
