import Trellis

/// A delegate of a collection view with a `FlowLayout` (`UICollectionViewDelegateFlowLayout`).
/// UIKit's methods (`sizeForItemAt`, `insetForSectionAt`, the spacings, the header and
/// footer reference sizes) are on `CollectionViewDelegate` itself, so they are called
/// whether a class adopts this protocol or only `CollectionViewDelegate` (UIKit, through
/// Objective-C, calls them on any delegate that implements them); this protocol adds the
/// Trellis way to choose a whole section's `FlowMetrics`, alignment included.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The metrics of `section`: `defaults` (the layout's `metrics`) with this section's
    /// insets and spacings from the UIKit methods, which is the default. Override it for
    /// what UIKit has no method for (alignment, line limits).
    func collectionView(_ collectionView: CollectionView, metricsForSection section: Int, defaults: FlowMetrics) -> FlowMetrics
}

extension CollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: CollectionView, metricsForSection section: Int, defaults: FlowMetrics) -> FlowMetrics {
        collectionView.metricsFromDelegateMethods(self, section: section, defaults: defaults)
    }
}

extension CollectionView {
    /// Lets the delegate choose the section metrics of a flow layout that has no
    /// `sectionMetrics` of its own: `metricsForSection` for a
    /// `CollectionViewDelegateFlowLayout`, else UIKit's inset and spacing methods. Called
    /// before the layout reads the collection.
    func connectFlowDelegate() {
        // A closure already there is this one (it follows the delegate as it changes) or
        // the app's own, which wins.
        guard let flow = layout as? FlowLayout, flow.sectionMetrics == nil, delegate != nil else { return }
        flow.sectionMetrics = { [weak self] section, defaults in
            guard let self, let delegate = self.delegate else { return defaults }
            if let flowDelegate = delegate as? any CollectionViewDelegateFlowLayout {
                return flowDelegate.collectionView(self, metricsForSection: section, defaults: defaults)
            }
            return self.metricsFromDelegateMethods(delegate, section: section, defaults: defaults)
        }
    }

    /// `defaults` with the section's insets and spacings from UIKit's delegate methods.
    public func metricsFromDelegateMethods(_ delegate: any CollectionViewDelegate, section: Int, defaults: FlowMetrics) -> FlowMetrics {
        var metrics = defaults
        metrics.sectionInset = delegate.collectionView(self, layout: layout, insetForSectionAt: section)
        metrics.lineSpacing = delegate.collectionView(self, layout: layout, minimumLineSpacingForSectionAt: section)
        metrics.interitemSpacing = delegate.collectionView(self, layout: layout, minimumInteritemSpacingForSectionAt: section)
        return metrics
    }

    /// Rejects a delegate that implements `sizeForItemAt` in the shape Trellis had before
    /// UIKit's (`collectionView(_:sizeForItemAt:) -> Size?`): it would never be called. The
    /// protocol's default of that shape marks a flag; a delegate's own implementation does
    /// not. Checked once per delegate, with the first item (never an index path the data
    /// source does not have); the same probe tells whether the delegate sizes items at all
    /// (`delegateSizesItems`).
    /// - Throws: `delegateShape` naming the method to implement instead.
    func checkDelegateShapes() throws {
        guard let delegate else { return }
        let identity = ObjectIdentifier(delegate)
        guard checkedDelegate != identity,
              let section = sectionCounts.firstIndex(where: { $0 > 0 })
        else { return }
        beginDelegateShapeCheck()
        _ = delegate.collectionView(self, sizeForItemAt: IndexPath(item: 0, section: section))
        guard delegateDefaultsRan.contains(.oldItemSize) else {
            throw CollectionViewError(
                .delegateShape,
                "the delegate \(type(of: delegate)) implements collectionView(_:sizeForItemAt:) -> Size?, which is never called: "
                    + "implement UIKit's collectionView(_:layout:sizeForItemAt:) -> Size instead")
        }
        // Whether the delegate sizes items and supplementary views: the protocol's defaults
        // note that they ran.
        _ = delegate.collectionView(self, layout: layout, sizeForItemAt: IndexPath(item: 0, section: section))
        _ = delegate.collectionView(self, layout: layout, referenceSizeForHeaderInSection: section)
        _ = delegate.collectionView(self, layout: layout, referenceSizeForFooterInSection: section)
        delegateShapesChecked(identity, sizesItems: !delegateDefaultsRan.contains(.itemSize))
    }
}
