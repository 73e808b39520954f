import Foundation
import Testing

/// `trellis gallery` in a real window: the million-item flow scrolls with the wheel and
/// jumps to its end, measuring only what comes into view. Part of the serialized window
/// suite: real input goes to whichever window has the pointer or the focus, so two windows
/// must never be driven at once.
extension WindowShowTests {
    @Test func millionItemFlowScrollsMeasuringOnlyWhatIsShown() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "million", "--size", "800x600"])
        let first = window.lastFrame
        #expect(first.total == 1_000_000)
        #expect(first.measured > 20 && first.measured < 400, "\(first.measured) measured for the first screen")
        let firstFrame = window.events("firstFrame").first
        #expect(firstFrame?["page"] as? String == "million")
        // The start-up moments, in order: the first frame is reported once the frame clock
        // painted it into the window, not when the widget recorded its drawing.
        let moments = (firstFrame?["moments"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.doubleValue }
        // (startup: the shown page's first layout starts on a second thread; preparedTaken:
        // the main thread has it, after building and presenting the window.)
        let order = ["main", "gtkInit", "startup", "activate", "windowBuilt", "presented", "preparedTaken", "pageShown", "firstAllocation",
                     "firstLayout", "firstDraw", "firstFramePainted"]
        #expect(order.allSatisfy { moments[$0] != nil }, "\(moments)")
        #expect(zip(order, order.dropFirst()).allSatisfy { (moments[$0.0] ?? 0) <= (moments[$0.1] ?? 0) }, "\(moments)")
        #expect(((firstFrame?["sinceLaunchMs"] as? NSNumber)?.doubleValue ?? 0) >= (moments["firstFramePainted"] ?? .infinity))
        var last = first
        for _ in 0..<5 { last = try window.wheel(down: true, x: 400, y: 300) }
        #expect(last.offset > first.offset)
        _ = try window.press("End")
        let end = try window.frame(where: \.isAtEnd)
        #expect(end.order.last.map { $0[1] } == 999_999, "the last item is shown at the end")
        #expect(end.measured < 2_000, "\(end.measured) items measured after jumping to the end of a million")
        #expect(try window.close() == 0)
    }
}

extension ShowWithoutDisplayTests {
    @Test func unknownPageIsRejected() throws {
        let run = try TrellisTool.run(["gallery", "--page", "nope"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--page must be one of s1, s2, s3, s5, waterfall, rtl, million"))
    }
}
