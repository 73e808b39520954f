import Trellis

/// A delegate that chooses a flow layout's metrics per section (the insets and spacing of
/// `UICollectionViewDelegateFlowLayout`). When the collection view's layout is a
/// `FlowLayout` without a `sectionMetrics` of its own, the collection view routes it to
/// this delegate.
public protocol CollectionViewFlowDelegate: CollectionViewDelegate {
    /// The metrics of `section`; return `defaults` (the layout's `metrics`) with the fields
    /// you change.
    func collectionView(_ collectionView: CollectionView, metricsForSection section: Int, defaults: FlowMetrics) -> FlowMetrics
}

extension CollectionView {
    /// Lets a `CollectionViewFlowDelegate` choose the section metrics of a flow layout that
    /// has no `sectionMetrics` of its own. Called before the layout reads the collection.
    func connectFlowDelegate() {
        guard let flow = layout as? FlowLayout, flow.sectionMetrics == nil, delegate is any CollectionViewFlowDelegate else { return }
        flow.sectionMetrics = { [weak self] section, defaults in
            guard let self, let delegate = self.delegate as? any CollectionViewFlowDelegate else { return defaults }
            return delegate.collectionView(self, metricsForSection: section, defaults: defaults)
        }
    }
}
