// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The libFuzzer harness of the document decoder and the layouts, in its own package so the
// library's build never sees `-sanitize=fuzzer`. Run it with `make fuzz` (see
// docs/Limits.md): the whole graph is built with `-Xswiftc -sanitize=fuzzer`, so Trellis and
// TrellisSpec are coverage-instrumented too.

// The parent package's identity is the name of its folder, which differs between checkouts.
let trellisIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "TrellisFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "TrellisFuzz",
            dependencies: ["CFuzzerDriver", .product(name: "TrellisSpec", package: trellisIdentity)],
            // No top-level code: the entry point is `LLVMFuzzerTestOneInput`.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
