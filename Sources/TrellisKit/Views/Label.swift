import Trellis
import TrellisText

/// How a label places its lines horizontally.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Leading in the layout direction.
    case natural
    case left, center, right
}

/// A view that shows text (`UILabel`): its intrinsic content size is the size of its text,
/// measured by a `TextMeasurer`.
///
/// - One line (`numberOfLines == 1`, the default): the intrinsic size is the text on one
///   line; when constraints make the label narrower, the text is cut per `lineBreakMode`
///   when drawn (``textLayout``).
/// - Several lines (`numberOfLines` 0 = unlimited, or a limit): the text wraps at
///   `preferredMaxLayoutWidth` if set; otherwise at the width the constraints give the
///   label, which the constraint engine finds and measures at in the same layout or
///   fitting call (UIKit gets this right only on a second layout pass).
///
/// Sizes are rounded up to whole pixels of the display scale, as UIKit does, so a frame
/// never cuts the text. A label whose text is empty is 0 × 0, as UILabel. Hugs its content at 251 on both axes, UIKit's label default.
open class Label: View {
    /// The text shown; "\n" starts a new paragraph. Setting it clears `attributedText`
    /// (UIKit's rule: the text is then shown in the label's own font and colour).
    public var text: String {
        didSet {
            if !isSettingAttributedText { attributedText = nil }
            if text != oldValue {
                textDidChange()
                accessibleContentDidChange()
            }
        }
    }

    /// The text with runs of their own font, colour, underline, strikethrough and kerning
    /// (`attributedText`); nil for plain `text`. Setting it sets `text` to its string. A
    /// run's attribute left nil is the label's (`font`, `textColor`); the line height,
    /// line breaking, line limit and alignment are the label's. Measured and drawn run by
    /// run (with a measurer that cannot, approximately: see
    /// `measureAttributed(_:style:maxWidth:maxLines:)`).
    ///
    /// Differs from UIKit: setting it does not change `font` and `textColor` to the
    /// attributes at the text's start, and it reads nil while the label shows plain text.
    public var attributedText: AttributedText? {
        didSet {
            guard attributedText != oldValue else { return }
            if let attributedText {
                isSettingAttributedText = true
                text = attributedText.string
                isSettingAttributedText = false
            }
            textDidChange()
        }
    }
    private var isSettingAttributedText = false

    /// Font, line height and line break mode.
    public var style: TextStyle {
        didSet { if style != oldValue { textDidChange() } }
    }

    /// The font of `style`.
    public var font: Font {
        get { style.font }
        set { style.font = newValue }
    }

    /// How lines break and where text that does not fit is cut (the style's mode).
    public var lineBreakMode: LineBreakMode {
        get { style.lineBreakMode }
        set { style.lineBreakMode = newValue }
    }

    /// The most lines shown: 1 by default, 0 for unlimited.
    public var numberOfLines: Int = 1 {
        didSet {
            precondition(numberOfLines >= 0, "numberOfLines must be 0 (unlimited) or positive, not \(numberOfLines)")
            if numberOfLines != oldValue { textDidChange() }
        }
    }

    /// The width a multi-line label wraps at when it reports its intrinsic size; nil (the
    /// default) lets the constraints decide the width.
    public var preferredMaxLayoutWidth: Double? {
        didSet {
            if let width = preferredMaxLayoutWidth {
                precondition(width.isFinite && width >= 0, "preferredMaxLayoutWidth must be finite and not negative, not \(width)")
            }
            if preferredMaxLayoutWidth != oldValue { textDidChange() }
        }
    }

    /// What measures the text: the one injected, or else `DefaultTextMeasurer.current` when
    /// the label was created (the Pango measurer wherever the program installed it; tests
    /// inject `FixedAdvanceTextMeasurer` for exact numbers).
    public var textMeasurer: any TextMeasurer {
        didSet { textDidChange() }
    }

    /// `Color.label` by default, as `UILabel`: black in a light theme, the theme's text colour
    /// in others.
    public var textColor: Color = .label
    public var textAlignment: TextAlignment = .natural

    /// The last two measurements, keyed by the width limit asked for: a layout asks for
    /// few (unbounded, then the layout width), and two entries cover both passes. Plain
    /// stored fields rather than optionals of tuples: this is on the per-cell path.
    private var recentMeasurement = CachedMeasurement()
    private var olderMeasurement = CachedMeasurement()

    public init(text: String = "", style: TextStyle = TextStyle(), textMeasurer: any TextMeasurer = DefaultTextMeasurer.current) {
        self.text = text
        self.style = style
        self.textMeasurer = textMeasurer
        super.init(frame: .zero)
        isUserInteractionEnabled = false  // as UILabel: presses go to the view behind
        setContentHuggingPriority(251, for: .horizontal)
        setContentHuggingPriority(251, for: .vertical)
    }

    private func textDidChange() {
        recentMeasurement.isValid = false
        olderMeasurement.isValid = false
        invalidateIntrinsicContentSize()
    }

    /// The text measured with at most `maxWidth` per line and this label's line limit.
    /// - Complexity: one text measurement the first time per width, O(1) after.
    public func measurement(maxWidth: Double?) -> TextMeasurement {
        if recentMeasurement.matches(maxWidth) { return recentMeasurement.measurement }
        if olderMeasurement.matches(maxWidth) { return olderMeasurement.measurement }
        if let maxWidth, let fitting = unconstrainedLine(fittingWithin: maxWidth) { return fitting }
        let measured = if let attributedText {
            textMeasurer.measureAttributed(attributedText, style: style, maxWidth: maxWidth, maxLines: numberOfLines)
        } else {
            textMeasurer.measure(text, style: style, maxWidth: maxWidth, maxLines: numberOfLines)
        }
        olderMeasurement = recentMeasurement
        recentMeasurement = CachedMeasurement(isValid: true, maxWidth: maxWidth ?? -1, measurement: measured)
        return measured
    }

    /// The remembered unconstrained measurement when it stands for the one at `maxWidth`:
    /// plain text laid out on one line, nothing cut, no wider than `maxWidth`. A line that
    /// fits is laid out the same whatever the width (the assumption `CachingTextMeasurer`'s
    /// derived hits make, true of Pango and `FixedAdvanceTextMeasurer`), so a label drawn
    /// at the width its unconstrained measurement gave it (a self-sizing cell's label) is
    /// not measured a second time. Text ending in white space is excluded: a line end may
    /// drop it when a width is set.
    private func unconstrainedLine(fittingWithin maxWidth: Double) -> TextMeasurement? {
        let unconstrained = recentMeasurement.matches(nil) ? recentMeasurement
            : olderMeasurement.matches(nil) ? olderMeasurement : nil
        guard let measured = unconstrained?.measurement, attributedText == nil, measured.lineCount == 1,
              !measured.isTruncated, measured.width <= maxWidth,
              !(text.unicodeScalars.last?.properties.isWhitespace ?? false) else { return nil }
        return measured
    }

    /// The lines as they are drawn in a label `width` points wide: the wrapping of a
    /// multi-line label, and for text wider than the label the cut `lineBreakMode` makes
    /// (`isTruncated`). This is what a renderer draws.
    /// - Complexity: one text measurement the first time per width, O(1) after.
    public func textLayout(forWidth width: Double) -> TextMeasurement {
        measurement(maxWidth: max(0, width))
    }

    /// ``textLayout(forWidth:)`` at the label's current width.
    public var textLayout: TextMeasurement { textLayout(forWidth: bounds.width) }

    /// The width limit measured against for the intrinsic size when the layout gives the
    /// label `layoutWidth`: none for one line, else the preferred width or the layout's.
    private func wrapWidth(forLayoutWidth layoutWidth: Double?) -> Double? {
        numberOfLines == 1 ? nil : (preferredMaxLayoutWidth ?? layoutWidth.map { max(0, $0) })
    }

    override open var intrinsicContentSize: Size { intrinsicContentSize(forLayoutWidth: nil) }

    override func intrinsicContentSize(forLayoutWidth width: Double?) -> Size {
        // UILabel without text is 0 × 0, not one empty line tall: an empty label in a
        // stack or a cell takes no room.
        if text.isEmpty { return .zero }
        let measured = measurement(maxWidth: wrapWidth(forLayoutWidth: width))
        let scale = traitCollection.displayScale
        return Size(width: Self.ceilToPixel(measured.width, scale: scale), height: Self.ceilToPixel(measured.height, scale: scale))
    }

    override var hasWidthDependentIntrinsicHeight: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == nil }

    /// The text box is centred vertically in the label, so each baseline sits at half the
    /// height plus its offset from the centre of the text box.
    override func baselinePositions(forLayoutWidth width: Double?) -> (first: BaselinePosition, last: BaselinePosition) {
        let measured = measurement(maxWidth: wrapWidth(forLayoutWidth: width))
        return (BaselinePosition(heightFraction: 0.5, offset: measured.firstBaseline - measured.height / 2),
                BaselinePosition(heightFraction: 0.5, offset: measured.lastBaseline - measured.height / 2))
    }

    /// The text's size within `size` (its width is the wrap width of a multi-line label).
    override open func sizeThatFits(_ size: Size) -> Size {
        if text.isEmpty { return .zero }
        let limit: Double? = numberOfLines == 1 || !size.width.isFinite ? nil : max(0, size.width)
        let measured = measurement(maxWidth: limit)
        let scale = traitCollection.displayScale
        return Size(width: Self.ceilToPixel(measured.width, scale: scale), height: Self.ceilToPixel(measured.height, scale: scale))
    }

    /// One remembered measurement; `maxWidth` -1 stands for "no limit".
    private struct CachedMeasurement {
        var isValid = false
        var maxWidth: Double = -1
        var measurement = TextMeasurement(width: 0, height: 0, lineCount: 1, firstBaseline: 0, lastBaseline: 0,
                                          isTruncated: false, fontFamily: "")

        func matches(_ limit: Double?) -> Bool { isValid && maxWidth == (limit ?? -1) }
    }

    /// Rounds up to the pixel grid, ignoring floating-point noise below a billionth so a
    /// width of exactly 61.2 is not pushed to the next pixel by 61.2000000001.
    static func ceilToPixel(_ value: Double, scale: Double) -> Double {
        (value * scale - 1e-9).rounded(.up) / scale
    }
}
