import Trellis
import TrellisKit

/// A vertical list for the benchmarks: one item per row, the row as tall as the item,
/// incremental size changes through an `OffsetTree`, visiting without allocating. Stands
/// in for the package's list layout so these figures measure the collection view.
final class RowLayout: VisitingCollectionLayout {
    private var heights = OffsetTree()
    private var widths: [Double] = []
    private var width = 0.0

    func prepare(from source: some LayoutSource) {
        width = source.containerSize.width
        let count = source.numberOfSections > 0 ? source.numberOfItems(inSection: 0) : 0
        widths.removeAll(keepingCapacity: true)
        widths.reserveCapacity(count)
        // `rebuild` writes the leaves in place: `OffsetTree.init(_:)` is generic and, called
        // from another module, allocates once per element.
        heights.rebuild(count: count) { leaves in
            for item in 0..<count {
                let size = source.sizeForItem(at: IndexPath(item: item, section: 0)).size
                widths.append(size.width)
                leaves[item] = size.height
            }
        }
    }

    func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.invalidatesEverything || context.invalidatesContainerSize || context.invalidatesMetrics {
            prepare(from: source)
            return
        }
        for (indexPath, size) in context.itemSizes {
            widths[indexPath.item] = size.size.width
            heights.setExtent(size.size.height, at: indexPath.item)
        }
    }

    var contentSize: Size { Size(width: width, height: heights.total) }

    private func row(_ item: Int) -> LayoutAttributes {
        LayoutAttributes(
            indexPath: IndexPath(item: item, section: 0),
            frame: Rect(x: 0, y: heights.offset(of: item), width: min(width, widths[item]), height: heights[item]))
    }

    func forEachElement<E: Error>(in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void) throws(E) {
        var item = heights.index(containing: max(0, rect.minY))
        while item < widths.count, heights.offset(of: item) < rect.maxY {
            try body(row(item))
            item += 1
        }
    }

    func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        forEachElement(in: rect, visibleBounds: visibleBounds) { result.append($0) }
        return result
    }

    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        indexPath.section == 0 && indexPath.item >= 0 && indexPath.item < widths.count ? row(indexPath.item) : nil
    }

    func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }

    func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        FittingProposal(width: .exactly(width), height: .unconstrained)
    }
}

/// A cell sized by arithmetic from its number (no text measuring: the targets exclude it):
/// 60…220 pt wide when free (a tag), 30…90 pt tall.
final class NumberCell: CollectionViewCell {
    var number = 0

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(size.width, Double(60 + (number % 5) * 40)), height: Double(30 + (number % 7) * 10))
    }
}

/// `count` numbered items in one section; identities are the numbers.
final class NumberSource: CollectionViewDataSource {
    let count: Int

    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number = indexPath.item
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        AnyHashable(indexPath.item)
    }
}

/// A 375 × 800 collection of `source` with self-sizing (estimate 375 × 44) or fixed
/// 375 × 44 items, in rows (`RowLayout`) or in a flow (`FlowLayout`).
func makeCollection(_ source: NumberSource, selfSizing: Bool, flow: Bool = false) -> CollectionView {
    let layout: any CollectionLayout = flow ? FlowLayout() : RowLayout()
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: layout)
    collection.register(NumberCell.self, forCellWithReuseIdentifier: "number")
    if selfSizing {
        collection.estimatedItemSize = .fixed(Size(width: 375, height: 44))
    } else {
        collection.itemSize = Size(width: 375, height: 44)
    }
    collection.dataSource = source
    return collection
}
