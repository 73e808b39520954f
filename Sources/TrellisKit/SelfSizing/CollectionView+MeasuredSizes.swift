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
}
