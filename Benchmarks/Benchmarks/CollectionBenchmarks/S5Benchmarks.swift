import Benchmark
import Dispatch
import Trellis
import TrellisKit
import TrellisPango
import TrellisText

// `contentSize(forWidth:)` of scenario S5 — a list whose 10,000 rows each embed a tag
// collection (left-aligned tags, `ceil(text width) + 2 × 8` wide, measured with Pango) and
// are as tall as it — ≤ 100 ms, measured on every core with the sizes of one thread.

/// S5's tags: sized by the delegate from the text (Pango, 10 pt), in a left-aligned flow.
final class S5TagSource: CollectionViewDataSource, CollectionViewDelegate {
    static let style = TextStyle(font: Font(family: "DejaVu Sans", size: 10))
    var tags: [String] = []

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { tags.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        let text = PangoTextMeasurer.shared.measure(tags[indexPath.item], style: Self.style)
        return Size(width: text.width.rounded(.up) + 16, height: 24)
    }
}

/// A row embedding a tag collection 12 pt inside it; its height is the collection's.
final class S5RowCell: CollectionViewCell {
    let source = S5TagSource()
    let tags: CollectionView

    required init() {
        tags = CollectionView(layout: FlowLayout(metrics: FlowMetrics(
            alignment: .leading, interitemSpacing: 6, lineSpacing: 6, sectionInset: EdgeInsets(all: 4))))
        super.init()
        tags.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tag")
        tags.dataSource = source
        tags.delegate = source
        contentView.addSubview(tags)
    }

    func configure(_ tags: [String]) {
        source.tags = tags
        self.tags.reloadData()
    }

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        var preferred = attributes
        let width: Double = if case .exactly(let width) = proposal.width { width } else { 375 }
        let height = (try? tags.contentSize(forWidth: max(0, width - 24)).height) ?? 0
        preferred.frame.size = Size(width: width, height: height + 24)
        return preferred
    }
}

final class S5RowSource: CollectionViewPrototypeDataSource {
    let rows: [[String]]
    init(rows: [[String]]) { self.rows = rows }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
    func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String { "row" }
    func collectionView(_ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool) {
        (cell as! S5RowCell).configure(rows[indexPath.item])
    }

    /// 10,000 rows of 1–12 tags drawn from 2,000 seeded words.
    static func seeded(_ count: Int) -> S5RowSource {
        var state: UInt64 = 15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let syllables = ["ka", "lo", "mi", "tra", "sen", "vo", "du", "ri", "pa", "zu", "ne", "to"]
        let words = (0..<2_000).map { _ in (0..<(1 + next(4))).map { _ in syllables[next(syllables.count)] }.joined() }
        return S5RowSource(rows: (0..<count).map { _ in (0..<(1 + next(12))).map { _ in words[next(words.count)] } })
    }
}

func s5Benchmarks() {
    let source = S5RowSource.seeded(10_000)
    let rows = source.rows
    let pool: @Sendable (Int, @escaping @Sendable (Int) -> Void) -> Void = { DispatchQueue.concurrentPerform(iterations: $0, execute: $1) }
    func makeList(_ sizing: ConcurrentSizing?) -> CollectionView {
        let list = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: ListLayout(options: .init(rowSpacing: 1)))
        list.register(S5RowCell.self, forCellWithReuseIdentifier: "row")
        list.estimatedItemSize = .fixed(Size(width: 375, height: 60))
        list.concurrentSizing = sizing
        list.dataSource = source
        return list
    }
    let concurrent = ConcurrentSizing(
        executor: pool, makePrototype: { _ in S5RowCell() }, configure: { cell, indexPath in (cell as! S5RowCell).configure(rows[indexPath.item]) })
    let reference = (try? makeList(nil).contentSize(forWidth: 375)) ?? .zero

    for (name, sizing) in [("one thread", nil), ("every core (\(concurrent.threadCount))", concurrent)] as [(String, ConcurrentSizing?)] {
        Benchmark("S5 contentSize(forWidth:), 10,000 rows of tag collections, \(name)",
                  configuration: .init(metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, maxIterations: 20)) { benchmark in
            for _ in benchmark.scaledIterations {
                // A new list each time: every row is measured (nothing cached).
                let list = makeList(sizing)
                benchmark.startMeasurement()
                let size = try list.contentSize(forWidth: 375)
                benchmark.stopMeasurement()
                precondition(size == reference, "the sizes of one thread")
                blackHole(list)
            }
        }
    }
}
