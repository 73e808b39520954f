import Testing
@testable import Trellis

// `CompositionalConfiguration.scrollDirection = .horizontal` (UIKit's
// `UICollectionViewCompositionalLayoutConfiguration.scrollDirection`): sections and a
// section's groups follow each other along x, dimensions resolve against the container as
// written. Expected frames are worked out by hand.

private func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
    CompositionalSize(widthDimension: width, heightDimension: height)
}

private func horizontal(interSectionSpacing: Double = 0) -> CompositionalConfiguration {
    var configuration = CompositionalConfiguration(interSectionSpacing: interSectionSpacing)
    configuration.scrollDirection = .horizontal
    return configuration
}

/// Columns of three rows 100 wide, 10 apart, in sections inset (10, 20, 20, 30).
private func columns(boundary: [CompositionalBoundaryItem] = []) -> CompositionalSection {
    let item = CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1.0 / 3)))
    let group = CompositionalGroup.vertical(layoutSize: size(.absolute(100), .fractionalHeight(1)), subitem: item, count: 3)
    var section = CompositionalSection(group: group)
    section.interGroupSpacing = 10
    section.contentInsets = EdgeInsets(top: 10, leading: 20, bottom: 20, trailing: 30)
    section.boundarySupplementaryItems = boundary
    return section
}

private func source(_ counts: [Int], direction: LayoutDirection = .leftToRight, sizes: [Size]? = nil) -> StaticLayoutSource {
    StaticLayoutSource(
        containerSize: Size(width: 400, height: 300), layoutDirection: direction,
        sections: counts.map { count in sizes.map { .init(sizes: $0) } ?? .init(items: .fixed(count: count, size: ItemSize(width: 1, height: 1))) })
}

private func frame(_ layout: CompositionalLayout, _ item: Int, _ section: Int = 0) -> Rect {
    layout.attributesForItem(at: IndexPath(item: item, section: section))!.frame
}

@Suite struct CompositionalHorizontalTests {
    @Test func sectionsAndGroupsFollowEachOtherAlongX() {
        let layout = CompositionalLayout(section: columns(), configuration: horizontal(interSectionSpacing: 40))
        layout.prepare(from: source([7, 7]))
        // Rows are a third of 300 − 10 − 20 = 270; columns start 20 in, 110 apart.
        #expect(frame(layout, 0) == Rect(x: 20, y: 10, width: 100, height: 90))
        #expect(frame(layout, 2) == Rect(x: 20, y: 190, width: 100, height: 90))
        #expect(frame(layout, 4) == Rect(x: 130, y: 100, width: 100, height: 90))
        #expect(frame(layout, 6) == Rect(x: 240, y: 10, width: 100, height: 90))
        // A section is 20 + 3 × 100 + 2 × 10 + 30 = 370 wide; the next starts 40 after it.
        #expect(frame(layout, 4, 1) == Rect(x: 410 + 130, y: 100, width: 100, height: 90))
        #expect(layout.contentSize == Size(width: 780, height: 300))
        // Queried by rect: the first two columns.
        let found = layout.elements(in: Rect(x: 0, y: 0, width: 200, height: 300), visibleBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(found.map(\.indexPath) == (0..<6).map { IndexPath(item: $0, section: 0) })
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 0)) == FittingProposal(width: .exactly(100), height: .exactly(90)))
    }

    /// A leading boundary item extends its section along x; right to left everything mirrors
    /// across the content's width.
    @Test func aLeadingItemExtendsTheSectionAndRightToLeftMirrors() {
        let title = CompositionalBoundaryItem(layoutSize: size(.absolute(50), .fractionalHeight(1)), elementKind: .header, alignment: .leading)
        let layout = CompositionalLayout(section: columns(boundary: [title]), configuration: horizontal())
        layout.prepare(from: source([3, 3]))
        // The title spans the section's height inside its top and bottom insets.
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 10, width: 50, height: 270))
        #expect(frame(layout, 0) == Rect(x: 70, y: 10, width: 100, height: 90))
        // 50 + 20 + 100 + 30 = 200 a section.
        #expect(frame(layout, 0, 1) == Rect(x: 270, y: 10, width: 100, height: 90))
        #expect(layout.contentSize.width == 400)

        let mirrored = CompositionalLayout(section: columns(boundary: [title]), configuration: horizontal())
        mirrored.prepare(from: source([3, 3], direction: .rightToLeft))
        #expect(frame(mirrored, 0) == Rect(x: 400 - 170, y: 10, width: 100, height: 90))
        #expect(mirrored.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 350, y: 10, width: 50, height: 270))
        let found = mirrored.elements(in: Rect(x: 300, y: 0, width: 100, height: 300), visibleBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        // The title (350…400) and the first column (230…330) reach into it.
        #expect(found.map(\.kind) == [.header, .cell, .cell, .cell])
    }

    /// Self-sizing along x: a column is as wide as its widest measured cell.
    @Test func estimatedWidthsAreMeasured() {
        let item = CompositionalItem(layoutSize: size(.estimated(60), .absolute(50)))
        let group = CompositionalGroup.vertical(layoutSize: size(.estimated(60), .fractionalHeight(1)), subitems: [item])
        let layout = CompositionalLayout(section: CompositionalSection(group: group), configuration: horizontal())
        let widths: [Double] = [80, 120, 60, 70, 90, 40, 30]
        layout.prepare(from: source([7], sizes: widths.map { Size(width: $0, height: 999) }))
        // Six cells of 50 fill a 300-pt column: columns of 6 and 1, the first 120 wide.
        #expect((0..<7).map { frame(layout, $0) } == [
            Rect(x: 0, y: 0, width: 80, height: 50), Rect(x: 0, y: 50, width: 120, height: 50), Rect(x: 0, y: 100, width: 60, height: 50),
            Rect(x: 0, y: 150, width: 70, height: 50), Rect(x: 0, y: 200, width: 90, height: 50), Rect(x: 0, y: 250, width: 40, height: 50),
            Rect(x: 120, y: 0, width: 30, height: 50),
        ])
        #expect(layout.contentSize == Size(width: 150, height: 300))
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 0)) == FittingProposal(width: .unconstrained, height: .exactly(50)))
        // A new measured width moves the next column.
        layout.invalidate(.sizes([(IndexPath(item: 1, section: 0), ItemSize(width: 150, height: 50))]), source: source([7], sizes: widths.map { Size(width: $0, height: 999) }))
        #expect(frame(layout, 6).minX == 150)
    }

    /// An orthogonal section of a horizontal layout scrolls vertically.
    @Test func orthogonalSectionsScrollVertically() {
        let item = CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        var section = CompositionalSection(group: .horizontal(layoutSize: size(.absolute(100), .absolute(80)), subitems: [item]))
        section.orthogonalScrollingBehavior = .continuous
        let layout = CompositionalLayout(section: section, configuration: horizontal())
        layout.prepare(from: source([6]))
        #expect((0..<6).map { frame(layout, $0).minY } == [0, 80, 160, 240, 320, 400])
        #expect(layout.contentSize == Size(width: 100, height: 300))
        layout.setOrthogonalScrollOffset(100, forSection: 0)
        #expect(frame(layout, 2) == Rect(x: 0, y: 60, width: 100, height: 80))
        #expect(layout.maximumOrthogonalScrollOffset(forSection: 0) == 180)
    }
}
