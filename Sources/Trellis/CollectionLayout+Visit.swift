/// Visiting the elements of a rectangle without building an array: what a collection view
/// uses on every scroll step, so that scrolling allocates nothing once warm.
///
/// A separate protocol (rather than a new requirement of `CollectionLayout`) so layouts
/// written before it keep compiling; a layout that can enumerate without allocating adopts
/// it, and `visitElements(in:visibleBounds:_:)` below picks it up.
public protocol VisitingCollectionLayout: CollectionLayout {
    /// Calls `body` with every element whose frame intersects `rect`, in the order of
    /// `elements(in:visibleBounds:)`, without allocating.
    /// - Complexity: O(log n + k) for k elements visited.
    func forEachElement<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E)
}

extension CollectionLayout {
    /// Calls `body` with every element whose frame intersects `rect`: through
    /// `forEachElement` when the layout adopts `VisitingCollectionLayout` (no allocation),
    /// else over the array `elements(in:visibleBounds:)` returns (one allocation).
    /// - Complexity: that of the layout's query, O(log n + k) in this package's layouts.
    @inlinable
    public func visitElements<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        if let visiting = self as? any VisitingCollectionLayout {
            try visiting.forEachElement(in: rect, visibleBounds: visibleBounds, body)
        } else {
            for element in elements(in: rect, visibleBounds: visibleBounds) { try body(element) }
        }
    }
}
