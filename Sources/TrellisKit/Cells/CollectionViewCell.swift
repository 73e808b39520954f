import Trellis

/// A cell of a collection view (`UICollectionViewCell`): a reusable view whose content
/// goes in `contentView`, which always fills the cell.
open class CollectionViewCell: ReusableView {
    /// Where the cell's content goes; kept at the cell's bounds.
    public let contentView = View()

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
        didSet { if isSelected != oldValue { showSelectedBackground() } }
    }

    /// True while the user presses on the item (`UICollectionViewCell.isHighlighted`):
    /// set between `beginInteraction(at:)` and the end or cancelling of the interaction.
    /// Reset by the default `prepareForReuse`.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { showSelectedBackground() } }
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
        super.apply(attributes)
        fitContentViewToBounds()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        fitContentViewToBounds()
    }
}

extension CollectionViewCell {
    /// Keeps `contentView` and the background views at the cell's bounds as soon as the
    /// cell is positioned, so the content is right before the next layout pass too.
    func fitContentViewToBounds() {
        if contentView.frame != bounds { contentView.frame = bounds }
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
