import Trellis

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}
}

extension CollectionView {
    /// Performs the item's primary action as the user asked for it: asks the delegate's
    /// `canPerformPrimaryActionForItemAt`, then tells it `performPrimaryActionForItemAt`.
    ///
    /// UIKit separates the two things a user does to an item: changing the selection (which
    /// focus moves and Shift- or Ctrl-clicks do too) and acting on the item, such as opening
    /// it. A host calls this for the second: a touch host after a tap that selected without
    /// extending the selection (UIKit calls the delegate after `didSelectItemAt`), a desktop
    /// host on Enter or a double-click (the GTK widget does). The selection is not changed
    /// here.
    ///
    /// - Returns: whether the delegate was told to perform the action.
    /// - Throws: `indexPathOutOfRange` for an item not in the collection (the delegate is not
    ///   asked).
    /// - Complexity: O(1).
    @discardableResult
    public func userPerformPrimaryAction(at indexPath: IndexPath) throws -> Bool {
        try readCountsIfNeeded()
        try checkItem(indexPath, role: "acted on")
        guard let delegate, delegate.collectionView(self, canPerformPrimaryActionForItemAt: indexPath) else { return false }
        delegate.collectionView(self, performPrimaryActionForItemAt: indexPath)
        return true
    }
}
