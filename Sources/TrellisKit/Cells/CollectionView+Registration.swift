import Trellis

extension CollectionView {
    // MARK: Registering cells and supplementary views

    /// Registers a cell class for `identifier`, made with its `init()`. With a
    /// `sizeClass`, the class is used only while the horizontal size class in effect is that
    /// one (per-trait cell templates); a registration without one serves any traits. A new
    /// registration for the same identifier and size class replaces the old one.
    /// - Complexity: O(t + p) for t templates of the identifier and p pooled views.
    public func register(
        _ cellType: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String,
        sizeClass: UserInterfaceSizeClass? = nil
    ) {
        register(forCellWithReuseIdentifier: identifier, sizeClass: sizeClass) { cellType.init() }
    }

    /// Registers a factory making the cells of `identifier` (see the type variant).
    public func register(
        forCellWithReuseIdentifier identifier: String, sizeClass: UserInterfaceSizeClass? = nil,
        factory: @escaping () -> CollectionViewCell
    ) {
        reuse.registerCell(Template(sizeClass: sizeClass, make: factory), identifier: identifier, removingFrom: self)
    }

    /// Registers a supplementary view class for `kind` (header, footer …) and `identifier`.
    public func register(
        _ viewType: ReusableView.Type, forSupplementaryViewOfKind kind: ElementKind, withReuseIdentifier identifier: String
    ) {
        register(forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier) { viewType.init() }
    }

    /// Registers a factory making the supplementary views of `kind` and `identifier`.
    public func register(
        forSupplementaryViewOfKind kind: ElementKind, withReuseIdentifier identifier: String,
        factory: @escaping () -> ReusableView
    ) {
        precondition(kind.category == .supplementaryView, "register supplementary views for a supplementary kind, not \(kind)")
        reuse.registerSupplementaryView(Template(sizeClass: nil, make: factory), kind: kind, identifier: identifier, removingFrom: self)
    }

    /// The template for the traits in effect: the one registered for the current size
    /// class, else the one registered for any, else the first.
    func templateIndex(in templates: [Template]) -> Int {
        let sizeClass = effectiveTraits.horizontalSizeClass
        return templates.firstIndex { $0.sizeClass == sizeClass }
            ?? templates.firstIndex { $0.sizeClass == nil }
            ?? 0
    }

    // MARK: Dequeuing

    /// A cell for `identifier`: a recycled one (after `prepareForReuse()`) or a new one.
    /// - Throws: `unregisteredReuseIdentifier` naming the identifier and the registered
    ///   ones; `indexPathOutOfRange` when `indexPath` is not an item of the collection.
    /// - Complexity: O(1) amortized; allocates only when the pool is empty.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) throws -> CollectionViewCell {
        guard let templates = reuse.cellTemplates[identifier] else {
            throw CollectionViewError.unregistered(identifier, kind: .cell, registered: reuse.cellTemplates.keys)
        }
        try checkItem(indexPath, role: "dequeued")
        if let cell = takeReconfiguringCell(withReuseIdentifier: identifier, for: indexPath) { return cell }
        let template = templateIndex(in: templates)
        let view = dequeue(PoolKey(kind: .cell, identifier: identifier, template: template)) {
            templates[template].make()
        }
        let cell = view as! CollectionViewCell  // the cell factories make cells
        // As in UIKit, the cell arrives with the item's selected and highlighted state,
        // so the data source can configure it accordingly.
        applySelectionState(to: cell, at: indexPath)
        return cell
    }

    /// A supplementary view of `kind` for `identifier`.
    /// - Throws: `unregisteredReuseIdentifier` naming the kind and identifier.
    public func dequeueReusableSupplementaryView(
        ofKind kind: ElementKind, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) throws -> ReusableView {
        guard let templates = reuse.supplementaryTemplates[kind]?[identifier] else {
            throw CollectionViewError.unregistered(
                identifier, kind: kind, registered: reuse.supplementaryTemplates[kind]?.keys.map { $0 } ?? [])
        }
        guard indexPath.section >= 0, indexPath.section < sectionCounts.count else {
            throw CollectionViewError.outOfRange(indexPath, counts: sectionCounts, role: "dequeued \(kind)")
        }
        return dequeue(PoolKey(kind: kind, identifier: identifier, template: 0)) { templates[0].make() }
    }

    /// A recycled view of `key` (after `prepareForReuse()`) or a new one from `make`,
    /// with the traits in effect.
    func dequeue(_ key: PoolKey, make: () -> ReusableView) -> ReusableView {
        let view = reuse.dequeue(key, make: make)
        adoptEffectiveTraits(view)
        // It will show another item: whatever its host read of it is out of date.
        view.accessibleContentDidChange()
        return view
    }

    /// Puts a view no longer displayed into its reuse pool. Pooled views stay in the
    /// hierarchy, hidden, so scrolling does not churn the subview list.
    func enqueue(_ view: ReusableView) {
        view.isHidden = true
        view.displayedIndexPath = nil
        if !reuse.enqueue(view) {
            view.removeFromSuperview()  // not made by a registration: nothing to reuse it for
        }
    }

    /// Cells and prototypes see the traits sizing uses (the size class from the width).
    func adoptEffectiveTraits(_ view: View) {
        let traits = effectiveTraits
        if view.traitCollection != traits { view.overrideTraitCollection = traits }
    }

    func checkItem(_ indexPath: IndexPath, role: String) throws {
        guard indexPath.section >= 0, indexPath.section < sectionCounts.count,
              indexPath.item >= 0, indexPath.item < sectionCounts[indexPath.section]
        else { throw CollectionViewError.outOfRange(indexPath, counts: sectionCounts, role: role) }
    }
}
