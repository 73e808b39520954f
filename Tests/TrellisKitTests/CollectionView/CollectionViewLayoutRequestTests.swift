import Testing
import Trellis
@testable import TrellisKit

/// `layoutRequestHandler`: every change that alters what is shown marks the need for
/// layout (`setNeedsLayout()`, which never lays out at once, as UIKit's), and the host
/// hears it once per need; the next `layoutIfNeeded()` shows the change.
@Suite("Layout requests: the host follows its collection view")
struct CollectionViewLayoutRequestTests {
    typealias DataSource = CollectionViewDiffableDataSource<String, Int>
    typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

    /// A collection fed by a diffable data source, laid out once, with a counting handler.
    private final class Host {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: StackTestLayout())
        var texts: [Int: String] = [:]
        var requests = 0
        var dataSource: DataSource!

        init(items: [Int] = Array(1...20)) throws {
            collection.register(TextCell.self, forCellWithReuseIdentifier: "tag")
            collection.estimatedItemSize = .fixed(Size(width: 100, height: 44))
            dataSource = DataSource(collectionView: collection) { [unowned self] collectionView, indexPath, id in
                let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TextCell
                cell.text = self.text(id)
                return cell
            }
            var snapshot = Snapshot()
            snapshot.appendSections(["s"])
            snapshot.appendItems(items)
            try dataSource.apply(snapshot)
            collection.layoutIfNeeded()
            collection.layoutRequestHandler = { [unowned self] in self.requests += 1 }
        }

        func text(_ id: Int) -> String { texts[id] ?? "tag \(id)" }

        var shownTexts: [String] { collection.visibleCells.map { ($0 as! TextCell).text } }
    }

    /// The change `change` asks the host once (twice in a row: still once), and does not
    /// lay out by itself beyond what UIKit's API does; `layoutIfNeeded()` then leaves the
    /// collection not needing layout.
    private func expectOneRequest(_ host: Host, sourceLocation: SourceLocation = #_sourceLocation, _ change: () throws -> Void) rethrows {
        #expect(!host.collection.needsLayout, "laid out before the change", sourceLocation: sourceLocation)
        #expect(host.requests == 0, sourceLocation: sourceLocation)
        try change()
        #expect(host.requests == 1, "the change asks the host once", sourceLocation: sourceLocation)
        #expect(host.collection.needsLayout, sourceLocation: sourceLocation)
        host.collection.setNeedsLayout()
        #expect(host.requests == 1, "a second mark before the layout does not ask again", sourceLocation: sourceLocation)
        host.collection.layoutIfNeeded()
        #expect(!host.collection.needsLayout, "the host's layoutIfNeeded() meets the need", sourceLocation: sourceLocation)
        #expect(host.collection.lastError == nil, sourceLocation: sourceLocation)
    }

    @Test func diffableApplyAsksOnceAndTheNextLayoutShowsTheItems() throws {
        let host = try Host()
        try expectOneRequest(host) {
            var snapshot = Snapshot()
            snapshot.appendSections(["s"])
            snapshot.appendItems([100] + Array(1...20))
            try host.dataSource.apply(snapshot)
        }
        #expect(host.shownTexts.first == "tag 100")
    }

    @Test func reconfigureOnlyAsksOnceAndTheCellShowsTheNewText() throws {
        let host = try Host()
        try expectOneRequest(host) {
            host.texts[2] = "a longer text for item two"
            var snapshot = host.dataSource.snapshot()
            snapshot.reconfigureItems([2])
            try host.dataSource.apply(snapshot)
        }
        #expect(host.shownTexts[1] == "a longer text for item two")
        #expect(host.collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.height == TextCell.size(of: "a longer text for item two", maxWidth: 375).height)
    }

    @Test func batchUpdatesReloadDataAndReloadItemsEachAskOnce() throws {
        let data = TextDataSource(count: 30)
        let collection = makeCollection(data, size: Size(width: 375, height: 400))
        collection.layoutIfNeeded()
        var requests = 0
        collection.layoutRequestHandler = { requests += 1 }
        func expectOne(_ label: String, _ change: () throws -> Void, shows check: () -> Bool) rethrows {
            requests = 0
            try change()
            #expect(requests == 1, "\(label) asks the host once")
            collection.layoutIfNeeded()
            #expect(!collection.needsLayout)
            #expect(check(), "\(label): the next layoutIfNeeded() shows the change")
        }
        try expectOne("insertItems", {
            data.sections[0].insert(TextItem(id: 1000, text: "inserted"), at: 0)
            try collection.insertItems(at: [IndexPath(item: 0, section: 0)])
        }, shows: { (collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? TextCell)?.text == "inserted" })
        try expectOne("reloadItems", {
            data.sections[0][1].text = "reloaded"
            try collection.reloadItems(at: [IndexPath(item: 1, section: 0)])
        }, shows: { (collection.cellForItem(at: IndexPath(item: 1, section: 0)) as? TextCell)?.text == "reloaded" })
        expectOne("reloadData", {
            data.sections[0][2].text = "after reloadData"
            collection.reloadData()
        }, shows: { (collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? TextCell)?.text == "after reloadData" })
        expectOne("invalidateCachedSizes(forItemsAt:)", {
            collection.invalidateCachedSizes(forItemsAt: [IndexPath(item: 3, section: 0)])
        }, shows: { collection.cellForItem(at: IndexPath(item: 3, section: 0)) != nil })
        expectOne("invalidateCachedSizes()", { collection.invalidateCachedSizes() },
                  shows: { collection.indexPathsForVisibleItems.allSatisfy { collection.resolvedSize(at: $0) != nil } })
        expectOne("contentInset", { collection.contentInset = EdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20) },
                  shows: { collection.layout.contentSize.width == 335 })
        expectOne("a new layout", { collection.layout = StackTestLayout(spacing: 10) },
                  shows: { collection.cellForItem(at: IndexPath(item: 1, section: 0)).map { $0.frame.minY } ==
                      collection.cellForItem(at: IndexPath(item: 0, section: 0)).map { $0.frame.maxY + 10 } })
    }

    @Test func selectionChangesAskOnceAndTheCellShowsTheState() throws {
        let host = try Host()
        let indexPath = IndexPath(item: 2, section: 0)
        try expectOneRequest(host) { try host.collection.selectItem(at: indexPath) }
        #expect(host.collection.cellForItem(at: indexPath)?.isSelected == true)
        host.requests = 0
        expectOneRequest(host) { host.collection.deselectItem(at: indexPath) }
        #expect(host.collection.cellForItem(at: indexPath)?.isSelected == false)
    }

    @Test func scrollingAsksOnceAndTheNextLayoutShowsWhatIsThere() throws {
        let host = try Host(items: Array(1...100))
        expectOneRequest(host) { host.collection.contentOffset.y = 900 }
        let shown = host.collection.indexPathsForVisibleItems
        #expect(shown.allSatisfy { host.collection.cellForItem(at: $0)!.frame.intersects(host.collection.bounds) })
        #expect(shown.first.map { $0.item > 0 } == true)
    }

    @Test func setNeedsLayoutOnlyMarks() throws {
        let host = try Host()
        let frames = host.collection.displayedFrames.map(\.1)
        host.texts[1] = "changed but not applied"
        host.collection.setNeedsLayout()
        #expect(host.requests == 1)
        #expect(host.collection.needsLayout, "setNeedsLayout() marks and returns")
        #expect(host.collection.displayedFrames.map(\.1) == frames, "nothing was laid out")
    }

    @Test func theCollectionViewsOwnPassAsksNothing() throws {
        // Estimates far from the sizes: the pass measures, re-anchors (moving the offset)
        // and adds cells, all of which it meets itself.
        let host = try Host(items: Array(1...200))
        host.collection.contentOffset.y = 3000
        #expect(host.requests == 1)
        host.collection.layoutIfNeeded()
        #expect(host.requests == 1, "the pass does not ask for another")
        #expect(!host.collection.needsLayout)
    }
}
