import Testing
import Trellis
@testable import TrellisKit

/// `CollectionViewDataSourcePrefetching` against UIKit's documentation of
/// `UICollectionViewDataSourcePrefetching` and `isPrefetchingEnabled`: items the view is
/// likely to display soon are announced, never those already displayed; requests for items
/// that no longer need their data (scrolled away undisplayed) are cancelled; turning
/// prefetching off stops the announcements.
@Suite("CollectionView prefetching")
struct CollectionViewPrefetchingTests {
    /// Every call, in order, each with the items it named and the items displayed when it
    /// came.
    final class Recorder: CollectionViewDataSourcePrefetching {
        enum Call: Equatable {
            case prefetch([Int])
            case cancel([Int])
        }
        var calls: [Call] = []
        var displayedAtCall: [Set<Int>] = []

        func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
            calls.append(.prefetch(indexPaths.map(\.item)))
            displayedAtCall.append(Set(collectionView.indexPathsForVisibleItems.map(\.item)))
        }
        func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
            calls.append(.cancel(indexPaths.map(\.item)))
            displayedAtCall.append(Set(collectionView.indexPathsForVisibleItems.map(\.item)))
        }

        var announced: [Int] {
            calls.flatMap { call -> [Int] in if case .prefetch(let items) = call { items } else { [] } }
        }
        var cancelled: [Int] {
            calls.flatMap { call -> [Int] in if case .cancel(let items) = call { items } else { [] } }
        }
    }

    /// 1,000 items of 100 pt in a 375 × 800 view: eight rows on screen.
    func makeScene() -> (CollectionView, Recorder, TextDataSource) {
        let data = TextDataSource(count: 1000)
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 100)
        let recorder = Recorder()
        collection.prefetchDataSource = recorder
        return (collection, recorder, data)
    }

    func scroll(_ collection: CollectionView, to y: Double) throws {
        collection.contentOffset = Point(x: 0, y: y)
        try collection.performLayout()
    }

    @Test func atRestTheNextScreenIsAnnouncedNearestFirst() throws {
        let (collection, recorder, data) = makeScene()
        defer { withExtendedLifetime(data) {} }
        try collection.performLayout()
        #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(0..<8))
        #expect(recorder.calls == [.prefetch(Array(8..<16))])
    }

    @Test func scrollingDownAnnouncesAheadInOrderAndNeverWhatIsDisplayed() throws {
        let (collection, recorder, data) = makeScene()
        defer { withExtendedLifetime(data) {} }
        try collection.performLayout()
        for step in 1...40 { try scroll(collection, to: Double(step) * 50) }
        // Each item at most once while it stays near; ascending, since each pass announces
        // the nearest first and the region only moves down.
        #expect(recorder.announced == recorder.announced.sorted())
        #expect(Set(recorder.announced).count == recorder.announced.count)
        #expect(recorder.cancelled.isEmpty)
        for (call, displayed) in zip(recorder.calls, recorder.displayedAtCall) {
            guard case .prefetch(let items) = call else { continue }
            #expect(displayed.isDisjoint(with: items), "announced an item already displayed")
        }
        // Every item that came into view had been announced before it did.
        for item in 8..<(collection.indexPathsForVisibleItems.last!.item) {
            #expect(recorder.announced.contains(item), "item \(item) was displayed unannounced")
        }
    }

    @Test func reversingCancelsWhatWasAheadThenAnnouncesTheOtherWayNearestFirst() throws {
        let (collection, recorder, data) = makeScene()
        defer { withExtendedLifetime(data) {} }
        try collection.performLayout()
        for step in 1...5 { try scroll(collection, to: Double(step) * 100) }  // down to 500
        let aheadBeforeReversal = Set(recorder.announced).subtracting(collection.indexPathsForVisibleItems.map(\.item))
        #expect(aheadBeforeReversal.allSatisfy { $0 > 12 }, "moving down, nothing above is near")
        let callsBefore = recorder.calls.count
        try scroll(collection, to: 400)  // up one row: items 4..<12 displayed
        let calls = Array(recorder.calls[callsBefore...])
        // First the cancellation of everything announced ahead of the old motion and not
        // displayed (12 was displayed at 500: not cancelled), ascending; then the rows
        // above the screen, nearest first: 3, 2, 1, 0.
        #expect(calls == [.cancel(Array(13...aheadBeforeReversal.max()!)), .prefetch([3, 2, 1, 0])])
        // Cancelled items were announced and never displayed.
        #expect(Set(recorder.cancelled).isSubset(of: aheadBeforeReversal))
    }

    @Test func scrollingFasterAnnouncesFartherAhead() throws {
        func farthestAnnounced(step: Double) throws -> Int {
            let (collection, recorder, data) = makeScene()
        defer { withExtendedLifetime(data) {} }
            try collection.performLayout()
            for pass in 1...6 { try scroll(collection, to: Double(pass) * step) }
            let lastVisible = collection.indexPathsForVisibleItems.last!.item
            return recorder.announced.max()! - lastVisible
        }
        let slow = try farthestAnnounced(step: 5)
        let fast = try farthestAnnounced(step: 60)
        // At rest one screen (8 rows) is announced; 5 pt per pass adds ~150 pt of lead,
        // 60 pt per pass ~1,800 pt: four times as many rows or more.
        #expect(slow >= 8 && slow <= 10)
        #expect(fast >= 24, "60 pt per pass reached \(fast) rows ahead")
        // The lead is bounded: four screens at most, however fast.
        let jump = try farthestAnnounced(step: 5000)
        #expect(jump <= 32 + 1)
    }

    @Test func disablingPrefetchingCancelsAndStopsAnnouncing() throws {
        let (collection, recorder, data) = makeScene()
        defer { withExtendedLifetime(data) {} }
        collection.isPrefetchingEnabled = false
        try collection.performLayout()
        try scroll(collection, to: 300)
        #expect(recorder.calls.isEmpty)
        collection.isPrefetchingEnabled = true
        try collection.performLayout()
        #expect(recorder.calls.count == 1)
        let announced = recorder.announced
        collection.isPrefetchingEnabled = false
        try collection.performLayout()
        #expect(recorder.calls.last == .cancel(announced.sorted()))
        try scroll(collection, to: 900)
        #expect(recorder.calls.count == 2)
    }

    @Test func anAnnouncedItemThatIsDisplayedIsNotCancelled() throws {
        let (collection, recorder, data) = makeScene()
        defer { withExtendedLifetime(data) {} }
        try collection.performLayout()
        for step in 1...16 { try scroll(collection, to: Double(step) * 100) }
        // Items 8..<16 were announced at rest and then displayed: none of them is cancelled,
        // now or after they left the screen.
        try scroll(collection, to: 20_000)
        #expect(Set(recorder.cancelled).isDisjoint(with: 8..<16))
    }
}
