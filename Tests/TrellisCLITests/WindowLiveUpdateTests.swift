import Foundation
import Testing

/// The widget follows its collection view: an app's `apply` and `selectItem(at:)`, made
/// from GLib timeouts through the collection view alone (`trellis show --live-updates`),
/// reach the screen on the next frames with no call to the widget.
extension WindowShowTests {
    @Test func anApplyAndASelectionFromATimeoutReachTheScreen() throws {
        let window = try TrellisWindow(show: [Self.tags.path, "--self-sizing", "--live-updates"])
        try window.movePointerAway()
        let before = try window.frame(before: "liveUpdate")
        // The apply deletes the first four items, all above the window: the items on screen
        // keep their places and are now four index paths earlier.
        let applied = try window.frame(where: { $0.total == before.total - 4 }, timeout: 10)
        #expect(window.events("liveUpdate").first?["change"] as? String == "apply")
        let shown = applied.order.filter { before.rects[[0, $0[1] + 4]] != nil }
        #expect(shown.count >= 10, "\(shown.count) items shown before and after the apply")
        let moved = shown.compactMap { item -> String? in
            let now = applied.rects[item]!, then = before.rects[[0, item[1] + 4]]!
            return abs(now.x - then.x) < 0.05 && abs(now.y - then.y) < 0.05 ? nil : "item \(item) was at (\(then.x), \(then.y)), now (\(now.x), \(now.y))"
        }
        #expect(moved.isEmpty, "\(moved.count) of \(shown.count) items moved: \(moved.prefix(3))")
        // The selection is drawn.
        let selected = try window.frame(where: { !$0.selected.isEmpty }, timeout: 10)
        let announced = try #require(window.events("liveUpdate").last?["item"] as? [NSNumber]).map(\.intValue)
        #expect(selected.selected == [announced])
        let rect = try #require(selected.rects[announced], "the selected item is in view")
        let settled = try window.frame(after: selected.number - 1, settle: 0.5)
        #expect(settled.selected == [announced])
        let shot = try window.screenshot()
        let pixel = shot.pixel(x: Int(rect.x + 4), y: Int(rect.y + rect.height / 2))
        #expect(pixel.blue > pixel.red + 20, "selected tag pixel \(pixel)")
        #expect(try window.close() == 0)
    }
}
