import Foundation
import Testing

/// A horizontal layout in the window: `trellis show` of a horizontal flow document (600
/// wide, 300 high, 400 tags in columns) opens at the document's size, and the person
/// scrolls it sideways with the vertical wheel (a horizontal-only view), the horizontal
/// wheel, Shift + wheel, Page Down / Up, End and Home and the horizontal scrollbar — each
/// along x, nothing along y — and in every pair of consecutive frames every item visible
/// in both moved by the same (dx, 0) as every other (`StabilityCheck`) — with the items
/// sized up front and exact offsets, and with `--self-sizing` (items measured as they come
/// into view from estimates, the content's width changing under the view), GTK's
/// animations off and on.
///
/// The oracle is GTK's documented behaviour, not Trellis's code: a wheel step is the page
/// to the power 2/3 (600^(2/3) = 71.14 points), Page Down is 0.9 of a page, End shows the
/// end of the content at the right edge, Home the start; a UIKit horizontal flow layout
/// fills columns top to bottom, so the last item is in the last column.
@Suite("trellis show: a horizontal layout", .serialized, .enabled(if: TrellisWindow.available, "\(TrellisWindow.unavailableReason ?? "")"))
struct WindowHorizontalScrollingTests {
    static let wheelStep = pow(600.0, 2.0 / 3.0)

    static func offsetX(_ frame: Frame) -> Double { (frame.raw["offsetX"] as? NSNumber)?.doubleValue ?? .nan }
    static func contentWidth(_ frame: Frame) -> Double { (frame.raw["contentWidth"] as? NSNumber)?.doubleValue ?? .nan }

    /// The horizontal scrollbar (overlay: it appears under the pointer at the bottom edge)
    /// dragged from `start` to `end` of the window's width, in five motions.
    static func dragScrollbar(_ window: TrellisWindow, from start: Double, to end: Double) throws {
        let size = try window.geometry()
        let y = size.height - 5
        try window.movePointer(x: Int(Double(size.width) * start), y: y)
        Thread.sleep(forTimeInterval: 0.4)
        let before = window.lastFrame.number
        try window.xdotool(["mousedown", "1"])
        for step in 1...5 {
            try window.movePointer(x: Int(Double(size.width) * (start + (end - start) * Double(step) / 5)), y: y)
            Thread.sleep(forTimeInterval: 0.1)
        }
        try window.xdotool(["mouseup", "1"])
        _ = try window.frame(after: before)
    }

    /// One click of `button` (4/5 vertical wheel, 6/7 horizontal), Shift held with `shift`.
    static func wheel(_ window: TrellisWindow, button: Int, shift: Bool = false) throws -> Frame {
        let before = window.lastFrame.number
        try window.movePointer(x: 300, y: 150)
        try window.xdotool(shift ? ["keydown", "shift", "click", String(button), "keyup", "shift"] : ["click", String(button)])
        return try window.frame(after: before)
    }

    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func scrollsSidewaysByWheelKeysAndScrollbarWithEveryItemMovingTogether(selfSizing: Bool, animations: Bool) throws {
        let window = try TrellisWindow(
            tool: ["show"] + (selfSizing ? ["--self-sizing"] : []) + [TrellisWindow.fixture("window-horizontal-tags.json").path],
            animations: animations)
        let size = try window.geometry()
        #expect(size.width == 600 && size.height == 300, "the window is \(size), the document 600 × 300")
        let first = window.lastFrame
        let width = Self.contentWidth(first)
        #expect(first.height == 300 && first.contentHeight == 300 && width > 2 * 600, "content \(width) × \(first.contentHeight)")
        #expect(Self.offsetX(first) == 0 && first.offset == 0)

        var expected = 0.0
        // Measured as they come into view, the items before the view change the offset the
        // view is kept at (the anchor holds what is on screen still): exact only when sized
        // up front; with self-sizing, each step still moves right or left, never along y.
        var previous = 0.0
        func expectOffset(_ frame: Frame, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            defer { previous = Self.offsetX(frame) }
            if selfSizing {
                let forward = expected > previous
                #expect(frame.offset == 0 && (forward ? Self.offsetX(frame) > previous : Self.offsetX(frame) < previous),
                        "\(what): offset (\(Self.offsetX(frame)), \(frame.offset)) after \(previous)", sourceLocation: sourceLocation)
                expected = Self.offsetX(frame)
                return
            }
            #expect(abs(Self.offsetX(frame) - expected) < 0.01 && frame.offset == 0,
                    "\(what): offset (\(Self.offsetX(frame)), \(frame.offset)), expected (\(expected), 0)", sourceLocation: sourceLocation)
        }
        for _ in 0..<3 {
            expected += Self.wheelStep
            expectOffset(try Self.wheel(window, button: 5), "vertical wheel down")
        }
        expected -= Self.wheelStep
        expectOffset(try Self.wheel(window, button: 4), "vertical wheel up")
        expected += Self.wheelStep
        expectOffset(try Self.wheel(window, button: 7), "horizontal wheel right")
        expected += Self.wheelStep
        expectOffset(try Self.wheel(window, button: 5, shift: true), "Shift + wheel down")

        try window.movePointerAway()
        expected += 0.9 * 600
        expectOffset(try window.press("Page_Down"), "Page Down")
        expected -= 0.9 * 600
        expectOffset(try window.press("Page_Up"), "Page Up")

        try Self.dragScrollbar(window, from: 0.2, to: 0.35)
        let dragged = window.lastFrame
        #expect(Self.offsetX(dragged) > previous + 100 && dragged.offset == 0, "scrollbar drag: \(Self.offsetX(dragged)) after \(previous)")

        // End and Home animate over several frames with GTK's animations on (slow ones
        // in a debug build on a busy machine): waited for until they land.
        try window.movePointerAway()
        let beforeEnd = window.lastFrame.number
        _ = try window.press("End")
        let end = try window.frame { $0.number > beforeEnd && !$0.animating && $0.items[[0, 399]] != nil }
        #expect(abs(Self.offsetX(end) - (Self.contentWidth(end) - 600)) < 0.01, "End: \(Self.offsetX(end)) of \(Self.contentWidth(end))")
        let beforeHome = window.lastFrame.number
        _ = try window.press("Home")
        let home = try window.frame { $0.number > beforeHome && !$0.animating && $0.items[[0, 0]] != nil }
        #expect(Self.offsetX(home) == 0, "Home: \(Self.offsetX(home))")

        // A column's items are centred across it, and the column is as wide as its widest
        // item: with self-sizing, a narrow item of a column at the right edge can start
        // beyond it while its wider neighbours are in view; the collection view measures
        // the whole column when any item of it is displayed, so none of them moves later.
        let check = StabilityCheck(window.frames)
        #expect(check.pairs >= 10)
        #expect(check.violations.isEmpty, "\(check.summary)")
        // Nothing moved along y: every item kept its top in every frame.
        let frames = window.frames
        let movedVertically = zip(frames, frames.dropFirst()).flatMap { previous, next in
            previous.order.filter { next.rects[$0] != nil && abs(next.rects[$0]!.y - previous.rects[$0]!.y) > 0.05 }
        }
        #expect(movedVertically.isEmpty, "items moved along y: \(movedVertically.prefix(3))")
        #expect(try window.close() == 0)
    }
}
