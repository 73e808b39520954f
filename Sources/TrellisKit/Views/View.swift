import Trellis

/// How the corners of a view's background and border are rounded.
public enum CornerStyle: Hashable, Sendable {
    case square
    case radius(Double)
    /// Half the shorter side: a capsule ("pill"), whatever the size.
    case pill

    /// The radius for a view of `size`.
    public func radius(for size: Size) -> Double {
        switch self {
        case .square: 0
        case .radius(let r): max(0, min(r, min(size.width, size.height) / 2))
        case .pill: min(size.width, size.height) / 2
        }
    }
}

/// A headless view: a rectangle in a hierarchy, with the sizing behaviour of `UIView`
/// (intrinsic content size, content hugging and compression resistance, `sizeThatFits`,
/// layout margins, traits) and the appearance a renderer needs (background, border,
/// corners). No window, no drawing system: everything here runs on any thread that owns
/// the view, and on Linux.
///
/// Views are reference types because a hierarchy is about identity: a subview has one
/// superview, constraints refer to particular views.
open class View: CustomStringConvertible {
    /// The value an axis of `intrinsicContentSize` takes when the view has no natural
    /// extent along it (`UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric: Double = -1

    // MARK: Geometry

    /// The frame in the superview's coordinates. Setting it resizes `bounds`.
    public var frame: Rect {
        get { Rect(origin: origin, size: bounds.size) }
        set {
            origin = newValue.origin
            // A new size asks for layout once, through `bounds`' observer.
            if bounds.size != newValue.size { bounds.size = newValue.size }
        }
    }

    /// The view's own coordinate space: origin usually zero, size equal to the frame's.
    public var bounds: Rect = .zero {
        didSet { if oldValue.size != bounds.size { setNeedsLayout() } }
    }

    private var origin: Point = .zero

    /// The centre of the frame, in the superview's coordinates.
    public var center: Point {
        get { Point(x: frame.midX, y: frame.midY) }
        set { origin = Point(x: newValue.x - bounds.width / 2, y: newValue.y - bounds.height / 2) }
    }

    // MARK: Hierarchy

    /// The view this one is a subview of (`UIView.superview`).
    public var superview: View? { superviewStorage }

    // Not `weak`: a weak reference gives its target a side table, and every later retain and
    // release of that object goes through it, several times slower than the inline count.
    // Every subview is someone's target, so every cell, label and content view would pay it
    // on each retain of a frame. The storage does not own the superview (a strong reference
    // would be a cycle with `subviews`). Invariant: it is non-nil only while this view is in
    // the superview's `subviews`, and the superview clears it whenever that stops: in
    // `removeFromSuperview` and, for the subviews it still has, in its `deinit`. Debug builds
    // use a checked `unowned` reference, so a clearing that is ever missed traps on the read
    // instead of following a dangling pointer.
    #if DEBUG
    private unowned var superviewStorage: View?
    #else
    private unowned(unsafe) var superviewStorage: View?
    #endif
    public private(set) var subviews: [View] = []

    /// A name for diagnostics (constraint conflicts, debug output), like
    /// `accessibilityIdentifier`.
    public var identifier: String?

    public init(frame: Rect = .zero) {
        self.origin = frame.origin
        self.bounds = Rect(origin: .zero, size: frame.size)
    }

    deinit {
        // The subviews may outlive this view (something else holds them): none may keep
        // pointing at it. UIKit's views likewise lose their superview when it deallocates.
        for subview in subviews { subview.superviewStorage = nil }
        detachFromConstraintsBeforeDeinit()
    }

    /// Adds `view` on top of the other subviews, removing it from its old superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in the subviews (0 is at the back).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        precondition(!isDescendant(of: view), "adding \(view) to \(self) would make a cycle")
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(index, subviews.count))
            accessibleContentDidChange()
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superviewStorage = self
        view.didMoveToSuperview()
        view.inherit(traitCollection)
        constraintsDidChange()
        accessibleContentDidChange()
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        // Like UIKit, constraints that tie this subtree to views outside it go away.
        deactivateConstraintsCrossing(into: parent)
        parent.subviews.removeAll { $0 === self }
        superviewStorage = nil
        parent.didRemoveSubview(self)
        willRemoveFromHierarchy(formerSuperview: parent)
        didMoveToSuperview()
        inherit(.default)
        parent.constraintsDidChange()
        parent.accessibleContentDidChange()
    }

    /// True when the view is `other` or lies below it in the hierarchy.
    public func isDescendant(of other: View) -> Bool {
        var current: View? = self
        while let view = current {
            if view === other { return true }
            current = view.superview
        }
        return false
    }

    /// Called on the former superview after `view` left it (a stack view drops it from
    /// its arranged views).
    func didRemoveSubview(_ view: View) {}

    /// Called when a subview was hidden or shown.
    func subviewDidChangeVisibility(_ view: View) {}

    /// Called after the view was added to or removed from a superview.
    open func didMoveToSuperview() {}

    /// Called when the view leaves `formerSuperview`; subclasses that keep references into
    /// the hierarchy (constraints) drop them here.
    open func willRemoveFromHierarchy(formerSuperview: View) {}

    /// Converts a point from this view's coordinates to those of `view` (an ancestor or any
    /// view of the same hierarchy), or to the root's when `view` is nil.
    public func convert(_ point: Point, to view: View?) -> Point {
        let root = rootOffset()
        let target = view?.rootOffset() ?? Point.zero
        return Point(x: point.x + root.x - target.x, y: point.y + root.y - target.y)
    }

    /// Converts a rectangle from this view's coordinates to those of `view`.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// This view's origin in the root view's coordinate space.
    private func rootOffset() -> Point {
        var x = -bounds.minX, y = -bounds.minY
        var current: View? = self
        while let view = current {
            x += view.frame.minX
            y += view.frame.minY
            if let parent = view.superview {
                x -= parent.bounds.minX
                y -= parent.bounds.minY
            }
            current = view.superview
        }
        return Point(x: x, y: y)
    }

    // MARK: Hit-testing

    /// Whether the view takes part in hit-testing (`isUserInteractionEnabled`): when
    /// false, `hitTest(_:)` passes over the view and its subviews. True by default; a
    /// `Label` is false by default, as in UIKit, so a press on a cell's text finds the cell.
    public var isUserInteractionEnabled = true

    /// Whether `point`, in the view's own (bounds) coordinates, lies inside it
    /// (`point(inside:with:)`): the bounds by default. Override to enlarge or shape the
    /// area that takes presses.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// The frontmost view of this subtree that contains `point`, in the view's own (bounds)
    /// coordinates, or nil (`hitTest(_:with:)`). UIKit's rules: a hidden view, one with
    /// alpha below 0.01 or with `isUserInteractionEnabled` false is passed over with its
    /// subviews; so is a point outside the view (`point(inside:)`), even where a subview
    /// reaches beyond the bounds; subviews are tried front to back (the last one first),
    /// and the view itself answers when none of them does.
    /// - Complexity: O(d × s) for d levels and s subviews a level on the path; in a
    ///   collection view, s is the number of displayed and pooled views, not the number of
    ///   items.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            let frame = subview.frame, inner = subview.bounds.origin
            let local = Point(x: point.x - frame.minX + inner.x, y: point.y - frame.minY + inner.y)
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    // MARK: Appearance (what a renderer draws)

    /// Hidden views are not drawn; a stack view also drops its hidden arranged views from
    /// its layout.
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            superview?.subviewDidChangeVisibility(self)
            accessibleContentDidChange()
        }
    }
    /// A view of alpha below 0.01 is neither drawn nor read by assistive technologies.
    public var alpha: Double = 1 {
        didSet { if (alpha >= 0.01) != (oldValue >= 0.01) { accessibleContentDidChange() } }
    }
    public var backgroundColor: Color?
    public var borderColor: Color?
    public var borderWidth: Double = 0
    public var cornerStyle: CornerStyle = .square
    /// When true, subviews are clipped to the bounds (and the corner shape).
    public var clipsToBounds = false

    /// The colour of the view's accents — selection, focus, controls (`UIView.tintColor`):
    /// the one set on this view, else the superview's, else `Color.systemTint`. Setting nil
    /// inherits again; each view whose tint changed hears `tintColorDidChange()`.
    public var tintColor: Color! {
        get { ownTintColor ?? superview?.tintColor ?? .systemTint }
        set {
            let previous = tintColor
            ownTintColor = newValue
            if tintColor != previous { tintDidChange() }
        }
    }
    private var ownTintColor: Color?

    /// Called when the tint in effect changed (`tintColorDidChange`), set here or above.
    open func tintColorDidChange() {}

    private func tintDidChange() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.tintDidChange() }
    }

    // MARK: Layout margins

    /// Insets from the edges that content should respect (`directionalLayoutMargins`);
    /// UIKit's default is 8 points on every edge.
    public var layoutMargins = EdgeInsets(all: 8) {
        didSet {
            if layoutMargins != oldValue {
                // The margins guide turns the margins into constraint constants.
                if marginsGuideStorage != nil { constraintsDidChange() }
                layoutMarginsDidChange()
            }
        }
    }

    /// Called when `layoutMargins` changes.
    open func layoutMarginsDidChange() { setNeedsLayout() }

    // MARK: Constraint storage (behaviour in View+Constraints.swift, ConstraintEngine.swift)

    /// Whether the layout system keeps this view's frame as it is, by turning it into
    /// required constraints (`translatesAutoresizingMaskIntoConstraints`). True by default;
    /// set it to false for a view that constraints position and size. The view on which
    /// `systemLayoutSizeFitting` or `layoutIfNeeded` is called is the root of that layout
    /// and is never held by its own frame.
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { constraintsDidChange() } }
    }

    /// How a view that translates its frame into constraints follows its superview's size
    /// (`UIView.autoresizingMask`, the flexible width and height part).
    public var autoresizingMask: AutoresizingMask = [] {
        didSet { if oldValue != autoresizingMask { constraintsDidChange() } }
    }

    /// Constraints installed here: those whose items' nearest common ancestor is this view.
    var installedConstraints: [LayoutConstraint] = []
    /// The constraints that name this view as an item (see `LayoutConstraint`'s item storage).
    var referringConstraints = ReferringConstraints()
    /// Guides added with `addLayoutGuide`.
    var layoutGuideStorage: [LayoutGuide] = []
    var marginsGuideStorage: LayoutGuide?
    /// The solver for the layout of this view's subtree, kept between layout passes and
    /// fitting calls; dropped when the structure below changes.
    var constraintEngine: ConstraintEngine?
    /// What the last constraint solve rooted here had to break.
    var constraintDiagnosticsStorage: [ConstraintDiagnostic] = []

    // MARK: Sizing

    /// The size the view's content needs, or `noIntrinsicMetric` on an axis without one.
    /// Views with content (labels, images) override it and call
    /// `invalidateIntrinsicContentSize()` when the content changes.
    open var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// Tells the layout system that `intrinsicContentSize` changed. Inside a cell (or
    /// header, footer) that a collection view displays, the collection view hears of it and
    /// measures the cell again as its `selfSizingInvalidation` says.
    ///
    /// - Complexity: O(depth), one walk to the root.
    open func invalidateIntrinsicContentSize() {
        // `superview?.setNeedsLayout()`, `setNeedsLayout()` and the report to the displaying
        // collection view, in that order, with one walk up instead of three: the walk tells
        // every engine at and above this view (the superview's included) that its inputs
        // changed, and finds the reusable view right below the nearest collection view.
        var displaying: (collection: CollectionView, reusable: View)?
        var below: View?
        var current: View? = self
        while let view = current {
            view.constraintEngine?.inputsChanged = true
            if displaying == nil, let below, let collection = view as? CollectionView { displaying = (collection, below) }
            below = view
            current = view.superview
        }
        superview?.markNeedsLayout()
        markNeedsLayout()
        if let displaying, let reusable = displaying.reusable as? ReusableView {
            displaying.collection.contentSizeDidChange(in: reusable, source: self)
        }
    }

    private var huggingPriorities: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    private var compressionPriorities: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)

    /// How strongly the view resists growing beyond its intrinsic size along `axis`
    /// (250 by default; a label uses 251).
    public func contentHuggingPriority(for axis: Axis) -> LayoutPriority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: Axis) {
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
        constraintsDidChange()
        invalidateIntrinsicContentSize()
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis`
    /// (750 by default).
    public func contentCompressionResistancePriority(for axis: Axis) -> LayoutPriority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: Axis) {
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
        constraintsDidChange()
        invalidateIntrinsicContentSize()
    }

    /// The intrinsic size when the layout has settled the view's width at `width` (nil: not
    /// yet known). Views whose height depends on their width (multi-line labels) override
    /// it; the constraint engine then solves twice (see `hasWidthDependentIntrinsicHeight`).
    func intrinsicContentSize(forLayoutWidth width: Double?) -> Size { intrinsicContentSize }

    /// True when the intrinsic height depends on the width constraints give the view.
    var hasWidthDependentIntrinsicHeight: Bool { false }

    /// Where the first and last baselines lie for a view of the given width: a fraction of
    /// the height plus an offset from the top. Plain views put both at the bottom edge.
    func baselinePositions(forLayoutWidth width: Double?) -> (first: BaselinePosition, last: BaselinePosition) {
        (BaselinePosition.bottom, BaselinePosition.bottom)
    }

    /// The view whose first baseline stands for this one's (`forFirstBaselineLayout`).
    open var forFirstBaselineLayout: View { self }
    /// The view whose last baseline stands for this one's (`forLastBaselineLayout`).
    open var forLastBaselineLayout: View { self }

    /// The size the view would like within `size` (`UIView.sizeThatFits`). The default
    /// returns the intrinsic size where there is one and the current size elsewhere, like
    /// UIKit's views; views that compute their own size override it.
    open func sizeThatFits(_ size: Size) -> Size {
        let intrinsic = intrinsicContentSize
        return Size(
            width: intrinsic.width == View.noIntrinsicMetric ? bounds.width : intrinsic.width,
            height: intrinsic.height == View.noIntrinsicMetric ? bounds.height : intrinsic.height)
    }

    /// The smallest (`layoutFittingCompressedSize`) or largest size with which to ask
    /// `systemLayoutSizeFitting` for the fitting size.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The size that best satisfies the view's layout for `targetSize`
    /// (`UIView.systemLayoutSizeFitting`): an axis fitted at `.required` priority takes the
    /// target's extent; on an axis at a lower priority the content decides.
    ///
    /// A view whose subtree has active constraints, views that do not translate their frame
    /// into constraints, or an intrinsic content size is sized by solving its constraints:
    /// the target becomes width and height constraints at the two priorities (UIKit's
    /// meaning: at `fittingSizeLevel` the content decides, pulled towards the target; at
    /// `.required` the target holds). Multi-line labels whose width comes from constraints
    /// are right in this one call (the engine solves twice). The view's frame is left as
    /// it was; what had to be broken is in `constraintDiagnostics`.
    ///
    /// Other views take the fallback: `sizeThatFits` with the free axes unbounded.
    ///
    /// - Complexity: the first call builds a solver for the subtree, O(c) constraints;
    ///   later calls with only content changes re-solve incrementally (edit variables).
    open func systemLayoutSizeFitting(
        _ targetSize: Size, horizontalFittingPriority: LayoutPriority, verticalFittingPriority: LayoutPriority
    ) -> Size {
        let engine = engineForLayout()
        if !engine.isTrivial {
            return engine.fittingSize(
                target: targetSize, horizontalPriority: horizontalFittingPriority, verticalPriority: verticalFittingPriority)
        }
        let fixesWidth = horizontalFittingPriority.isRequired, fixesHeight = verticalFittingPriority.isRequired
        let fitted = sizeThatFits(Size(
            width: fixesWidth ? targetSize.width : .infinity,
            height: fixesHeight ? targetSize.height : .infinity))
        return Size(width: fixesWidth ? targetSize.width : fitted.width, height: fixesHeight ? targetSize.height : fitted.height)
    }

    /// `systemLayoutSizeFitting` with both axes at `fittingSizeLevel`: the smallest
    /// (compressed target) or largest (expanded target) size the content allows.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, horizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// Resizes the view to `sizeThatFits` its current size.
    public func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }

    // MARK: Layout pass

    public private(set) var needsLayout = true

    /// True while the view waits, hidden, in a collection view's reuse pool (the pool sets
    /// and clears it). A layout pass skips it: it shows nothing, and the collection view
    /// lays it out when it takes it out of the pool and places it.
    var isWaitingForReuse = false

    /// Marks the view as needing `layoutSubviews` before it is next used; never lays out
    /// at once (`UIView.setNeedsLayout()`).
    public func setNeedsLayout() {
        layoutInputsDidChange()
        markNeedsLayout()
    }

    /// The flag half of `setNeedsLayout()`, for a caller that has told the engines above
    /// already (`layoutInputsDidChange()` or a walk of its own).
    private func markNeedsLayout() {
        guard !needsLayout else { return }
        needsLayout = true
        needsLayoutDidBegin()
    }

    /// Tells every engine at and above this view that something a solve reads may have
    /// changed (an intrinsic size, a trait, a constraint's numbers): each solves again in
    /// its next `layOut()`. Every such change reaches here through `setNeedsLayout()`, even
    /// when the view already needs layout, so an engine that has not been told may skip its
    /// solve.
    /// - Complexity: O(depth).
    func layoutInputsDidChange() {
        var current: View? = self
        while let view = current {
            view.constraintEngine?.inputsChanged = true
            current = view.superview
        }
    }

    /// Called when the view goes from not needing layout to needing it. A collection view
    /// tells its host, which schedules the layout; a cell or header that a collection view
    /// displays tells the collection view (an Auto Layout change inside it: see
    /// `SelfSizingInvalidation.enabledIncludingConstraints`).
    func needsLayoutDidBegin() {
        if let reusable = self as? ReusableView, let collection = superview as? CollectionView {
            collection.layoutDidChange(in: reusable)
        }
    }

    /// Forgets a need for layout that arose inside the view's own layout pass and was met
    /// by it (a collection view's pass moves its content offset and adds the cells it
    /// places).
    func clearNeedsLayout() { needsLayout = false }

    /// Runs the layout pass now for this view and its subviews: solves the constraints of
    /// the subtree with this view's bounds fixed, applies the solved frames (relative to
    /// their superviews, pixel-aligned to the display scale) to views that do not
    /// translate their frame into constraints, then calls `layoutSubviews` where a layout
    /// is pending, parents before children.
    ///
    /// - Complexity: a rebuild of the solver only after structural changes; otherwise an
    ///   incremental re-solve plus O(v) to apply the frames of v views.
    open func layoutIfNeeded() {
        let engine = engineForLayout()
        engine.layOut()
        runPendingLayoutSubviews(in: engine)
    }

    /// Parents first: this view's `layoutSubviews` (if pending), then its subviews. A
    /// subview with an engine of its own (a cell that keeps its frame) is solved when the
    /// pass reaches it, after this view's `layoutSubviews` has had the chance to move it.
    /// Views waiting in a reuse pool are skipped (see `isWaitingForReuse`).
    private func runPendingLayoutSubviews(in engine: ConstraintEngine) {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews where !subview.isWaitingForReuse {
            if engine.isDetached(subview) {
                let own = subview.engineForLayout()
                own.layOut()
                subview.runPendingLayoutSubviews(in: own)
            } else {
                subview.runPendingLayoutSubviews(in: engine)
            }
        }
    }

    /// Positions the subviews. Override for manual layout; frames solved from constraints
    /// are already applied when it runs.
    open func layoutSubviews() {}

    // MARK: Traits

    /// Traits set on this view, overriding those inherited from the superview.
    public var overrideTraitCollection: TraitCollection? {
        didSet {
            let previous = oldValue ?? inheritedTraits
            if previous != traitCollection { traitsDidChange(from: previous) }
        }
    }

    /// The traits in effect: this view's override, else the superview's, else the default.
    public var traitCollection: TraitCollection { overrideTraitCollection ?? inheritedTraits }

    /// The superview's traits in effect (the default without one), kept up to date as the
    /// view moves and traits change above it, so reading traits is a field read, not a
    /// walk to the root (labels read the display scale on every measurement).
    private var inheritedTraits = TraitCollection.default

    /// Takes `traits` as the superview's traits; reports and passes on a change.
    private func inherit(_ traits: TraitCollection) {
        guard traits != inheritedTraits else { return }
        let previous = traitCollection
        inheritedTraits = traits
        if overrideTraitCollection == nil { traitsDidChange(from: previous) }
    }

    /// The layout direction in effect for this view.
    public var effectiveLayoutDirection: LayoutDirection { traitCollection.layoutDirection }

    /// Called when the traits in effect changed (`traitCollectionDidChange`).
    open func traitCollectionDidChange(_ previous: TraitCollection?) {}

    private func traitsDidChange(from previous: TraitCollection) {
        // Direction (leading/trailing) and display scale feed the solved layout.
        constraintsDidChange()
        traitCollectionDidChange(previous)
        setNeedsLayout()
        let current = traitCollection
        for subview in subviews { subview.inherit(current) }
    }

    // MARK: Accessibility (UIAccessibility's names; defaults in View+Accessibility.swift)

    /// What an assistive technology is told about the view, as set by the app; nil keeps
    /// the view's default.
    /// Every write tells assistive technologies the view's content changed.
    private var accessibilityOverrides = AccessibilityOverrides() {
        didSet { accessibleContentDidChange() }
    }

    /// Whether assistive technologies see this view as one element
    /// (`isAccessibilityElement`): true by default for a label and a button, false for
    /// other views, whose accessible elements are below them.
    open var isAccessibilityElement: Bool {
        get { accessibilityOverrides.isElement ?? defaultIsAccessibilityElement }
        set { accessibilityOverrides.isElement = newValue }
    }

    /// The element's name (`accessibilityLabel`): by default a label's text, a button's
    /// title, and for other views the labels of the accessible elements below them in
    /// reading order (a cell reads as the text it shows). Setting nil restores the default.
    open var accessibilityLabel: String? {
        get { accessibilityOverrides.label ?? defaultAccessibilityLabel }
        set { accessibilityOverrides.label = newValue }
    }

    /// What activating the element does, in a short phrase (`accessibilityHint`); nil by
    /// default. GTK exposes it as the accessible description.
    open var accessibilityHint: String? {
        get { accessibilityOverrides.hint }
        set { accessibilityOverrides.hint = newValue }
    }

    /// The element's current value when it is not its label (`accessibilityValue`: a
    /// slider's level, a switch's state); nil by default.
    open var accessibilityValue: String? {
        get { accessibilityOverrides.value }
        set { accessibilityOverrides.value = newValue }
    }

    /// What kind of element it is and what state it is in (`accessibilityTraits`): by
    /// default `.staticText` for a label, `.button` for a button (plus `.notEnabled` when
    /// disabled), `.selected` for a selected cell. Setting a value replaces the default.
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilityOverrides.traits ?? defaultAccessibilityTraits }
        set { accessibilityOverrides.traits = newValue }
    }

    /// Whether the view and the elements below it are hidden from assistive technologies
    /// (`accessibilityElementsHidden`, false by default): a container's default label
    /// leaves them out. A list cell hides its outline disclosure's glyph this way: the
    /// cell's expanded status says what the glyph shows.
    open var accessibilityElementsHidden: Bool {
        get { accessibilityOverrides.elementsHidden }
        set { accessibilityOverrides.elementsHidden = newValue }
    }

    /// Whether the element expands and is expanded (`accessibilityExpandedStatus`): by
    /// default, for a list cell showing an outline disclosure or a cell whose item has
    /// children in its section snapshot, `.expanded` or `.collapsed` as the item is;
    /// `.unsupported` for other views. Setting a value replaces the default.
    open var accessibilityExpandedStatus: AccessibilityExpandedStatus {
        get { accessibilityOverrides.expandedStatus ?? defaultAccessibilityExpandedStatus }
        set { accessibilityOverrides.expandedStatus = newValue }
    }

    // MARK: Debugging

    open var description: String { "\(layoutItemName) \(frame)" }

    /// The hierarchy below this view, one line a view, indented by depth.
    public func recursiveDescription() -> String {
        var lines: [String] = []
        func visit(_ view: View, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + view.description)
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }
}
