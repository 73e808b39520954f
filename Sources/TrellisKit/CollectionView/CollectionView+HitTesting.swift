import Trellis

extension CollectionView {
    // MARK: Hit-testing: which element is at a point

    /// The item at `point`, in the collection view's coordinates (content coordinates: the
    /// bounds origin is the content offset), or nil (`indexPathForItem(at:)`). Asks the
    /// layout, so it answers for items not displayed too (e.g. beyond the bounds); hidden
    /// elements are skipped, and where items overlap the one with the highest `zIndex`
    /// wins (the later one on a tie, which is drawn above). A header pinned over an item
    /// does not hide it, as in UIKit: use `hitTest(_:)` for what is on top.
    /// - Complexity: O(log n + k): the layout's query on a rectangle the size of the point.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        topmostElement(at: point) { $0 == .cell }?.indexPath
    }

    /// The supplementary element of `kind` (header, footer …) at `point`, or nil: where
    /// the element is shown, pinned headers and footers at their pinned place.
    /// - Complexity: O(log n + k), as `indexPathForItem(at:)`.
    public func indexPathForSupplementaryElement(ofKind kind: ElementKind, at point: Point) -> IndexPath? {
        topmostElement(at: point) { $0 == kind }?.indexPath
    }

    /// The topmost element of any kind at `point` (a pinned header above the item it
    /// covers), with its kind and index path, or nil.
    /// - Complexity: O(log n + k), as `indexPathForItem(at:)`.
    public func layoutAttributesForElement(at point: Point) -> LayoutAttributes? {
        topmostElement(at: point) { _ in true }
    }

    /// The index paths of the displayed supplementary views of `kind`, in order
    /// (`indexPathsForVisibleSupplementaryElements(ofKind:)`).
    /// - Complexity: O(v log v) for v displayed supplementary views.
    public func indexPathsForVisibleSupplementaryElements(ofKind kind: ElementKind) -> [IndexPath] {
        displayed.supplementaryViews.keys.filter { $0.kind == kind }.map(\.indexPath).sorted()
    }

    /// The element containing `point` whose kind passes `accepts`, the highest `zIndex`
    /// winning (the later one in the layout's order on a tie).
    private func topmostElement(at point: Point, where accepts: (ElementKind) -> Bool) -> LayoutAttributes? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        // The smallest rectangle that holds the point: frames whose min edge is at the
        // point intersect it (a zero-size rectangle would intersect nothing).
        let probe = Rect(x: point.x, y: point.y, width: point.x.nextUp - point.x, height: point.y.nextUp - point.y)
        var best: LayoutAttributes?
        layout.visitElements(in: probe, visibleBounds: bounds) { attributes in
            guard accepts(attributes.kind), !attributes.isHidden, attributes.frame.contains(point) else { return }
            if let current = best, current.zIndex > attributes.zIndex { return }
            best = attributes
        }
        return best
    }
}
