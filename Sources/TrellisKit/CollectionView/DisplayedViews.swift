import Trellis

/// The views a collection view displays, owned by one collection view: the cells,
/// supplementary and decoration views shown, those dequeued to be measured in the current
/// pass and shown at its end (pending), the placement pass counter, and the items announced
/// to the prefetcher.
///
/// Invariants: a view is in at most one of the tables; a shown view's `displayedIndexPath`
/// is its key; a pending view is not shown yet. The storage is private: the collection view
/// changes it only through the methods below, which do the table bookkeeping and leave the
/// view's own state (delegate calls, reuse pools) to the caller through their closures.
final class DisplayedViews {
    typealias Key = CollectionView.SupplementaryKey

    // Read per element of every scroll step; `@exclusivity(unchecked)` drops the dynamic
    // checks, sound because no access to one of these overlaps another (one thread, and
    // no closure passed over a table touches that table).
    @exclusivity(unchecked)
    private(set) var cells: [IndexPath: CollectionViewCell] = [:]
    @exclusivity(unchecked)
    private(set) var supplementaryViews: [Key: ReusableView] = [:]
    @exclusivity(unchecked)
    private(set) var decorationViews: [Key: ReusableView] = [:]
    @exclusivity(unchecked)
    private(set) var pendingCells: [IndexPath: CollectionViewCell] = [:]
    @exclusivity(unchecked)
    private(set) var pendingSupplementaryViews: [Key: ReusableView] = [:]
    /// Counts placement passes: a view whose `lastPlacementPass` is not the current one
    /// was not positioned by it.
    @exclusivity(unchecked)
    private(set) var placementPass = 0
    /// Set when a view was shown or changed z-index: the subviews are checked for z-index
    /// order at the end of the pass.
    @exclusivity(unchecked)
    private(set) var subviewOrderMayBeStale = false
    /// Items announced to the prefetcher and not displayed or cancelled since.
    private(set) var prefetched: Set<IndexPath> = []
    /// The scroll motion the prefetch region follows.
    var prefetchMotion = PrefetchMotion()
    /// Cells of reloaded items: out of display, back in their reuse pool only at the end of
    /// the next placement pass, so a reloaded item is shown by another cell.
    private var cellsLeavingOnReload: [CollectionViewCell] = []

    // Scratch storage reused by every pass, so a warm pass allocates nothing.
    @exclusivity(unchecked)
    private var scratchIndexPaths: [IndexPath] = []
    @exclusivity(unchecked)
    private var scratchKeys: [Key] = []

    // MARK: Passes

    /// Starts a placement pass; returns its number.
    func beginPlacementPass() -> Int {
        placementPass &+= 1
        return placementPass
    }

    func markSubviewOrderStale() { subviewOrderMayBeStale = true }

    /// Calls `body` with every view held: shown and pending cells, supplementary and
    /// decoration views (each once: a view is in at most one table).
    func forEachView(_ body: (ReusableView) -> Void) {
        for view in cells.values { body(view) }
        for view in pendingCells.values { body(view) }
        for view in supplementaryViews.values { body(view) }
        for view in pendingSupplementaryViews.values { body(view) }
        for view in decorationViews.values { body(view) }
    }

    /// Whether the order may be stale, clearing the mark.
    func takeSubviewOrderStale() -> Bool {
        defer { subviewOrderMayBeStale = false }
        return subviewOrderMayBeStale
    }

    // MARK: Cells

    func show(_ cell: CollectionViewCell, at indexPath: IndexPath) {
        cells[indexPath] = cell
        cellsInOrderCache = nil
    }

    func removeCell(at indexPath: IndexPath) -> CollectionViewCell? {
        cellsInOrderCache = nil
        return cells.removeValue(forKey: indexPath)
    }

    /// Replaces the shown cells (a batch update moved them to new index paths).
    func replaceCells(_ moved: [IndexPath: CollectionViewCell]) {
        cells = moved
        cellsInOrderCache = nil
    }

    /// Removes the cells the pass `pass` did not position, handing each to `ended`.
    func removeCells(notPlacedIn pass: Int, _ ended: (IndexPath, CollectionViewCell) -> Void) {
        let count = cells.count
        Self.remove(from: &cells, using: &scratchIndexPaths, where: { $1.lastPlacementPass != pass }, ended)
        if cells.count != count { cellsInOrderCache = nil }
    }

    /// Removes every shown cell, handing each to `ended`.
    func removeAllCells(_ ended: (IndexPath, CollectionViewCell) -> Void) {
        Self.removeAll(from: &cells, ended)
        cellsInOrderCache = nil
    }

    /// The shown cells sorted by index path, until the shown cells change (every change
    /// goes through the methods above, which drop it): a host reads them several times a
    /// frame (drawing, the selection and focus tints, the accessible children).
    private var cellsInOrderCache: (indexPaths: [IndexPath], cells: [CollectionViewCell])?

    /// The shown cells' index paths in order, and their cells in the same order.
    /// - Complexity: O(k log k) for k shown cells the first time after a change, O(1) after.
    func cellsInOrder() -> (indexPaths: [IndexPath], cells: [CollectionViewCell]) {
        if let cellsInOrderCache { return cellsInOrderCache }
        let indexPaths = cells.keys.sorted()
        let ordered = (indexPaths: indexPaths, cells: indexPaths.map { cells[$0]! })
        cellsInOrderCache = ordered
        return ordered
    }

    // MARK: Supplementary views

    func show(_ view: ReusableView, supplementary key: Key) { supplementaryViews[key] = view }

    func removeSupplementaryViews(notPlacedIn pass: Int, _ ended: (Key, ReusableView) -> Void) {
        Self.remove(from: &supplementaryViews, using: &scratchKeys, where: { $1.lastPlacementPass != pass }, ended)
    }

    func removeAllSupplementaryViews(_ ended: (Key, ReusableView) -> Void) {
        Self.removeAll(from: &supplementaryViews, ended)
    }

    // MARK: Decoration views

    func show(_ view: ReusableView, decoration key: Key) { decorationViews[key] = view }

    func removeDecorationViews(notPlacedIn pass: Int, _ ended: (Key, ReusableView) -> Void) {
        guard !decorationViews.isEmpty else { return }
        Self.remove(from: &decorationViews, using: &scratchKeys, where: { $1.lastPlacementPass != pass }, ended)
    }

    /// Removes the shown decoration views of `kind` (a new registration replaces them).
    func removeDecorationViews(ofKind kind: ElementKind, _ ended: (Key, ReusableView) -> Void) {
        Self.remove(from: &decorationViews, using: &scratchKeys, where: { key, _ in key.kind == kind }, ended)
    }

    private static func removeAll<TableKey: Hashable, Shown: ReusableView>(
        from table: inout [TableKey: Shown], _ ended: (TableKey, Shown) -> Void
    ) {
        for (key, view) in table { ended(key, view) }
        table.removeAll(keepingCapacity: true)
    }

    /// Removes the views of `table` that `shouldGo` picks, handing each to `ended`; the
    /// keys are gathered in `scratch` first (a table is not changed while it is iterated).
    private static func remove<TableKey: Hashable, Shown: ReusableView>(
        from table: inout [TableKey: Shown], using scratch: inout [TableKey],
        where shouldGo: (TableKey, Shown) -> Bool, _ ended: (TableKey, Shown) -> Void
    ) {
        scratch.removeAll(keepingCapacity: true)
        for (key, view) in table where shouldGo(key, view) { scratch.append(key) }
        for key in scratch {
            if let view = table.removeValue(forKey: key) { ended(key, view) }
        }
    }

    func removeAllDecorationViews(_ ended: (Key, ReusableView) -> Void) {
        Self.removeAll(from: &decorationViews, ended)
    }

    // MARK: Pending views (measured in this pass, shown at its end)

    func addPending(_ cell: CollectionViewCell, at indexPath: IndexPath) { pendingCells[indexPath] = cell }

    func takePendingCell(at indexPath: IndexPath) -> CollectionViewCell? { pendingCells.removeValue(forKey: indexPath) }

    func addPending(_ view: ReusableView, supplementary key: Key) { pendingSupplementaryViews[key] = view }

    func takePendingSupplementaryView(_ key: Key) -> ReusableView? { pendingSupplementaryViews.removeValue(forKey: key) }

    /// Keeps a reloaded item's old cell out of its pool until ``removeAllPending(_:)``, so
    /// the item's next dequeue hands out another cell.
    func retireOnReload(_ cell: CollectionViewCell) { cellsLeavingOnReload.append(cell) }

    /// Removes every pending view and every cell retired on reload, handing each to `ended`.
    func removeAllPending(_ ended: (ReusableView) -> Void) {
        if !cellsLeavingOnReload.isEmpty {
            for cell in cellsLeavingOnReload { ended(cell) }
            cellsLeavingOnReload.removeAll(keepingCapacity: true)
        }
        if !pendingSupplementaryViews.isEmpty {
            for (_, view) in pendingSupplementaryViews { ended(view) }
            pendingSupplementaryViews.removeAll(keepingCapacity: true)
        }
        guard !pendingCells.isEmpty else { return }
        for (_, cell) in pendingCells { ended(cell) }
        pendingCells.removeAll(keepingCapacity: true)
    }

    // MARK: Prefetching

    /// Makes `near` (in the order to announce them) the announced items; returns those to
    /// announce (new, in `near`'s order) and to cancel (announced, not near and not
    /// displayed, in index-path order).
    func updatePrefetched(_ near: [IndexPath]) -> (announce: [IndexPath], cancel: [IndexPath]) {
        let nearSet = Set(near)
        let announce = near.filter { !prefetched.contains($0) }
        let cancel = prefetched.subtracting(nearSet).filter { cells[$0] == nil }.sorted()
        prefetched = nearSet
        return (announce, cancel)
    }

    func forgetPrefetched() {
        if !prefetched.isEmpty { prefetched.removeAll() }
        prefetchMotion.reset()
    }
}
