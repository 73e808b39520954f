import Testing
@testable import Trellis

// Boundary supplementary items beyond headers and footers: leading and trailing items,
// `extendsBoundary`, `supplementaryContentInsetsReference`. Expected frames are worked out
// by hand from UIKit's documentation of NSCollectionLayoutBoundarySupplementaryItem and
// NSCollectionLayoutSection.

private func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
    CompositionalSize(widthDimension: width, heightDimension: height)
}

private let cards = CompositionalGroup.horizontal(
    layoutSize: size(.absolute(100), .absolute(50)), subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))])

private func prepared(_ section: CompositionalSection, items: Int = 3, width: Double = 390) -> CompositionalLayout {
    let layout = CompositionalLayout(section: section)
    layout.prepare(from: StaticLayoutSource(
        containerSize: Size(width: width, height: 800), sections: [.init(items: .fixed(count: items, size: ItemSize(width: 1, height: 1)))]))
    return layout
}

private func frame(_ layout: CompositionalLayout, _ kind: ElementKind) -> Rect? {
    layout.attributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: 0))?.frame
}

private let leadingKind = ElementKind.supplementary("leading"), trailingKind = ElementKind.supplementary("trailing")

@Suite struct CompositionalBoundaryItemTests {
    /// An orthogonal section with a 30-pt leading item and a 20-pt trailing one: the groups
    /// start after the leading item, the trailing one follows the last group, and all of
    /// them scroll together.
    @Test func leadingAndTrailingItemsExtendAnOrthogonalSection() {
        var section = CompositionalSection(group: cards)
        section.orthogonalScrollingBehavior = .continuous
        section.boundarySupplementaryItems = [
            CompositionalBoundaryItem(layoutSize: size(.absolute(30), .absolute(50)), elementKind: leadingKind, alignment: .leading),
            CompositionalBoundaryItem(layoutSize: size(.absolute(20), .absolute(50)), elementKind: trailingKind, alignment: .trailing),
        ]
        let layout = prepared(section, items: 10)
        #expect(frame(layout, leadingKind) == Rect(x: 0, y: 0, width: 30, height: 50))
        #expect((0..<3).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame.minX } == [30, 130, 230])
        #expect(frame(layout, trailingKind) == Rect(x: 1030, y: 0, width: 20, height: 50))
        #expect(layout.orthogonalContentWidth(forSection: 0) == 1050)
        #expect(layout.contentSize.height == 50)
        // The first group rests at the leading edge one leading item's width in.
        #expect(layout.targetOrthogonalScrollOffset(forProposedOffset: 120, currentOffset: 0, inSection: 0) == 120)
        section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
        let resting = prepared(section, items: 10)
        #expect(resting.targetOrthogonalScrollOffset(forProposedOffset: 120, currentOffset: 0, inSection: 0) == 130)
        // Scrolled: everything moves by the offset.
        layout.setOrthogonalScrollOffset(100, forSection: 0)
        let elements = layout.elements(in: Rect(x: -500, y: 0, width: 2000, height: 800), visibleBounds: Rect(x: 0, y: 0, width: 390, height: 800))
        #expect(elements.first { $0.kind == leadingKind }?.frame == Rect(x: -100, y: 0, width: 30, height: 50))
        #expect(elements.first { $0.kind == trailingKind }?.frame == Rect(x: 930, y: 0, width: 20, height: 50))
    }

    /// Pinned, a leading item stays at the container's leading edge while the groups pass
    /// beneath it, until the section's end pushes it out.
    @Test func aPinnedLeadingItemSticksToTheLeadingEdge() {
        var section = CompositionalSection(group: cards)
        section.orthogonalScrollingBehavior = .continuous
        section.boundarySupplementaryItems = [
            CompositionalBoundaryItem(layoutSize: size(.absolute(30), .absolute(50)), elementKind: leadingKind, alignment: .leading, pinToVisibleBounds: true)
        ]
        let layout = prepared(section, items: 10)
        let visible = Rect(x: 0, y: 0, width: 390, height: 800)
        layout.setOrthogonalScrollOffset(200, forSection: 0)
        let pinned = layout.elements(in: visible, visibleBounds: visible).first { $0.kind == leadingKind }
        #expect(pinned?.frame == Rect(x: 0, y: 0, width: 30, height: 50))
        #expect(pinned?.isPinned == true)
        // Content 30 + 1,000 wide: at offset 1,010 the section ends at x 20, pushing the item to −10.
        layout.setOrthogonalScrollOffset(1010, forSection: 0)
        let pushed = layout.elements(in: Rect(x: -100, y: 0, width: 490, height: 800), visibleBounds: visible).first { $0.kind == leadingKind }
        #expect(pushed?.frame == Rect(x: -10, y: 0, width: 30, height: 50))
    }

    /// `extendsBoundary = false`: the items lie over the content at the section's edges and
    /// the section is laid out as without them.
    @Test func itemsThatDoNotExtendTheBoundaryOverlapTheContent() {
        var header = CompositionalBoundaryItem.header(height: .absolute(40))
        header.extendsBoundary = false
        var footer = CompositionalBoundaryItem.footer(height: .absolute(30))
        footer.extendsBoundary = false
        var section = CompositionalSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))]))
        section.contentInsets = EdgeInsets(top: 5, leading: 0, bottom: 7, trailing: 0)
        section.boundarySupplementaryItems = [header, footer]
        let layout = prepared(section)
        // Items: 5 + 3 × 50 + 7 = 162 tall, the first at 5 as without a header.
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 0))!.frame.minY == 5)
        #expect(layout.contentSize.height == 162)
        #expect(frame(layout, .header) == Rect(x: 0, y: 0, width: 390, height: 40))
        #expect(frame(layout, .footer) == Rect(x: 0, y: 132, width: 390, height: 30))

        // In an orthogonal section: the groups start at the section's leading edge.
        var row = CompositionalSection(group: cards)
        row.orthogonalScrollingBehavior = .continuous
        var leading = CompositionalBoundaryItem(layoutSize: size(.absolute(30), .absolute(50)), elementKind: leadingKind, alignment: .leading)
        leading.extendsBoundary = false
        var trailing = CompositionalBoundaryItem(layoutSize: size(.absolute(20), .absolute(50)), elementKind: trailingKind, alignment: .trailing)
        trailing.extendsBoundary = false
        row.boundarySupplementaryItems = [leading, trailing]
        let rowLayout = prepared(row)
        #expect(rowLayout.attributesForItem(at: IndexPath(item: 0, section: 0))!.frame.minX == 0)
        #expect(frame(rowLayout, leadingKind) == Rect(x: 0, y: 0, width: 30, height: 50))
        #expect(frame(rowLayout, trailingKind) == Rect(x: 280, y: 0, width: 20, height: 50))
        #expect(rowLayout.orthogonalContentWidth(forSection: 0) == 300)
    }

    /// The items area of an orthogonal section is as tall as its tallest sideways item.
    @Test func aTallLeadingItemMakesRoom() {
        var section = CompositionalSection(group: cards)
        section.orthogonalScrollingBehavior = .continuous
        section.boundarySupplementaryItems = [
            CompositionalBoundaryItem(layoutSize: size(.absolute(30), .absolute(80)), elementKind: leadingKind, alignment: .leading),
            .footer(height: .absolute(10)),
        ]
        let layout = prepared(section)
        #expect(layout.contentSize.height == 90)
        #expect(frame(layout, .footer) == Rect(x: 0, y: 80, width: 390, height: 10))
    }

    /// In a vertical section a leading item lies over the items area's leading edge.
    @Test func sidewaysItemsInAVerticalSectionTakeNoRoom() {
        var section = CompositionalSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))]))
        section.contentInsets = EdgeInsets(top: 4, leading: 10, bottom: 0, trailing: 12)
        section.boundarySupplementaryItems = [
            CompositionalBoundaryItem(layoutSize: size(.absolute(30), .absolute(20)), elementKind: leadingKind, alignment: .leading),
            CompositionalBoundaryItem(layoutSize: size(.absolute(25), .absolute(20)), elementKind: trailingKind, alignment: .trailing),
        ]
        let layout = prepared(section)
        #expect(frame(layout, leadingKind) == Rect(x: 10, y: 4, width: 30, height: 20))
        #expect(frame(layout, trailingKind) == Rect(x: 390 - 12 - 25, y: 4, width: 25, height: 20))
        #expect(layout.contentSize.height == 154)
    }

    /// `supplementaryContentInsetsReference`: what a header's leading and trailing insets are.
    @Test(arguments: [
        (ContentInsetsReference.automatic, true, 10.0, 370.0),
        (.automatic, false, 0, 390),
        (.none, true, 0, 390),
        (.layoutMargins, true, 16, 358),  // UIKit's compact margins
        (.safeArea, true, 20, 350),
    ])
    func supplementaryContentInsetsReference(reference: ContentInsetsReference, follows: Bool, x: Double, width: Double) {
        var section = CompositionalSection(group: cards, boundarySupplementaryItems: [.header(height: .absolute(40))])
        section.contentInsets = EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        section.contentInsetsReference = .none
        section.supplementariesFollowContentInsets = follows
        section.supplementaryContentInsetsReference = reference
        let layout = CompositionalLayout(section: section, configuration: CompositionalConfiguration(safeAreaInsets: EdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)))
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 390, height: 800), sections: [.init(items: .fixed(count: 1, size: ItemSize(width: 1, height: 1)))]))
        #expect(frame(layout, .header) == Rect(x: x, y: 0, width: width, height: 40))
        // The items keep the section's own insets.
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 0))!.frame.minX == 10)
    }

    /// The configuration's boundary items: a header above the first section and a footer
    /// below the last (UIKit's `UICollectionViewCompositionalLayoutConfiguration.boundarySupplementaryItems`).
    @Test func theLayoutsOwnHeaderAndFooter() {
        let layoutHeader = ElementKind.supplementary("layout-header"), layoutFooter = ElementKind.supplementary("layout-footer")
        var configuration = CompositionalConfiguration(interSectionSpacing: 10)
        configuration.boundarySupplementaryItems = [
            CompositionalBoundaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: layoutHeader, alignment: .top, pinToVisibleBounds: true),
            CompositionalBoundaryItem(layoutSize: size(.fractionalWidth(0.5), .estimated(20)), elementKind: layoutFooter, alignment: .bottom),
        ]
        let rows = CompositionalSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))]))
        let layout = CompositionalLayout(section: rows, configuration: configuration)
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 390, height: 800), sections: [
            .init(items: .fixed(count: 2, size: ItemSize(width: 1, height: 1))), .init(items: .fixed(count: 2, size: ItemSize(width: 1, height: 1))),
        ]))
        let origin = IndexPath(item: 0, section: 0)
        #expect(layout.attributesForSupplementaryElement(ofKind: layoutHeader, at: origin)?.frame == Rect(x: 0, y: 0, width: 390, height: 30))
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 30)
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 140)
        #expect(layout.attributesForSupplementaryElement(ofKind: layoutFooter, at: origin)?.frame == Rect(x: 0, y: 240, width: 195, height: 20))
        #expect(layout.contentSize.height == 260)
        // Pinned, the header stays at the top of the visible bounds while the sections do.
        let visible = Rect(x: 0, y: 100, width: 390, height: 100)
        let header = layout.elements(in: visible, visibleBounds: visible).first { $0.kind == layoutHeader }
        #expect(header?.frame == Rect(x: 0, y: 100, width: 390, height: 30) && header?.isPinned == true)
        // A sideways item in a vertical layout is refused, naming it.
        configuration.boundarySupplementaryItems[1].alignment = .trailing
        #expect(throws: LayoutOptionsError(option: "boundarySupplementaryItems[1].alignment", expected: "top or bottom", value: "trailing")) {
            try configuration.validate()
        }
        // Scrolling horizontally, a leading item comes before the first section.
        configuration.scrollDirection = .horizontal
        configuration.boundarySupplementaryItems = [CompositionalBoundaryItem(layoutSize: size(.absolute(40), .fractionalHeight(1)), elementKind: layoutHeader, alignment: .leading)]
        let sideways = CompositionalLayout(section: CompositionalSection(group: cards), configuration: configuration)
        sideways.prepare(from: StaticLayoutSource(containerSize: Size(width: 390, height: 300), sections: [.init(items: .fixed(count: 2, size: ItemSize(width: 1, height: 1)))]))
        #expect(sideways.attributesForSupplementaryElement(ofKind: layoutHeader, at: origin)?.frame == Rect(x: 0, y: 0, width: 40, height: 300))
        #expect(sideways.attributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 140, y: 0, width: 100, height: 50))
        #expect(sideways.contentSize.width == 240)
    }
}
