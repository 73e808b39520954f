import Trellis

extension CollectionView {
    // MARK: Self-sizing supplementary views

    /// True when the supplementary element has no measured size for the current width.
    @inline(__always)
    func needsMeasuring(_ attributes: LayoutAttributes) -> Bool {
        attributes.kind.category == .supplementaryView
            && sizes.supplementarySize(ofKind: attributes.kind, inSection: attributes.indexPath.section) == nil
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
