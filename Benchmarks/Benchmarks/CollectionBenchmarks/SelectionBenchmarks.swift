import Benchmark
import Trellis
import TrellisKit

// Selection and hit-testing at 1M items: each ≤ 2 µs. One sample is one
// operation on a collection kept across samples (warm: pools, selection storage, the
// layout prepared), at index paths and points spread over the whole content, so most are
// off screen (no cell to update) and some on screen. One operation a sample rather than a
// thousand: on the shared VM a sample of a millisecond is often preempted, one of a
// microsecond rarely, so p50 shows the operation's own cost (the clock reading, ~30 ns,
// is included).

/// Records what the user-driven entry points ask and tell (kept cheap: counters).
final class CountingDelegate: CollectionViewDelegate {
    var selected = 0, deselected = 0, highlighted = 0
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { selected &+= 1 }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { deselected &+= 1 }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) { highlighted &+= 1 }
}

/// A walk over 0..<count that visits items far apart (a step coprime with the count), kept
/// across samples.
final class Spread {
    private var value = 0
    let count: Int
    init(count: Int) { self.count = count }
    func next() -> Int {
        value = (value &+ 37_389) % count
        return value
    }
}

func selectionBenchmarks(million: NumberSource) {
    let perOperation = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, maxDuration: .seconds(2), maxIterations: 200_000)

    func warmed(_ collection: CollectionView, then prepare: @escaping () throws -> Void = {}) -> Benchmark.Configuration {
        var configuration = perOperation
        configuration.setup = {
            try? warm(collection, screens: 2)
            try? prepare()
        }
        return configuration
    }

    let single = makeCollection(million, selfSizing: false)
    let singleWalk = Spread(count: million.count)
    Benchmark("selectItem(at:), single selection, 1M items", configuration: warmed(single)) { _ in
        try single.selectItem(at: IndexPath(item: singleWalk.next(), section: 0), animated: false, scrollPosition: [])
    }

    // 1,000 items selected; each sample selects one more and deselects the oldest.
    let multiple = makeCollection(million, selfSizing: false)
    multiple.allowsMultipleSelection = true
    let leading = Spread(count: million.count), trailing = Spread(count: million.count)
    let preselect = {
        for _ in 0..<1_000 { try multiple.selectItem(at: IndexPath(item: leading.next(), section: 0), animated: false, scrollPosition: []) }
    }
    Benchmark("selectItem + deselectItem, multiple selection (1,000 selected), 1M items",
              configuration: warmed(multiple, then: preselect)) { _ in
        try multiple.selectItem(at: IndexPath(item: leading.next(), section: 0), animated: false, scrollPosition: [])
        multiple.deselectItem(at: IndexPath(item: trailing.next(), section: 0), animated: false)
    }

    let clicked = makeCollection(million, selfSizing: false)
    let delegate = CountingDelegate()
    clicked.delegate = delegate
    let clickWalk = Spread(count: million.count)
    Benchmark("userSelectItem (a click: shouldSelect, didDeselect, didSelect), 1M items", configuration: warmed(clicked)) { _ in
        try clicked.userSelectItem(at: IndexPath(item: clickWalk.next(), section: 0))
    }

    let tapped = makeCollection(million, selfSizing: false)
    tapped.delegate = delegate
    var tapY = 0.0
    Benchmark("tap on a visible item: beginInteraction + endInteraction, 1M items", configuration: warmed(tapped)) { _ in
        tapY = (tapY + 37).truncatingRemainder(dividingBy: 800)  // within the bounds
        let point = Point(x: 100, y: tapY)
        precondition(tapped.beginInteraction(at: point) != nil)
        try tapped.endInteraction(at: point)
    }

    for (name, flow) in [("RowLayout", false), ("FlowLayout", true)] {
        let collection = makeCollection(million, selfSizing: false, flow: flow)
        let walk = Spread(count: million.count)
        Benchmark("indexPathForItem(at:), 1M items, \(name)", configuration: warmed(collection)) { _ in
            // A third into an item's share of the height: inside an item, not a gap.
            let y = (Double(walk.next()) + 0.37) / Double(million.count) * collection.contentSize.height
            precondition(collection.indexPathForItem(at: Point(x: 30, y: y)) != nil, "a point missed its item")
        }
    }

    // Where a click lands: in the bounds (the layout's nodes for that region are cached).
    let clickedAt = makeCollection(million, selfSizing: false)
    var clickSetup = perOperation
    clickSetup.setup = {
        clickedAt.contentOffset = Point(x: 0, y: 22_000_000)
        try? clickedAt.performLayout()
    }
    var clickY = 0.0
    Benchmark("indexPathForItem(at:), a point in the bounds, 1M items, RowLayout", configuration: clickSetup) { _ in
        clickY = (clickY + 37).truncatingRemainder(dividingBy: 800)
        precondition(clickedAt.indexPathForItem(at: Point(x: 100, y: 22_000_000 + clickY)) != nil)
    }

    let hit = makeCollection(million, selfSizing: false)
    var inTheMiddle = perOperation
    inTheMiddle.setup = {
        hit.contentOffset = Point(x: 0, y: 22_000_000)  // the middle of the content
        try? hit.performLayout()
    }
    var hitY = 0.0
    Benchmark("hitTest(_:) on the collection, a point in the bounds, 1M items", configuration: inTheMiddle) { _ in
        hitY = (hitY + 37).truncatingRemainder(dividingBy: 800)  // within the bounds
        // A cell's content view (the deepest view there), not the collection itself.
        let view = hit.hitTest(Point(x: 100, y: 22_000_000 + hitY))
        precondition(view != nil && view !== hit)
    }
}
