import Foundation
import Testing

/// Pointer drags in the real window, with GTK's animations on (its default), driven by
/// xdotool's button and motion events: a task of the gallery's Modern lists page reordered
/// by its handle and by a long press, the view scrolling while a lifted task is held at the
/// bottom edge, Escape putting a lifted task back, a settings row swiped open and its Delete
/// clicked, and a carousel dragged sideways coming to rest on a group's edge.
///
/// The page prints the data source's order after each change the person makes (a
/// `modernLists` line: the item identifiers of the settings and the tasks); the frame lines
/// say where each index path is drawn. Together they give the text drawn in each row.
@Suite("Pointer drags in the live window", .serialized, .enabled(if: TrellisWindow.available, "\(TrellisWindow.unavailableReason ?? "")"))
struct WindowDragTests {
    static let tasks = (1...12).map { "task/Task \($0)" }
    static let tasksSection = 2, settingsSection = 1
    /// Across a task row, where its reorder handle (≡) is: the middle of the 24-point
    /// accessory inside the trailing margin, 16 points in a compact width and 20 in a
    /// regular one (a 609-point row: 569...593 or 565...589).
    static let handleX = 0.955

    /// The gallery's Modern lists page in a window of `size`.
    func listsWindow(size: String = "800x1000") throws -> TrellisWindow {
        let window = try TrellisWindow(tool: ["gallery", "--page", "lists", "--size", size], animations: true)
        try window.focus()
        return window
    }

    /// A point of `item` as the last frame draws it, in the window: `fx`, `fy` are fractions
    /// of its width and height.
    func point(_ window: TrellisWindow, _ item: [Int], fx: Double = 0.5, fy: Double = 0.5) throws -> (x: Int, y: Int) {
        let frame = window.lastFrame
        let rect = try #require(frame.rects[item], "item \(item) is not in view: \(frame.order)")
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        return (Int(origin[0] + rect.x + rect.width * fx), Int(origin[1] + rect.y + rect.height * fy))
    }

    /// Presses button 1 at `from`, waits `hold` seconds, moves through `path` (a motion
    /// event each, 30 ms apart), and releases unless `release` is false.
    func drag(_ window: TrellisWindow, from: (x: Int, y: Int), hold: Double = 0, through path: [(x: Int, y: Int)], release: Bool = true) throws {
        try window.movePointer(x: from.x, y: from.y)
        Thread.sleep(forTimeInterval: 0.1)
        try window.xdotool(["mousedown", "1"])
        Thread.sleep(forTimeInterval: max(0.05, hold))
        for point in path {
            try window.movePointer(x: point.x, y: point.y)
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.15)
        if release { try window.xdotool(["mouseup", "1"]) }
    }

    /// `count` evenly spaced points from `a` to `b`, `b` included.
    func line(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int), count: Int = 10) -> [(x: Int, y: Int)] {
        (1...count).map { step in
            let t = Double(step) / Double(count)
            return (a.x + Int((Double(b.x - a.x) * t).rounded()), a.y + Int((Double(b.y - a.y) * t).rounded()))
        }
    }

    /// The `modernLists` lines so far: (settings, tasks) after each change.
    func orders(_ window: TrellisWindow) -> [(settings: [String], tasks: [String])] {
        window.events("modernLists").map { ($0["settings"] as? [String] ?? [], $0["tasks"] as? [String] ?? []) }
    }

    /// Waits for the `count`th `modernLists` line.
    func order(_ window: TrellisWindow, number count: Int) throws -> (settings: [String], tasks: [String]) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let all = orders(window)
            if all.count >= count { return all[count - 1] }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw WindowTestError("no change of order reported (\(orders(window).count) so far); events: reorderBegin \(window.events("reorderBegin").count), reorderEnd \(window.events("reorderEnd").count)")
    }

    /// The frame drawn once the window is quiet again (animations and settling done).
    func settled(_ window: TrellisWindow) throws -> Frame {
        Thread.sleep(forTimeInterval: 0.3)
        return try window.frame(after: window.lastFrame.number - 1, settle: 0.5)
    }

    /// UIKit's order after `moveItemAt: from to: to` within one section.
    static func moved(_ items: [String], from: Int, to: Int) -> [String] {
        var items = items
        items.insert(items.remove(at: from), at: to)
        return items
    }

    /// Every task row of `after` is drawn where the same index path was drawn in `before`
    /// (task rows are the same height, so a move changes which task is in a row, not where
    /// the rows are) — so the task shown in each row is the new order's.
    func expectRowsInPlace(_ before: Frame, _ after: Frame, _ what: String) {
        var compared = 0
        for item in before.order where item[0] == Self.tasksSection {
            guard let old = before.rects[item], let new = after.rects[item] else { continue }
            compared += 1
            #expect(abs(old.y - new.y) < 0.5 && abs(old.x - new.x) < 0.5, "\(what): row \(item) drawn at \(new.y), was \(old.y)")
        }
        #expect(compared >= 4, "\(what): four task rows in view in both frames")
    }

    @Test func aTaskDraggedByItsHandleFromRowOneToRowFourMovesThere() throws {
        let window = try listsWindow()
        let first = try settled(window)
        let row1 = [Self.tasksSection, 0], row4 = [Self.tasksSection, 3]
        // The reorder handle (≡) is the row's trailing accessory.
        let handle = try point(window, row1, fx: Self.handleX)
        let target = try point(window, row4, fx: Self.handleX)
        try drag(window, from: handle, through: line(handle, target))
        let order = try order(window, number: 1)
        // UIKit tells the data source moveItemAt [2,0] to [2,3]: Task 1 after Task 4.
        #expect(order.tasks == Self.moved(Self.tasks, from: 0, to: 3), "\(order.tasks)")
        let after = try settled(window)
        #expect(window.events("reorderBegin").count == 1 && window.events("reorderEnd").count == 1)
        expectRowsInPlace(first, after, "after the drop")
        #expect(after.selected.isEmpty, "a drag selects nothing")
        #expect(after.focus == row4, "the keyboard focus went with the moved task")
        #expect((window.events("reorderEnd").first?["item"] as? [Int]) == row4)
        #expect(try window.close() == 0)
    }

    @Test func aLongPressLiftsATaskAnywhereOnItsRow() throws {
        let window = try listsWindow()
        let first = try settled(window)
        // Row 4's text, held past GTK's long-press time (500 ms), then dragged up to row 2.
        let start = try point(window, [Self.tasksSection, 3], fx: 0.3)
        let target = try point(window, [Self.tasksSection, 1], fx: 0.3)
        try drag(window, from: start, hold: 0.9, through: line(start, target))
        let order = try order(window, number: 1)
        #expect(order.tasks == Self.moved(Self.tasks, from: 3, to: 1), "\(order.tasks)")
        expectRowsInPlace(first, try settled(window), "after the drop")
        #expect(try window.close() == 0)
    }

    @Test func altDownMovesTheFocusedTask() throws {
        let window = try listsWindow()
        _ = try settled(window)
        _ = try window.click([Self.tasksSection, 0])
        for _ in 0..<3 { _ = try window.press("alt+Down") }
        let order = try order(window, number: 3)
        #expect(order.tasks == Self.moved(Self.tasks, from: 0, to: 3), "\(order.tasks)")
        _ = try window.press("alt+Up")
        let back = try self.order(window, number: 4)
        #expect(back.tasks == Self.moved(Self.tasks, from: 0, to: 2), "\(back.tasks)")
        #expect(try settled(window).focus == [Self.tasksSection, 2], "the focus stays on Task 1")
        #expect(try window.close() == 0)
    }

    /// The others make room for a lifted task animated, as UIKit's interactive movement
    /// does: Task 1 dragged by its handle past the middle of row 2 and held there, Task 2
    /// slides up into row 1 over several frames along UIKit's 0.3 s ease-in-out (its place
    /// is its old row's plus the curve's progress of the way), never back, while every
    /// other row and section stays exactly still; the drop then commits the move.
    @Test func theRowsMakeRoomForALiftedTaskAnimated() throws {
        let window = try listsWindow()
        let first = try settled(window)
        let row1 = [Self.tasksSection, 0], row2 = [Self.tasksSection, 1]
        let (top1, top2) = (try #require(first.rects[row1]).y, try #require(first.rects[row2]).y)
        let handle = try point(window, row1, fx: Self.handleX)
        // 1.4 rows down: the lifted task's middle is past row 2's.
        let target = (x: handle.x, y: handle.y + Int(((top2 - top1) * 1.4).rounded()))
        let before = window.frames.count
        try drag(window, from: handle, through: line(handle, target, count: 14), release: false)
        _ = try settled(window)
        let held = Array(window.frames[(before - 1)...])
        // The frames of the room being made: from the first animated one to the first after.
        let start = try #require(held.firstIndex { $0.raw["updateProgress"] != nil }, "no animated frame while the task was held")
        let end = held[start...].firstIndex { $0.raw["updateProgress"] == nil } ?? held.endIndex
        let animated = held[start..<end]
        // Task 2 is now row 1's index path (the lifted task is row 2's, drawn under the
        // pointer: not compared).
        var places: [Double] = []
        for frame in animated {
            let progress = (frame.raw["updateProgress"] as? NSNumber)?.doubleValue ?? .nan
            let y = try #require(frame.rects[row1], "frame \(frame.number): Task 2 is not drawn").y
            places.append(y)
            // Drawn on whole points: within one of the curve's place.
            #expect(abs(y - (top2 + (top1 - top2) * progress)) <= 1, "frame \(frame.number): Task 2 at \(y) for progress \(progress)")
            let elapsed = (frame.raw["updateElapsed"] as? NSNumber)?.doubleValue ?? -1
            #expect(abs(progress - WindowShowTests.easeInOut(elapsed / 0.3)) < 1e-3, "frame \(frame.number): progress \(progress) at \(elapsed) s")
        }
        let between = places.filter { $0 < top2 - 0.5 && $0 > top1 + 0.5 }
        #expect(between.count >= 4, "Task 2 passed through \(between.count) places between its row and row 1: \(places)")
        #expect(zip(places, places.dropFirst()).allSatisfy { $1 <= $0 }, "Task 2 moved back down: \(places)")
        #expect(held.last?.rects[row1]?.y == top1, "Task 2 ends in row 1")
        // Nothing else moves: every other item of every frame is where the first frame has it.
        for frame in held {
            for item in frame.order where item != row1 && item != row2 {
                guard let was = first.rects[item], let now = frame.rects[item] else { continue }
                #expect(was.x == now.x && was.y == now.y && was.height == now.height, "frame \(frame.number): \(item) moved from \(was) to \(now)")
            }
        }
        try window.xdotool(["mouseup", "1"])
        let order = try order(window, number: 1)
        #expect(order.tasks == Self.moved(Self.tasks, from: 0, to: 1), "\(order.tasks)")
        expectRowsInPlace(first, try settled(window), "after the drop")
        #expect(try window.close() == 0)
    }

    @Test func escapeCancelsAReorderAndPutsTheTaskBack() throws {
        let window = try listsWindow()
        let first = try settled(window)
        try window.movePointerAway()
        let before = try window.screenshot()
        let handle = try point(window, [Self.tasksSection, 0], fx: Self.handleX)
        let target = try point(window, [Self.tasksSection, 3], fx: Self.handleX)
        try drag(window, from: handle, through: line(handle, target), release: false)
        _ = try settled(window)
        #expect(window.events("reorderBegin").count == 1, "the drag lifted the task")
        // Held over row 4: Task 1 is drawn there and the rows below it moved up.
        let held = try window.screenshot()
        let origin = (first.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let tasksTop = Int(origin[1] + (try #require(first.rects[[Self.tasksSection, 0]])).y)
        let top = Int(origin[1]), bottom = Int(origin[1] + first.height)
        #expect(Self.differingPixels(before, held, fromY: tasksTop, toY: bottom) > 1_000, "the lifted task and the rows making room are drawn")
        try window.xdotool(["key", "Escape"])
        try window.xdotool(["mouseup", "1"])
        let restored = try settled(window)
        #expect(window.events("reorderCancel").count == 1)
        #expect(orders(window).isEmpty, "the data source was not told of a move")
        expectRowsInPlace(first, restored, "after Escape")
        #expect(restored.selected.isEmpty)
        try window.movePointerAway()
        _ = try settled(window)
        let after = try window.screenshot()
        // The press gave Task 1 the keyboard focus: its ring is the one difference allowed.
        // Beside it, a few lone pixels may differ: a row drawn once from its cached picture
        // and once directly (as while it moved) can differ in the anti-aliasing of a glyph's
        // edge (7 pixels over the whole list seen). A row not where it was differs in
        // thousands (the held screenshot above).
        let row = try #require(restored.rects[[Self.tasksSection, 0]])
        let ring = (x: origin[0] + row.x, y: origin[1] + row.y, width: row.width, height: row.height)
        #expect(Self.differingPixels(before, after, fromY: top, toY: bottom, outsideRingOf: ring) <= 24,
                "every row is drawn where it was; differing: \(Self.differingBox(before, after, outsideRingOf: ring)), ring \(ring)")
        #expect(try window.close() == 0)
    }

    /// Pixels that differ between two screenshots of one window, in the rows `fromY..<toY`
    /// (the collection's, not the status line's below it), left of the overlay scrollbar's 12 columns.
    /// The box around the pixels that differ (for a failure's message).
    static func differingBox(_ a: XWDImage, _ b: XWDImage,
                             outsideRingOf ring: (x: Double, y: Double, width: Double, height: Double)) -> String {
        var box: (Int, Int, Int, Int)?
        for y in 0..<min(a.height, b.height) {
            for x in 0..<(min(a.width, b.width) - 12) where differingPixels(a, b, x: x, y: y) && !isOnRing(x, y, ring) {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { "x \($0.0)...\($0.2), y \($0.1)...\($0.3)" } ?? "none"
    }

    static func differingPixels(_ a: XWDImage, _ b: XWDImage, x: Int, y: Int) -> Bool {
        let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
        return p.red != q.red || p.green != q.green || p.blue != q.blue
    }

    static func isOnRing(_ x: Int, _ y: Int, _ ring: (x: Double, y: Double, width: Double, height: Double)?) -> Bool {
        guard let ring else { return false }
        let px = Double(x), py = Double(y)
        let outer = px >= ring.x - 4 && px < ring.x + ring.width + 4 && py >= ring.y - 4 && py < ring.y + ring.height + 4
        let inner = px >= ring.x + 1 && px < ring.x + ring.width - 1 && py >= ring.y + 1 && py < ring.y + ring.height - 1
        return outer && !inner
    }

    /// With `ring`, the 4-pixel band around that rectangle's edges (a focus ring) is left out.
    static func differingPixels(_ a: XWDImage, _ b: XWDImage, fromY: Int, toY: Int,
                                outsideRingOf ring: (x: Double, y: Double, width: Double, height: Double)? = nil) -> Int {
        var count = 0
        for y in max(0, fromY)..<min(a.height, b.height, toY) {
            for x in 0..<(min(a.width, b.width) - 12) where differingPixels(a, b, x: x, y: y) && !isOnRing(x, y, ring) {
                count += 1
            }
        }
        return count
    }

    /// UIKit's lift: a task held by a long press is drawn above the others with a soft
    /// shadow around it. The rows' pixels a few points below and above it (clear of the
    /// focus ring, where the rows show only their background) are plain before the lift,
    /// darker while it is held, and plain again once Escape puts it back.
    @Test func aLiftedTaskCastsASoftShadowOnTheRowsAroundIt() throws {
        let window = try listsWindow()
        let first = try settled(window)
        try window.movePointerAway()
        _ = try settled(window)
        let before = try window.screenshot()
        let item = [Self.tasksSection, 1]
        let rect = try #require(first.rects[item])
        let origin = (first.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let top = Int(origin[1] + rect.y), bottom = Int(origin[1] + rect.y + rect.height)
        // The middle of the row across: no text, accessory or handle there.
        let columns = Int(origin[0] + rect.x + rect.width * 0.4)...Int(origin[0] + rect.x + rect.width * 0.7)
        let below = bottom + 4...bottom + 8, above = top - 8...top - 4
        func levels(_ image: XWDImage, _ rows: ClosedRange<Int>) -> (mean: Double, spread: Int) {
            var values: [Int] = []
            for y in rows {
                for x in columns {
                    let pixel = image.pixel(x: x, y: y)
                    values.append((Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3)
                }
            }
            return (Double(values.reduce(0, +)) / Double(values.count), (values.max() ?? 0) - (values.min() ?? 0))
        }
        // Before the lift: the rows' plain background, no gradient.
        #expect(levels(before, below).spread == 0 && levels(before, above).spread == 0)

        let press = try point(window, item, fx: 0.5)
        try drag(window, from: press, hold: 0.9, through: [], release: false)
        _ = try settled(window)
        #expect(window.events("reorderBegin").count == 1, "the long press lifted the task")
        let held = try window.screenshot()
        let (plainBelow, shadowBelow) = (levels(before, below), levels(held, below))
        let (plainAbove, shadowAbove) = (levels(before, above), levels(held, above))
        // Darker on both sides, more below (the shadow falls 3 points down), and fading
        // (a gradient, not a line).
        #expect(shadowBelow.mean < plainBelow.mean - 10, "below: \(shadowBelow.mean) lifted, \(plainBelow.mean) before")
        #expect(shadowAbove.mean < plainAbove.mean - 3, "above: \(shadowAbove.mean) lifted, \(plainAbove.mean) before")
        #expect(shadowBelow.mean < shadowAbove.mean)
        #expect(shadowBelow.spread > 0)

        try window.xdotool(["key", "Escape"])
        try window.xdotool(["mouseup", "1"])
        _ = try settled(window)
        try window.movePointerAway()
        _ = try settled(window)
        let after = try window.screenshot()
        #expect(levels(after, below) == levels(before, below) && levels(after, above) == levels(before, above), "the shadow went with the lift")
        #expect(try window.close() == 0)
    }

    @Test func holdingALiftedTaskAtTheBottomEdgeScrollsToTheEnd() throws {
        // A short window: the tasks go on below its bottom edge.
        let window = try listsWindow(size: "800x420")
        var frame = try settled(window)
        // Wheel down until Task 1's row is in the upper half.
        let widgetOrigin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        for _ in 0..<20 {
            if let rect = frame.rects[[Self.tasksSection, 0]], rect.y > 0, rect.y < frame.height / 2 { break }
            frame = try window.wheel(down: true, x: Int(widgetOrigin[0]) + 100, y: Int(widgetOrigin[1]) + 100)
            frame = try settled(window)
        }
        try #require(frame.rects[[Self.tasksSection, 0]] != nil, "Task 1 in view: \(frame.order)")
        try #require(!frame.isAtEnd, "the content goes on below")
        let startOffset = frame.offset
        let handle = try point(window, [Self.tasksSection, 0], fx: Self.handleX)
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        // 6 pt above the widget's bottom edge: deep in the edge zone.
        let bottom = (handle.x, Int(origin[1] + frame.height) - 6)
        try drag(window, from: handle, through: line(handle, bottom), release: false)
        // Scrolling; back in the middle of the view it stops.
        _ = try window.frame(where: { $0.offset > startOffset + 5 }, timeout: 10)
        let middle = (handle.x, Int(origin[1] + frame.height / 2))
        try window.movePointer(x: middle.0, y: middle.1)
        Thread.sleep(forTimeInterval: 0.4)
        let stopped = window.lastFrame.offset
        Thread.sleep(forTimeInterval: 0.6)
        #expect(window.lastFrame.offset == stopped, "out of the edge zone the view stays (\(stopped) → \(window.lastFrame.offset))")
        #expect(!window.lastFrame.isAtEnd, "it stopped before the end")
        try window.movePointer(x: bottom.0, y: bottom.1)
        let atEnd = try window.frame(where: { $0.isAtEnd && $0.offset > startOffset }, timeout: 15)
        // It moved through frames, not in one jump.
        let scrolled = window.frames.filter { $0.number <= atEnd.number && $0.offset > stopped + 0.5 }
        #expect(scrolled.count >= 3, "the edge scroll went over several frames: \(scrolled.map(\.offset))")
        try window.xdotool(["mouseup", "1"])
        let order = try order(window, number: 1)
        let index = try #require(order.tasks.firstIndex(of: "task/Task 1"))
        #expect(index >= 9, "Task 1 dropped near the end of the list: \(order.tasks)")
        #expect(order.tasks.filter { $0 != "task/Task 1" } == Array(Self.tasks.dropFirst()), "the others keep their order")
        let last = try settled(window)
        #expect(last.offset <= last.contentHeight - last.height + 0.5, "no scroll past the end")
        #expect(try window.close() == 0)
    }

    @Test func aSettingsRowSwipedLeftRevealsDeleteAndAClickDeletesIt() throws {
        let window = try listsWindow()
        _ = try settled(window)
        let wifi = [Self.settingsSection, 0]
        let rect = try #require(window.lastFrame.rects[wifi])
        let start = try point(window, wifi, fx: 0.7)
        // 60 pt to the left: past half of Delete's 74 pt, short of a full swipe.
        try drag(window, from: start, through: line(start, (start.x - 60, start.y)))
        let open = try settled(window)
        #expect(window.events("swipeReveal").count == 1, "the release left Delete revealed")
        #expect(open.selected.isEmpty, "a swipe selects nothing")
        // Delete is drawn at the row's trailing end: red.
        let origin = (open.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        try window.movePointerAway()
        let shot = try window.screenshot()
        let red = shot.pixel(x: Int(origin[0] + rect.x + rect.width - 8), y: Int(origin[1] + rect.y + rect.height / 2))
        #expect(red.red > 200 && red.green < 80 && red.blue < 80, "Delete's red at the trailing end: \(red)")
        // Click Delete.
        let delete = (Int(origin[0] + rect.x + rect.width - 30), Int(origin[1] + rect.y + rect.height / 2))
        try window.movePointer(x: delete.0, y: delete.1)
        try window.xdotool(["click", "1"])
        let order = try order(window, number: 1)
        #expect(!order.settings.contains("setting/Wi-Fi") && order.settings.count == 5, "\(order.settings)")
        // The delete reaches the screen (on a loaded machine, some frames later).
        let after = try window.frame(where: { $0.total == open.total - 1 }, timeout: 10)
        #expect(after.selected.isEmpty)
        #expect(try window.close() == 0)
    }

    @Test func aScrollClosesRevealedActionsAndAFullSwipeDeletesATask() throws {
        let window = try listsWindow()
        _ = try settled(window)
        let task2 = [Self.tasksSection, 1]
        let start = try point(window, task2, fx: 0.6)
        try drag(window, from: start, through: line(start, (start.x - 60, start.y)))
        _ = try settled(window)
        #expect(window.events("swipeReveal").count == 1)
        func trailingEndIsRed() throws -> Bool {
            let frame = window.lastFrame
            let rect = try #require(frame.rects[task2])
            let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
            let pixel = try window.screenshot().pixel(x: Int(origin[0] + rect.x + rect.width - 20), y: Int(origin[1] + rect.y + rect.height / 2))
            return pixel.red > 200 && pixel.green < 80 && pixel.blue < 80
        }
        #expect(try trailingEndIsRed(), "Delete is drawn")
        // One wheel step: UIKit closes the actions when the list scrolls.
        _ = try window.wheel(down: true, x: start.x, y: start.y)
        _ = try settled(window)
        #expect(!(try trailingEndIsRed()), "the actions closed with the scroll")
        // A full swipe (past 60% of the row) on Task 1 performs Delete at once.
        let task1 = try point(window, [Self.tasksSection, 0], fx: 0.9)
        let width = try #require(window.lastFrame.rects[[Self.tasksSection, 0]]).width
        try drag(window, from: task1, through: line(task1, (task1.x - Int(width * 0.75), task1.y), count: 15))
        let order = try order(window, number: 1)
        #expect(window.events("swipeFull").count == 1)
        #expect(order.tasks == Array(Self.tasks.dropFirst()), "\(order.tasks)")
        #expect(try window.close() == 0)
    }

    @Test func aVerticalDragOnARowStaysAPress() throws {
        let window = try listsWindow()
        _ = try settled(window)
        let start = try point(window, [Self.settingsSection, 1], fx: 0.5)
        // 14 px down and 3 across: past the drag threshold (8), still on the row.
        try drag(window, from: start, through: line(start, (start.x + 3, start.y + 14), count: 4))
        let after = try settled(window)
        #expect(window.events("swipeReveal").isEmpty && window.events("swipeClose").isEmpty && window.events("reorderBegin").isEmpty)
        #expect(window.events("release").count == 1, "the release ended the press as a click does")
        #expect(after.selected == [[Self.settingsSection, 1]], "it selects the row as a click does: \(after.selected)")
        #expect(try window.close() == 0)
    }

    @Test func aCarouselDraggedSidewaysRestsOnAGroupEdge() throws {
        let document = DocumentationSnippetTests.packageRoot.appendingPathComponent("docs/examples/compositional.json")
        let window = try TrellisWindow(tool: ["show", document.path], animations: true)
        let first = try settled(window)
        let cards: [[Int]] = first.order.filter { $0[0] == 1 }.sorted { (a: [Int], b: [Int]) -> Bool in first.rects[a]!.x < first.rects[b]!.x }
        try #require(cards.count >= 2, "the carousel (section 1) shows two cards: \(first.order)")
        let stride: Double = first.rects[cards[1]]!.x - first.rects[cards[0]]!.x
        let card = first.rects[cards[1]]!
        let origin: [Double] = (first.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let startX = Int(origin[0] + card.x + 20), startY = Int(origin[1] + card.y + card.height / 2)
        let start: (x: Int, y: Int) = (startX, startY)
        // Slowly 90 pt to the left, held still before the release: no coasting.
        try drag(window, from: start, through: line(start, (startX - 90, startY), count: 15), release: false)
        let heldX = card.x - 90
        let held = try window.frame(where: { (frame: Frame) -> Bool in
            guard let x = frame.rects[cards[1]]?.x else { return false }
            return abs(x - heldX) < 1.5
        }, timeout: 10)
        #expect(held.offset == first.offset, "the drag did not scroll vertically")
        Thread.sleep(forTimeInterval: 0.3)
        try window.xdotool(["mouseup", "1"])
        let rested = try settled(window)
        // Group paging: it rests with a group's leading edge at the section's leading inset (12).
        let xs: [Double] = rested.order.filter { $0[0] == 1 }.compactMap { (item: [Int]) -> Double? in rested.rects[item]?.x }
        #expect(xs.contains { abs($0 - 12) < 0.5 }, "a group's edge rests at the leading inset: \(xs)")
        #expect(rested.offset == first.offset)
        for item in first.order where item[0] != 1 {
            guard let a = first.rects[item], let b = rested.rects[item] else { continue }
            #expect(abs(a.x - b.x) < 0.5 && abs(a.y - b.y) < 0.5, "item \(item) outside the carousel did not move")
        }
        #expect(window.events("carouselDragEnd").count == 1)
        #expect(stride > 100)
        #expect(try window.close() == 0)
    }

    @Test func aContinuousCarouselRestsWhereReleasedAndCoastsWhenFlicked() throws {
        let document = TrellisWindow.fixture("continuous-carousel.json")
        let window = try TrellisWindow(tool: ["show", document.path], animations: true)
        let first = try settled(window)
        let card = try #require(first.rects[[0, 1]], "card 2 in view: \(first.order)")
        let stride = card.x - (try #require(first.rects[[0, 0]])).x
        /// Where card 1 is (or would be, off screen) in `frame`: from any card in view.
        func cardsX(_ frame: Frame) -> Double? {
            frame.order.first { $0[0] == 0 }.flatMap { item in frame.rects[item].map { $0.x - Double(item[1]) * stride } }
        }
        let start = (x: Int(card.x + 20), y: Int(card.y + card.height / 2))
        // Slowly 60 pt to the left, held still, released: a continuous section rests there.
        try drag(window, from: start, through: line(start, (start.x - 60, start.y), count: 12))
        let rested = try settled(window)
        let slow = try #require(cardsX(rested)) - (try #require(cardsX(first)))
        #expect(abs(slow + 60) < 1.5, "released still, it rests where the pointer left it: moved \(slow)")
        // A flick: 90 pt in three quick motions and the release at once: it coasts on.
        try window.movePointer(x: start.x, y: start.y)
        Thread.sleep(forTimeInterval: 0.1)
        try window.xdotool(["mousedown", "1", "mousemove_relative", "--", "-30", "0", "sleep", "0.02",
                            "mousemove_relative", "--", "-30", "0", "sleep", "0.02", "mousemove_relative", "--", "-30", "0", "mouseup", "1"])
        let coasted = try settled(window)
        let flick = try #require(cardsX(coasted)) - (try #require(cardsX(rested)))
        let release = try #require(window.events("carouselDragEnd").last)
        let velocity = (release["velocity"] as? NSNumber)?.doubleValue ?? 0
        #expect(velocity > 100, "released moving leftwards (the offset growing): \(velocity) pt/s")
        #expect(flick < -90 - 30, "it coasted past the pointer's 90 pt: moved \(flick)")
        // UIKit's normal deceleration: the coast is velocity × 0.499 s past the release.
        #expect(abs(-flick - 90 - velocity * 0.499) < 20, "moved \(flick) for a release at \(velocity) pt/s")
        #expect(coasted.offset == first.offset, "no vertical scroll")
        #expect(try window.close() == 0)
    }
}
