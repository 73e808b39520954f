import Trellis

extension CollectionView {
    // MARK: Invalidating measured sizes

    /// Forgets the measured sizes of the items (their content changed while their
    /// identity did not, e.g. a model edited in place): they leave the size cache, the
    /// layout gets their estimates incrementally (the first visible item kept still), and
    /// the next layout pass measures the displayed ones again. Index paths outside the
    /// collection are ignored.
    /// - Complexity: O(m) for m items, plus the layout's incremental invalidation.
    public func invalidateCachedSizes(forItemsAt indexPaths: [IndexPath]) {
        var sizes: [(IndexPath, ItemSize)] = []
        var displaysOne = false
        for indexPath in indexPaths where (try? checkItem(indexPath, role: "")) != nil {
            forgetMeasuredSize(at: indexPath)
            sizes.append((indexPath, sizeForItem(at: indexPath)))
            displaysOne = displaysOne || displayed.cells[indexPath] != nil
        }
        guard !needsReload, !sizes.isEmpty else { return }
        // A displayed item changes size on screen: a host may animate it.
        if displaysOne { requestUpdateAnimation(nil) }
        let anchor = anchorsFirstVisibleItem ? ScrollAnchor(capturing: self) : nil
        // The layout keeps the lines or columns around the anchor: an item above it that
        // takes its estimate back (an image that arrived, an edit) grows or shrinks upward.
        invalidateLayout(.sizes(sizes), keeping: anchor)
        setNeedsLayout()
    }

    /// Forgets every measured size, of items and of headers and footers (what they show
    /// depends on something the identities do not capture, such as a font or a setting):
    /// the size cache is emptied and the next layout pass measures what it displays.
    /// - Complexity: O(n) for n items (the layout is invalidated entirely).
    public func invalidateCachedSizes() {
        sizes.removeAllCachedSizes()
        sizes.forgetItemSizes(sectionCount: sectionCounts.count)
        sizes.forgetSupplementarySizes()
        guard !needsReload else { return }
        let anchor = anchorsFirstVisibleItem ? ScrollAnchor(capturing: self) : nil
        layout.invalidate(.everything, source: self)
        anchor?.restore(in: self)
        setNeedsLayout()
    }

    /// Drops the item's size from the size cache and marks it unmeasured.
    func forgetMeasuredSize(at indexPath: IndexPath) {
        if let dataSource {
            sizes.removeCachedSize(forIdentity: dataSource.collectionView(self, identifierForItemAt: indexPath))
        }
        sizes.forgetSize(at: indexPath)
    }
}
