/// The size and the line metrics of a measured text. All lengths are in points and are
/// not rounded: a caller that needs whole pixels rounds up (`ceil`) itself.
public struct TextMeasurement: Hashable, Sendable {
    /// The width of the text box: the widest line, never more than the maximum width
    /// asked for (truncated and clipped text included). 0 for the empty string.
    public var width: Double
    /// The height of the text box: the sum of the heights of its lines. The empty string
    /// has the height of one line, as in UIKit.
    public var height: Double
    /// The number of lines laid out (at least 1).
    public var lineCount: Int
    /// The baseline of the first line, from the top of the text box.
    public var firstBaseline: Double
    /// The baseline of the last line, from the top of the text box.
    public var lastBaseline: Double
    /// Whether text was cut: ellipsized, dropped after the line limit, or clipped.
    public var isTruncated: Bool
    /// The font family actually used for the start of the text (after fallback).
    public var fontFamily: String

    /// A measurement with the given values.
    public init(width: Double, height: Double, lineCount: Int, firstBaseline: Double, lastBaseline: Double,
                isTruncated: Bool, fontFamily: String) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.isTruncated = isTruncated
        self.fontFamily = fontFamily
    }
}

/// Measures text. Implementations are value-like and safe to call from any thread.
public protocol TextMeasurer: Sendable {
    /// Measures `text` drawn with `style`.
    ///
    /// - Parameters:
    ///   - text: the text, paragraphs separated by newlines.
    ///   - style: the font, line breaking and alignment to measure with.
    ///   - maxWidth: the width lines must fit in, in points (`nil` = unconstrained, each
    ///     paragraph is one line). Must be finite and not negative.
    ///   - maxLines: the most lines to show; 0 = unlimited. Must not be negative.
    func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement

    /// Measures attributed `text` drawn with `style`: each run in its own font, kerning
    /// and lines; `style` gives the font of runs without one, the line height and the line
    /// breaking. The arguments are those of ``measure(_:style:maxWidth:maxLines:)``.
    ///
    /// A measurer that cannot tell runs apart gets the default: text whose runs have no
    /// attributes of their own is measured as its string, exactly; other text as its
    /// string in the largest font it uses (``AttributedText/largestFont(defaultFont:)``),
    /// which never makes it shorter than it is but may make it wider — an approximation.
    /// `PangoTextMeasurer` (TrellisPango) measures every run as it is drawn.
    func measureAttributed(_ text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement
}

extension TextMeasurer {
    public func measureAttributed(_ text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        var approximate = style
        approximate.font = text.largestFont(defaultFont: style.font)
        return measure(text.string, style: approximate, maxWidth: maxWidth, maxLines: maxLines)
    }

    /// Measures `text` on one unconstrained line per paragraph, like `sizeWithAttributes`.
    public func measure(_ text: String, style: TextStyle) -> TextMeasurement {
        measure(text, style: style, maxWidth: nil, maxLines: 0)
    }
}

/// Checks the arguments every measurer receives (call it first in your own
/// ``TextMeasurer``); a bad value is a programmer error.
@inline(__always)
package func precheckMeasureArguments(style: TextStyle, maxWidth: Double?, maxLines: Int) {
    precondition(maxLines >= 0, "maxLines must be 0 (unlimited) or positive, got \(maxLines)")
    if let maxWidth {
        precondition(maxWidth.isFinite && maxWidth >= 0, "maxWidth must be finite and not negative, got \(maxWidth)")
    }
    precondition(style.font.size.isFinite && style.font.size > 0 && style.font.size <= 100_000,
                 "font size must be in (0, 100000] points, got \(style.font.size)")
    switch style.lineHeight {
    case .normal: break
    case .multiple(let factor):
        precondition(factor.isFinite && factor > 0, "line height multiple must be positive, got \(factor)")
    case .fixed(let height):
        precondition(height.isFinite && height > 0 && height <= 1_000_000, "fixed line height must be positive, got \(height)")
    }
}
