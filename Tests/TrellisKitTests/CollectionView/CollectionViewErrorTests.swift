import Testing
import Trellis
@testable import TrellisKit

@Suite("CollectionView errors")
struct CollectionViewErrorTests {
    @Test func dequeuingAnUnregisteredIdentifierNamesItAndTheRegisteredOnes() throws {
        let data = TextDataSource(count: 3)
        data.identifier = "tagg"
        let collection = makeCollection(data)
        collection.register(WideTextCell.self, forCellWithReuseIdentifier: "wide")
        let error = try #require(throws: CollectionViewError.self) { try collection.performLayout() }
        #expect(error.code == .unregisteredReuseIdentifier)
        #expect(error.message == "no cell is registered with reuse identifier \"tagg\" (registered: \"text\", \"wide\")")
    }

    @Test func layoutIfNeededStoresTheErrorInsteadOfCrashing() {
        final class Negative: CollectionViewDataSource {
            func numberOfSections(in collectionView: CollectionView) -> Int { 3 }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { section == 2 ? -4 : 1 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
            }
        }
        let source = Negative()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.dataSource = source
        collection.layoutIfNeeded()
        let error = collection.lastError as? CollectionViewError
        #expect(error?.code == .invalidCount)
        #expect(error?.message == "the data source reports -4 items in section 2; counts cannot be negative")
        #expect(collection.visibleCells.isEmpty)
    }

    @Test func negativeSectionCountIsAnError() {
        final class Negative: CollectionViewDataSource {
            func numberOfSections(in collectionView: CollectionView) -> Int { -1 }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                CollectionViewCell()
            }
        }
        let source = Negative()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), layout: StackTestLayout())
        collection.dataSource = source
        #expect(throws: CollectionViewError(.invalidCount, "the data source reports -1 sections; counts cannot be negative")) {
            try collection.performLayout()
        }
    }

    @Test func dequeuingOutsideTheCollectionIsAnError() throws {
        let data = TextDataSource(count: 3)
        let collection = makeCollection(data)
        try collection.performLayout()
        let error = try #require(throws: CollectionViewError.self) {
            try collection.dequeueReusableCell(withReuseIdentifier: "text", for: IndexPath(item: 7, section: 0))
        }
        #expect(error.code == .indexPathOutOfRange)
        #expect(error.message == "dequeued index path [0, 7] is out of range: section 0 has 3 items")
    }

    @Test func aMissingSupplementaryViewIsReported() throws {
        final class NoHeaders: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
            }
        }
        let source = NoHeaders()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.headerSize = Size(width: 100, height: 20)
        collection.dataSource = source
        let error = try #require(throws: CollectionViewError.self) { try collection.performLayout() }
        #expect(error.code == .missingDataSource)
        #expect(error.message.contains("header view in section 0"))
    }

    @Test func unregisteredSupplementaryIdentifierIsNamed() throws {
        let data = TextDataSource(count: 1)
        data.headerIdentifier = "title"
        let collection = makeCollection(data)
        collection.headerSize = Size(width: 100, height: 20)
        let error = try #require(throws: CollectionViewError.self) { try collection.performLayout() }
        #expect(error.message == "no header view is registered with reuse identifier \"title\" (registered: \"header\")")
    }
}
