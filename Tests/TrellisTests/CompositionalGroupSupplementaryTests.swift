import Testing
@testable import Trellis

// Supplementary items on a group (`NSCollectionLayoutGroup.supplementaryItems`, "anchored
// to the group's geometry") and boundary items in a corner (`NSRectAlignment`'s
// `.topLeading`, `.topTrailing`, `.bottomLeading`, `.bottomTrailing`, with an
// `absoluteOffset`). Expected frames are worked out here by hand from UIKit's documented
// anchoring: the anchor's edges pick the point of the container (here the group's frame)
// and the same point of the supplementary item (or the item anchor's point), an absolute
// offset moves it by points, a fractional one by the item's own size; fractional
// dimensions of the supplementary item are fractions of what it is attached to.

private let width = 390.0

private func layout(_ section: CompositionalSection, count: Int, configuration: CompositionalConfiguration = CompositionalConfiguration(),
                    direction: LayoutDirection = .leftToRight) -> CompositionalLayout {
    let layout = CompositionalLayout(section: section, configuration: configuration)
    layout.prepare(from: StaticLayoutSource(
        containerSize: Size(width: width, height: 800), layoutDirection: direction,
        sections: [.init(items: .fixed(count: count, size: ItemSize(width: 1, height: 1)))]))
    return layout
}

private let label = ElementKind.supplementary("group-label")
private let underline = ElementKind.supplementary("group-underline")

/// Four items a row in a full-width group 100 tall, groups 5 apart, the section inset by 10;
/// on each group a 60 × 20 label inside its top-trailing corner (moved 4 in and 4 down) and
/// an underline half the group's width hanging from the middle of its bottom edge.
private func rowsWithLabels() -> CompositionalSection {
    let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
    var group = CompositionalGroup.horizontal(
        layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
    group.supplementaryItems = [
        CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(60), heightDimension: .absolute(20)), elementKind: label,
            containerAnchor: CompositionalAnchor(edges: [.top, .trailing], absoluteOffset: Point(x: -4, y: 4))),
        CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(10)), elementKind: underline,
            containerAnchor: CompositionalAnchor(edges: .bottom), itemAnchor: CompositionalAnchor(edges: .top)),
    ]
    var section = CompositionalSection(group: group)
    section.interGroupSpacing = 5
    section.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
    return section
}

@Suite struct CompositionalGroupSupplementaryTests {
    @Test func aGroupsSupplementaryItemsFollowEveryRepetition() throws {
        // Ten items: groups of 4, 4 and 2 at y 10, 115, 220; each group 370 wide from x 10.
        let layout = layout(rowsWithLabels(), count: 10)
        for (repetition, firstItem) in [0, 4, 8].enumerated() {
            let top = 10 + 105 * Double(repetition)
            let at = IndexPath(item: firstItem, section: 0)
            // The label's top-trailing corner on the group's (380, top), then (−4, +4).
            #expect(layout.attributesForSupplementaryElement(ofKind: label, at: at)?.frame == Rect(x: 380 - 60 - 4, y: top + 4, width: 60, height: 20))
            // The underline: 185 wide (half of 370), its top-middle on the group's
            // bottom-middle (195, top + 100). The partial last group keeps its full frame.
            #expect(layout.attributesForSupplementaryElement(ofKind: underline, at: at)?.frame == Rect(x: 195 - 92.5, y: top + 100, width: 185, height: 10))
        }
        // Only at a repetition's first item.
        #expect(layout.attributesForSupplementaryElement(ofKind: label, at: IndexPath(item: 1, section: 0)) == nil)
        #expect(layout.attributesForSupplementaryElement(ofKind: label, at: IndexPath(item: 12, section: 0)) == nil)

        // Found by rect: a strip below the second group's cells (y 215..<220) holds only
        // its underline; the whole content holds one of each kind per group.
        let strip = layout.elements(in: Rect(x: 0, y: 215.5, width: width, height: 4), visibleBounds: Rect(x: 0, y: 0, width: width, height: 800))
        #expect(strip.map(\.kind) == [underline] && strip.first?.indexPath == IndexPath(item: 4, section: 0))
        let all = layout.elements(in: Rect(x: 0, y: 0, width: width, height: 800), visibleBounds: Rect(x: 0, y: 0, width: width, height: 800))
        #expect(all.filter { $0.kind == label }.map(\.indexPath.item) == [0, 4, 8])
        #expect(all.filter { $0.kind == underline }.count == 3)
        #expect(all.filter { $0.kind == .cell }.count == 10)
    }

    @Test func rightToLeftMirrorsThem() {
        let layout = layout(rowsWithLabels(), count: 4, direction: .rightToLeft)
        // The trailing corner is on the left: x 390 − (316 + 60) = 14.
        #expect(layout.attributesForSupplementaryElement(ofKind: label, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 14, y: 14, width: 60, height: 20))
    }

    @Test func inAnOrthogonalSectionTheyScrollWithTheirGroup() {
        var section = rowsWithLabels()
        section.group.layoutSize.widthDimension = .fractionalWidth(0.8)
        section.orthogonalScrollingBehavior = .continuous
        let layout = layout(section, count: 8)
        // Groups 296 wide (0.8 × 370) side by side, 5 apart; the second starts at 10 + 301.
        let second = IndexPath(item: 4, section: 0)
        #expect(layout.attributesForSupplementaryElement(ofKind: label, at: second)?.frame == Rect(x: 311 + 296 - 64, y: 14, width: 60, height: 20))
        layout.setOrthogonalScrollOffset(50, forSection: 0)
        #expect(layout.attributesForSupplementaryElement(ofKind: label, at: second)?.frame == Rect(x: 311 + 296 - 64 - 50, y: 14, width: 60, height: 20))
    }

    @Test func onlyTheSectionsGroupTakesThemAndKindsDoNotClash() {
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(10), heightDimension: .absolute(10)), elementKind: label,
            containerAnchor: CompositionalAnchor(edges: .top))
        var nested = CompositionalGroup.vertical(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(50)),
            subitems: [CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))])
        nested.supplementaryItems = [badge]
        let outer = CompositionalGroup.horizontal(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [.group(nested)])
        do {
            try CompositionalSection(group: outer).validate()
            Issue.record("a nested group's supplementary items must not validate")
        } catch {
            #expect(error.option == "group.subitems[0].supplementaryItems")
        }
        // A kind an item's badge uses: both would be at the first item's index path.
        let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), supplementaryItems: [badge])
        var group = CompositionalGroup.horizontal(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
        group.supplementaryItems = [badge]
        do {
            try CompositionalSection(group: group).validate()
            Issue.record("a group kind used by its item must not validate")
        } catch {
            #expect(error.option == "group.supplementaryItems[0].elementKind")
        }
        group.supplementaryItems[0].elementKind = underline
        group.supplementaryItems[0].layoutSize.heightDimension = .absolute(-2)
        do {
            try CompositionalSection(group: group).validate()
            Issue.record("a negative height must not validate")
        } catch {
            #expect(error.option == "group.supplementaryItems[0].layoutSize.heightDimension")
        }
    }
}

@Suite struct CompositionalCornerBoundaryItemTests {
    static let tag = ElementKind.supplementary("tag")
    static let note = ElementKind.supplementary("note")

    /// Rows 40 tall; a 100 × 30 tag in the top-leading corner, an 80 × 20 note in the
    /// bottom-trailing corner moved 5 back and 5 down; insets 10 all round.
    static func section() -> CompositionalSection {
        let row = CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40))
        var section = CompositionalSection(group: .horizontal(layoutSize: row, subitems: [CompositionalItem(layoutSize: row)]))
        section.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.boundarySupplementaryItems = [
            CompositionalBoundaryItem(
                layoutSize: CompositionalSize(widthDimension: .absolute(100), heightDimension: .absolute(30)), elementKind: tag, alignment: .topLeading),
            CompositionalBoundaryItem(
                layoutSize: CompositionalSize(widthDimension: .absolute(80), heightDimension: .absolute(20)), elementKind: note, alignment: .bottomTrailing,
                absoluteOffset: Point(x: -5, y: 5)),
        ]
        return section
    }

    @Test func cornersLieAlongTheirEdgeAgainstTheirSide() {
        let layout = layout(Self.section(), count: 3)
        // The tag takes 30 above the section (as a header), against the leading inset.
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.tag, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 10, y: 0, width: 100, height: 30))
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 10, y: 40, width: 370, height: 40))
        // Rows end at 40 + 120 = 160, the bottom inset at 170: the note's 20 follow,
        // against the trailing inset (x 380 − 80 = 300), then moved (−5, +5).
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.note, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 295, y: 175, width: 80, height: 20))
        // The offset moves the note only: the section still ends at 190.
        #expect(layout.contentSize.height == 190)
    }

    @Test func rightToLeftPutsTheLeadingCornerOnTheRight() {
        let layout = layout(Self.section(), count: 3, direction: .rightToLeft)
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.tag, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 280, y: 0, width: 100, height: 30))
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.note, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 390 - 375, y: 175, width: 80, height: 20))
    }

    @Test func theOtherCornersAndTheLayoutsOwn() {
        var section = Self.section()
        section.boundarySupplementaryItems[0].alignment = .topTrailing
        section.boundarySupplementaryItems[1].alignment = .bottomLeading
        var configuration = CompositionalConfiguration()
        configuration.boundarySupplementaryItems = [
            CompositionalBoundaryItem(
                layoutSize: CompositionalSize(widthDimension: .absolute(120), heightDimension: .absolute(40)), elementKind: .supplementary("banner"),
                alignment: .topTrailing, absoluteOffset: Point(x: 0, y: 2)),
        ]
        let layout = layout(section, count: 3, configuration: configuration)
        // The layout's banner: 40 above the first section, against the container's right
        // edge, moved 2 down; the section starts below it.
        #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary("banner"), at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 270, y: 2, width: 120, height: 40))
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.tag, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 280, y: 40, width: 100, height: 30))
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.note, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 5, y: 40 + 175, width: 80, height: 20))
    }

    @Test func aPinnedCornerHeaderSticks() {
        var section = Self.section()
        section.boundarySupplementaryItems[0].pinToVisibleBounds = true
        let layout = layout(section, count: 20)
        let visible = Rect(x: 0, y: 300, width: width, height: 400)
        let tag = layout.elements(in: visible, visibleBounds: visible).first { $0.kind == Self.tag }
        #expect(tag?.frame == Rect(x: 10, y: 300, width: 100, height: 30) && tag?.isPinned == true)
    }

    @Test func anOffsetMustBeFinite() {
        var section = Self.section()
        section.boundarySupplementaryItems[1].offset = Point(x: .infinity, y: 0)
        do {
            try section.validate()
            Issue.record("an infinite offset must not validate")
        } catch {
            #expect(error.option == "boundarySupplementaryItems[1].absoluteOffset.x")
        }
    }
}
