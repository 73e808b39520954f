import Foundation
import Testing
import TrellisRender

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

    /// `gtk-font-name` is the body font of text in the system font: the gallery's modern
    /// lists (list content configurations, UIKit's system text styles) started with
    /// "DejaVu Sans 22" in GTK's settings.ini take it — the `fonts` line names it and the
    /// sidebar's rows grow with the larger text, as a UIKit list grows with a larger body
    /// font — while the text scale stays the default.
    /// The gallery's modern lists with GTK's settings.ini giving `gtk-font-name=fontName`
    /// (nil: GTK's default), and `environment`.
    static func listsWindow(fontName: String?, environment: [String: String] = [:]) throws -> TrellisWindow {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-font-name-\(UUID().uuidString)")
        let gtk = directory.appendingPathComponent("gtk-4.0")
        try FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = "[Settings]\ngtk-enable-animations=false\n" + (fontName.map { "gtk-font-name=\($0)\n" } ?? "")
        try Data(settings.utf8).write(to: gtk.appendingPathComponent("settings.ini"))
        return try TrellisWindow(tool: ["gallery", "--page", "lists", "--size", "800x900"],
                                 environment: environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 })
    }

    @Test func gtkFontNameIsTheSystemBodyFont() throws {
        func sidebarRowHeight(fontName: String?) throws -> (fonts: [String: Any], height: Double) {
            let window = try Self.listsWindow(fontName: fontName)
            let frame = window.lastFrame
            let fonts = try #require(window.events("fonts").last, "no fonts line")
            // The sidebar's rows (section 0), most of them one line of body text.
            let heights = frame.order.filter { $0[0] == 0 }.compactMap { frame.rects[$0]?.height }.sorted()
            try #require(!heights.isEmpty, "no sidebar rows: \(frame.order)")
            #expect(try window.close() == 0)
            return (fonts, heights[heights.count / 2])
        }
        let standard = try sidebarRowHeight(fontName: nil)
        let large = try sidebarRowHeight(fontName: "DejaVu Sans 22")
        #expect(large.fonts["fontName"] as? String == "DejaVu Sans 22", "\(large.fonts)")
        #expect(large.fonts["category"] as? String == "large", "the text scale is not changed: \(large.fonts)")
        // 22 pt is 29.3 px at 96 dpi: a line of it is at least 10 points taller than one of
        // GTK's default (10 or 11 pt).
        #expect(large.height >= standard.height + 10, "rows \(standard.height) → \(large.height) with \(standard.fonts) → \(large.fonts)")
    }

    /// The cells in view of `window`'s last frame: their frames, and their pixels in a
    /// screenshot (each cell's rectangle inside the view, row by row) with where each is
    /// (the item, x and y in the window). The screenshot is taken again until two in a
    /// row agree: the X server can hand out a window that GTK is drawing into.
    static func cellsInView(_ window: TrellisWindow) throws -> (rects: [String], pixels: [Pixel], places: [String]) {
        var last = try cellsInView(window, shot: window.screenshot())
        for _ in 0..<5 {
            Thread.sleep(forTimeInterval: 0.2)
            let next = try cellsInView(window, shot: window.screenshot())
            if next.rects == last.rects && next.pixels == last.pixels { break }
            last = next
        }
        return last
    }

    private static func cellsInView(_ window: TrellisWindow, shot: XWDImage) throws -> (rects: [String], pixels: [Pixel], places: [String]) {
        let frame = window.lastFrame
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        var rects: [String] = [], pixels: [Pixel] = [], places: [String] = []
        for item in frame.order {
            let rect = frame.rects[item]!
            let top = max(0, Int(rect.y.rounded())), bottom = min(Int(frame.height), Int((rect.y + rect.height).rounded()))
            guard top < bottom else { continue }
            rects.append("\(item): \(rect)")
            for y in top..<bottom {
                for x in Int(rect.x.rounded())..<min(Int(frame.width), Int((rect.x + rect.width).rounded())) {
                    pixels.append(shot.pixel(x: Int(origin[0]) + x, y: Int(origin[1]) + y))
                    places.append("\(item) at (\(Int(origin[0]) + x), \(Int(origin[1]) + y))")
                }
            }
        }
        return (rects, pixels, places)
    }

    /// How many pixels of `a` and `b` differ, by how much at most, and where the first do.
    static func difference(_ a: [Pixel], _ b: [Pixel], places: [String]) -> (count: Int, largest: Int, first: [String]) {
        var count = 0, largest = 0, first: [String] = []
        for (index, (p, q)) in zip(a, b).enumerated() where p != q {
            count += 1
            largest = max(largest, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)))
            if first.count < 8 { first.append("\(places[index]): \(p) for \(q)") }
        }
        return (count, largest, first)
    }

    /// `gtk-font-name` changed while the window is open, to another family and size (what a
    /// desktop's font setting does through XSETTINGS; the tool's test hook sets it on
    /// SIGUSR2): the list's text in the system font is measured and drawn again in the new
    /// font — the window then shows exactly what a window started with that font shows,
    /// every cell in view at the same frame with the same pixels (nothing left at the old
    /// size or in the old family) — and setting it back restores the first look.
    ///
    /// The oracle is a second window started with the font in its settings.ini (the
    /// behaviour `gtkFontNameIsTheSystemBodyFont` checks against GTK's own sizes), not
    /// Trellis's code; and that window differs from the first one, so the comparison can
    /// fail.
    @Test func changingTheFontNameWhileOpenRedrawsInTheNewFont() throws {
        let font = "DejaVu Serif 16"
        let live = try Self.listsWindow(fontName: nil, environment: ["TRELLIS_TEST_FONT_NAME_SIGNAL": font])
        try live.movePointerAway()
        let initial = try Self.cellsInView(live)
        func flip(expecting name: String) throws {
            let fonts = live.events("fonts").count
            let before = live.lastFrame.number
            kill(live.process.processIdentifier, SIGUSR2)
            let deadline = Date().addingTimeInterval(20)
            while !live.events("fonts").dropFirst(fonts).contains(where: { $0["fontName"] as? String == name }) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(live.events("fonts").last?["fontName"] as? String == name, "\(live.events("fonts").last ?? [:])")
            _ = try live.frame(after: before, settle: 0.5)
        }
        try flip(expecting: font)
        let switched = try Self.cellsInView(live)

        let started = try Self.listsWindow(fontName: font)
        try started.movePointerAway()
        let reference = try Self.cellsInView(started)
        #expect(try started.close() == 0)
        #expect(reference.rects != initial.rects, "a window started with \(font) has the rows of one with GTK's default font")
        #expect(switched.rects == reference.rects, "switched live:\n\(switched.rects)\nstarted with \(font):\n\(reference.rects)")
        // As a screenshot against `trellis render` (WindowShowTests): glyph edges can come
        // out a shade apart between GTK's drawing paths, a few pixels in 0.1 %; text in
        // the old family or at the old size differs in thousands.
        let tolerance = reference.pixels.count / 1000
        let difference = Self.difference(switched.pixels, reference.pixels, places: reference.places)
        #expect(switched.pixels.count == reference.pixels.count && difference.count <= tolerance,
                "\(difference) of \(reference.pixels.count) pixels of the cells differ from a window started with \(font)")

        let fontName = try #require(live.events("fonts").first?["fontName"] as? String)
        try flip(expecting: fontName)
        let restored = try Self.cellsInView(live)
        #expect(restored.rects == initial.rects)
        let back = Self.difference(restored.pixels, initial.pixels, places: initial.places)
        #expect(restored.pixels.count == initial.pixels.count && back.count <= tolerance, "\(back) of \(initial.pixels.count) pixels differ from before the switch")
        #expect(try live.close() == 0)
    }
}
