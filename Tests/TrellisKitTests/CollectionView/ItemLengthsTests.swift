import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// `CollectionView.itemLengths(inSection:along:into:)` gives, for a whole section at once,
/// what `sizeForItem(at:)` gives item by item — measured items their measured size, the
/// others the delegate's size or the estimate — on both axes, with and without a delegate.
@Suite("CollectionView: item lengths in bulk")
struct ItemLengthsTests {
    func check(_ collection: CollectionView) {
        for section in 0..<collection.numberOfSections {
            let count = collection.numberOfItems(inSection: section)
            for axis in [Axis.vertical, .horizontal] {
                let bulk = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
                    collection.itemLengths(inSection: section, along: axis, into: buffer)
                    initialized = count
                }
                let oneByOne = (0..<count).map { collection.sizeForItem(at: IndexPath(item: $0, section: section)).size[axis] }
                #expect(bulk == oneByOne, "section \(section), \(axis)")
            }
        }
    }

    @Test(arguments: [false, true])
    func equalsAskingItemByItem(withDelegate: Bool) throws {
        let source = TextDataSource(sections: [
            (0..<40).map { TextItem(id: $0, text: String(repeating: "w", count: 1 + $0 % 9)) },
            [],
            (40..<45).map { TextItem(id: $0, text: "x") },
        ])
        source.sizesByDelegate = { $0.item % 3 == 0 ? Size(width: 33, height: 17) : nil }
        let collection = makeCollection(source, estimated: .fixed(Size(width: 80, height: 44)), size: Size(width: 375, height: 300))
        if !withDelegate { collection.delegate = nil }
        try collection.performLayout()
        // Some items measured (those shown), the rest not.
        #expect(collection.sizeCache.measurementCount > 0)
        check(collection)
        collection.contentOffset.y = collection.contentSize.height - 300
        try collection.performLayout()
        check(collection)
    }
}
