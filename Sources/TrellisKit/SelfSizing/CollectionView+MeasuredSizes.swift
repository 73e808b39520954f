import Trellis

// The collection view tells measured sizes from estimates, for layouts with estimates of
// their own (CompositionalLayout): an item or header not measured yet has no measured size,
// whatever `estimatedItemSize` or the delegate would answer for it.
extension CollectionView: MeasuringLayoutSource {
    /// The size the item was measured at in this collection, or nil.
    public func measuredSizeForItem(at indexPath: IndexPath) -> ItemSize? {
        resolvedSize(at: indexPath).map { ItemSize($0) }
    }

    /// The size a header, footer or other supplementary view was measured at, or nil.
    public func measuredSizeForSupplementaryElement(ofKind kind: ElementKind, inSection section: Int) -> Size? {
        sizes.supplementarySize(ofKind: kind, inSection: section)
    }

    /// The sizes the badges of `kind` in `section` were measured at in this collection, by
    /// item (only those measured).
    public func sizesForSupplementaryItems(ofKind kind: ElementKind, inSection section: Int) -> [Int: Size] {
        sizes.attachedSizes(ofKind: kind, inSection: section)
    }
}
