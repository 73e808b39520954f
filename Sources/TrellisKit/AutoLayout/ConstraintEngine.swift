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
    }

    private struct TranslatedFrameSlot {
        let view: View
        let parentIndex: Int
        var frame: Rect
        var parentBounds: Rect
        var installed: [Constraint] = []
        /// The numbers `installed` holds, with the mask that chose their shape.
        var installedNumbers: TranslatedFrameNumbers?
    }

    /// What a translated frame's four constraints say: the offsets of the view's leading
    /// and top edges in its superview's bounds, and per axis either the extent (a fixed
    /// axis) or the gap to the superview's far edge (a flexible one).
    private struct TranslatedFrameNumbers: Equatable {
        let mask: AutoresizingMask
        let x, y, width, height: Double

        init(frame rect: Rect, parentBounds bounds: Rect, mask: AutoresizingMask) {
            self.mask = mask
            x = rect.minX - bounds.minX
            y = rect.minY - bounds.minY
            width = mask.contains(.flexibleWidth) ? bounds.maxX - rect.maxX : rect.width
            height = mask.contains(.flexibleHeight) ? bounds.maxY - rect.maxY : rect.height
        }
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

    unowned let root: View
    /// Internal for tests (the tableau stays the same size while frames move).
    let solver = Solver()
    private var frames: [ObjectIdentifier: Frame] = [:]
    /// The views with unknowns, parents before children; `parentIndices[i]` is the index of
    /// the superview of `views[i]` (-1 for the root).
    private var views: [View] = []
    private var parentIndices: [Int] = []
    /// `viewFrames[i]` is the frame of `views[i]`: what the per-pass loops read, by index.
    private var viewFrames: [Frame] = []
    private var guides: [LayoutGuide] = []
    /// Subviews laid out by engines of their own (see `init`).
    private var detachedSubtrees: Set<ObjectIdentifier> = []
    private var origins: [ObjectIdentifier: Origin] = [:]
    private var userSlots: [UserSlot] = []
    /// Indices of the user slots whose constraints refer to baselines.
    private var textDependentUserSlots: [Int] = []
    /// Set when a constraint's constant or priority changed since the last solve.
    var constraintNumbersChanged = false
    /// Set by the subtree's views when something a solve reads may have changed
    /// (`View.layoutInputsDidChange()`); cleared once `layOut()` has applied a solve.
    var inputsChanged = true
    /// How many solves ran (fits and layout passes): how a test sees a pass skip its solve.
    private(set) var solveCount = 0
    private var translatedSlots: [TranslatedFrameSlot] = []
    private var intrinsicSlots: [IntrinsicSlot] = []
    private var buildDiagnostics: [ConstraintDiagnostic] = []
    private var passDiagnostics: [ConstraintDiagnostic] = []
    /// True while the first pass of a solve runs: labels are measured on one line.
    private var widthsKnown = false
    /// Counts the changes made to the solver (constraints, edit variables, suggestions).
    private var solverRevision = 0
    private var laidOut = LaidOutState()
    private let hasConstraintWork: Bool

    /// The priority an intrinsic edit variable holds at, and that a broken required
    /// constraint is demoted to.
    private static let nearRequired: LayoutPriority = 999

    init(root: View) {
        self.root = root
        var allViews: [View] = []
        var hostedConstraints: [LayoutConstraint] = []
        var anyConstrainedView = false
        // A subview that keeps its frame, follows no autoresizing and that no constraint
        // from outside reaches into is laid out on its own (by its own engine): its frame
        // does not depend on anything here, and nothing here depends on its content. A
        // collection view's cells are the common case; one cell's change then leaves the
        // others' solvers alone.
        let crossed = Self.viewsReachedFromAbove(in: root)
        var detached: [View] = []
        func collect(_ view: View) {
            if view !== root && view.translatesAutoresizingMaskIntoConstraints && view.autoresizingMask.isEmpty
                && !crossed.contains(ObjectIdentifier(view)) {
                detached.append(view)
                return
            }
            allViews.append(view)
            hostedConstraints.append(contentsOf: view.installedConstraints)
            if view !== root && !view.translatesAutoresizingMaskIntoConstraints { anyConstrainedView = true }
            for subview in view.subviews { collect(subview) }
        }
        collect(root)
        hasConstraintWork = anyConstrainedView || !hostedConstraints.isEmpty
        detachedSubtrees = Set(detached.map(ObjectIdentifier.init))

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
            let frame = Self.makeFrame(named: view.layoutItemName)
            viewFrames.append(frame)
            frames[ObjectIdentifier(view)] = frame
        }
        for guide in involvedGuides {
            guides.append(guide)
            frames[ObjectIdentifier(guide)] = Self.makeFrame(named: guide.layoutItemName)
        }

        let rootFrame = frame(of: root)
        rootSize = [rootFrame.width, rootFrame.height]
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
            // A baseline's position depends on the text and the width: re-read every solve.
            var slot = UserSlot(constraint: constraint, installed: nil, revision: constraint.revision)
            slot.installed = installUser(constraint)
            if usesBaseline { textDependentUserSlots.append(userSlots.count) }
            userSlots.append(slot)
        }
        buildDiagnostics = passDiagnostics
        passDiagnostics = []
    }

    /// The views that lie on the way from an item of some constraint up to (not including)
    /// the view the constraint is installed on: their frames are tied to their ancestors'.
    private static func viewsReachedFromAbove(in root: View) -> Set<ObjectIdentifier> {
        var reached: Set<ObjectIdentifier> = []
        func mark(from view: View?, upTo host: View) {
            var current = view
            while let v = current, v !== host {
                reached.insert(ObjectIdentifier(v))
                current = v.superview
            }
        }
        func visit(_ host: View) {
            for constraint in host.installedConstraints {
                for (item, attribute) in [(constraint.firstItem, constraint.firstAttribute),
                                          (constraint.secondItem, constraint.secondAttribute)] {
                    guard let item, let owner = item.owningViewForLayout else { continue }
                    mark(from: owner, upTo: host)
                    if let view = item as? View, attribute == .firstBaseline || attribute == .lastBaseline {
                        mark(from: baselineView(of: view, first: attribute == .firstBaseline), upTo: host)
                    }
                }
            }
            for subview in host.subviews { visit(subview) }
        }
        visit(root)
        return reached
    }

    /// True when `view` (a subview somewhere below the root) is laid out by its own engine.
    func isDetached(_ view: View) -> Bool { detachedSubtrees.contains(ObjectIdentifier(view)) }

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
        fit(FitRequest(target: target, horizontalPriority: horizontalPriority, verticalPriority: verticalPriority))
    }

    /// Solves for `request` and records it as the last fit.
    private func fit(_ request: FitRequest) -> Size {
        solve(target: request.target, horizontalPriority: request.horizontalPriority, verticalPriority: request.verticalPriority)
        let size = Size(width: solver.value(of: rootSize[0]), height: solver.value(of: rootSize[1]))
        lastFit = (size, solverRevision, request)
        return size
    }

    /// What a fit was asked: its target and the two fitting priorities.
    private struct FitRequest {
        let target: Size
        let horizontalPriority: LayoutPriority
        let verticalPriority: LayoutPriority
    }

    /// The size the last fit found, the solver's revision right after it, and what it was asked.
    private var lastFit: (size: Size, revision: Int, request: FitRequest)?

    /// Solves with the root's bounds fixed and applies the frames: to every view that does
    /// not translate its frame (or follows its superview through its autoresizing mask),
    /// relative to its superview, with edges pixel-aligned in the root's coordinates so
    /// neighbours that share an edge keep sharing it.
    ///
    /// Subtrees laid out by their own engines are not touched: the layout pass reaches
    /// them after their superviews' `layoutSubviews` (which may move them), as UIKit does.
    func layOut() {
        guard !isTrivial else { return }
        let scale = root.traitCollection.displayScale
        // Nothing a solve reads changed since the last pass (no view of the subtree was told
        // to lay out again, the solver took no change, and every view, the root included,
        // still has the frame and bounds that pass left): the solution is the one applied.
        // What a collection view's pass meets for each displayed cell on every scroll frame.
        if !inputsChanged && !constraintNumbersChanged && laidOut.revision == solverRevision
            && laidOut.scale == scale && viewsAreAsLaidOut() {
            return
        }
        defer { inputsChanged = false }
        if fittedSolutionHolds() || refittedSolutionHolds() {
            if laidOut.revision == solverRevision && laidOut.scale == scale && viewsAreAsLaidOut() { return }
            applySolution(scale: scale)
            return
        }
        solve(target: root.bounds.size, horizontalPriority: .required, verticalPriority: .required)
        // Nothing moved since the last pass (the solver took no change, and every view still
        // has the frame and bounds it had after that pass): the loops below would write the
        // same frames again. What a collection view's drawing pass meets for each visible
        // cell on every scroll frame.
        if laidOut.revision == solverRevision && laidOut.scale == scale && viewsAreAsLaidOut() { return }
        applySolution(scale: scale)
    }

    /// Whether the solver's solution is the one a solve at the root's bounds would give,
    /// without the solve: the root has exactly the size the last fit found, the solver took
    /// no change since (the text measures as it did, no constraint changed), and every view
    /// whose frame was set from outside has the frame the solution gives it (a content view
    /// resized with the cell keeps its gaps). Then the fit's solution holds: it was the best
    /// over every size, and it has this one; fixing the size only takes away solutions it
    /// beat. This is a self-sizing cell laid out at the size it was just measured at — each
    /// new cell of a scroll frame — which otherwise adds an exact size to the solver and
    /// takes it off again at its next fit.
    private func fittedSolutionHolds() -> Bool {
        guard let lastFit, lastFit.revision == solverRevision, lastFit.size == root.bounds.size, !constraintNumbersChanged else {
            return false
        }
        guard !refreshTextLayout().changed else { return false }
        // By index: a copy of each slot would retain its view and its constraints.
        for index in translatedSlots.indices where translatedSlots[index].view.frame != translatedSlots[index].frame {
            let view = translatedSlots[index].view, parentIndex = translatedSlots[index].parentIndex
            let solved = solvedRect(of: frame(of: view)), parent = solvedRect(of: viewFrames[parentIndex])
            let bounds = views[parentIndex].bounds
            let expected = Rect(x: solved.minX - parent.minX + bounds.minX, y: solved.minY - parent.minY + bounds.minY,
                                width: solved.width, height: solved.height)
            let actual = view.frame
            // Far below a pixel: the solver's arithmetic, not a different frame.
            let tolerance = 1e-6
            guard abs(expected.minX - actual.minX) <= tolerance, abs(expected.minY - actual.minY) <= tolerance,
                  abs(expected.width - actual.width) <= tolerance, abs(expected.height - actual.height) <= tolerance
            else { return false }
        }
        return true
    }

    /// Whether the last fit's question, asked again with the content as it is now, puts the
    /// root at exactly its bounds; then that solution is applied as `fittedSolutionHolds`
    /// explains. A reused self-sizing cell configured with new content and placed at the
    /// size the collection view cached for that content is this case: the solver still
    /// holds the fit's targets, so asking again costs only the content's new numbers (edit
    /// suggestions), where a solve at the bounds would first fix the root's size with
    /// required constraints (built, substituted, optimised) and the next fit would take them
    /// out again.
    ///
    /// Not tried when it cannot succeed or would cost more than the solve it saves: when
    /// the solver no longer holds the fit's targets (a layout pass since has fixed the
    /// size), or when the fit fixed an axis at another extent than the bounds have.
    private func refittedSolutionHolds() -> Bool {
        guard let request = lastFit?.request else { return false }
        let bounds = root.bounds.size
        if request.horizontalPriority.isRequired && request.target.width != bounds.width { return false }
        if request.verticalPriority.isRequired && request.target.height != bounds.height { return false }
        guard lastTargets[0] == (request.target.width, request.horizontalPriority),
              lastTargets[1] == (request.target.height, request.verticalPriority) else { return false }
        _ = fit(request)
        return fittedSolutionHolds()
    }

    /// Applies the solver's solution to the views (see `layOut()`).
    private func applySolution(scale: Double) {
        var aligned: [Rect] = []
        aligned.reserveCapacity(views.count)
        for (index, view) in views.enumerated() {
            let rect = solvedRect(of: viewFrames[index]).pixelAligned(scale: scale)
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
        laidOut.revision = solverRevision
        laidOut.scale = scale
        laidOut.frames.removeAll(keepingCapacity: true)
        laidOut.bounds.removeAll(keepingCapacity: true)
        for view in views {
            laidOut.frames.append(view.frame)
            laidOut.bounds.append(view.bounds)
        }
    }

    /// What the last `layOut()` left: the solver's revision, the display scale, and every
    /// view's frame and bounds.
    private struct LaidOutState {
        var revision = -1
        var scale = Double.nan
        var frames: [Rect] = []
        var bounds: [Rect] = []
    }

    /// True when every view still has the frame and bounds the last `layOut()` left.
    private func viewsAreAsLaidOut() -> Bool {
        guard laidOut.frames.count == views.count else { return false }
        for (index, view) in views.enumerated() where view.frame != laidOut.frames[index] || view.bounds != laidOut.bounds[index] {
            return false
        }
        return true
    }

    // MARK: - Solving

    /// Brings the solver up to date with the views and solves, twice when a view's height
    /// depends on the width the constraints give it (multi-line labels): first with each
    /// such label on one line to find its width, then with its height measured at that
    /// width. UIKit needs a second layout pass for this; here it is one call.
    private func solve(target: Size, horizontalPriority: LayoutPriority, verticalPriority: LayoutPriority) {
        solveCount &+= 1
        if !passDiagnostics.isEmpty { passDiagnostics = [] }
        if constraintNumbersChanged {
            constraintNumbersChanged = false
            for index in userSlots.indices where userSlots[index].constraint.revision != userSlots[index].revision {
                refreshUser(at: index)
            }
        }
        for index in translatedSlots.indices {
            // A new frame set by the caller is held from now on, with the gaps it has to
            // the superview's bounds as they are; a resized superview alone keeps the gaps.
            let frame = translatedSlots[index].view.frame
            if frame != translatedSlots[index].frame {
                translatedSlots[index].frame = frame
                translatedSlots[index].parentBounds = views[translatedSlots[index].parentIndex].bounds
                installTranslatedFrame(&translatedSlots[index])
            }
        }
        widthsKnown = false
        let anyWidthDependent = refreshTextLayout().anyWidthDependent
        setTarget(target.width, priority: horizontalPriority, axis: .horizontal)
        setTarget(target.height, priority: verticalPriority, axis: .vertical)

        if anyWidthDependent {
            widthsKnown = true
            // Re-measuring at the solved width gives a width no larger, with the same line
            // breaks, so the second solve settles it; a third guards odd constraint mixes.
            var passes = 0
            while passes < 3 && refreshTextLayout().changed { passes += 1 }
        }
        if !(buildDiagnostics.isEmpty && passDiagnostics.isEmpty && root.constraintDiagnosticsStorage.isEmpty) {
            root.constraintDiagnosticsStorage = buildDiagnostics + passDiagnostics
        }
    }

    /// Updates intrinsic sizes and baseline constraints: whether anything changed, and
    /// whether some view's intrinsic height depends on its width.
    private func refreshTextLayout() -> (changed: Bool, anyWidthDependent: Bool) {
        var changed = false, anyWidthDependent = false
        var index = 0
        while index < intrinsicSlots.count {
            let view = intrinsicSlots[index].view
            let widthDependent = view.hasWidthDependentIntrinsicHeight
            anyWidthDependent = anyWidthDependent || widthDependent
            let width: Double? = widthsKnown && widthDependent ? solver.value(of: intrinsicSlots[index].size) : nil
            let size = view.intrinsicContentSize(forLayoutWidth: width)
            // Slots of one view are adjacent: width first, then height.
            while index < intrinsicSlots.count && intrinsicSlots[index].view === view {
                let extent = size[intrinsicSlots[index].axis]
                if setIntrinsic(extent == View.noIntrinsicMetric ? nil : extent, at: index) { changed = true }
                index += 1
            }
        }
        for index in textDependentUserSlots where refreshUser(at: index) { changed = true }
        return (changed, anyWidthDependent)
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
        // A required constraint broken earlier sits at 999: the same numbers at required
        // are no change (re-adding it would only break it again).
        if let old = userSlots[index].installed, let resolved,
           old.hasSameTerms(as: resolved), old.expression.constant == resolved.expression.constant,
           old.priority == resolved.priority || (resolved.priority.isRequired && old.priority.rawValue == Self.nearRequired.rawValue) {
            return false
        }
        switch (userSlots[index].installed, resolved) {
        case (let old?, let resolved?): userSlots[index].installed = replace(old, with: resolved, origin: .user(constraint))
        case (let old?, nil): remove(old); userSlots[index].installed = nil
        case (nil, let resolved?): userSlots[index].installed = add(resolved, origin: .user(constraint))
        case (nil, nil): break
        }
        return true
    }


    /// A translated frame as required constraints relative to the superview; a flexible
    /// axis keeps the gaps to the superview's edges instead of the extent. A frame that
    /// moved replaces the installed constraints, whose constants alone change.
    private func installTranslatedFrame(_ slot: inout TranslatedFrameSlot) {
        let numbers = TranslatedFrameNumbers(frame: slot.frame, parentBounds: slot.parentBounds, mask: slot.view.autoresizingMask)
        // A view that follows its superview's size (a cell's content view) keeps its gaps
        // when both are resized: the constraints the solver holds say the same.
        if numbers == slot.installedNumbers { return }
        slot.installedNumbers = numbers
        let f = frame(of: slot.view)
        let p = frame(of: views[slot.parentIndex])
        let mask = numbers.mask
        var made: [Constraint] = [
            f.x |==| p.x + numbers.x,
            f.y |==| p.y + numbers.y,
            mask.contains(.flexibleWidth) ? (f.x + f.width |==| p.x + p.width - numbers.width) : (f.width |==| numbers.width),
            mask.contains(.flexibleHeight) ? (f.y + f.height |==| p.y + p.height - numbers.height) : (f.height |==| numbers.height),
        ]
        let installed = slot.installed
        for index in made.indices {
            made[index] = installed.count == made.count
                ? replace(installed[index], with: made[index], origin: .translatedFrame(slot.view))
                : addRequired(made[index], origin: .translatedFrame(slot.view))
        }
        if installed.count != made.count { for constraint in installed { remove(constraint) } }
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
            if let intrinsic {
                do {
                    solverRevision &+= 1
                    try solver.addEditVariable(intrinsic, priority: Priority(Self.nearRequired.rawValue))
                } catch {
                    preconditionFailure("layout engine of \(root.layoutItemName): \(error.message)")
                }
            }
            intrinsicSlots.append(IntrinsicSlot(
                view: view, axis: axis, size: axis == .horizontal ? f.width : f.height, intrinsic: intrinsic,
                hugging: hugging, compression: compression, value: nil))
        }
    }

    /// Puts an intrinsic extent into the solver; true when it changed.
    private func setIntrinsic(_ value: Double?, at index: Int) -> Bool {
        let previous = intrinsicSlots[index].value
        if previous == value { return false }
        intrinsicSlots[index].value = value
        // The fast path: an edit variable that only takes a new suggestion (no copy of
        // the slot, no constraint changes).
        if previous != nil, let value, let intrinsic = intrinsicSlots[index].intrinsic {
            mustSuggest(value, for: intrinsic)
            return true
        }
        let slot = intrinsicSlots[index]
        let origin = { (hugging: Bool) in Origin.intrinsic(slot.view, slot.axis, hugging: hugging) }
        if let intrinsic = slot.intrinsic {
            // Edit-variable path: the two constraints stay; a new extent is a suggestion.
            if let value { mustSuggest(value, for: intrinsic) }
            if (previous == nil) != (value == nil) {
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

    /// Holds the root's extent on `axis` at `priority`. Below required it is an edit
    /// variable pulled towards the target (the cheap path for repeated fitting: a new
    /// target is a suggestion). Required adds an exact constraint on top of the edit, which
    /// it outranks, so switching between the two (a fit, then a fit at a fixed width, as a
    /// collection view does for a width limit) adds and removes one constraint, no more.
    private func setTarget(_ extent: Double, priority: LayoutPriority, axis: Axis) {
        precondition(extent.isFinite && extent >= 0, "a fitting target must be finite and not negative, not \(extent)")
        let slot = axis == .horizontal ? 0 : 1
        if lastTargets[slot] == (extent, priority) { return }
        lastTargets[slot] = (extent, priority)
        let variable = rootSize[slot]
        if priority.isRequired {
            if let exact = targetConstraints[slot] {
                if requiredTargets[slot] == extent { return }
                targetConstraints[slot] = replace(exact, with: variable |==| extent, origin: .fittingTarget(axis))
            } else {
                targetConstraints[slot] = add(variable |==| extent, origin: .fittingTarget(axis))
            }
            requiredTargets[slot] = extent
            return
        }
        if let exact = targetConstraints[slot] {
            remove(exact)
            targetConstraints[slot] = nil
        }
        if targetEditPriorities[slot] != priority {
            do {
                solverRevision &+= 1
                if targetEditPriorities[slot] != nil { try solver.removeEditVariable(variable) }
                try solver.addEditVariable(variable, priority: Priority(priority.rawValue))
            } catch {
                preconditionFailure("layout engine of \(root.layoutItemName): \(error.message)")
            }
            targetEditPriorities[slot] = priority
            suggestedTargets[slot] = .nan
        }
        if suggestedTargets[slot] != extent {
            mustSuggest(extent, for: variable)
            suggestedTargets[slot] = extent
        }
    }

    /// Per axis (width, height): the exact target constraint while one is wanted, its extent,
    /// the priority of the edit variable, and the value last suggested to it.
    private var targetConstraints: [Constraint?] = [nil, nil]
    private var requiredTargets: [Double] = [.nan, .nan]
    private var targetEditPriorities: [LayoutPriority?] = [nil, nil]
    private var suggestedTargets: [Double] = [.nan, .nan]
    /// What `setTarget` was last asked, per axis: the same again is nothing to do.
    private var lastTargets: [(Double, LayoutPriority)] = [(.nan, .required), (.nan, .required)]
    /// The root's width and height unknowns, kept at hand for the per-call path.
    private var rootSize: [Variable] = []

    // MARK: - Solver access

    @discardableResult
    private func addRequired(_ constraint: Constraint, origin: Origin) -> Constraint {
        add(constraint, origin: origin)
    }

    /// Adds a constraint. A required one that cannot hold is broken, UIKit-style: recorded
    /// as a diagnostic and added at priority 999 instead. Returns what is in the solver.
    @discardableResult
    private func add(_ constraint: Constraint, origin: Origin) -> Constraint {
        solverRevision &+= 1
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
            do {
                try solver.add(demoted)
            } catch {
                preconditionFailure("layout engine of \(root.layoutItemName) could not add \(describe(origin)) at 999: \(error.message)")
            }
            origins[ObjectIdentifier(demoted)] = origin
            return demoted
        }
    }

    /// Puts `new` where `old` was: in place when only the constant moved (a frame or a
    /// target that changed: no new solver symbols, so an engine re-laid out for ever keeps a
    /// tableau of constant size); a required `new` that cannot hold is broken as in `add`.
    private func replace(_ old: Constraint, with new: Constraint, origin: Origin) -> Constraint {
        solverRevision &+= 1
        do {
            try solver.replace(old, with: new)
            origins[ObjectIdentifier(old)] = nil
            origins[ObjectIdentifier(new)] = origin
            return new
        } catch {
            remove(old)
            return add(new, origin: origin)
        }
    }

    private func remove(_ constraint: Constraint) {
        solverRevision &+= 1
        do {
            try solver.remove(constraint)
        } catch {
            preconditionFailure("layout engine of \(root.layoutItemName) lost track of \(constraint): \(error.message)")
        }
        origins[ObjectIdentifier(constraint)] = nil
    }

    private func mustSuggest(_ value: Double, for variable: Variable) {
        solverRevision &+= 1
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
