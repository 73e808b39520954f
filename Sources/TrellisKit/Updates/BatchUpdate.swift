import Trellis

/// A set of changes to a collection's items and sections (what
/// `performBatchUpdates` records in UIKit). Like UIKit: deletes, reloads and the sources of
/// moves name positions before the update; inserts and the destinations of moves name
/// positions after it. The data source must already report the new counts when the update
/// is applied.
public struct BatchUpdate: Hashable, Sendable {
    /// An element moving from one position to another.
    public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
        public var from: Position
        public var to: Position
    }

    public private(set) var insertedSections: [Int] = []
    public private(set) var deletedSections: [Int] = []
    public private(set) var reloadedSections: [Int] = []
    public private(set) var movedSections: [Move<Int>] = []
    public private(set) var insertedItems: [IndexPath] = []
    public private(set) var deletedItems: [IndexPath] = []
    public private(set) var reloadedItems: [IndexPath] = []
    public private(set) var movedItems: [Move<IndexPath>] = []

    public init() {}

    public mutating func insertSections(_ sections: some Sequence<Int>) { insertedSections += sections }
    public mutating func deleteSections(_ sections: some Sequence<Int>) { deletedSections += sections }
    public mutating func reloadSections(_ sections: some Sequence<Int>) { reloadedSections += sections }
    public mutating func moveSection(_ section: Int, toSection newSection: Int) {
        movedSections.append(Move(from: section, to: newSection))
    }
    public mutating func insertItems(at indexPaths: some Sequence<IndexPath>) { insertedItems += indexPaths }
    public mutating func deleteItems(at indexPaths: some Sequence<IndexPath>) { deletedItems += indexPaths }
    public mutating func reloadItems(at indexPaths: some Sequence<IndexPath>) { reloadedItems += indexPaths }
    public mutating func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        movedItems.append(Move(from: indexPath, to: newIndexPath))
    }

    /// True when the update changes nothing.
    public var isEmpty: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && insertedItems.isEmpty && deletedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
    }

    /// True when the update only reloads items: no counts or positions change.
    var reloadsItemsOnly: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && insertedItems.isEmpty && deletedItems.isEmpty && movedItems.isEmpty
    }
}

/// Where every element goes in a batch update: validated against the counts before and
/// after, the way UIKit validates them.
struct BatchUpdatePlan {
    /// For each section before the update, its index after (nil: deleted).
    var newSectionForOld: [Int?]
    /// For each item before the update, its index path after (nil: deleted, or replaced
    /// by a section reload), packed (`Self.pack`): one `Int` an item rather than an
    /// `IndexPath?`'s 24 bytes, as these arrays cover every item.
    private var newItemForOld: [[Int]]
    /// For each item after the update, its index path before (nil: new), packed.
    private var oldItemForNew: [[Int]]
    /// Items after the update whose content was reloaded (sizes must be measured again).
    var reloadedNewItems: [IndexPath]
    var newCounts: [Int]

    /// Validates `update` against the counts before and after and works out the mapping.
    /// - Throws: `invalidBatchUpdate` or `indexPathOutOfRange`, naming the section and the
    ///   counts, e.g. "invalid number of items in section 2: 5 before, 1 inserted, 0
    ///   deleted, but the data source now reports 7".
    /// - Complexity: O(n + u log u) for n items and u updates.
    init(_ update: BatchUpdate, oldCounts: [Int], newCounts: [Int]) throws {
        self.newCounts = newCounts
        let oldSectionCount = oldCounts.count, newSectionCount = newCounts.count

        // Sections: ranges and duplicates.
        func checkSections(_ sections: [Int], count: Int, role: String) throws {
            for section in sections where section < 0 || section >= count {
                throw CollectionViewError(
                    .indexPathOutOfRange,
                    "\(role) section \(section) is out of range: the collection has \(count) sections \(role == "inserted" || role == "move destination" ? "after" : "before") the update")
            }
        }
        try checkSections(update.deletedSections, count: oldSectionCount, role: "deleted")
        try checkSections(update.reloadedSections, count: oldSectionCount, role: "reloaded")
        try checkSections(update.movedSections.map(\.from), count: oldSectionCount, role: "move source")
        try checkSections(update.insertedSections, count: newSectionCount, role: "inserted")
        try checkSections(update.movedSections.map(\.to), count: newSectionCount, role: "move destination")
        try Self.checkUnique(update.deletedSections + update.reloadedSections + update.movedSections.map(\.from), "section", "before")
        try Self.checkUnique(update.insertedSections + update.movedSections.map(\.to), "section", "after")
        let expectedSections = oldSectionCount - update.deletedSections.count + update.insertedSections.count
        guard expectedSections == newSectionCount else {
            throw CollectionViewError(
                .invalidBatchUpdate,
                "invalid number of sections: \(oldSectionCount) before, \(update.insertedSections.count) inserted, \(update.deletedSections.count) deleted, but the data source now reports \(newSectionCount)")
        }

        // Where each section goes: inserted and moved sections take their places, the
        // others fill the remaining places in their old order.
        var oldSectionForNew = [Int?](repeating: nil, count: newSectionCount)
        var fixedSection = [Bool](repeating: false, count: newSectionCount)
        for section in update.insertedSections { fixedSection[section] = true }
        for move in update.movedSections {
            fixedSection[move.to] = true
            oldSectionForNew[move.to] = move.from
        }
        let leavingSections = Set(update.deletedSections + update.movedSections.map(\.from))
        var nextPlace = 0
        for old in 0..<oldSectionCount where !leavingSections.contains(old) {
            while fixedSection[nextPlace] { nextPlace += 1 }
            oldSectionForNew[nextPlace] = old
            nextPlace += 1
        }
        var newSectionForOld = [Int?](repeating: nil, count: oldSectionCount)
        for (new, old) in oldSectionForNew.enumerated() { if let old { newSectionForOld[old] = new } }
        self.newSectionForOld = newSectionForOld
        let replacedOld = Set(update.deletedSections + update.reloadedSections)
        let freshNew = Set(update.insertedSections + update.reloadedSections.compactMap { newSectionForOld[$0] })

        // Items: ranges, sections not deleted or inserted, duplicates.
        func checkOld(_ paths: [IndexPath], role: String) throws {
            for path in paths {
                guard path.section >= 0, path.section < oldSectionCount, path.item >= 0, path.item < oldCounts[path.section] else {
                    throw CollectionViewError.outOfRange(path, counts: oldCounts, role: "\(role) (before the update)")
                }
                if replacedOld.contains(path.section) {
                    throw CollectionViewError(
                        .invalidBatchUpdate, "\(role) item \(path) lies in section \(path.section), which the same update deletes or reloads")
                }
            }
        }
        func checkNew(_ paths: [IndexPath], role: String) throws {
            for path in paths {
                guard path.section >= 0, path.section < newSectionCount, path.item >= 0, path.item < newCounts[path.section] else {
                    throw CollectionViewError.outOfRange(path, counts: newCounts, role: "\(role) (after the update)")
                }
                if freshNew.contains(path.section) {
                    throw CollectionViewError(
                        .invalidBatchUpdate, "\(role) item \(path) lies in section \(path.section), which the same update inserts or reloads")
                }
            }
        }
        try checkOld(update.deletedItems, role: "deleted")
        try checkOld(update.reloadedItems, role: "reloaded")
        try checkOld(update.movedItems.map(\.from), role: "moved")
        try checkNew(update.insertedItems, role: "inserted")
        try checkNew(update.movedItems.map(\.to), role: "move destination")
        try Self.checkUnique(update.deletedItems + update.reloadedItems + update.movedItems.map(\.from), "item", "before")
        try Self.checkUnique(update.insertedItems + update.movedItems.map(\.to), "item", "after")

        // Counts per section: before − deleted − moved out + inserted + moved in = after.
        var deletedIn = [Int](repeating: 0, count: oldSectionCount), movedOutOf = deletedIn
        var insertedIn = [Int](repeating: 0, count: newSectionCount), movedInto = insertedIn
        for path in update.deletedItems { deletedIn[path.section] += 1 }
        for move in update.movedItems {
            movedOutOf[move.from.section] += 1
            movedInto[move.to.section] += 1
        }
        for path in update.insertedItems { insertedIn[path.section] += 1 }
        for new in 0..<newSectionCount {
            guard let old = oldSectionForNew[new], !freshNew.contains(new) else { continue }
            let expected = oldCounts[old] - deletedIn[old] - movedOutOf[old] + insertedIn[new] + movedInto[new]
            guard expected == newCounts[new] else {
                let moves = movedOutOf[old] + movedInto[new] == 0
                    ? "" : ", \(movedInto[new]) moved in, \(movedOutOf[old]) moved out"
                let formerly = old == new ? "" : " (section \(old) before the update)"
                throw CollectionViewError(
                    .invalidBatchUpdate,
                    "invalid number of items in section \(new)\(formerly): \(oldCounts[old]) before, \(insertedIn[new]) inserted, \(deletedIn[old]) deleted\(moves), but the data source now reports \(newCounts[new])")
            }
        }

        // Item places: inserted and moved-in items take theirs, the surviving items fill the
        // rest in their old order.
        var oldItemForNew = newCounts.map { [Int](repeating: Self.none, count: $0) }
        var fixedItem = newCounts.map { [Bool](repeating: false, count: $0) }
        for path in update.insertedItems { fixedItem[path.section][path.item] = true }
        for move in update.movedItems {
            fixedItem[move.to.section][move.to.item] = true
            oldItemForNew[move.to.section][move.to.item] = Self.pack(move.from)
        }
        // Flags per old item, for the sections items leave (not a set of index paths: this
        // loop visits every item, and hashing each one cost milliseconds at 100k items).
        var leavingItems = [[Bool]](repeating: [], count: oldSectionCount)
        for path in update.deletedItems + update.movedItems.map(\.from) {
            if leavingItems[path.section].isEmpty { leavingItems[path.section] = [Bool](repeating: false, count: oldCounts[path.section]) }
            leavingItems[path.section][path.item] = true
        }
        for new in 0..<newSectionCount {
            guard let old = oldSectionForNew[new], !freshNew.contains(new) else { continue }
            let leaving = leavingItems[old], fixed = fixedItem[new]
            oldItemForNew[new].withUnsafeMutableBufferPointer { olds in
                var place = 0
                for item in 0..<oldCounts[old] {
                    if !leaving.isEmpty && leaving[item] { continue }
                    while fixed[place] { place += 1 }
                    olds[place] = Self.pack(IndexPath(item: item, section: old))
                    place += 1
                }
            }
        }
        var newItemForOld = oldCounts.map { [Int](repeating: Self.none, count: $0) }
        for (new, olds) in oldItemForNew.enumerated() {
            for (item, old) in olds.enumerated() where old != Self.none {
                let path = Self.unpack(old)
                newItemForOld[path.section][path.item] = Self.pack(IndexPath(item: item, section: new))
            }
        }
        self.newItemForOld = newItemForOld
        self.oldItemForNew = oldItemForNew
        self.reloadedNewItems = update.reloadedItems.compactMap { newItemForOld[$0.section][$0.item] == Self.none ? nil : Self.unpack(newItemForOld[$0.section][$0.item]) }
    }

    private static func checkUnique<T: Hashable & Comparable & CustomStringConvertible>(
        _ values: [T], _ what: String, _ when: String
    ) throws {
        var seen = Set<T>()
        for value in values.sorted() where !seen.insert(value).inserted {
            throw CollectionViewError(
                .invalidBatchUpdate, "\(what) \(value) (\(when) the update) appears in more than one change of the same update")
        }
    }

    /// The index path after the update of an item before it, nil when it was deleted.
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        Self.lookUp(indexPath, in: newItemForOld)
    }

    /// The index path before the update of the item at `indexPath` after it (nil: new, or
    /// no such item).
    func oldIndexPath(forNew indexPath: IndexPath) -> IndexPath? {
        Self.lookUp(indexPath, in: oldItemForNew)
    }

    /// The index path `table` packs for `indexPath` (nil: none, or outside the table).
    private static func lookUp(_ indexPath: IndexPath, in table: [[Int]]) -> IndexPath? {
        guard indexPath.section >= 0, indexPath.section < table.count, indexPath.item >= 0, indexPath.item < table[indexPath.section].count
        else { return nil }
        let packed = table[indexPath.section][indexPath.item]
        return packed == none ? nil : unpack(packed)
    }

    /// The index path before the update of each item of section `section` after it (nil:
    /// new), in order.
    func oldIndexPaths(forNewSection section: Int) -> some Collection<IndexPath?> {
        oldItemForNew[section].lazy.map { $0 == Self.none ? nil : Self.unpack($0) }
    }

    /// No index path, in the packed arrays.
    private static let none = -1

    /// An index path as one `Int`: the section in the high 32 bits, the item in the low
    /// (collections of 2^32 items or sections do not fit in memory anyway).
    private static func pack(_ indexPath: IndexPath) -> Int { indexPath.section << 32 | indexPath.item }

    private static func unpack(_ packed: Int) -> IndexPath { IndexPath(item: packed & 0xFFFF_FFFF, section: packed >> 32) }
}
