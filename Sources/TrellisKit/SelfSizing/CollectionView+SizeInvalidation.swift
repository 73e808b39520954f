import Trellis

extension CollectionView {
    // MARK: Invalidating measured sizes

    /// Forgets the measured sizes of the items (their content changed while their
    /// identity did not, e.g. a model edited in place, an image that arrived): they leave
    /// the size cache and the layout gets their new sizes incrementally (the first visible
    /// item kept still) — a displayed self-sizing item's fitting size in its displayed cell,
    /// which shows the new content when the app updated it first, and otherwise its
    /// estimate — and the next layout pass measures the displayed ones again. Index paths
    /// outside the collection are ignored.
    ///
    /// Giving the layout the displayed cell's size at once is what keeps the screen still:
    /// an item whose size changes twice before the next frame (its estimate now, its
    /// measurement in the pass) may change on either side the second time — a waterfall
    /// grows an item starting above the screen upwards and, once it starts on screen,
    /// downwards — and then moves what is below it by the estimate's error.
    /// - Complexity: O(m) for m items (one fitting per displayed self-sizing item), plus
    ///   the layout's incremental invalidation.
    public func invalidateCachedSizes(forItemsAt indexPaths: [IndexPath]) {
        var sizes: [(IndexPath, ItemSize)] = []
        var displaysOne = false
        for indexPath in indexPaths where (try? checkItem(indexPath, role: "")) != nil {
            forgetMeasuredSize(at: indexPath)
            if selfSizesItems, let cell = displayed.cells[indexPath], let attributes = layout.attributesForItem(at: indexPath) {
                let proposal = layout.fittingProposal(forItemAt: indexPath)
                sizes.append((indexPath, Self.fittedSize(of: cell, attributes, proposal)))
            } else {
                sizes.append((indexPath, sizeForItem(at: indexPath)))
            }
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
