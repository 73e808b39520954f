import Trellis

/// The batch update that turns one snapshot into another, computed in O(n) for n items
/// (plus O(m log n) for m items out of order).
///
/// Matching follows Heckel's algorithm ("A technique for isolating differences between
/// files", 1978), as IGListKit's ListDiff does: a symbol table from identifier to its
/// position on each side. Pass 1 indexes the new side; the old side's table is the index
/// the data source kept from the previous apply, so it is not rebuilt; pass 3 pairs every
/// identifier present on both sides. Identifiers are unique here (a snapshot rejects
/// duplicates), so every common identifier is a "unique line" and Heckel's passes 4–5,
/// which extend matches across repeated lines, have nothing to add.
///
/// Heckel's pairing says what survives, not what moved. Reporting every survivor whose
/// index shifted as a move (ListDiff's choice) would turn one item moved from the top to
/// the bottom into n moves; instead the survivors of a section that keep their relative
/// order — a longest increasing subsequence of their old indices, found by patience
/// sorting with an O(1) fast path for items in order — stay, and only the others move.
/// That is the smallest set of moves, and it is what `BatchUpdate` expects: unmoved items
/// fill the places left by inserts and move destinations in their old order.
///
/// Dictionary writes go through `updateValue(_:forKey:)`: this code is generic and not
/// specialized for the app's identifier types (it is not inlinable), and there a
/// subscript assignment runs the dictionary's modify coroutine, whose frame is allocated
/// on the heap — two allocations per item, measured (DiffableBenchmarks).
struct SnapshotDifference<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>

    /// The update, in `BatchUpdate`'s terms (old positions for deletes, reloads, move
    /// sources; new positions for inserts and move destinations).
    var update = BatchUpdate()
    /// Where each item of the new snapshot is: the old side's table for the next apply.
    var newItemIndex: [Item: IndexPath] = [:]
    /// Items whose cached sizes are stale (reloaded items, items of reloaded sections).
    var invalidatedItems: [Item] = []
    /// Items to configure again in their displayed cell, at their new index paths.
    var reconfiguredItems: [(Item, IndexPath)] = []

    init(from old: Snapshot, oldItemIndex: [Item: IndexPath], to new: Snapshot) {
        let (newForOld, oldForNew) = diffSections(from: old, to: new)
        diffItems(from: old, oldItemIndex: oldItemIndex, to: new, newForOld: newForOld, oldForNew: oldForNew)
    }

    /// An index of `snapshot` alone (the first apply, or a reload).
    static func index(of snapshot: Snapshot) -> [Item: IndexPath] {
        var index: [Item: IndexPath] = [:]
        index.reserveCapacity(snapshot.numberOfItems)
        for (section, items) in snapshot.itemsBySection.enumerated() {
            for (item, identifier) in items.enumerated() { index.updateValue(IndexPath(item: item, section: section), forKey: identifier) }
        }
        return index
    }

    /// Sections: deleted, inserted, moved (the ones off the longest in-order run), reloaded.
    /// Returns, for each old section and each new one, its counterpart when the section's
    /// items are carried over and diffed (it survives and is not reloaded).
    private mutating func diffSections(from old: Snapshot, to new: Snapshot) -> (newForOld: [Int?], oldForNew: [Int?]) {
        var newForOld = [Int?](repeating: nil, count: old.numberOfSections)
        var oldForNew = [Int?](repeating: nil, count: new.numberOfSections)
        var inserted: [Int] = [], deleted: [Int] = [], reloaded: [Int] = []
        var survivors: [(new: Int, old: Int)] = []
        for (section, identifier) in new.sections.enumerated() {
            if let oldSection = old.sectionIndex[identifier] {
                survivors.append((section, oldSection))
            } else {
                inserted.append(section)
            }
        }
        for (section, identifier) in old.sections.enumerated() where new.sectionIndex[identifier] == nil {
            deleted.append(section)
        }
        let reloadedIdentifiers = Set(new.reloadedSectionIdentifiers)
        let inOrder = longestIncreasingSubsequenceMembers(survivors.map(\.old))
        for (index, pair) in survivors.enumerated() {
            let isReloaded = reloadedIdentifiers.contains(new.sections[pair.new])
            switch (inOrder[index], isReloaded) {
            case (true, false):
                break
            case (false, false):
                update.moveSection(pair.old, toSection: pair.new)
            case (true, true):
                reloaded.append(pair.old)
            case (false, true):
                // A batch update cannot move and reload one section: replace it.
                deleted.append(pair.old)
                inserted.append(pair.new)
            }
            if isReloaded {
                invalidatedItems += new.itemsBySection[pair.new]
            } else {
                newForOld[pair.old] = pair.new
                oldForNew[pair.new] = pair.old
            }
        }
        update.insertSections(inserted.sorted())
        update.deleteSections(deleted.sorted())
        update.reloadSections(reloaded)
        return (newForOld, oldForNew)
    }

    /// Items of carried-over sections: inserted, deleted, moved (within or across
    /// sections), reloaded. Items of inserted or reloaded sections come with their section;
    /// items leaving a carried section for one of those are deleted explicitly.
    private mutating func diffItems(
        from old: Snapshot, oldItemIndex: [Item: IndexPath], to new: Snapshot, newForOld: [Int?], oldForNew: [Int?]
    ) {
        let reloaded = Set(new.reloadedItemIdentifiers)
        invalidatedItems += new.reloadedItemIdentifiers
        // For each item of a carried old section: does it stay, move or get reloaded in
        // place (true), or must it be deleted (false)?
        var accounted = old.itemsBySection.indices.map { newForOld[$0] == nil ? [] : [Bool](repeating: false, count: old.itemsBySection[$0].count) }
        var inserts: [IndexPath] = [], deletes: [IndexPath] = [], reloads: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        var candidates: [(newItem: Int, oldItem: Int)] = []
        var candidateOldItems: [Int] = []
        newItemIndex.reserveCapacity(new.numberOfItems)

        for (section, items) in new.itemsBySection.enumerated() {
            let carriedFrom = oldForNew[section]
            candidates.removeAll(keepingCapacity: true)
            for (item, identifier) in items.enumerated() {
                let newPath = IndexPath(item: item, section: section)
                newItemIndex.updateValue(newPath, forKey: identifier)
                guard let carriedFrom else { continue }  // comes with its inserted or reloaded section
                guard let oldPath = oldItemIndex[identifier], newForOld[oldPath.section] != nil else {
                    inserts.append(newPath)  // new, or from a deleted or reloaded section
                    continue
                }
                if oldPath.section == carriedFrom {
                    candidates.append((item, oldPath.item))
                } else if reloaded.contains(identifier) {
                    inserts.append(newPath)  // moved and reloaded: replaced (left unaccounted: deleted)
                } else {
                    moves.append((oldPath, newPath))
                    accounted[oldPath.section][oldPath.item] = true
                }
            }
            guard let carriedFrom else { continue }
            candidateOldItems.removeAll(keepingCapacity: true)
            for candidate in candidates { candidateOldItems.append(candidate.oldItem) }
            let inOrder = longestIncreasingSubsequenceMembers(candidateOldItems)
            for (index, candidate) in candidates.enumerated() {
                let oldPath = IndexPath(item: candidate.oldItem, section: carriedFrom)
                let newPath = IndexPath(item: candidate.newItem, section: section)
                let isReloaded = !reloaded.isEmpty && reloaded.contains(items[candidate.newItem])
                if inOrder[index] {
                    accounted[carriedFrom][candidate.oldItem] = true
                    if isReloaded { reloads.append(oldPath) }
                } else if isReloaded {
                    inserts.append(newPath)
                } else {
                    moves.append((oldPath, newPath))
                    accounted[carriedFrom][candidate.oldItem] = true
                }
            }
        }
        for (section, flags) in accounted.enumerated() {
            for (item, isAccounted) in flags.enumerated() where !isAccounted {
                deletes.append(IndexPath(item: item, section: section))
            }
        }
        update.insertItems(at: inserts)
        update.deleteItems(at: deletes)
        update.reloadItems(at: reloads)
        for (from, to) in moves { update.moveItem(at: from, to: to) }

        for identifier in new.reconfiguredItemIdentifiers where !reloaded.contains(identifier) {
            if let path = newItemIndex[identifier] { reconfiguredItems.append((identifier, path)) }
        }
    }
}

/// For each of `values` (distinct), whether it belongs to one longest strictly increasing
/// subsequence. Patience sorting: `tails[l]` is the index of the smallest value ending an
/// increasing run of length l + 1; a value above the last tail extends the longest run in
/// O(1) (the common case: items that kept their order), the others binary-search.
/// - Complexity: O(n + m log n) for m values that do not extend the longest run.
func longestIncreasingSubsequenceMembers(_ values: [Int]) -> [Bool] {
    var members = [Bool](repeating: false, count: values.count)
    guard !values.isEmpty else { return members }
    var tails: [Int] = []
    tails.reserveCapacity(values.count)
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
        var low = tails.count
        if let last = tails.last, values[last] >= value {
            low = 0
            var high = tails.count - 1
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var index = tails[tails.count - 1]
    while index >= 0 {
        members[index] = true
        index = previous[index]
    }
    return members
}

extension DiffableDataSourceSnapshot {
    /// The batch update that turns `other` into this snapshot: what `apply` hands the
    /// collection view (deletes, reloads and move sources at positions in `other`; inserts
    /// and move destinations at positions in this one; the fewest moves). `apply` keeps the
    /// current snapshot's index from the previous apply; this builds both.
    /// - Complexity: O(n + m log n) for n items and m items out of order.
    public func batchUpdate(from other: Self) -> BatchUpdate {
        SnapshotDifference(from: other, oldItemIndex: SnapshotDifference.index(of: other), to: self).update
    }
}
