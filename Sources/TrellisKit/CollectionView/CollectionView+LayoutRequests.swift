import Trellis

// A host (a window toolkit's widget) lays the collection view out on its own schedule —
// GTK on the next frame clock tick, as UIKit on the next run loop turn. It learns that a
// layout is due through `layoutRequestHandler` (declared with the stored properties in
// CollectionView.swift): any change that marks the collection view as needing layout —
// a new content offset, `reloadData`, an `apply`, a batch update, a selection change, a
// size invalidation — calls it once, when the view goes from not needing layout to
// needing it. The host then calls `layoutIfNeeded()` before it next draws; that pass keeps
// the scroll anchor (ScrollAnchor) while it measures what came into view.
extension CollectionView {
    /// Tells the host, once per transition from laid out to needing layout.
    func requestLayoutFromHost(wasNeeded: Bool) {
        if !wasNeeded { layoutRequestHandler?() }
    }
}

extension CollectionView {
    /// The item the layout passes keep still instead of the first visible one, until set to
    /// nil (a window keeps the item the person was reading through a resize and back: each
    /// new width keeps it where the one before left it, so the round trip returns to it).
    package var keptItem: IndexPath? {
        get { anchorItem }
        set { anchorItem = newValue }
    }
}
