import Foundation
import Testing

/// Nothing on screen moves unless the person moved it: for every pair of consecutive frames
/// of the same size, every item visible in both moved by the same amount as every other —
/// whatever was measured, above or below, while the window scrolled. Checked on the
/// gallery's pages and on `trellis show` documents, scrolling down and up by the wheel, the
/// scrollbar, the page keys and End / Home, with GTK's animations off and on (GTK's
/// default: the keys then scroll over several frames).
struct StabilityCheck {
    /// Frame pairs compared (of the same size, with at least one item in both).
    var pairs = 0
    /// Item pairs compared.
    var items = 0
    var violations: [String] = []

    /// Compares every consecutive pair of `frames`: each item visible in both must move by
    /// the same (dx, dy) as the first such item, within `tolerance` points.
    init(_ frames: [Frame], tolerance: Double = 0.05) {
        for (previous, next) in zip(frames, frames.dropFirst()) where previous.width == next.width && previous.height == next.height {
            let common = previous.order.filter { next.rects[$0] != nil }
            guard let reference = common.first else { continue }
            pairs += 1
            let a = previous.rects[reference]!, b = next.rects[reference]!
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            for item in common.dropFirst() {
                let from = previous.rects[item]!, to = next.rects[item]!
                items += 1
                let (mx, my) = (to.x - from.x, to.y - from.y)
                if abs(mx - dx) > tolerance || abs(my - dy) > tolerance {
                    violations.append("frame \(next.number): item \(item) moved (\(mx), \(my)) while item \(reference) moved (\(dx), \(dy))")
                }
            }
        }
    }

    var summary: String {
        "\(violations.count) of \(items) items moved unlike the others in \(pairs) frame pairs; first: \(violations.prefix(3).joined(separator: "; "))"
    }
}

/// How a drive moves the view.
enum Drive: String, CaseIterable, CustomStringConvertible {
    case wheelDown, pageDown, scrollbarDown, end, wheelUp, pageUp, scrollbarUp, home
    var description: String { rawValue }
}

/// A window to drive, and what it shows.
struct StabilityScene: CustomStringConvertible, Sendable {
    var name: String
    var arguments: @Sendable () throws -> [String]
    var description: String { name }

    static let all: [StabilityScene] = [
        StabilityScene(name: "S1 tags", arguments: { ["gallery", "--page", "s1", "--size", "800x600"] }),
        StabilityScene(name: "S2 wrapping cells", arguments: { ["gallery", "--page", "s2", "--size", "800x600"] }),
        StabilityScene(name: "waterfall", arguments: { ["gallery", "--page", "waterfall", "--size", "800x600"] }),
        StabilityScene(name: "right to left", arguments: { ["gallery", "--page", "rtl", "--size", "800x600"] }),
        StabilityScene(name: "1M tags", arguments: { ["gallery", "--page", "million", "--size", "800x600"] }),
        StabilityScene(name: "show: tags", arguments: { ["show", WindowShowTests.tags.path, "--self-sizing"] }),
        StabilityScene(name: "show: compositional", arguments: { ["show", try compositionalDocument().path, "--self-sizing"] }),
    ]

    /// A compositional document of 600 wrapping text items, two to a row of estimated
    /// height, for `trellis show --self-sizing`.
    static func compositionalDocument() throws -> URL {
        let words = ["vikajun", "jun", "sawesvize", "totosalo", "quzefinru", "mi", "bel", "zetobel", "vihagodor", "junlozeka"]
        let items = (0..<600).map { index in
            let text = (0...(index * 7 % 9)).map { words[(index + $0 * 3) % words.count] }.joined(separator: " ")
            return "{\"text\": \"\(text)\"}"
        }
        let json = """
            {"width": 375, "visibleRect": {"x": 0, "y": 0, "width": 375, "height": 400},
             "layout": {"type": "compositional", "section": {
               "group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}},
                         "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"estimated": 44}}}], "count": 2},
               "interGroupSpacing": 6, "contentInsets": {"top": 4, "bottom": 4, "leading": 4, "trailing": 4}}},
             "cell": {"font": "DejaVu Sans", "size": 15, "padding": {"top": 5, "leading": 8, "bottom": 5, "trailing": 8},
                      "border": "#d03030", "borderWidth": 1, "background": "#ffffff"},
             "sections": [{"items": [\(items.joined(separator: ","))]}]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("window-compositional-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }
}

extension WindowShowTests {
    /// Drives `scene` down and back up by every means and checks every frame pair of every
    /// drive; End lands at the end and Home at the top, each moving the keyboard focus.
    @Test(arguments: StabilityScene.all, [false, true])
    func everyVisibleItemMovesWithTheScroll(scene: StabilityScene, animations: Bool) throws {
        let window = try TrellisWindow(tool: try scene.arguments(), animations: animations)
        let size = try window.geometry()
        let (x, y) = (size.width / 2, size.height / 2)
        var ranges: [(Drive, Range<Int>)] = []
        func drive(_ kind: Drive, _ body: () throws -> Void) throws {
            let start = window.frames.count
            try body()
            // The frames of the drive, from the last one before it.
            ranges.append((kind, max(0, start - 1)..<window.frames.count))
        }
        try drive(.wheelDown) { for _ in 0..<10 { _ = try window.wheel(down: true, x: x, y: y) } }
        try drive(.pageDown) { for _ in 0..<3 { _ = try window.press("Page_Down") } }
        try drive(.scrollbarDown) { try window.dragScrollbar(from: 0.3, to: 0.45) }
        // End and Home land on the last and first items.
        try drive(.end) {
            let pressed = window.lastFrame.number
            _ = try window.press("End")
            let end = try window.frame(where: { $0.number > pressed && $0.isAtEnd && !$0.animating })
            let last = try #require(end.order.max { $0[1] < $1[1] })
            #expect(last[1] == end.total - 1, "End shows the last item: \(last) of \(end.total)")
            #expect(try window.frame(after: end.number - 1).isAtEnd, "End stays at the end while the last items are measured")
            #expect(end.focus == [0, end.total - 1], "End moves the focus to the last item")
        }
        try drive(.wheelUp) { for _ in 0..<10 { _ = try window.wheel(down: false, x: x, y: y) } }
        try drive(.pageUp) { for _ in 0..<3 { _ = try window.press("Page_Up") } }
        try drive(.scrollbarUp) { try window.dragScrollbar(from: 0.45, to: 0.3) }
        try drive(.home) {
            let pressed = window.lastFrame.number
            _ = try window.press("Home")
            let top = try window.frame(where: { $0.number > pressed && $0.offset == 0 && !$0.animating })
            #expect(top.order.contains([0, 0]), "Home shows the first item")
            #expect(top.focus == [0, 0], "Home moves the focus to the first item")
        }
        let frames = window.frames
        for (kind, range) in ranges {
            let check = StabilityCheck(Array(frames[range]))
            let comment = Comment(rawValue: "\(scene), animations \(animations ? "on" : "off"), \(kind): \(check.summary)")
            let stable = check.violations.isEmpty
            #expect(stable, comment)
        }
        let all = StabilityCheck(frames)
        #expect(all.pairs >= 20, "\(all.pairs) frame pairs compared")
        // Every frame's layout reached the widget: GTK never skipped drawing it for want
        // of an allocation (the frames above would show only those it drew).
        let skipped = window.standardError.components(separatedBy: "without a current allocation").count - 1
        #expect(skipped == 0, "GTK skipped drawing the collection \(skipped) times: a queued layout never reached it")
        #expect(try window.close() == 0)
    }
}

extension TrellisWindow {
    /// Drags GTK's scrollbar (overlay: it appears under the pointer at the window's right
    /// edge) from `start` to `end` of the window's height, in five motions.
    func dragScrollbar(from start: Double, to end: Double) throws {
        let size = try geometry()
        let x = size.width - 5
        try movePointer(x: x, y: Int(Double(size.height) * start))
        Thread.sleep(forTimeInterval: 0.4)
        let before = lastFrame.number
        try xdotool(["mousedown", "1"])
        for step in 1...5 {
            try movePointer(x: x, y: Int(Double(size.height) * (start + (end - start) * Double(step) / 5)))
            Thread.sleep(forTimeInterval: 0.1)
        }
        try xdotool(["mouseup", "1"])
        _ = try frame(after: before)
    }
}
