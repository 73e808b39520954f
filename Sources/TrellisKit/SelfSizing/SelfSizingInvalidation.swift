/// How a collection view measures again a displayed self-sizing cell (or header, footer)
/// whose content changed (`UICollectionView.SelfSizingInvalidation`, iOS 16).
public enum SelfSizingInvalidation: Hashable, Sendable {
    /// Nothing is measured again on `invalidateIntrinsicContentSize()`: the app calls
    /// `invalidateCachedSizes(forItemsAt:)` (or reloads) when content changes.
    case disabled
    /// `invalidateIntrinsicContentSize()` on a displayed self-sizing cell or on its
    /// `contentView` (or on a displayed header or footer) measures it again at the next
    /// layout pass, which updates the layout once and keeps the scroll anchor still. The
    /// default, as in UIKit.
    case enabled
    /// As `.enabled`, and any Auto Layout change inside the cell's `contentView` — a
    /// subview's intrinsic content size (a `Label`'s text or font), a constraint's constant,
    /// priority or activation — invalidates the cell's size by itself.
    case enabledIncludingConstraints
}
