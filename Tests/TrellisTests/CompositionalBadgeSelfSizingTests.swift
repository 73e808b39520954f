import Testing
@testable import Trellis

// Estimated badges (`NSCollectionLayoutSupplementaryItem` with an `.estimated` dimension)
// take the size their view was measured at, per cell, and are anchored with that size.
// The oracle is UIKit's documented anchor arithmetic (`NSCollectionLayoutAnchor`): the
// container anchor's point on the cell — an edge's middle, two adjacent edges' corner —
// moved by its offset, in points or in units of the badge's own size, coincides with the
// item anchor's point on the badge (without an item anchor: the container anchor's edges,
// no offset, so the badge lies inside those edges).

private let badgeKind = ElementKind.supplementary("badge")

/// A row of four 100 × 100 cells in a 400-wide container (`fractionalWidth(0.25)` in a
/// full-width group 100 tall), each with `badge`.
private func badgeRow(badge: CompositionalSupplementaryItem, rows: Int = 1) -> (CompositionalLayout, Int) {
    let item = CompositionalItem(
        layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)), supplementaryItems: [badge])
    let group = CompositionalGroup.horizontal(
        layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
    return (CompositionalLayout(section: CompositionalSection(group: group)), rows * 4)
}

private func source(items: Int, badges: [Int: Size] = [:]) -> StaticLayoutSource {
    var section = StaticLayoutSource.Section(sizes: Array(repeating: Size(width: 100, height: 100), count: items))
    if !badges.isEmpty { section.supplementaryItemSizes = [badgeKind: badges] }
    return StaticLayoutSource(containerSize: Size(width: 400, height: 800), sections: [section])
}

/// Where UIKit puts a badge of `size` whose container anchor is `container` (offset already
/// in points) and whose item anchor is `item` (likewise) on `cell`.
private func oracle(cell: Rect, size: Size, container: (edges: DirectionalRectEdge, offset: Point), item: (edges: DirectionalRectEdge, offset: Point)) -> Rect {
    func point(_ edges: DirectionalRectEdge, in rect: Rect) -> Point {
        let x = edges.contains(.leading) && !edges.contains(.trailing) ? rect.minX : edges.contains(.trailing) && !edges.contains(.leading) ? rect.maxX : rect.midX
        let y = edges.contains(.top) && !edges.contains(.bottom) ? rect.minY : edges.contains(.bottom) && !edges.contains(.top) ? rect.maxY : rect.midY
        return Point(x: x, y: y)
    }
    let target = point(container.edges, in: cell)
    let own = point(item.edges, in: Rect(origin: .zero, size: size))
    return Rect(
        x: target.x + container.offset.x - own.x - item.offset.x, y: target.y + container.offset.y - own.y - item.offset.y,
        width: size.width, height: size.height)
}

@Suite struct CompositionalBadgeSelfSizingTests {
    /// Apple's badge (top-trailing, fractional offset 0.3, −0.3) with an estimated width:
    /// each cell's badge is as wide as it measured, its fixed height stays, and the offset
    /// is a fraction of the measured size.
    @Test func anEstimatedBadgeTakesItsMeasuredWidthPerCell() throws {
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .estimated(20), heightDimension: .absolute(20)), elementKind: badgeKind,
            containerAnchor: CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
        let (layout, count) = badgeRow(badge: badge)
        // "3" measured 14 wide, "1,024" 44; the fixed height is not the view's to change.
        let measured = [0: Size(width: 14, height: 99), 1: Size(width: 44, height: 99)]
        layout.prepare(from: source(items: count, badges: measured))
        for item in 0..<count {
            let indexPath = IndexPath(item: item, section: 0)
            let cell = try #require(layout.attributesForItem(at: indexPath)).frame
            #expect(cell == Rect(x: 100 * Double(item), y: 0, width: 100, height: 100))
            let size = Size(width: measured[item]?.width ?? 20, height: 20)
            let expected = oracle(
                cell: cell, size: size, container: ([.top, .trailing], Point(x: 0.3 * size.width, y: -0.3 * size.height)),
                item: ([.top, .trailing], .zero))
            #expect(layout.attributesForSupplementaryElement(ofKind: badgeKind, at: indexPath)?.frame == expected, "badge \(item)")
        }
        // By hand for the first two: x = 100 + 0.3·14 − 14 = 90.2 and 200 + 0.3·44 − 44 = 169.2.
        #expect(layout.attributesForSupplementaryElement(ofKind: badgeKind, at: IndexPath(item: 0, section: 0))?.frame.minX == 90.2)
        #expect(layout.attributesForSupplementaryElement(ofKind: badgeKind, at: IndexPath(item: 1, section: 0))?.frame.minX == 169.2)
        // `elements(in:)` reports the same frames, each right after its cell.
        let listed = layout.elements(in: Rect(x: -50, y: -50, width: 500, height: 200)).filter { $0.kind == badgeKind }
        #expect(listed.map(\.frame) == (0..<count).map { layout.attributesForSupplementaryElement(ofKind: badgeKind, at: IndexPath(item: $0, section: 0))!.frame })
    }

    /// Both dimensions estimated, an absolute offset on the container anchor and an item
    /// anchor of its own: the item anchor's point is found on the measured badge.
    @Test func anItemAnchorIsResolvedOnTheMeasuredSize() throws {
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .estimated(20), heightDimension: .estimated(20)), elementKind: badgeKind,
            containerAnchor: CompositionalAnchor(edges: [.bottom], absoluteOffset: Point(x: 0, y: 4)),
            itemAnchor: CompositionalAnchor(edges: [.top, .leading], fractionalOffset: Point(x: 0.5, y: 0.25)))
        let (layout, count) = badgeRow(badge: badge)
        layout.prepare(from: source(items: count, badges: [2: Size(width: 30, height: 16)]))
        let cell = try #require(layout.attributesForItem(at: IndexPath(item: 2, section: 0))).frame
        let size = Size(width: 30, height: 16)
        let expected = oracle(
            cell: cell, size: size, container: ([.bottom], Point(x: 0, y: 4)), item: ([.top, .leading], Point(x: 0.5 * 30, y: 0.25 * 16)))
        // The bottom edge's middle (250, 100) moved down 4 meets the badge's point 15, 4 from
        // its top-leading corner.
        #expect(expected == Rect(x: 235, y: 100, width: 30, height: 16))
        #expect(layout.attributesForSupplementaryElement(ofKind: badgeKind, at: IndexPath(item: 2, section: 0))?.frame == expected)
        // An unmeasured neighbour keeps the estimate.
        let neighbour = try #require(layout.attributesForItem(at: IndexPath(item: 3, section: 0))).frame
        #expect(layout.attributesForSupplementaryElement(ofKind: badgeKind, at: IndexPath(item: 3, section: 0))?.frame
                == oracle(cell: neighbour, size: Size(width: 20, height: 20), container: ([.bottom], Point(x: 0, y: 4)),
                          item: ([.top, .leading], Point(x: 10, y: 5))))
    }

    /// What a collection view measures a badge against: the estimated extent free, the fixed
    /// one exact; nothing for a badge of fixed size or for a kind the cell does not have.
    @Test func theFittingProposalLeavesTheEstimatedExtentFree() {
        let estimated = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .estimated(20), heightDimension: .absolute(20)), elementKind: badgeKind,
            containerAnchor: CompositionalAnchor(edges: [.top, .trailing]))
        let (layout, count) = badgeRow(badge: estimated)
        layout.prepare(from: source(items: count))
        #expect(layout.hasEstimatedElements)
        #expect(layout.fittingProposal(forSupplementaryElementOfKind: badgeKind, at: IndexPath(item: 1, section: 0))
                == FittingProposal(width: .unconstrained, height: .exactly(20)))
        #expect(layout.fittingProposal(forSupplementaryElementOfKind: .supplementary("other"), at: IndexPath(item: 1, section: 0)) == nil)
        #expect(layout.fittingProposal(forSupplementaryElementOfKind: badgeKind, at: IndexPath(item: count, section: 0)) == nil)

        var fixed = estimated
        fixed.layoutSize = CompositionalSize(widthDimension: .absolute(20), heightDimension: .absolute(20))
        let (fixedLayout, _) = badgeRow(badge: fixed)
        fixedLayout.prepare(from: source(items: count))
        #expect(!fixedLayout.hasEstimatedElements)
        #expect(fixedLayout.fittingProposal(forSupplementaryElementOfKind: badgeKind, at: IndexPath(item: 1, section: 0)) == nil)
    }

    /// The stability rule: a badge measuring moves nothing else — every cell, the content
    /// size and the other badges are where they were — and the incremental update equals a
    /// fresh prepare with the measured size.
    @Test func measuringABadgeMovesNothingElse() throws {
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .estimated(20), heightDimension: .estimated(20)), elementKind: badgeKind,
            containerAnchor: CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
        let (layout, count) = badgeRow(badge: badge, rows: 3)
        layout.prepare(from: source(items: count))
        let everywhere = Rect(x: -100, y: -100, width: 600, height: 600)
        let before = layout.elements(in: everywhere)
        let contentSize = layout.contentSize
        let measured = Size(width: 58, height: 24)
        layout.invalidate(InvalidationContext(supplementaryItemSizes: [(badgeKind, IndexPath(item: 5, section: 0), measured)]), source: source(items: count))
        let after = layout.elements(in: everywhere)
        #expect(layout.contentSize == contentSize)
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            #expect(old.indexPath == new.indexPath && old.kind == new.kind)
            if new.kind == badgeKind && new.indexPath.item == 5 {
                #expect(new.frame.size == measured)
                #expect(new.frame != old.frame)
            } else {
                #expect(new.frame == old.frame, "\(new.kind) \(new.indexPath) moved")
            }
        }
        let fresh = badgeRow(badge: badge, rows: 3).0
        fresh.prepare(from: source(items: count, badges: [5: measured]))
        #expect(fresh.elements(in: everywhere).map(\.frame) == after.map(\.frame))
        // Back to the estimate when the measured size is withdrawn.
        layout.invalidate(InvalidationContext(supplementaryItemSizes: [(badgeKind, IndexPath(item: 5, section: 0), nil)]), source: source(items: count))
        #expect(layout.elements(in: everywhere).map(\.frame) == before.map(\.frame))
    }

    /// A badge measured far larger than its estimate reaches rects its estimate would not:
    /// the queries widen their search by the measured reach.
    @Test func aMeasuredBadgeIsFoundWhereItReaches() {
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(20), heightDimension: .estimated(20)), elementKind: badgeKind,
            containerAnchor: CompositionalAnchor(edges: [.bottom]), itemAnchor: CompositionalAnchor(edges: [.top]))
        let (layout, count) = badgeRow(badge: badge)
        layout.prepare(from: source(items: count, badges: [0: Size(width: 20, height: 300)]))
        // Hanging from the first cell's bottom: y 100 to 400, far below the one row.
        let probe = Rect(x: 0, y: 350, width: 400, height: 10)
        #expect(layout.elements(in: probe).map(\.indexPath) == [IndexPath(item: 0, section: 0)])
        // Measured after the prepare, through an invalidation, likewise.
        layout.prepare(from: source(items: count))
        #expect(layout.elements(in: probe).isEmpty)
        layout.invalidate(InvalidationContext(supplementaryItemSizes: [(badgeKind, IndexPath(item: 1, section: 0), Size(width: 20, height: 300))]), source: source(items: count))
        #expect(layout.elements(in: probe).map(\.indexPath) == [IndexPath(item: 1, section: 0)])
    }

    /// A measured size that is not finite or negative becomes 0, with a diagnostic naming the
    /// badge.
    @Test func aBadMeasuredSizeIsSanitized() {
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .estimated(20), heightDimension: .absolute(20)), elementKind: badgeKind,
            containerAnchor: CompositionalAnchor(edges: [.top, .leading]))
        let (layout, count) = badgeRow(badge: badge)
        layout.prepare(from: source(items: count, badges: [1: Size(width: -.infinity, height: 20)]))
        #expect(layout.attributesForSupplementaryElement(ofKind: badgeKind, at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 100, y: 0, width: 0, height: 20))
        #expect(layout.diagnostics.map(\.path) == ["sections[0].items[1].badge.width"])
    }
}
