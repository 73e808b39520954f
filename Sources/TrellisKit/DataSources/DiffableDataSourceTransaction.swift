import Trellis

/// What one reordering did to a diffable data source's data
/// (`NSDiffableDataSourceTransaction`), handed to `reorderingHandlers.willReorder` and
/// `didReorder`: the snapshots before and after, and the difference between their items,
/// to apply to the app's own model (`model.applying(transaction.difference)`).
public struct DiffableDataSourceTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The data source's snapshot before the reordering.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// Its snapshot after.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The change from `initialSnapshot.itemIdentifiers` to `finalSnapshot.itemIdentifiers`:
    /// the moved item's removal and insertion, associated with each other.
    public let difference: CollectionDifference<ItemIdentifierType>
    /// One transaction for each section whose items changed: the item's section, and the
    /// section it went to.
    public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}

/// What one reordering did to one section (`NSDiffableDataSourceSectionTransaction`).
public struct DiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    public let sectionIdentifier: SectionIdentifierType
    /// The section's section snapshot before (`dataSource.snapshot(for:)`).
    public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// Its section snapshot after.
    public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The change from `initialSnapshot.items` to `finalSnapshot.items` — the moved item's
    /// (and its descendants') removal and insertion, associated when it stayed in the
    /// section: apply it to the section's own list of items.
    public let difference: CollectionDifference<ItemIdentifierType>
}
