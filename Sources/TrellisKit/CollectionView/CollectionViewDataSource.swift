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

    /// Whether the user may move the item (`beginInteractiveMovementForItem(at:)` asks).
    /// The default is false: implement it with `collectionView(_:moveItemAt:to:)` to allow
    /// reordering (UIKit allows every item when only `moveItemAt` is implemented; Swift
    /// cannot see which protocol methods a class implements).
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool

    /// The user moved an item from `sourceIndexPath` to `destinationIndexPath`
    /// (`endInteractiveMovement()`, only when the position changed): update the model. The
    /// collection view already shows the item there.
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
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
/// identifier, and is told whether the cell is a prototype (scenario S3's content-aware data
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
/// the methods of `UICollectionViewDelegateFlowLayout`, in UIKit's shapes). Every method
/// has a default.
///
/// The sizing methods are UIKit's flow-layout delegate methods, with the `layout:`
/// argument, so ported code is called as it is. Unlike UIKit, where only
/// `UICollectionViewFlowLayout` asks them, the collection view asks
/// `sizeForItemAt` and the header and footer reference sizes for every layout (all
/// Trellis layouts read their sizes from the collection view); the insets and spacings go
/// to a `FlowLayout`.
public protocol CollectionViewDelegate: AnyObject {
    /// The item's size (`collectionView(_:layout:sizeForItemAt:)`). With self-sizing it is
    /// the estimate until the cell is measured, as in UIKit. The default is
    /// `collectionView.defaultItemSize` (the estimate, else `itemSize`). Scenario S1's path:
    /// answer it with a sizing cell (`prototypeSize(forItemAt:proposal:)`).
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size

    /// The section's insets in a `FlowLayout` (`insetForSectionAt`); default: the layout's.
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, insetForSectionAt section: Int) -> EdgeInsets
    /// The spacing between lines in a `FlowLayout` section; default: the layout's.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, minimumLineSpacingForSectionAt section: Int) -> Double
    /// The spacing between items of a line in a `FlowLayout` section; default: the layout's.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout,
        minimumInteritemSpacingForSectionAt section: Int) -> Double
    /// The size of the section's header (`referenceSizeForHeaderInSection`); `.zero` means
    /// no header, as in UIKit. Default: `sizeForSupplementaryElementOfKind(.header)`, else
    /// the collection's `headerSize`, else none.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, referenceSizeForHeaderInSection section: Int) -> Size
    /// The size of the section's footer; as the header's.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, referenceSizeForFooterInSection section: Int) -> Size

    /// The size of a supplementary element of any kind (Trellis: UIKit has no counterpart
    /// for kinds other than header and footer), or nil for the collection's `headerSize` /
    /// `footerSize` (none for other kinds). Headers and footers ask the reference-size
    /// methods above first, whose defaults ask this.
    func collectionView(_ collectionView: CollectionView, sizeForSupplementaryElementOfKind kind: ElementKind, inSection section: Int) -> Size?

    /// Not called: the shape `sizeForItemAt` had before Trellis took UIKit's. A delegate that
    /// still implements it makes the next layout pass throw `delegateShape`, naming the
    /// method to implement instead (`collectionView(_:layout:sizeForItemAt:)`), so the
    /// near-miss cannot pass silently (Swift has no compile-time way to reject a method a
    /// protocol does not call).
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> Size?

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

    /// Whether the item has a primary action (default true). See
    /// ``CollectionView/userPerformPrimaryAction(at:)``.
    func collectionView(_ collectionView: CollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool
    /// The user asked for the item's primary action — to open it, as opposed to selecting
    /// it (UIKit's iOS 16 method; in a GTK window: Enter or a double-click). Default: nothing.
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath)

    // Interactive movement (see ``CollectionView/updateInteractiveMovementTargetPosition(_:)``).

    /// Where the moving item goes when the user holds it over `proposedIndexPath` (iOS 15's
    /// method): return another index path to redirect it, `currentIndexPath` to keep it
    /// where it is. The default asks the older
    /// `collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)`.
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath
    /// The pre-iOS 15 form of the method above (default: `proposedIndexPath`).
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath

    /// The number of items appended below the viewport while the reader was away from the
    /// end changed (``CollectionView/newItemsBelowCount``, with
    /// ``CollectionView/contentAnchor`` `.bottom`: a Trellis addition). Told at the end of
    /// the layout pass that changed it. Default: nothing.
    func collectionView(_ collectionView: CollectionView, didChangeNewItemsBelowCount count: Int)
}

extension CollectionViewDelegate {
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size {
        collectionView.noteDelegateDefault(.itemSize)  // see checkDelegateShapes()
        return collectionView.defaultItemSize
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, insetForSectionAt section: Int
    ) -> EdgeInsets {
        (collectionViewLayout as? FlowLayout)?.metrics.sectionInset ?? .zero
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, minimumLineSpacingForSectionAt section: Int
    ) -> Double {
        (collectionViewLayout as? FlowLayout)?.metrics.lineSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double {
        (collectionViewLayout as? FlowLayout)?.metrics.interitemSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, referenceSizeForHeaderInSection section: Int
    ) -> Size {
        collectionView.noteDelegateDefault(.supplementarySize(.header))  // see checkDelegateShapes()
        return self.collectionView(collectionView, sizeForSupplementaryElementOfKind: .header, inSection: section) ?? collectionView.headerSize ?? .zero
    }
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, referenceSizeForFooterInSection section: Int
    ) -> Size {
        collectionView.noteDelegateDefault(.supplementarySize(.footer))  // see checkDelegateShapes()
        return self.collectionView(collectionView, sizeForSupplementaryElementOfKind: .footer, inSection: section) ?? collectionView.footerSize ?? .zero
    }
    public func collectionView(
        _ collectionView: CollectionView, sizeForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
    ) -> Size? {
        collectionView.noteDelegateDefault(.supplementarySize(nil))  // see checkDelegateShapes()
        return nil
    }
    public func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> Size? {
        collectionView.noteDelegateDefault(.oldItemSize)  // see checkDelegateShapes()
        return nil
    }
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
    public func collectionView(_ collectionView: CollectionView, didChangeNewItemsBelowCount count: Int) {}
}

/// Told ahead of time which items are about to appear, so their data can be loaded
/// (`UICollectionViewDataSourcePrefetching`, the same methods). Items near the displayed
/// region — `prefetchDistance` at rest, farther ahead of the scroll motion the faster it
/// goes — are announced once as they come near, nearest first; items already displayed are
/// never announced. An announced item that moves away without having been displayed is
/// cancelled, in the same layout pass and before that pass's new announcements.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
