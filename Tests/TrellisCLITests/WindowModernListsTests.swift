import Foundation
import Testing

/// `trellis gallery --page lists` in a real window: the sidebar's outline opens and closes
/// by a click on its group's row (a header-style outline disclosure makes the whole row
/// the control, as in UIKit), through the diffable data source's section snapshot. Part
/// of the serialized window suite.
extension WindowShowTests {
    @Test func modernListsSidebarGroupsOpenAndCloseByAClick() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "lists", "--size", "800x900"])
        func sidebarRows(_ frame: Frame) -> Int { frame.order.filter { $0[0] == 0 }.count }
        let first = window.lastFrame
        // Mailboxes (expanded, four entries) and Folders (collapsed).
        #expect(sidebarRows(first) == 6, "\(first.order)")
        #expect(first.total == 6 + 6 + 12)
        _ = try window.click([0, 5])
        let opened = try window.frame(where: { sidebarRows($0) == 10 })
        #expect(opened.total == 10 + 6 + 12)
        #expect(opened.selected.isEmpty, "the press went to the disclosure, not the selection")
        _ = try window.click([0, 0])
        let closed = try window.frame(where: { sidebarRows($0) == 6 })
        #expect(closed.total == 6 + 6 + 12)
        #expect(try window.close() == 0)
    }

    /// The settings' Language row has a pop-up menu accessory: a click anywhere on the row
    /// opens a GTK popover menu at the accessory, a click on a language in it chooses it
    /// (the single-selection menu's handler reports the new language); Enter on the
    /// focused row opens it again, Escape closes it without a choice, and Enter in it
    /// chooses the item GTK's menu has focused (its first).
    @Test func theLanguagePopUpMenuOpensChoosesAndCloses() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "lists", "--size", "800x900"], animations: true)
        try window.focus()
        let language = [1, 4]
        func next(_ event: String, after count: Int) throws -> [String: Any] {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let lines = window.events(event)
                if lines.count > count { return lines[count] }
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw WindowTestError("no \(event) line after \(count); stderr: \(window.standardError.suffix(1000))")
        }
        let clicked = try window.click(language)
        let shown = try next("menuShown", after: 0)
        #expect(shown["titles"] as? [String] == ["English", "Français", "Deutsch", "Español"])
        #expect((shown["item"] as? [NSNumber])?.map(\.intValue) == language)
        #expect(clicked.selected.isEmpty, "the click opened the menu; it did not select the row")
        // The popover is a window of its own on the X server (a popup below the row): its
        // second item, 30 px rows below the arrow and padding, is Français.
        Thread.sleep(forTimeInterval: 0.5)
        let popups = try window.xdotool(["search", "--onlyvisible", "--name", "^trellis$"]).split(separator: "\n").map(String.init)
        let popup = try #require(popups.last, "no popover window")
        let geometry = Dictionary(uniqueKeysWithValues: try window.xdotool(["getwindowgeometry", "--shell", popup])
            .split(separator: "\n").compactMap { line -> (String, Int)? in
                let parts = line.split(separator: "=")
                return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
            })
        let (x, y, width, height) = (geometry["X"] ?? 0, geometry["Y"] ?? 0, geometry["WIDTH"] ?? 0, geometry["HEIGHT"] ?? 0)
        #expect(height >= 4 * 30 && width > 60, "a popover with four items: \(geometry)")
        try window.xdotool(["mousemove", String(x + width / 2), String(y + height - 8 - 30 * 2 - 15)])
        Thread.sleep(forTimeInterval: 0.3)
        try window.xdotool(["click", "1"])
        #expect(try next("menuChosen", after: 0)["title"] as? String == "Français")
        #expect(try next("modernListsLanguage", after: 0)["language"] as? String == "Français")

        // The keyboard: the focus onto the row (Right focuses the first row, Down goes
        // row by row: six sidebar rows, then the settings), Enter opens the menu, Escape
        // closes it, nothing chosen.
        Thread.sleep(forTimeInterval: 0.3)
        try window.movePointerAway()
        for key in ["Right"] + Array(repeating: "Down", count: 10) { try window.xdotool(["key", key]) }
        _ = try window.frame(where: { $0.focus == language })
        try window.xdotool(["key", "Return"])
        _ = try next("menuShown", after: 1)
        Thread.sleep(forTimeInterval: 0.3)
        try window.xdotool(["key", "Escape"])
        _ = try next("menuClosed", after: 0)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(window.events("menuChosen").count == 1)
        // Again: Enter chooses the item the menu has focused, its first.
        try window.xdotool(["key", "Return"])
        _ = try next("menuShown", after: 2)
        Thread.sleep(forTimeInterval: 0.3)
        try window.xdotool(["key", "Return"])
        #expect(try next("menuChosen", after: 1)["title"] as? String == "English")
        #expect(try next("modernListsLanguage", after: 1)["language"] as? String == "English")
        #expect(try window.close() == 0)
    }
}
