import Trellis

extension CollectionViewDiffableDataSource {
    /// What the user's expanding and collapsing of outline items asks and tells
    /// (`UICollectionViewDiffableDataSource.SectionSnapshotHandlers`). Every handler is
    /// optional; without them every item may be expanded and collapsed.
    ///
    /// Differs from UIKit: not generic over its own item type (UIKit's struct repeats the
    /// data source's `ItemIdentifierType`); `dataSource.sectionSnapshotHandlers.… = { … }`
    /// reads the same.
    public struct SectionSnapshotHandlers {
        /// Whether the user may expand the item (nil: yes).
        public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
        /// The item is about to be expanded.
        public var willExpandItem: ((ItemIdentifierType) -> Void)?
        /// Whether the user may collapse the item (nil: yes).
        public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
        /// The item is about to be collapsed.
        public var willCollapseItem: ((ItemIdentifierType) -> Void)?
        /// The children the item shows once expanded, given the item and a section snapshot
        /// of its current children (`snapshot(of:)`): load them lazily here. The snapshot
        /// returned replaces the item's children (`replace(childrenOf:using:)`).
        public var snapshotForExpandingParent: ((ItemIdentifierType, SectionSnapshot) -> SectionSnapshot)?

        public init() {}
    }

    // MARK: Section snapshots

    /// Makes `snapshot` the content of `section` (appended after the last section when the
    /// current snapshot has no such section) through one batch update, as
    /// ``apply(_:animatingDifferences:completion:)`` does for a whole snapshot: the
    /// section shows the snapshot's `visibleItems`, so `snapshot()` then has only the items
    /// whose ancestors are all expanded, as in UIKit. Expanding an item inserts its
    /// children after it and collapsing deletes them; the first visible item that stays is
    /// kept still, so what is above the item does not move.
    /// - Throws: the first of `snapshot.errors`; `duplicateIdentifier` when a visible item
    ///   is in another section; what `performBatchUpdates` throws. The collection view,
    ///   the current snapshot and the section snapshots are then unchanged.
    /// - Complexity: O(v) for v visible items of the section, plus the batch update's.
    @inlinable @discardableResult
    public final func apply(
        _ snapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) throws -> BatchUpdateTransition {
        if let error = snapshot.errors.first { throw error }
        var next = current
        let visible = snapshot.visibleItems
        if let error = next.replaceItems(ofSection: section, with: visible, isKept: snapshot.isVisible, operation: "apply(_:to:)") {
            throw error
        }
        var outlines = sectionSnapshots
        outlines[section] = snapshot
        let difference = appliesByDifference ? SnapshotDifference(from: current, to: next) : nil
        guard animatingDifferences else {
            return try View.performWithoutAnimation { try apply(next, difference: difference, sectionSnapshots: outlines, completion: completion) }
        }
        return try apply(next, difference: difference, sectionSnapshots: outlines, completion: completion)
    }

    /// The section snapshot of `section`: the one last applied to it, or, for a section
    /// filled by a whole snapshot, its items as root items (empty for a section the
    /// current snapshot does not have).
    /// - Complexity: O(1) for an applied section snapshot (copy on write), O(m) for m
    ///   items otherwise.
    public func snapshot(for section: SectionIdentifierType) -> SectionSnapshot {
        if let outline = sectionSnapshots[section] { return outline }
        return SectionSnapshot(rootItems: current.itemIdentifiers(inSection: section))
    }

    /// The section snapshots that still describe their sections once `snapshot` is
    /// applied: a whole snapshot that changes an outline section's items makes it a flat
    /// section again (its items become root items).
    @usableFromInline
    func sectionSnapshotsKept(by snapshot: Snapshot) -> [SectionIdentifierType: SectionSnapshot] {
        guard !sectionSnapshots.isEmpty else { return [:] }
        return sectionSnapshots.filter { section, outline in
            snapshot.indexOfSection(section) != nil && snapshot.itemIdentifiers(inSection: section) == outline.visibleItems
        }
    }

    // MARK: The user's expanding and collapsing

    /// The user asked to expand `item` (an outline disclosure accessory, a key press in a
    /// window): as UIKit does for its disclosure accessory, asks
    /// `sectionSnapshotHandlers.shouldExpandItem`, tells `willExpandItem`, lets
    /// `snapshotForExpandingParent` supply the children, then expands the item and applies
    /// the section snapshot. Returns whether it was expanded (false: refused, or already
    /// expanded).
    /// - Throws: `invalidSnapshot` when `item` is not shown; what `apply` throws. Nothing
    ///   changes then.
    @inlinable @discardableResult
    public func userExpand(_ item: ItemIdentifierType) throws -> Bool {
        try userSetExpanded(item, true, "userExpand(_:)")
    }

    /// The user asked to collapse `item`: asks `shouldCollapseItem`, tells
    /// `willCollapseItem`, then collapses it and applies the section snapshot. Returns
    /// whether it was collapsed (false: refused, or already collapsed).
    /// - Throws: `invalidSnapshot` when `item` is not shown; what `apply` throws.
    @inlinable @discardableResult
    public func userCollapse(_ item: ItemIdentifierType) throws -> Bool {
        try userSetExpanded(item, false, "userCollapse(_:)")
    }

    /// Collapses `item` when it is expanded, expands it otherwise (what a disclosure
    /// accessory's tap does). Returns whether it changed.
    @inlinable @discardableResult
    public func userToggleExpansion(of item: ItemIdentifierType) throws -> Bool {
        let section = try sectionShowing(item, "userToggleExpansion(of:)")
        return snapshot(for: section).isExpanded(item) ? try userCollapse(item) : try userExpand(item)
    }

    /// Inlinable, as `apply(_:to:)`, so that the section snapshot's walk and the
    /// difference are specialised for the app's identifier types.
    @inlinable
    func userSetExpanded(_ item: ItemIdentifierType, _ expand: Bool, _ operation: String) throws -> Bool {
        let section = try sectionShowing(item, operation)
        var outline = snapshot(for: section)
        let handlers = sectionSnapshotHandlers
        let allows = expand ? handlers.shouldExpandItem : handlers.shouldCollapseItem
        guard outline.isExpanded(item) != expand, allows?(item) ?? true else { return false }
        if expand {
            handlers.willExpandItem?(item)
            if let supply = handlers.snapshotForExpandingParent {
                outline.replace(childrenOf: item, using: supply(item, outline.snapshot(of: item)))
            }
            outline.expand([item])
        } else {
            handlers.willCollapseItem?(item)
            outline.collapse([item])
        }
        try apply(outline, to: section)
        return true
    }

    @usableFromInline
    func sectionShowing(_ item: ItemIdentifierType, _ operation: String) throws -> SectionIdentifierType {
        guard let section = current.sectionIdentifier(containingItem: item) else {
            throw CollectionViewError(.invalidSnapshot, "\(operation) names item \(item), which the collection view does not show")
        }
        return section
    }
}
