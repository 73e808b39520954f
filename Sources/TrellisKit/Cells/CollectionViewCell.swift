import Trellis

/// A cell of a collection view (`UICollectionViewCell`): a reusable view whose content
/// goes in `contentView`, which always fills the cell.
///
/// Its look can also be described by value, as in UIKit since iOS 14: a
/// `contentConfiguration` (which makes the content view) and a `backgroundConfiguration`,
/// kept up to date with the cell's `configurationState` (selected, highlighted, editing,
/// expanded, swiped…) by `updateConfiguration(using:)` and the
/// `configurationUpdateHandler` (see CollectionViewCell+Configuration.swift).
open class CollectionViewCell: ReusableView {
    /// Where the cell's content goes; kept at the cell's bounds. Setting a
    /// `contentConfiguration` replaces it with the configuration's view, as in UIKit.
    public internal(set) var contentView = View()

    /// The description of the cell's content (`contentConfiguration`): setting one makes
    /// `contentView` the view it makes (or applies it to the current one when that
    /// supports it); nil leaves the content view as it is.
    public var contentConfiguration: (any ContentConfiguration)? {
        didSet { contentConfigurationDidChange() }
    }

    /// The description of the cell's background (`backgroundConfiguration`): setting one
    /// replaces `backgroundView` and `selectedBackgroundView` with a view showing it, as in
    /// UIKit; nil removes that view.
    public var backgroundConfiguration: BackgroundConfiguration? {
        didSet { backgroundConfigurationDidChange(from: oldValue) }
    }

    /// Whether a state change replaces `contentConfiguration` with its
    /// `updated(for:)` (`automaticallyUpdatesContentConfiguration`, true by default).
    public var automaticallyUpdatesContentConfiguration = true {
        didSet { if automaticallyUpdatesContentConfiguration { setNeedsUpdateConfiguration() } }
    }

    /// Whether a state change replaces `backgroundConfiguration` with its `updated(for:)`
    /// (`automaticallyUpdatesBackgroundConfiguration`, true by default).
    public var automaticallyUpdatesBackgroundConfiguration = true {
        didSet { if automaticallyUpdatesBackgroundConfiguration { setNeedsUpdateConfiguration() } }
    }

    /// Called after `updateConfiguration(using:)` with the cell and its new state
    /// (`configurationUpdateHandler`): configure the cell for the state here instead of
    /// subclassing. Setting it asks for an update.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// True while the item has keyboard focus; the host that moves focus sets it. Part of
    /// the configuration state.
    public var isFocused = false {
        didSet { if isFocused != oldValue { setNeedsUpdateConfiguration() } }
    }

    /// Set by `setNeedsUpdateConfiguration()`, cleared by the update.
    var needsConfigurationUpdate = false
    /// The collection view that last handed the cell out, and for which item: where the
    /// configuration state's collection-level parts (editing, expansion, swipe) come from.
    weak var configurationOwner: CollectionView?
    var configurationIndexPath: IndexPath?
    /// True while the update applies the configurations' `updated(for:)`, which are
    /// already adapted to the state.
    var isApplyingAutomaticUpdate = false

    /// Updates the cell for `state` (`updateConfiguration(using:)`): called before the
    /// cell is first shown and whenever its state changes, after the automatic updates
    /// of the content and background configurations and before the
    /// `configurationUpdateHandler`. The default does nothing; override it to set
    /// configurations that depend on the state.
    open func updateConfiguration(using state: CellConfigurationState) {}

    /// Whether the cell shows an outline disclosure (a list cell's accessory): its
    /// accessible expanded status is then what the disclosure shows.
    var showsOutlineDisclosure: Bool { false }

    /// Presses the outline disclosure the cell shows, as a tap on it would (its action
    /// handler, or the item's toggle through the section snapshot); false when it shows none.
    func pressOutlineDisclosure() -> Bool { false }

    /// Presses the pop-up menu accessory the cell shows (the collection view's host is
    /// asked to show the menu); false when it shows none.
    func pressPopUpMenu() -> Bool { false }

    /// Called at the start of each configuration update with the new state, before the
    /// configurations are updated; a list cell shows and hides its accessories here.
    func configurationStateWillApply(_ state: CellConfigurationState) {}

    /// Called after a content configuration replaced the content view; a subclass that
    /// ties the content view to other views (a list cell's accessories) ties the new one.
    func contentViewDidChange(from old: View) {}

    public required init() {
        super.init()
        contentView.identifier = "contentView"
        // Like UIKit's: the content view follows the cell's size, so constraints pinned to
        // it size the cell in `systemLayoutSizeFitting`.
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// True while the item the cell shows is selected (`UICollectionViewCell.isSelected`).
    /// The collection view sets it when it hands the cell out (dequeuing, display) and when
    /// the item is selected or deselected; override it (with `didSet`) to change the
    /// cell's appearance, or give the cell a `selectedBackgroundView`. Reset by the
    /// default `prepareForReuse`.
    open var isSelected = false {
        didSet {
            if isSelected != oldValue {
                showSelectedBackground()
                setNeedsUpdateConfiguration()
                // Its default traits say whether it is selected.
                accessibleContentDidChange()
            }
        }
    }

    /// True while the user presses on the item (`UICollectionViewCell.isHighlighted`):
    /// set between `beginInteraction(at:)` and the end or cancelling of the interaction.
    /// Reset by the default `prepareForReuse`.
    open var isHighlighted = false {
        didSet {
            if isHighlighted != oldValue {
                showSelectedBackground()
                setNeedsUpdateConfiguration()
            }
        }
    }

    /// A view behind the content (`UICollectionViewCell.backgroundView`), kept at the
    /// cell's bounds, below `selectedBackgroundView` and `contentView`. Nil by default.
    open var backgroundView: View? {
        didSet {
            guard backgroundView !== oldValue else { return }
            if oldValue?.superview === self { oldValue?.removeFromSuperview() }
            if let backgroundView { install(backgroundView, at: 0) }
        }
    }

    /// A view shown behind the content while the cell is selected or highlighted
    /// (`UICollectionViewCell.selectedBackgroundView`), hidden otherwise; kept at the
    /// cell's bounds, above `backgroundView` and below `contentView`. Nil by default.
    open var selectedBackgroundView: View? {
        didSet {
            guard selectedBackgroundView !== oldValue else { return }
            if oldValue?.superview === self { oldValue?.removeFromSuperview() }
            if let selectedBackgroundView {
                install(selectedBackgroundView, at: backgroundView?.superview === self ? 1 : 0)
                showSelectedBackground()
            }
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    open override func apply(_ attributes: LayoutAttributes) {
        updateConfigurationIfNeeded()
        super.apply(attributes)
        fitContentViewToBounds()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        fitContentViewToBounds()
        // A state change since the last solve (the collection view selected the item):
        // update now and solve again, so the frames shown are those of the new content.
        if needsConfigurationUpdate {
            updateConfigurationIfNeeded()
            layoutIfNeeded()
        }
    }

    /// Brings the configurations up to date first, so the content measured is the
    /// content the state calls for, and puts the content view at the cell's bounds: a
    /// content view that follows the cell by its autoresizing mask is tied to the cell by
    /// its current frame, so a stale one (a content view just made by a configuration, a
    /// cell just given its estimated size) would be measured at the wrong width.
    open override func systemLayoutSizeFitting(
        _ targetSize: Size, horizontalFittingPriority: LayoutPriority, verticalFittingPriority: LayoutPriority
    ) -> Size {
        updateConfigurationIfNeeded()
        fitContentViewToBounds()
        return super.systemLayoutSizeFitting(
            targetSize, horizontalFittingPriority: horizontalFittingPriority, verticalFittingPriority: verticalFittingPriority)
    }

    /// Brings the configurations up to date first, so the content laid out is the content
    /// the state calls for.
    open override func layoutIfNeeded() {
        updateConfigurationIfNeeded()
        super.layoutIfNeeded()
    }
}

extension CollectionViewCell {
    /// Keeps `contentView` and the background views at the cell's bounds as soon as the
    /// cell is positioned, so the content is right before the next layout pass too.
    func fitContentViewToBounds() {
        // A subclass that places the content view by constraints (a list cell, beside its
        // accessories) keeps it where they put it.
        if contentView.translatesAutoresizingMaskIntoConstraints, contentView.frame != bounds { contentView.frame = bounds }
        if let backgroundView { fitToBounds(backgroundView) }
        if let selectedBackgroundView { fitToBounds(selectedBackgroundView) }
    }

    private func fitToBounds(_ background: View) {
        if background.superview === self, background.frame != bounds { background.frame = bounds }
    }

    /// Puts a background view at `index` among the subviews (behind `contentView`), at the
    /// cell's bounds and following its size.
    private func install(_ background: View, at index: Int) {
        background.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        background.frame = bounds
        insertSubview(background, at: index)
    }

    /// The selected background shows while the cell is selected or highlighted (UIKit's
    /// rule).
    private func showSelectedBackground() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}
