import Foundation
import Testing
import Trellis
import TrellisPango
import TrellisRender
import TrellisSpec
import TrellisText

/// Decoding, laying out (with text items measured by Pango through
/// sizing cells) and rendering documents on several threads at once gives, on every
/// thread, the bytes a single thread gives. Each thread builds its own views (views are
/// confined to the thread that made them); the measurers, fonts and layouts' code are
/// shared. `make tsan` runs this suite under ThreadSanitizer ("ThreadSafety" in its name).
@Suite("Document pipeline ThreadSafety")
struct DocumentPipelineThreadSafetyTests {
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var outputs: [Int: [String: [UInt8]]] = [:]
        func store(_ value: [String: [UInt8]], thread: Int) { lock.lock(); outputs[thread] = value; lock.unlock() }
        var all: [Int: [String: [UInt8]]] { lock.lock(); defer { lock.unlock() }; return outputs }
    }

    static let documents: [String: String] = [
        "flow": RenderCommandTests.document,
        "grid": """
        {"width": 240, "layout": {"type": "grid", "columns": 3, "columnSpacing": 4, "rowSpacing": 4, "displayScale": 2},
         "cell": {"size": 13, "lines": 0, "maxWidth": "container", "cornerRadius": 4},
         "sections": [{"header": {"width": 0, "height": 20}, "items": [{"text": "wraps onto a few lines"}, {"text": "é"}, {"width": 0, "height": 30},
                      {"text": "Ünïcödé"}, {"text": "שלום"}]}]}
        """,
        "list": """
        {"width": 200, "direction": "rtl", "layout": {"type": "list", "separators": {"thickness": 1}},
         "sections": [{"items": [{"text": "one"}, {"text": "two words"}, {"width": 1, "height": 0}, {"text": "three"}]}]}
        """,
    ]

    /// Decode, lay out and draw one document: its JSON output and its PNG.
    static func pipeline(_ text: String) throws -> (json: [UInt8], png: [UInt8]) {
        let document = try LayoutDocument.decode(text).measuringTextItems()
        let layout = document.layout.makeLayout()
        layout.prepare(from: document.source)
        let json = JSONWriter.write(LayoutResult(layout: layout, visibleRect: nil).json)
        let region = Rect(origin: .zero, size: layout.contentSize)
        let scene = DocumentScene(document: document)
        let root = CollectionScene.makeView(region: region, elements: DocumentScene.elements(of: layout, visibleRect: nil),
                                            background: .white, makeView: scene.makeView)
        let png = try Renderer(options: RenderOptions(scale: 2)).render(root, as: .png)
        return (Array(json.utf8), png)
    }

    @Test func decodeLayoutAndRenderOnSeveralThreadsGiveTheSingleThreadedBytes() throws {
        // As the tool does at start-up: text items are sized by Pango, not the fallback.
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        var reference: [String: [UInt8]] = [:]
        for (name, text) in Self.documents {
            let (json, png) = try Self.pipeline(text)
            reference[name + ".json"] = json
            reference[name + ".png"] = png
        }
        // The same thread twice gives the same bytes.
        for (name, text) in Self.documents {
            #expect(try Self.pipeline(text).json == reference[name + ".json"], "\(name)")
        }
        let results = Results()
        let names = Self.documents.keys.sorted()
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            var outputs: [String: [UInt8]] = [:]
            for round in 0..<3 {
                let name = names[(thread + round) % names.count]
                guard let (json, png) = try? Self.pipeline(Self.documents[name]!) else { continue }
                outputs[name + ".json"] = json
                outputs[name + ".png"] = png
            }
            results.store(outputs, thread: thread)
        }
        let all = results.all
        #expect(all.count == 6)
        for (thread, outputs) in all {
            #expect(outputs.count == 6, "thread \(thread) finished \(outputs.count / 2) documents")
            for (name, bytes) in outputs {
                #expect(bytes == reference[name], "thread \(thread): \(name) differs")
            }
        }
    }
}
