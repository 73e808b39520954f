import Benchmark
import CPango
import Foundation
import TrellisText

// Text measurement targets (docs/perf/text.md): an uncached single line ≤ 5 µs, a cache
// hit ≤ 100 ns without allocating, two threads ≥ 1.6× the throughput of one.

/// Short labels, all different, so nothing but Pango's own font caches is warm.
let labels = (0..<256).map { "Label \($0) text" }
let paragraph = "Self-sizing cells are mostly text: a label measures its intrinsic size and wraps at a maximum width."
let paragraphs = (0..<64).map { "\($0) " + paragraph }

/// Measures `count` labels split over `threads` threads and waits for all of them. GCD's
/// worker threads live on between calls, so each keeps its Pango state (as a real
/// program's threads do) and only measuring is timed.
func measureOnThreads(_ threads: Int, count: Int) {
    DispatchQueue.concurrentPerform(iterations: threads) { t in
        var sum = 0.0
        for i in stride(from: t, to: count, by: threads) {
            sum += PangoTextMeasurer.shared.measure(labels[i & 255], style: TextStyle()).width
        }
        blackHole(sum)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .throughput],
                                           warmupIterations: 3, maxDuration: .seconds(2))

    Benchmark("Pango bare layout loop, short line (reference)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        // What a program using Pango directly pays: one reused layout, set text, get extents.
        let fontMap = pango_cairo_font_map_new()!
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        let context = pango_font_map_create_context(fontMap)!
        let layout = pango_layout_new(context)!
        let description = pango_font_description_from_string("DejaVu Sans 17")!
        pango_layout_set_font_description(layout, description)
        var rect = PangoRectangle()
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            pango_layout_set_text(layout, labels[i & 255], -1)
            pango_layout_get_extents(layout, nil, &rect)
            blackHole(rect.width)
        }
        benchmark.stopMeasurement()
        pango_font_description_free(description)
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    Benchmark("PangoTextMeasurer single line, uncached", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let measurer = PangoTextMeasurer.shared
        let style = TextStyle()
        for i in benchmark.scaledIterations {
            blackHole(measurer.measure(labels[i & 255], style: style, maxWidth: nil, maxLines: 1))
        }
    }

    Benchmark("PangoTextMeasurer single line with max width, truncate tail", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let measurer = PangoTextMeasurer.shared
        let style = TextStyle(lineBreakMode: .truncateTail)
        for i in benchmark.scaledIterations {
            blackHole(measurer.measure(labels[i & 255], style: style, maxWidth: 300, maxLines: 1))
        }
    }

    Benchmark("PangoTextMeasurer 100-char paragraph wrapped at 200 pt", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let measurer = PangoTextMeasurer.shared
        let style = TextStyle()
        for i in benchmark.scaledIterations {
            blackHole(measurer.measure(paragraphs[i & 63], style: style, maxWidth: 200, maxLines: 0))
        }
    }

    Benchmark("Paragraph re-measured at a new width (same text)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        // Whether shaping is reused when only the width changes: compare with the
        // benchmark above, which changes the text every time.
        let measurer = PangoTextMeasurer.shared
        let style = TextStyle()
        for i in benchmark.scaledIterations {
            blackHole(measurer.measure(paragraph, style: style, maxWidth: 150 + Double(i & 63), maxLines: 0))
        }
    }

    Benchmark("CachingTextMeasurer hit", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let cache = CachingTextMeasurer(wrapping: PangoTextMeasurer.shared, capacity: 1024)
        let style = TextStyle()
        for label in labels { _ = cache.measure(label, style: style, maxWidth: 200, maxLines: 1) }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            blackHole(cache.measure(labels[i & 255], style: style, maxWidth: 200, maxLines: 1))
        }
        benchmark.stopMeasurement()
        precondition(cache.statistics.misses == 256, "the benchmark must only hit")
    }

    for threads in [1, 2] {
        Benchmark("PangoTextMeasurer throughput, 4000 labels on \(threads) thread(s)",
                  configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 2)) { benchmark in
            for _ in benchmark.scaledIterations {
                measureOnThreads(threads, count: 4000)
            }
        }
    }
}
