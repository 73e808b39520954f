import Foundation
import Testing
import TrellisRender

/// Runs the built `trellis` tool in a real window on the X server of `DISPLAY` (the
/// Makefile's test rule starts one with xvfb-run), drives it from outside with real input
/// events (xdotool: XTEST pointer and key events, window resizes) and reads the window's
/// debug channel (`TRELLIS_GTK_DEBUG=1`: one JSON line per drawn frame) to know when a
/// frame was drawn and where the items are. Screenshots come from the X server (xwd).
final class TrellisWindow: @unchecked Sendable {
    /// Why the window tests cannot run here, or nil.
    static let unavailableReason: String? = {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            return "no X server: DISPLAY is not set (`make test` runs these tests under xvfb-run)"
        }
        for tool in ["xdotool", "xwd"] where which(tool) == nil {
            return "\(tool) is not installed (scripts/bootstrap installs it)"
        }
        return nil
    }()

    static var available: Bool { unavailableReason == nil }

    static func which(_ tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// A file of Tests/TrellisCLITests/Fixtures.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    /// GTK settings of the tests' own (XDG_CONFIG_HOME): animations off or on (GTK's
    /// default), nothing else from the machine's configuration.
    static func settingsDirectory(animations: Bool) -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-window-tests-config-\(animations ? "animated" : "still")")
        let gtk = directory.appendingPathComponent("gtk-4.0")
        try? FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
        try? Data("[Settings]\ngtk-enable-animations=\(animations)\n".utf8).write(to: gtk.appendingPathComponent("settings.ini"))
        return directory.path
    }

    let process = Process()
    private let lock = NSLock()
    private var buffer = Data()
    private var lines: [[String: Any]] = []
    private var errors = Data()

    /// Starts `trellis show ARGUMENTS` and waits for its first frame.
    convenience init(show arguments: [String]) throws {
        try self.init(tool: ["show"] + arguments)
    }

    /// Starts `trellis ARGUMENTS` (show or gallery) — or another program that prints the
    /// widget's debug lines with `TRELLIS_GTK_DEBUG=1` — and waits for its first frame;
    /// GTK's animations off unless `animations`.
    init(tool arguments: [String], environment extra: [String: String] = [:], executable: URL = TrellisTool.executable,
         animations: Bool = false) throws {
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TRELLIS_GTK_DEBUG"] = "1"
        // Draw with GSK's Cairo renderer: deterministic under Xvfb (no GL).
        environment["GSK_RENDERER"] = "cairo"
        environment["NO_AT_BRIDGE"] = "1"
        // GTK settings from a settings.ini of our own: by default no animations, so Page
        // Down and End land in one step; the stability tests run with GTK's default (on) too.
        environment["XDG_CONFIG_HOME"] = Self.settingsDirectory(animations: animations)
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData)
        }
        error.fileHandleForReading.readabilityHandler = { [weak self] handle in
            guard let self else { return }
            let data = handle.availableData
            self.lock.lock(); self.errors.append(data); self.lock.unlock()
        }
        try process.run()
        // The first frames can come at GTK's first allocation, before the window has its
        // size: wait until they settle (longer on a loaded machine).
        _ = try frame(after: 0, timeout: 60, settle: 0.8)
    }

    /// With `TRELLIS_WINDOW_TEST_LOG=DIRECTORY`, every debug-channel line and every xdotool
    /// command, time-stamped, goes to `DIRECTORY/window-PID.log` when the window is done:
    /// the record to read when an intermittent fault shows up in a loop of runs.
    deinit {
        if process.isRunning { process.terminate() }
        if let directory = ProcessInfo.processInfo.environment["TRELLIS_WINDOW_TEST_LOG"] {
            lock.lock(); let all = rawLines; lock.unlock()
            let file = URL(fileURLWithPath: directory).appendingPathComponent("window-\(process.processIdentifier).log")
            try? Data(all.joined(separator: "\n").utf8).write(to: file)
        }
    }
    /// Every debug-channel line and xdotool command, time-stamped (for the log above).
    private var rawLines: [String] = []

    private func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(data)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = buffer[buffer.startIndex..<newline]
            rawLines.append(String(format: "%.3f ", Date().timeIntervalSince1970) + String(decoding: line, as: UTF8.self))
            buffer.removeSubrange(buffer.startIndex...newline)
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] { lines.append(object) }
        }
    }

    var standardError: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: errors, as: UTF8.self)
    }

    /// Every frame line so far, each with the adjustment value the last `scroll` line
    /// before it asked for (GTK's wheel, scrollbar or kinetic scrolling), if any.
    var frames: [Frame] {
        lock.lock(); defer { lock.unlock() }
        var frames: [Frame] = []
        var requested: Double?
        for line in lines {
            switch line["event"] as? String {
            case "scroll": requested = (line["value"] as? NSNumber)?.doubleValue
            case "frame":
                var frame = Frame(line)
                frame.requestedValue = requested
                requested = nil
                frames.append(frame)
            default: break
            }
        }
        return frames
    }

    /// Waits for the first frame numbered above `number`, then until no new frame came for
    /// `settle` seconds (animations end), and returns the last one.
    func frame(after number: Int, timeout: Double = 20, settle: Double = 0.25) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Frame?
        var lastChange = Date()
        while Date() < deadline {
            if let newest = frames.last, newest.number > number {
                if newest.number != last?.number { last = newest; lastChange = Date() }
                if Date().timeIntervalSince(lastChange) >= settle { return newest }
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if let last { return last }
        let state = process.isRunning ? "still running" : "exited with \(process.terminationStatus)"
        throw WindowTestError("no frame after \(number) within \(timeout) s (the program \(state)); stderr: \(standardError)")
    }

    /// Waits (up to `timeout` seconds) for a frame satisfying `condition` — for animations
    /// (End, Page Down) whose frames can take long in a debug build.
    func frame(where condition: (Frame) -> Bool, timeout: Double = 30) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let match = frames.last(where: condition) { return match }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let recent = frames.suffix(4).map {
            "\($0.number) at \($0.offset) of \($0.contentHeight) (page \($0.height)\($0.animating ? ", animating" : ""))"
        }
        throw WindowTestError("no frame matched within \(timeout) s; last frames: \(recent.isEmpty ? "none" : recent.joined(separator: "; "))")
    }

    var lastFrame: Frame { frames.last! }

    /// The last frame drawn before the first line of `event` (waiting up to `timeout`
    /// seconds for that line).
    func frame(before event: String, timeout: Double = 20) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let index = lines.firstIndex { $0["event"] as? String == event }
            let frame = index.flatMap { index in lines[..<index].last { $0["event"] as? String == "frame" } }
            lock.unlock()
            if let frame { return Frame(frame) }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw WindowTestError("no \(event) line after a frame within \(timeout) s")
    }

    /// Every line of the debug channel with this event name.
    func events(_ name: String) -> [[String: Any]] {
        lock.lock(); defer { lock.unlock() }
        return lines.filter { $0["event"] as? String == name }
    }
    /// The window's X11 id: from the frame lines, or — for a program that does not install
    /// the tool's test hooks (frames say 0) — as ``findWindow(named:)`` found it.
    var xid: String { foundWindow ?? String(lastFrame.xid) }
    private var foundWindow: String?

    /// Finds the program's visible window titled exactly `title` with xdotool, for the
    /// commands that need its id.
    func findWindow(named title: String) throws {
        let found = try xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
        foundWindow = try #require(found.split(separator: "\n").first.map(String.init), "no window named \(title)")
    }

    /// Runs xdotool with `arguments` (real XTEST input: the events reach GTK as from a
    /// person's mouse and keyboard).
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        lock.lock(); rawLines.append(String(format: "%.3f # xdotool ", Date().timeIntervalSince1970) + arguments.joined(separator: " ")); lock.unlock()
        let run = try TrellisTool.run(arguments, program: URL(fileURLWithPath: Self.which("xdotool")!))
        guard run.status == 0 else { throw WindowTestError("xdotool \(arguments): \(run.stderr)") }
        return run.stdout
    }

    /// Puts the pointer at (x, y) in the window.
    func movePointer(x: Int, y: Int) throws {
        try xdotool(["mousemove", "--window", xid, String(x), String(y)])
    }

    /// Focuses the window (no window manager runs under Xvfb: focus is set directly).
    func focus() throws {
        try xdotool(["windowfocus", "--sync", xid])
    }

    /// Presses `keys` (xdotool key names, e.g. "Page_Down", "ctrl+w") and waits for the
    /// frames they cause.
    func press(_ keys: String...) throws -> Frame {
        let before = lastFrame.number
        try focus()
        try xdotool(["key"] + keys)
        return try frame(after: before)
    }

    /// One wheel click (button 5 down, 4 up) with the pointer at (x, y); the frame it drew.
    func wheel(down: Bool, x: Int = 100, y: Int = 100) throws -> Frame {
        let before = lastFrame.number
        try movePointer(x: x, y: y)
        try xdotool(["click", down ? "5" : "4"])
        return try frame(after: before)
    }

    /// Clicks (button 1) at the middle of `item` as the last frame shows it, with
    /// `modifiers` (e.g. "ctrl") held, and returns the first settled frame drawn after the
    /// widget handled the click's release — not a frame of the pointer's motion (the hover
    /// tint), which can come first and, on a quiet machine, a quarter second before it.
    /// Throws when the press reached the widget and neither its release nor a cancel did.
    func click(_ item: [Int], modifiers: [String] = []) throws -> Frame {
        let rect = try #require(lastFrame.rects[item], "item \(item) is not in view")
        let origin = (lastFrame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        try movePointer(x: Int(origin[0] + rect.x + rect.width / 2), y: Int(origin[1] + rect.y + rect.height / 2))
        let start = lineCount
        for modifier in modifiers { try xdotool(["keydown", modifier]) }
        try xdotool(["click", "1"])
        for modifier in modifiers { try xdotool(["keyup", modifier]) }
        let end = try line(after: start, timeout: 10) { ["release", "cancel"].contains($0["event"] as? String) }
        guard end.object["event"] as? String == "release" else { throw WindowTestError("the click on \(item) was cancelled by GTK") }
        let drawn = try line(after: end.index + 1) { $0["event"] as? String == "frame" }
        return try frame(after: Int((drawn.object["frame"] as? NSNumber)?.intValue ?? 0) - 1)
    }

    /// How many debug-channel lines came so far.
    private var lineCount: Int {
        lock.lock(); defer { lock.unlock() }
        return lines.count
    }

    /// Waits for the first debug-channel line after the first `index` lines that satisfies
    /// `condition`; its position and content.
    private func line(after index: Int, timeout: Double = 20, where condition: ([String: Any]) -> Bool) throws -> (index: Int, object: [String: Any]) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let found = lines.indices.dropFirst(index).first { condition(lines[$0]) }.map { ($0, lines[$0]) }
            lock.unlock()
            if let found { return found }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let pressed = events("press").count
        throw WindowTestError("no such debug line within \(timeout) s (presses so far: \(pressed), releases: \(events("release").count))")
    }

    /// Resizes the window and waits for the frame at the new size.
    func resize(width: Int, height: Int) throws -> Frame {
        let before = lastFrame.number
        try xdotool(["windowsize", xid, String(width), String(height)])
        return try frame(after: before)
    }

    /// The window's name (title) as the X server has it.
    func title() throws -> String {
        try xdotool(["getwindowname", xid]).trimmingCharacters(in: .newlines)
    }

    /// The window's size on the X server.
    func geometry() throws -> (width: Int, height: Int) {
        let fields = Dictionary(uniqueKeysWithValues: try xdotool(["getwindowgeometry", "--shell", xid])
            .split(separator: "\n").compactMap { line -> (String, Int)? in
                let parts = line.split(separator: "=")
                return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
            })
        return (fields["WIDTH"] ?? 0, fields["HEIGHT"] ?? 0)
    }

    /// Moves the pointer off the window (no hover tint, the overlay scrollbar fades) and
    /// waits for the frame that redraws without the hover.
    func movePointerAway() throws {
        let before = lastFrame.number
        let hovering = lastFrame.raw["hover"] != nil
        try xdotool(["mousemove", "1270", "1010"])
        if hovering { _ = try frame(after: before) }
    }

    /// A screenshot of the window from the X server.
    func screenshot() throws -> XWDImage {
        let xwd = Process()
        xwd.executableURL = URL(fileURLWithPath: Self.which("xwd")!)
        xwd.arguments = ["-silent", "-id", xid]
        let output = Pipe()
        xwd.standardOutput = output
        try xwd.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        xwd.waitUntilExit()
        guard xwd.terminationStatus == 0 else { throw WindowTestError("xwd failed with status \(xwd.terminationStatus)") }
        return try XWDImage(Array(bytes))
    }

    /// Closes the window with Ctrl+W and returns the tool's exit status.
    func close() throws -> Int32 {
        try focus()
        try xdotool(["key", "ctrl+w"])
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate(); throw WindowTestError("the window did not close on Ctrl+W") }
        return process.terminationStatus
    }
}

/// One frame line of the debug channel.
struct Frame {
    var number: Int
    var xid: Int
    var width: Double, height: Double
    var offset: Double, value: Double
    /// A scroll animation of the widget was under way when the frame was drawn.
    var animating: Bool
    /// The adjustment value GTK set since the previous frame (a scroll the person made),
    /// before the layout anchored it: the scroll they asked for is this minus the previous
    /// frame's value.
    var requestedValue: Double?
    var contentHeight: Double
    var measured: Int, measurements: Int, total: Int
    /// [section, item] → distance of the item's top from the window's top edge.
    var items: [[Int]: Double]
    /// The items top first.
    var order: [[Int]]
    /// [section, item] → the item's frame in the window (x, y, width, height).
    var rects: [[Int]: (x: Double, y: Double, width: Double, height: Double)]
    var selected: [[Int]]
    var focus: [Int]?
    var raw: [String: Any]

    init(_ json: [String: Any]) {
        func number(_ key: String) -> Double { (json[key] as? NSNumber)?.doubleValue ?? .nan }
        self.number = Int(number("frame"))
        xid = Int(number("xid"))
        width = number("width"); height = number("height")
        offset = number("offset"); value = number("value")
        animating = json["animating"] as? Bool ?? false
        contentHeight = number("contentHeight")
        measured = Int(number("measured")); measurements = Int(number("measurements")); total = Int(number("total"))
        var items: [[Int]: Double] = [:], order: [[Int]] = []
        var rects: [[Int]: (x: Double, y: Double, width: Double, height: Double)] = [:]
        for entry in json["items"] as? [[NSNumber]] ?? [] {
            let key = [entry[0].intValue, entry[1].intValue]
            items[key] = entry[2].doubleValue
            rects[key] = (entry[3].doubleValue, entry[2].doubleValue, entry[4].doubleValue, entry[5].doubleValue)
            order.append(key)
        }
        self.rects = rects
        selected = (json["selected"] as? [[NSNumber]] ?? []).map { $0.map(\.intValue) }
        focus = (json["focus"] as? [NSNumber])?.map(\.intValue)
        self.items = items
        self.order = order
        raw = json
    }

    /// How far the person scrolled from `previous` to this frame (nil: GTK set no value).
    func requestedScroll(since previous: Frame) -> Double? {
        requestedValue.map { $0 - previous.value }
    }

    /// The first item of this frame still in view in `next`, with its distance here.
    func anchor(in next: Frame) -> (item: [Int], distance: Double)? {
        order.first { next.items[$0] != nil }.map { ($0, items[$0]!) }
    }

    /// Whether the content offset is at the end of the content (clamped there).
    var isAtEnd: Bool { offset >= contentHeight - height - 0.01 }
}

struct WindowTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// An X window dump (`xwd` output, ZPixmap, 24/32 bits per pixel), decoded.
struct XWDImage {
    let width: Int, height: Int
    private var pixels: [Pixel]

    init(_ bytes: [UInt8]) throws {
        func card32(_ index: Int) -> Int {
            let o = index * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        guard bytes.count >= 100 else { throw WindowTestError("xwd output too short") }
        let headerSize = card32(0), format = card32(2), width = card32(4), height = card32(5)
        let byteOrder = card32(7), bitsPerPixel = card32(11), bytesPerLine = card32(12)
        let masks = (card32(14), card32(15), card32(16))
        let colors = card32(19)
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24 else {
            throw WindowTestError("unsupported xwd image: format \(format), \(bitsPerPixel) bits per pixel")
        }
        let start = headerSize + colors * 12
        guard bytes.count >= start + bytesPerLine * height else { throw WindowTestError("xwd output truncated") }
        func channel(_ value: Int, _ mask: Int) -> UInt8 {
            guard mask != 0 else { return 0 }
            let shift = mask.trailingZeroBitCount
            return UInt8(truncatingIfNeeded: (value & mask) >> shift)
        }
        var pixels: [Pixel] = []
        pixels.reserveCapacity(width * height)
        let step = bitsPerPixel / 8
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * step
                var value = 0
                for k in 0..<step {
                    value |= Int(bytes[o + k]) << (byteOrder == 0 ? 8 * k : 8 * (step - 1 - k))
                }
                pixels.append(Pixel(red: channel(value, masks.0), green: channel(value, masks.1), blue: channel(value, masks.2)))
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    func pixel(x: Int, y: Int) -> Pixel { pixels[y * width + x] }
}

/// How a screenshot differs from a render.
struct ImageDifference: CustomStringConvertible {
    var compared = 0
    var differing = 0
    var largest = 0

    var description: String { "\(differing) of \(compared) pixels differ (largest channel difference \(largest))" }

    /// Compares the pixels of both images left of `excludingRight` columns from the right
    /// edge (where GTK's overlay scrollbar indicator is drawn over the content), outside
    /// `rects` (a focus ring, which `render` does not draw).
    init(_ shot: XWDImage, _ render: RasterImage, excludingRight: Int,
         excluding rects: [(x: Double, y: Double, width: Double, height: Double)] = []) {
        for y in 0..<min(shot.height, render.height) {
            for x in 0..<min(shot.width, render.width) - excludingRight {
                if rects.contains(where: { Double(x) >= $0.x && Double(x) < $0.x + $0.width && Double(y) >= $0.y && Double(y) < $0.y + $0.height }) { continue }
                let a = shot.pixel(x: x, y: y), b = render.pixel(x: x, y: y)
                let difference = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
                compared += 1
                if difference > 0 { differing += 1; largest = max(largest, difference) }
            }
        }
    }
}
