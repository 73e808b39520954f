import Trellis

/// A view a collection view recycles: cells, headers and footers
/// (`UICollectionReusableView`). Created from a registration, handed out by dequeuing,
/// positioned from layout attributes and put back in a reuse pool when it scrolls away.
open class ReusableView: View {
    /// The identifier the view was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// The attributes the view was last positioned with.
    public internal(set) var layoutAttributes: LayoutAttributes?

    /// True for an off-screen sizing instance (one per reuse identifier): it is configured
    /// like a displayed view but only ever measured, so it may skip drawing-only work
    /// (images, shadows) when configured.
    public internal(set) var isPrototype = false

    /// The layout pass that last positioned the view; lets the collection view find views
    /// that left the visible region without building a set each pass.
    var lastPlacementPass = 0

    /// Which registration (template) of its reuse identifier made the view.
    var templateIndex = 0

    /// The reuse pool the view returns to, -1 for a view not made by a registration.
    var poolIndex = -1

    /// Where the view is displayed, nil while it waits in a reuse pool.
    var displayedIndexPath: IndexPath?

    /// The kind the view was registered for (`.cell` for cells).
    var elementKind = ElementKind.cell

    /// Whether what an assistive technology reads of the view (its accessibility label,
    /// value, hint, traits and expanded status, by default from the views inside it) may
    /// have changed since its host last read it. Every change that can change them sets it
    /// — a label's text, an accessibility property set, a view inside shown, hidden,
    /// added or removed, the cell selected, its configuration updated, a new size, the view
    /// dequeued for another item — so a host reads a view again only when it is marked,
    /// never polling the views it shows. True for a new view; the host clears it with
    /// ``accessibleContentWasRead()``.
    ///
    /// A cell subclass whose `accessibilityLabel` (or another accessibility property) is
    /// computed from something other than its views calls `setNeedsUpdateConfiguration()`
    /// when that changes: a configuration update marks the cell.
    package private(set) var accessibleContentChanged = true

    /// The host read what the view says to assistive technologies.
    package func accessibleContentWasRead() {
        accessibleContentChanged = false
    }

    /// Marks the view's accessible content as changed (``accessibleContentChanged``);
    /// when the view is displayed, its collection view tells its host (once until the host
    /// reads the view again).
    func markAccessibleContentChanged() {
        guard !accessibleContentChanged else { return }
        accessibleContentChanged = true
        if displayedIndexPath != nil, let collectionView = superview as? CollectionView {
            collectionView.accessibleContentDidChange(in: self)
        }
    }

    /// A view for a collection. Subclasses registered by type provide this initializer.
    public required init() {
        super.init(frame: .zero)
    }

    /// Resets state before the view is handed out again (`prepareForReuse`). Called when a
    /// recycled view is dequeued, before the data source configures it.
    open func prepareForReuse() {}

    /// Positions the view from `attributes` (`apply(_:)`).
    open func apply(_ attributes: LayoutAttributes) {
        layoutAttributes = attributes
        // At another size its views may be laid out in another reading order.
        if attributes.frame.size != bounds.size { accessibleContentDidChange() }
        frame = attributes.frame
        alpha = attributes.alpha
        isHidden = attributes.isHidden
    }

    /// The size this view wants for the room a layout gives it
    /// (`preferredLayoutAttributesFitting`): `attributes` with the frame's size replaced.
    ///
    /// The default asks `systemLayoutSizeFitting` (so constraints, when the view has them,
    /// decide) with the proposal mapped to a target size and fitting priorities:
    /// `.exactly(w)` fixes the width at `.required`; `.unconstrained` fits compressed at
    /// `.fittingSizeLevel`; `.atMost(w)` fits compressed first and, when the content is
    /// wider than `w`, fits again with the width fixed at `w`, so text wraps at the limit
    /// and grows taller rather than being squeezed after the fact. Heights the same way.
    open func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        var preferred = attributes
        preferred.frame.size = fittingSize(for: proposal)
        return preferred
    }

    /// The view's size for `proposal`, by the mapping described in
    /// `preferredLayoutAttributesFitting(_:proposal:)`.
    /// - Complexity: one or two `systemLayoutSizeFitting` calls.
    public func fittingSize(for proposal: FittingProposal) -> Size {
        func target(_ dimension: FittingDimension) -> (Double, LayoutPriority) {
            switch dimension {
            case .exactly(let value): (value, .required)
            case .atMost, .unconstrained: (0, .fittingSizeLevel)
            }
        }
        let (width, widthPriority) = target(proposal.width)
        let (height, heightPriority) = target(proposal.height)
        var size = systemLayoutSizeFitting(
            Size(width: width, height: height),
            horizontalFittingPriority: widthPriority, verticalFittingPriority: heightPriority)
        if case .atMost(let limit) = proposal.width, size.width > limit {
            // Too wide: fix the width at the limit and let the height follow (text wraps).
            size = systemLayoutSizeFitting(
                Size(width: limit, height: height),
                horizontalFittingPriority: .required, verticalFittingPriority: heightPriority)
        }
        if case .atMost(let limit) = proposal.height, size.height > limit {
            let fixedWidth = size.width
            size = systemLayoutSizeFitting(
                Size(width: fixedWidth, height: limit),
                horizontalFittingPriority: .required, verticalFittingPriority: .required)
        }
        return Size(width: max(0, size.width), height: max(0, size.height))
    }
}
