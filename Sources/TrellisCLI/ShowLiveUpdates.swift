import CGtk
import Foundation
import Trellis
import TrellisGTK
import TrellisKit
import TrellisSpec

/// `trellis show --self-sizing --live-updates` (hidden: for the window tests): what an app
/// does to its collection view while the window is up, from GLib timeouts and through the
/// collection view alone — the widget is never called. The document's first section is
/// shown through a diffable data source keyed by item number; 1.5 s after the window
/// opens an `apply` deletes its first four items, 1.5 s later `selectItem(at:)` selects
/// the item being read. Each change prints a `liveUpdate` line first.
///
/// `--live-relabel` (hidden, for the accessibility tests) changes shown cells directly
/// instead, as an app's code outside the data source may: 1.5 s after the window opens
/// the label of the item being read gets the text "Renamed" (its cell then asks for a
/// layout), 1.5 s later the next item's cell gets the `accessibilityLabel` "Custom name"
/// (no layout at all), 1.5 s later the item after it gets the `accessibilityHint` "Opens
/// the tag" (what activating it does: GTK's accessible description).
@MainActor
final class ShowLiveUpdates {
    enum Script {
        /// An apply, then a selection.
        case applyAndSelect
        /// A shown cell's label text set, then another's accessibility label, then a third
        /// one's accessibility hint.
        case relabel
    }

    private let host: CollectionWidget
    private let source: CollectionViewDiffableDataSource<Int, Int>
    private let script: Script
    private var step = 0

    init(document: DocumentCollection, host: CollectionWidget, script: Script = .applyAndSelect) {
        self.host = host
        self.script = script
        let collectionView = host.collectionView
        source = CollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { [unowned document] collectionView, _, item in
            try document.collectionView(collectionView, cellForItemAt: IndexPath(item: item, section: 0))
        }
        var snapshot = source.snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<document.collectionView(collectionView, numberOfItemsInSection: 0)))
        _ = try? source.applySnapshotUsingReloadData(snapshot)
        host.retain(source)
    }

    func start() {
        let fire: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
            MainActor.assumeIsolated {
                let updates = Unmanaged<ShowLiveUpdates>.fromOpaque(context!).takeUnretainedValue()
                return updates.next() ? 1 : 0
            }
        }
        g_timeout_add(1500, fire, Unmanaged.passRetained(self).toOpaque())
    }

    /// One change; true while there are more.
    private func next() -> Bool {
        step += 1
        if script == .relabel { return relabel() }
        switch step {
        case 1:
            var snapshot = source.snapshot()
            snapshot.deleteItems(Array(snapshot.itemIdentifiers.prefix(4)))
            announce("apply", ["\"deleted\":4"])
            do { _ = try source.apply(snapshot) } catch { announce("error", ["\"message\":\"\(error)\""]) }
            return true
        default:
            guard let item = host.readingItem else { return false }
            announce("select", ["\"item\":[\(item.section),\(item.item)]"])
            do { try host.collectionView.selectItem(at: item) } catch { announce("error", ["\"message\":\"\(error)\""]) }
            return false
        }
    }

    /// One direct change to a shown cell; true while there are more.
    private func relabel() -> Bool {
        guard let reading = host.readingItem else { return false }
        switch step {
        case 1:
            guard let cell = host.collectionView.cellForItem(at: reading) as? TemplateCell else { return false }
            announce("relabel", ["\"item\":[\(reading.section),\(reading.item)]", "\"name\":\"Renamed\""])
            cell.label.text = "Renamed"
            return true
        case 2:
            let next = IndexPath(item: reading.item + 1, section: reading.section)
            guard let cell = host.collectionView.cellForItem(at: next) else { return false }
            announce("accessibilityLabel", ["\"item\":[\(next.section),\(next.item)]", "\"name\":\"Custom name\""])
            cell.accessibilityLabel = "Custom name"
            return true
        default:
            let third = IndexPath(item: reading.item + 2, section: reading.section)
            guard let cell = host.collectionView.cellForItem(at: third) else { return false }
            announce("accessibilityHint", ["\"item\":[\(third.section),\(third.item)]", "\"hint\":\"Opens the tag\""])
            cell.accessibilityHint = "Opens the tag"
            return false
        }
    }

    private func announce(_ change: String, _ fields: [String]) {
        let line = (["\"event\":\"liveUpdate\"", "\"change\":\"\(change)\""] + fields).joined(separator: ",")
        FileHandle.standardOutput.write(Data("{\(line)}\n".utf8))
    }
}
