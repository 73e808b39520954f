import Foundation
import Testing

/// S8 in a real window: `trellis gallery --page chat` opens at the newest message, scrolls
/// by the wheel with every visible message moving with the scroll in every frame pair, and
/// pages 10,000 older messages in at the top without moving anything on screen. Part of
/// the serialized window suite (real input goes to one window at a time).
extension WindowShowTests {
    @Test func chatOpensAtTheNewestScrollsStablyAndPagesHistoryInWithoutAJump() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "chat", "--size", "800x600"])
        let first = window.lastFrame
        #expect(first.total == 990_000)
        #expect(first.isAtEnd, "the chat opens at its end")
        // 990,000 messages are 24,750 days of 40: the newest is item 39 of section 24,749.
        let newest = try #require(first.order.max { ($0[0], $0[1]) < ($1[0], $1[1]) })
        #expect(newest == [24_749, 39], "the newest message is shown")
        if let rect = first.rects[newest] { #expect(abs(rect.y + rect.height - first.height) < 0.5, "it ends at the bottom edge") }

        let size = try window.geometry()
        let (x, y) = (size.width / 2, size.height / 2)
        let scrolling = window.frames.count
        for _ in 0..<8 { _ = try window.wheel(down: false, x: x, y: y) }
        #expect(window.lastFrame.offset < first.offset, "the wheel scrolls up into the history")
        for _ in 0..<8 { _ = try window.wheel(down: true, x: x, y: y) }
        let scroll = StabilityCheck(Array(window.frames[max(0, scrolling - 1)...]))
        #expect(scroll.violations.isEmpty, Comment(rawValue: scroll.summary))
        #expect(scroll.pairs >= 10)

        // Home: the very top of what is loaded; the page then brings 10,000 older messages
        // in above (250 days), and every message on screen stays where it was — also when
        // they come in while Home's animation is landing on the top.
        let pressed = window.lastFrame.number
        _ = try window.press("Home")
        let paged = try window.frame(where: { $0.number > pressed && $0.total == 1_000_000 })
        let top = try #require(window.frames.last { $0.number < paged.number && $0.total == 990_000 })
        #expect(top.offset == 0, "Home reached the top before the older messages came in")
        #expect(paged.offset > 0, "the older messages are above")
        var compared = 0
        for (key, rect) in top.rects {
            guard let moved = paged.rects[[key[0] + 250, key[1]]] else { continue }
            compared += 1
            #expect(moved.x == rect.x && moved.y == rect.y && moved.height == rect.height, "message \(key) moved to \(moved) from \(rect)")
        }
        #expect(compared >= 5, "\(compared) messages compared across the page-in")
        #expect(try window.close() == 0)
    }
}
