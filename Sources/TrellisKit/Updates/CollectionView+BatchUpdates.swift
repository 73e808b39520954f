import Trellis

extension CollectionView {
    // MARK: Batch updates

    /// Applies insertions, deletions, moves and reloads recorded by `build` (update the
    /// model before or inside it): validates them against the counts before and the data
    /// source's counts after, remaps displayed cells and measured sizes by position,
    /// re-lays out, keeps the first visible surviving item still, and returns the
    /// transition (also in `lastTransition`).
    ///
    /// An invalid update throws and leaves the collection view unchanged.
    /// - Throws: `invalidBatchUpdate`, `indexPathOutOfRange` or `invalidCount`, naming the
    ///   section and the counts.
    /// - Complexity: O(n) for n items (the layout is re-prepared), plus the measuring of
    ///   the items that are new or reloaded once they are displayed. An update that only
    ///   reloads items invalidates just their sizes.
    @discardableResult
    public func performBatchUpdates(_ build: (inout BatchUpdate) throws -> Void) throws -> BatchUpdateTransition {
        // The update is in the data source's terms: a movement under way goes back first.
        cancelInteractiveMovement()
        var update = BatchUpdate()
        try build(&update)
        guard let dataSource else {
            throw CollectionViewError(.missingDataSource, "performBatchUpdates needs a data source")
        }
        if needsReload {
            // Nothing has been read yet: there is no "before" to validate against.
            try updateLayoutIfNeeded(dataSource)
            return record(BatchUpdateTransition())
        }
        let newCounts = try readCounts(dataSource)
        let oldCounts = sectionCounts
        let readerAway = contentAnchor == .bottom && !followsContentEnd
        let pending: PendingTransition
        if let inserted = insertedSectionsOnly(update, newCounts: newCounts) {
            // Days of history paged in above a chat: the cost of the new sections only.
            pending = insertSectionsInPlace(inserted, newCounts: newCounts)
            if readerAway {
                let newSection = SizeStore.sectionShift(inserted)
                noteAppendedItems(oldCounts: oldCounts, newCounts: newCounts) { IndexPath(item: $0.item, section: newSection($0.section)) }
            }
        } else {
            let plan = try BatchUpdatePlan(update, oldCounts: sectionCounts, newCounts: newCounts)
            if update.isEmpty && newCounts == sectionCounts {
                return record(BatchUpdateTransition())
            }
            pending = update.reloadsItemsOnly
                ? reloadItemsInPlace(plan.reloadedNewItems, dataSource)
                : apply(plan, dataSource)
            if readerAway && !update.reloadsItemsOnly {
                noteAppendedItems(oldCounts: oldCounts, newCounts: plan.newCounts, newIndexPath: plan.newIndexPath(forOld:))
            }
        }
        // The frames reported are the final ones: the items now in view are measured
        // first (the cells measured are the ones the next pass shows).
        if selfSizesItems { try measureDisplayedItems(dataSource) }
        setNeedsLayout()
        return record(pending.finish(in: self))
    }

    /// Inserts items (the data source already has them).
    @discardableResult
    public func insertItems(at indexPaths: [IndexPath]) throws -> BatchUpdateTransition {
        try performBatchUpdates { $0.insertItems(at: indexPaths) }
    }

    /// Deletes items (the data source no longer has them).
    @discardableResult
    public func deleteItems(at indexPaths: [IndexPath]) throws -> BatchUpdateTransition {
        try performBatchUpdates { $0.deleteItems(at: indexPaths) }
    }

    /// Reloads items whose content changed: their cached sizes are dropped and they are
    /// measured and configured again; nothing else is re-measured.
    @discardableResult
    public func reloadItems(at indexPaths: [IndexPath]) throws -> BatchUpdateTransition {
        try performBatchUpdates { $0.reloadItems(at: indexPaths) }
    }

    /// Moves an item (the data source already reflects the move).
    @discardableResult
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws -> BatchUpdateTransition {
        try performBatchUpdates { $0.moveItem(at: indexPath, to: newIndexPath) }
    }

    /// Reload without structural change: forget the items' sizes, end their cells' display,
    /// and give the layout their estimates incrementally; the next pass measures them.
    private func reloadItemsInPlace(_ items: [IndexPath], _ dataSource: any CollectionViewDataSource) -> PendingTransition {
        var pending = PendingTransition()
        let reloaded = Set(items)
        for (indexPath, _) in displayed.cells where !reloaded.contains(indexPath) {
            if let attributes = layout.attributesForItem(at: indexPath) { pending.before.append((indexPath, attributes)) }
        }
        var sizes: [(IndexPath, ItemSize)] = []
        for indexPath in items {
            forgetMeasuredSize(at: indexPath)
            if let cell = displayed.removeCell(at: indexPath) {
                if let attributes = layout.attributesForItem(at: indexPath) {
                    pending.transition.disappearing.append(fading(attributes))
                }
                delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
                retireReloadedCell(cell)
            }
            sizes.append((indexPath, sizeForItem(at: indexPath)))
        }
        remapSelection({ $0 }, reloaded: reloaded)
        let anchor = anchorsFirstVisibleItem ? ScrollAnchor(capturing: self) : nil
        invalidateLayout(.sizes(sizes), keeping: anchor)
        pending.appearingCandidates = items
        return pending
    }

    /// As UIKit's `reloadItems`, the reloaded item gets a newly dequeued cell (its old one
    /// fades out meanwhile): the old cell is hidden now and pooled after the next placement
    /// pass. `reconfigureItems` is the way to keep the cell.
    private func retireReloadedCell(_ cell: CollectionViewCell) {
        cell.isHidden = true
        cell.displayedIndexPath = nil
        displayed.retireOnReload(cell)
    }

    func fading(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var faded = attributes
        faded.alpha = 0
        return faded
    }

    /// Remaps the displayed cells, measured sizes and selection by `plan`, and invalidates
    /// the layout (also the interactive movement's moves).
    func apply(_ plan: BatchUpdatePlan, _ dataSource: any CollectionViewDataSource) -> PendingTransition {
        let anchor = anchorsFirstVisibleItem ? ScrollAnchor(capturing: self, surviving: plan.newIndexPath(forOld:)) : nil
        let reloaded = Set(plan.reloadedNewItems)

        // Before: attributes of what is displayed, for the transition.
        var before: [IndexPath: LayoutAttributes] = [:]
        for indexPath in displayed.cells.keys {
            if let attributes = layout.attributesForItem(at: indexPath) { before[indexPath] = attributes }
        }

        // Reloaded items forget their cached sizes.
        for indexPath in plan.reloadedNewItems {
            sizes.removeCachedSize(forIdentity: dataSource.collectionView(self, identifierForItemAt: indexPath))
        }

        // Displayed cells follow their items; deleted and reloaded ones leave.
        var pending = PendingTransition()
        var kept: [IndexPath: CollectionViewCell] = [:]
        for (old, cell) in displayed.cells {
            if let new = plan.newIndexPath(forOld: old), !reloaded.contains(new) {
                kept[new] = cell
                cell.displayedIndexPath = new
            } else {
                if let attributes = before[old] { pending.transition.disappearing.append(fading(attributes)) }
                delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: old)
                if let new = plan.newIndexPath(forOld: old), reloaded.contains(new) { retireReloadedCell(cell) } else { enqueue(cell) }
            }
        }
        recycleAllSupplementaryViews()
        recycleAllDecorationViews()
        sizes.forgetSupplementarySizes()  // sections may have moved: headers are measured again
        displayed.replaceCells(kept)
        displayed.forgetPrefetched()

        // Measured sizes follow their items; reloaded items forget theirs.
        sizes.remap(newCounts: plan.newCounts, oldIndexPaths: plan.oldIndexPaths(forNewSection:), reloaded: reloaded)
        setSectionCounts(plan.newCounts)
        remapSelection(plan.newIndexPath(forOld:), reloaded: reloaded)
        // The anchor, under its new index path, is the layout's too, with where every item
        // was: a flow keeps the lines from the anchor's on and breaks those above it
        // backward, a waterfall keeps its items' columns and the anchor's neighbours'
        // places, so inserts and deletes above the viewport move nothing on screen.
        var everything = InvalidationContext.everything
        everything.previousIndexPath = { [plan] in plan.oldIndexPath(forNew: $0) }
        invalidateLayout(everything, keeping: anchor)

        pending.kept = Set(kept.keys)
        pending.before = before.compactMap { old, attributes in
            plan.newIndexPath(forOld: old).flatMap { reloaded.contains($0) ? nil : ($0, attributes) }
        }
        return pending
    }
}
