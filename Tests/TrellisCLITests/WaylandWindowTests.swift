import Foundation
import Testing

/// The window on Wayland: `trellis show` and `trellis gallery` under a Wayland compositor
/// (`make test-wayland` starts Weston's headless backend and runs this suite with
/// `GDK_BACKEND=wayland` and no `DISPLAY`, so GTK cannot fall back to X11). Nothing can be
/// sent from outside to a Wayland client's window — a compositor takes no synthetic
/// input from other clients, and xdotool and xwd are X11 tools — so the window scrolls
/// through the tool's scroll hook (`TRELLIS_TEST_SCROLL_FILE`: commands moving the
/// adjustment, as the scrolled window does for a wheel step or a scrollbar drag), and
/// the checks read the debug channel's frame lines, not screenshots.
///
/// The oracle is GTK's and the documents' own: the window is the document's visible
/// rectangle, a wheel step is the page to the power 2/3, the end shows the last item, and
/// every item visible in two consecutive frames moves by the same amount (`StabilityCheck`).
@Suite("The window on Wayland", .serialized, .enabled(if: WaylandWindow.available, "\(WaylandWindow.unavailableReason ?? "")"))
struct WaylandWindowTests {
    @Test func showOpensAtTheDocumentsRectangleAndScrollsStably() throws {
        let window = try WaylandWindow(["show", TrellisWindow.fixture("window-tags.json").path])
        let first = window.window.lastFrame
        // Not an X11 surface: the frame lines' window id is X11's, 0 elsewhere.
        #expect(first.xid == 0)
        #expect(first.width == 375 && first.height == 400 && first.offset == 300, "\(first.width) × \(first.height) at \(first.offset)")
        let step = pow(400.0, 2.0 / 3.0)
        let wheeled = try window.scroll("wheel 3")
        #expect(abs(wheeled.offset - (300 + 3 * step)) < 0.01, "three wheel steps: \(wheeled.offset)")
        let up = try window.scroll("wheel -1")
        #expect(abs(up.offset - (300 + 2 * step)) < 0.01, "one step back: \(up.offset)")
        for _ in 0..<3 { _ = try window.scroll("wheel 2") }
        let end = try window.scroll("end")
        #expect(end.isAtEnd && end.items[[0, 599]] != nil, "the end shows the last item: \(end.offset) of \(end.contentHeight)")
        let home = try window.scroll("home")
        #expect(home.offset == 0 && home.items[[0, 0]] != nil)
        let check = StabilityCheck(window.window.frames)
        #expect(check.pairs >= 4 && check.violations.isEmpty, "\(check.summary)")
        #expect(window.close())
    }

    /// Measured as they come into view: the item at the top stays still while the items
    /// around it are measured.
    @Test func selfSizingShowScrollsStably() throws {
        let window = try WaylandWindow(["show", "--self-sizing", TrellisWindow.fixture("window-tags.json").path])
        let commands = Array(repeating: "wheel 2", count: 5) + ["end"] + Array(repeating: "wheel -2", count: 5) + ["home"]
        for command in commands { _ = try window.scroll(command) }
        let check = StabilityCheck(window.window.frames)
        #expect(check.pairs >= 8 && check.violations.isEmpty, "\(check.summary)")
        #expect(window.window.lastFrame.offset == 0)
        #expect(window.close())
    }

    @Test func aHorizontalFlowScrollsSideways() throws {
        let window = try WaylandWindow(["show", TrellisWindow.fixture("window-horizontal-tags.json").path])
        let first = window.window.lastFrame
        #expect(first.width == 600 && first.height == 300)
        let wheeled = try window.scroll("wheel 2")
        let x = (wheeled.raw["offsetX"] as? NSNumber)?.doubleValue ?? .nan
        #expect(abs(x - 2 * pow(600.0, 2.0 / 3.0)) < 0.01 && wheeled.offset == 0, "offset (\(x), \(wheeled.offset))")
        let end = try window.scroll("end")
        #expect(end.items[[0, 399]] != nil)
        let check = StabilityCheck(window.window.frames)
        #expect(check.violations.isEmpty, "\(check.summary)")
        #expect(window.close())
    }

    @Test func galleryOpensAndDrawsItsFirstPage() throws {
        let window = try WaylandWindow(["gallery", "--size", "800x600"])
        let first = window.window.lastFrame
        #expect(first.total > 0 && !first.order.isEmpty, "the first page draws items")
        _ = try window.scroll("wheel 5")
        #expect(window.window.lastFrame.offset > first.offset)
        #expect(window.close())
    }

    /// The theme and the text scale come from GtkSettings and the style, which do not
    /// depend on the windowing system: the same switches as on X11.
    @Test func themeAndTextScaleFollowGtkSettings() throws {
        let dark = try WaylandWindow(["show", TrellisWindow.fixture("window-tags.json").path], environment: ["GTK_THEME": "Adwaita:dark"])
        #expect(dark.window.events("theme").last?["style"] as? String == "dark")
        #expect(dark.close())

        let window = try WaylandWindow(["show", "--self-sizing", TrellisWindow.fixture("window-tags.json").path],
                                       environment: ["TRELLIS_TEST_TEXT_SCALE_SIGNAL": "1"])
        let before = WindowTextScaleTests.cellHeight(window.window.lastFrame)
        let large = try WindowTextScaleTests.switchTextScale(window.window, expecting: "extraExtraLarge")
        #expect(WindowTextScaleTests.cellHeight(large) > before)
        #expect(window.close())
    }
}

/// A `TrellisWindow` on Wayland, scrolled through the tool's scroll hook.
final class WaylandWindow {
    static let unavailableReason: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty, environment["GDK_BACKEND"] == "wayland" else {
            return "no Wayland compositor: WAYLAND_DISPLAY and GDK_BACKEND=wayland are not set (`make test-wayland` runs these tests under Weston's headless backend)"
        }
        return nil
    }()

    static var available: Bool { unavailableReason == nil }

    let window: TrellisWindow
    let commands: URL

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        commands = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-scroll-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: commands.path, contents: Data())
        var extra = environment
        extra["TRELLIS_TEST_SCROLL_FILE"] = commands.path
        window = try TrellisWindow(tool: arguments, environment: extra)
    }

    deinit { try? FileManager.default.removeItem(at: commands) }

    /// Appends `command` for the window's scroll hook and returns the settled frame after it.
    func scroll(_ command: String) throws -> Frame {
        let before = window.lastFrame.number
        let handle = try FileHandle(forWritingTo: commands)
        handle.seekToEndOfFile()
        handle.write(Data((command + "\n").utf8))
        try handle.close()
        return try window.frame(after: before, settle: 0.4)
    }

    /// Whether the tool was still running (it did not crash), then ends it: no keyboard
    /// can reach the window from outside to close it, and the test runner starts it with
    /// SIGTERM blocked (inherited), so it is killed.
    func close() -> Bool {
        let running = window.process.isRunning
        if running {
            kill(window.process.processIdentifier, SIGKILL)
            window.process.waitUntilExit()
        }
        return running
    }
}
