import Trellis

extension CollectionView {
    // MARK: User-driven highlighting and selection (what a host calls for touches, clicks, keys)
    //
    // UIKit does this inside its gesture handling; a headless collection view has no
    // events, so the host that owns the window (a GTK widget, a test) reports them here.
    // These entry points ask and tell the delegate, in UIKit's order:
    // shouldHighlight → didHighlight (press), then on release shouldSelect →
    // didUnhighlight → (didDeselect of the item it replaces) → didSelect.

    /// A press (touch down, mouse button down) at `point`, in the collection view's
    /// coordinates (content coordinates: the bounds origin is the content offset). The item
    /// there, if any, is highlighted when selection is allowed and the delegate's
    /// `shouldHighlightItemAt` agrees: its cell's `isHighlighted` becomes true and the
    /// delegate hears `didHighlightItemAt`. An interaction still running is cancelled first.
    ///
    /// A press on an enabled ``Button`` inside a displayed cell goes to the button, as a
    /// touch on a `UIButton` in a `UICollectionViewCell` does: the button tracks it
    /// (highlighted until the release, its actions run when the release is inside it) and
    /// the item is neither highlighted nor selected.
    /// - Returns: the highlighted item, nil when the press is on no item, on a button, or
    ///   the item may not be highlighted (then releasing selects nothing, as in UIKit).
    /// - Complexity: O(log n + k), the layout's query at one point, plus the hit-test of
    ///   the cell there (`hitTest(_:)`).
    @discardableResult
    public func beginInteraction(at point: Point) -> IndexPath? {
        cancelInteraction()
        let indexPath = indexPathForItem(at: point)
        if let indexPath, let cell = displayed.cells[indexPath], let button = button(at: point, in: cell),
           button.beginTracking() {
            selection.track(button)
            return nil
        }
        guard allowsSelection, let indexPath else { return nil }
        if let delegate, !delegate.collectionView(self, shouldHighlightItemAt: indexPath) { return nil }
        selection.beginInteraction(highlighting: indexPath)
        if let cell = displayed.cells[indexPath] { cell.isHighlighted = true }
        setNeedsLayout()
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
        return indexPath
    }

    /// The release (touch up, mouse button up) that ends the interaction begun by
    /// `beginInteraction(at:)`: the item is unhighlighted and, when `point` is still on it
    /// (nil: assume so), selected as `userSelectItem(at:extending:toggling:)` selects it.
    /// A press that went to a button ends its tracking instead: the button's actions run
    /// when `point` is inside it (nil: assume so), and no item is selected.
    /// - Returns: the item the release selected or deselected, nil when nothing changed.
    /// - Throws: what `userSelectItem` throws.
    @discardableResult
    public func endInteraction(at point: Point? = nil, extending: Bool = false, toggling: Bool = false) throws -> IndexPath? {
        if let button = selection.takeTrackingButton() {
            button.endTracking(inside: point.map { button.point(inside: convert($0, to: button)) } ?? true)
            return nil
        }
        guard let indexPath = selection.takeInteractionItem() else { return nil }
        if let point, indexPathForItem(at: point) != indexPath {
            unhighlightItem()
            return nil
        }
        defer { unhighlightItem() }  // when the delegate refused the selection
        let changed = try userSelectItem(at: indexPath, extending: extending, toggling: toggling, beforeChange: unhighlightItem)
        return changed ? indexPath : nil
    }

    /// Ends the interaction without selecting (the press turned into a scroll, the
    /// pointer left the window): the item is unhighlighted, a button pressed stops
    /// tracking without running its actions.
    public func cancelInteraction() {
        selection.takeTrackingButton()?.endTracking(inside: false)
        _ = selection.takeInteractionItem()
        unhighlightItem()
    }

    /// The enabled button at `point` (in the collection view's coordinates) inside `cell`:
    /// the frontmost view of the cell there or one of its ancestors in the cell, or nil.
    private func button(at point: Point, in cell: CollectionViewCell) -> Button? {
        // Displayed cells are subviews of the collection view: their coordinates are one
        // offset away (no walk to the root, as `convert` does).
        let local = cell.superview === self
            ? Point(x: point.x - cell.frame.minX + cell.bounds.minX, y: point.y - cell.frame.minY + cell.bounds.minY)
            : convert(point, to: cell)
        var view = cell.hitTest(local)
        while let current = view, current !== self {
            if let button = current as? Button, button.isEnabled { return button }
            view = current.superview
        }
        return nil
    }

    /// Ends the highlight, telling the delegate.
    private func unhighlightItem() {
        guard let indexPath = selection.takeHighlightedItem() else { return }
        if let cell = displayed.cells[indexPath] { cell.isHighlighted = false }
        setNeedsLayout()
        delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }

    /// Selects or deselects the item as the user asked (a tap, a click, Space on a focused
    /// item), asking `shouldSelectItemAt` / `shouldDeselectItemAt` and telling
    /// `didSelectItemAt` / `didDeselectItemAt`:
    ///
    /// - **Single selection**: the item becomes the selection (the previous one is
    ///   deselected, `didDeselect` then `didSelect`); a plain click on the selected item
    ///   selects it again (`didSelect` again, as UIKit does). With `toggling` (Ctrl-click)
    ///   a selected item is deselected.
    /// - **Multiple selection**: a plain click makes the item the only selected one
    ///   (desktop convention); `toggling` (Ctrl-click, and UIKit's tap in multiple
    ///   selection) adds or removes the item; `extending` (Shift-click) selects the range
    ///   of items in index-path order from the anchor (the last item clicked without Shift)
    ///   to this one, replacing the selection, or adding to it with `toggling` too.
    ///
    /// Does nothing while `allowsSelection` is false.
    /// - Returns: whether the item's selection changed or it was selected again.
    /// - Throws: `indexPathOutOfRange` for an item not in the collection.
    /// - Complexity: O(1) on average, plus the items deselected and, for a range, O(r) for
    ///   the r items in it.
    @discardableResult
    public func userSelectItem(at indexPath: IndexPath, extending: Bool = false, toggling: Bool = false) throws -> Bool {
        try userSelectItem(at: indexPath, extending: extending, toggling: toggling, beforeChange: {})
    }

    private func userSelectItem(
        at indexPath: IndexPath, extending: Bool, toggling: Bool, beforeChange: () -> Void
    ) throws -> Bool {
        guard allowsSelection else { return false }
        try readCountsIfNeeded()
        try checkItem(indexPath, role: "selected")
        if allowsMultipleSelection, extending, let anchor = selection.anchor, (try? checkItem(anchor, role: "")) != nil {
            return selectRange(from: anchor, to: indexPath, adding: toggling, beforeChange: beforeChange)
        }
        selection.setAnchor(indexPath)
        if toggling && selection.contains(indexPath) {
            guard shouldDeselect(indexPath) else { return false }
            beforeChange()
            deselectItem(at: indexPath)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
            return true
        }
        guard shouldSelect(indexPath) else { return false }
        beforeChange()
        if !toggling || !allowsMultipleSelection {
            // The item becomes the selection: the others are deselected, and told so.
            deselectAllItems(except: indexPath, notifying: true)
        }
        select(indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
        return true
    }

    /// Shift-click: selects the items from `anchor` to `end` (either order, across
    /// sections), each with `shouldSelect`; without `adding`, the items outside the range
    /// are deselected first (each with `shouldDeselect`). The anchor stays.
    private func selectRange(from anchor: IndexPath, to end: IndexPath, adding: Bool, beforeChange: () -> Void) -> Bool {
        let (first, last) = anchor <= end ? (anchor, end) : (end, anchor)
        beforeChange()
        var changed = false
        if !adding {
            for other in selection.sortedIndexPaths where other < first || other > last {
                guard shouldDeselect(other) else { continue }
                deselectItem(at: other)
                delegate?.collectionView(self, didDeselectItemAt: other)
                changed = true
            }
        }
        var indexPath = first
        while true {
            if !selection.contains(indexPath), shouldSelect(indexPath) {
                select(indexPath)
                delegate?.collectionView(self, didSelectItemAt: indexPath)
                changed = true
            }
            guard indexPath != last, let next = self.indexPath(after: indexPath) else { break }
            indexPath = next
        }
        return changed
    }

    /// The next item in index-path order, skipping empty sections; nil after the last.
    private func indexPath(after indexPath: IndexPath) -> IndexPath? {
        if indexPath.item + 1 < sectionCounts[indexPath.section] { return IndexPath(item: indexPath.item + 1, section: indexPath.section) }
        var section = indexPath.section + 1
        while section < sectionCounts.count {
            if sectionCounts[section] > 0 { return IndexPath(item: 0, section: section) }
            section += 1
        }
        return nil
    }

    private func shouldSelect(_ indexPath: IndexPath) -> Bool {
        delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true
    }

    private func shouldDeselect(_ indexPath: IndexPath) -> Bool {
        delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true
    }
}
