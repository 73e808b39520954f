/// A linear relation between two layout attributes (`NSLayoutConstraint`):
///
///     firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant
///
/// or, without a second item, `firstItem.firstAttribute relation constant` (sizes only).
///
/// A constraint does nothing until it is active. Activating installs it on the nearest
/// common ancestor of its items; the layout of that ancestor's subtree then honours it.
/// Relating items that share no ancestor is a programmer error and stops with a
/// precondition message naming both items (as UIKit raises an exception).
///
/// A constraint does not keep its items alive, as in UIKit, so a view that installs
/// constraints on itself does not keep itself alive: when an item is deallocated, the
/// constraint's reference to it reads nil.
public final class LayoutConstraint: CustomStringConvertible {
    /// The first item (`NSLayoutConstraint.firstItem`); nil once the item is deallocated.
    public var firstItem: (any LayoutItem)? { firstItemIsForeign ? foreignFirstItem : firstItemStorage }
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    /// The second item; nil for a constant size, or once the item is deallocated.
    public var secondItem: (any LayoutItem)? { secondItemIsForeign ? foreignSecondItem : secondItemStorage }
    /// The second attribute; nil for a constant size.
    public let secondAttribute: LayoutAttribute?
    public let multiplier: Double

    /// The offset added to the second attribute. Changing it on an active constraint
    /// updates the layout of the view it is installed on.
    public var constant: Double {
        didSet {
            precondition(constant.isFinite, "constraint \(self) needs a finite constant, not \(constant)")
            if constant != oldValue { constraintDidChange() }
        }
    }

    /// How strongly the constraint holds (1…1000, 1000 = required).
    public var priority: LayoutPriority = .required {
        didSet { if priority != oldValue { constraintDidChange() } }
    }

    /// A name shown in descriptions and conflict diagnostics.
    public var identifier: String?

    /// The view the constraint is installed on while active.
    public internal(set) var installedView: View? {
        get { installedViewStorage }
        set { installedViewStorage = newValue }
    }

    // The items and the host are not `weak`: a weak reference gives its target a side table,
    // and every later retain and release of that object takes the slow path through it; the
    // labels and content views of every cell are items of constraints. None of these
    // references owns its object. Invariants, kept by the objects themselves:
    // - an item storage is non-nil only while the item is alive: a `View` or `LayoutGuide`
    //   item lists this constraint in its `referringConstraints` from `init` on, and its
    //   `deinit` clears every storage that names it; this constraint's `deinit` takes itself
    //   off the lists of the items it still names.
    // - `installedViewStorage` is non-nil only while the constraint is in that view's
    //   `installedConstraints`: `uninstall()` clears it, and so does the host's `deinit` for
    //   the constraints it still has.
    // Items of other `LayoutItem` classes (which this module cannot ask to clear anything)
    // are held weakly instead. The items are unchecked even in debug builds: a view
    // subclass's stored constraints are released before `View`'s `deinit` clears them, so
    // this constraint's `deinit` may still name an item that is being deinitialised, which
    // a checked reference refuses to read. The host is never read during its deinit: debug
    // builds check it, so a clearing that is ever missed traps on the read instead of
    // following a dangling pointer.
    private unowned(unsafe) var firstItemStorage: (any LayoutItem)?
    private unowned(unsafe) var secondItemStorage: (any LayoutItem)?
    #if DEBUG
    private unowned var installedViewStorage: View?
    #else
    private unowned(unsafe) var installedViewStorage: View?
    #endif
    private weak var foreignFirstItem: (any LayoutItem)?
    private weak var foreignSecondItem: (any LayoutItem)?
    private let firstItemIsForeign: Bool
    private let secondItemIsForeign: Bool

    /// Incremented whenever `constant` or `priority` changes; a constraint engine compares
    /// it with the value it installed to know when to refresh.
    var revision = 0

    /// A constraint in the full form of `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    ///
    /// - Precondition: both attributes are of the same kind (horizontal positions, vertical
    ///   positions or sizes), leading/trailing are not mixed with left/right, baselines
    ///   belong to views (not guides), a constraint
    ///   without a second item constrains a size, and the numbers are finite.
    public init(
        item: any LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: (any LayoutItem)?, attribute secondAttribute: LayoutAttribute?,
        multiplier: Double = 1, constant: Double = 0
    ) {
        precondition(multiplier.isFinite && constant.isFinite,
                     "constraint on \(item.layoutItemName).\(attribute) needs a finite multiplier and constant")
        precondition((toItem == nil) == (secondAttribute == nil),
                     "constraint on \(item.layoutItemName).\(attribute): give both a second item and its attribute, or neither")
        precondition(!attribute.isBaseline || item is View, "\(item.layoutItemName) has no \(attribute): only views have baselines")
        if let secondAttribute {
            precondition(!secondAttribute.isBaseline || toItem is View,
                         "\(toItem!.layoutItemName) has no \(secondAttribute): only views have baselines")
            precondition(attribute.family == secondAttribute.family,
                         "cannot relate \(item.layoutItemName).\(attribute) to \(toItem!.layoutItemName).\(secondAttribute): different kinds of attribute")
            precondition(!(attribute.isDirectional && secondAttribute.isAbsoluteHorizontalEdge)
                         && !(attribute.isAbsoluteHorizontalEdge && secondAttribute.isDirectional),
                         "cannot relate \(attribute) to \(secondAttribute): leading/trailing do not mix with left/right")
        } else {
            precondition(attribute.family == .dimension,
                         "\(item.layoutItemName).\(attribute) can only be related to another anchor, not to a constant")
        }
        self.firstItemIsForeign = !Self.tracksLifetime(of: item)
        self.secondItemIsForeign = toItem.map { !Self.tracksLifetime(of: $0) } ?? false
        self.firstAttribute = attribute
        self.relation = relation
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        if firstItemIsForeign { foreignFirstItem = item } else { firstItemStorage = item }
        if secondItemIsForeign { foreignSecondItem = toItem } else { secondItemStorage = toItem }
        Self.withReferringConstraints(of: firstItemStorage) { $0.add(self) }
        if secondItemStorage !== firstItemStorage {
            Self.withReferringConstraints(of: secondItemStorage) { $0.add(self) }
        }
    }

    deinit {
        Self.withReferringConstraints(of: firstItemStorage) { $0.remove(self) }
        if secondItemStorage !== firstItemStorage {
            Self.withReferringConstraints(of: secondItemStorage) { $0.remove(self) }
        }
    }

    /// Whether `item` clears this constraint's reference when it is deallocated.
    private static func tracksLifetime(of item: any LayoutItem) -> Bool {
        item is View || item is LayoutGuide
    }

    /// Runs `body` on the list of constraints that name `item` (a view or a guide).
    private static func withReferringConstraints(
        of item: (any LayoutItem)?, _ body: (inout ReferringConstraints) -> Void
    ) {
        if let view = item as? View {
            body(&view.referringConstraints)
        } else if let guide = item as? LayoutGuide {
            body(&guide.referringConstraints)
        }
    }

    /// Called by `item` as it is deallocated: the constraint stops naming it.
    func itemWillDeallocate(_ item: AnyObject) {
        if firstItemStorage === item { firstItemStorage = nil }
        if secondItemStorage === item { secondItemStorage = nil }
    }

    /// Called by the view the constraint is installed on as it is deallocated.
    func hostWillDeallocate() { installedViewStorage = nil }

    /// The same constraint at `priority`, for chaining: `a.constraint(...).withPriority(750)`.
    @discardableResult
    public func withPriority(_ priority: LayoutPriority) -> LayoutConstraint {
        self.priority = priority
        return self
    }

    /// The same constraint named `identifier`, for chaining.
    @discardableResult
    public func withIdentifier(_ identifier: String) -> LayoutConstraint {
        self.identifier = identifier
        return self
    }

    // MARK: Activation

    /// Whether the constraint takes part in layout. Setting it to true installs it on the
    /// nearest common ancestor of its items.
    ///
    /// - Precondition: when activating, the items share an ancestor (they are in the same
    ///   view hierarchy) and a guide has been added to a view.
    /// - Complexity: O(d²) to find the common ancestor in a hierarchy of depth d; O(k) to
    ///   deactivate, k the constraints installed on the same view.
    public var isActive: Bool {
        get { installedView != nil }
        set {
            if newValue == isActive { return }
            if newValue { install() } else { uninstall() }
        }
    }

    /// Activates every constraint (`NSLayoutConstraint.activate`).
    /// - Complexity: O(n × d) for n constraints in a hierarchy of depth d.
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint.
    /// - Complexity: O(n × k) for n constraints, k the constraints installed on their views.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The view both items live in: the nearest common ancestor of their views.
    func commonAncestor() -> View {
        guard let first = firstItem else { preconditionFailure("constraint \(self) lost its first item") }
        guard let firstView = first.owningViewForLayout else {
            preconditionFailure("cannot activate \(self): \(first.layoutItemName) has not been added to a view")
        }
        guard let second = secondItem else { return firstView }
        guard let secondView = second.owningViewForLayout else {
            preconditionFailure("cannot activate \(self): \(second.layoutItemName) has not been added to a view")
        }
        var candidate: View? = firstView
        while let view = candidate {
            if secondView.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        preconditionFailure(
            "cannot activate \(self): \(first.layoutItemName) and \(second.layoutItemName) have no common ancestor "
                + "(add them to the same view hierarchy first)")
    }

    private func install() {
        let host = commonAncestor()
        host.installedConstraints.append(self)
        installedView = host
        host.constraintsDidChange()
    }

    private func uninstall() {
        guard let host = installedView else { return }
        host.installedConstraints.removeAll { $0 === self }
        installedView = nil
        host.constraintsDidChange()
    }

    private func constraintDidChange() {
        revision &+= 1
        installedView?.constraintNumbersDidChange()
    }

    /// True when either item is `item`.
    func references(_ item: AnyObject) -> Bool {
        firstItem === item || secondItem === item
    }

    // MARK: Description

    public var description: String {
        var text = "\(firstItem?.layoutItemName ?? "nil").\(firstAttribute) \(relation) "
        if let secondAttribute {
            if multiplier != 1 { text += "\(formatNumber(multiplier)) × " }
            text += "\(secondItem?.layoutItemName ?? "nil").\(secondAttribute)"
            if constant != 0 { text += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))" }
        } else {
            text += formatNumber(constant)
        }
        if !priority.isRequired { text += " @\(priority)" }
        if let identifier { text = "\"\(identifier)\": " + text }
        return text
    }
}

/// 40 as "40", 0.48 as "0.48".
func formatNumber(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
