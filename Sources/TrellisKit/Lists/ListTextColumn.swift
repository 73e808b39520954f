import Trellis
import TrellisText

/// The text and the secondary text of a ``ListContentView``, arranged in the room the
/// content view's constraints give them (UIKit's rule for
/// `prefersSideBySideTextAndSecondaryText`):
///
/// - **Side by side** when the configuration prefers it, both texts are set, the text size
///   is not an accessibility size, and both fit on one line: the text's widest line, the
///   horizontal padding and the secondary text's widest line (each unwrapped) are no wider
///   than the column. The text leads, the secondary text is against the trailing edge,
///   both centred vertically; the column is as tall as the taller.
/// - **Stacked** otherwise: the secondary text below the text, `verticalPadding` apart, each
///   spanning the column (leading-aligned unless its alignment says otherwise) and wrapped
///   at its width as its line limit allows.
///
/// The choice depends on the width, so the column's intrinsic height does too: the
/// constraint engine measures it again at the width it solves (as for a multi-line label),
/// and a self-sizing cell is as tall as the arrangement that width gives. The labels are
/// placed by their frames in ``layoutSubviews()``, from the same measurement.
final class ListTextColumn: View {
    let textLabel: Label
    let secondaryTextLabel: Label

    /// Text and secondary text on one line when they fit.
    var prefersSideBySide = false {
        didSet { if prefersSideBySide != oldValue { arrangementDidChange() } }
    }
    /// The least room between the texts side by side.
    var horizontalPadding: Double = 8 {
        didSet { if horizontalPadding != oldValue { arrangementDidChange() } }
    }
    /// The room between the texts stacked.
    var verticalPadding: Double = 3 {
        didSet { if verticalPadding != oldValue { arrangementDidChange() } }
    }

    init(textLabel: Label, secondaryTextLabel: Label) {
        self.textLabel = textLabel
        self.secondaryTextLabel = secondaryTextLabel
        super.init(frame: .zero)
        identifier = "textColumn"
        isUserInteractionEnabled = false
        for label in [textLabel, secondaryTextLabel] {
            label.translatesAutoresizingMaskIntoConstraints = true
            addSubview(label)
        }
        // As a label: it hugs its text and resists being squeezed below it.
        setContentHuggingPriority(251, for: .horizontal)
        setContentHuggingPriority(251, for: .vertical)
    }

    /// A label's text, font or visibility changed: measure again.
    func arrangementDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Where the texts go in a column of a given width.
    struct Arrangement: Equatable {
        var sideBySide: Bool
        /// The column's size: what the texts need.
        var size: Size
        /// Each label's size (zero when hidden).
        var text: Size
        var secondary: Size
    }

    /// The arrangement for a column `width` wide (nil: as wide as the texts want).
    /// - Complexity: at most two measurements of each label, answered from the labels' own
    ///   caches after the first layout at a width.
    func arrangement(forWidth width: Double?) -> Arrangement {
        let showsText = !textLabel.isHidden, showsSecondary = !secondaryTextLabel.isHidden
        let unbounded = Size(width: .infinity, height: .infinity)
        if prefersSideBySide && showsText && showsSecondary && !traitCollection.preferredContentSizeCategory.isAccessibilityCategory {
            let text = textLabel.sizeThatFits(unbounded), secondary = secondaryTextLabel.sizeThatFits(unbounded)
            let needed = text.width + horizontalPadding + secondary.width
            if width.map({ needed <= $0 + 1e-9 }) ?? true {
                return Arrangement(sideBySide: true, size: Size(width: needed, height: max(text.height, secondary.height)),
                                   text: text, secondary: secondary)
            }
        }
        let limit = Size(width: width.map { max(0, $0) } ?? .infinity, height: .infinity)
        let text = showsText ? textLabel.sizeThatFits(limit) : .zero
        let secondary = showsSecondary ? secondaryTextLabel.sizeThatFits(limit) : .zero
        var size = Size(width: max(text.width, secondary.width), height: text.height + secondary.height)
        if showsText && showsSecondary { size.height += verticalPadding }
        if let width { size.width = min(size.width, max(0, width)) }
        return Arrangement(sideBySide: false, size: size, text: text, secondary: secondary)
    }

    override var intrinsicContentSize: Size { arrangement(forWidth: nil).size }

    override func intrinsicContentSize(forLayoutWidth width: Double?) -> Size { arrangement(forWidth: width).size }

    override var hasWidthDependentIntrinsicHeight: Bool { true }

    override func sizeThatFits(_ size: Size) -> Size {
        arrangement(forWidth: size.width.isFinite ? size.width : nil).size
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width, height = bounds.height
        let arrangement = arrangement(forWidth: width)
        let scale = traitCollection.displayScale
        func pixel(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let rightToLeft = effectiveLayoutDirection == .rightToLeft
        /// A frame given from the leading edge, mirrored under right-to-left.
        func place(_ label: Label, leading: Double, top: Double, size: Size) {
            let x = rightToLeft ? width - leading - size.width : leading
            let frame = Rect(x: bounds.minX + x, y: bounds.minY + top, width: size.width, height: size.height)
            if label.frame != frame { label.frame = frame }
        }
        if arrangement.sideBySide {
            place(textLabel, leading: 0, top: pixel((height - arrangement.text.height) / 2), size: arrangement.text)
            place(secondaryTextLabel, leading: width - arrangement.secondary.width,
                  top: pixel((height - arrangement.secondary.height) / 2), size: arrangement.secondary)
            return
        }
        // Stacked from the top of the content (the column is centred in the row by its
        // constraints); each label spans the column so its alignment places its lines.
        var top = pixel(max(0, height - arrangement.size.height) / 2)
        if !textLabel.isHidden {
            place(textLabel, leading: 0, top: top, size: Size(width: width, height: arrangement.text.height))
            top += arrangement.text.height + verticalPadding
        }
        if !secondaryTextLabel.isHidden {
            place(secondaryTextLabel, leading: 0, top: top, size: Size(width: width, height: arrangement.secondary.height))
        }
    }
}
