import Trellis

extension CollectionView {
    // MARK: Self-sizing in the layout pass

    /// Measures the items, headers, footers and badges of the displayed region not measured yet
    /// (and the displayed ones in `remeasuring`, whose content changed, with their displayed
    /// views) and hands the sizes to the layout in one incremental invalidation (item sizes
    /// and `supplementarySizes` together), then restores the scroll anchor; repeats while
    /// measured sizes bring unmeasured items into the region. The layout is updated before
    /// any cell is positioned, so no stale attributes are ever handed out.
    ///
    /// With a layout that places items in lines (`PlacesItemsInLines`), the region's items
    /// are every item of a line any item of which is in it, and the item after that line
    /// (where the line ends depends on it): a line is measured whole, so an item of a line
    /// on screen measured in a later pass never moves the line's others.
    ///
    /// The invariant, on return: every item and header in the displayed region is measured
    /// and the layout has its size, and the anchor item (taken once, before the first
    /// measurement: see ``ScrollAnchor``) is at the distance from the bounds' leading edge
    /// it had then — unless that would scroll before the start of the content. Taking the
    /// anchor once, not per round, is what makes the pass converge: a later round cannot
    /// choose another item and undo the position the first one kept.
    /// - Complexity: one round per wave of items coming into view (each round measures at
    ///   least one item, so it ends); usually one, two when sizes shrink.
    func measureDisplayedItems(
        _ dataSource: any CollectionViewDataSource,
        remeasuring invalidatedItems: Set<IndexPath> = [], _ invalidatedSupplementaries: Set<SupplementarySizeKey> = []
    ) throws {
        var anchor = anchorsFirstVisibleItem ? ScrollAnchor(capturing: self) : nil
        // At the start the offset stays, but what is on screen keeps its lines and columns.
        let anchorAtStart = anchorsFirstVisibleItem && anchor == nil ? ScrollAnchor.layoutAnchorAtStart(of: self) : nil
        if anchorsFirstVisibleItem && anchor == nil, let settling = layout as? any SettlesOutOfSight,
           !displayed.cells.values.contains(where: { $0.frame.intersects(bounds) }) {
            // A jump to the start: nothing the reader saw is on screen, so what the anchored
            // changes settled out of sight (ragged column tops) is placed canonically again
            // before anything is shown there.
            settling.settleCanonically(from: self)
        }
        for key in invalidatedSupplementaries { sizes.forgetSupplementarySize(key) }
        let lines = layout as? any PlacesItemsInLines
        var round = 0
        while true {
            sizes.beginRound()
            round += 1
            if round == 1 {
                for indexPath in invalidatedItems { try remeasureDisplayedItem(at: indexPath, dataSource) }
            }
            let region = displayedRect
            layout.visitElements(in: region, visibleBounds: bounds) { attributes in
                if attributes.kind == .cell {
                    if lines == nil && resolvedSize(at: attributes.indexPath) == nil { sizes.noteUnmeasured(attributes.indexPath) }
                } else if needsMeasuring(attributes) {
                    sizes.noteUnmeasured(attributes)
                }
            }
            // A line is measured whole: an item of it beyond the edge, measured later,
            // would move its neighbours on screen (`PlacesItemsInLines`).
            lines?.forEachItemOnLines(meeting: region) { indexPath in
                if resolvedSize(at: indexPath) == nil { sizes.noteUnmeasured(indexPath) }
            }
            if sizes.unmeasuredItems.isEmpty && sizes.unmeasuredSupplementaries.isEmpty && !sizes.hasChanges { return }
            for indexPath in sizes.unmeasuredItems {
                let size = try measureItem(at: indexPath, forDisplay: true, dataSource)
                sizes.record(size, at: indexPath, sectionCount: sectionCounts[indexPath.section])
            }
            for attributes in sizes.unmeasuredSupplementaries { try measureSupplementaryView(visited: attributes, dataSource) }
            if !sizes.hasChanges { return }
            var changes = sizes.changes
            // The layout keeps the lines or columns around the anchor when its size is final:
            // from the start (rules 1 and 3), or once the first round has measured it.
            changes.anchorItem = anchor.flatMap {
                $0.isFinal || (round > 1 && resolvedSize(at: $0.indexPath) != nil) ? $0.indexPath : nil
            } ?? anchorAtStart
            changes.visibleBounds = changes.anchorItem == nil ? nil : bounds
            if changes.anchorItem != nil { anchor?.keepEndIfCut(changing: changes.itemSizes.lazy.map(\.0), in: self) }
            layout.invalidate(changes, source: self)
            anchor?.restore(in: self)
        }
    }

    /// Measures again a displayed item whose content changed, with its displayed cell (the
    /// content that changed is there, whatever the data source would configure), replacing
    /// its cached size; a changed size is a change for the layout. An item no longer
    /// displayed forgets its size and is measured when it is displayed again.
    private func remeasureDisplayedItem(at indexPath: IndexPath, _ dataSource: any CollectionViewDataSource) throws {
        guard (try? checkItem(indexPath, role: "")) != nil else { return }
        let identity = dataSource.collectionView(self, identifierForItemAt: indexPath)
        sizes.removeCachedSize(forIdentity: identity)
        guard let cell = displayed.cells[indexPath], let attributes = layout.attributesForItem(at: indexPath) else {
            sizes.forgetSize(at: indexPath)
            return
        }
        let proposal = layout.fittingProposal(forItemAt: indexPath)
        let size = sizes.size(for: identity, proposal: proposal, traits: effectiveTraits) {
            Self.fittedSize(of: cell, attributes, proposal)
        }.size
        if size != resolvedSize(at: indexPath) || size != attributes.frame.size {
            sizes.record(size, at: indexPath, sectionCount: sectionCounts[indexPath.section])
        }
    }

    /// The item's size for the layout's current proposal: from the size cache, else
    /// measured with the item's prototype (prototype data sources) or a dequeued cell. A
    /// dequeued cell is kept for display when `forDisplay`, else recycled.
    func measureItem(
        at indexPath: IndexPath, forDisplay: Bool, _ dataSource: any CollectionViewDataSource
    ) throws -> Size {
        let proposal = layout.fittingProposal(forItemAt: indexPath)
        let identity = dataSource.collectionView(self, identifierForItemAt: indexPath)
        return try sizes.size(for: identity, proposal: proposal, traits: effectiveTraits) {
            let attributes = layout.attributesForItem(at: indexPath) ?? LayoutAttributes(indexPath: indexPath, frame: .zero)
            let cell: CollectionViewCell
            if let prototypeSource = dataSource as? any CollectionViewPrototypeDataSource {
                cell = try configuredPrototype(forItemAt: indexPath, prototypeSource)
            } else if let shown = displayed.cells[indexPath] ?? displayed.pendingCells[indexPath] {
                cell = shown
            } else {
                cell = try dataSource.collectionView(self, cellForItemAt: indexPath)
                if forDisplay { displayed.addPending(cell, at: indexPath) } else { enqueue(cell) }
            }
            return Self.fittedSize(of: cell, attributes, proposal)
        }.size
    }

    /// The size `cell` fits itself to for `attributes` and `proposal`
    /// (`preferredLayoutAttributesFitting`), as a layout can use it.
    static func fittedSize(of cell: ReusableView, _ attributes: LayoutAttributes, _ proposal: FittingProposal) -> ItemSize {
        ItemSize(sanitized(cell.preferredLayoutAttributesFitting(attributes, proposal: proposal).size))
    }

    /// A measured size a layout can use: negative or non-finite extents become 0.
    static func sanitized(_ size: Size) -> Size {
        Size(
            width: size.width.isFinite ? max(0, size.width) : 0,
            height: size.height.isFinite ? max(0, size.height) : 0)
    }

    // MARK: Prototype (sizing) cells

    /// The one off-screen sizing cell of `identifier` for the traits in effect (scenario S1's
    /// sizing cell, S3's prototype): made from the registration on first use, never
    /// displayed, marked `isPrototype`. Configure it like a displayed cell, then ask for its
    /// size.
    /// - Throws: `unregisteredReuseIdentifier`.
    public func prototypeCell(withReuseIdentifier identifier: String) throws -> CollectionViewCell {
        guard let templates = reuse.cellTemplates[identifier] else {
            throw CollectionViewError.unregistered(identifier, kind: .cell, registered: reuse.cellTemplates.keys)
        }
        let template = templateIndex(in: templates)
        let cell = reuse.prototype(PoolKey(kind: .cell, identifier: identifier, template: template)) {
            let cell = templates[template].make() as! CollectionViewCell  // the cell factories make cells
            cell.reuseIdentifier = identifier
            cell.templateIndex = template
            cell.isPrototype = true
            return cell
        }
        adoptEffectiveTraits(cell)
        return cell
    }

    /// The item's prototype, configured by the data source with `isPrototype: true`.
    func configuredPrototype(
        forItemAt indexPath: IndexPath, _ dataSource: any CollectionViewPrototypeDataSource
    ) throws -> CollectionViewCell {
        let cell = try prototypeCell(withReuseIdentifier: dataSource.collectionView(self, reuseIdentifierForItemAt: indexPath))
        cell.prepareForReuse()
        dataSource.collectionView(self, configure: cell, forItemAt: indexPath, isPrototype: true)
        return cell
    }

    /// The size of an item for `proposal`, measured with its prototype cell, cached by the
    /// item's identity, the proposal and the traits (measured at most once for each). The
    /// path for a delegate's `sizeForItemAt` (scenarios S1 and S3): e.g. a third of the
    /// width, height free, for a three-column grid.
    /// - Throws: `missingDataSource` unless the data source is a
    ///   `CollectionViewPrototypeDataSource`; `unregisteredReuseIdentifier`.
    /// - Complexity: O(1) on a cache hit; one fitting of the prototype on a miss.
    public func prototypeSize(forItemAt indexPath: IndexPath, proposal: FittingProposal) throws -> Size {
        guard let dataSource = dataSource as? any CollectionViewPrototypeDataSource else {
            throw CollectionViewError(
                .missingDataSource, "prototypeSize(forItemAt:) needs a data source adopting CollectionViewPrototypeDataSource")
        }
        return try cachedSize(forItemAt: indexPath, proposal: proposal) {
            let cell = try configuredPrototype(forItemAt: indexPath, dataSource)
            return cell.fittingSize(for: proposal)
        }
    }

    /// The size of an item from the size cache, or from `measure` (then cached) — keyed by
    /// the item's identity from the data source, `proposal` and the traits in effect.
    /// - Complexity: O(1) on a hit.
    public func cachedSize(
        forItemAt indexPath: IndexPath, proposal: FittingProposal, measure: () throws -> Size
    ) rethrows -> Size {
        let identity = dataSource?.collectionView(self, identifierForItemAt: indexPath) ?? AnyHashable(indexPath)
        return try sizes.size(for: identity, proposal: proposal, traits: effectiveTraits) {
            ItemSize(Self.sanitized(try measure()))
        }.size
    }

    // MARK: Height for a width, before display

    /// The size of all content when the collection is `width` wide, computed without
    /// displaying anything (scenario S5): with self-sizing, every item, header and footer not
    /// measured yet is measured (with prototypes when the data source supports them, else
    /// with dequeued cells that go straight back to the pool). The result equals the frames
    /// a collection of that width lays out: it is the layout's own content size.
    ///
    /// For the collection's own width this brings its layout up to date (and keeps the
    /// measurements). For another width the view is left as it was — bounds, content
    /// offset, displayed cells and the layout's frames, or, for a collection not loaded
    /// yet, still to be loaded at its next layout pass — and the sizes measured for that
    /// width stay in the size cache for the next question about it.
    /// - Throws: what the layout pass throws.
    /// - Complexity: O(n) measurements the first time, O(1) with every size cached, plus
    ///   for another width two O(n) layout invalidations (there and back), or one prepare
    ///   when the collection is not loaded yet.
    public func contentSize(forWidth width: Double) throws -> Size {
        precondition(width.isFinite && width >= 0, "contentSize(forWidth:) needs a finite width ≥ 0, not \(width)")
        guard let dataSource else { return .zero }
        guard bounds.width != width else { return try measureAllItems(dataSource) }
        if needsReload {
            // Nothing is loaded (a new collection, or one just reloaded — a sizing row's
            // embedded collection each time it is configured): there are no frames or
            // cells to put back, so the layout is prepared for `width` only, and the view
            // is left needing its reload at its own width, as it was. (Preparing at the own
            // width first and again afterwards tripled the cost of a sizing row.)
            let saved = (frame: frame, offset: contentOffset)
            frame.size.width = width
            defer {
                frame = saved.frame
                contentOffset = saved.offset
                setNeedsReload()
            }
            return try measureAllItems(dataSource)
        }
        // Up to date at the view's own width first, so that is what is put back.
        try updateLayoutIfNeeded(dataSource)
        let saved = (frame: frame, offset: contentOffset, sizes: sizes.resolved,
                     container: preparedContainerSize, traits: preparedTraits)
        frame.size.width = width
        defer {
            frame = saved.frame
            contentOffset = saved.offset
            sizes.restore(saved.sizes)
            didPrepare(containerSize: saved.container, traits: saved.traits)
            layout.invalidate(.everything, source: self)
            setNeedsLayout()  // the frames are as they were; the cells may not be (another size class recycles them)
        }
        return try measureAllItems(dataSource)
    }

    /// Brings the layout up to date at the current width and measures every item, header
    /// and footer not measured yet; the layout's content size.
    private func measureAllItems(_ dataSource: any CollectionViewDataSource) throws -> Size {
        try updateLayoutIfNeeded(dataSource)
        guard selfSizesItems else { return layout.contentSize }
        for _ in 0..<8 {
            sizes.beginRound()
            try measureAllSupplementaryViews(dataSource)
            if let sizing = concurrentSizing, let prototypeSource = dataSource as? any CollectionViewPrototypeDataSource {
                try measureUnmeasuredItemsConcurrently(sizing, prototypeSource)
            } else {
                for (section, count) in sectionCounts.enumerated() {
                    for item in 0..<count {
                        let indexPath = IndexPath(item: item, section: section)
                        guard resolvedSize(at: indexPath) == nil else { continue }
                        let size = try measureItem(at: indexPath, forDisplay: false, dataSource)
                        sizes.record(size, at: indexPath, sectionCount: count)
                    }
                }
            }
            if !sizes.hasChanges { break }
            layout.invalidate(sizes.changes, source: self)
        }
        setNeedsLayout()
        return layout.contentSize
    }

    /// ``measureAllItems`` for a data source of prototypes with ``concurrentSizing`` set:
    /// the size cache is asked first (on this thread), the items it does not know are
    /// measured on several threads with prototypes of their own, and every size goes into
    /// the cache and to the layout here, in item order — the same entries, counters and
    /// sizes as measuring one item after the other.
    private func measureUnmeasuredItemsConcurrently(
        _ sizing: ConcurrentSizing, _ dataSource: any CollectionViewPrototypeDataSource
    ) throws {
        let traits = effectiveTraits
        var pending: [(indexPath: IndexPath, identity: AnyHashable, proposal: FittingProposal)] = []
        var jobs: [SizingJob] = []
        var queued: [AnyHashable: FittingProposal] = [:]
        for (section, count) in sectionCounts.enumerated() {
            for item in 0..<count {
                let indexPath = IndexPath(item: item, section: section)
                guard resolvedSize(at: indexPath) == nil else { continue }
                let proposal = layout.fittingProposal(forItemAt: indexPath)
                let identity = dataSource.collectionView(self, identifierForItemAt: indexPath)
                // What the cache will hold for this identity when this item's turn comes:
                // the size of an item queued earlier in this pass, else what it holds now.
                let known = queued[identity].map { $0 == proposal }
                    ?? (sizes.cache.cachedSize(for: identity, proposal: proposal, traits: traits) != nil)
                if !known {
                    queued[identity] = proposal
                    let identifier = dataSource.collectionView(self, reuseIdentifierForItemAt: indexPath)
                    guard reuse.cellTemplates[identifier] != nil else {
                        throw CollectionViewError.unregistered(identifier, kind: .cell, registered: reuse.cellTemplates.keys)
                    }
                    jobs.append(SizingJob(
                        reuseIdentifier: identifier,
                        attributes: layout.attributesForItem(at: indexPath) ?? LayoutAttributes(indexPath: indexPath, frame: .zero),
                        proposal: proposal))
                }
                pending.append((indexPath, identity, proposal))
            }
        }
        var measured = sizing.measure(jobs, traits: traits).makeIterator()
        for item in pending {
            let size = sizes.size(for: item.identity, proposal: item.proposal, traits: traits) {
                ItemSize(measured.next()!)
            }.size
            sizes.record(size, at: item.indexPath, sectionCount: sectionCounts[item.indexPath.section])
        }
    }
}
