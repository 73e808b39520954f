import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

@Suite("CollectionView traits and prototypes")
struct CollectionViewTraitsTests {
    @Test(arguments: [(375.0, UserInterfaceSizeClass.compact), (599, .compact), (600, .regular), (1024, .regular)])
    func sizeClassFollowsTheWidth(width: Double, expected: UserInterfaceSizeClass) throws {
        let data = TextDataSource(count: 3)
        let collection = makeCollection(data, size: Size(width: width, height: 300))
        try collection.performLayout()
        #expect(collection.effectiveTraits.horizontalSizeClass == expected)
        #expect(collection.visibleCells.allSatisfy { $0.traitCollection.horizontalSizeClass == expected })
    }

    @Test func cellTemplatesAreChosenPerSizeClass() throws {
        let data = TextDataSource(count: 3)
        let collection = makeCollection(data, size: Size(width: 375, height: 300))
        collection.register(WideTextCell.self, forCellWithReuseIdentifier: "text", sizeClass: .regular)
        try collection.performLayout()
        #expect(collection.visibleCells.allSatisfy { !($0 is WideTextCell) })
        collection.frame.size.width = 800
        try collection.performLayout()
        #expect(collection.visibleCells.count == 3)
        #expect(collection.visibleCells.allSatisfy { $0 is WideTextCell })
        #expect(try collection.prototypeCell(withReuseIdentifier: "text") is WideTextCell)
    }

    @Test func prototypesAreOnePerIdentifierAndMarked() throws {
        final class Prototyped: CollectionViewPrototypeDataSource {
            var texts: [String]
            var configurations: [(Int, Bool)] = []
            init(texts: [String]) { self.texts = texts }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
            func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String {
                indexPath.item.isMultiple(of: 2) ? "even" : "odd"
            }
            func collectionView(
                _ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool
            ) {
                configurations.append((indexPath.item, isPrototype))
                (cell as! TextCell).text = texts[indexPath.item]
                (cell as! TextCell).configuredAsPrototype = isPrototype
            }
        }
        let source = Prototyped(texts: ["a", "bb", "ccc", "dddd", "eeeee"])
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "even")
        collection.register(WideTextCell.self, forCellWithReuseIdentifier: "odd")
        collection.estimatedItemSize = .automatic
        collection.dataSource = source
        try collection.performLayout()
        let even = try collection.prototypeCell(withReuseIdentifier: "even")
        let again = try collection.prototypeCell(withReuseIdentifier: "even")
        #expect(even.isPrototype && even === again)
        #expect(!(collection.visibleCells.contains { $0 === even }))
        #expect(collection.displayedFrames.map(\.1.size) == source.texts.map { TextCell.size(of: $0) })
        #expect(collection.visibleCells.allSatisfy { ($0 as! TextCell).configuredAsPrototype == false })
        // Measured by prototypes (5 configurations), then configured for display (5).
        #expect(source.configurations.filter(\.1).count == 5 && source.configurations.filter { !$0.1 }.count == 5)
        // Sized again for a third of the width: cached by proposal.
        let third = FittingProposal(width: .exactly(125), height: .unconstrained)
        let size = try collection.prototypeSize(forItemAt: IndexPath(item: 4, section: 0), proposal: third)
        #expect(size == Size(width: 125, height: 30))
        let measured = collection.sizeCache.measurementCount
        _ = try collection.prototypeSize(forItemAt: IndexPath(item: 4, section: 0), proposal: third)
        #expect(collection.sizeCache.measurementCount == measured)
    }

    @Test func contentSizeForAWidthIsKnownBeforeDisplay() throws {
        let data = TextDataSource(count: 40)
        let collection = makeCollection(data, size: .zero)
        let size = try collection.contentSize(forWidth: 200)
        let expected = data.sections[0].reduce(0.0) { $0 + TextCell.size(of: $1.text, maxWidth: 200).height }
        #expect(size == Size(width: 200, height: expected))
        #expect(collection.visibleCells.isEmpty)
        #expect(collection.sizeCache.measurementCount == 40)
        #expect(try collection.contentSize(forWidth: 200) == size)
        #expect(collection.sizeCache.measurementCount == 40)
    }

    @Test func prototypeSizeNeedsAPrototypeDataSource() throws {
        let data = TextDataSource(count: 1)
        let collection = makeCollection(data)
        let error = try #require(throws: CollectionViewError.self) {
            try collection.prototypeSize(forItemAt: IndexPath(item: 0, section: 0), proposal: .unconstrained)
        }
        #expect(error.code == .missingDataSource)
    }
}
