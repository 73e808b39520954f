import Trellis

extension CollectionView {
    /// Called when a change a host may animate was made while ``View/areAnimationsEnabled``:
    /// a batch update (`performBatchUpdates`, `insertItems`, `deleteItems`, `moveItem`,
    /// `reloadItems`, a diffable `apply` animating its differences, a step of an interactive
    /// movement), with its transition; or a change of the measured size of a displayed
    /// item (`invalidateCachedSizes(forItemsAt:)`, a displayed cell's content under
    /// `selfSizingInvalidation`), with nil: the items keep their index paths and their
    /// frames are known once the next layout pass measured them.
    ///
    /// A host that animates (the GTK widget) notes the request and animates from what it
    /// drew last to what its next layout pass places; changes made inside
    /// ``View/performWithoutAnimation(_:)``, an `apply` with `animatingDifferences: false`
    /// and `reloadData()` do not call it and reach the screen in their end state. UIKit has
    /// no such hook: its views animate themselves.
    public var updateAnimationHandler: ((BatchUpdateTransition?) -> Void)? {
        get { updateAnimationRequests }
        set { updateAnimationRequests = newValue }
    }

    /// Tells the host that `transition` (nil: a change of sizes) may be animated.
    func requestUpdateAnimation(_ transition: BatchUpdateTransition?) {
        guard let updateAnimationRequests, View.areAnimationsEnabled else { return }
        updateAnimationRequests(transition)
    }
}
