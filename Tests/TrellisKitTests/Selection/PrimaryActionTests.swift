import Testing
import Trellis
import TrellisKit

/// A delegate that answers only the primary-action methods (UIKit's iOS 16
/// `collectionView(_:canPerformPrimaryActionForItemAt:)` and
/// `collectionView(_:performPrimaryActionForItemAt:)`) and records them.
private final class Opener: CollectionViewDataSource, CollectionViewDelegate {
    var events: [String] = []
    var closed: Set<Int> = []

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool {
        events.append("can \(indexPath.item)")
        return !closed.contains(indexPath.item)
    }
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
        events.append("perform \(indexPath.item)")
    }
}

@Suite("Primary action")
struct PrimaryActionTests {
    private func makeCollection(_ opener: Opener) throws -> CollectionView {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: ListLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 375, height: 50)
        collection.dataSource = opener
        collection.delegate = opener
        try collection.performLayout()
        return collection
    }

    @Test func performsAfterAskingAndLeavesTheSelectionAlone() throws {
        let opener = Opener()
        let collection = try makeCollection(opener)
        #expect(try collection.userPerformPrimaryAction(at: IndexPath(item: 3, section: 0)))
        #expect(opener.events == ["can 3", "perform 3"])
        #expect(collection.indexPathsForSelectedItems == [])
    }

    @Test func anItemWithoutAPrimaryActionIsNotPerformed() throws {
        let opener = Opener()
        opener.closed = [4]
        let collection = try makeCollection(opener)
        #expect(try !collection.userPerformPrimaryAction(at: IndexPath(item: 4, section: 0)))
        #expect(opener.events == ["can 4"])
    }

    @Test func anItemOutsideTheCollectionThrowsWithoutAskingTheDelegate() throws {
        let opener = Opener()
        let collection = try makeCollection(opener)
        #expect(throws: CollectionViewError.self) { try collection.userPerformPrimaryAction(at: IndexPath(item: 10, section: 0)) }
        #expect(throws: CollectionViewError.self) { try collection.userPerformPrimaryAction(at: IndexPath(item: 0, section: 1)) }
        #expect(opener.events.isEmpty)
    }

    @Test func aDelegateWithoutTheMethodsIsFine() throws {
        final class Plain: CollectionViewDelegate {}
        let opener = Opener()
        let collection = try makeCollection(opener)
        let plain = Plain()
        collection.delegate = plain
        // The default answers yes and does nothing: the call reports it was performed.
        #expect(try collection.userPerformPrimaryAction(at: IndexPath(item: 0, section: 0)))
        collection.delegate = nil
        #expect(try !collection.userPerformPrimaryAction(at: IndexPath(item: 0, section: 0)))
    }
}
