import func Foundation.exp
import Testing
import Trellis
@testable import TrellisKit

/// A kinetic fling through content being measured, as GTK's scrolled window decelerates
/// one (a touchscreen swipe, a touchpad's swipe ending with a velocity): the scroll position
/// follows `p(t) = p₀ + v₀/m · (1 − e^(−m·t))` with GTK's deceleration friction m = 4 per
/// second, frame after frame, until the speed falls under 0.1 point a second. The host hands
/// the collection view each frame's step (the difference between consecutive positions), as
/// it hands any scroll, and lays out once.
///
/// What the person sees (the oracle, from the frames alone): every item on screen in two
/// consecutive frames moves by the same amount, in both directions, while the items coming
/// into view are measured taller or shorter than estimated; and the fling travels the
/// content by the distance its velocity aims at: the item at the top when it began ends
/// exactly that far from where it was on screen — the deceleration is not cut short or
/// lengthened by the content's height changing under it.
@Suite("CollectionView: a kinetic fling through unmeasured items is stable and lands where it aims")
struct KineticFlingStabilityTests {
    /// GTK's kinetic deceleration (gtkscrolledwindow.c: DECELERATION_FRICTION), per second.
    static let friction = 4.0

    /// The positions of a fling of `velocity` points a second from 0, one a frame at
    /// `rate` frames a second, until the speed falls under 0.1 point a second.
    static func decelerate(velocity: Double, rate: Double = 60) -> [Double] {
        var positions: [Double] = []
        var frame = 1
        while true {
            let t = Double(frame) / rate
            let decay = exp(-friction * t)
            positions.append(velocity / friction * (1 - decay))
            if abs(velocity * decay) < 0.1 { return positions }
            frame += 1
        }
    }

    enum Content: String, CaseIterable, CustomStringConvertible {
        case tags, waterfall
        var description: String { rawValue }
    }

    /// A 375 × 600 collection of 3,000 self-sizing text cells (tags in lines, or a
    /// three-column waterfall), estimated until measured, laid out once.
    static func collection(_ content: Content) throws -> (CollectionView, TextDataSource) {
        let layout: any CollectionLayout = switch content {
        case .tags: FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
        case .waterfall: WaterfallLayout(options: .init(columns: .count(3), columnSpacing: 8, itemSpacing: 8))
        }
        let data = TextDataSource(count: 3000, maxLength: 40)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 600), layout: layout)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = data
        collection.delegate = data
        try collection.performLayout()
        return (collection, data)
    }

    /// The displayed items in the bounds, at their frames relative to the viewport.
    static func onScreen(_ collection: CollectionView) -> [IndexPath: Rect] {
        var frames: [IndexPath: Rect] = [:]
        for path in collection.indexPathsForVisibleItems {
            guard let frame = collection.cellForItem(at: path)?.frame, frame.intersects(collection.bounds) else { continue }
            frames[path] = frame.offsetBy(dx: 0, dy: -collection.contentOffset.y)
        }
        return frames
    }

    /// Flings from the middle of the unmeasured content (a scrollbar jump there first);
    /// returns the first frame pair in which two items moved differently, and how far the
    /// item at the top when the fling began ended from where the fling aimed it.
    static func fling(_ content: Content, velocity: Double) throws -> (uneven: String?, missed: Double) {
        let (collection, data) = try collection(content)
        defer { withExtendedLifetime(data) {} }  // the collection holds its data source weakly
        collection.contentOffset.y = collection.contentSize.height / 2
        try collection.performLayout()
        let start = onScreen(collection)
        guard let (top, topFrame) = start.min(by: { ($0.value.minY, $0.key) < ($1.value.minY, $1.key) }) else {
            return ("nothing on screen at \(collection.contentOffset.y) of \(collection.contentSize.height), \(collection.indexPathsForVisibleItems.count) displayed", .nan)
        }
        var previousPosition = 0.0, before = start
        var uneven: String?
        for (frame, position) in decelerate(velocity: velocity).enumerated() {
            collection.contentOffset.y += position - previousPosition
            previousPosition = position
            try collection.performLayout()
            let after = onScreen(collection)
            if uneven == nil {
                var reference: (IndexPath, Double, Double)?
                for path in before.keys.sorted() {
                    guard let now = after[path] else { continue }
                    let dx = now.minX - before[path]!.minX, dy = now.minY - before[path]!.minY
                    guard let (first, rx, ry) = reference else { reference = (path, dx, dy); continue }
                    if abs(dx - rx) > 1e-9 || abs(dy - ry) > 1e-9 {
                        uneven = "frame \(frame): \(first) moved by (\(rx), \(ry)), \(path) by (\(dx), \(dy))"
                        break
                    }
                }
            }
            before = after
        }
        // Where the fling left the item it began with, on screen: its frame now, whether
        // displayed or not.
        let end = collection.layoutAttributesForItem(at: top)!.frame.minY - collection.contentOffset.y
        return (uneven, end - (topFrame.minY - previousPosition))
    }

    @Test(arguments: Content.allCases, [2_400.0, -2_400, 6_000, -6_000])
    func flingMovesEveryVisibleItemAlikeAndTravelsItsDistance(content: Content, velocity: Double) throws {
        let distance = Self.decelerate(velocity: velocity).last!
        #expect(abs(distance - velocity / Self.friction) < 0.05, "the curve travels v₀/m")
        let (uneven, missed) = try Self.fling(content, velocity: velocity)
        #expect(uneven == nil, "\(content), \(velocity) pt/s: \(uneven ?? "")")
        #expect(abs(missed) < 1e-6, "\(content), \(velocity) pt/s: the first item ended \(missed) pt from where the fling aimed it")
    }
}
