// swift-tools-version: 6.0
import PackageDescription

// Dependencies point one way (see docs/Architecture.md):
//   Trellis (pure engine)   Cassowary (pure solver)   CPango -> TrellisText
//        \___________________ TrellisKit ____________/
//                      TrellisRender, TrellisSpec -> trellis (CLI)
//   CGtk -> CTrellisGtk -> TrellisGTK (the live window; only the CLI depends on it)
let package = Package(
    name: "Trellis",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Trellis", targets: ["Trellis"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "TrellisText", targets: ["TrellisText"]),
        .library(name: "TrellisKit", targets: ["TrellisKit"]),
        .library(name: "TrellisRender", targets: ["TrellisRender"]),
        .library(name: "TrellisSpec", targets: ["TrellisSpec"]),
        .library(name: "TrellisGTK", targets: ["TrellisGTK"]),
        .executable(name: "trellis", targets: ["trellis"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Geometry, the layout protocol and the layouts. Pure Swift, no Foundation.
        .target(name: "Trellis"),
        // Incremental Cassowary constraint solver. Knows nothing of views.
        .target(name: "Cassowary"),
        // Pango, PangoCairo and Cairo through pkg-config.
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"]), .brew(["pango", "cairo"])]
        ),
        .target(name: "TrellisText", dependencies: ["CPango"]),
        .target(name: "TrellisKit", dependencies: ["Trellis", "Cassowary", "TrellisText"]),
        .target(name: "TrellisRender", dependencies: ["TrellisKit", "TrellisText", "CPango"]),
        // GTK 4 through pkg-config, and the GObject subclass (a GtkScrollable widget) that
        // needs C; TrellisGTK hosts a CollectionView in it. At the edge: nothing in the
        // engine depends on these.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"]), .brew(["gtk4"])]
        ),
        .target(name: "CTrellisGtk", dependencies: ["CGtk"]),
        .target(name: "TrellisGTK", dependencies: ["CTrellisGtk", "CGtk", "TrellisKit", "TrellisRender", "TrellisText"]),
        // JSON documents for the command-line tool: decoding with path-naming errors.
        .target(name: "TrellisSpec", dependencies: ["Trellis", "TrellisKit", "TrellisText"]),
        .executableTarget(
            name: "trellis",
            dependencies: [
                "TrellisSpec", "TrellisRender", "TrellisText", "TrellisGTK",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "TrellisTests", dependencies: ["Trellis"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TrellisTextTests", dependencies: ["TrellisText"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TrellisKitTests", dependencies: ["TrellisKit", "Trellis", "TrellisText", "Cassowary"]),
        .testTarget(name: "TrellisRenderTests", dependencies: ["TrellisRender", "TrellisKit"]),
        .testTarget(name: "TrellisSpecTests", dependencies: ["TrellisSpec"]),
        // End-to-end: runs the built `trellis` tool and reads what it prints.
        // The window tests (Window*Tests.swift) run `trellis show` / `gallery` on the X server
        // of DISPLAY; Fixtures are read by path.
        .testTarget(name: "TrellisCLITests", dependencies: ["trellis"], exclude: ["Fixtures"]),
    ]
)
