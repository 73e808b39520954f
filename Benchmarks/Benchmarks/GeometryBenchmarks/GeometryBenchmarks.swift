import Benchmark
import Trellis

// Pixel alignment runs once per frame handed to a renderer: it must stay in the
// nanoseconds.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))

    Benchmark("Rect.pixelAligned, 1000 frames", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var sum = 0.0
        for i in benchmark.scaledIterations {
            let r = Rect(x: Double(i) / 3, y: Double(i) * 1.7, width: 33.3, height: 20.1).pixelAligned(scale: 2)
            sum += r.maxX
        }
        blackHole(sum)
    }
}
