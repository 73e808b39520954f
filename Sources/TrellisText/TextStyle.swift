/// How text that does not fit its maximum width is broken or cut, as in UIKit's
/// `NSLineBreakMode`.
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Wrap at word boundaries; a word longer than the line is broken between characters.
    case wordWrap
    /// Wrap between any two characters (grapheme clusters).
    case charWrap
    /// The last allowed line keeps its end; the start is replaced by "…".
    case truncateHead
    /// The last allowed line keeps its start and end; the middle is replaced by "…".
    case truncateMiddle
    /// The last allowed line keeps its start; the end is replaced by "…".
    case truncateTail
    /// Paragraphs are not wrapped; what extends past the maximum width is not drawn.
    case clip
}

/// The height of each line of a text.
public enum LineHeight: Hashable, Sendable {
    /// The font's own line height (ascent + descent + line gap of the fonts used).
    case normal
    /// The font's line height multiplied by a factor (greater than zero), like
    /// `NSParagraphStyle.lineHeightMultiple`.
    case multiple(Double)
    /// Every line exactly this many points tall (greater than zero).
    case fixed(Double)
}

/// Everything about the appearance of a text that changes its size.
public struct TextStyle: Hashable, Sendable {
    /// The font requested for the text.
    public var font: Font
    /// The height of each line.
    public var lineHeight: LineHeight
    /// How lines are broken and what happens to text that does not fit.
    public var lineBreakMode: LineBreakMode

    /// A text style. The default is the default ``Font``, normal line height, word wrap.
    public init(font: Font = Font(), lineHeight: LineHeight = .normal, lineBreakMode: LineBreakMode = .wordWrap) {
        self.font = font
        self.lineHeight = lineHeight
        self.lineBreakMode = lineBreakMode
    }
}
