import Trellis

/// The batch update that turns one snapshot into another, computed in O(n) for n items
/// (plus O(m log n) for m items out of order).
///
/// Matching follows Heckel's algorithm ("A technique for isolating differences between
/// files", 1978), as IGListKit's ListDiff does. Heckel pairs lines that occur once on each
/// side through a symbol table (passes 1–3), then extends every pair to the neighbouring
/// lines when they are equal (passes 4–5), the two ends of the file counting as a pair.
/// Identifiers are unique here (a snapshot rejects duplicates), so equal identifiers are
/// always the same item and the pairing is the same whichever pass finds it; the passes
/// run in the order that costs least when little changed:
/// - **Pass 4 first**, from the start of each carried section (the pair of section
///   starts): old and new items are compared in step, and every equal pair is paired
///   without hashing. At a difference the walk re-aligns on the nearest equal pair a few
///   items ahead on either side and sets the items it passes over aside. When nothing
///   equal is near (a long block deleted or inserted), the snapshots' own item tables
///   (kept by every snapshot to reject duplicates) tell a deleted old item or an inserted
///   new one, passed over on its side.
/// - **Passes 1–3** then run on the items set aside only: a symbol table of the old ones,
///   probed with the new ones, which tells moved items from deleted and inserted ones.
///   When the walk cannot re-align (a shuffled section), the rest of the section is set
///   aside, and the difference is plain Heckel on it.
///
/// So each identifier is compared in step once, and hashed only when it changed or is
/// near a change: with 1 % of 100,000 items changed, about 2,000 hash operations instead
/// of 200,000 (see docs/perf/collection.md for the figures).
///
/// Heckel's pairing says what survives, not what moved. Reporting every survivor whose
/// index shifted as a move (ListDiff's choice) would turn one item moved from the top to
/// the bottom into n moves; instead the survivors of a section that keep their relative
/// order — a longest increasing subsequence of their old indices, found by patience
/// sorting over runs of consecutive pairs (`longestIncreasingRunPrefixes`) — stay, and
/// only the others move.
/// That is the smallest set of moves, and it is what `BatchUpdate` expects: unmoved items
/// fill the places left by inserts and move destinations in their old order.
///
/// The generic part (comparing and hashing identifiers) is `@inlinable`, so it is
/// specialised for the app's identifier types where `batchUpdate(from:)` is called;
/// everything after the pairing works on `Int` arrays.
@usableFromInline
struct SnapshotDifference<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>

    /// The update, in `BatchUpdate`'s terms (old positions for deletes, reloads, move
    /// sources; new positions for inserts and move destinations).
    @usableFromInline var update: BatchUpdate
    /// Items whose cached sizes are stale (reloaded items, items of reloaded sections).
    @usableFromInline var invalidatedItems: [Item]
    /// Items to configure again in their displayed cell, at their new index paths.
    @usableFromInline var reconfiguredItems: [(Item, IndexPath)]

    @inlinable
    init(from old: Snapshot, to new: Snapshot) {
        update = BatchUpdate()
        invalidatedItems = []
        reconfiguredItems = []
        let (newForOld, oldForNew) = diffSections(from: old, to: new)
        diffItems(from: old, to: new, newForOld: newForOld, oldForNew: oldForNew)
    }

    /// Sections: deleted, inserted, moved (the ones off the longest in-order run), reloaded.
    /// Returns, for each old section and each new one, its counterpart when the section's
    /// items are carried over and diffed (it survives and is not reloaded).
    @inlinable
    mutating func diffSections(from old: Snapshot, to new: Snapshot) -> (newForOld: [Int?], oldForNew: [Int?]) {
        var newForOld = [Int?](repeating: nil, count: old.numberOfSections)
        var oldForNew = [Int?](repeating: nil, count: new.numberOfSections)
        var inserted: [Int] = [], deleted: [Int] = [], reloaded: [Int] = []
        var survivors: [(new: Int, old: Int)] = []
        survivors.reserveCapacity(Swift.min(old.numberOfSections, new.numberOfSections))
        // The sections the two snapshots begin and end with alike are paired by comparing
        // in step; only those between (days paged in above a timeline) are looked up.
        // Identifiers are unique, so none of the alike ones occurs between.
        let (prefix, suffix) = Self.commonEnds(old.sections, new.sections)
        let newMiddle = prefix..<(new.numberOfSections - suffix), oldMiddle = prefix..<(old.numberOfSections - suffix)
        for section in 0..<prefix { survivors.append((section, section)) }
        for section in newMiddle {
            if let oldSection = old.sectionIndex[new.sections[section]] {
                survivors.append((section, oldSection))
            } else {
                inserted.append(section)
            }
        }
        for offset in 0..<suffix { survivors.append((newMiddle.upperBound + offset, oldMiddle.upperBound + offset)) }
        for section in oldMiddle where new.sectionIndex[old.sections[section]] == nil {
            deleted.append(section)
        }
        let reloadedIdentifiers = Set(new.reloadedSectionIdentifiers)
        // Sections that kept their order (the usual case: some inserted or deleted around
        // them) are all in the longest run: no need to search for it.
        let keptOrder = zip(survivors, survivors.dropFirst()).allSatisfy { $0.old < $1.old }
        let inOrder = keptOrder ? [Bool](repeating: true, count: survivors.count) : longestIncreasingSubsequenceMembers(survivors.map(\.old))
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

    /// How many identifiers `olds` and `news` begin with alike, and how many they end with
    /// alike after those.
    /// - Complexity: O(p + q) comparisons for those counts.
    @inlinable
    static func commonEnds(_ olds: [Section], _ news: [Section]) -> (prefix: Int, suffix: Int) {
        olds.withUnsafeBufferPointer { olds in
            news.withUnsafeBufferPointer { news in
                let shorter = Swift.min(olds.count, news.count)
                var prefix = 0
                while prefix < shorter && olds[prefix] == news[prefix] { prefix += 1 }
                var suffix = 0
                while suffix < shorter - prefix && olds[olds.count - 1 - suffix] == news[news.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// Items of carried-over sections: inserted, deleted, moved (within or across
    /// sections), reloaded. Items of inserted or reloaded sections come with their section;
    /// items leaving a carried section for one of those are deleted explicitly.
    @inlinable
    mutating func diffItems(from old: Snapshot, to new: Snapshot, newForOld: [Int?], oldForNew: [Int?]) {
        let reloaded = Set(new.reloadedItemIdentifiers)
        invalidatedItems += new.reloadedItemIdentifiers
        var changes = ItemChanges()
        var pending = PendingItems()
        // For each carried new section, its items paired with old items of the section it
        // is carried from (candidates to stay), as runs in new order.
        var runs = [[PairedRun]](repeating: [], count: new.numberOfSections)

        // A carried section the new snapshot did not touch shares its items' storage with the
        // old one (snapshots are copied on write): every item stays, with nothing to compare
        // or classify, so a change elsewhere (days of history inserted above) costs nothing
        // here. No item can move into or out of it without a write that gives it storage of
        // its own; a reload marks items without one, so with reloads every section is walked.
        var untouched = [Bool](repeating: false, count: new.numberOfSections)
        for (section, carriedFrom) in oldForNew.enumerated() where reloaded.isEmpty {
            guard let carriedFrom else { continue }
            untouched[section] = Self.sharesStorage(old.itemsBySection[carriedFrom], new.itemsBySection[section])
        }

        // Heckel's pass 4 from each pair of section starts.
        for (section, carriedFrom) in oldForNew.enumerated() {
            guard let carriedFrom, !untouched[section] else { continue }  // its items come with the section, or all stay
            runs[section] = Self.pairInStep(
                old.itemsBySection[carriedFrom], new.itemsBySection[section], oldSection: carriedFrom, newSection: section,
                old: old, new: new, changes: &changes, pending: &pending)
        }

        // Passes 1–3 on what was set aside: a symbol table of the old items, probed with
        // the new ones.
        var pairedAside = [[PairedRun]](repeating: [], count: new.numberOfSections)
        if !pending.new.isEmpty || !pending.old.isEmpty {
            var table: [Item: Int] = [:]
            table.reserveCapacity(pending.old.count)
            for (index, path) in pending.old.enumerated() {
                table.updateValue(index, forKey: old.itemsBySection[path.section][path.item])
            }
            var paired = [Bool](repeating: false, count: pending.old.count)
            for path in pending.new {
                let identifier = new.itemsBySection[path.section][path.item]
                guard let index = table[identifier] else {
                    changes.inserts.append(path)  // new, or from a deleted or reloaded section
                    continue
                }
                let from = pending.old[index]
                if from.section == oldForNew[path.section] {
                    pairedAside[path.section].append(PairedRun(new: path.item, old: from.item, count: 1))  // a candidate to stay
                    paired[index] = true
                } else if reloaded.contains(identifier) {
                    changes.inserts.append(path)  // moved across sections and reloaded: replaced (the old one is deleted)
                } else {
                    changes.moves.append((from, path))
                    paired[index] = true
                }
            }
            // Old items nobody took: gone, or moved into an inserted or reloaded section.
            for (index, path) in pending.old.enumerated() where !paired[index] { changes.deletes.append(path) }
        }

        // The fewest moves: per section, the candidates off one longest increasing run of
        // old indices move.
        let reloadedPaths = reloaded.isEmpty ? [] : new.indexPaths(ofItems: Array(reloaded))
        for (section, carriedFrom) in oldForNew.enumerated() {
            guard let carriedFrom, !untouched[section] else { continue }
            let items = new.itemsBySection[section]
            let candidates = PairedRun.merging(runs[section], pairedAside[section])
            let reloadedHere = reloadedPaths.compactMap { $0?.section == section ? $0!.item : nil }
            changes.classifyCandidates(
                candidates, from: carriedFrom, to: section, reloadedItems: reloadedHere,
                isReloaded: reloaded.isEmpty ? nil : { reloaded.contains(items[$0]) })
        }
        changes.record(in: &update)

        let reconfigured = new.reconfiguredItemIdentifiers.filter { !reloaded.contains($0) }
        for (identifier, path) in zip(reconfigured, new.indexPaths(ofItems: reconfigured)) {
            if let path { reconfiguredItems.append((identifier, path)) }
        }
    }

    /// Whether two item arrays are one storage (so equal without comparing): same count and
    /// the same first element's address. Empty arrays are never taken as shared (an empty
    /// section has nothing to classify anyway).
    @inlinable
    static func sharesStorage(_ olds: [Item], _ news: [Item]) -> Bool {
        guard !olds.isEmpty, olds.count == news.count else { return false }
        return olds.withUnsafeBufferPointer { old in news.withUnsafeBufferPointer { $0.baseAddress == old.baseAddress } }
    }

    /// Heckel's pass 4 on one carried section: walks the old and new items in step from the
    /// start, pairing equal ones (returned as runs in new order). At a difference the walk
    /// re-aligns on the nearest equal pair a few items ahead on either side, setting the
    /// items passed over aside in `pending` (for the symbol table, which tells moved items
    /// from deleted and inserted ones). When nothing is equal nearby, the snapshots' item
    /// tables tell a deleted old item or an inserted new one, passed over on its side;
    /// otherwise both items are set aside, and after a few such steps in a row (a shuffled
    /// section) the rest of the section is.
    /// - Complexity: O(m) for m items; identifiers are hashed only near differences.
    @inlinable
    static func pairInStep(
        _ olds: [Item], _ news: [Item], oldSection: Int, newSection: Int, old: Snapshot, new: Snapshot,
        changes: inout ItemChanges, pending: inout PendingItems
    ) -> [PairedRun] {
        var runs: [PairedRun] = []
        olds.withUnsafeBufferPointer { olds in
            news.withUnsafeBufferPointer { news in
                var i = 0, j = 0
                var unaligned = 0  // consecutive differences the walk could not re-align
                while i < olds.count, j < news.count {
                    if olds[i] == news[j] {
                        let start = (old: i, new: j)
                        repeat {
                            i += 1
                            j += 1
                        } while i < olds.count && j < news.count && olds[i] == news[j]
                        runs.append(PairedRun(new: start.new, old: start.old, count: i - start.old))
                        unaligned = 0
                        continue
                    }
                    // The nearest equal pair ahead: the items before it on one side were
                    // deleted, inserted or moved; the symbol table will say which.
                    var skip = 1
                    var skipsOld = false, skipsNew = false
                    while skip <= PendingItems.realignmentWindow {
                        if i + skip < olds.count, olds[i + skip] == news[j] {
                            skipsOld = true
                            break
                        }
                        if j + skip < news.count, news[j + skip] == olds[i] {
                            skipsNew = true
                            break
                        }
                        skip += 1
                    }
                    if skipsOld {
                        for k in i..<(i + skip) { pending.old.append(IndexPath(item: k, section: oldSection)) }
                        i += skip
                        continue
                    }
                    if skipsNew {
                        for k in j..<(j + skip) { pending.new.append(IndexPath(item: k, section: newSection)) }
                        j += skip
                        continue
                    }
                    // Nothing equal nearby: a long block deleted or inserted, or a shuffle.
                    if new.sectionOfItem[olds[i]] == nil {
                        changes.deletes.append(IndexPath(item: i, section: oldSection))
                        i += 1
                        continue
                    }
                    if old.sectionOfItem[news[j]] == nil {
                        changes.inserts.append(IndexPath(item: j, section: newSection))
                        j += 1
                        continue
                    }
                    pending.old.append(IndexPath(item: i, section: oldSection))
                    pending.new.append(IndexPath(item: j, section: newSection))
                    i += 1
                    j += 1
                    unaligned += 1
                    // Shuffled: Heckel's symbol table for the rest of the section.
                    if unaligned > PendingItems.unalignedLimit { break }
                }
                for k in i..<olds.count { pending.old.append(IndexPath(item: k, section: oldSection)) }
                for k in j..<news.count { pending.new.append(IndexPath(item: k, section: newSection)) }
            }
        }
        return runs
    }
}

/// Items the in-step walk set aside (not opposite an equal item), for Heckel's symbol
/// table.
@usableFromInline
struct PendingItems {
    @usableFromInline var old: [IndexPath] = []
    @usableFromInline var new: [IndexPath] = []

    /// How far ahead the walk looks for an equal pair to re-align on: a moved, deleted or
    /// inserted item, or a few next to each other, re-align within a few.
    @usableFromInline static let realignmentWindow = 16
    /// Consecutive differences without re-aligning after which the rest of a section goes
    /// to the symbol table (the walk's cost stays O(window) per item set aside).
    @usableFromInline static let unalignedLimit = 8

    @inlinable init() {}
}

/// Consecutive new items `new..<new + count` paired with the consecutive old items
/// `old..<old + count` of the section they are carried from.
@usableFromInline
struct PairedRun: Equatable {
    @usableFromInline var new: Int
    @usableFromInline var old: Int
    @usableFromInline var count: Int

    @inlinable init(new: Int, old: Int, count: Int) {
        self.new = new
        self.old = old
        self.count = count
    }

    /// Two lists of runs, each in new order, as one in new order.
    @usableFromInline
    static func merging(_ a: [PairedRun], _ b: [PairedRun]) -> [PairedRun] {
        guard !b.isEmpty else { return a }
        var merged: [PairedRun] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].new < b[j].new) {
                merged.append(a[i])
                i += 1
            } else {
                merged.append(b[j])
                j += 1
            }
        }
        return merged
    }
}

/// The item changes of a difference, collected as index paths, then recorded in a
/// `BatchUpdate` in ascending order. Not generic: compiled once.
@usableFromInline
struct ItemChanges {
    @usableFromInline var inserts: [IndexPath] = []
    @usableFromInline var deletes: [IndexPath] = []
    @usableFromInline var reloads: [IndexPath] = []
    @usableFromInline var moves: [(IndexPath, IndexPath)] = []

    @inlinable init() {}

    /// The candidates of one carried section (runs of new items paired with old items of
    /// `oldSection`, in new order): those on one longest increasing run of old indices stay
    /// (reloaded in place when among `reloadedItems`, new indices), the others move, or,
    /// when `isReloaded` (a new index), are deleted and inserted (a batch update cannot
    /// move and reload one item).
    /// - Complexity: O(r log m + k) for r runs, m items and k items that move, plus
    ///   O(q log r) for q reloaded items.
    @usableFromInline
    mutating func classifyCandidates(
        _ runs: [PairedRun], from oldSection: Int, to newSection: Int, reloadedItems: [Int], isReloaded: ((Int) -> Bool)?
    ) {
        let kept = longestIncreasingRunPrefixes(runs)
        for (run, keptCount) in zip(runs, kept) where keptCount < run.count {
            for offset in keptCount..<run.count {
                let from = IndexPath(item: run.old + offset, section: oldSection)
                let to = IndexPath(item: run.new + offset, section: newSection)
                if let isReloaded, isReloaded(to.item) {
                    deletes.append(from)
                    inserts.append(to)
                } else {
                    moves.append((from, to))
                }
            }
        }
        // Reloaded items that stay: reloaded in place.
        for item in reloadedItems {
            var low = 0, high = runs.count  // the last run starting at or before `item`
            while low < high {
                let middle = (low + high) / 2
                if runs[middle].new <= item { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { continue }
            let run = runs[low - 1]
            let offset = item - run.new
            if offset < kept[low - 1] { reloads.append(IndexPath(item: run.old + offset, section: oldSection)) }
        }
    }

    /// Adds the changes to `update`, each kind in ascending order (moves by destination).
    @usableFromInline
    func record(in update: inout BatchUpdate) {
        update.insertItems(at: inserts.sorted())
        update.deleteItems(at: deletes.sorted())
        update.reloadItems(at: reloads.sorted())
        for (from, to) in moves.sorted(by: { $0.1 < $1.1 }) { update.moveItem(at: from, to: to) }
    }
}

/// One longest strictly increasing subsequence of the old indices of `runs` (taken in
/// order, each run's old indices increasing by one), as the number of items of each run on
/// it: always a prefix of the run.
///
/// Patience sorting, run by run. `tails[l]` is the smallest old index ending an increasing
/// subsequence of length l + 1. An old index x lands where the first tail above it is; the
/// next one of its run, x + 1, then lands just after (the tail there was above x and is not
/// x + 1, which comes later): a run of c items overwrites c consecutive tails, found by one
/// binary search (none when it extends the longest subsequence, the common case: items that
/// kept their order), and the predecessor of each of its items but the first is the one
/// before it. So a longest subsequence goes through a prefix of each run it touches, and
/// following the first items' predecessors back from the last tail finds it.
/// - Complexity: O(n + r log n) for n items in r runs, with one pass of writes over n
///   `Int32`s; no work per item otherwise.
@usableFromInline
func longestIncreasingRunPrefixes(_ runs: [PairedRun]) -> [Int] {
    // Tails as 32-bit integers halve the memory written (every item is written once) for
    // any section of fewer than 2^31 items.
    let end = runs.reduce(0) { max($0, $1.old + $1.count) }
    return end <= Int(Int32.max) ? longestIncreasingRunPrefixes(runs, tail: Int32.self) : longestIncreasingRunPrefixes(runs, tail: Int.self)
}

private func longestIncreasingRunPrefixes<Tail: FixedWidthInteger>(_ runs: [PairedRun], tail: Tail.Type) -> [Int] {
    var kept = [Int](repeating: 0, count: runs.count)
    guard !runs.isEmpty else { return kept }
    let total = runs.reduce(0) { $0 + $1.count }
    // The old index before each run's first item on its subsequence (-1: none).
    var predecessor = [Int](repeating: -1, count: runs.count)
    var tailCount = 0
    let tails = UnsafeMutablePointer<Tail>.allocate(capacity: total)
    defer { tails.deallocate() }
    for (index, run) in runs.enumerated() {
        let first = run.old
        var position = tailCount
        if tailCount > 0, Int(tails[tailCount - 1]) > first {
            var low = 0, high = tailCount - 1
            while low < high {
                let middle = (low + high) / 2
                if Int(tails[middle]) < first { low = middle + 1 } else { high = middle }
            }
            position = low
        }
        if position > 0 { predecessor[index] = Int(tails[position - 1]) }
        for offset in 0..<run.count { tails[position + offset] = Tail(truncatingIfNeeded: first + offset) }
        tailCount = max(tailCount, position + run.count)
    }
    // Back from the last tail: the run holding each old index, by old index.
    let byOld = runs.indices.sorted { runs[$0].old < runs[$1].old }
    var value = Int(tails[tailCount - 1])
    while value >= 0 {
        var low = 0, high = byOld.count  // the last run whose old items start at or before `value`
        while low < high {
            let middle = (low + high) / 2
            if runs[byOld[middle]].old <= value { low = middle + 1 } else { high = middle }
        }
        let run = byOld[low - 1]
        kept[run] = value - runs[run].old + 1
        value = predecessor[run]
    }
    return kept
}

/// For each of `values`, whether it belongs to one longest strictly increasing
/// subsequence of the non-negative ones (negative values are skipped: never members).
/// - Complexity: O(n log n).
@usableFromInline
func longestIncreasingSubsequenceMembers(_ values: [Int]) -> [Bool] {
    var runs: [PairedRun] = []
    runs.reserveCapacity(values.count)
    for (index, value) in values.enumerated() where value >= 0 { runs.append(PairedRun(new: index, old: value, count: 1)) }
    var members = [Bool](repeating: false, count: values.count)
    for (run, kept) in zip(runs, longestIncreasingRunPrefixes(runs)) where kept > 0 { members[run.new] = true }
    return members
}

extension DiffableDataSourceSnapshot {
    /// The batch update that turns `other` into this snapshot: what `apply` hands the
    /// collection view (deletes, reloads and move sources at positions in `other`; inserts
    /// and move destinations at positions in this one; the fewest moves).
    /// - Complexity: O(n + m log n) for n items and m items out of order; identifiers are
    ///   compared in step and hashed only around changes.
    @inlinable
    public func batchUpdate(from other: Self) -> BatchUpdate {
        SnapshotDifference(from: other, to: self).update
    }

    /// Where each of `identifiers` is (nil when absent), by one pass over the items when
    /// there are many, by searching their sections when there are few.
    /// - Complexity: O(min(k·m, n)) for k identifiers, m items a section, n items.
    @usableFromInline
    func indexPaths(ofItems identifiers: [Item]) -> [IndexPath?] {
        guard identifiers.count > 8 else {
            return identifiers.map { indexPath(ofItem: $0, near: nil) }
        }
        var wanted: [Item: Int] = [:]
        wanted.reserveCapacity(identifiers.count)
        for (index, identifier) in identifiers.enumerated() { wanted.updateValue(index, forKey: identifier) }
        var paths = [IndexPath?](repeating: nil, count: identifiers.count)
        for (section, items) in itemsBySection.enumerated() {
            for (item, identifier) in items.enumerated() {
                if let index = wanted[identifier] { paths[index] = IndexPath(item: item, section: section) }
            }
        }
        return paths
    }

    /// Where `identifier` is, nil when absent: its section from the item table, then a
    /// search of that section outward from `hint`'s item (an item moved a few places by an
    /// update is found in a few steps).
    /// - Complexity: O(d) for the distance d from the hint, O(m) at most for m items of the
    ///   section.
    func indexPath(ofItem identifier: Item, near hint: IndexPath?) -> IndexPath? {
        guard let section = sectionOfItem[identifier], let index = sectionIndex[section] else { return nil }
        let items = itemsBySection[index]
        let start = min(max(hint?.item ?? 0, 0), items.count)
        var below = start - 1, above = start
        while below >= 0 || above < items.count {
            if above < items.count {
                if items[above] == identifier { return IndexPath(item: above, section: index) }
                above += 1
            }
            if below >= 0 {
                if items[below] == identifier { return IndexPath(item: below, section: index) }
                below -= 1
            }
        }
        return nil
    }
}
