import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// A header that shows its section's title.
private final class TitleHeader: ReusableView {
    var title = ""
    override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 24) }
}

@Suite("Typed cell and supplementary registrations")
struct CellRegistrationTests {
    /// The modern UIKit setup: registrations made once, a diffable data source dequeuing
    /// configured cells and headers through them.
    private final class Screen {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 200), layout: StackTestLayout())
        var configured: [(String, Bool)] = []
        var headersConfigured = 0
        lazy var cellRegistration = CollectionView.CellRegistration<TextCell, String> { [unowned self] cell, _, title in
            cell.text = title
            configured.append((title, cell.isPrototype))
        }
        lazy var headerRegistration = CollectionView.SupplementaryRegistration<TitleHeader>(elementKind: .header) {
            [unowned self] header, kind, indexPath in
            header.title = "\(kind) \(indexPath.section)"
            headersConfigured += 1
        }
        lazy var dataSource: CollectionViewDiffableDataSource<Int, String> = {
            let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) {
                [unowned self] collectionView, indexPath, title in
                try collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: title)
            }
            dataSource.supplementaryViewProvider = { [unowned self] collectionView, _, indexPath in
                try collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
            }
            return dataSource
        }()

        init(titles: [String]) throws {
            collection.estimatedItemSize = .fixed(Size(width: 100, height: 40))
            collection.headerSize = Size(width: 375, height: 24)
            var snapshot = DiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(titles)
            try dataSource.apply(snapshot)
        }
    }

    @Test func cellsAndHeadersRegisterOnFirstUseAndAreConfiguredByTheirHandlers() throws {
        let screen = try Screen(titles: ["one", "three", "fifteen"])
        try screen.collection.performLayout()
        let cells = screen.collection.visibleCells.compactMap { $0 as? TextCell }
        #expect(cells.map(\.text) == ["one", "three", "fifteen"])
        #expect(cells.map(\.frame.width) == [40, 60, 80])  // self-sized from what the handler set
        #expect(cells.allSatisfy { $0.reuseIdentifier == screen.cellRegistration.reuseIdentifier })
        let header = try #require(
            screen.collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0)) as? TitleHeader)
        #expect(header.title == "header 0" && screen.headersConfigured >= 1)
    }

    @Test func scrollingRecyclesRegisteredCellsAndConfiguresThemAgain() throws {
        let screen = try Screen(titles: (0..<40).map { "tag \($0)" })
        try screen.collection.performLayout()
        let made = Set(screen.collection.subviews.map(ObjectIdentifier.init))
        for step in 1...10 {
            screen.collection.contentOffset.y = Double(step) * 100
            try screen.collection.performLayout()
        }
        let shown = screen.collection.visibleCells.compactMap { $0 as? TextCell }
        #expect(!shown.isEmpty)
        for cell in shown {
            let indexPath = try #require(screen.collection.indexPath(for: cell))
            #expect(cell.text == "tag \(indexPath.item)")
        }
        // Scrolling reused cells rather than making one per item.
        let allCells = screen.collection.subviews.filter { $0 is TextCell }
        #expect(allCells.count < 20)
        #expect(!made.isDisjoint(with: shown.map(ObjectIdentifier.init)))
    }

    @Test func twoRegistrationsOfOneClassAreDistinctAndSitNextToStringIdentifiers() throws {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 200), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        let loud = CollectionView.CellRegistration<TextCell, String> { cell, _, text in cell.text = text.uppercased() }
        let quiet = CollectionView.CellRegistration<TextCell, String> { cell, _, text in cell.text = text.lowercased() }
        #expect(loud.reuseIdentifier != quiet.reuseIdentifier)
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, text in
            switch indexPath.item % 3 {
            case 0: try collectionView.dequeueConfiguredReusableCell(using: loud, for: indexPath, item: text)
            case 1: try collectionView.dequeueConfiguredReusableCell(using: quiet, for: indexPath, item: text)
            default:
                try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
            }
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Ab", "Cd", "Ef"])
        try dataSource.apply(snapshot)
        try collection.performLayout()
        #expect(collection.visibleCells.compactMap { ($0 as? TextCell)?.text } == ["AB", "cd", ""])
    }

    @Test func dequeuingOutsideTheCollectionThrows() throws {
        let screen = try Screen(titles: ["a"])
        try screen.collection.performLayout()
        #expect(throws: CollectionViewError.self) {
            try screen.collection.dequeueConfiguredReusableCell(
                using: screen.cellRegistration, for: IndexPath(item: 5, section: 0), item: "x")
        }
    }

    @Test func prototypeCellsAreConfiguredByTheSameHandlerAndSizesAreCachedByIdentifier() throws {
        let screen = try Screen(titles: ["short", "a longer title"])
        try screen.collection.performLayout()
        screen.configured.removeAll()
        let indexPath = IndexPath(item: 1, section: 0)
        let proposal = FittingProposal(width: .atMost(375), height: .unconstrained)
        let prototype = try screen.collection.prototypeCell(using: screen.cellRegistration, for: indexPath, item: "a longer title")
        #expect(prototype.isPrototype && prototype.superview == nil)
        #expect(prototype.text == "a longer title")
        screen.collection.sizes.resetCacheCounters()
        screen.collection.sizes.removeAllCachedSizes()
        let size = try screen.collection.prototypeSize(
            using: screen.cellRegistration, for: indexPath, item: "a longer title", proposal: proposal)
        #expect(size == Size(width: 150, height: 30))
        _ = try screen.collection.prototypeSize(using: screen.cellRegistration, for: indexPath, item: "a longer title", proposal: proposal)
        #expect(screen.collection.sizeCache.measurementCount == 1 && screen.collection.sizeCache.hitCount == 1)
        #expect(screen.configured.map(\.0) == ["a longer title", "a longer title"])
        #expect(screen.configured.allSatisfy { $0.1 })  // the handler saw a prototype each time
    }

    @Test func reconfiguringThroughARegistrationGetsTheDisplayedCellBack() throws {
        let screen = try Screen(titles: ["one", "two"])
        try screen.collection.performLayout()
        let cell = try #require(screen.collection.cellForItem(at: IndexPath(item: 1, section: 0)))
        var snapshot = screen.dataSource.snapshot()
        snapshot.reconfigureItems(["two"])
        try screen.dataSource.apply(snapshot)
        try screen.collection.performLayout()
        #expect(screen.collection.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
        #expect(screen.configured.last.map(\.0) == "two")
    }
}
