import Cassowary
import Trellis

/// The Auto Layout engine of one view subtree: turns the views' constraints, frames,
/// margins and intrinsic sizes into a Cassowary system, and keeps the solver alive between
/// calls so that a content change (a label's new text) is an incremental re-solve through
/// edit variables, not a rebuild.
///
/// Every item (view or guide) that takes part gets four unknowns, its rectangle in the
/// root's coordinates: x, y, width, height. Every anchor is a linear expression of them.
/// The root sits at (0, 0); its size is what a fitting call asks for or what a layout pass
/// fixes.
///
/// The engine is built from the hierarchy as it is and dropped (`View.constraintsDidChange`)
/// when the structure changes; what may change without a rebuild is checked on every solve:
/// constraint constants and priorities (a revision counter), translated frames, intrinsic
/// sizes and baselines.
final class ConstraintEngine {
    /// The four unknowns of one item's rectangle.
    struct Frame {
        let x: Variable, y: Variable, width: Variable, height: Variable
    }

    /// What a solver constraint stands for; named in diagnostics.
    enum Origin {
        case user(LayoutConstraint)
        case translatedFrame(View)
        case margins(LayoutGuide)
        case intrinsic(View, Axis, hugging: Bool)
        case fittingTarget(Axis)
        case rootOrigin
    }

    private struct UserSlot {
        let constraint: LayoutConstraint
        var installed: Constraint?
        var revision: Int
        /// Refers to a baseline, whose position depends on the text and the width.
        let dependsOnTextLayout: Bool
    }

    private struct TranslatedFrameSlot {
        let view: View
        let parentIndex: Int
        var frame: Rect
        var parentBounds: Rect
        var installed: [Constraint] = []
    }

    /// One axis of a view's intrinsic size: `size <= intrinsic` at the hugging priority and
    /// `size >= intrinsic` at the compression resistance.
    private struct IntrinsicSlot {
        let view: View
        let axis: Axis
        let size: Variable
        /// The variable that carries the intrinsic extent through an edit constraint at
        /// priority 999; nil when hugging or compression is 999 or more, which an edit
        /// cannot outrank, so the extent is a constant of the two constraints instead.
        let intrinsic: Variable?
        let hugging: LayoutPriority
        let compression: LayoutPriority
        /// The extent in the solver, nil when the view has none on this axis.
        var value: Double?
        var installed: [Constraint] = []
    }

    /// How the root's size is held on one axis.
    private enum TargetMode: Equatable {
        case none
        /// An edit variable at a priority below required: pulled towards the suggestion.
        case edit(LayoutPriority)
        /// A required constraint: exactly this extent.
        case required(Double)
    }

    unowned let root: View
    private let solver = Solver()
    private var frames: [ObjectIdentifier: Frame] = [:]
    /// The views with unknowns, parents before children; `parentIndices[i]` is the index of
    /// the superview of `views[i]` (-1 for the root).
    private var views: [View] = []
    private var parentIndices: [Int] = []
    private var guides: [LayoutGuide] = []
    private var origins: [ObjectIdentifier: Origin] = [:]
    private var userSlots: [UserSlot] = []
    private var translatedSlots: [TranslatedFrameSlot] = []
    private var intrinsicSlots: [IntrinsicSlot] = []
    private var targetModes: [TargetMode] = [.none, .none]
    private var buildDiagnostics: [ConstraintDiagnostic] = []
    private var passDiagnostics: [ConstraintDiagnostic] = []
    /// True while the first pass of a solve runs: labels are measured on one line.
    private var widthsKnown = false
    private let hasConstraintWork: Bool

    /// The priority an intrinsic edit variable holds at, and that a broken required
    /// constraint is demoted to.
    private static let nearRequired: LayoutPriority = 999

    init(root: View) {
        self.root = root
        var allViews: [View] = []
        var hostedConstraints: [LayoutConstraint] = []
        var anyConstrainedView = false
        func collect(_ view: View) {
            allViews.append(view)
            hostedConstraints.append(contentsOf: view.installedConstraints)
            if view !== root && !view.translatesAutoresizingMaskIntoConstraints { anyConstrainedView = true }
            for subview in view.subviews { collect(subview) }
        }
        collect(root)
        hasConstraintWork = anyConstrainedView || !hostedConstraints.isEmpty

        // Which views take part: the root, every view constraints mention (with the views
        // their baselines come from), every constrained view, and all their ancestors up to
        // the root, whose positions chain theirs to the root's coordinates.
        var involved: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var involvedGuides: [LayoutGuide] = []
        var seenGuides: Set<ObjectIdentifier> = []
        func involve(_ view: View) {
            var current: View? = view
            while let v = current, involved.insert(ObjectIdentifier(v)).inserted, v !== root {
                current = v.superview
            }
        }
        func involve(item: any LayoutItem, attribute: LayoutAttribute?) {
            if let view = item as? View {
                involve(view)
                if attribute == .firstBaseline || attribute == .lastBaseline {
                    involve(Self.baselineView(of: view, first: attribute == .firstBaseline))
                }
            } else if let guide = item as? LayoutGuide, let owner = guide.owningView {
                involve(owner)
                if seenGuides.insert(ObjectIdentifier(guide)).inserted { involvedGuides.append(guide) }
            }
        }
        var liveConstraints: [LayoutConstraint] = []
        for constraint in hostedConstraints {
            guard let first = constraint.firstItem else { continue }
            if constraint.secondAttribute != nil && constraint.secondItem == nil { continue }
            involve(item: first, attribute: constraint.firstAttribute)
            if let second = constraint.secondItem { involve(item: second, attribute: constraint.secondAttribute) }
            liveConstraints.append(constraint)
        }
        for view in allViews where view !== root && !view.translatesAutoresizingMaskIntoConstraints { involve(view) }

        var indexOf: [ObjectIdentifier: Int] = [:]
        for view in allViews where involved.contains(ObjectIdentifier(view)) {
            indexOf[ObjectIdentifier(view)] = views.count
            parentIndices.append(view === root ? -1 : indexOf[ObjectIdentifier(view.superview!)]!)
            views.append(view)
            frames[ObjectIdentifier(view)] = Self.makeFrame(named: view.layoutItemName)
        }
        for guide in involvedGuides {
            guides.append(guide)
            frames[ObjectIdentifier(guide)] = Self.makeFrame(named: guide.layoutItemName)
        }

        let rootFrame = frame(of: root)
        addRequired(rootFrame.x |==| 0, origin: .rootOrigin)
        addRequired(rootFrame.y |==| 0, origin: .rootOrigin)
        for (index, view) in views.enumerated() where view !== root {
            if view.translatesAutoresizingMaskIntoConstraints {
                let parent = views[parentIndices[index]]
                var slot = TranslatedFrameSlot(
                    view: view, parentIndex: parentIndices[index], frame: view.frame, parentBounds: parent.bounds)
                installTranslatedFrame(&slot)
                translatedSlots.append(slot)
            } else {
                makeIntrinsicSlots(for: view)
            }
        }
        // The root is sized by the fitting target or its bounds, but its own content still
        // has a say: a label asked for its fitting size answers with its text's size.
        makeIntrinsicSlots(for: root)
        for guide in guides where guide.kind == .layoutMargins { installMargins(of: guide) }
        for constraint in liveConstraints {
            let usesBaseline = constraint.firstAttribute.isBaseline || (constraint.secondAttribute?.isBaseline ?? false)
            var slot = UserSlot(constraint: constraint, installed: nil, revision: constraint.revision, dependsOnTextLayout: usesBaseline)
            slot.installed = installUser(constraint)
            userSlots.append(slot)
        }
        buildDiagnostics = passDiagnostics
        passDiagnostics = []
    }

    /// True when nothing in the subtree is laid out by constraints and the root has no
    /// intrinsic size: the caller takes the frame-based path.
    var isTrivial: Bool {
        guard !hasConstraintWork else { return false }
        let intrinsic = root.intrinsicContentSize
        return intrinsic.width == View.noIntrinsicMetric && intrinsic.height == View.noIntrinsicMetric
    }

    // MARK: - Public operations

    /// The root's size for `target` at the two fitting priorities; frames are not touched.
    func fittingSize(target: Size, horizontalPriority: LayoutPriority, verticalPriority: LayoutPriority) -> Size {
        solve(target: target, horizontalPriority: horizontalPriority, verticalPriority: verticalPriority)
        let rootFrame = frame(of: root)
        return Size(width: solver.value(of: rootFrame.width), height: solver.value(of: rootFrame.height))
    }

    /// Solves with the root's bounds fixed and applies the frames: to every view that does
    /// not translate its frame (or follows its superview through its autoresizing mask),
    /// relative to its superview, with edges pixel-aligned in the root's coordinates so
    /// neighbours that share an edge keep sharing it.
    func layOut() {
        solve(target: root.bounds.size, horizontalPriority: .required, verticalPriority: .required)
        let scale = root.traitCollection.displayScale
        var aligned: [Rect] = []
        aligned.reserveCapacity(views.count)
        for (index, view) in views.enumerated() {
            let rect = solvedRect(of: frame(of: view)).pixelAligned(scale: scale)
            aligned.append(rect)
            guard index > 0, !view.translatesAutoresizingMaskIntoConstraints || !view.autoresizingMask.isEmpty else { continue }
            let parentIndex = parentIndices[index]
            let parentRect = aligned[parentIndex]
            let parentBounds = views[parentIndex].bounds
            view.frame = Rect(
                x: rect.minX - parentRect.minX + parentBounds.minX, y: rect.minY - parentRect.minY + parentBounds.minY,
                width: rect.width, height: rect.height)
        }
        for guide in guides {
            guard let owner = guide.owningView, let ownerFrame = frames[ObjectIdentifier(owner)] else { continue }
            let rect = solvedRect(of: frame(of: guide)).pixelAligned(scale: scale)
            let ownerRect = solvedRect(of: ownerFrame).pixelAligned(scale: scale)
            guide.layoutFrame = Rect(x: rect.minX - ownerRect.minX, y: rect.minY - ownerRect.minY, width: rect.width, height: rect.height)
        }
        // Flexible views were resized above: what they have now is what the engine holds.
        for index in translatedSlots.indices {
            translatedSlots[index].frame = translatedSlots[index].view.frame
            translatedSlots[index].parentBounds = views[translatedSlots[index].parentIndex].bounds
        }
    }

    // MARK: - Solving

    /// Brings the solver up to date with the views and solves, twice when a view's height
    /// depends on the width the constraints give it (multi-line labels): first with each
    /// such label on one line to find its width, then with its height measured at that
    /// width. UIKit needs a second layout pass for this; here it is one call.
    private func solve(target: Size, horizontalPriority: LayoutPriority, verticalPriority: LayoutPriority) {
        passDiagnostics = []
        for index in userSlots.indices where userSlots[index].constraint.revision != userSlots[index].revision {
            refreshUser(at: index)
        }
        for index in translatedSlots.indices {
            let slot = translatedSlots[index]
            // A new frame set by the caller is held from now on, with the gaps it has to
            // the superview's bounds as they are; a resized superview alone keeps the gaps.
            if slot.view.frame != slot.frame {
                for constraint in slot.installed { remove(constraint) }
                translatedSlots[index].frame = slot.view.frame
                translatedSlots[index].parentBounds = views[slot.parentIndex].bounds
                translatedSlots[index].installed = []
                installTranslatedFrame(&translatedSlots[index])
            }
        }
        widthsKnown = false
        refreshTextLayout()
        setTarget(target.width, priority: horizontalPriority, axis: .horizontal)
        setTarget(target.height, priority: verticalPriority, axis: .vertical)

        if intrinsicSlots.contains(where: { $0.axis == .horizontal && $0.view.hasWidthDependentIntrinsicHeight }) {
            widthsKnown = true
            // Re-measuring at the solved width gives a width no larger, with the same line
            // breaks, so the second solve settles it; a third guards odd constraint mixes.
            for _ in 0..<3 where refreshTextLayout() {}
        }
        root.constraintDiagnosticsStorage = buildDiagnostics + passDiagnostics
    }

    /// Updates intrinsic sizes and baseline constraints; true when anything changed.
    @discardableResult
    private func refreshTextLayout() -> Bool {
        var changed = false
        var index = 0
        while index < intrinsicSlots.count {
            let view = intrinsicSlots[index].view
            let width: Double? = widthsKnown && view.hasWidthDependentIntrinsicHeight
                ? solver.value(of: intrinsicSlots[index].size) : nil
            let size = view.intrinsicContentSize(forLayoutWidth: width)
            // Slots of one view are adjacent: width first, then height.
            while index < intrinsicSlots.count && intrinsicSlots[index].view === view {
                let extent = size[intrinsicSlots[index].axis]
                if setIntrinsic(extent == View.noIntrinsicMetric ? nil : extent, at: index) { changed = true }
                index += 1
            }
        }
        for index in userSlots.indices where userSlots[index].dependsOnTextLayout {
            if refreshUser(at: index) { changed = true }
        }
        return changed
    }

    // MARK: - Building blocks

    private static func makeFrame(named name: String) -> Frame {
        Frame(x: Variable(name + ".x"), y: Variable(name + ".y"),
              width: Variable(name + ".width"), height: Variable(name + ".height"))
    }

    private func frame(of item: AnyObject) -> Frame {
        guard let frame = frames[ObjectIdentifier(item)] else {
            preconditionFailure("layout engine of \(root.layoutItemName) has no unknowns for \(item)")
        }
        return frame
    }

    private func solvedRect(of frame: Frame) -> Rect {
        Rect(x: solver.value(of: frame.x), y: solver.value(of: frame.y),
             width: solver.value(of: frame.width), height: solver.value(of: frame.height))
    }

    /// The view whose baseline stands for `view`'s (a stack view's is its first or last
    /// arranged view's), following the chain to a view that answers for itself.
    static func baselineView(of view: View, first: Bool) -> View {
        var current = view
        for _ in 0..<64 {
            let next = first ? current.forFirstBaselineLayout : current.forLastBaselineLayout
            if next === current { return current }
            precondition(next.isDescendant(of: view), "\(view.layoutItemName)'s baseline view \(next.layoutItemName) must be one of its descendants")
            current = next
        }
        preconditionFailure("the baseline views of \(view.layoutItemName) form a cycle")
    }

    /// The linear expression for `attribute` of `item`. In a constraint that uses leading or
    /// trailing under right-to-left layout, horizontal positions are measured from the
    /// right (negated), which mirrors the constraint: "leading = leading + 5" keeps 5 pt
    /// from the right edge.
    private func expression(for item: any LayoutItem, _ attribute: LayoutAttribute, mirrored: Bool) -> Expression {
        let f = frame(of: item)
        switch attribute {
        case .left: return f.x.linearExpression
        case .right: return f.x + f.width
        case .top: return f.y.linearExpression
        case .bottom: return f.y + f.height
        case .width: return f.width.linearExpression
        case .height: return f.height.linearExpression
        case .centerY: return f.y + 0.5 * f.height
        case .centerX: return mirrored ? -(f.x + 0.5 * f.width) : f.x + 0.5 * f.width
        case .leading: return mirrored ? -(f.x + f.width) : f.x.linearExpression
        case .trailing: return mirrored ? -f.x : f.x + f.width
        case .firstBaseline, .lastBaseline:
            let first = attribute == .firstBaseline
            let view = Self.baselineView(of: item as! View, first: first)
            let b = frame(of: view)
            let width: Double? = widthsKnown ? solver.value(of: b.width) : nil
            let positions = view.baselinePositions(forLayoutWidth: width)
            let position = first ? positions.first : positions.last
            return b.y + position.heightFraction * b.height + position.offset
        }
    }

    /// The solver constraint for a caller's constraint with its current numbers.
    private func resolve(_ constraint: LayoutConstraint) -> Constraint? {
        guard let first = constraint.firstItem else { return nil }
        let directional = constraint.firstAttribute.isDirectional || (constraint.secondAttribute?.isDirectional ?? false)
        let mirrored = directional && (first.owningViewForLayout?.effectiveLayoutDirection ?? .leftToRight) == .rightToLeft
        let lhs = expression(for: first, constraint.firstAttribute, mirrored: mirrored)
        var rhs = Expression(constraint.constant)
        if let secondAttribute = constraint.secondAttribute {
            guard let second = constraint.secondItem else { return nil }
            rhs = constraint.multiplier * expression(for: second, secondAttribute, mirrored: mirrored) + constraint.constant
        }
        let relation: Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return Constraint(lhs, relation, rhs, priority: Priority(constraint.priority.rawValue), identifier: constraint.identifier)
    }

    private func installUser(_ constraint: LayoutConstraint) -> Constraint? {
        guard let resolved = resolve(constraint) else { return nil }
        return add(resolved, origin: .user(constraint))
    }

    /// Re-resolves a caller's constraint; replaces it in the solver when its numbers moved.
    @discardableResult
    private func refreshUser(at index: Int) -> Bool {
        let constraint = userSlots[index].constraint
        userSlots[index].revision = constraint.revision
        let resolved = resolve(constraint)
        if let old = userSlots[index].installed, let resolved, Self.sameNumbers(old, resolved) { return false }
        if let old = userSlots[index].installed { remove(old) }
        userSlots[index].installed = resolved.flatMap { add($0, origin: .user(constraint)) }
        return true
    }

    private static func sameNumbers(_ a: Constraint, _ b: Constraint) -> Bool {
        guard a.relation == b.relation, a.priority == b.priority, a.expression.constant == b.expression.constant,
              a.expression.terms.count == b.expression.terms.count else { return false }
        for (x, y) in zip(a.expression.terms, b.expression.terms) where x.variable !== y.variable || x.coefficient != y.coefficient {
            return false
        }
        return true
    }

    /// A translated frame as required constraints relative to the superview; a flexible
    /// axis keeps the gaps to the superview's edges instead of the extent.
    private func installTranslatedFrame(_ slot: inout TranslatedFrameSlot) {
        let f = frame(of: slot.view)
        let p = frame(of: views[slot.parentIndex])
        let rect = slot.frame, bounds = slot.parentBounds
        let mask = slot.view.autoresizingMask
        var made: [Constraint] = [
            f.x |==| p.x + (rect.minX - bounds.minX),
            f.y |==| p.y + (rect.minY - bounds.minY),
            mask.contains(.flexibleWidth) ? (f.x + f.width |==| p.x + p.width - (bounds.maxX - rect.maxX)) : (f.width |==| rect.width),
            mask.contains(.flexibleHeight) ? (f.y + f.height |==| p.y + p.height - (bounds.maxY - rect.maxY)) : (f.height |==| rect.height),
        ]
        for index in made.indices { made[index] = addRequired(made[index], origin: .translatedFrame(slot.view)) }
        slot.installed = made
    }

    private func installMargins(of guide: LayoutGuide) {
        guard let owner = guide.owningView else { return }
        let g = frame(of: guide), v = frame(of: owner)
        let margins = owner.layoutMargins, direction = owner.effectiveLayoutDirection
        addRequired(g.x |==| v.x + margins.left(in: direction), origin: .margins(guide))
        addRequired(g.y |==| v.y + margins.top, origin: .margins(guide))
        addRequired(g.width |==| v.width - margins.horizontal, origin: .margins(guide))
        addRequired(g.height |==| v.height - margins.vertical, origin: .margins(guide))
    }

    private func makeIntrinsicSlots(for view: View) {
        let f = frame(of: view)
        for axis in [Axis.horizontal, .vertical] {
            let hugging = view.contentHuggingPriority(for: axis)
            let compression = view.contentCompressionResistancePriority(for: axis)
            let usesEdit = hugging < Self.nearRequired && compression < Self.nearRequired
            let intrinsic = usesEdit ? Variable("\(view.layoutItemName).intrinsic\(axis == .horizontal ? "Width" : "Height")") : nil
            if let intrinsic { try! solver.addEditVariable(intrinsic, priority: Priority(Self.nearRequired.rawValue)) }
            intrinsicSlots.append(IntrinsicSlot(
                view: view, axis: axis, size: axis == .horizontal ? f.width : f.height, intrinsic: intrinsic,
                hugging: hugging, compression: compression, value: nil))
        }
    }

    /// Puts an intrinsic extent into the solver; true when it changed.
    private func setIntrinsic(_ value: Double?, at index: Int) -> Bool {
        let slot = intrinsicSlots[index]
        if slot.value == value { return false }
        intrinsicSlots[index].value = value
        let origin = { (hugging: Bool) in Origin.intrinsic(slot.view, slot.axis, hugging: hugging) }
        if let intrinsic = slot.intrinsic {
            // Edit-variable path: the two constraints stay; a new extent is a suggestion.
            if let value { mustSuggest(value, for: intrinsic) }
            if (slot.value == nil) != (value == nil) {
                if value == nil {
                    for constraint in slot.installed { remove(constraint) }
                    intrinsicSlots[index].installed = []
                } else {
                    intrinsicSlots[index].installed = [
                        add(Constraint(slot.size, .lessThanOrEqual, intrinsic, priority: Priority(slot.hugging.rawValue)), origin: origin(true)),
                        add(Constraint(slot.size, .greaterThanOrEqual, intrinsic, priority: Priority(slot.compression.rawValue)), origin: origin(false)),
                    ]
                }
            }
            return true
        }
        for constraint in slot.installed { remove(constraint) }
        intrinsicSlots[index].installed = []
        if let value {
            intrinsicSlots[index].installed = [
                add(Constraint(slot.size, .lessThanOrEqual, value, priority: Priority(slot.hugging.rawValue)), origin: origin(true)),
                add(Constraint(slot.size, .greaterThanOrEqual, value, priority: Priority(slot.compression.rawValue)), origin: origin(false)),
            ]
        }
        return true
    }

    /// Holds the root's extent on `axis` at `priority`: an edit variable below required
    /// (the cheap path for repeated fitting), a required constraint otherwise.
    private func setTarget(_ extent: Double, priority: LayoutPriority, axis: Axis) {
        precondition(extent.isFinite && extent >= 0, "a fitting target must be finite and not negative, not \(extent)")
        let rootFrame = frame(of: root)
        let variable = axis == .horizontal ? rootFrame.width : rootFrame.height
        let slot = axis == .horizontal ? 0 : 1
        let wanted: TargetMode = priority.isRequired ? .required(extent) : .edit(priority)
        let current = targetModes[slot]
        if current == wanted {
            if case .edit = wanted { mustSuggest(extent, for: variable) }
            return
        }
        switch current {
        case .none: break
        case .edit: try! solver.removeEditVariable(variable)
        case .required:
            if let old = targetConstraints[slot] { remove(old) }
            targetConstraints[slot] = nil
        }
        targetModes[slot] = wanted
        if case .edit(let p) = wanted {
            try! solver.addEditVariable(variable, priority: Priority(p.rawValue))
            mustSuggest(extent, for: variable)
        } else {
            targetConstraints[slot] = addRequired(variable |==| extent, origin: .fittingTarget(axis))
        }
    }

    private var targetConstraints: [Constraint?] = [nil, nil]

    // MARK: - Solver access

    @discardableResult
    private func addRequired(_ constraint: Constraint, origin: Origin) -> Constraint {
        add(constraint, origin: origin)
    }

    /// Adds a constraint. A required one that cannot hold is broken, UIKit-style: recorded
    /// as a diagnostic and added at priority 999 instead. Returns what is in the solver.
    @discardableResult
    private func add(_ constraint: Constraint, origin: Origin) -> Constraint {
        do {
            try solver.add(constraint)
            origins[ObjectIdentifier(constraint)] = origin
            return constraint
        } catch {
            guard case .unsatisfiable(let conflicts) = error.code else {
                preconditionFailure("layout engine of \(root.layoutItemName) could not add \(describe(origin)): \(error.message)")
            }
            let others = conflicts.filter { $0 !== constraint }
            var brokenConstraint: LayoutConstraint?
            if case .user(let c) = origin { brokenConstraint = c }
            passDiagnostics.append(ConstraintDiagnostic(
                brokenConstraint: brokenConstraint,
                broken: describe(origin),
                conflictingConstraints: others.compactMap { c in
                    if case .user(let user)? = origins[ObjectIdentifier(c)] { return user }
                    return nil
                },
                conflicts: others.map { c in origins[ObjectIdentifier(c)].map(describe) ?? c.description }))
            let demoted = constraint.withPriority(Priority(Self.nearRequired.rawValue))
            try! solver.add(demoted)
            origins[ObjectIdentifier(demoted)] = origin
            return demoted
        }
    }

    private func remove(_ constraint: Constraint) {
        do {
            try solver.remove(constraint)
        } catch {
            preconditionFailure("layout engine of \(root.layoutItemName) lost track of \(constraint): \(error.message)")
        }
        origins[ObjectIdentifier(constraint)] = nil
    }

    private func mustSuggest(_ value: Double, for variable: Variable) {
        do {
            try solver.suggestValue(value, for: variable)
        } catch {
            preconditionFailure("layout engine of \(root.layoutItemName): \(error.message)")
        }
    }

    private func describe(_ origin: Origin) -> String {
        switch origin {
        case .user(let constraint): return constraint.description
        case .translatedFrame(let view):
            return "\(view.layoutItemName) frame \(view.frame) (translatesAutoresizingMaskIntoConstraints)"
        case .margins(let guide): return "\(guide.layoutItemName) inset by \(guide.owningView?.layoutMargins.description ?? "")"
        case .intrinsic(let view, let axis, let hugging):
            let dimension = axis == .horizontal ? "width" : "height"
            let extent = view.intrinsicContentSize[axis]
            return hugging
                ? "\(view.layoutItemName).\(dimension) <= \(formatNumber(extent)) @\(view.contentHuggingPriority(for: axis)) (content hugging)"
                : "\(view.layoutItemName).\(dimension) >= \(formatNumber(extent)) @\(view.contentCompressionResistancePriority(for: axis)) (compression resistance)"
        case .fittingTarget(let axis):
            return "\(root.layoutItemName).\(axis == .horizontal ? "width" : "height") == fitting target"
        case .rootOrigin: return "\(root.layoutItemName) origin at (0, 0)"
        }
    }
}
