import Dispatch
import Testing
import Trellis
@_spi(Testing) import TrellisKit
import TrellisText

/// S5 as self-sizing rows: each row cell embeds a tag collection and is as tall as that
/// collection's `contentSize(forWidth:)` (plus its margins).
final class TagCollectionRowCell: CollectionViewCell {
    let row = TagRowCell()

    required init() {
        super.init()
        contentView.addSubview(row)
    }

    func configure(_ tags: [String]) { row.configure(tags) }

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        var preferred = attributes
        let width: Double = switch proposal.width {
        case .exactly(let width), .atMost(let width): width
        case .unconstrained: 320
        }
        let tags = (try? row.tags.contentSize(forWidth: max(0, width - 2 * TagRowCell.margin))) ?? .zero
        preferred.frame.size = Size(width: width, height: tags.height + 2 * TagRowCell.margin)
        return preferred
    }
}

/// Rows of tags served through prototypes; `id` gives the identity (rows may share one).
final class TagRowsSource: CollectionViewPrototypeDataSource {
    let rows: [(id: Int, tags: [String])]
    init(rows: [(id: Int, tags: [String])]) { self.rows = rows }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable { rows[indexPath.item].id }
    func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String { "row" }
    func collectionView(_ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool) {
        (cell as! TagCollectionRowCell).configure(rows[indexPath.item].tags)
    }

    /// Seeded rows of 1–12 tags; every 50th row repeats the identity (and tags) of an
    /// earlier one, so the size cache answers it.
    static func seeded(_ count: Int) -> TagRowsSource {
        var state: UInt64 = 5
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var rows: [(id: Int, tags: [String])] = []
        for index in 0..<count {
            if index % 50 == 49 {
                rows.append(rows[next(rows.count)])
            } else {
                rows.append((index, (0..<(1 + next(12))).map { _ in ScenarioTests.sampleTags[next(ScenarioTests.sampleTags.count)] }))
            }
        }
        return TagRowsSource(rows: rows)
    }
}

/// `contentSize(forWidth:)` with `concurrentSizing`: the same sizes, frames and cache
/// entries as measuring one row after the other, on any number of threads.
@Suite struct ConcurrentSizingTests {
    static func makeList(_ source: TagRowsSource, sizing: ConcurrentSizing?) -> CollectionView {
        let list = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 600), layout: ListLayout(options: .init(rowSpacing: 1)))
        list.register(TagCollectionRowCell.self, forCellWithReuseIdentifier: "row")
        list.estimatedItemSize = .fixed(Size(width: 320, height: 44))
        list.concurrentSizing = sizing
        list.dataSource = source
        return list
    }

    static func sizing(_ source: TagRowsSource, threads: Int, dispatch: Bool = false) -> ConcurrentSizing {
        let rows = source.rows.map(\.tags)
        let pool: @Sendable (Int, @escaping @Sendable (Int) -> Void) -> Void = { iterations, body in
            DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
        }
        return ConcurrentSizing(
            threadCount: threads,
            executor: dispatch ? pool : nil,
            makePrototype: { _ in TagCollectionRowCell() },
            configure: { cell, indexPath in (cell as! TagCollectionRowCell).configure(rows[indexPath.item]) })
    }

    static func frames(_ list: CollectionView, count: Int) -> [Rect] {
        (0..<count).map { list.layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    }

    @Test(arguments: [(1, false), (2, false), (4, false), (3, true)])
    func severalThreadsGiveTheSizesOfOne(threads: Int, dispatch: Bool) throws {
        let source = TagRowsSource.seeded(3_000)
        let serial = Self.makeList(source, sizing: nil)
        let concurrent = Self.makeList(source, sizing: Self.sizing(source, threads: threads, dispatch: dispatch))
        for width in [320.0, 200, 320] {
            let expected = try serial.contentSize(forWidth: width)
            let measured = try concurrent.contentSize(forWidth: width)
            #expect(measured == expected, "\(width)")
            #expect(concurrent.sizeCache.measurementCount == serial.sizeCache.measurementCount)
            #expect(concurrent.sizeCache.hitCount == serial.sizeCache.hitCount)
        }
        try serial.performLayout()
        try concurrent.performLayout()
        #expect(Self.frames(concurrent, count: 3_000) == Self.frames(serial, count: 3_000))
        // Rows are as tall as their tag collections.
        let first = Self.frames(serial, count: 1)[0]
        let tags = TagListSource(tags: source.rows[0].tags)
        #expect(first.height == (try TagListSource.makeCollection(tags).contentSize(forWidth: 296)).height + 24)
    }

    /// A row whose identity was measured before (earlier in the same pass, or in an
    /// earlier one) is answered by the size cache, not measured again.
    @Test func cachedRowsAreNotMeasuredAgain() throws {
        let source = TagRowsSource.seeded(600)
        let list = Self.makeList(source, sizing: Self.sizing(source, threads: 2))
        _ = try list.contentSize(forWidth: 320)
        #expect(list.sizeCache.measurementCount == Set(source.rows.map(\.id)).count)
        let before = list.sizeCache.measurementCount
        list.reloadData()
        _ = try list.contentSize(forWidth: 320)
        #expect(list.sizeCache.measurementCount == before)
    }

    /// A reuse identifier nobody registered is the serial path's typed error.
    @Test func anUnregisteredIdentifierThrows() {
        final class Unregistered: CollectionViewPrototypeDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 200 }
            func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String { "nope" }
            func collectionView(_ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool) {}
        }
        let source = Unregistered()
        for sizing in [nil, ConcurrentSizing(threadCount: 2, makePrototype: { _ in CollectionViewCell() }, configure: { _, _ in })] {
            let list = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 600), layout: ListLayout(options: .init()))
            list.register(TagCollectionRowCell.self, forCellWithReuseIdentifier: "row")
            list.estimatedItemSize = .automatic
            list.concurrentSizing = sizing
            list.dataSource = source
            #expect(throws: CollectionViewError.self) { try list.contentSize(forWidth: 200) }
        }
    }
}
