// swift-tools-version: 6.0
import PackageDescription

// Dependencies point one way (see docs/Architecture.md):
//
//   pure core, no C and no system library (builds wherever Swift does, iOS included):
//     Trellis (layouts)   Cassowary (solver)   TrellisText (fonts, TextMeasurer, cache)
//          \________________ TrellisKit ______________/   (views, collection view)
//   edges, through pkg-config (Linux, or macOS with Homebrew):
//     CPango -> TrellisPango (TextMeasurer on Pango/HarfBuzz) -> TrellisRender (Cairo)
//   the tool:  TrellisSpec (JSON documents) -> trellis (CLI)
//   the live window:  CGtk -> CTrellisGtk -> TrellisGTK (GTK 4; for apps and the CLI)
//   images:  CGdkPixbuf -> TrellisImages (decoding off the main thread, a budgeted cache)
//
// `make core-check` builds the four core products where pkg-config finds nothing.
let package = Package(
    name: "Trellis",
    // The core needs no OS API newer than these: its one lock is a pthread mutex, not
    // Synchronization's Mutex (macOS 15 / iOS 18), and it uses no Foundation.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Trellis", targets: ["Trellis"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "TrellisText", targets: ["TrellisText"]),
        .library(name: "TrellisKit", targets: ["TrellisKit"]),
        .library(name: "TrellisPango", targets: ["TrellisPango"]),
        .library(name: "TrellisRender", targets: ["TrellisRender"]),
        .library(name: "TrellisSpec", targets: ["TrellisSpec"]),
        .library(name: "TrellisGTK", targets: ["TrellisGTK"]),
        .library(name: "TrellisImages", targets: ["TrellisImages"]),
        .executable(name: "trellis", targets: ["trellis"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: DocC catalogs of the public modules (Sources/*/*.docc), built with
        // warnings as errors. A plugin only: nothing of it is linked into the products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // Geometry, the layout protocol and the layouts. Pure Swift, no Foundation.
        .target(name: "Trellis"),
        // Incremental Cassowary constraint solver. Knows nothing of views.
        .target(name: "Cassowary"),
        // Fonts, styles, the TextMeasurer protocol, the cache, dynamic type. Pure Swift.
        .target(name: "TrellisText"),
        // Headless views, Auto Layout, the collection view. Pure Swift; gets its text
        // measurer by injection (DefaultTextMeasurer).
        .target(name: "TrellisKit", dependencies: ["Trellis", "Cassowary", "TrellisText"]),

        // Pango, PangoCairo and Cairo through pkg-config.
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"]), .brew(["pango", "cairo"])]
        ),
        // The TextMeasurer on Pango (HarfBuzz shaping, fontconfig fallback, bidi).
        .target(name: "TrellisPango", dependencies: ["TrellisText", "CPango"]),
        .target(name: "TrellisRender", dependencies: ["TrellisKit", "TrellisText", "TrellisPango", "CPango"]),
        // GTK 4 through pkg-config, and the GObject subclass (a GtkScrollable widget) that
        // needs C; TrellisGTK hosts a CollectionView in it. At the edge: nothing in the
        // engine depends on these.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"]), .brew(["gtk4"])]
        ),
        .target(name: "CTrellisGtk", dependencies: ["CGtk"]),
        .target(name: "TrellisGTK", dependencies: ["CTrellisGtk", "CGtk", "TrellisKit", "TrellisRender", "TrellisText", "TrellisPango"]),
        // gdk-pixbuf through pkg-config (GTK links it already): JPEG and PNG decoded at
        // display size on worker threads, and a decoded-image cache with a byte budget.
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"]), .brew(["gdk-pixbuf"])]
        ),
        .target(name: "TrellisImages", dependencies: ["CGdkPixbuf", "TrellisKit"]),
        // What the window benchmarks read and drive, kept out of the library (no product:
        // only the tool links them). The scroll benchmark inside the real window and the
        // start-up trace drive the widget through its public frame callback; the C side
        // reads malloc's bytes in use.
        .target(name: "CTrellisGtkTesting", dependencies: ["CGtk"]),
        .target(name: "TrellisGTKBenchmarks", dependencies: ["TrellisGTK", "CTrellisGtk", "CTrellisGtkTesting", "CGtk", "TrellisKit", "Trellis"]),
        // JSON documents for the command-line tool: decoding with path-naming errors.
        .target(name: "TrellisSpec", dependencies: ["Trellis", "TrellisKit", "TrellisText", "TrellisPango"]),
        // The `trellis` tool. Its folder is TrellisCLI, not `trellis`: on a case-insensitive
        // disk (macOS's default) `Sources/trellis` and `Sources/Trellis` are one folder.
        .executableTarget(
            name: "trellis",
            dependencies: [
                "TrellisSpec", "TrellisRender", "TrellisText", "TrellisPango", "TrellisGTK", "TrellisGTKBenchmarks", "CGtk", "CTrellisGtk",
                "TrellisImages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/TrellisCLI"
        ),
        // The app of TrellisGTK's article "Using Trellis in your GTK app", word for word
        // (DocumentationSnippetTests checks it): built with the package, run by a window test.
        .executableTarget(
            name: "GTKContacts",
            dependencies: ["Trellis", "TrellisGTK", "TrellisKit", "TrellisPango", "TrellisText"],
            path: "Examples/GTKContacts"
        ),

        .testTarget(name: "TrellisTests", dependencies: ["Trellis"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"], resources: [.copy("Fixtures")]),
        // The cache and the fixed-advance measurer, cross-checked against Pango.
        .testTarget(name: "TrellisTextTests", dependencies: ["TrellisText", "TrellisPango"]),
        .testTarget(name: "TrellisPangoTests", dependencies: ["TrellisPango", "TrellisText", "CPango"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TrellisKitTests", dependencies: ["TrellisKit", "Trellis", "TrellisText", "TrellisPango", "Cassowary"]),
        // A UIKit-shaped file that imports Foundation beside TrellisKit: `IndexPath` must
        // resolve to the collection's (docs/Architecture.md, "IndexPath and Foundation").
        .testTarget(name: "TrellisFoundationTests", dependencies: ["Trellis", "TrellisKit", "TrellisText"]),
        .testTarget(name: "TrellisRenderTests", dependencies: ["TrellisRender", "TrellisKit", "TrellisPango"]),
        .testTarget(name: "TrellisImagesTests", dependencies: ["TrellisImages", "TrellisKit", "Trellis", "CGdkPixbuf"]),
        .testTarget(name: "TrellisSpecTests", dependencies: ["TrellisSpec"], resources: [.copy("Fixtures")]),
        // End-to-end: runs the built `trellis` tool and reads what it prints.
        // The window tests (Window*Tests.swift) run `trellis show` / `gallery` on the X server
        // of DISPLAY; Fixtures are read by path.
        .testTarget(name: "TrellisCLITests", dependencies: ["trellis", "GTKContacts", "TrellisImages", "TrellisKit", "TrellisGTKBenchmarks"],
                    exclude: ["Fixtures"]),
    ]
)
