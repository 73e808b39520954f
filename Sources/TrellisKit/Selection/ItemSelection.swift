import Trellis

/// The selected items of a collection view, kept by item identity (the data source's
/// `identifierForItemAt`, the index path when it gives none) together with each item's
/// current index path, so that the selection follows its items through batch updates and
/// asking "is this index path selected?" costs one hash lookup; and the interaction in
/// progress (the highlighted item, the item a press began on, a button tracking a press).
///
/// Owned by one collection view; the storage is private, so every change goes through the
/// methods below. Invariant: the two maps of selected items are inverse of each other.
final class ItemSelection {
    /// The identity of each selected item, by its current index path.
    private(set) var identityByIndexPath: [IndexPath: AnyHashable] = [:]
    /// The current index path of each selected item, by identity.
    private var indexPathByIdentity: [AnyHashable: IndexPath] = [:]
    /// The item a range selection (Shift-click) extends from: the last item the user
    /// clicked or the app selected, selected or not. Follows batch updates.
    private(set) var anchor: IndexPath?
    /// The most recently selected item still selected (kept when multiple selection is
    /// turned off).
    private(set) var lastSelected: IndexPath?
    /// The item shown highlighted (touch down / mouse press on it), if any.
    private(set) var highlightedItem: IndexPath?
    /// The item a user interaction (`beginInteraction(at:)`) started on, if any.
    private(set) var interactionItem: IndexPath?
    /// The button inside a cell that a user interaction started on, tracking the press.
    private(set) var trackingButton: Button?

    var count: Int { identityByIndexPath.count }
    var isEmpty: Bool { identityByIndexPath.isEmpty }

    /// - Complexity: O(1) on average.
    @inline(__always)
    func contains(_ indexPath: IndexPath) -> Bool {
        !identityByIndexPath.isEmpty && identityByIndexPath[indexPath] != nil
    }

    /// The selected item when exactly one is (single selection's common case, answered
    /// without building an array).
    var onlyIndexPath: IndexPath? { identityByIndexPath.count == 1 ? identityByIndexPath.first?.key : nil }

    /// The selected index paths in ascending order.
    /// - Complexity: O(s log s) for s selected items.
    var sortedIndexPaths: [IndexPath] { identityByIndexPath.keys.sorted() }

    /// Selects the item `identity` at `indexPath`. An identity already selected at another
    /// index path (a data source giving two items one identity) moves to this one, so the
    /// two maps stay inverse of each other.
    /// - Complexity: O(1) on average.
    func insert(_ identity: AnyHashable, at indexPath: IndexPath) {
        if let previous = identityByIndexPath.updateValue(identity, forKey: indexPath), previous != identity {
            indexPathByIdentity.removeValue(forKey: previous)
        }
        if let previousPath = indexPathByIdentity.updateValue(indexPath, forKey: identity), previousPath != indexPath {
            identityByIndexPath.removeValue(forKey: previousPath)
        }
        lastSelected = indexPath
    }

    /// Deselects the item at `indexPath`; returns whether it was selected.
    /// - Complexity: O(1) on average.
    @discardableResult
    func remove(_ indexPath: IndexPath) -> Bool {
        guard let identity = identityByIndexPath.removeValue(forKey: indexPath) else { return false }
        indexPathByIdentity.removeValue(forKey: identity)
        if lastSelected == indexPath { lastSelected = nil }
        return true
    }

    func setAnchor(_ indexPath: IndexPath?) { anchor = indexPath }

    /// Deselects everything and forgets the anchor.
    func removeAll() {
        identityByIndexPath.removeAll()
        indexPathByIdentity.removeAll()
        anchor = nil
        lastSelected = nil
    }

    /// Moves every selected item to its index path after an update: `transform` gives the
    /// new index path and identity of a selected item (from its old index path and
    /// identity), or nil when the item is gone (deleted, or replaced by an item of another
    /// identity). The anchor follows through `newIndexPath`.
    /// - Complexity: O(s) for s selected items.
    func remap(
        _ transform: (IndexPath, AnyHashable) -> (IndexPath, AnyHashable)?, newIndexPath: (IndexPath) -> IndexPath?
    ) {
        let old = identityByIndexPath
        let oldLast = lastSelected
        identityByIndexPath.removeAll(keepingCapacity: true)
        indexPathByIdentity.removeAll(keepingCapacity: true)
        lastSelected = nil
        var newLast: IndexPath?
        for (indexPath, identity) in old {
            guard let (path, newIdentity) = transform(indexPath, identity) else { continue }
            identityByIndexPath[path] = newIdentity
            indexPathByIdentity[newIdentity] = path
            if indexPath == oldLast { newLast = path }
        }
        lastSelected = newLast
        anchor = anchor.flatMap(newIndexPath)
    }

    // MARK: The interaction in progress

    /// A press began on `indexPath`, which is shown highlighted.
    func beginInteraction(highlighting indexPath: IndexPath) {
        interactionItem = indexPath
        highlightedItem = indexPath
    }

    /// A press began on a button, which tracks it.
    func track(_ button: Button) { trackingButton = button }

    /// The button tracking the press, which stops tracking.
    func takeTrackingButton() -> Button? {
        defer { trackingButton = nil }
        return trackingButton
    }

    /// The item the press began on; the interaction ends.
    func takeInteractionItem() -> IndexPath? {
        defer { interactionItem = nil }
        return interactionItem
    }

    /// Ends the highlight; returns the item that was highlighted.
    func takeHighlightedItem() -> IndexPath? {
        defer { highlightedItem = nil }
        return highlightedItem
    }

    /// Moves the highlight and the interaction to the items' places after a batch update
    /// (see ``remap(_:newIndexPath:)``); a highlighted item deleted or `reloaded` loses its
    /// highlight, and is returned (by its index path before the update).
    func remapInteraction(_ newIndexPath: (IndexPath) -> IndexPath?, reloaded: Set<IndexPath>) -> IndexPath? {
        guard let highlighted = highlightedItem else {
            interactionItem = interactionItem.flatMap(newIndexPath)
            return nil
        }
        highlightedItem = newIndexPath(highlighted).flatMap { reloaded.contains($0) ? nil : $0 }
        interactionItem = highlightedItem
        return highlightedItem == nil ? highlighted : nil
    }
}
