import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Trellis
import TrellisRender
import TrellisSpec

/// End to end: `trellis render` draws what `trellis layout` lays out, writes valid files,
/// and fails cleanly on bad input without leaving a file behind.
@Suite("trellis render")
struct RenderCommandTests {
    static func run(_ arguments: [String], stdin: String = "") throws -> LayoutCommandTests.Run {
        try LayoutCommandTests.run(arguments, stdin: stdin)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-render-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func contents(of directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Scenario S1's tags as text items, a fixed-size item, a header, a visible rectangle.
    static let document = """
    {"width": 320, "direction": "ltr",
     "layout": {"type": "flow", "alignment": "leading", "interitemSpacing": 8, "lineSpacing": 8,
                "sectionInset": {"top": 10, "leading": 10, "bottom": 10, "trailing": 10}},
     "cell": {"font": "DejaVu Sans", "size": 17, "padding": {"top": 5, "leading": 5, "bottom": 5, "trailing": 5},
              "minWidth": 40, "maxWidth": 120, "lines": 1, "background": "#ffffff", "border": "#ff0000",
              "borderWidth": 1, "cornerRadius": "pill"},
     "sections": [{"header": {"width": 0, "height": 24},
                   "items": [{"text": "A"}, {"text": "longer"}, {"text": "much longer"}, {"width": 50, "height": 30},
                             {"text": "a tag far too long for its maximum width"}, {"text": "שלום"}, {"text": "A"}]}]}
    """

    static let documentWithVisibleRect = document.replacingOccurrences(
        of: "\"direction\": \"ltr\",", with: #""direction": "ltr", "visibleRect": {"x": 0, "y": 0, "width": 320, "height": 60},"#)

    /// (width, height) from a PNG's IHDR, after checking the signature.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    struct Frame: Decodable, Equatable { var section: Int; var item: Int?; var x, y, width, height: Double }
    struct Output: Decodable { var contentSize: [String: Double]; var items: [Frame]; var headers: [Frame] }

    @Test func renderedFramesEqualLayoutFrames() throws {
        let directory = try Self.temporaryDirectory()
        let png = directory.appendingPathComponent("tags.png").path
        let layout = try Self.run(["layout", "-"], stdin: Self.document)
        #expect(layout.status == 0, "\(layout.stderr)")
        let render = try Self.run(["render", "-", "-o", png, "--frames"], stdin: Self.document)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout == layout.stdout)
        #expect(render.stderr.hasPrefix("wrote \(png)"))
        let frames = try JSONDecoder().decode(Output.self, from: Data(layout.stdout.utf8))
        // The text items were measured: "much longer" is wider than "longer" and the long
        // tag is held at the maximum width.
        try #require(frames.items.count == 7)
        #expect(frames.items[0].width == 40)
        #expect(frames.items[2].width > frames.items[1].width)
        #expect(frames.items[4].width == 120)
        #expect(frames.items[3].width == 50)

        // The whole content is drawn; the tags' outlines sit on their frames' edges.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        let size = try #require(Self.pngSize(bytes))
        #expect(size.width == 320 && Double(size.height) == frames.contentSize["height"])
        let image = try RasterImage(png: bytes)
        for frame in frames.items where frame.item != 3 {
            let midX = Int(frame.x + frame.width / 2)
            #expect(image.pixel(x: midX, y: Int(frame.y)) == Pixel(red: 255, green: 0, blue: 0), "top edge of item \(frame.item!)")
            #expect(image.pixel(x: midX, y: Int(frame.y + frame.height) - 1) == Pixel(red: 255, green: 0, blue: 0))
            #expect(image.pixel(x: midX, y: Int(frame.y) - 1) == Pixel(red: 255, green: 255, blue: 255), "background above item \(frame.item!)")
            // The label's text is drawn inside the padding.
            var ink = 0
            for y in Int(frame.y) + 5..<Int(frame.y + frame.height) - 5 {
                for x in Int(frame.x) + 5..<Int(frame.x + frame.width) - 5 {
                    let pixel = image.pixel(x: x, y: y)
                    if pixel.red < 100 && pixel.green < 100 { ink += 1 }
                }
            }
            #expect(ink > 20, "no text drawn in item \(frame.item!)")
        }
    }

    @Test(arguments: [1.0, 2.0])
    func visibleOnlyDrawsTheVisibleRectAtTheScale(scale: Double) throws {
        let directory = try Self.temporaryDirectory()
        let png = directory.appendingPathComponent("visible.png").path
        let run = try Self.run(["render", "-", "-o", png, "--visible-only", "--scale", "\(scale)"], stdin: Self.documentWithVisibleRect)
        #expect(run.status == 0, "\(run.stderr)")
        let size = try #require(Self.pngSize([UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))))
        #expect(size.width == Int(320 * scale) && size.height == Int(60 * scale))
        #expect(run.stdout.contains("(\(Int(320 * scale))×\(Int(60 * scale)) px"))
        // The frames printed with --visible-only are those `trellis layout` reports for the
        // document's visible rectangle.
        let layout = try Self.run(["layout", "-"], stdin: Self.documentWithVisibleRect)
        let frames = try Self.run(["render", "-", "-o", png, "--visible-only", "--frames"], stdin: Self.documentWithVisibleRect)
        #expect(frames.stdout == layout.stdout)
    }

    @Test func visibleOnlyWithoutAVisibleRectIsAnError() throws {
        let directory = try Self.temporaryDirectory()
        let run = try Self.run(["render", "-", "-o", directory.appendingPathComponent("x.png").path, "--visible-only"], stdin: Self.document)
        #expect(run.status != 0)
        #expect(run.stderr.contains("visibleRect"))
        #expect(Self.contents(of: directory).isEmpty)
    }

    final class RootElement: NSObject, XMLParserDelegate {
        var name: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if self.name == nil { self.name = name }
        }
    }

    @Test func svgAndPDFAreValid() throws {
        let directory = try Self.temporaryDirectory()
        let svg = directory.appendingPathComponent("tags.svg"), pdf = directory.appendingPathComponent("tags.pdf")
        for url in [svg, pdf] {
            let run = try Self.run(["render", "-", "-o", url.path, "--debug"], stdin: Self.document)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let parser = XMLParser(data: try Data(contentsOf: svg))
        let root = RootElement()
        parser.delegate = root
        #expect(parser.parse())
        #expect(root.name == "svg")
        let pdfText = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        #expect(pdfText.hasPrefix("%PDF-"))
        #expect(pdfText.contains("/Count 1"))
    }

    @Test func debugOverlayChangesThePicture() throws {
        let directory = try Self.temporaryDirectory()
        let plain = directory.appendingPathComponent("plain.png").path, debug = directory.appendingPathComponent("debug.png").path
        #expect(try Self.run(["render", "-", "-o", plain], stdin: Self.document).status == 0)
        #expect(try Self.run(["render", "-", "-o", debug, "--debug"], stdin: Self.document).status == 0)
        let a = try RasterImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain))))
        let b = try RasterImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: debug))))
        #expect(a.width == b.width && a.height == b.height)
        // The canvas's own frame is outlined: its bottom-right pixel lies in the section's
        // bottom inset, white without the overlay.
        let corner = (x: a.width - 1, y: a.height - 1)
        #expect(a.pixel(x: corner.x, y: corner.y) == Pixel(red: 255, green: 255, blue: 255))
        #expect(b.pixel(x: corner.x, y: corner.y) != a.pixel(x: corner.x, y: corner.y))
    }

    /// A bad input, the words the message must contain, and the output file to try.
    static let badInputs: [(name: String, document: String, output: String, expected: [String])] = [
        ("unknown colour", document.replacingOccurrences(of: "\"border\": \"#ff0000\"", with: "\"border\": \"reddish\""),
         "out.png", ["cell.border", "unknown colour \"reddish\""]),
        ("missing font", document.replacingOccurrences(of: "\"font\": \"DejaVu Sans\"", with: "\"font\": \"No Such Family Sans\""),
         "out.png", ["cell.font", "\"No Such Family Sans\" is not installed", "instead"]),
        ("unknown extension", document, "out.jpg", ["unknown output extension .jpg", ".png, .svg or .pdf"]),
        ("unwritable path", document, "missing-directory/out.png", ["missing-directory/out.png", "cannot create"]),
        ("text is not a string", document.replacingOccurrences(of: "{\"text\": \"A\"}", with: "{\"text\": 5}"),
         "out.png", ["sections[0].items[0].text", "expected a string"]),
    ]

    @Test(arguments: 0..<5)
    func badInputFailsWithAClearMessageAndNoFile(index: Int) throws {
        let bad = Self.badInputs[index]
        let directory = try Self.temporaryDirectory()
        let run = try Self.run(["render", "-", "-o", directory.appendingPathComponent(bad.output).path], stdin: bad.document)
        #expect(run.status != 0, "\(bad.name)")
        #expect(run.stderr.hasPrefix("trellis render: "), "\(bad.name): \(run.stderr)")
        for words in bad.expected { #expect(run.stderr.contains(words), "\(bad.name): \(run.stderr)") }
        #expect(Self.contents(of: directory).isEmpty, "\(bad.name) left \(Self.contents(of: directory))")
        #expect(run.stdout.isEmpty)
    }

    @Test func missingFontNamesTheFamilyUsedInstead() throws {
        let document = Self.document.replacingOccurrences(of: "\"font\": \"DejaVu Sans\"", with: "\"font\": \"No Such Family Sans\"")
        let run = try Self.run(["render", "-", "-o", "/tmp/never-written.png"], stdin: document)
        // fontconfig falls back to an installed family; the message names it.
        #expect(run.stderr.contains("Pango would draw with \""))
        #expect(!run.stderr.contains("Pango would draw with \"No Such Family Sans\""))
    }

    @Test func layoutAcceptsTextItemsToo() throws {
        let run = try Self.run(["layout", "-"], stdin: #"{"width": 200, "sections": [{"items": [{"text": "A"}, {"text": "much longer"}]}]}"#)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try JSONDecoder().decode(Output.self, from: Data(run.stdout.utf8))
        #expect(frames.items.count == 2)
        #expect(frames.items[1].width > frames.items[0].width && frames.items[0].width > 10)
    }
}

/// The README example of docs/Rendering.md, as written there (writing into a temporary
/// directory instead of the current one).
@Test func readmeLibraryExampleWorks() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let output = directory.appendingPathComponent("tags.png").path
    // --- example ---
    // S1: 100 tags, each sized by one sizing cell (a label pinned 5 pt inside), left-aligned.
    let texts = (0..<100).map { $0 % 2 == 1 ? "A" : ($0 % 3 != 0 ? "longer" : "much longer") }
    let sizingCell = TemplateCell(template: .tag)
    let sizes = texts.map { text -> ItemSize in
        sizingCell.text = text
        return sizingCell.itemSize(available: 375)
    }
    let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
    layout.prepare(from: StaticLayoutSource(
        containerSize: Size(width: 375, height: 0), sections: [.init(items: .list(sizes))]))
    let content = Rect(origin: .zero, size: layout.contentSize)
    let picture = CollectionScene.makeView(region: content, elements: layout.elements(in: content), background: .white) {
        TemplateCell(template: .tag, text: texts[$0.indexPath.item])
    }
    try Renderer(options: RenderOptions(scale: 2)).write(picture, to: output)
    // --- end ---
    let image = try RasterImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
    #expect(image.width == 750 && Double(image.height) == 2 * layout.contentSize.height)
    #expect(picture.subviews.count == 100)
}
