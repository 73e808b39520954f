import Trellis

extension CollectionView {
    // MARK: Interactive movement (UIKit's reordering API)

    /// Starts moving the item at `indexPath` under the user's control
    /// (`beginInteractiveMovementForItem(at:)`), when the data source allows it
    /// (`collectionView(_:canMoveItemAt:)`). Returns false — and nothing starts — when it
    /// does not, when another movement is under way, when the index path is outside the
    /// data, or before the first layout pass.
    ///
    /// Then, while the user drags, ``updateInteractiveMovementTargetPosition(_:)``: the item
    /// follows the position and the others make room where it would land; and at the end
    /// ``endInteractiveMovement()`` (the data source is told `moveItemAt`) or
    /// ``cancelInteractiveMovement()`` (everything goes back). Until then the data source
    /// keeps its order: the collection view shows the items in the order they will have,
    /// and asks the data source for cells at the index paths the data source knows.
    /// Changing the data meanwhile ends the movement without telling the data source: a
    /// batch update (a diffable `apply`) first puts the item back, as
    /// ``cancelInteractiveMovement()`` does, since it is written in the data source's
    /// terms; `reloadData()` reads everything again.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard interactiveMovement == nil, !needsReload, let dataSource, isItemInRange(indexPath),
              dataSource.collectionView(self, canMoveItemAt: indexPath)
        else { return false }
        interactiveMovement = dataSource is any CollectionViewPrototypeDataSource
            ? PrototypeInteractiveMovement(base: dataSource, item: indexPath, in: self)
            : InteractiveMovement(base: dataSource, item: indexPath, in: self)
        setNeedsLayout()
        return true
    }

    /// The item the user is moving (held under the pointer), from
    /// `beginInteractiveMovementForItem(at:)` to its end; nil otherwise. A host animating
    /// the items that make room leaves this one where the user holds it.
    package var interactivelyMovingItem: IndexPath? { interactiveMovement?.current }

    /// The user holds the moving item at `targetPosition` (content coordinates, where the
    /// item's center goes). The item is displayed centred there, above the others. When
    /// the position is over another item, the delegate's
    /// `collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)`
    /// is asked where the item goes, and the others make room for it there: one move of a
    /// batch update, whose transition is `lastTransition`, with the content offset left as
    /// it is. A target outside the data is ignored, as is a call without a movement.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
        guard let movement = interactiveMovement else { return }
        movement.targetPosition = targetPosition
        setNeedsLayout()
        guard let proposed = indexPathForItem(at: targetPosition), proposed != movement.current else { return }
        let target = delegate?.collectionView(
            self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.original, atCurrentIndexPath: movement.current,
            toProposedIndexPath: proposed) ?? proposed
        guard target != movement.current, canMoveInteractively(from: movement.current, to: target) else { return }
        moveInteractively(movement, to: target)
    }

    /// Ends the movement where the item is: when that is not where it started, the data
    /// source is told (`collectionView(_:moveItemAt:to:)`, with the original and final
    /// index paths), as in UIKit. The item settles in its place at the next layout pass.
    public func endInteractiveMovement() {
        guard let movement = interactiveMovement else { return }
        interactiveMovement = nil
        if movement.current != movement.original {
            movement.base?.collectionView(self, moveItemAt: movement.original, to: movement.current)
        }
        setNeedsLayout()
    }

    /// Ends the movement and puts the item back where it started; the data source is not
    /// told.
    public func cancelInteractiveMovement() {
        guard let movement = interactiveMovement else { return }
        if movement.current != movement.original { moveInteractively(movement, to: movement.original) }
        interactiveMovement = nil
        setNeedsLayout()
    }

    /// The data source as the layout passes see it: during a movement, the items in the
    /// order they will have, translated to the data source's own index paths.
    var presentedDataSource: (any CollectionViewDataSource)? {
        guard let interactiveMovement, interactiveMovement.base != nil else { return dataSource }
        return interactiveMovement
    }

    /// Puts the moving item's cell at the held position, above the others, and keeps it
    /// displayed in this placement pass even when its place in the layout is out of view.
    func placeInteractivelyMovingCell(pass: Int) {
        guard let movement = interactiveMovement, let position = movement.targetPosition,
              let cell = displayed.cells[movement.current], var attributes = layout.attributesForItem(at: movement.current)
        else { return }
        attributes.frame.origin = Point(x: position.x - attributes.frame.width / 2, y: position.y - attributes.frame.height / 2)
        attributes.zIndex = Int.max
        if cell.layoutAttributes?.zIndex != attributes.zIndex { displayed.markSubviewOrderStale() }
        cell.apply(attributes)
        cell.lastPlacementPass = pass
    }

    private func isItemInRange(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < sectionCounts.count
            && indexPath.item >= 0 && indexPath.item < sectionCounts[indexPath.section]
    }

    /// Whether the moving item at `current` can be shown at `target`: within its own
    /// section's items, or at most one past the end of another section.
    private func canMoveInteractively(from current: IndexPath, to target: IndexPath) -> Bool {
        guard target.section >= 0, target.section < sectionCounts.count, target.item >= 0 else { return false }
        return target.section == current.section ? target.item < sectionCounts[target.section] : target.item <= sectionCounts[target.section]
    }

    /// Shows the moving item at `target`: one move through the batch update machinery
    /// (cells, measured sizes and the selection follow their items), the content offset
    /// left where the user sees it.
    private func moveInteractively(_ movement: InteractiveMovement, to target: IndexPath) {
        var counts = sectionCounts
        counts[movement.current.section] -= 1
        counts[target.section] += 1
        var update = BatchUpdate()
        update.moveItem(at: movement.current, to: target)
        // Checked by `canMoveInteractively`: a single move within the counts is valid.
        guard let plan = try? BatchUpdatePlan(update, oldCounts: sectionCounts, newCounts: counts) else { return }
        movement.current = target
        let anchors = anchorsFirstVisibleItem
        anchorsFirstVisibleItem = false
        defer { anchorsFirstVisibleItem = anchors }
        let pending = apply(plan, movement)
        _ = record(pending.finish(in: self))
        setNeedsLayout()
    }
}

extension CollectionViewDataSource {
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

extension CollectionViewDelegate {
    public func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        self.collectionView(collectionView, targetIndexPathForMoveFromItemAt: currentIndexPath, toProposedIndexPath: proposedIndexPath)
    }

    public func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
}

/// An item the user is moving: where it started, where it is shown now, where it is held.
/// It stands in for the data source meanwhile (the layout passes ask it): the collection
/// view's index paths are those of the order the items will have — the data source's
/// order with the item taken from `original` and put at `current` — and each is
/// translated to the data source's own before the data source is asked.
class InteractiveMovement: CollectionViewDataSource {
    /// The app's data source, held weakly as the collection view holds it.
    private(set) weak var base: (any CollectionViewDataSource)?
    /// The collection view, to ask the data source with its counts (see `asking`).
    private unowned let collectionView: CollectionView
    let original: IndexPath
    var current: IndexPath
    var targetPosition: Point?

    init(base: any CollectionViewDataSource, item: IndexPath, in collectionView: CollectionView) {
        self.base = base
        self.collectionView = collectionView
        original = item
        current = item
    }

    /// The data source's index path of the item shown at `indexPath`.
    func dataSourceIndexPath(for indexPath: IndexPath) -> IndexPath {
        if indexPath == current { return original }
        // Without the moving item, both orders are the same list…
        var item = indexPath.item
        if indexPath.section == current.section && item > current.item { item -= 1 }
        // …which the data source has with the moving item at `original`.
        if indexPath.section == original.section && item >= original.item { item += 1 }
        return IndexPath(item: item, section: indexPath.section)
    }

    /// Runs `body` (a call of the data source with its own index path) with the collection
    /// view's counts set to the data source's: the cell provider dequeues with the index
    /// path it was given, which is checked against the counts.
    func asking<Result>(_ body: () throws -> Result) rethrows -> Result {
        let shown = collectionView.sectionCounts
        guard original.section != current.section else { return try body() }
        var counts = shown
        counts[original.section] += 1
        counts[current.section] -= 1
        collectionView.setSectionCounts(counts)
        defer { collectionView.setSectionCounts(shown) }
        return try body()
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { base?.numberOfSections(in: collectionView) ?? 0 }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        let count = base?.collectionView(collectionView, numberOfItemsInSection: section) ?? 0
        return count - (section == original.section ? 1 : 0) + (section == current.section ? 1 : 0)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        guard let base else { throw CollectionViewError(.missingDataSource, "the data source went away during an interactive movement") }
        return try asking { try base.collectionView(collectionView, cellForItemAt: dataSourceIndexPath(for: indexPath)) }
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        guard let base else { throw CollectionViewError(.missingDataSource, "the data source went away during an interactive movement") }
        return try base.collectionView(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        base?.collectionView(collectionView, identifierForItemAt: dataSourceIndexPath(for: indexPath)) ?? AnyHashable(indexPath)
    }
}

/// An interactive movement over a data source that configures cells itself (measured with
/// prototype cells): the same translation for its two methods.
final class PrototypeInteractiveMovement: InteractiveMovement, CollectionViewPrototypeDataSource {
    private var prototypeBase: (any CollectionViewPrototypeDataSource)? { base as? any CollectionViewPrototypeDataSource }

    func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String {
        prototypeBase?.collectionView(collectionView, reuseIdentifierForItemAt: dataSourceIndexPath(for: indexPath)) ?? ""
    }

    func collectionView(
        _ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool
    ) {
        prototypeBase?.collectionView(collectionView, configure: cell, forItemAt: dataSourceIndexPath(for: indexPath), isPrototype: isPrototype)
    }
}
