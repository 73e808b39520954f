import Testing
import Trellis
@testable import TrellisKit

/// Scrolling through self-sized items that are measured as they come into view: between two
/// consecutive layout passes, every item on screen in both moves by the same amount (the
/// scroll, plus whatever the anchoring adds). A tag hopping sideways or between lines, or a
/// waterfall column sliding against the others, shows as one item moving differently from
/// the rest. The oracle is the frames themselves, compared pairwise, as a person watching
/// the screen would.
@Suite("CollectionView: scrolling through unmeasured items keeps the screen still")
struct CollectionViewScrollStabilityTests {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case flowLeading, flowUIKit, flowJustified, waterfall
        var description: String { rawValue }

        func layout() -> any CollectionLayout {
            switch self {
            case .flowLeading: FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
            case .flowUIKit: FlowLayout(metrics: FlowMetrics(alignment: .uikit, interitemSpacing: 8, lineSpacing: 8))
            case .flowJustified: FlowLayout(metrics: FlowMetrics(alignment: .justified, interitemSpacing: 8, lineSpacing: 8))
            case .waterfall: WaterfallLayout(options: .init(columns: .count(3), columnSpacing: 8, itemSpacing: 8))
            }
        }
    }

    /// A 375 × 400 collection of `data`'s self-sizing text cells, laid out once. It holds its
    /// data source weakly, as UIKit's does: each test keeps `data` alive to its end.
    static func selfSizingCollection(_ kind: Kind, _ data: TextDataSource) throws -> CollectionView {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: kind.layout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = data
        collection.delegate = data
        try collection.performLayout()
        return collection
    }

    /// Jumps into the middle of 3,000 unmeasured items, then scrolls by `step` points a pass.
    /// - Returns: the first frame pair in which two items moved differently, or nil; a
    ///   problem too when fewer than two items were on screen in both frames of every pair.
    static func firstUnevenPair(_ kind: Kind, step: Double, passes: Int) throws -> String? {
        var compared = 0
        let data = TextDataSource(count: 3000, maxLength: 12)
        defer { withExtendedLifetime(data) {} }
        let collection = try selfSizingCollection(kind, data)
        collection.contentOffset.y = collection.contentSize.height / 2
        try collection.performLayout()
        for pass in 0..<passes {
            let before = Dictionary(uniqueKeysWithValues: collection.indexPathsForVisibleItems.compactMap { path in
                collection.cellForItem(at: path).flatMap { $0.frame.intersects(collection.bounds) ? (path, $0.frame) : nil }
            })
            collection.contentOffset.y += step
            try collection.performLayout()
            var reference: (IndexPath, Double, Double)?
            for path in before.keys.sorted() {
                guard let cell = collection.cellForItem(at: path), cell.frame.intersects(collection.bounds) else { continue }
                let dx = cell.frame.minX - before[path]!.minX, dy = cell.frame.minY - before[path]!.minY
                guard let (first, rx, ry) = reference else { reference = (path, dx, dy); continue }
                compared += 1
                if abs(dx - rx) > 1e-6 || abs(dy - ry) > 1e-6 {
                    return "pass \(pass): \(first) moved by (\(rx), \(ry)), \(path) by (\(dx), \(dy))"
                }
            }
        }
        return compared >= passes ? nil : "only \(compared) items compared in \(passes) passes"
    }

    @Test(arguments: Kind.allCases)
    func scrollingUpMovesEveryVisibleItemAlike(kind: Kind) throws {
        let problem = try Self.firstUnevenPair(kind, step: -37, passes: 60)
        #expect(problem == nil, "\(kind): \(problem ?? "")")
    }

    @Test(arguments: Kind.allCases)
    func scrollingDownMovesEveryVisibleItemAlike(kind: Kind) throws {
        let problem = try Self.firstUnevenPair(kind, step: 41, passes: 60)
        #expect(problem == nil, "\(kind): \(problem ?? "")")
    }

    /// Opened below the top (nothing above measured), then taken to the top in one step, as
    /// the last frame of an animated Home can: the items measured there, above what the
    /// reader saw, must not break the lines or columns still on screen again. The offset
    /// stays at the top, so everything on screen moves alike.
    @Test(arguments: Kind.allCases, [100.0, 180, 250, 364.75])
    func reachingTheTopOverUnmeasuredItemsMovesEveryVisibleItemAlike(kind: Kind, start: Double) throws {
        let data = TextDataSource(count: 600, maxLength: 12)
        defer { withExtendedLifetime(data) {} }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: kind.layout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = data
        collection.delegate = data
        collection.contentOffset.y = start
        try collection.performLayout()
        #expect(collection.contentOffset.y > 0, "opened below the top")
        let before = Dictionary(uniqueKeysWithValues: collection.indexPathsForVisibleItems.compactMap { path in
            collection.cellForItem(at: path).flatMap { $0.frame.intersects(collection.bounds) ? (path, $0.frame) : nil }
        })
        collection.contentOffset.y = 0
        try collection.performLayout()
        var moves: [IndexPath: (Double, Double)] = [:]
        for (path, frame) in before {
            guard let cell = collection.cellForItem(at: path), cell.frame.intersects(collection.bounds) else { continue }
            moves[path] = (cell.frame.minX - frame.minX, cell.frame.minY - frame.minY)
        }
        #expect(moves.count >= 3, "items on screen in both frames")
        let reference = try #require(moves.min { $0.key < $1.key })
        let uneven = moves.filter { abs($0.value.0 - reference.value.0) > 1e-6 || abs($0.value.1 - reference.value.1) > 1e-6 }
        #expect(uneven.isEmpty, "\(kind) from \(start): \(reference.key) moved \(reference.value); \(uneven.count) others otherwise, e.g. \(uneven.sorted { $0.key < $1.key }.prefix(2))")
        let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)), "the first item is shown at the top")
        #expect(first.frame.minY >= 0 && first.frame.intersects(collection.bounds))
    }

    /// Deletes and inserts items above the viewport (a batch update, as an app's `apply`
    /// makes) after scrolling down through measured items: every item on screen before and
    /// after keeps its place on screen, under its new index path. The items are alike, so
    /// lines broken forward from the section start would never fall in step with the old
    /// ones again: every line below the change would start one item later. The waterfall's
    /// texts wrap to different heights, so its columns fill unevenly.
    @Test(arguments: Kind.allCases)
    func changesAboveTheViewportMoveNothingOnScreen(kind: Kind) throws {
        let data = TextDataSource(sections: [(0..<600).map {
            TextItem(id: $0, text: kind == .waterfall ? String(repeating: "x", count: 1 + ($0 * 7) % 40) : "tag")
        }])
        defer { withExtendedLifetime(data) {} }
        let collection = try Self.selfSizingCollection(kind, data)
        for _ in 0..<20 {
            collection.contentOffset.y += 97
            try collection.performLayout()
        }
        func onScreen() -> [Int: Rect] {
            Dictionary(uniqueKeysWithValues: collection.indexPathsForVisibleItems.compactMap { path -> (Int, Rect)? in
                guard let cell = collection.cellForItem(at: path), cell.frame.intersects(collection.bounds) else { return nil }
                let frame = cell.frame
                return (data.sections[0][path.item].id, Rect(x: frame.minX, y: frame.minY - collection.contentOffset.y, width: frame.width, height: frame.height))
            })
        }
        let before = onScreen()
        #expect(before.count >= 5)
        // Deletes four of the first items and inserts three, all far above the bounds.
        for index in [7, 5, 2, 0] { data.sections[0].remove(at: index) }
        data.sections[0].insert(contentsOf: (0..<3).map { TextItem(id: 10_000 + $0, text: String(repeating: "y", count: 3 + $0 * 4)) }, at: 1)
        try collection.performBatchUpdates { update in
            update.deleteItems(at: [0, 2, 5, 7].map { IndexPath(item: $0, section: 0) })
            update.insertItems(at: (1...3).map { IndexPath(item: $0, section: 0) })
        }
        try collection.performLayout()
        let after = onScreen()
        let moved = before.keys.sorted().compactMap { id -> String? in
            guard let now = after[id], let then = before[id] else { return nil }
            return abs(now.minX - then.minX) < 1e-6 && abs(now.minY - then.minY) < 1e-6 ? nil : "item \(id): \(then) → \(now)"
        }
        #expect(before.keys.filter { after[$0] != nil }.count >= 5, "items on screen before and after")
        #expect(moved.isEmpty, "\(kind): \(moved.count) of \(before.count) moved: \(moved.prefix(3))")
    }

    /// The top of each waterfall column's first item on screen, by column x.
    static func columnTops(_ collection: CollectionView) -> [Double: Double] {
        var tops: [Double: Double] = [:]
        for path in collection.indexPathsForVisibleItems {
            guard let frame = collection.cellForItem(at: path)?.frame, frame.intersects(collection.bounds) else { continue }
            tops[frame.minX] = Swift.min(tops[frame.minX] ?? .infinity, frame.minY)
        }
        return tops
    }

    /// Scrolling up from the middle measures items above the anchor, which grows their
    /// columns upwards; reaching the top by scrolling, every visible item still moves alike
    /// and the columns start within one item of each other, the first item on screen.
    @Test func scrollingUpAWaterfallToTheTopShowsItsFirstItem() throws {
        let data = TextDataSource(count: 3000, maxLength: 12)
        defer { withExtendedLifetime(data) {} }
        let collection = try Self.selfSizingCollection(.waterfall, data)
        collection.contentOffset.y = collection.contentSize.height * 0.3
        try collection.performLayout()
        var passes = 0
        while collection.contentOffset.y > 0 && passes < 5_000 {
            let before = Dictionary(uniqueKeysWithValues: collection.indexPathsForVisibleItems.compactMap { path in
                collection.cellForItem(at: path).flatMap { $0.frame.intersects(collection.bounds) ? (path, $0.frame) : nil }
            })
            collection.contentOffset.y = Swift.max(0, collection.contentOffset.y - 97)
            try collection.performLayout()
            var reference: Double?
            for (path, frame) in before {
                guard let cell = collection.cellForItem(at: path), cell.frame.intersects(collection.bounds) else { continue }
                let dy = cell.frame.minY - frame.minY
                #expect(cell.frame.minX == frame.minX, "pass \(passes): \(path) changed column")
                if let reference, abs(dy - reference) > 1e-6 {
                    Issue.record("pass \(passes): \(path) moved \(dy), another item \(reference)")
                    return
                }
                reference = reference ?? dy
            }
            passes += 1
        }
        #expect(collection.contentOffset.y == 0)
        let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)), "item 0 is displayed at the top")
        #expect(first.frame.intersects(collection.bounds))
        let tops = Self.columnTops(collection).values
        let tallest = (0..<60).compactMap { collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame.height }.max() ?? 0
        #expect(tops.max()! - tops.min()! <= tallest + 8, "columns start \(tops.sorted()) at the top")
    }

    /// A jump to the start (nothing the reader saw is on screen) after the columns grew
    /// upwards shows the waterfall as a fresh layout would: every column starts at the top.
    @Test func aJumpToTheStartOfAWaterfallLevelsItsColumns() throws {
        let data = TextDataSource(count: 3000, maxLength: 12)
        defer { withExtendedLifetime(data) {} }
        let collection = try Self.selfSizingCollection(.waterfall, data)
        collection.contentOffset.y = collection.contentSize.height * 0.3
        try collection.performLayout()
        for _ in 0..<40 {
            collection.contentOffset.y -= 97
            try collection.performLayout()
        }
        collection.contentOffset.y = 0
        try collection.performLayout()
        let tops = Self.columnTops(collection)
        #expect(tops.count == 3 && tops.values.allSatisfy { $0 == 0 }, "columns start at \(tops.sorted { $0.key < $1.key })")
    }
}
