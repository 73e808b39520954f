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
}
