import Trellis
@testable import TrellisKit

/// A test-only layout that is not a flow layout: one item per row, stacked along the
/// vertical axis with `spacing` after every row, optional headers, each item as wide as
/// it asks (clamped to the container). Size changes are incremental through an
/// `OffsetTree`, and it visits elements without allocating.
final class StackTestLayout: VisitingCollectionLayout {
    enum WidthRule { case exactly, atMost, unconstrained }

    struct Row {
        var kind: ElementKind
        var indexPath: IndexPath
        var width: Double
    }

    var spacing: Double = 0
    var widthRule: WidthRule = .atMost
    private(set) var prepareCount = 0
    private(set) var incrementalInvalidations = 0
    private var rows: [Row] = []
    private var extents = OffsetTree()
    private var firstItemRow: [Int] = []
    private var containerWidth = 0.0

    init(spacing: Double = 0, widthRule: WidthRule = .atMost) {
        self.spacing = spacing
        self.widthRule = widthRule
    }

    func prepare(from source: some LayoutSource) {
        prepareCount += 1
        containerWidth = source.containerSize.width
        rows.removeAll(keepingCapacity: true)
        firstItemRow.removeAll(keepingCapacity: true)
        var heights: [Double] = []
        for section in 0..<source.numberOfSections {
            if let header = source.sizeForSupplementaryElement(ofKind: .header, inSection: section) {
                rows.append(Row(kind: .header, indexPath: IndexPath(item: 0, section: section), width: containerWidth))
                heights.append(header.height + spacing)
            }
            firstItemRow.append(rows.count)
            for item in 0..<source.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let size = source.sizeForItem(at: indexPath).size
                rows.append(Row(kind: .cell, indexPath: indexPath, width: size.width))
                heights.append(size.height + spacing)
            }
        }
        extents = OffsetTree(heights)
    }

    func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.invalidatesEverything || context.invalidatesContainerSize || context.invalidatesMetrics
            || !context.supplementarySizes.isEmpty {
            prepare(from: source)
            return
        }
        incrementalInvalidations += 1
        for (indexPath, size) in context.itemSizes {
            let row = firstItemRow[indexPath.section] + indexPath.item
            rows[row].width = size.size.width
            extents.setExtent(size.size.height + spacing, at: row)
        }
    }

    var contentSize: Size { Size(width: containerWidth, height: max(0, extents.total - spacing)) }

    private func attributes(ofRow row: Int) -> LayoutAttributes {
        let top = extents.offset(of: row)
        let info = rows[row]
        return LayoutAttributes(
            indexPath: info.indexPath, kind: info.kind,
            frame: Rect(x: 0, y: top, width: min(info.width, containerWidth), height: max(0, extents[row] - spacing)),
            zIndex: info.kind == .cell ? 0 : Pinning.supplementaryZIndex)
    }

    func forEachElement<E: Error>(in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void) throws(E) {
        var row = extents.index(containing: max(0, rect.minY))
        while row < rows.count, extents.offset(of: row) < rect.maxY {
            let element = attributes(ofRow: row)
            if element.frame.intersects(rect) || (element.frame.height == 0 && element.frame.minY >= rect.minY) {
                try body(element)
            }
            row += 1
        }
    }

    func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        forEachElement(in: rect, visibleBounds: visibleBounds) { result.append($0) }
        return result
    }

    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < firstItemRow.count, indexPath.item >= 0 else { return nil }
        let row = firstItemRow[indexPath.section] + indexPath.item
        guard row < rows.count, rows[row].kind == .cell, rows[row].indexPath == indexPath else { return nil }
        return attributes(ofRow: row)
    }

    func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == .header, indexPath.section < firstItemRow.count else { return nil }
        let row = firstItemRow[indexPath.section] - 1
        guard row >= 0, rows[row].kind == .header, rows[row].indexPath.section == indexPath.section else { return nil }
        return attributes(ofRow: row)
    }

    func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        switch widthRule {
        case .exactly: FittingProposal(width: .exactly(containerWidth), height: .unconstrained)
        case .atMost: FittingProposal(width: .atMost(containerWidth), height: .unconstrained)
        case .unconstrained: .unconstrained
        }
    }
}

/// A cell whose text sizes it without a solver: 10 pt a character, 20 pt a line, 5 pt of
/// padding on each side; wraps when given less width than the text needs.
class TextCell: CollectionViewCell {
    var text = ""
    var prepareForReuseCount = 0
    /// How often the cell was asked for a size.
    var fittingCount = 0
    var configuredAsPrototype: Bool?

    static func size(of text: String, maxWidth: Double = .infinity) -> Size {
        let natural = Double(text.count) * 10
        let width = min(natural + 10, maxWidth)
        let lines = natural == 0 ? 1 : (natural / max(10, width - 10)).rounded(.up)
        return Size(width: width, height: lines * 20 + 10)
    }

    override func sizeThatFits(_ size: Size) -> Size {
        fittingCount += 1
        return TextCell.size(of: text, maxWidth: size.width)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        prepareForReuseCount += 1
        text = ""
    }
}

/// A second cell class, for per-trait templates.
final class WideTextCell: TextCell {}

/// A header view.
final class HeaderView: ReusableView {}

struct TextItem: Hashable {
    var id: Int
    var text: String
}

/// A data source of texts in sections, identities from the items' ids, that records what
/// the collection asks.
final class TextDataSource: CollectionViewDataSource, CollectionViewDelegate {
    var sections: [[TextItem]]
    var identifier = "text"
    var headerIdentifier = "header"
    private(set) var cellRequests = 0
    private(set) var displayed: [IndexPath] = []
    private(set) var ended: [IndexPath] = []
    var sizesByDelegate: ((IndexPath) -> Size?)?

    init(sections: [[TextItem]]) { self.sections = sections }

    /// `count` items with ids 0..<count and texts of 1...(maxLength) characters.
    convenience init(count: Int, maxLength: Int = 30) {
        self.init(sections: [(0..<count).map { TextItem(id: $0, text: String(repeating: "x", count: 1 + ($0 * 7) % maxLength)) }])
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        cellRequests += 1
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath) as! TextCell
        cell.text = sections[indexPath.section][indexPath.item].text
        return cell
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: headerIdentifier, for: indexPath)
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        AnyHashable(sections[indexPath.section][indexPath.item].id)
    }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        sizesByDelegate?(indexPath) ?? collectionView.defaultItemSize
    }

    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        displayed.append(indexPath)
    }

    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        ended.append(indexPath)
    }
}

/// A collection view of `dataSource` in a 375 × 800 viewport with the test layout.
func makeCollection(
    _ dataSource: TextDataSource, layout: StackTestLayout = StackTestLayout(),
    estimated: EstimatedItemSize = .fixed(Size(width: 100, height: 100)), size: Size = Size(width: 375, height: 800)
) -> CollectionView {
    let collection = CollectionView(frame: Rect(origin: .zero, size: size), layout: layout)
    collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
    collection.register(HeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
    collection.estimatedItemSize = estimated
    collection.dataSource = dataSource
    collection.delegate = dataSource
    return collection
}

extension CollectionView {
    /// The displayed cells as (index path, frame), in order.
    var displayedFrames: [(IndexPath, Rect)] {
        indexPathsForVisibleItems.map { ($0, cellForItem(at: $0)!.frame) }
    }
}

/// The test layout behind the plain `CollectionLayout` protocol only (no visiting), to
/// check the collection view with layouts that just return arrays.
final class ArrayOnlyLayout: CollectionLayout {
    let base = StackTestLayout()

    func prepare(from source: some LayoutSource) { base.prepare(from: source) }
    func invalidate(_ context: InvalidationContext, source: some LayoutSource) { base.invalidate(context, source: source) }
    var contentSize: Size { base.contentSize }
    func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] { base.elements(in: rect, visibleBounds: visibleBounds) }
    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { base.attributesForItem(at: indexPath) }
    func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        base.attributesForSupplementaryElement(ofKind: kind, at: indexPath)
    }
    func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal { base.fittingProposal(forItemAt: indexPath) }
}
