import Benchmark
import Trellis
import TrellisKit
import TrellisRender
import TrellisSpec

// What drawing costs, next to measuring and laying out: the S1 tag cloud (100 tags,
// 375 pt wide) drawn as a view tree of template cells, to a bitmap, PNG, SVG and PDF.
// No target was set for drawing; these figures say where the time of `trellis demo` and
// `trellis render` goes.

/// The S1 document (100 text items, leading alignment), measured and laid out once.
func s1Scene() -> View {
    let items = (0..<100).map { index in
        index % 2 == 1 ? "A" : (index % 3 != 0 ? "longer" : "much longer")
    }
    let json = """
    {"width": 375, "layout": {"type": "flow", "alignment": "leading", "interitemSpacing": 8, "lineSpacing": 8},
     "sections": [{"items": [\(items.map { "{\"text\": \"\($0)\"}" }.joined(separator: ","))]}]}
    """
    let document = try! LayoutDocument.decode(json).measuringTextItems()
    let layout = document.layout.makeLayout()
    layout.prepare(from: document.source)
    let scene = DocumentScene(document: document)
    return CollectionScene.makeView(
        region: Rect(origin: .zero, size: layout.contentSize),
        elements: DocumentScene.elements(of: layout, visibleRect: nil), background: .white, makeView: scene.makeView)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

    Benchmark("S1 100 tags: measure, lay out, build the view tree") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(s1Scene()) }
    }

    let scene = s1Scene()
    for scale in [1.0, 2.0] {
        let renderer = Renderer(options: RenderOptions(scale: scale))
        Benchmark("S1 100 tags: rasterize at scale \(Int(scale))") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.rasterize(scene)) }
        }
    }
    let renderer = Renderer(options: RenderOptions(scale: 2))
    for format in RenderFormat.allCases {
        Benchmark("S1 100 tags: encode \(format.rawValue) (scale 2 for png)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.render(scene, as: format)) }
        }
    }
}
