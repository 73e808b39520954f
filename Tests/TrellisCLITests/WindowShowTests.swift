import Foundation
import Testing
import TrellisRender

/// `trellis show` in a real GTK 4 window on the X server (Xvfb under `make test`), driven
/// from outside with real input events and compared with `trellis render --visible-only`.
///
/// Screenshot tolerance: the rightmost 12 pixel columns are left out, because GTK's overlay
/// scrollbar indicator is drawn over the content there while the pointer moves or the
/// content scrolls (it fades out after a second); elsewhere at most 0.1% of the pixels may
/// differ, by anti-aliasing only: GTK replays the drawing from a Cairo recording surface,
/// where `trellis render` draws straight into an image surface, and a few glyph edge
/// pixels come out a shade apart.
@Suite("trellis show: the live window", .serialized, .enabled(if: TrellisWindow.available, "\(TrellisWindow.unavailableReason ?? "")"))
struct WindowShowTests {
    static let tags = TrellisWindow.fixture("window-tags.json")

    /// The fixture with `changes` applied (width, visibleRect), written to a new file.
    static func document(width: Double? = nil, visibleRect: [String: Double]? = nil) throws -> URL {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: tags)) as! [String: Any]
        if let width { json["width"] = width }
        if let visibleRect { json["visibleRect"] = visibleRect }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("window-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        return url
    }

    /// `trellis render --visible-only` of the fixture at `width` showing the rectangle at
    /// `y` of `height`.
    static func render(width: Double = 375, y: Double, height: Double = 400) throws -> RasterImage {
        let input = try document(width: width, visibleRect: ["x": 0, "y": y, "width": width, "height": height])
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("window-\(UUID().uuidString).png")
        let run = try TrellisTool.run(["render", input.path, "-o", output.path, "--visible-only"])
        #expect(run.status == 0, "\(run.stderr)")
        return try RasterImage(png: [UInt8](Data(contentsOf: output)))
    }

    static func expectMatches(_ shot: XWDImage, _ render: RasterImage, focusRingAround focused: (x: Double, y: Double, width: Double, height: Double)? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(shot.width == render.width && shot.height == render.height, "screenshot \(shot.width)×\(shot.height), render \(render.width)×\(render.height)", sourceLocation: sourceLocation)
        let ring = focused.map { [(x: $0.x - 4, y: $0.y - 4, width: $0.width + 8, height: $0.height + 8)] } ?? []
        let difference = ImageDifference(shot, render, excludingRight: 12, excluding: ring)
        #expect(difference.compared > 100_000, sourceLocation: sourceLocation)
        #expect(difference.differing * 1000 <= difference.compared, "\(difference)", sourceLocation: sourceLocation)
    }

    /// The window's title, size and offset come from the document, it draws what render
    /// draws, and closing it exits 0.
    @Test func showDrawsWhatRenderDraws() throws {
        let window = try TrellisWindow(show: [Self.tags.path])
        let frame = window.lastFrame
        #expect(try window.title() == "trellis — window-tags.json")
        #expect(frame.width == 375 && frame.height == 400)
        #expect(frame.offset == 300)
        try window.movePointerAway()
        Self.expectMatches(try window.screenshot(), try Self.render(y: 300))
        #expect(try window.close() == 0)
    }

    /// One wheel click scrolls by GTK's wheel step, page^(2/3) (GtkScrolledWindow), and the
    /// window then shows what render draws at the new offset; a click up scrolls back.
    @Test func wheelScrollsByGtkStep() throws {
        let window = try TrellisWindow(show: [Self.tags.path])
        let step = pow(400.0, 2.0 / 3.0)
        let down = try window.wheel(down: true)
        #expect(abs(down.offset - (300 + step)) < 0.001, "offset \(down.offset)")
        try window.movePointerAway()
        Self.expectMatches(try window.screenshot(), try Self.render(y: down.offset))
        _ = try window.wheel(down: true)
        let twice = try window.wheel(down: true)
        #expect(abs(twice.offset - (300 + 3 * step)) < 0.001)
        let up = try window.wheel(down: false)
        #expect(abs(up.offset - (300 + 2 * step)) < 0.001)
        try window.movePointerAway()
        Self.expectMatches(try window.screenshot(), try Self.render(y: up.offset))
        #expect(try window.close() == 0)
    }

    /// Page Down, End and Home through GtkScrolledWindow's key bindings.
    @Test func pageDownEndAndHome() throws {
        let window = try TrellisWindow(show: [Self.tags.path])
        let start = window.lastFrame
        let page = try window.press("Page_Down")
        #expect(page.offset > start.offset + 300, "Page Down moved from \(start.offset) to \(page.offset)")
        _ = try window.press("End")
        let end = try window.frame(where: \.isAtEnd)
        #expect(abs(end.offset - (end.contentHeight - 400)) < 0.001)
        try window.movePointerAway()
        // End moves the keyboard focus to the last item (its ring is not in the render).
        let last = [0, end.total - 1]
        #expect(window.lastFrame.focus == last)
        Self.expectMatches(try window.screenshot(), try Self.render(y: end.offset), focusRingAround: window.lastFrame.rects[last])
        _ = try window.press("Home")
        #expect(try window.frame(where: { $0.offset == 0 }).offset == 0)
        #expect(window.lastFrame.focus == [0, 0], "Home moves the focus to the first item")
        #expect(try window.close() == 0)
    }

    /// With self-sizing, the items scrolled into view are measured as they come, the
    /// scrollbar's range follows the corrected content height, and the item at the top of
    /// the window moves by exactly the scroll step in every frame: within 0.5 pt, scrolling
    /// down and back up (where the items above the anchor are measured as they appear).
    @Test func scrollingIntoEstimatedItemsKeepsTheTopItemStill() throws {
        let window = try TrellisWindow(show: [Self.tags.path, "--self-sizing"])
        let first = window.lastFrame
        #expect(first.measured < first.total / 2, "only what is visible is measured: \(first.measured) of \(first.total)")
        var heights: Set<Double> = [first.contentHeight]
        for _ in 0..<12 { heights.insert(try window.wheel(down: true).contentHeight) }
        _ = try window.press("Page_Down")
        _ = try window.press("Page_Down")
        // Jump to the end and come back up through items never measured.
        _ = try window.press("End")
        for _ in 0..<15 { heights.insert(try window.wheel(down: false).contentHeight) }
        let frames = window.frames
        var checked = 0
        for (previous, next) in zip(frames, frames.dropFirst()) {
            guard let anchor = previous.anchor(in: next), !next.isAtEnd, next.offset > 0,
                  let delta = next.requestedScroll(since: previous) else { continue }
            let drift = next.items[anchor.item]! - (anchor.distance - delta)
            #expect(abs(drift) <= 0.5, "frame \(next.number): item \(anchor.item) moved \(drift) pt more than the scroll of \(delta)")
            checked += 1
        }
        #expect(checked >= 25, "\(checked) frame pairs checked")
        let last = window.lastFrame
        #expect(last.measured > first.measured)
        #expect(heights.count > 1, "the content height followed the measured sizes")
        #expect(try window.close() == 0)
    }

    /// A narrower window re-flows the tags at the new width in the same frame, keeps the
    /// item at the top where it was, and draws what render draws at that width; a height
    /// change measures nothing again.
    @Test func resizingReflowsAndKeepsTheAnchor() throws {
        let window = try TrellisWindow(show: [Self.tags.path])
        let before = window.lastFrame
        let narrow = try window.resize(width: 300, height: 400)
        #expect(narrow.width == 300)
        let top = try #require(before.order.first)
        #expect(abs((narrow.items[top] ?? .nan) - before.items[top]!) <= 0.5, "item \(top): \(before.items[top]!) → \(narrow.items[top] ?? .nan)")
        #expect(narrow.contentHeight > before.contentHeight)
        try window.movePointerAway()
        Self.expectMatches(try window.screenshot(), try Self.render(width: 300, y: narrow.offset))
        #expect(try window.close() == 0)

        let sizing = try TrellisWindow(show: [Self.tags.path, "--self-sizing"])
        let tall = try sizing.resize(width: 375, height: 300)
        #expect(tall.height == 300)
        #expect(tall.measurements == sizing.frames.first!.measurements, "a shorter window measures nothing")
        // The item being read (the first whose top is in view) stays where it was through
        // every new width, and a resize and back returns to it.
        let reading = try #require(tall.order.first { tall.items[$0]! >= -0.5 })
        let wide = try sizing.resize(width: 340, height: 300)
        #expect(wide.measurements > tall.measurements, "a new width measures the visible items again")
        #expect(abs((wide.items[reading] ?? .nan) - tall.items[reading]!) <= 0.5, "item \(reading): \(tall.items[reading]!) → \(wide.items[reading] ?? .nan)")
        let narrower = try sizing.resize(width: 250, height: 300)
        #expect(abs((narrower.items[reading] ?? .nan) - tall.items[reading]!) <= 0.5, "item \(reading): \(tall.items[reading]!) → \(narrower.items[reading] ?? .nan)")
        let back = try sizing.resize(width: 375, height: 300)
        #expect(back.order.first { back.items[$0]! >= -0.5 } == reading, "back at the first width, the same item is read first")
        #expect(abs((back.items[reading] ?? .nan) - tall.items[reading]!) <= 0.5, "item \(reading): \(tall.items[reading]!) → \(back.items[reading] ?? .nan)")
        #expect(try sizing.close() == 0)
    }
}

/// Without a display, `trellis show` fails at once with what to do.
@Suite("trellis show without a display")
struct ShowWithoutDisplayTests {
    @Test func exitsOneWithAClearMessage() throws {
        let shell = URL(fileURLWithPath: "/usr/bin/env")
        let start = Date()
        let run = try TrellisTool.run(
            ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", TrellisTool.executable.path, "show", WindowShowTests.tags.path], program: shell)
        #expect(run.status == 1)
        #expect(run.stderr.contains("set DISPLAY"))
        #expect(run.stderr.contains("WAYLAND_DISPLAY"))
        #expect(run.stderr.contains("trellis render"))
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
