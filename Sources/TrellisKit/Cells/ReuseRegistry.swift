import Trellis

/// What a collection view makes views from and keeps them in for reuse, owned by one
/// collection view: the registered templates (cells per reuse identifier and size class,
/// supplementary views per kind and identifier, decoration views per kind), the reuse
/// pools, and the prototype (sizing) cells.
///
/// Invariant: a pooled view's `poolIndex` is the index of the pool it goes back to, a view
/// is `isWaitingForReuse` exactly while a pool holds it, and a pool holds only views of its
/// key's registration (a new registration empties the pools and prototypes of the old
/// one). The storage is private: every change goes through the methods below.
final class ReuseRegistry {
    typealias Template = CollectionView.Template
    typealias PoolKey = CollectionView.PoolKey

    private(set) var cellTemplates: [String: [Template]] = [:]
    private(set) var supplementaryTemplates: [ElementKind: [String: [Template]]] = [:]
    private(set) var decorationTemplates: [ElementKind: Template] = [:]

    /// The reuse pools, one per (kind, identifier, template), found through `poolIndex`.
    /// An array of arrays rather than a dictionary of arrays: popping from and appending to
    /// an array element mutates in place, where a dictionary's modify accessor allocates.
    @exclusivity(unchecked)
    private(set) var pools: [[ReusableView]] = []
    @exclusivity(unchecked)
    private(set) var poolIndex: [PoolKey: Int] = [:]
    private(set) var prototypes: [PoolKey: CollectionViewCell] = [:]

    /// A pooled view that outlives its collection view (the app holds it) waits no more.
    deinit {
        for pool in pools {
            for view in pool { view.isWaitingForReuse = false }
        }
    }

    // MARK: Registering

    /// Adds or replaces (same size class) a cell template for `identifier`, and drops the
    /// pooled cells and prototypes of the old registration.
    func registerCell(_ template: Template, identifier: String, removingFrom owner: View) {
        Self.add(template, to: &cellTemplates[identifier, default: []])
        forgetRecycledViews(ofKind: .cell, identifier: identifier, removingFrom: owner)
    }

    func registerSupplementaryView(_ template: Template, kind: ElementKind, identifier: String, removingFrom owner: View) {
        Self.add(template, to: &supplementaryTemplates[kind, default: [:]][identifier, default: []])
        forgetRecycledViews(ofKind: kind, identifier: identifier, removingFrom: owner)
    }

    func registerDecorationView(_ template: Template, kind: ElementKind, removingFrom owner: View) {
        decorationTemplates[kind] = template
        forgetRecycledViews(ofKind: kind, identifier: kind.name, removingFrom: owner)
    }

    private static func add(_ template: Template, to templates: inout [Template]) {
        if let index = templates.firstIndex(where: { $0.sizeClass == template.sizeClass }) {
            templates[index] = template
        } else {
            templates.append(template)
        }
    }

    /// Drops pooled views (detaching those in `owner`) and prototypes made by an earlier
    /// registration of `identifier`.
    private func forgetRecycledViews(ofKind kind: ElementKind, identifier: String, removingFrom owner: View) {
        for (key, pool) in poolIndex where key.kind == kind && key.identifier == identifier {
            for view in pools[pool] {
                view.isWaitingForReuse = false
                if view.superview === owner { view.removeFromSuperview() }
            }
            pools[pool].removeAll()
        }
        for key in prototypes.keys where key.kind == kind && key.identifier == identifier { prototypes[key] = nil }
    }

    // MARK: Dequeuing and recycling

    /// A pooled view of `key` (after `prepareForReuse()`), else a new one from `make`,
    /// marked with its pool.
    /// - Complexity: O(1) amortized; allocates only when the pool is empty.
    func dequeue(_ key: PoolKey, make: () -> ReusableView) -> ReusableView {
        let pool: Int
        if let existing = poolIndex[key] {
            pool = existing
        } else {
            pool = pools.count
            pools.append([])
            poolIndex[key] = pool
        }
        if let view = pools[pool].popLast() {
            view.isWaitingForReuse = false
            view.prepareForReuse()
            return view
        }
        let view = make()
        view.reuseIdentifier = key.identifier
        view.templateIndex = key.template
        view.elementKind = key.kind
        view.poolIndex = pool
        return view
    }

    /// Puts `view` into its pool; false for a view no registration made (nothing to reuse
    /// it for).
    func enqueue(_ view: ReusableView) -> Bool {
        guard view.poolIndex >= 0, view.poolIndex < pools.count else { return false }
        view.isWaitingForReuse = true
        pools[view.poolIndex].append(view)
        return true
    }

    /// The number of pooled views.
    var pooledCount: Int { pools.reduce(0) { $0 + $1.count } }

    // MARK: Prototypes

    /// The prototype cell of `key`, made by `make` on first use.
    func prototype(_ key: PoolKey, make: () -> CollectionViewCell) -> CollectionViewCell {
        if let cell = prototypes[key] { return cell }
        let cell = make()
        prototypes[key] = cell
        return cell
    }
}
