import Trellis

/// What a batch update did to the displayed elements, for animating it: the initial
/// attributes of appearing items, the final attributes of disappearing ones, and the
/// before/after attributes of displayed items that moved. Like UIKit's defaults, appearing
/// items start at their final frame with alpha 0 and disappearing items end at their old
/// frame with alpha 0. Frames are in content coordinates, before and after the update.
public struct BatchUpdateTransition: Hashable, Sendable {
    /// Inserted (or reloaded) items displayed after the update, at their initial attributes.
    public var appearing: [LayoutAttributes] = []
    /// Deleted (or reloaded) items displayed before the update, at their final attributes.
    public var disappearing: [LayoutAttributes] = []
    /// Items displayed before or after whose frame changed: (before, after).
    public var moving: [Moving] = []
    /// Every item displayed before the update that is still an item after it, whether its
    /// frame changed or not: (before, after) — how a host tells a cell that kept its item
    /// from one reused for another, and where an item that came into view was.
    public var surviving: [Moving] = []

    public struct Moving: Hashable, Sendable {
        public var before: LayoutAttributes
        public var after: LayoutAttributes
    }

    public init() {}
}

/// A batch update applied to the collection but not reported yet: what was displayed
/// before it, kept until the items now in view are measured, so the transition carries
/// the final frames (those the next layout pass displays), never estimates.
struct PendingTransition {
    var transition = BatchUpdateTransition()
    /// Displayed cells that survived the update, by their index path after it.
    var kept: Set<IndexPath> = []
    /// Items displayed before the update and not reloaded: (index path after, attributes before).
    var before: [(IndexPath, LayoutAttributes)] = []
    /// For an update that only reloads items: those items (they appear where they are in
    /// view). Nil for a structural update, where every item in view without a kept cell
    /// appears.
    var appearingCandidates: [IndexPath]?

    /// The transition, from the layout as it is now (after measuring).
    func finish(in collectionView: CollectionView) -> BatchUpdateTransition {
        var transition = self.transition
        let layout = collectionView.layout, bounds = collectionView.bounds
        if let candidates = appearingCandidates {
            for indexPath in candidates {
                if let attributes = layout.attributesForItem(at: indexPath), attributes.frame.intersects(bounds) {
                    transition.appearing.append(collectionView.fading(attributes))
                }
            }
        } else {
            layout.visitElements(in: collectionView.displayedRect, visibleBounds: bounds) { attributes in
                if attributes.kind == .cell && !kept.contains(attributes.indexPath) {
                    transition.appearing.append(collectionView.fading(attributes))
                }
            }
        }
        for (indexPath, attributes) in before {
            guard let after = layout.attributesForItem(at: indexPath) else { continue }
            transition.surviving.append(.init(before: attributes, after: after))
            if after.frame != attributes.frame { transition.moving.append(.init(before: attributes, after: after)) }
        }
        transition.appearing.sort { $0.indexPath < $1.indexPath }
        transition.disappearing.sort { $0.indexPath < $1.indexPath }
        transition.moving.sort { $0.after.indexPath < $1.after.indexPath }
        transition.surviving.sort { $0.after.indexPath < $1.after.indexPath }
        return transition
    }
}
