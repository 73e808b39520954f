import Trellis

/// A data source driven by snapshots of identifiers (`UICollectionViewDiffableDataSource`).
/// Make it with the collection view and a cell provider; it becomes the collection view's
/// data source (keep a strong reference: the collection view holds its data source weakly,
/// as in UIKit). Then describe the data with a `DiffableDataSourceSnapshot` and `apply`
/// it: the difference from the current snapshot becomes one validated batch update with
/// moves.
///
/// Item identifiers are the size cache's identities (`identifierForItemAt`): an item that
/// moves keeps its measured size and its cell; only inserted, reloaded and reconfigured
/// items are measured again, and only once they are displayed.
///
/// Differs from UIKit: `apply` throws instead of raising an exception for a snapshot with a
/// duplicate or unknown identifier (`duplicateIdentifier`, `invalidSnapshot`, naming the
/// identifier and where it already is) and leaves the collection view and the current
/// snapshot unchanged; it runs synchronously, so the view shows the new snapshot at the
/// next layout pass; and it returns the `BatchUpdateTransition` for animating.
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    CollectionViewDataSource
{
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    public typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>

    /// Makes the cell of an item, usually with `dequeueConfiguredReusableCell(using:for:item:)`.
    /// Returning nil is an error (`missingDataSource`, naming the item).
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) throws -> CollectionViewCell?

    /// Makes a header, footer or other supplementary view, usually with
    /// `dequeueConfiguredReusableSupplementary(using:for:)`.
    public typealias SupplementaryViewProvider = (CollectionView, ElementKind, IndexPath) throws -> ReusableView?

    /// The collection view this data source feeds, held weakly.
    public private(set) weak var collectionView: CollectionView?

    private let cellProvider: CellProvider

    /// Makes the supplementary views the layout shows. Nil: a layout showing headers or
    /// footers is an error (`missingDataSource`).
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// The snapshot the collection view shows.
    @usableFromInline private(set) var current = Snapshot()
    /// Where each of its items is: built by the first `indexPath(for:)` after an apply
    /// (the difference does not need it, so an apply does not pay for indexing every item).
    private var itemIndex: [ItemIdentifierType: IndexPath]?
    /// The section snapshots applied (`apply(_:to:animatingDifferences:completion:)`) whose
    /// visible items are still what their sections show. Invariant: for each entry,
    /// `current.itemIdentifiers(inSection:)` equals its `visibleItems`.
    @usableFromInline var sectionSnapshots: [SectionIdentifierType: SectionSnapshot] = [:]

    /// What the user's expanding and collapsing asks and tells
    /// (`UICollectionViewDiffableDataSource.SectionSnapshotHandlers`).
    public var sectionSnapshotHandlers = SectionSnapshotHandlers()

    /// What interactive reordering asks and tells (see ``ReorderingHandlers``).
    public var reorderingHandlers = ReorderingHandlers()

    /// Becomes `collectionView`'s data source.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the current snapshot, to modify and apply.
    /// - Complexity: O(1) (copy on write).
    public func snapshot() -> Snapshot { current }

    /// Makes `snapshot` the current one through one batch update: sections and items
    /// deleted, inserted and moved (the fewest moves that keep the others in order),
    /// reloaded items re-dequeued and re-measured, reconfigured items configured again in
    /// their displayed cells and re-measured in place. Measured sizes and displayed cells
    /// follow their items; the first visible item that survives stays where it is. Before
    /// the collection view's first layout pass, or without a collection view, the snapshot
    /// is simply taken (as UIKit's first apply reloads).
    ///
    /// With `animatingDifferences` (UIKit's default) a host that animates updates (the GTK
    /// widget, through ``CollectionView/updateAnimationHandler``) animates the change; false
    /// applies it as ``View/performWithoutAnimation(_:)`` would. The returned transition
    /// (also `collectionView.lastTransition`) has what an animation needs. The collection view is laid out before `apply` returns (UIKit's
    /// batch updates lay out too): what came into view is measured while the first
    /// visible surviving item is kept still. `completion` runs once the update is applied.
    /// - Throws: the first of `snapshot.errors` (`duplicateIdentifier`, `invalidSnapshot`),
    ///   or what `performBatchUpdates` throws; the collection view and the current snapshot
    ///   are then unchanged. An error of the layout pass that follows (a cell provider
    ///   throwing) is thrown after the snapshot was applied.
    /// - Complexity: O(n) for the difference (see `SnapshotDifference`), plus the batch
    ///   update's relayout.
    @inlinable @discardableResult
    public final func apply(
        _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) throws -> BatchUpdateTransition {
        // Inlinable so that the difference, the part that visits every item, is specialised
        // for the app's identifier types where `apply` is called (unspecialised, it compared
        // and copied identifiers through value witnesses: a quarter of a 100k apply).
        if let error = snapshot.errors.first { throw error }
        let difference = appliesByDifference ? SnapshotDifference(from: current, to: snapshot) : nil
        guard animatingDifferences else {
            return try View.performWithoutAnimation {
                try apply(snapshot, difference: difference, sectionSnapshots: sectionSnapshotsKept(by: snapshot), completion: completion)
            }
        }
        return try apply(snapshot, difference: difference, sectionSnapshots: sectionSnapshotsKept(by: snapshot), completion: completion)
    }

    /// Whether `apply` works out a batch update (the collection view shows this data
    /// source's data), or simply takes the snapshot.
    @usableFromInline var appliesByDifference: Bool {
        guard let collectionView else { return false }
        return collectionView.dataSource === self && !collectionView.needsReload
    }

    /// `apply` once the difference is known (nil: take the snapshot and reload), with the
    /// section snapshots that hold after it.
    @usableFromInline
    func apply(
        _ snapshot: Snapshot, difference: SnapshotDifference<SectionIdentifierType, ItemIdentifierType>?,
        sectionSnapshots outlines: [SectionIdentifierType: SectionSnapshot], completion: (() -> Void)?
    ) throws -> BatchUpdateTransition {
        var next = snapshot
        next.clearChangeMarks()
        guard let collectionView, let difference else {
            current = next
            sectionSnapshots = outlines
            itemIndex = nil
            collectionView?.reloadData()
            completion?()
            return BatchUpdateTransition()
        }
        // The item kept still: the first visible one that survives (as the batch update
        // chooses it), by identifier.
        let anchor = collectionView.anchorsFirstVisibleItem
            ? ScrollAnchor(capturing: collectionView) { [current] old in
                next.indexPath(ofItem: current.itemsBySection[old.section][old.item], near: old)
            }
            : nil
        let selected = (collectionView.indexPathsForSelectedItems ?? []).compactMap { path in
            itemIdentifier(for: path).map { ($0, path) }
        }
        let previous = (current, itemIndex, sectionSnapshots)
        current = next
        sectionSnapshots = outlines
        itemIndex = nil
        // Pinned through the whole apply — the batch update measures what comes into view
        // before it reports its transition, and the layout below measures again: in a flow
        // layout a measured insert re-flows the lines, and the first visible item of the
        // re-flowed lines may be one that was not on screen.
        // A view following the end of its content pins nothing: the end stays the anchor.
        // Kept cells may now show an item expanded or collapsed: their state changed.
        defer { collectionView.setNeedsUpdateConfigurationOfDisplayedCells() }
        return try collectionView.pinningAnchor(to: anchor?.pinnedItem) {
            try apply(difference, next: next, selected: selected, previous: previous, completion: completion, in: collectionView)
        }
    }

    /// `apply` with the anchor pinned.
    private func apply(
        _ difference: SnapshotDifference<SectionIdentifierType, ItemIdentifierType>, next: Snapshot,
        selected: [(ItemIdentifierType, IndexPath)],
        previous: (Snapshot, [ItemIdentifierType: IndexPath]?, [SectionIdentifierType: SectionSnapshot]),
        completion: (() -> Void)?, in collectionView: CollectionView
    ) throws -> BatchUpdateTransition {
        // Reloaded and reconfigured items lose their measured sizes before the batch update,
        // which measures what is in view before it reports the transition (kept in case it
        // refuses the update: the view then stays as it was).
        let cacheBefore = difference.invalidatedItems.isEmpty ? nil : collectionView.sizeCache
        for identifier in difference.invalidatedItems {
            collectionView.sizes.removeCachedSize(forIdentity: AnyHashable(identifier))
        }
        let transition: BatchUpdateTransition
        do {
            transition = try collectionView.performBatchUpdates { $0 = difference.update }
        } catch {
            (current, itemIndex, sectionSnapshots) = previous
            if let cacheBefore { collectionView.sizes.restoreCache(cacheBefore) }
            throw error
        }
        // The batch update moves the selection with the items it keeps; an item the
        // update replaces (moved and reloaded, or moved into a new section) is still the
        // same identifier: it stays selected too.
        for (identifier, oldPath) in selected {
            if let indexPath = next.indexPath(ofItem: identifier, near: oldPath), !collectionView.isItemSelected(at: indexPath) {
                collectionView.select(indexPath)
            }
        }
        for (identifier, indexPath) in difference.reconfiguredItems {
            try reconfigure(identifier, at: indexPath, in: collectionView)
        }
        // Lay out now, as UIKit's batch updates do, measuring what came into view with the
        // anchor still pinned.
        try collectionView.performLayout()
        completion?()
        return transition
    }

    /// Makes `snapshot` the current one with `reloadData()`: no difference, every displayed
    /// cell made again. Measured sizes stay cached by identifier.
    /// - Throws: the first of `snapshot.errors`; nothing changes then.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) throws {
        if let error = snapshot.errors.first { throw error }
        sectionSnapshots = sectionSnapshotsKept(by: snapshot)
        current = snapshot
        current.clearChangeMarks()
        itemIndex = nil
        for identifier in snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers {
            collectionView?.sizes.removeCachedSize(forIdentity: AnyHashable(identifier))
        }
        collectionView?.reloadData()
        completion?()
    }

    /// Makes `snapshot` the current one without an update: the collection view already
    /// shows it (an interactive movement ended).
    func takeReordered(_ snapshot: Snapshot, sectionSnapshots outlines: [SectionIdentifierType: SectionSnapshot]) {
        current = snapshot
        sectionSnapshots = outlines
        itemIndex = nil
    }

    /// Configures the displayed cell of a reconfigured item again (the cell provider's
    /// dequeue hands back that same cell, without `prepareForReuse`), and forgets its
    /// measured size so the next layout pass measures it in place.
    private func reconfigure(_ identifier: ItemIdentifierType, at indexPath: IndexPath, in collectionView: CollectionView) throws {
        collectionView.sizes.removeCachedSize(forIdentity: AnyHashable(identifier))
        collectionView.sizes.forgetSize(at: indexPath)
        collectionView.setNeedsLayout()
        guard let cell = collectionView.cellForItem(at: indexPath) else { return }
        let configured = try collectionView.reconfiguring(cell, at: indexPath) { try cellProvider(collectionView, indexPath, identifier) }
        guard let configured, configured === cell else {
            throw CollectionViewError(
                .missingDataSource,
                "reconfiguring item \(identifier) at \(indexPath): the cell provider must dequeue the cell (it then gets the displayed one back)")
        }
    }

    // MARK: Identifiers and index paths

    /// The item shown at `indexPath`, nil outside the current snapshot.
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section >= 0, indexPath.section < current.itemsBySection.count else { return nil }
        let items = current.itemsBySection[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < items.count else { return nil }
        return items[indexPath.item]
    }

    /// Where `identifier` is shown, nil when the current snapshot does not have it.
    /// - Complexity: O(1) on average; the first call after an apply indexes the snapshot,
    ///   O(n) for n items.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        if let itemIndex { return itemIndex[itemIdentifier] }
        var index: [ItemIdentifierType: IndexPath] = [:]
        index.reserveCapacity(current.numberOfItems)
        for (section, items) in current.itemsBySection.enumerated() {
            for (item, identifier) in items.enumerated() { index.updateValue(IndexPath(item: item, section: section), forKey: identifier) }
        }
        itemIndex = index
        return index[itemIdentifier]
    }

    /// The section at `index`, nil outside the current snapshot.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        index >= 0 && index < current.sections.count ? current.sections[index] : nil
    }

    /// The index of a section, nil when the current snapshot does not have it.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: CollectionViewDataSource

    open func numberOfSections(in collectionView: CollectionView) -> Int { current.sections.count }

    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section >= 0 && section < current.itemsBySection.count ? current.itemsBySection[section].count : 0
    }

    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        guard let identifier = itemIdentifier(for: indexPath) else {
            throw CollectionViewError.outOfRange(indexPath, counts: current.itemsBySection.map(\.count), role: "requested")
        }
        guard let cell = try cellProvider(collectionView, indexPath, identifier) else {
            throw CollectionViewError(.missingDataSource, "the cell provider returned no cell for item \(identifier) at \(indexPath)")
        }
        return cell
    }

    open func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        guard let supplementaryViewProvider else {
            throw CollectionViewError(
                .missingDataSource,
                "the layout shows a \(kind) view in section \(indexPath.section) but the diffable data source has no supplementaryViewProvider")
        }
        guard let view = try supplementaryViewProvider(collectionView, kind, indexPath) else {
            throw CollectionViewError(
                .missingDataSource, "the supplementary view provider returned no \(kind) view for section \(indexPath.section)")
        }
        return view
    }

    /// Whether the user may move the item: `reorderingHandlers.canReorderItem` for it
    /// (false without it, as in UIKit).
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        canReorderItem(at: indexPath)
    }

    /// The user moved an item: the current snapshot follows (see `reorderingHandlers`).
    open func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        reorderItem(from: sourceIndexPath, to: destinationIndexPath)
    }

    /// The item identifier: the size cache's identity, so sizes follow items.
    open func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        itemIdentifier(for: indexPath).map { AnyHashable($0) } ?? AnyHashable(indexPath)
    }
}

extension CollectionViewDiffableDataSource: SectionCountsSource {
    var itemCountsBySection: [Int]? {
        // A subclass may answer `numberOfItemsInSection` itself: then it is asked.
        guard Swift.type(of: self) == CollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>.self else { return nil }
        // A loop over the array itself: this runs unspecialised (through the protocol), where
        // `map` boxed each section's array in a heap buffer.
        let sections = current.itemsBySection
        var counts: [Int] = []
        counts.reserveCapacity(sections.count)
        for index in sections.indices { counts.append(sections[index].count) }
        return counts
    }
}
