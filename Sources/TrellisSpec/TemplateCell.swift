import Trellis
import TrellisKit
import TrellisPango
import TrellisText

/// The cell a ``CellTemplate`` describes, built the way a UIKit tag cell is: a
/// `CollectionViewCell` whose `Label` is pinned inside the content view by the padding,
/// with a minimum width at priority 750 and a required maximum width on the content view,
/// and background, border and corners on the cell.
///
/// The same class sizes items and is drawn. Sizing goes through TrellisKit's self-sizing
/// path — `ReusableView.fittingSize(for:)`, what `preferredLayoutAttributesFitting` uses,
/// solving the cell's constraints with `systemLayoutSizeFitting` — not a second
/// implementation: one instance (scenario S1's sizing cell) is configured with each item's
/// text and asked for its size; drawn cells are configured the same way and placed at the
/// layout's frames.
public final class TemplateCell: CollectionViewCell {
    public let template: CellTemplate
    public let label: Label
    /// `contentView.width <= maximum`, active only while the template gives a maximum.
    private var maximumWidthConstraint: LayoutConstraint!

    /// A cell for `template`. Its label measures with Pango unless told otherwise: a
    /// document's fonts were checked against Pango when it was read, and `trellis render`
    /// draws with Pango, so this does not depend on what the process installed as the
    /// `DefaultTextMeasurer`.
    public init(template: CellTemplate, text: String = "", textMeasurer: any TextMeasurer = PangoTextMeasurer.shared) {
        self.template = template
        label = Label(text: text, style: template.textStyle, textMeasurer: textMeasurer)
        super.init()
        identifier = "TemplateCell"
        label.identifier = "label"
        label.numberOfLines = template.lines
        label.textColor = template.textColor
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        let padding = template.padding
        var constraints = [
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: padding.leading),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -padding.trailing),
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: padding.top),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -padding.bottom),
        ]
        if let minimum = template.minimumWidth {
            constraints.append(contentView.widthAnchor.constraint(greaterThanOrEqualToConstant: minimum).withPriority(.defaultHigh))
        }
        LayoutConstraint.activate(constraints)
        maximumWidthConstraint = contentView.widthAnchor.constraint(lessThanOrEqualToConstant: 0).withIdentifier("maximumWidth")

        backgroundColor = template.background
        borderColor = template.border
        borderWidth = template.borderWidth
        cornerStyle = template.cornerStyle
    }

    /// Whether the label's font follows the trait collection's
    /// `preferredContentSizeCategory`: the template's font is taken as the size for the
    /// default text size (`.large`) and scaled as a body font
    /// (`UIFontMetrics.default.scaledFont(for:)` with `adjustsFontForContentSizeCategory`,
    /// what an app does with a custom font). False by default, as UIKit's labels: `trellis
    /// render` draws the template's font as it is.
    public var adjustsFontForContentSizeCategory = false {
        didSet { applyContentSizeCategory() }
    }

    public override func traitCollectionDidChange(_ previous: TraitCollection?) {
        super.traitCollectionDidChange(previous)
        if previous?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory { applyContentSizeCategory() }
    }

    private func applyContentSizeCategory() {
        label.font = adjustsFontForContentSizeCategory
            ? traitCollection.preferredContentSizeCategory.scaledFont(template.font) : template.font
    }

    /// A cell of scenario S1's tag template (what a collection view's registration makes).
    public required convenience init() {
        self.init(template: .tag)
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

    /// The cell's size for its current text within the room a layout offers, with its
    /// first baseline (for baseline alignment): TrellisKit's `fittingSize(for:)` — a fixed
    /// width (a grid column) is taken exactly and the height follows; a width limit (a flow
    /// line) caps the width so text wraps or is cut there — under the template's own
    /// maximum width.
    ///
    /// - Complexity: one or two constraint solves and text measurements.
    public func itemSize(for proposal: FittingProposal) -> ItemSize {
        if case .points(let maximum) = template.maximumWidth {
            setMaximumWidth(maximum)
        } else {
            setMaximumWidth(nil)
        }
        // "container" needs no constraint of its own: the proposal's limit is the container.
        let size = fittingSize(for: proposal)
        // The label is centred vertically in the padded box, so its first baseline lies at
        // the text box's top plus the text's own baseline.
        let labelWidth = max(0, size.width - template.padding.horizontal)
        let labelHeight = max(0, size.height - template.padding.vertical)
        // A one-line text that fits is laid out the same at any width, so the measurement
        // the fitting made without a width is the drawn one (no third measurement); a text
        // ending in white space may lose it at a line end, so it is measured at the width.
        let unconstrained = label.measurement(maxWidth: nil)
        let fits = template.lines == 1 && unconstrained.lineCount == 1 && !unconstrained.isTruncated
            && unconstrained.width <= labelWidth && !(label.text.unicodeScalars.last?.properties.isWhitespace ?? false)
        let text = fits ? unconstrained : label.textLayout(forWidth: labelWidth)
        let baseline = template.padding.top + (labelHeight - text.height) / 2 + text.firstBaseline
        return ItemSize(size, firstBaseline: baseline)
    }

    /// ``itemSize(for:)`` for a layout that offers at most `available` points across
    /// (`.infinity`: no limit).
    public func itemSize(available: Double) -> ItemSize {
        itemSize(for: FittingProposal(width: available.isFinite ? .atMost(available) : .unconstrained, height: .unconstrained))
    }
}
