import ArgumentParser
import Foundation
import Trellis
import TrellisKit
import TrellisRender
import TrellisSpec

/// `trellis demo`: renders the scenarios of SCENARIOS.md into a directory and prints what
/// it wrote with a one-screen summary.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the scenarios (S1 tag cloud, S2 wrapping, S3 grid, S5 tag rows, RTL) as PNG files.",
        discussion: """
        Writes into ./trellis-demo (or --output DIR): S1 in uikit and leading alignment side by side,
        S1 with a minimum width and truncation, S2 with multi-line wrapping, S3 as a three-column grid,
        S5 as a list of rows with tag collections, and S5 right to left with Hebrew and Arabic tags.
        Every text item is sized by a TrellisKit cell (a label pinned inside it by constraints) and
        drawn with Pango exactly as measured.
        """)

    @Option(name: [.short, .customLong("output")], help: "The directory to write the pictures into.")
    var output = "trellis-demo"

    @Option(help: "Pixels per point of the PNG files.")
    var scale: Double = 2

    @Flag(help: "Also print the S1 tag cloud in every flow alignment as a text picture.")
    var text = false

    @Option(help: "Columns of the text picture (default: $COLUMNS, else 100); implies --text.")
    var columns: Int?

    func validate() throws {
        guard scale.isFinite, scale >= DocumentLimits.minimumScale, scale <= 8 else {
            throw ValidationError("--scale must be a number from \(DocumentLimits.minimumScale) to 8 pixels per point, got \(scale)")
        }
        if let columns, columns < 20 { throw ValidationError("--columns must be at least 20") }
    }

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            try fail("cannot create the output directory \(output): \((error as NSError).localizedDescription)")
        }
        let renderer = Renderer(options: RenderOptions(scale: scale))
        let total = DemoScenarios.all.count
        var rows: [(picture: DemoPicture, render: Duration)] = []
        let started = ContinuousClock.now
        for (index, build) in DemoScenarios.all.enumerated() {
            let picture = build()
            let path = (output as NSString).appendingPathComponent(picture.fileName)
            let clock = ContinuousClock()
            do {
                let renderTime = try clock.measure { try renderer.write(picture.view, to: path) }
                rows.append((picture, renderTime))
            } catch {
                try fail("\(error)")
            }
            // Progress as it goes: the first build of fonts and the solver takes a moment.
            let pixels = "\(Int((picture.view.bounds.width * scale).rounded(.up)))×\(Int((picture.view.bounds.height * scale).rounded(.up)))"
            try say("[\(index + 1)/\(total)] wrote \(path) (\(pixels) px)")
        }
        let elapsed = ContinuousClock.now - started
        try say("")
        try say(Self.summary(rows, total: elapsed))
        if text || columns != nil { try say(DemoTextPicture.render(columns: columns ?? ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 100)) }
    }

    /// A table: scenario, items, lines, content height, layout and render time.
    static func summary(_ rows: [(picture: DemoPicture, render: Duration)], total: Duration) -> String {
        func ms(_ duration: Duration) -> String { String(format: "%.1f", Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15) }
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return right ? padding + text : text + padding
        }
        var lines = [pad("scenario", 48) + pad("items", 6, right: true) + pad("lines", 7, right: true)
                     + pad("height pt", 11, right: true) + pad("layout ms", 11, right: true) + pad("draw ms", 9, right: true)]
        for (picture, render) in rows {
            lines.append(pad(picture.title, 48) + pad("\(picture.items)", 6, right: true) + pad("\(picture.lines)", 7, right: true)
                         + pad(formatted(picture.contentHeight), 11, right: true) + pad(ms(picture.layoutTime), 11, right: true)
                         + pad(ms(render), 9, right: true))
        }
        lines.append("\(rows.count) pictures, \(rows.reduce(0) { $0 + $1.picture.items }) items, \(ms(total)) ms in all")
        return lines.joined(separator: "\n")
    }

    private func say(_ line: String) throws(ExitCode) {
        try ToolOutput(command: "trellis demo").write(line + "\n")
    }

    private func fail(_ message: String) throws(ExitCode) -> Never {
        throw ToolOutput(command: "trellis demo").fail(message)
    }
}
