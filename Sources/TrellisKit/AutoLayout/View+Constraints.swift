/// How a view that translates its frame into constraints follows its superview's size
/// (the width and height part of `UIView.AutoresizingMask`): a content view with both
/// flexible keeps its margins to the superview's edges when the superview is resized.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The width grows and shrinks with the superview; the left and right gaps stay.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 0)
    /// The height grows and shrinks with the superview; the top and bottom gaps stay.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 1)
}

/// Where a baseline lies in a view: `heightFraction × height + offset` below the top.
/// A label centres its text vertically, so its baselines move with half its height.
struct BaselinePosition: Hashable, Sendable {
    var heightFraction: Double
    var offset: Double

    static let bottom = BaselinePosition(heightFraction: 1, offset: 0)
}

extension View: LayoutItem {
    public var owningViewForLayout: View? { self }

    public var layoutItemName: String {
        identifier.map { "\"\($0)\"" } ?? String(describing: type(of: self))
    }
}

extension View {
    /// The active constraints installed on this view (their items' nearest common
    /// ancestor is this view), in activation order.
    public var constraints: [LayoutConstraint] { installedConstraints }

    /// Activates constraints (UIKit's `addConstraints`); each is installed where its items
    /// meet, which need not be this view.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }

    /// What the last layout or fitting call rooted at this view found unsatisfiable: each
    /// entry names the constraint that was broken and the required constraints it
    /// conflicted with. Empty when every required constraint held.
    public var constraintDiagnostics: [ConstraintDiagnostic] { constraintDiagnosticsStorage }

    // MARK: Guides

    /// The guides added to this view (the margins guide not included).
    public var layoutGuides: [LayoutGuide] { layoutGuideStorage }

    /// Adds a guide whose rectangle constraints decide, in this view's coordinates.
    /// - Complexity: O(depth).
    /// - Precondition: the guide belongs to no other view.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        precondition(guide.owningView == nil || guide.owningView === self,
                     "\(guide.layoutItemName) already belongs to another view")
        guard guide.owningView !== self else { return }
        guide.attach(to: self)
        layoutGuideStorage.append(guide)
        constraintsDidChange()
    }

    /// Removes a guide and the constraints that refer to it.
    /// - Complexity: O(depth × k), k the constraints installed on each ancestor.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        var host: View? = self
        while let view = host {
            deactivateConstraints(referencingAnyOf: [ObjectIdentifier(guide)], from: view)
            host = view.superview
        }
        layoutGuideStorage.removeAll { $0 === guide }
        guide.attach(to: nil)
        constraintsDidChange()
    }

    /// A guide inset from the bounds by `layoutMargins` (`layoutMarginsGuide`); pin content
    /// to it to respect the margins.
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = marginsGuideStorage { return guide }
        let guide = LayoutGuide(marginsOf: self)
        marginsGuideStorage = guide
        return guide
    }

    // MARK: Invalidation

    /// Something the solved layout depends on changed structurally (constraints, hierarchy,
    /// priorities, traits): every engine rooted at this view or above is dropped and built
    /// again on next use.
    /// - Complexity: O(depth).
    func constraintsDidChange() {
        var current: View? = self
        while let view = current {
            view.constraintEngine = nil
            view.setNeedsLayout()
            current = view.superview
        }
    }

    /// A constant or priority of a constraint installed here changed: the engines at and
    /// above this view re-read their constraints' numbers on their next solve (no rebuild).
    /// - Complexity: O(depth).
    func constraintNumbersDidChange() {
        var current: View? = self
        while let view = current {
            view.constraintEngine?.constraintNumbersChanged = true
            view.setNeedsLayout()
            current = view.superview
        }
    }

    /// Before this view leaves `parent`: deactivates the constraints installed above it
    /// that refer to this view, a guide of it, or anything below it.
    func deactivateConstraintsCrossing(into parent: View) {
        var leaving: Set<ObjectIdentifier> = []
        func collect(_ view: View) {
            leaving.insert(ObjectIdentifier(view))
            for guide in view.layoutGuideStorage { leaving.insert(ObjectIdentifier(guide)) }
            if let guide = view.marginsGuideStorage { leaving.insert(ObjectIdentifier(guide)) }
            for subview in view.subviews { collect(subview) }
        }
        collect(self)
        var ancestor: View? = parent
        while let view = ancestor {
            deactivateConstraints(referencingAnyOf: leaving, from: view)
            ancestor = view.superview
        }
    }

    private func deactivateConstraints(referencingAnyOf items: Set<ObjectIdentifier>, from host: View) {
        let doomed = host.installedConstraints.filter { constraint in
            [constraint.firstItem, constraint.secondItem].contains { item in
                item.map { items.contains(ObjectIdentifier($0)) } ?? false
            }
        }
        LayoutConstraint.deactivate(doomed)
    }

    /// As the view is deallocated: no constraint, guide or engine may keep pointing at it.
    /// The constraints installed here and the guides may outlive it (the app holds them).
    func detachFromConstraintsBeforeDeinit() {
        referringConstraints.itemWillDeallocate(self)
        for constraint in installedConstraints { constraint.hostWillDeallocate() }
        for guide in layoutGuideStorage { guide.attach(to: nil) }
        marginsGuideStorage?.attach(to: nil)
    }

    /// The engine for a layout rooted at this view, built on first use.
    func engineForLayout() -> ConstraintEngine {
        if let engine = constraintEngine { return engine }
        let engine = ConstraintEngine(root: self)
        constraintEngine = engine
        return engine
    }
}
