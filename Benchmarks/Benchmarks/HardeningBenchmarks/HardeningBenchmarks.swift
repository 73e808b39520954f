import Benchmark
import Trellis
@_spi(Testing) import TrellisPango
import TrellisSpec
import TrellisText

// Costs that must stay linear in the input (docs/Limits.md; figures in
// docs/perf/hardening.md). Each pair is measured at two sizes, 4× apart, in the same run:
// linear work takes about 4× the time, quadratic work 16×.

/// `count` letters with no space, hyphen or other break opportunity.
func unbreakableWord(_ count: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return String((0..<count).map { letters[($0 * 7) % 26] })
}

/// A compositional section whose group is one vertical group of `count` copies of an
/// estimated cell, holding `count` items.
func repeatedGroupDocument(_ count: Int) -> LayoutDocument {
    let json = """
    {"width": 375, "layout": {"type": "compositional", "sections": [{"group": {"axis": "vertical", "count": \(count),
       "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}},
       "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}}}]}}]},
     "sections": [{"items": [\(Array(repeating: #"{"width": 375, "height": 44}"#, count: count).joined(separator: ","))]}]}
    """
    do { return try LayoutDocument.decode(json) } catch { fatalError("\(error)") }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1,
                                           maxDuration: .seconds(10), maxIterations: 20)

    // A word wrapped at 300 pt (docs/Text.md, "Long unbreakable runs"): Pango laying the
    // text out whole against windows.
    let style = TextStyle(font: Font(family: "DejaVu Sans", size: 17), lineBreakMode: .wordWrap)
    let laidOutWhole = PangoTextMeasurer(minimumUnbreakableRun: .max, linesPerWindow: 10, lineCostForWindows: .max)
    let windowed = PangoTextMeasurer()
    for letters in [5_000, 20_000] {
        let word = unbreakableWord(letters)
        Benchmark("Unbreakable word, \(letters) letters wrapped at 300 pt: Pango whole") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(laidOutWhole.measure(word, style: style, maxWidth: 300, maxLines: 0))
            }
        }
    }
    for letters in [5_000, 20_000, 80_000, 320_000] {
        let word = unbreakableWord(letters)
        Benchmark("Unbreakable word, \(letters) letters wrapped at 300 pt: windows") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(windowed.measure(word, style: style, maxWidth: 300, maxLines: 0))
            }
        }
    }

    // Self-sizing asks every item of a section for its fitting proposal; here every item
    // of one group instance of `count` cells.
    for count in [5_000, 20_000] {
        let document = repeatedGroupDocument(count)
        Benchmark("Fitting proposal of every item, group of count \(count)") { benchmark in
            let layout = document.layout.makeLayout()
            layout.prepare(from: document.source)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for item in 0..<count {
                    blackHole(layout.fittingProposal(forItemAt: IndexPath(item: item, section: 0)))
                }
            }
        }
    }
}
