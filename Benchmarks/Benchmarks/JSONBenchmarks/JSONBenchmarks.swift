import Benchmark
import Foundation
import Trellis
import TrellisSpec

// JSON in and out of `trellis layout`: decoding a layout document and encoding
// its result ≤ 0.5 µs per item. The hand-written parser and writer of TrellisSpec are
// measured side by side with Foundation's JSONSerialization and JSONDecoder/JSONEncoder on
// the same 100,000-item documents (docs/perf/e2e.md says why the hand-written ones stay).

let itemCount = 100_000

/// The fixed-size document of the end-to-end script (`scripts/e2e-reference/run.py`).
let fixedDocument: [UInt8] = {
    let items = Array(repeating: #"{"width": 50, "height": 30}"#, count: itemCount).joined(separator: ", ")
    return Array(#"{"width": 375, "layout": {"type": "flow", "alignment": "leading", "interitemSpacing": 8, "lineSpacing": 8}, "sections": [{"items": [\#(items)]}]}"#.utf8)
}()

/// Text items with distinct words, as the tags document has.
let textDocument: [UInt8] = {
    let items = (0..<itemCount).map { #"{"text": "tag\#($0) word"}"# }.joined(separator: ", ")
    return Array(#"{"width": 375, "layout": {"type": "flow", "alignment": "leading"}, "sections": [{"items": [\#(items)]}]}"#.utf8)
}()

/// The same shape, read through Codable (no per-member paths in its errors: `DecodingError`
/// carries a coding path, but as keys, and malformed input has no line and column).
struct CodableDocument: Codable {
    struct Layout: Codable {
        var type: String
        var alignment: String?
        var interitemSpacing: Double?
        var lineSpacing: Double?
    }
    struct Item: Codable {
        var width: Double
        var height: Double
        var baseline: Double?
    }
    struct Section: Codable { var items: [Item] }
    var width: Double
    var layout: Layout?
    var sections: [Section]
}

struct CodableFrame: Codable {
    var section: Int
    var item: Int?
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

struct CodableResult: Codable {
    struct ContentSize: Codable { var width: Double; var height: Double }
    var contentSize: ContentSize
    var items: [CodableFrame]
}

let perItemMetric = BenchmarkMetric.custom("Thread CPU time per item (ns)", polarity: .prefersSmaller, useScalingFactor: false)

func cpuNanosecondsOfThisThread() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// Runs `body` over the benchmark's iterations and records thread CPU time per item.
@inline(__always)
func perItem(_ benchmark: Benchmark, _ body: () throws -> Void) rethrows {
    let before = cpuNanosecondsOfThisThread()
    var rounds = 0
    for _ in benchmark.scaledIterations {
        try body()
        rounds += 1
    }
    benchmark.measurement(perItemMetric, (cpuNanosecondsOfThisThread() - before) / max(rounds * itemCount, 1))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, perItemMetric],
                                           warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 30)

    // Decoding: 100k fixed-size items.
    Benchmark("Decode 100k sized items: LayoutDocument.decode (JSONParser + readers)") { benchmark in
        try perItem(benchmark) { blackHole(try LayoutDocument.decode(fixedDocument)) }
    }
    Benchmark("Decode 100k sized items: JSONParser.parse only") { benchmark in
        try perItem(benchmark) { blackHole(try JSONParser.parse(fixedDocument)) }
    }
    Benchmark("Decode 100k sized items: Foundation JSONSerialization") { benchmark in
        let data = Data(fixedDocument)
        try perItem(benchmark) { blackHole(try JSONSerialization.jsonObject(with: data)) }
    }
    Benchmark("Decode 100k sized items: Foundation JSONDecoder (Codable)") { benchmark in
        let data = Data(fixedDocument)
        let decoder = JSONDecoder()
        try perItem(benchmark) { blackHole(try decoder.decode(CodableDocument.self, from: data)) }
    }
    Benchmark("Decode 100k text items: LayoutDocument.decode") { benchmark in
        try perItem(benchmark) { blackHole(try LayoutDocument.decode(textDocument)) }
    }

    // Encoding: the frames of 100k laid-out items.
    let document = try! LayoutDocument.decode(fixedDocument)
    let result = document.layOut()
    Benchmark("Encode 100k frames: LayoutResult.jsonBytes (direct)") { benchmark in
        perItem(benchmark) { blackHole(result.jsonBytes()) }
    }
    Benchmark("Encode 100k frames: JSONWriter of the JSONValue tree") { benchmark in
        perItem(benchmark) { blackHole(JSONWriter.bytes(result.json, pretty: true)) }
    }
    Benchmark("Encode 100k frames: Foundation JSONSerialization") { benchmark in
        let object: [String: Any] = [
            "contentSize": ["width": result.contentSize.width, "height": result.contentSize.height],
            "items": result.items.map { frame -> [String: Any] in
                ["section": frame.section, "item": frame.item ?? 0, "x": frame.frame.minX, "y": frame.frame.minY,
                 "width": frame.frame.width, "height": frame.frame.height]
            },
        ]
        try perItem(benchmark) { blackHole(try JSONSerialization.data(withJSONObject: object)) }
    }
    Benchmark("Encode 100k frames: Foundation JSONEncoder (Codable)") { benchmark in
        let codable = CodableResult(
            contentSize: .init(width: result.contentSize.width, height: result.contentSize.height),
            items: result.items.map { CodableFrame(section: $0.section, item: $0.item, x: $0.frame.minX, y: $0.frame.minY,
                                                   width: $0.frame.width, height: $0.frame.height) })
        let encoder = JSONEncoder()
        try perItem(benchmark) { blackHole(try encoder.encode(codable)) }
    }
}
