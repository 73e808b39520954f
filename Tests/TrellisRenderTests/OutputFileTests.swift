import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Trellis
import TrellisKit
import TrellisRender

/// Files the renderer writes are valid PNG, SVG and PDF, and bad output paths fail cleanly.
@Suite("Output files")
struct OutputFileTests {
    static func scene() -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        root.backgroundColor = .white
        let tag = View(frame: Rect(x: 10, y: 10, width: 60, height: 24))
        tag.backgroundColor = .white
        tag.borderColor = .red
        tag.borderWidth = 1
        tag.cornerStyle = .pill
        root.addSubview(tag)
        return root
    }

    /// A fresh empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func contents(of directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Width and height from a PNG's IHDR chunk, after checking the signature.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test(arguments: [1.0, 2.0])
    func pngHasSignatureAndScaledSize(scale: Double) throws {
        let directory = try Self.temporaryDirectory()
        let path = directory.appendingPathComponent("tag.png").path
        try Renderer(options: RenderOptions(scale: scale)).write(Self.scene(), to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let size = try #require(Self.pngSize(bytes))
        #expect(size.width == Int(100 * scale) && size.height == Int(50 * scale))
        // Decoded again, the file shows the tag's outline and its white inside.
        let image = try RasterImage(png: bytes)
        #expect(image.pixel(x: Int(40 * scale), y: Int(10 * scale)) == Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: Int(40 * scale), y: Int(22 * scale)) == Pixel(red: 255, green: 255, blue: 255))
        #expect(Self.contents(of: directory) == ["tag.png"])
    }

    final class SVGChecker: NSObject, XMLParserDelegate {
        var rootElement: String?
        var rootAttributes: [String: String] = [:]
        var elementCount = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if rootElement == nil { rootElement = name; rootAttributes = attributes }
            elementCount += 1
        }
    }

    @Test func svgParsesAsXMLWithTheCanvasSizeInPoints() throws {
        let bytes = try Renderer(options: RenderOptions(scale: 3)).render(Self.scene(), as: .svg)
        let parser = XMLParser(data: Data(bytes))
        let checker = SVGChecker()
        parser.delegate = checker
        #expect(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
        #expect(checker.rootElement == "svg")
        // The scale does not apply to vector output.
        #expect(checker.rootAttributes["width"].map { $0.hasPrefix("100") } == true)
        #expect(checker.rootAttributes["height"].map { $0.hasPrefix("50") } == true)
        #expect(checker.elementCount > 2)
    }

    /// Counts `/Type /Page` dictionaries (not `/Type /Pages`) in an uncompressed PDF
    /// object structure, the way Cairo writes it.
    static func pdfPageCount(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        var count = 0
        var rest = text[...]
        while let range = rest.range(of: "/Type /Page") {
            if rest[range.upperBound...].first != "s" { count += 1 }
            rest = rest[range.upperBound...]
        }
        return count
    }

    @Test func pdfHasHeaderOnePageAndTrailer() throws {
        let bytes = try Renderer().render(Self.scene(), as: .pdf)
        #expect(Array(bytes.prefix(5)) == Array("%PDF-".utf8))
        #expect(String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF"))
        #expect(Self.pdfPageCount(bytes) == 1)
        #expect(String(decoding: bytes, as: UTF8.self).contains("/MediaBox [ 0 0 100 50 ]"))
    }

    @Test(arguments: ["out.jpg", "out", "out.", "dir/out.PNGX"])
    func unknownExtensionIsRejectedBeforeWriting(name: String) throws {
        let directory = try Self.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("dir"), withIntermediateDirectories: true)
        let error = #expect(throws: RenderError.self) {
            try Renderer().write(Self.scene(), to: directory.appendingPathComponent(name).path)
        }
        #expect(error?.code == .unknownFormat)
        #expect(error?.message.contains(".png, .svg or .pdf") == true)
        #expect(Self.contents(of: directory) == ["dir"])
    }

    @Test func upperCaseExtensionIsAccepted() throws {
        #expect(try RenderFormat(path: "/tmp/A.SVG") == .svg)
    }

    @Test func missingDirectoryIsATypedErrorAndLeavesNothing() throws {
        let directory = try Self.temporaryDirectory()
        let path = directory.appendingPathComponent("missing/out.png").path
        let error = #expect(throws: RenderError.self) { try Renderer().write(Self.scene(), to: path) }
        #expect(error?.code == .unwritableOutput)
        #expect(error?.message.hasPrefix(path) == true)
        #expect(Self.contents(of: directory).isEmpty)
    }

    @Test func readOnlyDirectoryLeavesNoPartialFile() throws {
        let directory = try Self.temporaryDirectory()
        let path = directory.appendingPathComponent("out.pdf").path
        // A directory in the way of the rename: writing succeeds, moving into place fails.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: path + "/occupied", withIntermediateDirectories: false)
        let error = #expect(throws: RenderError.self) { try Renderer().write(Self.scene(), to: path) }
        #expect(error?.code == .unwritableOutput)
        #expect(Self.contents(of: directory) == ["out.pdf"])
    }

    @Test func replacingAnExistingFileIsAtomic() throws {
        let directory = try Self.temporaryDirectory()
        let path = directory.appendingPathComponent("out.svg").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try Renderer().write(Self.scene(), to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("<svg"))
        #expect(Self.contents(of: directory) == ["out.svg"])
    }

    @Test func garbageIsNotAPNG() {
        #expect(throws: RenderError.self) { try RasterImage(png: Array("not an image".utf8)) }
    }
}
