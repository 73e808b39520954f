import ArgumentParser
import Foundation
import Trellis
import TrellisGTK
import TrellisGTKBenchmarks
import TrellisKit
import TrellisSpec

/// `trellis show INPUT.json`: the document in a live GTK 4 window, drawn as
/// `trellis render INPUT.json --visible-only` draws it, scrollable and resizable.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a JSON document in a live window (GTK 4): scroll, resize, select.",
        discussion: """
        The window's content area is the document's visibleRect size (or its width × its
        height, or × 800 without one), scrolled to that rectangle's origin, and shows what
        `trellis render INPUT.json --visible-only` draws; a horizontal layout scrolls
        sideways. Closing the window exits 0. Needs a display (DISPLAY or WAYLAND_DISPLAY);
        without one it exits 1 at once.
        """)

    @Argument(help: "The JSON document: a file path, or - for standard input.")
    var input: String

    @Option(help: "The window's scale factor (GDK_SCALE), as --scale of render: 1 or 2.")
    var scale: Double?

    @Flag(help: "Measure text items in the window as they come into view (starting from 50×50 estimates) instead of up front.")
    var selfSizing = false

    /// The window tests' app-side changes: the items through a diffable data source, the
    /// first four deleted by an `apply` and the item being read selected, each from a GLib
    /// timeout, with no call to the widget (each announced by a `liveUpdate` line).
    @Flag(help: .hidden)
    var liveUpdates = false

    /// The accessibility tests' direct changes to shown cells: a label's text, then another
    /// cell's accessibility label, then a third's accessibility hint, each from a GLib
    /// timeout (see `ShowLiveUpdates`).
    @Flag(help: .hidden)
    var liveRelabel = false

    func validate() throws {
        if let scale, scale != 1, scale != 2, scale != 3 {
            throw ValidationError("--scale must be 1, 2 or 3 in a window (GTK scales surfaces by whole factors), got \(scale)")
        }
        if liveUpdates && !selfSizing { throw ValidationError("--live-updates needs --self-sizing") }
        if liveRelabel && !selfSizing { throw ValidationError("--live-relabel needs --self-sizing") }
        if liveRelabel && liveUpdates { throw ValidationError("--live-relabel and --live-updates cannot be used together") }
    }

    func run() throws {
        let document: LayoutDocument
        do {
            document = try LayoutDocument.decode(try readInput(input))
        } catch {
            fail("\(error)")
        }
        if let reason = GtkApplicationRunner.missingDisplayReason { fail(reason) }
        if let scale { setenv("GDK_SCALE", String(Int(scale)), 1) }
        let name = input == "-" ? "standard input" : URL(fileURLWithPath: input).lastPathComponent
        let status = MainActor.assumeIsolated { () -> Int32? in
            WindowTestHooks.installFromEnvironment()
            let collection = DocumentCollection(document: document, selfSizing: selfSizing)
            // The document's container: its height when it has one (a horizontal layout
            // needs it), else 800.
            let visible = document.visibleRect ?? Rect(x: 0, y: 0, width: document.width, height: document.height ?? 800)
            return GtkApplicationRunner.run(id: "org.trellis.show") { app in
                let collectionView = collection.makeCollectionView()
                // Click selects, Ctrl-click toggles, Shift-click extends.
                collectionView.allowsMultipleSelection = true
                let host = CollectionWidget(collectionView: collectionView)
                host.printDebugLinesIfAsked()
                host.retain(collection)
                if !selfSizing {
                    // Text items were measured for the document's width: a new width
                    // measures them again for it, as `render` would at that width.
                    let resizing = ShowResizing(document: document, collection: collection)
                    host.retain(resizing)
                    host.onWidthChange = { [weak host] width in
                        if let host { resizing.remeasure(in: host, width: width) }
                    }
                    host.onContentSizeCategoryChange = { [weak host] category in
                        if let host { resizing.remeasure(in: host, category: category) }
                    }
                    // GTK's text scale at start (the document was measured for the default).
                    resizing.remeasure(in: host, category: host.collectionView.traitCollection.preferredContentSizeCategory)
                }
                if liveUpdates { ShowLiveUpdates(document: collection, host: host).start() }
                if liveRelabel { ShowLiveUpdates(document: collection, host: host, script: .relabel).start() }
                WindowScrollBenchmark.attachIfAsked(to: host)
                let window = GtkApplicationRunner.makeWindow(
                    app, title: "trellis — \(name)", width: Int(visible.width.rounded(.up)),
                    height: Int(visible.height.rounded(.up)), child: host.makeScrolledWindow())
                GtkApplicationRunner.keepContentSize(of: window, width: Int(visible.width.rounded(.up)), height: Int(visible.height.rounded(.up)))
                host.scroll(toOffset: collectionView.scrollDirection == .vertical ? visible.minY : visible.minX, whenAllocated: true)
                GtkApplicationRunner.present(window)
            }
        }
        guard let status else { fail("cannot open the display \(ProcessInfo.processInfo.environment["DISPLAY"] ?? ""); use `trellis render` to draw to a file") }
        if status != 0 { throw ExitCode(status) }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("trellis show: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
