import Trellis

/// A view that lines up its arranged subviews along an axis by generating constraints for
/// them (`UIStackView`). Hidden arranged views drop out of the arrangement.
///
/// Arranged views are laid out by constraints (their `translatesAutoresizingMaskIntoConstraints`
/// is set to false). The generated constraints are installed on the stack view and carry
/// identifiers starting with `stack-` so diagnostics name them.
open class StackView: View {
    /// How arranged views are placed across the axis.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// Every view spans the stack across the axis.
        case fill
        /// Views keep their size and sit at the leading edge (the top in a horizontal stack).
        case leading
        /// Views keep their size and are centred across the axis.
        case center
        /// Views keep their size and sit at the trailing edge (the bottom in a horizontal stack).
        case trailing
        /// Horizontal stacks: the first baselines line up. A vertical stack treats it as `fill`.
        case firstBaseline
        /// Horizontal stacks: the last baselines line up. A vertical stack treats it as `fill`.
        case lastBaseline
    }

    /// How arranged views share the length along the axis.
    public enum Distribution: String, Hashable, Sendable, CaseIterable {
        /// Views take their intrinsic lengths; the lowest hugging priority stretches and the
        /// lowest compression resistance shrinks to fill the stack.
        case fill
        /// Every view gets the same length.
        case fillEqually
        /// Views keep their lengths; the gaps between them are equal and at least `spacing`.
        case equalSpacing
    }

    public private(set) var arrangedSubviews: [View] = []

    public var axis: Axis = .horizontal { didSet { if axis != oldValue { arrangementDidChange() } } }
    /// The gap between neighbouring views (the least gap for `equalSpacing`).
    public var spacing: Double = 0 {
        didSet {
            precondition(spacing.isFinite, "stack view spacing must be finite, not \(spacing)")
            if spacing != oldValue { arrangementDidChange() }
        }
    }
    public var alignment: Alignment = .fill { didSet { if alignment != oldValue { arrangementDidChange() } } }
    public var distribution: Distribution = .fill { didSet { if distribution != oldValue { arrangementDidChange() } } }

    private var generatedConstraints: [LayoutConstraint] = []
    private var gapGuides: [LayoutGuide] = []

    public init(arrangedSubviews: [View] = [], axis: Axis = .horizontal, spacing: Double = 0) {
        super.init(frame: .zero)
        self.axis = axis
        self.spacing = spacing
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    /// Appends `view` to the arrangement, adding it as a subview if it is not one.
    /// - Complexity: O(n) in the arranged views (the stack's constraints are regenerated).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` into the arrangement at `index`.
    /// - Complexity: O(n) in the arranged views.
    /// - Precondition: `index` is within 0...arrangedSubviews.count.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        precondition(index >= 0 && index <= arrangedSubviews.count, "arranged subview index \(index) is out of 0...\(arrangedSubviews.count)")
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(index, arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementDidChange()
    }

    /// Removes `view` from the arrangement; it stays a subview, as in UIKit.
    /// - Complexity: O(n) in the arranged views.
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrangementDidChange()
    }

    override func didRemoveSubview(_ view: View) {
        removeArrangedSubview(view)
    }

    override func subviewDidChangeVisibility(_ view: View) {
        if arrangedSubviews.contains(where: { $0 === view }) { arrangementDidChange() }
    }

    override open var forFirstBaselineLayout: View {
        arrangedSubviews.first { !$0.isHidden }?.forFirstBaselineLayout ?? self
    }

    override open var forLastBaselineLayout: View {
        arrangedSubviews.last { !$0.isHidden }?.forLastBaselineLayout ?? self
    }

    // MARK: Constraint generation

    /// Replaces the generated constraints with ones for the current arrangement.
    /// - Complexity: O(n) in the number of arranged views.
    private func arrangementDidChange() {
        LayoutConstraint.deactivate(generatedConstraints)
        for guide in gapGuides { removeLayoutGuide(guide) }
        gapGuides = []
        generatedConstraints = makeConstraints()
        LayoutConstraint.activate(generatedConstraints)
    }

    private func makeConstraints() -> [LayoutConstraint] {
        let visible = arrangedSubviews.filter { !$0.isHidden }
        guard let first = visible.first, let last = visible.last else { return [] }
        var made: [LayoutConstraint] = []
        func add(_ constraint: LayoutConstraint, _ name: String, priority: LayoutPriority = .required) {
            made.append(constraint.withIdentifier("stack-" + name).withPriority(priority))
        }
        let horizontal = axis == .horizontal

        // Along the axis: the ends touch the stack's edges, neighbours are `spacing` apart.
        if horizontal {
            add(first.leadingAnchor.constraint(equalTo: leadingAnchor), "leading")
            add(last.trailingAnchor.constraint(equalTo: trailingAnchor), "trailing")
        } else {
            add(first.topAnchor.constraint(equalTo: topAnchor), "top")
            add(last.bottomAnchor.constraint(equalTo: bottomAnchor), "bottom")
        }
        for (previous, next) in zip(visible, visible.dropFirst()) {
            switch distribution {
            case .fill, .fillEqually:
                if horizontal {
                    add(next.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: spacing), "spacing")
                } else {
                    add(next.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: spacing), "spacing")
                }
            case .equalSpacing:
                // A guide fills each gap; the guides are at least `spacing` long and equal.
                let gap = LayoutGuide(identifier: "stack-gap")
                addLayoutGuide(gap)
                gapGuides.append(gap)
                if horizontal {
                    add(gap.leadingAnchor.constraint(equalTo: previous.trailingAnchor), "gap-start")
                    add(gap.trailingAnchor.constraint(equalTo: next.leadingAnchor), "gap-end")
                    add(gap.widthAnchor.constraint(greaterThanOrEqualToConstant: spacing), "gap-minimum")
                } else {
                    add(gap.topAnchor.constraint(equalTo: previous.bottomAnchor), "gap-start")
                    add(gap.bottomAnchor.constraint(equalTo: next.topAnchor), "gap-end")
                    add(gap.heightAnchor.constraint(greaterThanOrEqualToConstant: spacing), "gap-minimum")
                }
            }
        }
        if distribution == .fillEqually {
            for view in visible.dropFirst() {
                add(horizontal ? view.widthAnchor.constraint(equalTo: first.widthAnchor)
                               : view.heightAnchor.constraint(equalTo: first.heightAnchor), "fill-equally")
            }
        }
        if let firstGap = gapGuides.first {
            for gap in gapGuides.dropFirst() {
                add(horizontal ? gap.widthAnchor.constraint(equalTo: firstGap.widthAnchor)
                               : gap.heightAnchor.constraint(equalTo: firstGap.heightAnchor), "equal-spacing")
            }
        }

        // Across the axis.
        let baselineAlignment = horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
        let effectiveAlignment = !horizontal && (alignment == .firstBaseline || alignment == .lastBaseline) ? .fill : alignment
        for view in visible {
            let (start, end, center) = crossAnchors(of: view)
            let (stackStart, stackEnd, stackCenter) = crossAnchors(of: self)
            switch effectiveAlignment {
            case .fill:
                add(start.constraint(equalTo: stackStart), "fill-start")
                add(end.constraint(equalTo: stackEnd), "fill-end")
            case .leading, .center, .trailing, .firstBaseline, .lastBaseline:
                add(start.constraint(greaterThanOrEqualTo: stackStart), "inside-start")
                add(end.constraint(lessThanOrEqualTo: stackEnd), "inside-end")
                switch effectiveAlignment {
                case .leading: add(start.constraint(equalTo: stackStart), "align-leading")
                case .trailing: add(end.constraint(equalTo: stackEnd), "align-trailing")
                case .center: add(center.constraint(equalTo: stackCenter), "align-center")
                default:
                    if view !== first {
                        add(alignment == .firstBaseline
                                ? view.firstBaselineAnchor.constraint(equalTo: first.firstBaselineAnchor)
                                : view.lastBaselineAnchor.constraint(equalTo: first.lastBaselineAnchor), "align-baseline")
                    }
                }
            }
        }
        if effectiveAlignment != .fill || baselineAlignment {
            // Without `fill` nothing ties the stack's extent across the axis to its views:
            // it hugs the largest one, more weakly than a fitting target pulls.
            add(horizontal ? heightAnchor.constraint(equalToConstant: 0) : widthAnchor.constraint(equalToConstant: 0),
                "cross-hug", priority: LayoutPriority(49))
        }
        return made
    }

    /// The start edge, end edge and centre of `item` across the axis: a horizontal stack
    /// aligns tops and bottoms, a vertical one leading and trailing edges.
    private func crossAnchors(of item: View) -> (AnyCrossAnchor, AnyCrossAnchor, AnyCrossAnchor) {
        axis == .horizontal
            ? (.y(item.topAnchor), .y(item.bottomAnchor), .y(item.centerYAnchor))
            : (.x(item.leadingAnchor), .x(item.trailingAnchor), .x(item.centerXAnchor))
    }
}

/// An x or y anchor, so the cross-axis rules above are written once for both axes.
private enum AnyCrossAnchor {
    case x(LayoutXAxisAnchor)
    case y(LayoutYAxisAnchor)

    func constraint(equalTo other: AnyCrossAnchor) -> LayoutConstraint { relate(.equal, other) }
    func constraint(greaterThanOrEqualTo other: AnyCrossAnchor) -> LayoutConstraint { relate(.greaterThanOrEqual, other) }
    func constraint(lessThanOrEqualTo other: AnyCrossAnchor) -> LayoutConstraint { relate(.lessThanOrEqual, other) }

    private func relate(_ relation: LayoutRelation, _ other: AnyCrossAnchor) -> LayoutConstraint {
        switch (self, other) {
        case (.x(let a), .x(let b)): a.relate(relation, to: b, multiplier: 1, constant: 0)
        case (.y(let a), .y(let b)): a.relate(relation, to: b, multiplier: 1, constant: 0)
        default: preconditionFailure("stack view cross anchors of different axes")
        }
    }
}
