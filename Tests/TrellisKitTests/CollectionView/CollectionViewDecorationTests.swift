import Testing
import Trellis
import TrellisText
@testable import TrellisKit

/// A decoration view (separator, section background); counts the instances made.
final class DecorationView: ReusableView {}

/// Counts what happens to one kind of view across a test.
final class ViewLog {
    var made = 0
    /// Measurements by header title.
    var measured: [String: Int] = [:]
}

/// A header whose title wraps like a label: 10 pt a character, 20 pt a line, 5 pt of
/// padding on each side (as `TextCell`), so its height comes from its content and width.
final class TitleHeaderView: ReusableView {
    var title = ""
    var log: ViewLog?

    override func sizeThatFits(_ size: Size) -> Size {
        log?.measured[title, default: 0] += 1
        return TextCell.size(of: title, maxWidth: size.width)
    }
}

/// A header whose height comes from a multi-line `Label` pinned 5 pt inside it with
/// constraints; counts its measurements.
final class LabelHeaderView: ReusableView {
    let label = makeLabel("", lines: 0)
    var measurements = 0

    required init() {
        super.init()
        addSubview(label)
        _ = pin(label, to: self, inset: 5)
    }

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        measurements += 1
        return super.preferredLayoutAttributesFitting(attributes, proposal: proposal)
    }
}

/// Sections of one-line items under wrapping headers.
final class TitledDataSource: CollectionViewDataSource, CollectionViewDelegate {
    var titles: [String]
    var counts: [Int]
    let log = ViewLog()

    init(titles: [String], counts: [Int]) {
        self.titles = titles
        self.counts = counts
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TextCell
        cell.text = "item"
        return cell
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        let view = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
            as! TitleHeaderView
        view.title = titles[indexPath.section]
        view.log = log
        return view
    }
}

/// Records every invalidation its base layout gets.
final class RecordingLayout: CollectionLayout {
    let base: any CollectionLayout
    private(set) var contexts: [InvalidationContext] = []

    init(_ base: any CollectionLayout) { self.base = base }

    func prepare(from source: some LayoutSource) { base.prepare(from: source) }
    func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        contexts.append(context)
        base.invalidate(context, source: source)
    }
    var contentSize: Size { base.contentSize }
    func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] { base.elements(in: rect, visibleBounds: visibleBounds) }
    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { base.attributesForItem(at: indexPath) }
    func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        base.attributesForSupplementaryElement(ofKind: kind, at: indexPath)
    }
    func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal { base.fittingProposal(forItemAt: indexPath) }
}

/// Each layout of the package that shows headers, made fresh.
enum HeaderLayoutKind: String, CaseIterable, CustomTestStringConvertible {
    case flow, grid, waterfall, list

    func make() -> any CollectionLayout {
        switch self {
        case .flow: FlowLayout()
        case .grid: GridLayout(options: .init(columns: .count(2)))
        case .waterfall: WaterfallLayout(options: .init(columns: .count(2)))
        case .list: ListLayout(options: .init(separators: .init(thickness: 1)))
        }
    }

    var testDescription: String { rawValue }
}

private let viewport = Size(width: 375, height: 400)

private func listCollection(
    _ dataSource: TextDataSource, separators: Bool = true, background: Bool = false, register: Bool = true
) -> (CollectionView, ViewLog) {
    let options = ListLayout.Options(
        separators: separators ? .init(thickness: 1) : nil,
        sections: SectionStyle(background: background ? SectionBackground() : nil))
    let collection = CollectionView(frame: Rect(origin: .zero, size: viewport), layout: ListLayout(options: options))
    collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
    let log = ViewLog()
    if register {
        collection.register(forDecorationViewOfKind: .separator) {
            log.made += 1
            return DecorationView()
        }
        collection.register(DecorationView.self, forDecorationViewOfKind: "sectionBackground")
    }
    collection.itemSize = Size(width: 375, height: 44)
    collection.dataSource = dataSource
    collection.delegate = dataSource
    return (collection, log)
}

private func displayedDecorations(_ collection: CollectionView, kind: ElementKind) -> [ReusableView] {
    collection.subviews.compactMap { $0 as? DecorationView }.filter { !$0.isHidden && $0.layoutAttributes?.kind == kind }
}

private func titledCollection(
    _ dataSource: TitledDataSource, layout: any CollectionLayout, width: Double = 375
) -> CollectionView {
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: 400), layout: layout)
    collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
    collection.register(TitleHeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "title")
    collection.headerSize = Size(width: width, height: 30)
    collection.estimatedItemSize = .fixed(Size(width: 100, height: 30))
    collection.dataSource = dataSource
    collection.delegate = dataSource
    return collection
}

/// A 100-character title: 3 lines (70 pt) at 375 pt, 4 lines (90 pt) at 300 pt.
private let longTitle = String(repeating: "t", count: 100)

@Suite struct CollectionViewDecorationTests {
    // MARK: Decoration views

    @Test func separatorViewsSitBetweenTheVisibleRowsOneForEachElement() throws {
        let dataSource = TextDataSource(count: 100)
        let (collection, _) = listCollection(dataSource)
        try collection.performLayout()

        let expected = collection.layout.elements(in: collection.bounds).filter { $0.kind == .separator }
        let shown = displayedDecorations(collection, kind: .separator)
        #expect(!expected.isEmpty)
        #expect(shown.count == expected.count)
        #expect(Set(shown.map { $0.layoutAttributes!.indexPath }).count == shown.count)
        for attributes in expected {
            let view = try #require(collection.decorationView(ofKind: .separator, at: attributes.indexPath))
            #expect(view.frame == attributes.frame)
            // Between its row and the next one.
            let above = try #require(collection.cellForItem(at: attributes.indexPath))
            #expect(view.frame.minY >= above.frame.maxY)
            if let below = collection.cellForItem(at: IndexPath(item: attributes.indexPath.item + 1, section: 0)) {
                #expect(view.frame.maxY <= below.frame.minY)
            }
        }
        #expect(collection.diagnostics.isEmpty)
    }

    @Test func separatorViewsAreReusedWhenScrolling() throws {
        let dataSource = TextDataSource(count: 300)
        let (collection, log) = listCollection(dataSource)
        try collection.performLayout()
        let madeAtFirst = log.made
        for step in 1...40 {
            collection.contentOffset.y = Double(step) * 97
            try collection.performLayout()
            let expected = collection.layout.elements(in: collection.bounds).filter { $0.kind == .separator }
            let shown = displayedDecorations(collection, kind: .separator)
            #expect(shown.count == expected.count, "step \(step)")
            #expect(Set(shown.map { $0.layoutAttributes!.indexPath }) == Set(expected.map(\.indexPath)), "step \(step)")
        }
        // A scroll step recycles the separators it scrolled away before showing new ones:
        // at most one more than the first screen needed, never one per row scrolled past.
        #expect(log.made <= madeAtFirst + 1)
        #expect(log.made < 20)
        // Scrolling back shows the same elements again, each once.
        collection.contentOffset.y = 0
        try collection.performLayout()
        #expect(displayedDecorations(collection, kind: .separator).count
                == collection.layout.elements(in: collection.bounds).filter { $0.kind == .separator }.count)
    }

    @Test func decorationViewsAreStackedByZIndex() throws {
        let dataSource = TextDataSource(count: 40)
        let (collection, _) = listCollection(dataSource, background: true)
        try collection.performLayout()
        collection.contentOffset.y = 300
        try collection.performLayout()
        let visible = collection.subviews.filter { !$0.isHidden }.map { ($0 as! ReusableView).layoutAttributes!.zIndex }
        #expect(visible == visible.sorted())
        let background = try #require(collection.decorationView(ofKind: .sectionBackground, at: IndexPath(item: 0, section: 0)))
        let backgroundPosition = try #require(collection.subviews.firstIndex { $0 === background })
        for cell in collection.visibleCells {
            #expect(collection.subviews.firstIndex { $0 === cell }! > backgroundPosition)
        }
        #expect(background.layoutAttributes?.zIndex == SectionBackground.zIndex)
    }

    @Test func unregisteredDecorationKindsAreSkippedAndReportedOnce() throws {
        let dataSource = TextDataSource(count: 100)
        let (collection, _) = listCollection(dataSource, register: false)
        try collection.performLayout()
        collection.contentOffset.y = 500
        try collection.performLayout()
        #expect(collection.subviews.allSatisfy { !($0 is DecorationView) })
        #expect(!collection.visibleCells.isEmpty)
        #expect(collection.diagnostics.count == 1)
        let diagnostic = try #require(collection.diagnostics.first)
        #expect(diagnostic.code == .unregisteredDecorationKind)
        #expect(diagnostic.kind == .separator)
        #expect(diagnostic.message.contains("\"separator\""))

        // Registering later shows them from the next pass.
        collection.register(DecorationView.self, forDecorationViewOfKind: .separator)
        try collection.performLayout()
        #expect(!displayedDecorations(collection, kind: .separator).isEmpty)
        #expect(collection.diagnostics.count == 1)
    }

    @Test func decorationViewsLeaveOnReloadAndBatchUpdates() throws {
        let dataSource = TextDataSource(count: 30)
        let (collection, _) = listCollection(dataSource)
        try collection.performLayout()
        dataSource.sections[0].removeFirst(3)
        try collection.deleteItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
        try collection.performLayout()
        let expected = collection.layout.elements(in: collection.bounds).filter { $0.kind == .separator }
        let shown = displayedDecorations(collection, kind: .separator)
        #expect(Set(shown.map { $0.layoutAttributes!.indexPath }) == Set(expected.map(\.indexPath)))
        #expect(shown.count == expected.count)
        for attributes in expected {
            #expect(collection.decorationView(ofKind: .separator, at: attributes.indexPath)?.frame == attributes.frame)
        }
        collection.reloadData()
        try collection.performLayout()
        #expect(displayedDecorations(collection, kind: .separator).count == expected.count)
    }

    // MARK: Self-sizing headers

    @Test func aWrappingHeaderIsMeasuredOncePerWidthAndMovesTheItemsBelow() throws {
        let dataSource = TitledDataSource(titles: [longTitle], counts: [20])
        let layout = RecordingLayout(ListLayout())
        let collection = titledCollection(dataSource, layout: layout)
        try collection.performLayout()

        let header = try #require(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0)))
        #expect(header.frame.height == 70)
        let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.frame.minY == 70)
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 70)
        // Items and header reached the layout in one invalidation.
        #expect(layout.contexts.count == 1)
        let context = try #require(layout.contexts.first)
        #expect(!context.itemSizes.isEmpty)
        #expect(context.supplementarySizes.count == 1)
        #expect(context.supplementarySizes.first?.0 == .header)
        #expect(context.supplementarySizes.first?.2 == Size(width: 375, height: 70))
        #expect(dataSource.log.measured[longTitle] == 1)

        // More passes and scrolling away and back measure nothing again.
        try collection.performLayout()
        collection.contentOffset.y = 300
        try collection.performLayout()
        collection.contentOffset.y = 0
        try collection.performLayout()
        #expect(dataSource.log.measured[longTitle] == 1)

        // A new width: measured once more, taller; the old width again: from the cache.
        collection.frame.size.width = 300
        try collection.performLayout()
        #expect(dataSource.log.measured[longTitle] == 2)
        #expect(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0))?.frame.height == 90)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 90)
        collection.frame.size.width = 375
        try collection.performLayout()
        #expect(dataSource.log.measured[longTitle] == 2)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 70)
    }

    @Test func aHeaderWithAWrappingLabelAndConstraintsSizesTheSection() throws {
        let title = "A section title long enough to wrap onto several lines at a phone's width"
        let dataSource = TitledDataSource(titles: [title], counts: [10])
        let collection = titledCollection(dataSource, layout: ListLayout())
        var made: [LabelHeaderView] = []
        collection.register(forSupplementaryViewOfKind: .header, withReuseIdentifier: "title") {
            made.append(LabelHeaderView())
            return made.last!
        }
        final class LabelSource: CollectionViewDataSource {
            let base: TitledDataSource
            init(_ base: TitledDataSource) { self.base = base }
            func numberOfSections(in collectionView: CollectionView) -> Int { base.counts.count }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { base.counts[section] }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                try base.collectionView(collectionView, cellForItemAt: indexPath)
            }
            func collectionView(
                _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
            ) throws -> ReusableView {
                let view = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
                (view as! LabelHeaderView).label.text = base.titles[indexPath.section]
                return view
            }
        }
        let source = LabelSource(dataSource)
        collection.dataSource = source
        try collection.performLayout()

        func expectedHeight(_ width: Double) -> Double {
            fixedMeasurer.measure(title, style: tenPoint, maxWidth: width - 10, maxLines: 0).height + 10
        }
        #expect(expectedHeight(375) > 30)  // more than the estimate: it wraps
        #expect(made.count == 1)
        let header = try #require(made.first)
        #expect(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0)) === header)
        #expect(header.frame.height == expectedHeight(375))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == expectedHeight(375))
        #expect(header.measurements == 1)
        try collection.performLayout()
        #expect(header.measurements == 1)

        collection.frame.size.width = 200
        try collection.performLayout()
        #expect(header.measurements == 2)
        #expect(expectedHeight(200) > expectedHeight(375))
        #expect(header.frame.height == expectedHeight(200))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == expectedHeight(200))
    }

    @Test func measuredHeadersFollowTheirSectionsThroughABatchUpdate() throws {
        let dataSource = TitledDataSource(titles: ["short", longTitle], counts: [2, 5])
        let collection = titledCollection(dataSource, layout: ListLayout())
        try collection.performLayout()
        // 30 ("short") + 2 × 30, then the long header (70) and its items.
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 160)
        dataSource.titles.removeFirst()
        dataSource.counts.removeFirst()
        _ = try collection.performBatchUpdates { $0.deleteSections([0]) }
        try collection.performLayout()
        let header = try #require(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0)))
        #expect(header.frame == Rect(x: 0, y: 0, width: 375, height: 70))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 70)
        let fresh = ListLayout()
        fresh.prepare(from: collection)
        #expect(fresh.elements(in: collection.bounds) == collection.layout.elements(in: collection.bounds))
    }

    @Test func aHeaderThatAnswersNoPreferredSizeKeepsItsSize() throws {
        let dataSource = TextDataSource(count: 10)
        let collection = makeCollection(dataSource, layout: StackTestLayout())
        collection.headerSize = Size(width: 375, height: 40)
        try collection.performLayout()
        #expect(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0))?.frame.height == 40)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 40)
    }

    @Test func headersAreNotSelfSizedWithoutEstimatedSizes() throws {
        let dataSource = TitledDataSource(titles: [longTitle], counts: [5])
        let collection = titledCollection(dataSource, layout: ListLayout())
        collection.estimatedItemSize = .none
        collection.itemSize = Size(width: 375, height: 30)
        try collection.performLayout()
        #expect(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0))?.frame.height == 30)
        #expect(dataSource.log.measured[longTitle] == nil)
    }

    @Test func aHeaderGrowingAboveTheFirstVisibleItemKeepsItStill() throws {
        // Section 0: header (30 estimated) + 20 one-line items of 30 = 630; section 1's
        // header at 630..660 (estimated), its first item at 660.
        let dataSource = TitledDataSource(titles: ["short", longTitle], counts: [20, 20])
        let collection = titledCollection(dataSource, layout: ListLayout())
        collection.estimatedItemSize = .fixed(Size(width: 375, height: 30))
        collection.contentOffset.y = 640
        try collection.performLayout()

        let anchor = IndexPath(item: 0, section: 1)
        let cell = try #require(collection.cellForItem(at: anchor))
        #expect(cell.frame.minY == 700)  // below the header measured at 70
        #expect(cell.frame.minY - collection.contentOffset.y == 20)  // where it was on screen
        let header = try #require(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 1)))
        #expect(header.frame.height == 70)
        #expect(header.frame.maxY == cell.frame.minY)
    }

    @Test func contentSizeForAWidthIncludesMeasuredHeaders() throws {
        let dataSource = TitledDataSource(titles: [longTitle, "short"], counts: [3, 3])
        let collection = titledCollection(dataSource, layout: ListLayout())
        // 70 + 3 × 30 + (30: "short" is one line) + 3 × 30.
        #expect(try collection.contentSize(forWidth: 375).height == 70 + 90 + 30 + 90)
        try collection.performLayout()
        #expect(collection.contentSize.height == 280)
        #expect(dataSource.log.measured[longTitle] == 1)
    }

    /// Every layout applies the header sizes of an invalidation: the incremental result
    /// equals a fresh prepare from the same source.
    @Test(arguments: HeaderLayoutKind.allCases)
    func incrementalHeaderSizesEqualAFullPrepare(_ kind: HeaderLayoutKind) throws {
        let titles = (0..<6).map { String(repeating: "w", count: 10 + 37 * $0) }
        let dataSource = TitledDataSource(titles: titles, counts: [3, 5, 2, 4, 6, 1])
        let collection = titledCollection(dataSource, layout: kind.make())
        collection.preparedMargin = 2000  // measure every header and item
        try collection.performLayout()
        #expect(dataSource.log.measured.count == titles.count)

        let fresh = kind.make()
        fresh.prepare(from: collection)
        let everything = Rect(x: -10, y: -10, width: 1000, height: collection.contentSize.height + 20)
        #expect(fresh.contentSize == collection.layout.contentSize)
        #expect(fresh.elements(in: everything) == collection.layout.elements(in: everything))
        for section in 0..<titles.count {
            let expected = TextCell.size(of: titles[section], maxWidth: 375).height
            #expect(collection.layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: section))?
                .frame.height == expected)
        }
    }
}
