import Trellis

/// A data source that knows whether an item is expanded in an outline and can toggle it
/// as the user would: the diffable data source, through its section snapshots. What a
/// cell's `isExpanded` state and the outline disclosure accessory ask.
protocol ItemExpansionSource: AnyObject {
    func isItemExpanded(at indexPath: IndexPath) -> Bool
    /// Whether the item has children in its section snapshot, shown or not.
    func hasChildren(at indexPath: IndexPath) -> Bool
    /// Where the item's parent in its section snapshot is shown; nil for a root item.
    func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath?
    /// The item's depth in its section snapshot (0 for a root item, and for every item of
    /// a section filled by a whole snapshot); nil when the data source shows no outline.
    func outlineLevel(at indexPath: IndexPath) -> Int?
    /// Toggles the item as `userToggleExpansion(of:)` does; returns whether it changed.
    func userToggleExpansionOfItem(at indexPath: IndexPath) throws -> Bool
}

extension CollectionViewDiffableDataSource: ItemExpansionSource {
    func isItemExpanded(at indexPath: IndexPath) -> Bool {
        guard !sectionSnapshots.isEmpty, let section = sectionIdentifier(for: indexPath.section),
              let outline = sectionSnapshots[section], let item = itemIdentifier(for: indexPath) else { return false }
        return outline.isExpanded(item)
    }

    func hasChildren(at indexPath: IndexPath) -> Bool {
        guard !sectionSnapshots.isEmpty, let section = sectionIdentifier(for: indexPath.section),
              let outline = sectionSnapshots[section], let item = itemIdentifier(for: indexPath) else { return false }
        return outline.hasChildren(item)
    }

    func parentIndexPath(ofItemAt indexPath: IndexPath) -> IndexPath? {
        guard !sectionSnapshots.isEmpty, let section = sectionIdentifier(for: indexPath.section),
              let outline = sectionSnapshots[section], let item = itemIdentifier(for: indexPath),
              let parent = outline.parent(of: item) else { return nil }
        return self.indexPath(for: parent)
    }

    func outlineLevel(at indexPath: IndexPath) -> Int? {
        guard !sectionSnapshots.isEmpty else { return nil }
        guard let section = sectionIdentifier(for: indexPath.section), let outline = sectionSnapshots[section],
              let item = itemIdentifier(for: indexPath) else { return 0 }
        return Swift.max(0, outline.level(of: item))
    }

    func userToggleExpansionOfItem(at indexPath: IndexPath) throws -> Bool {
        guard let item = itemIdentifier(for: indexPath) else {
            throw CollectionViewError(.indexPathOutOfRange, "the outline disclosure of item \(indexPath) names no item of the data source")
        }
        return try userToggleExpansion(of: item)
    }
}

extension CollectionView {
    /// The app's data source as it answers about expansion (during an interactive
    /// movement the collection view talks to a stand-in; the app's is behind it).
    var expansionSource: (any ItemExpansionSource)? {
        (interactiveMovement?.base ?? dataSource) as? any ItemExpansionSource
    }

    /// Whether the item is expanded in its section snapshot (false without an outline).
    func isItemExpanded(at indexPath: IndexPath) -> Bool {
        expansionSource?.isItemExpanded(at: indexPath) ?? false
    }

    /// Expands (or collapses) the item as the keyboard asks a GTK window's outline to
    /// (Right and plus, Left and minus, as `GtkTreeExpander`): a press on the outline
    /// disclosure its cell shows, else the data source's `userExpand` or `userCollapse`
    /// when the item has children. Returns false, changing nothing, when the item's cell
    /// is not displayed or its `accessibilityExpandedStatus` is not the opposite state.
    /// - Throws: what the data source's toggle throws.
    package func userSetExpanded(_ expanded: Bool, itemAt indexPath: IndexPath) throws -> Bool {
        guard let cell = cellForItem(at: indexPath), cell.accessibilityExpandedStatus == (expanded ? .collapsed : .expanded) else {
            return false
        }
        if cell.pressOutlineDisclosure() { return true }
        return try expansionSource?.userToggleExpansionOfItem(at: indexPath) ?? false
    }

    /// Where the item's parent in its section snapshot is shown (nil: a root item, or no
    /// outline): where Left moves the keyboard focus from a collapsed child.
    package func outlineParent(ofItemAt indexPath: IndexPath) -> IndexPath? {
        expansionSource?.parentIndexPath(ofItemAt: indexPath)
    }

    /// The list configuration the section was made from, when the layout is compositional
    /// and the section a list (`CompositionalSection.list(using:environment:)`).
    func listConfiguration(ofSection section: Int) -> CompositionalListConfiguration? {
        (layout as? CompositionalLayout)?.listConfiguration(ofSection: section)
    }

    /// Asks every displayed cell for a configuration update (a change of state that
    /// concerns them all or that cannot say which: editing, expansion).
    /// - Complexity: O(d) for d displayed cells.
    func setNeedsUpdateConfigurationOfDisplayedCells() {
        for cell in displayed.cells.values { cell.setNeedsUpdateConfiguration() }
        setNeedsLayout()
    }

    /// Editing began or ended: revealed swipe actions close, the cells' state changes,
    /// and list cells show or hide their editing accessories.
    func editingDidChange() {
        closeSwipeActions()
        setNeedsUpdateConfigurationOfDisplayedCells()
    }
}

extension CollectionViewCell {
    /// The default `accessibilityExpandedStatus` of a cell: what its outline disclosure
    /// shows (collapsed without an outline behind it), or — without a disclosure — its
    /// item's expansion when the item has children in its section snapshot.
    var outlineExpandedStatus: AccessibilityExpandedStatus {
        let disclosure = showsOutlineDisclosure
        guard let collectionView = configurationOwner, let indexPath = displayedIndexPath ?? configurationIndexPath else {
            return disclosure ? .collapsed : .unsupported
        }
        let source = collectionView.expansionSource
        guard disclosure || source?.hasChildren(at: indexPath) == true else { return .unsupported }
        return source?.isItemExpanded(at: indexPath) == true ? .expanded : .collapsed
    }
}
