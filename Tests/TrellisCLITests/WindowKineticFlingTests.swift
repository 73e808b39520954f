import Foundation
import Testing

/// Kinetic scrolling as GtkScrolledWindow does it after a swipe: its deceleration sets the
/// adjustment frame after frame, each value computed from where it started (start +
/// v/m·(1 − e^(−m·t)), GTK's friction m = 4 a second), never from the adjustment's value.
/// GTK's own cannot be started under Xvfb: GTK 4's touch-only gestures (the scrolled
/// window's drag and swipe) take events from touchscreen devices only — `GTK_TEST_TOUCHSCREEN`
/// reaches only GtkText's handles in GTK 4, and a swipe made with it arrives at the widget
/// as a plain press and release — XTEST makes no touch devices, and GDK's X11 backend never
/// sends the end of a touchpad scroll that starts the touchpad's deceleration. So the tool's
/// scroll hook (`TRELLIS_TEST_SCROLL_FILE`, `fling V`) runs that deceleration on the
/// widget's frame clock, as GTK does, through the adjustment.
///
/// Per frame pair: every item visible in both moves alike (StabilityCheck), and by the
/// difference of the deceleration's two values — whatever the engine did to keep its anchor
/// while the tags coming into view above were measured. A widget that rewrote the
/// adjustment's value with the anchored offset after each layout had each step undo the
/// previous frame's anchoring (the deceleration's next value does not start from it; GTK's
/// touch drag sets its values the same way): the anchoring moves the adjustment's origin
/// and range instead (`CollectionWidget.adjustmentOrigin`).
extension WindowShowTests {
    /// The deceleration's step between two frames for which it set a value, against the
    /// content's move on screen between them, for every such pair.
    static func stepsNotFollowed(_ frames: [Frame], tolerance: Double = 0.05) -> [String] {
        var misses: [String] = []
        for (previous, next) in zip(frames, frames.dropFirst()) where previous.width == next.width && previous.height == next.height {
            guard let before = previous.requestedValue, let after = next.requestedValue,
                  let item = previous.order.first(where: { next.rects[$0] != nil }) else { continue }
            let moved = next.rects[item]!.y - previous.rects[item]!.y
            if abs(moved + (after - before)) > tolerance {
                misses.append("frame \(next.number): the deceleration scrolled \(after - before), the content moved \(-moved) (item \(item))")
            }
        }
        return misses
    }

    /// Flings up and down through tags measured as they come into view (S1, far from the
    /// start after a scrollbar jump).
    @Test func kineticFlingMovesTheContentByGTKsDeceleration() throws {
        let commands = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-fling-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: commands.path, contents: Data())
        defer { try? FileManager.default.removeItem(at: commands) }
        let window = try TrellisWindow(tool: ["gallery", "--page", "s1", "--size", "800x600"],
                                       environment: ["TRELLIS_TEST_SCROLL_FILE": commands.path])
        try window.dragScrollbar(from: 0.3, to: 0.5)
        Thread.sleep(forTimeInterval: 0.5)
        for velocity in [-3_000.0, 3_000, -6_000] {
            let start = window.frames.count
            let before = window.lastFrame
            let handle = try FileHandle(forWritingTo: commands)
            handle.seekToEndOfFile()
            handle.write(Data("fling \(velocity)\n".utf8))
            try handle.close()
            // The deceleration runs for about three seconds.
            _ = try window.frame(after: before.number, timeout: 20, settle: 1.0)
            let frames = Array(window.frames[(start - 1)...])
            let decelerating = frames.filter { $0.requestedValue != nil }
            #expect(decelerating.count >= 20, "the fling of \(velocity) set \(decelerating.count) values")
            let check = StabilityCheck(frames)
            #expect(check.violations.isEmpty, "fling \(velocity): \(check.summary)")
            let misses = Self.stepsNotFollowed(frames)
            #expect(misses.isEmpty, "fling \(velocity): \(misses.count) of \(decelerating.count) frames; first: \(misses.prefix(3))")
        }
        #expect(try window.close() == 0)
    }
}
