import Testing
@testable import Trellis

// `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)`: cells where the provider says,
// frames relative to the group, the provider given the layout's environment. Expected
// frames follow from UIKit's documentation: each repetition of the group holds one cell per
// custom item at the item's frame offset by the group's origin.

private func mosaic(calls: Counter? = nil) -> CompositionalGroup {
    CompositionalGroup.custom(
        layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100))
    ) { environment in
        calls?.increment()
        // A tall cell on the left half, two stacked on the right, from the container's width.
        let half = environment.containerSize.width / 2
        return [
            CompositionalGroupCustomItem(frame: Rect(x: 0, y: 0, width: half, height: 100)),
            CompositionalGroupCustomItem(frame: Rect(x: half, y: 0, width: half, height: 50), zIndex: 2),
            CompositionalGroupCustomItem(frame: Rect(x: half, y: 50, width: half, height: 50)),
        ]
    }
}

final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func increment() { value += 1 }
}

@Suite struct CompositionalCustomGroupTests {
    @Test func cellsAreWhereTheProviderSays() {
        var section = CompositionalSection(group: mosaic())
        section.interGroupSpacing = 10
        section.contentInsets = EdgeInsets(top: 5, leading: 0, bottom: 0, trailing: 0)
        let layout = CompositionalLayout(section: section)
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 400, height: 800), sections: [.init(items: .fixed(count: 7, size: ItemSize(width: 1, height: 1)))]))
        let frames = (0..<7).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(frames == [
            Rect(x: 0, y: 5, width: 200, height: 100), Rect(x: 200, y: 5, width: 200, height: 50), Rect(x: 200, y: 55, width: 200, height: 50),
            Rect(x: 0, y: 115, width: 200, height: 100), Rect(x: 200, y: 115, width: 200, height: 50), Rect(x: 200, y: 165, width: 200, height: 50),
            Rect(x: 0, y: 225, width: 200, height: 100),
        ])
        // The custom item's z-index is the cell's, by rect as by index path.
        #expect(layout.attributesForItem(at: IndexPath(item: 4, section: 0))!.zIndex == 2)
        let byRect = layout.elements(in: Rect(x: 0, y: 0, width: 400, height: 800), visibleBounds: Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(byRect.map(\.zIndex) == [0, 2, 0, 0, 2, 0, 0])
        #expect(byRect.map(\.frame) == frames)
        // Three groups (the last partial holds its first cell): 5 + 100 + 10 + 100 + 10 + 100.
        #expect(layout.contentSize.height == 325)
    }

    /// The provider is asked again when the container changes, and its frames follow.
    @Test func theProviderGetsTheEnvironment() {
        let calls = Counter()
        let layout = CompositionalLayout(section: CompositionalSection(group: mosaic(calls: calls)))
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 400, height: 800), sections: [.init(items: .fixed(count: 3, size: ItemSize(width: 1, height: 1)))]))
        #expect(calls.value == 1)
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 800), sections: [.init(items: .fixed(count: 3, size: ItemSize(width: 1, height: 1)))]))
        #expect(calls.value == 2)
        #expect(layout.attributesForItem(at: IndexPath(item: 2, section: 0))!.frame == Rect(x: 150, y: 50, width: 150, height: 50))
    }

    /// A custom group nested in a horizontal group, with an estimated width: as wide as its
    /// items' bounding box; mirrored right to left.
    @Test func aNestedCustomGroupTakesItsItemsBoundingBox() {
        let custom = CompositionalGroup.custom(layoutSize: CompositionalSize(widthDimension: .estimated(10), heightDimension: .absolute(40))) { _ in
            [CompositionalGroupCustomItem(frame: Rect(x: 5, y: 0, width: 30, height: 40))]
        }
        let row = CompositionalGroup.horizontal(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            subitems: [.group(custom), .item(CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(20), heightDimension: .absolute(40))))])
        let layout = CompositionalLayout(section: CompositionalSection(group: row))
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 100, height: 800), layoutDirection: .rightToLeft, sections: [.init(items: .fixed(count: 2, size: ItemSize(width: 1, height: 1)))]))
        // Layout space: the custom cell at 5…35, the item after the 35-wide custom group at 35…55.
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 100 - 35, y: 0, width: 30, height: 40))
        #expect(layout.attributesForItem(at: IndexPath(item: 1, section: 0))!.frame == Rect(x: 100 - 55, y: 0, width: 20, height: 40))
    }

    @Test func aCustomGroupHoldsNoSubitems() {
        var group = mosaic()
        group.subitems = [.item(CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(1), heightDimension: .absolute(1))))]
        do {
            try CompositionalSection(group: group).validate()
            Issue.record("a custom group with subitems must not validate")
        } catch {
            #expect(error.option == "group.subitems")
        }
        #expect((try? CompositionalSection(group: mosaic()).validate()) != nil)
    }
}
