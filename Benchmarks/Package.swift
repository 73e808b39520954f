// swift-tools-version: 6.1
import PackageDescription
import Foundation

// The benchmarks of Trellis, in their own package so the library does not depend on the
// benchmark harness. Run them with `make bench` (or, here,
// `swift package benchmark --target FlowBenchmarks`). Every folder under Benchmarks/ is
// one benchmark executable; adding a folder adds a target.

// The parent package's identity is the name of its folder, which differs between
// checkouts, so it is read from this file's location rather than written down.
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let trellisIdentity = here.deletingLastPathComponent().lastPathComponent
let benchmarkFolders = ((try? FileManager.default.contentsOfDirectory(atPath: here.appendingPathComponent("Benchmarks").path)) ?? [])
    .filter { !$0.hasPrefix(".") }
    .sorted()

let trellisProducts = ["Trellis", "Cassowary", "TrellisText", "TrellisPango", "TrellisKit", "TrellisRender", "TrellisSpec"]

let package = Package(
    name: "TrellisBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: benchmarkFolders.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "Benchmark", package: "benchmark")]
                + trellisProducts.map { .product(name: $0, package: trellisIdentity) },
            path: "Benchmarks/\(name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    }
)
