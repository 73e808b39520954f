import Trellis

extension CollectionView {
    // MARK: Headless swipe (what a host's swipe gesture calls)
    //
    // UIKit reveals swipe actions inside its pan gesture; a headless collection view has
    // no events, so the host that owns the window (the GTK widget's drag gesture, a test)
    // reports the swipe here. One item at a time shows its actions, as in UIKit; its
    // cell's configuration state has `isSwiped` true until the swipe closes.

    /// The item whose swipe actions are revealed, nil when none.
    public var indexPathForSwipedItem: IndexPath? { swipeState.revealed?.indexPath }

    /// The edge the revealed actions belong to, nil when none are revealed.
    public var swipedEdge: SwipeEdge? { swipeState.revealed?.edge }

    /// The actions revealed on the swiped item, the first nearest the edge; empty when
    /// none are.
    public var revealedSwipeActions: [ContextualAction] { swipeState.revealed?.configuration.actions ?? [] }

    /// The item whose actions are revealed (for the configuration state).
    var swipedItem: IndexPath? { swipeState.revealed?.indexPath }

    /// The swipe actions the list gives the item for `edge`: the answer of the provider
    /// its section's list configuration has for the edge
    /// (`leadingSwipeActionsConfigurationProvider` /
    /// `trailingSwipeActionsConfigurationProvider`), nil when the layout is not a
    /// compositional list, there is no provider, or it gives no actions.
    /// - Complexity: O(1) plus the provider.
    public func swipeActionsConfiguration(forItemAt indexPath: IndexPath, edge: SwipeEdge) -> SwipeActionsConfiguration? {
        guard let providers = listConfiguration(ofSection: indexPath.section)?.swipeActionsProviders,
              let provider = edge == .leading ? providers.leading : providers.trailing,
              let configuration = provider.actions(indexPath) as? SwipeActionsConfiguration,
              !configuration.actions.isEmpty
        else { return nil }
        return configuration
    }

    /// Reveals the item's swipe actions for `edge`, as a partial swipe that stays open
    /// does: another item's revealed actions close first. Does nothing (returns false)
    /// for an item outside the collection or when the list gives the item no actions for
    /// that edge. A list cell's `.delete()` accessory calls it for the trailing edge.
    /// - Returns: whether actions are now revealed on the item.
    @discardableResult
    public func revealSwipeActions(forItemAt indexPath: IndexPath, edge: SwipeEdge) -> Bool {
        guard (try? checkItem(indexPath, role: "swiped")) != nil,
              let configuration = swipeActionsConfiguration(forItemAt: indexPath, edge: edge) else { return false }
        if let open = swipeState.revealed, open.indexPath != indexPath || open.edge != edge { closeSwipeActions() }
        swipeState.revealed = RevealedSwipeActions(indexPath: indexPath, edge: edge, configuration: configuration)
        cellForItem(at: indexPath)?.setNeedsUpdateConfiguration()
        setNeedsLayout()
        return true
    }

    /// Closes the revealed swipe actions, if any, without performing one (a tap
    /// elsewhere, a scroll, a swipe back).
    public func closeSwipeActions() {
        guard let open = swipeState.revealed else { return }
        swipeState.revealed = nil
        cellForItem(at: open.indexPath)?.setNeedsUpdateConfiguration()
        setNeedsLayout()
    }

    /// Performs the revealed action at `index` (0 is nearest the edge), as the user's tap
    /// on it does: its handler runs with the swiped cell as the source view, and the
    /// swipe closes when the handler calls its completion (at once or later).
    /// - Returns: false when no actions are revealed or `index` is not one of them.
    @discardableResult
    public func performRevealedSwipeAction(at index: Int) -> Bool {
        guard let open = swipeState.revealed, open.configuration.actions.indices.contains(index) else { return false }
        perform(open.configuration.actions[index], on: open.indexPath)
        return true
    }

    /// A full swipe of the item from `edge`: performs the first action when the
    /// configuration's `performsFirstActionWithFullSwipe` is true, else reveals the
    /// actions (as UIKit's full swipe stops at the revealed state).
    /// - Returns: whether an action was performed.
    @discardableResult
    public func performFullSwipe(onItemAt indexPath: IndexPath, edge: SwipeEdge) -> Bool {
        guard revealSwipeActions(forItemAt: indexPath, edge: edge), let open = swipeState.revealed else { return false }
        guard open.configuration.performsFirstActionWithFullSwipe, let first = open.configuration.actions.first else { return false }
        perform(first, on: indexPath)
        return true
    }

    private func perform(_ action: ContextualAction, on indexPath: IndexPath) {
        let source: View = cellForItem(at: indexPath) ?? self
        // Either answer closes the actions, as in UIKit (true only tells a destructive
        // action's row that it went away); a later swipe of another row is left alone.
        action.handler(action, source) { [weak self] _ in
            guard let self, self.swipeState.revealed?.indexPath == indexPath else { return }
            self.closeSwipeActions()
        }
    }
}
