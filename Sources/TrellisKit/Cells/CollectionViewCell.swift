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
    /// cell's appearance. Reset by the default `prepareForReuse`.
    open var isSelected = false

    /// True while the user presses on the item (`UICollectionViewCell.isHighlighted`):
    /// set between `beginInteraction(at:)` and the end or cancelling of the interaction.
    /// Reset by the default `prepareForReuse`.
    open var isHighlighted = false

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
    /// Keeps `contentView` at the cell's bounds as soon as the cell is positioned, so the
    /// content is right before the next layout pass too.
    func fitContentViewToBounds() {
        if contentView.frame != bounds { contentView.frame = bounds }
    }
}
