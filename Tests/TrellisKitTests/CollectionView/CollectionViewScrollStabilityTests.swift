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

    /// Jumps into the middle of 3,000 unmeasured items, then scrolls by `step` points a pass.
    /// - Returns: the first frame pair in which two items moved differently, or nil.
    static func firstUnevenPair(_ kind: Kind, step: Double, passes: Int) throws -> String? {
        let data = TextDataSource(count: 3000, maxLength: 12)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: kind.layout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.estimatedItemSize = .automatic
        collection.dataSource = data
        collection.delegate = data
        try collection.performLayout()
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
                if abs(dx - rx) > 1e-6 || abs(dy - ry) > 1e-6 {
                    return "pass \(pass): \(first) moved by (\(rx), \(ry)), \(path) by (\(dx), \(dy))"
                }
            }
        }
        return nil
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
}
