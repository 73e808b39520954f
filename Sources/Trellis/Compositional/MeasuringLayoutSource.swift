/// A source that tells measured sizes apart from the estimates it answers otherwise: what a
/// layout with estimates of its own (`CompositionalLayout`'s `.estimated` dimensions) needs,
/// since `sizeForItem(at:)` of a self-sizing collection view answers its global
/// `estimatedItemSize` for an item not measured yet. TrellisKit's `CollectionView` adopts
/// it.
///
/// A source that does not adopt it (a `StaticLayoutSource`) is read as "every size given is
/// measured": its item sizes, and its header and footer sizes where it has them.
public protocol MeasuringLayoutSource: LayoutSource {
    /// The size the item was measured at, or nil when it has not been measured.
    func measuredSizeForItem(at indexPath: IndexPath) -> ItemSize?
    /// The size a supplementary view was measured at, or nil when it has not been.
    func measuredSizeForSupplementaryElement(ofKind kind: ElementKind, inSection section: Int) -> Size?
}

extension LayoutSource {
    /// The measured size of a supplementary view: `measuredSizeForSupplementaryElement` of a
    /// measuring source, else the size the source gives (nil: none, its estimate is used).
    @inline(__always) func measuredSupplementarySize(ofKind kind: ElementKind, inSection section: Int) -> Size? {
        if let measuring = self as? any MeasuringLayoutSource { return measuring.measuredSizeForSupplementaryElement(ofKind: kind, inSection: section) }
        return sizeForSupplementaryElement(ofKind: kind, inSection: section)
    }
}
