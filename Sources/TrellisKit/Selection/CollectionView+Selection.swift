import Trellis

extension CollectionView {
    // MARK: Selected items (programmatic: no delegate calls, as in UIKit)

    /// The selected items in ascending index-path order (`indexPathsForSelectedItems`);
    /// empty, never nil, when nothing is selected (optional only for UIKit's shape).
    /// - Complexity: O(s log s) for s selected items.
    public var indexPathsForSelectedItems: [IndexPath]? { selection.sortedIndexPaths }

    /// Whether the item at `indexPath` is selected.
    /// - Complexity: O(1) on average.
    public func isItemSelected(at indexPath: IndexPath) -> Bool { selection.contains(indexPath) }

    /// Selects the item (`selectItem(at:animated:scrollPosition:)`) without asking or
    /// telling the delegate, as in UIKit. In single selection the item replaces the
    /// selection; in multiple selection it is added. `nil` deselects every item. Does
    /// nothing while `allowsSelection` is false (UIKit ignores it too). A non-empty
    /// `scrollPosition` then scrolls the item to that position (`scrollToItem(at:at:)`).
    ///
    /// `animated` is accepted for UIKit's shape; a headless view has nothing to animate.
    /// - Throws: `indexPathOutOfRange` for an item not in the collection (the selection is
    ///   left as it was), `invalidScrollPosition`, and what the layout pass throws.
    /// - Complexity: O(1) on average (plus the deselected items in single selection), and
    ///   one layout pass when it scrolls.
    public func selectItem(at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = []) throws {
        guard let indexPath else {
            deselectAllItems()
            return
        }
        guard allowsSelection else { return }
        try readCountsIfNeeded()
        try checkItem(indexPath, role: "selected")
        if !allowsMultipleSelection { deselectAllItems(except: indexPath) }
        select(indexPath)
        selection.setAnchor(indexPath)
        if !scrollPosition.isEmpty { try scrollToItem(at: indexPath, at: scrollPosition) }
    }

    /// Deselects the item (`deselectItem(at:animated:)`) without asking or telling the
    /// delegate; nothing happens for an item not selected.
    /// - Complexity: O(1) on average.
    public func deselectItem(at indexPath: IndexPath, animated: Bool = false) {
        guard selection.remove(indexPath) else { return }
        setCellSelected(false, at: indexPath)
    }

    // MARK: Internals shared with user-driven selection

    /// Reads the counts when a reload is pending, so index paths can be checked.
    func readCountsIfNeeded() throws {
        guard needsReload else { return }
        guard let dataSource else {
            throw CollectionViewError(.missingDataSource, "selecting items needs a data source")
        }
        try updateLayoutIfNeeded(dataSource)
    }

    /// The identity the selection keeps for the item (the data source's, else the index
    /// path).
    @inline(__always)
    func selectionIdentity(at indexPath: IndexPath) -> AnyHashable {
        dataSource?.collectionView(self, identifierForItemAt: indexPath) ?? AnyHashable(indexPath)
    }

    /// Adds the item to the selection and marks its displayed cell.
    func select(_ indexPath: IndexPath) {
        selection.insert(selectionIdentity(at: indexPath), at: indexPath)
        setCellSelected(true, at: indexPath)
    }

    /// Deselects every item (but `kept`), in index-path order; tells the delegate
    /// (`didDeselectItemAt`) when `notifying`.
    /// - Complexity: O(1) when at most one item is selected, else O(s log s).
    func deselectAllItems(except kept: IndexPath? = nil, notifying: Bool = false) {
        guard !selection.isEmpty else { return }
        if let only = selection.onlyIndexPath {
            if only != kept { deselect(only, notifying: notifying) }
            return
        }
        for indexPath in selection.sortedIndexPaths where indexPath != kept { deselect(indexPath, notifying: notifying) }
    }

    private func deselect(_ indexPath: IndexPath, notifying: Bool) {
        selection.remove(indexPath)
        setCellSelected(false, at: indexPath)
        if notifying { delegate?.collectionView(self, didDeselectItemAt: indexPath) }
    }

    /// Sets the selected state of the item's displayed (or measured, about to be shown)
    /// cell; the selection changed, so the host is asked for a layout (and redraw).
    func setCellSelected(_ selected: Bool, at indexPath: IndexPath) {
        if let cell = displayed.cells[indexPath] ?? displayed.pendingCells[indexPath], cell.isSelected != selected {
            cell.isSelected = selected
        }
        setNeedsLayout()
    }

    /// Gives a cell handed out for `indexPath` the item's selected and highlighted state
    /// (after `prepareForReuse`, before the data source configures it or it is displayed).
    @inline(__always)
    func applySelectionState(to cell: CollectionViewCell, at indexPath: IndexPath) {
        let selected = selection.contains(indexPath)
        if cell.isSelected != selected { cell.isSelected = selected }
        let highlighted = selection.highlightedItem == indexPath
        if cell.isHighlighted != highlighted { cell.isHighlighted = highlighted }
        // The rest of the configuration state (editing, expansion, swipe) is read from
        // here; the cell is updated for it before it is measured or shown, as UIKit does.
        cell.configurationOwner = self
        cell.configurationIndexPath = indexPath
        cell.setNeedsUpdateConfiguration()
    }

    /// Forgets the selection and any highlight or interaction (reload; selection turned
    /// off), updating the displayed cells; no delegate calls.
    func clearSelection() {
        deselectAllItems()
        selection.removeAll()
        if let highlighted = selection.takeHighlightedItem() {
            displayed.cells[highlighted]?.isHighlighted = false
            setNeedsLayout()
        }
        _ = selection.takeInteractionItem()
    }

    /// Multiple selection turned off: only the most recently selected item stays.
    func keepOnlyLastSelectedItem() {
        guard selection.count > 1 else { return }
        let kept = selection.lastSelected ?? selection.sortedIndexPaths.last
        deselectAllItems(except: kept)
    }

    /// Moves the selection, the anchor and the highlight to the items' places after a batch
    /// update. `newIndexPath` maps an index path before the update to the one after (nil:
    /// deleted); items in `reloaded` (index paths after) stay selected only when their
    /// identity did not change. Items identified by their index path take the new one.
    /// Deleted items drop out of the selection without delegate calls, as in UIKit; a
    /// highlighted item that is deleted or reloaded ends its highlight with
    /// `didUnhighlightItemAt` (its index path before the update).
    /// - Complexity: O(s) for s selected items.
    func remapSelection(_ newIndexPath: (IndexPath) -> IndexPath?, reloaded: Set<IndexPath>) {
        // A pressed item deleted or reloaded: its highlight ends here (a release then
        // selects nothing), and the delegate hears it at the index path it had, as it heard
        // `didHighlight` there.
        if let unhighlighted = selection.remapInteraction(newIndexPath, reloaded: reloaded) {
            delegate?.collectionView(self, didUnhighlightItemAt: unhighlighted)
        }
        guard !selection.isEmpty || selection.anchor != nil else { return }
        selection.remap({ old, identity in
            guard let new = newIndexPath(old) else { return nil }
            if identity == AnyHashable(old) { return (new, selectionIdentity(at: new)) }
            if reloaded.contains(new), selectionIdentity(at: new) != identity { return nil }
            return (new, identity)
        }, newIndexPath: newIndexPath)
    }
}
