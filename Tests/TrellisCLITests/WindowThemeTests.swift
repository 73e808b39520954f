import Foundation
import Testing
import TrellisRender

/// `trellis show` follows the GTK theme: under `GTK_THEME=Adwaita:dark` and the high
/// contrast themes (`HighContrast`, `HighContrast:dark`) the canvas, the cells that use the system colours and their text take
/// the theme's colours, and a change of GTK's dark preference while the window is open
/// redraws it in the new theme without a restart.
///
/// The oracle is what the themes themselves publish and UIKit documents, not Trellis's
/// code: a dark theme paints content on a dark background with light text (Adwaita dark,
/// HighContrast:dark), a light one the reverse; a cell whose document gives it a fixed
/// colour keeps it in every theme (a fixed `UIColor` does not adapt), while the canvas
/// around it follows the theme.
@Suite("trellis show: the GTK theme", .serialized, .enabled(if: TrellisWindow.available, "\(TrellisWindow.unavailableReason ?? "")"))
struct WindowThemeTests {
    /// The tags fixture with its cells' background left to the system colours (no
    /// `background` member), or as the fixture has it (fixed white).
    static func document(systemColors: Bool) throws -> URL {
        let fixture = TrellisWindow.fixture("window-tags.json")
        guard systemColors else { return fixture }
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as! [String: Any]
        var cell = json["cell"] as! [String: Any]
        cell["background"] = nil
        cell["textColor"] = nil
        json["cell"] = cell
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("window-theme-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        return url
    }

    /// The window, with `GTK_THEME=theme`; `signal`: each SIGUSR1 flips GTK's dark
    /// preference; `themes` (comma-separated): each SIGUSR1 sets the next of them.
    static func open(systemColors: Bool = true, theme: String?, signal: Bool = false, themes: String? = nil) throws -> TrellisWindow {
        var environment: [String: String] = [:]
        if let theme { environment["GTK_THEME"] = theme }
        if signal { environment["TRELLIS_TEST_THEME_SIGNAL"] = "1" }
        if let themes { environment["TRELLIS_TEST_THEME_SIGNAL"] = themes }
        let window = try TrellisWindow(tool: ["show", try document(systemColors: systemColors).path], environment: environment)
        try window.movePointerAway()
        return window
    }

    /// How a cell and the canvas look in a screenshot.
    struct Look: CustomStringConvertible {
        /// Median brightness (0…255) of the cell's inside, its text included.
        var cellBackground: Int
        /// The brightness of the cell's pixel farthest from its background: the text.
        var text: Int
        /// The brightness of the canvas between two cells of a line.
        var canvas: Int
        var description: String { "cell background \(cellBackground), text \(text), canvas \(canvas)" }
    }

    static func brightness(_ pixel: Pixel) -> Int { (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3 }

    /// The look of the first cell of the top line that has a neighbour on its right.
    static func look(_ window: TrellisWindow) throws -> Look {
        let frame = window.lastFrame
        let shot = try window.screenshot()
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let rects = frame.order.compactMap { frame.rects[$0] }.filter { $0.y >= 0 && $0.y + $0.height <= frame.height }
        let pair = rects.indices.dropLast().first { i in
            let next = rects[i + 1]
            return abs(next.y - rects[i].y) < 0.5 && next.x - (rects[i].x + rects[i].width) >= 4
        }
        let cell = rects[try #require(pair, "no two cells side by side in \(rects)")]
        let next = rects[pair! + 1]
        // The inside of the pill: clear of the rounded ends and the 1-point border.
        let x0 = Int(origin[0] + cell.x + cell.height / 2), x1 = Int(origin[0] + cell.x + cell.width - cell.height / 2)
        let y0 = Int(origin[1] + cell.y + 2), y1 = Int(origin[1] + cell.y + cell.height - 2)
        var values: [Int] = []
        for y in y0..<y1 { for x in x0..<x1 { values.append(brightness(shot.pixel(x: x, y: y))) } }
        values.sort()
        let median = values[values.count / 2]
        let text = abs(values.first! - median) > abs(values.last! - median) ? values.first! : values.last!
        let gapX = Int(origin[0] + (cell.x + cell.width + next.x) / 2)
        let canvas = brightness(shot.pixel(x: gapX, y: Int(origin[1] + cell.y + cell.height / 2)))
        return Look(cellBackground: median, text: text, canvas: canvas)
    }

    static func expectDark(_ look: Look, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(look.cellBackground < 80 && look.canvas < 80 && look.text > 180, "\(look)", sourceLocation: sourceLocation)
    }

    static func expectLight(_ look: Look, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(look.cellBackground > 200 && look.canvas > 200 && look.text < 80, "\(look)", sourceLocation: sourceLocation)
    }

    /// The last `theme` line of the debug channel (the widget reports each theme it takes).
    static func theme(_ window: TrellisWindow) throws -> [String: Any] {
        try #require(window.events("theme").last, "no theme line")
    }

    @Test func adwaitaDarkPaintsCellsDarkWithLightText() throws {
        let window = try Self.open(theme: "Adwaita:dark")
        let theme = try Self.theme(window)
        #expect(theme["style"] as? String == "dark" && theme["contrast"] as? String == "normal", "\(theme)")
        Self.expectDark(try Self.look(window))
        #expect(try window.close() == 0)
    }

    /// GTK 4.8's dark high-contrast theme (its built-in Default-hc-dark; HighContrastInverse
    /// is a later GTK's name for it).
    @Test func darkHighContrastIsDarkAndHighContrast() throws {
        let window = try Self.open(theme: "HighContrast:dark")
        let theme = try Self.theme(window)
        #expect(theme["style"] as? String == "dark" && theme["contrast"] as? String == "high", "\(theme)")
        Self.expectDark(try Self.look(window))
        #expect(try window.close() == 0)
    }

    @Test func highContrastIsLightAndHighContrast() throws {
        let window = try Self.open(theme: "HighContrast")
        let theme = try Self.theme(window)
        #expect(theme["style"] as? String == "light" && theme["contrast"] as? String == "high", "\(theme)")
        let look = try Self.look(window)
        Self.expectLight(look)
        // HighContrast's text is black on white: the full range, not Adwaita's greys.
        #expect(look.text < 40 && look.cellBackground > 245, "\(look)")
        #expect(try window.close() == 0)
    }

    /// A fixed colour from the document does not adapt (as a fixed `UIColor`); the canvas
    /// around the cells, the system background, does.
    @Test func fixedDocumentColoursStayInTheDarkTheme() throws {
        let window = try Self.open(systemColors: false, theme: "Adwaita:dark")
        let look = try Self.look(window)
        #expect(look.cellBackground > 240 && look.canvas < 80, "\(look)")
        #expect(try window.close() == 0)
    }

    /// The focus ring takes the theme's selection colour: GTK 4.8's Adwaita publishes
    /// `theme_selected_bg_color` #15539e in its dark variant (#3584e4 in the light one; its
    /// Default-dark.css and Default-light.css), drawn here on the dark canvas in the gap
    /// before the focused tag.
    @Test func theFocusRingTakesTheThemesAccentInTheDarkTheme() throws {
        let window = try Self.open(theme: "Adwaita:dark")
        try Self.focusSecondTag(window)
        Self.expectRing(try Self.ringPixel(window), 0x15539e, "Adwaita dark's selection colour")
        #expect(try window.close() == 0)
    }

    /// Right focuses the first tag, Right again the second, whose ring lies in the gap
    /// between the two.
    static func focusSecondTag(_ window: TrellisWindow) throws {
        _ = try window.press("Right")
        let frame = try window.press("Right")
        let focused = try #require(frame.focus)
        let rect = try #require(frame.rects[focused])
        try #require(rect.x >= 6, "the focused tag \(focused) has room for its ring on its left: \(rect)")
    }

    /// The focus ring's colour left of the focused tag in a screenshot: the ring's 2-point
    /// stroke is centred 2 points outside the tag; at the tag's middle height the pill's
    /// ring is vertical there. The bluest of the pixels around it.
    static func ringPixel(_ window: TrellisWindow) throws -> Pixel {
        let frame = window.lastFrame
        let rect = try #require(frame.focus.flatMap { frame.rects[$0] }, "no focused tag in view")
        let shot = try window.screenshot()
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let y = Int(origin[1] + rect.y + rect.height / 2)
        let candidates = (-4...0).map { shot.pixel(x: Int(origin[0] + rect.x) + $0, y: y) }
        return try #require(candidates.max { Int($0.blue) - Int($0.red) < Int($1.blue) - Int($1.red) })
    }

    static func expectRing(_ ring: Pixel, _ rgb: Int, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (red, green, blue) = (rgb >> 16, rgb >> 8 & 0xff, rgb & 0xff)
        #expect(abs(Int(ring.red) - red) <= 24 && abs(Int(ring.green) - green) <= 24 && abs(Int(ring.blue) - blue) <= 24,
                "focus ring pixel \(ring), \(name) is (\(red), \(green), \(blue))", sourceLocation: sourceLocation)
    }

    /// Sends the theme switch and waits for the `theme` line satisfying `condition` (a
    /// switch of name and dark preference is two settings changes, each reported), then
    /// for the frames after it to settle.
    static func switchTheme(_ window: TrellisWindow, until condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let themes = window.events("theme").count
        let before = window.lastFrame.number
        kill(window.process.processIdentifier, SIGUSR1)
        let deadline = Date().addingTimeInterval(20)
        while !window.events("theme").dropFirst(themes).contains(where: condition) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let theme = try #require(window.events("theme").last, "no theme line")
        _ = try window.frame(after: before, settle: 0.5)
        return theme
    }

    /// GTK's high-contrast themes switched to while the window is open (`gtk-theme-name`
    /// set to `HighContrast`, then its dark variant, then back, as a desktop's
    /// accessibility settings do): the cells, their text, the canvas and the focus ring
    /// take each theme's colours without a restart. The oracle is GTK 4.8's own theme
    /// sheets (Default-hc.css and Default-hc-dark.css in libgtk's resources): HighContrast
    /// is black text (`theme_text_color`) on white (`theme_base_color`), selection
    /// `theme_selected_bg_color` #1b6acb; its dark variant white on #2d2d2d (the window's
    /// `theme_bg_color` #303030), selection #0f3b71; Adwaita light's selection is #3584e4.
    /// (GTK 4.8 knows no `HighContrastInverse`, a later GTK's name for the dark variant:
    /// it would load no theme at all.)
    @Test func switchingToHighContrastWhileOpenRedraws() throws {
        let window = try Self.open(theme: nil, themes: "HighContrast,HighContrast:dark")
        try Self.focusSecondTag(window)
        Self.expectLight(try Self.look(window))
        Self.expectRing(try Self.ringPixel(window), 0x3584e4, "Adwaita's selection colour")

        let high = try Self.switchTheme(window) { $0["contrast"] as? String == "high" && $0["style"] as? String == "light" }
        #expect(high["name"] as? String == "HighContrast" && high["contrast"] as? String == "high", "\(high)")
        let highLook = try Self.look(window)
        #expect(highLook.cellBackground >= 250 && highLook.canvas >= 250 && highLook.text <= 40, "HighContrast: \(highLook)")
        Self.expectRing(try Self.ringPixel(window), 0x1b6acb, "HighContrast's selection colour")

        let dark = try Self.switchTheme(window) { $0["contrast"] as? String == "high" && $0["style"] as? String == "dark" }
        #expect(dark["name"] as? String == "HighContrast:dark", "\(dark)")
        let darkLook = try Self.look(window)
        #expect((0x2d - 6...0x30 + 6).contains(darkLook.cellBackground) && (0x2d - 6...0x30 + 6).contains(darkLook.canvas)
                    && darkLook.text >= 235, "HighContrast dark: \(darkLook)")
        Self.expectRing(try Self.ringPixel(window), 0x0f3b71, "HighContrast dark's selection colour")

        let back = try Self.switchTheme(window) { $0["contrast"] as? String == "normal" && $0["style"] as? String == "light" }
        #expect(back["name"] as? String == "Adwaita" || back["name"] as? String == "Default", "\(back)")
        Self.expectLight(try Self.look(window))
        Self.expectRing(try Self.ringPixel(window), 0x3584e4, "Adwaita's selection colour")
        #expect(try window.close() == 0)
    }

    /// GTK's dark preference flipped while the window is open (what a desktop's dark-mode
    /// switch does through XSETTINGS; here the tool's test hook sets
    /// `gtk-application-prefer-dark-theme` on SIGUSR1): the window redraws dark, then light
    /// again, without a restart.
    @Test func switchingToDarkWhileOpenRedraws() throws {
        let window = try Self.open(theme: nil, signal: true)
        #expect(try Self.theme(window)["style"] as? String == "light")
        Self.expectLight(try Self.look(window))
        for (round, style) in ["dark", "light"].enumerated() {
            let theme = try Self.switchTheme(window) { _ in true }
            #expect(theme["style"] as? String == style, "round \(round): \(theme)")
            if style == "dark" { Self.expectDark(try Self.look(window)) } else { Self.expectLight(try Self.look(window)) }
        }
        #expect(try window.close() == 0)
    }
}
