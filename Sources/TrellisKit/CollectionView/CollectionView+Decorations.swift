import Trellis

/// Something a layout pass noticed and worked around instead of failing: reported once,
/// kept in `CollectionView.diagnostics`.
public struct CollectionViewDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// The layout shows decoration elements of a kind no view is registered for; they
        /// are skipped (not displayed as views).
        case unregisteredDecorationKind
    }

    public var code: Code
    /// The element kind concerned.
    public var kind: ElementKind
    /// The first element the problem was noticed at.
    public var indexPath: IndexPath
    public var message: String

    public init(code: Code, kind: ElementKind, indexPath: IndexPath, message: String) {
        self.code = code
        self.kind = kind
        self.indexPath = indexPath
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

extension CollectionView {
    // MARK: Registering decoration views

    /// Registers the view class shown for every decoration element of `kind` (separators,
    /// section backgrounds) that the layout returns, made with its `init()`.
    ///
    /// UIKit registers decoration views on the layout (`UICollectionViewLayout.register`);
    /// here layouts are pure geometry shared by renderers and the command-line tool and
    /// know nothing of views, so the collection view, which owns every view and reuse pool,
    /// takes the registration. Decoration views are never asked of the data source: they
    /// are made from the registration, positioned from the layout attributes (`apply(_:)`
    /// sees the kind and index path) and recycled like supplementary views. A new
    /// registration for the same kind replaces the old one.
    ///
    /// An element of a kind never registered is skipped and reported once in
    /// `diagnostics` (`unregisteredDecorationKind`): UIKit would crash, and a decoration is
    /// ornament, so a missing one must not stop the cells from showing.
    /// - Complexity: O(p) for p pooled views of the kind.
    public func register(_ viewType: ReusableView.Type, forDecorationViewOfKind kind: ElementKind) {
        register(forDecorationViewOfKind: kind) { viewType.init() }
    }

    /// Registers a factory making the decoration views of `kind` (see the type variant).
    public func register(forDecorationViewOfKind kind: ElementKind, factory: @escaping () -> ReusableView) {
        precondition(kind.category == .decorationView, "register decoration views for a decoration kind, not \(kind)")
        reuse.registerDecorationView(Template(sizeClass: nil, make: factory), kind: kind, removingFrom: self)
        // Views of the old registration that are displayed give way at the next pass.
        displayed.removeDecorationViews(ofKind: kind) { _, view in view.removeFromSuperview() }
        setNeedsLayout()
    }

    /// Registers a view class for the decoration kind named `kind` (`.decoration(kind)`),
    /// UIKit's string form.
    public func register(_ viewType: ReusableView.Type, forDecorationViewOfKind kind: String) {
        register(viewType, forDecorationViewOfKind: .decoration(kind))
    }

    /// Registers a factory for the decoration kind named `kind` (`.decoration(kind)`).
    public func register(forDecorationViewOfKind kind: String, factory: @escaping () -> ReusableView) {
        register(forDecorationViewOfKind: .decoration(kind), factory: factory)
    }

    // MARK: Placing decoration views

    /// Shows the decoration element `attributes` (not displayed yet): a recycled or new
    /// view of its kind's registration; an unregistered kind is reported once and skipped.
    /// - Complexity: O(1) amortized; allocates only when the kind's pool is empty.
    func placeDecorationView(_ attributes: LayoutAttributes, pass: Int) {
        let key = SupplementaryKey(kind: attributes.kind, indexPath: attributes.indexPath)
        guard displayed.decorationViews[key] == nil else { return }
        guard let template = reuse.decorationTemplates[attributes.kind] else {
            reportUnregisteredDecoration(attributes)
            return
        }
        let view = dequeue(PoolKey(kind: attributes.kind, identifier: attributes.kind.name, template: 0)) { template.make() }
        show(view, at: attributes, pass: pass)
        displayed.show(view, decoration: key)
    }

    private func reportUnregisteredDecoration(_ attributes: LayoutAttributes) {
        reportOnce(CollectionViewDiagnostic(
            code: .unregisteredDecorationKind, kind: attributes.kind, indexPath: attributes.indexPath,
            message: "the layout shows decoration views of kind \"\(attributes.kind.name)\" (first at \(attributes.indexPath)) "
                + "but none is registered: register(_:forDecorationViewOfKind:); they are not displayed"))
    }

    /// Recycles the displayed decoration views the pass `pass` did not position.
    func recycleDecorationViews(notPlacedIn pass: Int) {
        displayed.removeDecorationViews(notPlacedIn: pass) { _, view in enqueue(view) }
    }

    /// Recycles every displayed decoration view (reload, trait change, batch update: the
    /// elements they stood for may have moved).
    func recycleAllDecorationViews() {
        displayed.removeAllDecorationViews { _, view in enqueue(view) }
    }

    // MARK: Z-order

    /// Puts the displayed subviews in z-index order (stable: equal z-indexes keep their
    /// order), so a section background (z -1) is behind the cells and a pinned header in
    /// front, whatever order the views were made or recycled in. Runs only after a pass
    /// that showed a view or changed a z-index, and then costs one O(v) scan for v subviews
    /// unless the order is wrong.
    func orderSubviewsByZIndexIfNeeded() {
        guard displayed.takeSubviewOrderStale() else { return }
        let views = subviews
        var previous = Int.min
        var ordered = true
        for view in views where !view.isHidden {
            let z = Self.zIndex(of: view)
            if z < previous { ordered = false; break }
            previous = z
        }
        guard !ordered else { return }
        let order = views.enumerated().sorted { (Self.zIndex(of: $0.element), $0.offset) < (Self.zIndex(of: $1.element), $1.offset) }
        for (position, entry) in order.enumerated() where subviews[position] !== entry.element {
            insertSubview(entry.element, at: position)
        }
    }

    /// A subview's z-index: that of the attributes it was last positioned with, 0 for
    /// views the collection view did not position.
    private static func zIndex(of view: View) -> Int {
        (view as? ReusableView)?.layoutAttributes?.zIndex ?? 0
    }
}
