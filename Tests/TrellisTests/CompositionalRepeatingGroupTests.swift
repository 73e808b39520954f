import Testing
@testable import Trellis

/// Groups as UIKit's documentation describes them. Expected frames are worked out by hand
/// from Apple's words, not from the layout:
/// - `NSCollectionLayoutGroup.horizontal(layoutSize:subitems:)`: "will repeat items until
///   available horizontal space is exhausted"; flexible spacing takes what is left.
/// - `horizontal(layoutSize:repeatingSubitem:count:)` (iOS 16): each copy keeps the item's
///   size ("it's your responsibility to ensure that the group's layoutSize can fit count
///   repetitions of this item").
/// - `horizontal(layoutSize:subitem:count:)` (iOS 13): the copies are resized to fit the
///   group, spacing included.
/// - List cells draw their separators inside themselves: rows touch.
@Suite("CompositionalLayout groups that repeat")
struct CompositionalRepeatingGroupTests {
    private func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
        CompositionalSize(widthDimension: width, heightDimension: height)
    }

    private func layout(_ group: CompositionalGroup, width: Double, items: Int, spacing: Double = 0) -> CompositionalLayout {
        let layout = CompositionalLayout(section: CompositionalSection(group: group, interGroupSpacing: spacing))
        layout.prepare(from: StaticLayoutSource(
            containerSize: Size(width: width, height: 800), sections: [.init(sizes: Array(repeating: Size(width: 10, height: 10), count: items))]))
        return layout
    }

    /// A full-width row `height` tall of `itemWidth`-point items, `spacing` apart.
    private func row(of itemWidth: Double, height: Double, spacing: CompositionalSpacing?) -> CompositionalGroup {
        var group = CompositionalGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(height)), subitems: [CompositionalItem(layoutSize: size(.absolute(itemWidth), .absolute(height)))])
        group.interItemSpacing = spacing
        return group
    }

    private func frames(_ layout: CompositionalLayout, _ count: Int) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    }

    /// The example: width 400, a full-width group 100 tall, items a quarter wide:
    /// four on a row at x = 0, 100, 200, 300; the fifth starts the next row.
    @Test func aGroupRepeatsItsItemUntilTheRowIsFull() {
        let group = CompositionalGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))])
        let layout = layout(group, width: 400, items: 6)
        #expect(frames(layout, 6) == [
            Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100),
            Rect(x: 200, y: 0, width: 100, height: 100), Rect(x: 300, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 100, width: 100, height: 100), Rect(x: 100, y: 100, width: 100, height: 100),
        ])
        #expect(layout.contentSize == Size(width: 400, height: 200))
    }

    /// Apple's "Grid" screen: 94 items a fifth wide in square rows (the group's height is
    /// fractionalWidth(0.2)); on a 390-point phone five per row, 19 rows of 78.
    @Test func appleGridScreenShowsFivePerRow() {
        let item = CompositionalItem(layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(1)))
        let group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [item])
        let layout = layout(group, width: 390, items: 94)
        #expect(layout.contentSize.height == 19 * 78)
        #expect(layout.attributesForItem(at: IndexPath(item: 7, section: 0))!.frame == Rect(x: 156, y: 78, width: 78, height: 78))
        #expect(layout.attributesForItem(at: IndexPath(item: 93, section: 0))!.frame == Rect(x: 234, y: 1404, width: 78, height: 78))
    }

    /// Several subitems repeat in order, and stop before the first that would not fit:
    /// A (100) B (50) A B A fill 400; a sixth (B) would need 450.
    @Test func subitemsRepeatInOrderWhileTheNextFits() {
        let a = CompositionalItem(layoutSize: size(.absolute(100), .absolute(30)))
        let b = CompositionalItem(layoutSize: size(.absolute(50), .absolute(20)))
        let layout = layout(.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(30)), subitems: [a, b]), width: 400, items: 6)
        #expect(frames(layout, 6).map(\.minX) == [0, 100, 150, 250, 300, 0])
        #expect(frames(layout, 6).map(\.width) == [100, 50, 100, 50, 100, 100])
        #expect(frames(layout, 6).last!.minY == 30)
    }

    /// Minimum spacing counts when deciding what fits: items 90 wide, 10 apart, in 380:
    /// 90 + 3 × 100 = 390 > 380, so three a row.
    @Test func spacingCountsTowardsTheRoomUsed() {
        let layout = layout(row(of: 90, height: 40, spacing: .fixed(10)), width: 380, items: 4)
        #expect(frames(layout, 4).map(\.minX) == [0, 100, 200, 0])
        #expect(frames(layout, 4).map(\.minY) == [0, 0, 0, 40])
    }

    /// Flexible spacing shares what is left: 80-point items in 380 make four a row (320),
    /// 60 left for three gaps: x = 0, 100, 200, 300.
    @Test func leftoverRoomGoesToFlexibleSpacing() {
        let layout = layout(row(of: 80, height: 50, spacing: .flexible(0)), width: 380, items: 4)
        #expect(frames(layout, 4).map(\.minX) == [0, 100, 200, 300])
    }

    /// A partial last group is the template with cells missing: its two items stay at
    /// x = 0 and 100 (not re-spread over one gap to 0 and 300).
    @Test func aPartialLastGroupKeepsTheTemplatePositions() {
        let layout = layout(row(of: 80, height: 50, spacing: .flexible(0)), width: 380, items: 6, spacing: 10)
        #expect(frames(layout, 6).suffix(2) == [Rect(x: 0, y: 60, width: 80, height: 50), Rect(x: 100, y: 60, width: 80, height: 50)])
    }

    /// Flexible edge spacing in a partial group: centred items (flexible leading and
    /// trailing edges) in 400 with 100-point items: four a row, each slot 100, so the second
    /// row's single item stays at x = 0 rather than being centred in the row.
    @Test func aPartialGroupWithFlexibleEdgesKeepsTemplatePositions() {
        let edges = CompositionalEdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
        let group = CompositionalGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            subitems: [CompositionalItem(layoutSize: size(.absolute(90), .absolute(50)), edgeSpacing: edges)])
        // Four 90-point items in 400: 40 left over eight flexible edges, 5 each.
        let layout = layout(group, width: 400, items: 5)
        #expect(frames(layout, 5).map(\.minX) == [5, 105, 205, 305, 5])
    }

    /// iOS 16 `repeatingSubitem:count:`: items a quarter wide stay a quarter wide (100),
    /// 10 apart. iOS 13 `subitem:count:`: three copies share 400 − 2 × 10 = 380.
    @Test func repeatingSubitemKeepsTheItemSizeAndSubitemCountFits() {
        let item = CompositionalItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
        var modern = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: item, count: 3)
        modern.interItemSpacing = .fixed(10)
        #expect(modern.countSizing == .subitemSize)
        let kept = layout(modern, width: 400, items: 4)
        #expect(frames(kept, 4) == [
            Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 110, y: 0, width: 100, height: 50),
            Rect(x: 220, y: 0, width: 100, height: 50), Rect(x: 0, y: 50, width: 100, height: 50),
        ])

        var legacy = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitem: item, count: 3)
        legacy.interItemSpacing = .fixed(10)
        #expect(legacy.countSizing == .fitsGroup)
        let fitted = layout(legacy, width: 400, items: 3)
        let third = 380.0 / 3
        let xs = frames(fitted, 3).map(\.minX), widths = frames(fitted, 3).map(\.width)
        #expect(abs(xs[1] - (third + 10)) < 1e-9 && abs(xs[2] - (2 * third + 20)) < 1e-9)
        #expect(widths.allSatisfy { abs($0 - third) < 1e-9 })
        #expect(xs[2] + widths[2] == 400)
    }

    /// `vertical(layoutSize:repeatingSubitem:count:)` keeps the copies' height too, and a
    /// count that does not fit overflows as UIKit says it may (the description's fault).
    @Test func verticalRepeatingSubitemKeepsHeights() {
        let item = CompositionalItem(layoutSize: size(.fractionalWidth(1), .absolute(40)))
        let group = CompositionalGroup.vertical(layoutSize: size(.fractionalWidth(1), .absolute(100)), repeatingSubitem: item, count: 3)
        let layout = layout(group, width: 200, items: 4)
        #expect(frames(layout, 4).map(\.minY) == [0, 40, 80, 100])
        #expect(frames(layout, 4).map(\.height) == [40, 40, 40, 40])
    }

    /// Nested groups repeat too: a half-width column of half-height items, in a full-width
    /// row 100 tall, gives two columns of two cells per row.
    @Test func nestedGroupsRepeat() {
        let cell = CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let column = CompositionalGroup.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [cell])
        let row = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [.group(column)])
        let layout = layout(row, width: 400, items: 5)
        #expect(frames(layout, 5) == [
            Rect(x: 0, y: 0, width: 200, height: 50), Rect(x: 0, y: 50, width: 200, height: 50),
            Rect(x: 200, y: 0, width: 200, height: 50), Rect(x: 200, y: 50, width: 200, height: 50),
            Rect(x: 0, y: 100, width: 200, height: 50),
        ])
    }

    /// Content insets shrink the room repetitions fill: 400 less 20 a side leaves 360, three
    /// 100-point items.
    @Test func groupInsetsShrinkTheRoom() {
        var group = row(of: 100, height: 40, spacing: nil)
        group.contentInsets = EdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        let layout = layout(group, width: 400, items: 4)
        #expect(frames(layout, 4).map(\.minX) == [20, 120, 220, 20])
    }

    /// A group whose extent along its axis is estimated has no room to fill: it holds each
    /// subitem once.
    @Test func anEstimatedGroupHoldsEachSubitemOnce() {
        let group = CompositionalGroup.vertical(
            layoutSize: size(.fractionalWidth(1), .estimated(100)), subitems: [CompositionalItem(layoutSize: size(.fractionalWidth(1), .absolute(30)))])
        let layout = layout(group, width: 400, items: 3)
        #expect(frames(layout, 3).map(\.minY) == [0, 30, 60])
    }

    /// Vanishingly small items would repeat without bound: the group stops at its limit
    /// and the layout says so.
    @Test func unboundedRepetitionStopsWithADiagnostic() {
        let group = CompositionalGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(10)), subitems: [CompositionalItem(layoutSize: size(.absolute(0.001), .absolute(10)))])
        let layout = layout(group, width: 400, items: 200_001)
        #expect(layout.diagnostics.contains { $0.code == .repetitionLimited && $0.path == "sections[0].group" })
        #expect(layout.attributesForItem(at: IndexPath(item: GroupPlan.maximumLeafCount, section: 0))!.frame.minY == 10)
        // Items of no extent at all are held once (repeating them could never end).
        let empty = self.layout(.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(10)), subitems: [CompositionalItem(layoutSize: size(.absolute(0), .absolute(10)))]), width: 400, items: 2)
        #expect(empty.diagnostics.isEmpty)
        #expect(frames(empty, 2).map(\.minY) == [0, 10])
    }

    /// Rows of a list touch: 40-point rows are at y = 0, 40, 80 (UIKit), and each separator
    /// is the bottom hairline of the row above, inside it.
    @Test func listRowsTouchAndSeparatorsLieInsideRows() {
        var configuration = CompositionalConfiguration()
        configuration.displayScale = 2
        let layout = CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain), configuration: configuration)
        layout.prepare(from: StaticLayoutSource(
            containerSize: Size(width: 320, height: 600), sections: [.init(sizes: Array(repeating: Size(width: 320, height: 40), count: 3))]))
        #expect(frames(layout, 3).map(\.minY) == [0, 40, 80])
        #expect(layout.contentSize.height == 120)
        let separator = layout.attributesForDecoration(ofKind: .separator, at: IndexPath(item: 0, section: 0))!
        #expect(separator.frame == Rect(x: 16, y: 39.5, width: 304, height: 0.5))
        #expect(separator.zIndex > 0)
        #expect(layout.attributesForDecoration(ofKind: .separator, at: IndexPath(item: 2, section: 0)) == nil)
        let shown = layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 600)).filter { $0.kind == .separator }.map(\.frame.minY)
        #expect(shown == [39.5, 79.5])
    }
}
