import ArgumentParser
import Foundation
import Trellis
import TrellisKit
import TrellisRender
import TrellisSpec

/// `trellis render INPUT.json -o OUT.(png|svg|pdf)`: lays out a `trellis layout` document
/// (with text items sized by the cell template) and draws it.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out a JSON document and draw it to PNG, SVG or PDF.",
        discussion: """
        The input is the `trellis layout` document; items may also be text items,
        {"text": "much longer"}, sized and drawn by the document's cell template:
        "cell": {"font": "DejaVu Sans", "size": 17, "padding": {"top":5,"leading":5,"bottom":5,"trailing":5},
                 "minWidth": 40, "maxWidth": "container" | 300, "lines": 1, "background": "#ffffff",
                 "border": "#ff0000", "borderWidth": 1, "cornerRadius": "pill" | 6}
        The format follows the output's extension. PNG is scaled by --scale; SVG and PDF are in points.
        """)

    @Argument(help: "The JSON document: a file path, or - for standard input.")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "The file to write: .png, .svg or .pdf.")
    var output: String

    @Option(parsing: .unconditional, help: "Pixels per point for PNG output (\(DocumentLimits.minimumScale)…16).")
    var scale: Double = 1

    @Flag(help: "Draw only the elements intersecting the document's visibleRect (the canvas is that rectangle).")
    var visibleOnly = false

    @Flag(help: "Draw every frame, and each label's line boxes and baselines, over the render.")
    var debug = false

    @Flag(help: "Also print the drawn frames as `trellis layout` prints them (JSON on standard output).")
    var frames = false

    @Option(help: "The canvas colour (#rgb, #rrggbb, #rrggbbaa or none).")
    var background = "#ffffff"

    func validate() throws {
        guard scale.isFinite, scale >= DocumentLimits.minimumScale, scale <= 16 else {
            throw ValidationError("--scale must be a number from \(DocumentLimits.minimumScale) to 16 pixels per point (docs/Limits.md), got \(scale)")
        }
    }

    func run() throws {
        do {
            try render()
        } catch let error as RenderError {
            try fail("\(error)")
        } catch let error as SpecError {
            try fail("\(error)")
        }
    }

    private var console: ToolOutput { ToolOutput(command: "trellis render") }

    private func fail(_ message: String) throws(ExitCode) -> Never {
        throw console.fail(message)
    }

    private func render() throws {
        // Check what costs nothing first, so a typo fails before any work.
        let format = try RenderFormat(path: output)
        let canvasColor: Color?
        if background == "none" {
            canvasColor = nil
        } else {
            guard let parsed = Color(hex: background) else {
                throw SpecError(.invalidValue, path: "--background", "unknown colour \"\(background.count > 40 ? background.prefix(37) + "..." : background)\"; expected \"#rgb\", \"#rrggbb\", \"#rrggbbaa\" or \"none\"")
            }
            canvasColor = parsed
        }
        let document = try LayoutDocument.decode(try readInput(input)).measuringTextItems()
        let layout = document.layout.makeLayout()
        layout.prepare(from: document.source)

        let region: Rect
        if visibleOnly {
            guard let visible = document.visibleRect else {
                throw SpecError(.missingValue, path: "visibleRect", "--visible-only needs the document's visibleRect")
            }
            region = visible
        } else {
            region = Rect(origin: .zero, size: layout.contentSize)
        }
        // The canvas is known once the layout is: check it before a view is built (a million
        // cells at a scale past the PNG limit must fail at once, not after building them).
        let renderer = Renderer(options: RenderOptions(scale: scale, debugOverlay: debug))
        let canvas = try renderer.checkCanvas(region.size, format: format)
        try OutputPath.checkWritable(output)
        let elements = DocumentScene.elements(of: layout, visibleRect: visibleOnly ? region : nil)
        let scene = DocumentScene(document: document)
        let root = CollectionScene.makeView(region: region, elements: elements, background: canvasColor, makeView: scene.makeView)
        try renderer.write(root, to: output)

        let size = format == .png
            ? "\(canvas.width)×\(canvas.height) px"
            : "\(formatted(region.width))×\(formatted(region.height)) pt"
        let summary = "wrote \(output) (\(size), \(root.subviews.count) elements)\n"
        if frames {
            try console.write(summary, to: .standardError)
            let result = LayoutResult(layout: layout, visibleRect: visibleOnly ? region : document.visibleRect)
            try console.write(JSONWriter.write(result.json, pretty: true) + "\n")
        } else {
            try console.write(summary)
        }
    }
}

/// A number without a trailing ".0".
func formatted(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
}
