import Trellis
import TrellisKit
import TrellisText

/// The cell a ``CellTemplate`` describes, built the way a UIKit tag cell is: a ``Label``
/// pinned inside the cell by the padding, a minimum width at priority 750, a required
/// maximum width, background, border and corners on the cell.
///
/// The same class sizes items and is drawn: one instance (the sizing cell of seed 000) is
/// configured with each item's text and asked for its compressed fitting size through
/// TrellisKit's constraint-based `systemLayoutSizeFitting` — the path a library user's
/// cell takes, not a second implementation; drawn cells are configured the same way and
/// placed at the layout's frames.
public final class TemplateCell: View {
    public let template: CellTemplate
    public let label: Label
    /// `width <= maximum`, active only while the template and the layout give a maximum.
    private var maximumWidthConstraint: LayoutConstraint!

    public init(template: CellTemplate, text: String = "") {
        self.template = template
        label = Label(text: text, style: template.textStyle)
        super.init(frame: .zero)
        identifier = "TemplateCell"
        label.identifier = "label"
        label.numberOfLines = template.lines
        label.textColor = template.textColor
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        let padding = template.padding
        var constraints = [
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: padding.leading),
            label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -padding.trailing),
            label.topAnchor.constraint(equalTo: topAnchor, constant: padding.top),
            label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -padding.bottom),
        ]
        if let minimum = template.minimumWidth {
            constraints.append(widthAnchor.constraint(greaterThanOrEqualToConstant: minimum).withPriority(.defaultHigh))
        }
        LayoutConstraint.activate(constraints)
        maximumWidthConstraint = widthAnchor.constraint(lessThanOrEqualToConstant: 0).withIdentifier("maximumWidth")

        backgroundColor = template.background
        borderColor = template.border
        borderWidth = template.borderWidth
        cornerStyle = template.cornerStyle
    }

    /// The text shown.
    public var text: String {
        get { label.text }
        set { label.text = newValue }
    }

    /// Sets (or, for nil, lifts) the required maximum width.
    public func setMaximumWidth(_ width: Double?) {
        if let width {
            maximumWidthConstraint.constant = max(0, width)
            maximumWidthConstraint.isActive = true
        } else {
            maximumWidthConstraint.isActive = false
        }
    }

    /// The cell's size for its current text when the layout offers `available` points
    /// across (`FittingProposal` width limit; `.infinity` for none): the compressed fitting
    /// size, with the first baseline for baseline alignment.
    ///
    /// - Complexity: one constraint solve and at most two text measurements.
    public func fittingSize(available: Double) -> ItemSize {
        setMaximumWidth(template.maximumWidth(available: available))
        return itemSize(systemLayoutSizeFitting(
            View.layoutFittingCompressedSize,
            horizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel))
    }

    /// The cell's size for its current text when the layout fixes its width (a grid
    /// column): that width, and the height the content needs at it.
    ///
    /// - Complexity: one constraint solve and at most two text measurements.
    public func fittingSize(exactWidth width: Double) -> ItemSize {
        setMaximumWidth(nil)
        return itemSize(systemLayoutSizeFitting(
            Size(width: width, height: 0),
            horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel))
    }

    /// `size` with the first baseline: the label is centred vertically in the padded box,
    /// so its first baseline lies at the text box's top plus the text's own baseline.
    private func itemSize(_ size: Size) -> ItemSize {
        let labelWidth = max(0, size.width - template.padding.horizontal)
        let labelHeight = max(0, size.height - template.padding.vertical)
        let text = label.textLayout(forWidth: labelWidth)
        let baseline = template.padding.top + (labelHeight - text.height) / 2 + text.firstBaseline
        return ItemSize(size, firstBaseline: baseline)
    }
}
