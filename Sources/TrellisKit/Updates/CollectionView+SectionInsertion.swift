import Trellis

extension CollectionView {
    // MARK: Sections inserted, nothing else changed

    /// The sections `update` inserts (new indices, ascending) when that is all it does and
    /// the data source's counts agree (every other section keeps its count): the batch
    /// update then takes ``insertSectionsInPlace(_:newCounts:)``. Nil otherwise; the general
    /// path validates the update and names what is wrong with it.
    /// - Complexity: O(s log k) for s sections and k inserted ones.
    func insertedSectionsOnly(_ update: BatchUpdate, newCounts: [Int]) -> [Int]? {
        guard !update.insertedSections.isEmpty, update.deletedSections.isEmpty, update.reloadedSections.isEmpty,
              update.movedSections.isEmpty, update.insertedItems.isEmpty, update.deletedItems.isEmpty,
              update.reloadedItems.isEmpty, update.movedItems.isEmpty
        else { return nil }
        let inserted = update.insertedSections.sorted()
        guard zip(inserted, inserted.dropFirst()).allSatisfy({ $0 < $1 }), inserted.first! >= 0,
              newCounts.count == sectionCounts.count + inserted.count, inserted.last! < newCounts.count
        else { return nil }
        let newSection = SizeStore.sectionShift(inserted)
        for (old, count) in sectionCounts.enumerated() where newCounts[newSection(old)] != count { return nil }
        return inserted
    }

    /// A batch update that inserts `inserted` sections and changes nothing else, without
    /// the work proportional to every item the general path does (its maps of every item
    /// before and after, the sizes copied item by item, the layout prepared again): the
    /// displayed cells, measured sizes, headers and footers, and the selection move with
    /// their sections; the layout reads only the new sections
    /// (`InvalidationContext.insertedSections`); the first visible item (or the end of a
    /// followed content) stays where it is. The effect is the general path's.
    /// - Complexity: O(s + k + m) for s sections, k displayed cells and m items in the new
    ///   sections (with a layout that reads only those; else its full relayout).
    func insertSectionsInPlace(_ inserted: [Int], newCounts: [Int]) -> PendingTransition {
        let newSection = SizeStore.sectionShift(inserted)
        let moved: (IndexPath) -> IndexPath? = { IndexPath(item: $0.item, section: newSection($0.section)) }
        let anchor = anchorsFirstVisibleItem ? ScrollAnchor(capturing: self, surviving: moved) : nil
        var pending = PendingTransition()
        var kept: [IndexPath: CollectionViewCell] = [:]
        for (old, cell) in displayed.cells {
            let new = IndexPath(item: old.item, section: newSection(old.section))
            if let attributes = layout.attributesForItem(at: old) { pending.before.append((new, attributes)) }
            kept[new] = cell
            cell.displayedIndexPath = new
        }
        recycleAllSupplementaryViews()
        recycleAllDecorationViews()
        displayed.replaceCells(kept)
        displayed.forgetPrefetched()
        sizes.insertSections(inserted, newSectionCount: newCounts.count)
        setSectionCounts(newCounts)
        remapSelection(moved, reloaded: [])
        // As the general path: the anchor and where every item was, for a layout that does
        // not read `insertedSections` and places items by what came before them.
        var everything = InvalidationContext(invalidatesEverything: true, insertedSections: inserted)
        everything.previousIndexPath = { new in
            // The inserted sections before `new.section`, by binary search; none for a new one.
            var low = 0, high = inserted.count
            while low < high {
                let middle = (low + high) / 2
                if inserted[middle] < new.section { low = middle + 1 } else { high = middle }
            }
            if low < inserted.count && inserted[low] == new.section { return nil }
            return IndexPath(item: new.item, section: new.section - low)
        }
        invalidateLayout(everything, keeping: anchor)
        pending.kept = Set(kept.keys)
        return pending
    }
}
