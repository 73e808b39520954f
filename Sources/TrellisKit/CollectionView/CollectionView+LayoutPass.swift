import Trellis

extension CollectionView {
    // MARK: The layout pass

    /// The layout pass: reads counts when reloading, brings the layout up to date with the
    /// bounds and traits, measures the self-sizing items of the displayed region (bounds
    /// plus `preparedMargin`) and hands their sizes to the layout in one incremental
    /// invalidation per round, keeps the first visible item still, and then creates,
    /// positions and recycles cells and supplementary views.
    ///
    /// - Throws: `CollectionViewError` for bad counts (the previous snapshot stays),
    ///   unregistered identifiers or missing views, and whatever the data source throws.
    /// - Complexity: O(log n + k) for k displayed elements once the layout is prepared
    ///   (plus the measuring of items not yet measured); allocation-free once warm with a
    ///   layout adopting `VisitingCollectionLayout`.
    public func performLayout() throws {
        // A need for layout that arises inside this pass (the offset anchoring moves, the
        // cells it adds) is met by it; one that was there before stays for the host.
        let neededLayout = needsLayout
        defer { if !neededLayout && needsLayout { clearNeedsLayout() } }
        try layoutRequests.layingOut {
            guard let dataSource = presentedDataSource else {
                if !sectionCounts.isEmpty || !displayed.cells.isEmpty {
                    recycleAllDisplayedViews()
                    setSectionCounts([])
                    sizes.forgetItemSizes(sectionCount: 0)
                    layout.prepare(from: self)
                }
                return
            }
            let kept = try updateLayoutIfNeeded(dataSource)
            // A view following the end of its content measures what is at the end, not
            // what was at the old offset (the first pass opens there).
            if anchorItem == nil && followsContentEnd { moveToContentEnd() }
            let invalidated = sizes.takeInvalidations()
            if selfSizesItems {
                // The item kept still through a new width or traits stays the anchor while the
                // items in view are measured again: otherwise the first item visible among the
                // estimates would be (a line above it, reaching into the bounds while it is
                // estimated), and measuring the items between them would move the kept one.
                try pinningAnchor(to: anchorItem ?? kept) {
                    try measureDisplayedItems(dataSource, remeasuring: invalidated.items, invalidated.supplementaries)
                }
            }
            try placeElements(in: displayedRect, dataSource)
            settleContentEnd()
            if prefetchDataSource != nil { updatePrefetching() }
        }
    }

    /// The bounds grown by `preparedMargin` along the scroll axis.
    var displayedRect: Rect {
        let margin = max(0, preparedMargin)
        guard margin > 0 else { return bounds }
        return scrollDirection == .vertical
            ? Rect(x: bounds.minX, y: bounds.minY - margin, width: bounds.width, height: bounds.height + 2 * margin)
            : Rect(x: bounds.minX - margin, y: bounds.minY, width: bounds.width + 2 * margin, height: bounds.height)
    }

    /// Reads the counts, each checked: a negative count is an error naming the section. A
    /// data source that has them all at hand (``SectionCountsSource``) gives them at once.
    func readCounts(_ dataSource: any CollectionViewDataSource) throws -> [Int] {
        if let counts = (dataSource as? any SectionCountsSource)?.itemCountsBySection { return counts }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else {
            throw CollectionViewError(.invalidCount, "the data source reports \(sections) sections; counts cannot be negative")
        }
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        for section in 0..<sections {
            let items = dataSource.collectionView(self, numberOfItemsInSection: section)
            guard items >= 0 else {
                throw CollectionViewError(
                    .invalidCount, "the data source reports \(items) items in section \(section); counts cannot be negative")
            }
            counts.append(items)
        }
        return counts
    }

    /// Prepares the layout after a reload, or invalidates it for new bounds or traits,
    /// keeping the first visible item still. Returns the item kept still, if any.
    @discardableResult
    func updateLayoutIfNeeded(_ dataSource: any CollectionViewDataSource) throws -> IndexPath? {
        let traits = effectiveTraits
        if needsReload {
            let counts = try readCounts(dataSource)
            let previousCounts = sectionCounts
            setSectionCounts(counts)
            do { try checkDelegateShapes() } catch {
                setSectionCounts(previousCounts)
                throw error
            }
            recycleAllDisplayedViews()
            didLoad(counts, containerSize: containerSize, traits: traits)
            sizes.forgetItemSizes(sectionCount: counts.count)
            sizes.forgetSupplementarySizes()
            sizes.forgetInvalidations()
            displayed.forgetPrefetched()
            connectFlowDelegate()
            layout.prepare(from: self)
            return nil
        }
        // A change of colour appearance alone (light or dark, contrast, the palette)
        // recolours the views, which hear of it through `traitCollectionDidChange`; sizes
        // and the layout stay, as in UIKit. Any other trait may mean other sizes.
        let traitsChanged = traits != preparedTraits && !traits.differsOnlyInColorAppearance(from: preparedTraits)
        if !traitsChanged && traits != preparedTraits {
            // Views made before take the new traits now (pooled ones when dequeued).
            displayed.forEachView { adoptEffectiveTraits($0) }
            didPrepare(containerSize: preparedContainerSize, traits: traits)
        }
        let size = containerSize
        guard traitsChanged || size != preparedContainerSize else { return nil }
        let anchor = anchorsFirstVisibleItem ? ScrollAnchor(capturing: self) : nil
        let crossAxis = scrollDirection.axis.other
        if traitsChanged {
            // Other traits may mean other templates and other sizes: start over.
            sizes.removeAllCachedSizes()
            recycleAllDisplayedViews()
            sizes.forgetItemSizes(sectionCount: sectionCounts.count)
            sizes.forgetSupplementarySizes()
            didPrepare(containerSize: size, traits: traits)
            layout.invalidate(.everything, source: self)
        } else if size[crossAxis] != preparedContainerSize[crossAxis] {
            // A new width means new fitting proposals: measured sizes become estimates again
            // (the size cache still answers those whose proposal did not change), and sizes
            // the delegate computes from the width are asked for again.
            sizes.forgetItemSizes(sectionCount: sectionCounts.count)
            sizes.forgetResolvedSupplementarySizes()  // measured again, once per width
            didPrepare(containerSize: size, traits: traits)
            layout.invalidate(.everything, source: self)
        } else {
            didPrepare(containerSize: size, traits: traits)
            layout.invalidate(InvalidationContext(invalidatesContainerSize: true), source: self)
        }
        anchor?.restore(in: self)
        return anchor?.pinnedItem
    }

    /// Shows the elements of `rect`: repositions the views already displayed, recycles
    /// those that left, then dequeues (or takes the cells measured in this pass) for the new
    /// ones. Recycling before dequeuing lets a scroll step reuse the cells it scrolled away.
    func placeElements(in rect: Rect, _ dataSource: any CollectionViewDataSource) throws {
        let pass = displayed.beginPlacementPass()
        defer { recyclePendingCells() }
        layout.visitElements(in: rect, visibleBounds: bounds) { attributes in
            let view: ReusableView?
            switch attributes.kind.category {
            case .cell: view = displayed.cells[attributes.indexPath]
            case .supplementaryView:
                view = displayed.supplementaryViews[SupplementaryKey(kind: attributes.kind, indexPath: attributes.indexPath)]
            case .decorationView:
                view = displayed.decorationViews[SupplementaryKey(kind: attributes.kind, indexPath: attributes.indexPath)]
            }
            guard let view else { return }
            if view.layoutAttributes?.zIndex != attributes.zIndex { displayed.markSubviewOrderStale() }
            view.apply(attributes)
            view.lastPlacementPass = pass
            // A new size lays the content out again in this pass, as UIKit does.
            if view.needsLayout { view.layoutIfNeeded() }
        }
        placeInteractivelyMovingCell(pass: pass)
        recycleViews(notPlacedIn: pass)
        try layout.visitElements(in: rect, visibleBounds: bounds) { attributes in
            switch attributes.kind.category {
            case .cell: try placeCell(attributes, pass: pass, dataSource)
            case .supplementaryView: try placeSupplementaryView(attributes, pass: pass, dataSource)
            case .decorationView: placeDecorationView(attributes, pass: pass)
            }
        }
        orderSubviewsByZIndexIfNeeded()
    }

    /// Ends the display of the views the current pass did not position.
    private func recycleViews(notPlacedIn pass: Int) {
        displayed.removeCells(notPlacedIn: pass) { indexPath, cell in
            delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
            enqueue(cell)
        }
        displayed.removeSupplementaryViews(notPlacedIn: pass) { key, view in
            delegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
            enqueue(view)
        }
        recycleDecorationViews(notPlacedIn: pass)
    }

    private func placeCell(_ attributes: LayoutAttributes, pass: Int, _ dataSource: any CollectionViewDataSource) throws {
        let indexPath = attributes.indexPath
        guard displayed.cells[indexPath] == nil else { return }
        let cell = try displayed.takePendingCell(at: indexPath)
            ?? dataSource.collectionView(self, cellForItemAt: indexPath)
        if let shown = cell.displayedIndexPath {
            throw CollectionViewError(
                .missingDataSource,
                "the data source returned the cell displayed at \(shown) for \(indexPath); cells must come from dequeueReusableCell")
        }
        applySelectionState(to: cell, at: indexPath)
        show(cell, at: attributes, pass: pass)
        displayed.show(cell, at: indexPath)
        delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
    }

    private func placeSupplementaryView(
        _ attributes: LayoutAttributes, pass: Int, _ dataSource: any CollectionViewDataSource
    ) throws {
        let key = SupplementaryKey(kind: attributes.kind, indexPath: attributes.indexPath)
        guard displayed.supplementaryViews[key] == nil else { return }
        let view = try displayed.takePendingSupplementaryView(key)
            ?? dataSource.collectionView(self, viewForSupplementaryElementOfKind: attributes.kind, at: attributes.indexPath)
        show(view, at: attributes, pass: pass)
        displayed.show(view, supplementary: key)
        delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: attributes.kind, at: attributes.indexPath)
    }

    /// Shows a view at `attributes` and lays out its content in the same pass (UIKit lays
    /// out a cell's content in the pass that places it: a cell is never displayed with its
    /// subviews at stale frames, and a collection embedded in a cell gets its size and
    /// shows its own cells before this pass returns).
    func show(_ view: ReusableView, at attributes: LayoutAttributes, pass: Int) {
        if view.superview !== self { addSubview(view) }
        displayed.markSubviewOrderStale()
        view.apply(attributes)
        view.displayedIndexPath = attributes.indexPath
        view.lastPlacementPass = pass
        view.layoutIfNeeded()
    }

    /// Cells measured in this pass but not shown (sizes moved them out of view) go back.
    func recyclePendingCells() {
        displayed.removeAllPending { enqueue($0) }
    }

    /// Ends the display of every cell, supplementary and decoration view (reload, trait
    /// change).
    func recycleAllDisplayedViews() {
        displayed.removeAllCells { indexPath, cell in
            delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
            enqueue(cell)
        }
        recycleAllSupplementaryViews()
        recycleAllDecorationViews()
        recyclePendingCells()
    }

    // MARK: Prefetching

    /// Announces the items near the displayed region that were not announced yet, nearest
    /// first, after cancelling those that moved away undisplayed (cancelling first frees
    /// the loader's capacity for the new requests). "Near" is within `prefetchDistance`
    /// (one viewport by default) at rest; when scrolling, farther ahead of the motion and
    /// not behind it (`PrefetchMotion`). With `isPrefetchingEnabled` false,
    /// nothing is near: what was announced is cancelled.
    func updatePrefetching() {
        guard let prefetcher = prefetchDataSource else { return }
        let axis = scrollDirection.axis
        let region = displayedRect
        var near: [(distance: Double, indexPath: IndexPath)] = []
        if isPrefetchingEnabled {
            displayed.prefetchMotion.record(offset: axis == .vertical ? contentOffset.y : contentOffset.x)
            let (before, after) = displayed.prefetchMotion.extents(base: max(0, prefetchDistance ?? bounds.size[axis]))
            let ahead = axis == .vertical
                ? Rect(x: region.minX, y: region.minY - before, width: region.width, height: region.height + before + after)
                : Rect(x: region.minX - before, y: region.minY, width: region.width + before + after, height: region.height)
            let (low, high) = axis == .vertical ? (bounds.minY, bounds.maxY) : (bounds.minX, bounds.maxX)
            layout.visitElements(in: ahead, visibleBounds: bounds) { attributes in
                guard attributes.kind == .cell && displayed.cells[attributes.indexPath] == nil else { return }
                let frame = attributes.frame
                let (start, end) = axis == .vertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
                near.append((max(0, start - high, low - end), attributes.indexPath))
            }
        } else {
            displayed.prefetchMotion.reset()
        }
        near.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.indexPath < $1.indexPath }
        let (announce, cancel) = displayed.updatePrefetched(near.map(\.indexPath))
        if !cancel.isEmpty { prefetcher.collectionView(self, cancelPrefetchingForItemsAt: cancel) }
        if !announce.isEmpty { prefetcher.collectionView(self, prefetchItemsAt: announce) }
    }

    /// Ends the display of every supplementary view (reload, batch update).
    func recycleAllSupplementaryViews() {
        displayed.removeAllSupplementaryViews { key, view in
            delegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
            enqueue(view)
        }
    }
}

/// A data source that holds every section's item count and gives them in one call, so that
/// reading them costs no call per section (25,000 days of a chat timeline are read on every
/// batch update). Counts given this way are never negative.
protocol SectionCountsSource: AnyObject {
    /// The item count of every section, or nil when they must be asked one by one (a
    /// subclass that answers the count methods itself).
    var itemCountsBySection: [Int]? { get }
}
