import Trellis

/// What a collection view shows (`UICollectionViewDataSource`): the counts, a configured
/// cell for an index path, supplementary views, and a stable identity for each item.
///
/// Class-bound: the collection view holds its data source weakly, like UIKit.
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections (default 1).
    func numberOfSections(in collectionView: CollectionView) -> Int

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int

    /// A configured cell, usually from `dequeueReusableCell(withReuseIdentifier:for:)`.
    /// Throws what dequeuing throws.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell

    /// A header, footer or other supplementary view, usually from
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`. The default
    /// throws `missingDataSource`: a layout that shows supplementary views needs this.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView

    /// A stable identity of the item's content, the key of the size cache: an item keeps
    /// its measured size across inserts, deletes and `reloadData` as long as its identity
    /// is unchanged. Include a version of the content when content can change without a
    /// reload. The default is the index path, which is stable only while nothing moves.
    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        throw CollectionViewError(
            .missingDataSource,
            "the layout shows a \(kind) view in section \(indexPath.section) but the data source provides no supplementary views")
    }

    public func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        AnyHashable(indexPath)
    }
}

/// A data source that configures cells itself, given a cell of the right reuse
/// identifier, and is told whether the cell is a prototype (seed 002's content-aware data
/// source). The collection view then dequeues for it, and measures items with one
/// off-screen prototype cell per reuse identifier instead of dequeuing real cells, which
/// is what sizing before display (`contentSize(forWidth:)`, `prototypeSize(forItemAt:)`)
/// needs.
public protocol CollectionViewPrototypeDataSource: CollectionViewDataSource {
    /// The reuse identifier of the item's cell.
    func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String

    /// Configures `cell` with the item's model. When `isPrototype` is true the cell is only
    /// measured, never shown: skip drawing-only work.
    func collectionView(
        _ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool)
}

extension CollectionViewPrototypeDataSource {
    /// Dequeues a cell of the item's reuse identifier and configures it for display.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(
            withReuseIdentifier: self.collectionView(collectionView, reuseIdentifierForItemAt: indexPath), for: indexPath)
        self.collectionView(collectionView, configure: cell, forItemAt: indexPath, isPrototype: false)
        return cell
    }
}

/// What a collection view tells and asks beyond the data (`UICollectionViewDelegate` with
/// the sizing part of `UICollectionViewDelegateFlowLayout`). Every method has a default.
public protocol CollectionViewDelegate: AnyObject {
    /// The item's size, or nil to use the collection's `itemSize` or self-sizing. Seed
    /// 000's path: answer it with a sizing cell (`prototypeSize(forItemAt:proposal:)`).
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> Size?

    /// The size of the section's header or footer (or another supplementary kind), or nil
    /// to use the collection's `headerSize` / `footerSize`.
    func collectionView(_ collectionView: CollectionView, sizeForSupplementaryElementOfKind kind: ElementKind, inSection section: Int) -> Size?

    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView, forElementKind kind: ElementKind,
        at indexPath: IndexPath)
    func collectionView(
        _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView, forElementKind kind: ElementKind,
        at indexPath: IndexPath)

    // Selection and highlighting (UIKit's shapes; asked and told only for what the user
    // does, through `beginInteraction(at:)`, `endInteraction(at:extending:toggling:)` and
    // `userSelectItem(at:extending:toggling:)` — never for `selectItem` / `deselectItem`,
    // as in UIKit). Defaults: allow everything, ignore the news.

    /// Whether the user may select the item (default true).
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The user selected the item.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether the user may deselect the item (default true).
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// The user deselected the item (also when selecting another in single selection).
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether the item highlights when pressed (default true). False also means a press
    /// on it does not select it, as in UIKit.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// The item became highlighted (pressed).
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The item is no longer highlighted (released or cancelled).
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> Size? { nil }
    public func collectionView(
        _ collectionView: CollectionView, sizeForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
    ) -> Size? { nil }
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView, forElementKind kind: ElementKind,
        at indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView, forElementKind kind: ElementKind,
        at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
}

/// Told ahead of time which items are about to appear, so their data can be loaded
/// (`UICollectionViewDataSourcePrefetching`). Items within `prefetchDistance` beyond the
/// displayed region are announced once as they come near, and cancelled when they move
/// away without having been displayed.
public protocol CollectionViewPrefetching: AnyObject {
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewPrefetching {
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
