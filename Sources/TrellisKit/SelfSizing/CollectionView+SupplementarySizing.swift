import Trellis

extension CollectionView {
    // MARK: Self-sizing supplementary views

    /// True when the supplementary element has no measured size for the current width: a
    /// self-sizing badge (which the layout measures per index path) at its index path, any
    /// other supplementary view in its section.
    @inline(__always)
    func needsMeasuring(_ attributes: LayoutAttributes) -> Bool {
        guard attributes.kind.category == .supplementaryView,
              sizes.attachedSize(ofKind: attributes.kind, at: attributes.indexPath) == nil
        else { return false }
        if layout.fittingProposal(forSupplementaryElementOfKind: attributes.kind, at: attributes.indexPath) != nil { return true }
        return sizes.supplementarySize(ofKind: attributes.kind, inSection: attributes.indexPath.section) == nil
    }

    /// Measures the supplementary view at `attributes` for its layout's proposal: a badge
    /// whose size is estimated (`fittingProposal(forSupplementaryElementOfKind:at:)`) by
    /// itself at its index path, else as a header or footer of its section.
    func measureSupplementaryView(visited attributes: LayoutAttributes, _ dataSource: any CollectionViewDataSource) throws {
        let key = SupplementaryKey(kind: attributes.kind, indexPath: attributes.indexPath)
        if let proposal = layout.fittingProposal(forSupplementaryElementOfKind: attributes.kind, at: attributes.indexPath) {
            try measureAttachedSupplementaryView(key, proposal: proposal, dataSource)
        } else {
            try measureSupplementaryView(key, visited: attributes, forDisplay: true, dataSource)
        }
    }

    /// Measures the self-sizing badge `key` for `proposal` with its displayed view, else one
    /// from the data source kept to be shown in this pass, and records its size, as a change
    /// for the layout when it differs from the frame the layout gives it. Its extents the
    /// proposal fixes stay exact. As for a header, the view first takes its current
    /// (estimated) frame, so a view that answers no preferred size of its own keeps it.
    func measureAttachedSupplementaryView(_ key: SupplementaryKey, proposal: FittingProposal, _ dataSource: any CollectionViewDataSource) throws {
        guard let attributes = layout.attributesForSupplementaryElement(ofKind: key.kind, at: key.indexPath) else { return }
        let view: ReusableView
        if let shown = displayed.supplementaryViews[key] ?? displayed.pendingSupplementaryViews[key] {
            view = shown
        } else {
            view = try dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
            displayed.addPending(view, supplementary: key)
        }
        view.frame.size = attributes.frame.size
        var size = Self.sanitized(view.preferredLayoutAttributesFitting(attributes, proposal: proposal).size)
        if case .exactly(let width) = proposal.width { size.width = width }
        if case .exactly(let height) = proposal.height { size.height = height }
        sizes.recordAttached(size, ofKind: key.kind, at: key.indexPath, changed: size != attributes.frame.size)
    }

    /// The room a header or footer gets: its extent across the scroll direction fixed at
    /// what the layout gives it (it spans the section), free along it.
    func supplementaryProposal(for frame: Rect) -> FittingProposal {
        scrollDirection == .vertical
            ? FittingProposal(width: .exactly(frame.width), height: .unconstrained)
            : FittingProposal(width: .unconstrained, height: .exactly(frame.height))
    }

    /// Measures the header or footer `key` for the layout's current (unpinned) frame of it,
    /// else the frame it was `visited` at (a kind the layout does not look up), at most
    /// once per proposal; records the size for `sizeForSupplementaryElement`, as a change
    /// for the layout when it differs from the size the layout has.
    ///
    /// The view is the displayed one, else one from the data source, which is kept to be
    /// shown in this pass when `forDisplay` (else recycled). Before measuring, the view is
    /// given its current (estimated) frame, so a view with no constraints and no
    /// `sizeThatFits` of its own answers that size and nothing changes: only views that
    /// answer a preferred size resize.
    func measureSupplementaryView(
        _ key: SupplementaryKey, visited: LayoutAttributes? = nil, forDisplay: Bool, _ dataSource: any CollectionViewDataSource
    ) throws {
        guard sizes.supplementarySize(ofKind: key.kind, inSection: key.indexPath.section) == nil,
              let attributes = layout.attributesForSupplementaryElement(ofKind: key.kind, at: key.indexPath) ?? visited
        else { return }
        let proposal = supplementaryProposal(for: attributes.frame)
        let measurement = SupplementaryMeasurement(kind: key.kind, section: key.indexPath.section, proposal: proposal)
        let size: Size
        if let cached = sizes.supplementarySize(for: measurement) {
            size = cached
        } else {
            let view: ReusableView
            if let shown = displayed.supplementaryViews[key] ?? displayed.pendingSupplementaryViews[key] {
                view = shown
            } else {
                view = try dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
                if forDisplay { displayed.addPending(view, supplementary: key) } else { enqueue(view) }
            }
            view.frame.size = attributes.frame.size
            var measured = Self.sanitized(view.preferredLayoutAttributesFitting(attributes, proposal: proposal).size)
            // The layout spans the section anyway: keep the fixed extent exact.
            if scrollDirection == .vertical { measured.width = attributes.frame.width } else { measured.height = attributes.frame.height }
            size = measured
        }
        sizes.recordSupplementary(size, for: measurement, changed: size != attributes.frame.size)
    }

    /// Measures the headers and footers of every section not measured yet (height for a
    /// width before display), recording changed sizes as changes for the layout.
    func measureAllSupplementaryViews(_ dataSource: any CollectionViewDataSource) throws {
        for section in 0..<sectionCounts.count {
            for kind in [ElementKind.header, .footer] {
                try measureSupplementaryView(
                    SupplementaryKey(kind: kind, indexPath: IndexPath(item: 0, section: section)), forDisplay: false, dataSource)
            }
        }
    }
}
