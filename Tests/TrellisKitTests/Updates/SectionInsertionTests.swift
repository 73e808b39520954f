import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// A batch update that only inserts sections (days of chat history paged in above) takes
/// a path without per-item work; its effect must be the general path's: frames as a fresh
/// relayout gives them, nothing on screen moving, sizes, cells and the selection following
/// their sections.
@Suite("Sections inserted by a batch update")
struct SectionInsertionTests {
    typealias DataSource = CollectionViewDiffableDataSource<Int, Int>
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    /// Day `day`'s messages: 8 of them, texts of 3…14 characters (TextCell: 10 pt a
    /// character, 20 pt a line, wrapping at the row width).
    private func messages(inDay day: Int) -> [Int] { (0..<8).map { day * 100 + $0 } }

    private func makeChat(days: Range<Int>) throws -> (CollectionView, DataSource) {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 120, height: 400), layout: ListLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.register(ReusableView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "day")
        collection.estimatedItemSize = .fixed(Size(width: 120, height: 30))
        collection.headerSize = Size(width: 120, height: 24)
        collection.contentAnchor = .bottom
        let dataSource = DataSource(collectionView: collection) { collectionView, indexPath, id in
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TextCell
            cell.text = String(repeating: "m", count: 3 + id * 7 % 12)
            return cell
        }
        dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
            try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "day", for: indexPath)
        }
        var snapshot = Snapshot()
        for day in days {
            snapshot.appendSections([day])
            snapshot.appendItems(messages(inDay: day), toSection: day)
        }
        try dataSource.apply(snapshot, animatingDifferences: false)
        collection.layoutIfNeeded()
        return (collection, dataSource)
    }

    @Test("Days inserted above, between and below: nothing on screen moves, frames equal a full relayout, the selection follows",
          arguments: [[0, 1, 2, 3, 4], [0, 12], [30]])
    func insertedDays(positions: [Int]) throws {
        let (collection, dataSource) = try makeChat(days: 10..<40)
        // Reading in the middle, one message selected.
        let middle = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 3, section: 15)))
        collection.contentOffset.y = middle.frame.minY - 100
        collection.layoutIfNeeded()
        try collection.selectItem(at: IndexPath(item: 3, section: 15), animated: false, scrollPosition: [])
        let before = framesOnScreen(collection, dataSource)
        let measured = collection.sizeCache.measurementCount
        var snapshot = dataSource.snapshot()
        let sections = snapshot.sectionIdentifiers
        for (offset, position) in positions.enumerated() {
            let day = 1_000 + offset
            if position < sections.count {
                snapshot.insertSections([day], beforeSection: sections[position])
            } else {
                snapshot.appendSections([day])
            }
            snapshot.appendItems(messages(inDay: day), toSection: day)
        }
        let transition = try dataSource.apply(snapshot)
        collection.layoutIfNeeded()
        #expect(collection.numberOfSections == 30 + positions.count)
        #expect(framesOnScreen(collection, dataSource) == before, "0 px for every visible message")
        #expect(collection.sizeCache.measurementCount == measured, "nothing on screen was measured again")
        #expect(transition.appearing.isEmpty && transition.disappearing.isEmpty)
        // The layout as a full relayout of the collection's sizes would make it.
        let fresh = ListLayout()
        fresh.prepare(from: collection)
        #expect(collection.layout.allElements() == fresh.allElements())
        #expect(collection.contentSize == fresh.contentSize)
        let selected = try #require(collection.indexPathsForSelectedItems?.first)
        #expect(dataSource.itemIdentifier(for: selected) == 2_503, "the selected message is still selected")
        // Scrolling through the new days measures them and shows each at its measured size.
        collection.contentOffset.y = 0
        collection.layoutIfNeeded()
        for cell in collection.visibleCells {
            let indexPath = try #require(collection.indexPath(for: cell))
            let id = try #require(dataSource.itemIdentifier(for: indexPath))
            let frame = try #require(collection.layoutAttributesForItem(at: indexPath)?.frame)
            #expect(frame.height == TextCell.size(of: String(repeating: "m", count: 3 + id * 7 % 12), maxWidth: 120).height)
        }
    }

    @Test("Inserting sections whose counts do not add up still throws, naming the section")
    func badCountsThrow() throws {
        final class Days: CollectionViewDataSource {
            var counts = [3, 4]
            func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
            }
        }
        let days = Days()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 120, height: 400), layout: ListLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.dataSource = days
        collection.layoutIfNeeded()
        days.counts = [2, 3, 5]  // a section inserted at 0, but section 1 (was 0) lost an item
        #expect(throws: CollectionViewError.self) { try collection.performBatchUpdates { $0.insertSections([0]) } }
        #expect(collection.numberOfSections == 2, "the collection view is as it was")
    }
}
