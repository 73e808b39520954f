import Trellis

extension CollectionView {
    // MARK: Self-sizing invalidation (what a displayed view reports)

    /// The intrinsic size of `source`, which is `view` or inside it, changed; `view` is a
    /// cell or supplementary view this collection view may be displaying.
    ///
    /// A displayed view's content is laid out again by the next pass (the host is asked
    /// for it); it is measured again when `selfSizingInvalidation` says so: under
    /// `.enabled` when `source` is the view itself or a cell's `contentView` (UIKit's
    /// rule), under `.enabledIncludingConstraints` for any view inside it too.
    /// - Complexity: O(1) on average.
    func contentSizeDidChange(in view: ReusableView, source: View) {
        let explicit = source === view || source === (view as? CollectionViewCell)?.contentView
        invalidateSize(of: view, explicitly: explicit)
    }

    /// A displayed cell or supplementary view went from laid out to needing layout: an
    /// Auto Layout change inside it (a constraint's constant, priority or activation, a
    /// subview added). Measured again under `.enabledIncludingConstraints`.
    func layoutDidChange(in view: ReusableView) {
        invalidateSize(of: view, explicitly: false)
    }

    private func invalidateSize(of view: ReusableView, explicitly: Bool) {
        // What the pass itself does to the views it places (frames, content laid out) is
        // not a change of their content.
        guard !layoutRequests.isLayingOut, let indexPath = view.displayedIndexPath else { return }
        let remeasures = selfSizesItems && (selfSizingInvalidation == .enabledIncludingConstraints
            || (selfSizingInvalidation == .enabled && explicitly))
        switch view.elementKind.category {
        case .cell:
            guard displayed.cells[indexPath] === view else { return }
            if remeasures {
                sizes.invalidate(indexPath)
                requestUpdateAnimation(nil)
            }
        case .supplementaryView:
            guard displayed.supplementaryViews[SupplementaryKey(kind: view.elementKind, indexPath: indexPath)] === view else { return }
            if remeasures { sizes.invalidate(SupplementarySizeKey(kind: view.elementKind, section: indexPath.section)) }
        case .decorationView:
            return
        }
        setNeedsLayout()
    }
}
