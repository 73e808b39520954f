/// The host's hook into a collection view's need for layout, owned by one collection view.
final class LayoutRequests {
    /// See ``CollectionView/layoutRequestHandler``.
    var handler: (() -> Void)?
    /// See ``CollectionView/accessibleContentChangeHandler``.
    var accessibleContentHandler: (() -> Void)?
    /// True while the collection view runs its own layout pass: what the pass changes
    /// (the content offset kept by anchoring) is part of it, not a request for another.
    private(set) var isLayingOut = false

    /// Runs `body` as the collection view's layout pass.
    func layingOut<Result>(_ body: () throws -> Result) rethrows -> Result {
        let outer = isLayingOut
        isLayingOut = true
        defer { isLayingOut = outer }
        return try body()
    }
}

extension CollectionView {
    /// Called once when the collection view goes from not needing layout to needing it; a
    /// host schedules `layoutIfNeeded()` on its next frame.
    ///
    /// Every change that alters what is shown marks the need with `setNeedsLayout()` — a
    /// diffable `apply`, batch updates, `reloadData()`, `reloadItems` / `reconfigureItems`,
    /// selection changes, size invalidations (`invalidateCachedSizes`, a displayed cell's
    /// content under `selfSizingInvalidation`), scrolling, insets, a new layout — and, as
    /// UIKit's `setNeedsLayout()`, never lays out at once. Marks made while the collection
    /// view already needs layout (or during its own layout pass) do not call the handler
    /// again: one call, one scheduled pass. The next `layoutIfNeeded()` measures what came
    /// into view and keeps the scroll anchor still (see ``performLayout()``).
    ///
    /// A new collection view needs layout from the start: a host lays it out once when it
    /// shows it, and from then on follows the handler.
    public var layoutRequestHandler: (() -> Void)? {
        get { layoutRequests.handler }
        set { layoutRequests.handler = newValue }
    }
}

extension CollectionView {
    /// Called when a displayed cell's accessible content changed outside a layout pass (a
    /// label's text or an accessibility property set by the app, see
    /// `ReusableView.accessibleContentChanged`), once until the host reads that cell
    /// again: a host that shows the cells to assistive technologies reads the marked cells
    /// on its next frame. Changes made in a layout pass call nothing: the host reads the
    /// cells after each pass.
    package var accessibleContentChangeHandler: (() -> Void)? {
        get { layoutRequests.accessibleContentHandler }
        set { layoutRequests.accessibleContentHandler = newValue }
    }

    /// `view`, displayed here, was marked as changed for assistive technologies.
    func accessibleContentDidChange(in view: ReusableView) {
        guard !layoutRequests.isLayingOut else { return }
        layoutRequests.accessibleContentHandler?()
    }
}
