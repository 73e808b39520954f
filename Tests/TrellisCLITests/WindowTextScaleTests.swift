import Foundation
import Testing

/// `trellis show` follows GTK's text scale while the window is open: raising `gtk-xft-dpi`
/// from 96 to 120 (GNOME's "Large Text", ×1.25; the tool's test hook sets it on SIGUSR2, as
/// a settings daemon does through XSETTINGS) makes the text larger — the cells are measured
/// again and grow — and the item the person was reading stays where it was; setting it
/// back returns the cells to their size.
///
/// The oracle is Apple's Dynamic Type table, not Trellis's code: ×1.25 is nearest to
/// extra extra large, where body text is 21 points for 17 at the default, so the text's
/// line in a cell (its height without the fixture's 5 + 5 points of padding) grows by
/// about 21/17.
@Suite("trellis show: the text scale", .serialized, .enabled(if: TrellisWindow.available, "\(TrellisWindow.unavailableReason ?? "")"))
struct WindowTextScaleTests {
    /// The fixture's vertical padding (top 5, bottom 5).
    static let padding = 10.0

    /// The item the person is reading in `frame`: the first in reading order whose top is
    /// in view.
    static func readingItem(_ frame: Frame) -> [Int]? {
        frame.order.filter { frame.items[$0]! >= -0.5 }.min { (frame.items[$0]!, $0[1]) < (frame.items[$1]!, $1[1]) }
    }

    /// The height most cells of `frame` have (every tag is one line).
    static func cellHeight(_ frame: Frame) -> Double {
        let heights = frame.order.compactMap { frame.rects[$0]?.height }.sorted()
        return heights[heights.count / 2]
    }

    /// Sends the switch and waits for the window's `fonts` line saying `category`, then for
    /// the frames after it to settle.
    static func switchTextScale(_ window: TrellisWindow, expecting category: String) throws -> Frame {
        let fonts = window.events("fonts").count
        let before = window.lastFrame.number
        kill(window.process.processIdentifier, SIGUSR2)
        let deadline = Date().addingTimeInterval(20)
        while window.events("fonts").count == fonts && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let line = try #require(window.events("fonts").last, "no fonts line")
        #expect(line["category"] as? String == category, "\(line)")
        return try window.frame(after: before, settle: 0.5)
    }

    @Test(arguments: [true, false])
    func largeTextGrowsTheCellsAndKeepsTheReadingItem(selfSizing: Bool) throws {
        let window = try TrellisWindow(
            tool: ["show"] + (selfSizing ? ["--self-sizing"] : []) + [TrellisWindow.fixture("window-tags.json").path],
            environment: ["TRELLIS_TEST_TEXT_SCALE_SIGNAL": "1"])
        try window.movePointerAway()
        let fonts = try #require(window.events("fonts").last)
        #expect(fonts["dpi"] as? Double == 96 && fonts["category"] as? String == "large", "\(fonts)")
        // Away from the top of the content, so that keeping the item still is a choice.
        let start = try window.wheel(down: true)
        try window.movePointerAway()
        let normal = window.lastFrame
        let reading = try #require(Self.readingItem(normal), "no item in view")
        let distance = normal.items[reading]!
        #expect(start.offset > 0)

        let large = try Self.switchTextScale(window, expecting: "extraExtraLarge")
        let grown = Self.cellHeight(large), original = Self.cellHeight(normal)
        let ratio = (grown - Self.padding) / (original - Self.padding)
        #expect(ratio > 1.12 && ratio < 1.36, "text line \(original - Self.padding) → \(grown - Self.padding) (×\(ratio)); 21/17 is ×1.235")
        let kept = try #require(large.items[reading], "item \(reading) left the view")
        #expect(abs(kept - distance) <= 1, "item \(reading) moved from \(distance) to \(kept)")

        let back = try Self.switchTextScale(window, expecting: "large")
        #expect(Self.cellHeight(back) == original)
        let returned = try #require(back.items[reading], "item \(reading) left the view")
        #expect(abs(returned - distance) <= 1, "item \(reading) moved from \(distance) to \(returned)")
        #expect(try window.close() == 0)
    }
}
