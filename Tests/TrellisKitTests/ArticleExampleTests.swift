import Testing
import Trellis
import TrellisPango
import TrellisText
@testable import TrellisKit

// The code of the DocC articles (Sources/TrellisKit/TrellisKit.docc), compiled and run, so
// the articles cannot drift from the API.

private enum Article {
    /// Getting started's cell is the README's, word for word.
    typealias TagCell = Readme.TagCell

    /// Diffable data and selection: a cell with a selected background and a button.
    final class RemovableTagCell: CollectionViewCell {
        let removeButton = Button(title: "Remove")
        required init() {
            super.init()
            let selected = View()
            selected.backgroundColor = .systemBlue
            selectedBackgroundView = selected
            contentView.addSubview(removeButton)
        }
    }

    final class BadgeCell: CollectionViewCell {
        var count = 0
        override func sizeThatFits(_ size: Size) -> Size {
            Size(width: min(size.width, 24 + Double(String(count).count) * 8), height: 24)
        }
    }

    final class NoteCell: CollectionViewCell {
        let label = Label()
        override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
            var fitted = attributes
            let text = label.measurement(maxWidth: proposal.width.limit - 16)
            fitted.frame.size = Size(width: attributes.frame.width, height: text.height + 16)
            return fitted
        }
    }

    final class RowsLayout: CollectionLayout {
        var spacing = 8.0
        private var frames: [Rect] = []   // one section, for brevity
        private var width = 0.0

        func prepare(from source: some LayoutSource) {
            width = source.containerSize.width
            frames.removeAll(keepingCapacity: true)
            var y = 0.0
            let count = source.numberOfSections > 0 ? source.numberOfItems(inSection: 0) : 0
            for item in 0..<count {
                let size = source.sizeForItem(at: IndexPath(item: item, section: 0)).size
                frames.append(Rect(x: 0, y: y, width: width, height: size.height))
                y += size.height + spacing
            }
        }

        func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
            prepare(from: source)   // simplest correct answer: recompute everything
        }

        var contentSize: Size { Size(width: width, height: max(0, (frames.last?.maxY ?? 0))) }

        func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
            frames.indices.filter { frames[$0].intersects(rect) }
                .map { LayoutAttributes(indexPath: IndexPath(item: $0, section: 0), frame: frames[$0]) }
        }

        func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard indexPath.section == 0, frames.indices.contains(indexPath.item) else { return nil }
            return LayoutAttributes(indexPath: indexPath, frame: frames[indexPath.item])
        }

        func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }

        func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
            FittingProposal(width: .exactly(width), height: .unconstrained)
        }
    }

    struct Tag: Hashable, Sendable, Identifiable { let id: Int; var title: String }
}

@Suite("Article examples")
struct ArticleExampleTests {
    @Test("Getting started") func gettingStarted() throws {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: layout)
        collection.estimatedItemSize = .automatic

        let registration = CollectionView.CellRegistration<Article.TagCell, String> { cell, indexPath, title in
            cell.label.text = title
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) {
            collectionView, indexPath, title in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: title)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Swift", "Linux", "collection views", "self-sizing"])
        try dataSource.apply(snapshot)

        try collection.performLayout()
        let cells = collection.visibleCells
        #expect(cells.count == 4)
        // Leading alignment, 8 pt apart, each as wide as its text plus 10.
        let frames = cells.map(\.frame)
        #expect(frames[0].minX == 0)
        for (a, b) in zip(frames, frames.dropFirst()) where a.minY == b.minY { #expect(abs(b.minX - a.maxX - 8) < 1e-9) }
        #expect(frames[2].width > frames[0].width)
    }

    @Test("Self-sizing cells: sizeThatFits and preferredLayoutAttributesFitting")
    func selfSizingPaths() throws {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 400), layout: Article.RowsLayout())
        collection.estimatedItemSize = .automatic
        let badges = CollectionView.CellRegistration<Article.BadgeCell, Int> { cell, _, count in cell.count = count }
        let notes = CollectionView.CellRegistration<Article.NoteCell, String> { cell, _, text in
            cell.label.textMeasurer = FixedAdvanceTextMeasurer()
            cell.label.numberOfLines = 0
            cell.label.text = text
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            if let count = Int(item) { return try collectionView.dequeueConfiguredReusableCell(using: badges, for: indexPath, item: count) }
            return try collectionView.dequeueConfiguredReusableCell(using: notes, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["12345", "a note"])
        try dataSource.apply(snapshot)
        try collection.performLayout()
        // The rows layout gives every row the full width; heights come from the cells.
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.height == 24)
        let noteHeight = FixedAdvanceTextMeasurer().measure("a note", style: TextStyle(), maxWidth: 304, maxLines: 0).height + 16
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 0, y: 32, width: 320, height: noteHeight))
    }

    @Test("Writing a custom layout: tested without a collection view")
    func customLayout() {
        let layout = Article.RowsLayout()
        layout.prepare(from: StaticLayoutSource(
            containerSize: Size(width: 320, height: 600),
            sections: [.init(sizes: [Size(width: 10, height: 40), Size(width: 10, height: 60)])]))
        #expect(layout.attributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 0, y: 48, width: 320, height: 60))
        #expect(layout.contentSize == Size(width: 320, height: 108))
    }

    @Test("Diffable data and selection")
    func diffableDataAndSelection() throws {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: FlowLayout())
        collection.estimatedItemSize = .automatic
        var store: [Int: Article.Tag] = [:]
        for id in 0..<20 { store[id] = Article.Tag(id: id, title: "tag \(id)") }
        store[42] = Article.Tag(id: 42, title: "new")

        let registration = CollectionView.CellRegistration<Article.TagCell, Article.Tag> { cell, indexPath, tag in
            cell.label.textMeasurer = FixedAdvanceTextMeasurer()
            cell.label.text = tag.title
        }
        let dataSource = CollectionViewDiffableDataSource<Int, Article.Tag.ID>(collectionView: collection) {
            collectionView, indexPath, id in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: store[id]!)
        }

        var snapshot = DiffableDataSourceSnapshot<Int, Article.Tag.ID>()
        snapshot.appendSections([0])
        snapshot.appendItems(store.keys.filter { $0 < 20 }.sorted())
        try dataSource.apply(snapshot, animatingDifferences: false)
        try collection.performLayout()

        collection.allowsMultipleSelection = true
        try collection.selectItem(at: dataSource.indexPath(for: 12))

        var next = dataSource.snapshot()
        next.deleteItems([3])
        next.insertItems([42], afterItem: 7)
        next.moveItem(12, beforeItem: 1)
        store[5]!.title = "five, longer"
        next.reconfigureItems([5])
        try dataSource.apply(next)
        #expect(collection.indexPathsForSelectedItems?.compactMap(dataSource.itemIdentifier(for:)) == [12])
        #expect((collection.cellForItem(at: dataSource.indexPath(for: 5)!) as? Article.TagCell)?.label.text == "five, longer")

        let removable = Article.RemovableTagCell()
        #expect(removable.selectedBackgroundView?.isHidden == true)
        removable.isHighlighted = true
        #expect(removable.selectedBackgroundView?.isHidden == false && removable.removeButton.superview === removable.contentView)

        var bad = dataSource.snapshot()
        bad.appendItems([7])
        do {
            try dataSource.apply(bad)
            Issue.record("a duplicate identifier must throw")
        } catch let error as CollectionViewError where error.code == .duplicateIdentifier {
            #expect(error.message
                == "duplicate item identifier 7: appendItems(_:toSection:) adds it to section 0, but it is already in section 0 at index 7")
        }
    }
}
