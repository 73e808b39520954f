import Trellis

extension CollectionViewDiffableDataSource {
    public typealias Transaction = DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>

    /// What interactive reordering asks and tells (`UICollectionViewDiffableDataSource
    /// .ReorderingHandlers`). Without `canReorderItem` no item can be moved, as in UIKit.
    public struct ReorderingHandlers {
        /// Whether the user may move the item (nil: no item moves).
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// A reordering is about to change the data source's snapshot.
        public var willReorder: ((Transaction) -> Void)?
        /// A reordering changed the data source's snapshot (`snapshot()` is already the
        /// final one): apply `transaction.difference` to the app's model here.
        public var didReorder: ((Transaction) -> Void)?

        public init() {}
    }

    /// `collectionView(_:canMoveItemAt:)`: `canReorderItem` for the item. An expanded
    /// outline item with children cannot be moved (Trellis moves one row at a time;
    /// collapse it first).
    func canReorderItem(at indexPath: IndexPath) -> Bool {
        guard let canReorder = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: indexPath) else { return false }
        if let section = current.sectionIdentifier(containingItem: item), let outline = sectionSnapshots[section],
           outline.isExpanded(item), outline.hasChildren(item)
        {
            return false
        }
        return canReorder(item)
    }

    /// `collectionView(_:moveItemAt:to:)`: the collection view already shows the item at
    /// `destination`; the current snapshot becomes the one with the item there, between
    /// `willReorder` and `didReorder`. In an outline section the item (with its collapsed
    /// descendants) becomes a sibling of the item that now follows it — or, at the end of
    /// the section, of the one before it.
    func reorderItem(from source: IndexPath, to destination: IndexPath) {
        guard let item = itemIdentifier(for: source) else { return }
        let initial = current
        var final = current
        final.moveItem(item, to: destination)
        let sourceSection = initial.sections[source.section], destinationSection = final.sections[destination.section]
        let touched = sourceSection == destinationSection ? [sourceSection] : [sourceSection, destinationSection]
        let initialOutlines = touched.map { snapshot(for: $0) }

        var outlines = sectionSnapshots
        let subtree = sectionSnapshots[sourceSection]?.snapshot(of: item, includingParent: true) ?? SectionSnapshot(rootItems: [item])
        if var outline = outlines[sourceSection] {
            outline.delete([item])
            outlines[sourceSection] = outline
        }
        let destinationItems = final.itemIdentifiers(inSection: destinationSection)
        var destinationOutline = outlines[destinationSection]
        if destinationOutline == nil && subtree.count > 1 {
            // Collapsed descendants keep their place under the item in a flat section too.
            destinationOutline = SectionSnapshot(rootItems: destinationItems.filter { $0 != item })
        }
        if let outline = destinationOutline {
            outlines[destinationSection] = placing(subtree, in: outline, at: destination.item, of: destinationItems)
        }
        // An outline that would not show the section's items as the view does is dropped
        // (the section is then flat: its items as roots).
        for section in touched where outlines[section].map({ $0.visibleItems != final.itemIdentifiers(inSection: section) }) ?? false {
            outlines[section] = nil
        }

        var sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] = []
        for (section, initialOutline) in zip(touched, initialOutlines) {
            let finalOutline = outlines[section] ?? SectionSnapshot(rootItems: final.itemIdentifiers(inSection: section))
            sectionTransactions.append(DiffableDataSourceSectionTransaction(
                sectionIdentifier: section, initialSnapshot: initialOutline, finalSnapshot: finalOutline,
                difference: Self.difference(moving: subtree.items, from: initialOutline.items, to: finalOutline.items)))
        }
        let transaction = Transaction(
            initialSnapshot: initial, finalSnapshot: final,
            difference: Self.difference(moving: [item], from: initial.itemIdentifiers, to: final.itemIdentifiers),
            sectionTransactions: sectionTransactions)
        reorderingHandlers.willReorder?(transaction)
        takeReordered(final, sectionSnapshots: outlines)
        reorderingHandlers.didReorder?(transaction)
    }

    /// The difference that takes `block` (consecutive in each list that has it) from its
    /// place in `initial` to its place in `final`: a removal and an insertion for each of
    /// its items, associated when it is in both (one section), a removal or an insertion
    /// only when it left or entered the list.
    private static func difference(
        moving block: [ItemIdentifierType], from initial: [ItemIdentifierType], to final: [ItemIdentifierType]
    ) -> CollectionDifference<ItemIdentifierType> {
        let from = block.first.flatMap { initial.firstIndex(of: $0) }
        let to = block.first.flatMap { final.firstIndex(of: $0) }
        var changes: [CollectionDifference<ItemIdentifierType>.Change] = []
        for (offset, item) in block.enumerated() {
            if let from { changes.append(.remove(offset: from + offset, element: item, associatedWith: to.map { $0 + offset })) }
            if let to { changes.append(.insert(offset: to + offset, element: item, associatedWith: from.map { $0 + offset })) }
        }
        return CollectionDifference(changes) ?? final.difference(from: initial).inferringMoves()
    }

    /// `subtree` (the moved item, its descendants) put into `outline` so that the item is
    /// at `position` of `items`, the section's visible items once moved.
    private func placing(_ subtree: SectionSnapshot, in outline: SectionSnapshot, at position: Int, of items: [ItemIdentifierType]) -> SectionSnapshot {
        var outline = outline
        if position + 1 < items.count {
            outline.insert(subtree, before: items[position + 1])
        } else if position > 0 {
            outline.insert(subtree, after: items[position - 1])
        } else {
            outline.append(subtree)
        }
        return outline
    }
}
