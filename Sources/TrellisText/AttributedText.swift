/// Text whose parts look different: runs of a string, each with its own font, colour,
/// underline, strikethrough and kerning — Trellis's `NSAttributedString` (the core has no
/// Foundation). A value: `Hashable`, `Sendable`, built by concatenation.
///
/// ```swift
/// var price = AttributedText("Total ")
/// price += AttributedText("42 €", attributes: .init(font: Font(size: 17, weight: .bold), underline: .single))
/// label.attributedText = price
/// ```
///
/// An attribute left nil takes the value of the view showing the text (a label's `font`
/// and `textColor`), as an `NSAttributedString` range without that key does in a
/// `UILabel`. The line height, line breaking and alignment are the view's (its
/// ``TextStyle``), not per run. Adjacent runs with equal attributes are merged, so two
/// texts that read and look the same are equal however they were built.
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// How a run looks; nil fields are the view's.
    public struct Attributes: Hashable, Sendable {
        /// The font (`.font`); nil: the view's.
        public var font: Font?
        /// The colour of the glyphs (`.foregroundColor`); nil: the view's text colour.
        public var foregroundColor: TextColor?
        /// A line under the glyphs (`.underlineStyle`); nil: none.
        public var underline: UnderlineStyle?
        /// A line through the glyphs (`.strikethroughStyle` with `.single`).
        public var strikethrough: Bool
        /// Points added between characters (`.kern`); nil or 0: the font's own spacing.
        /// Negative values tighten.
        public var kerning: Double?

        public init(font: Font? = nil, foregroundColor: TextColor? = nil, underline: UnderlineStyle? = nil,
                    strikethrough: Bool = false, kerning: Double? = nil) {
            self.font = font
            self.foregroundColor = foregroundColor
            self.underline = underline
            self.strikethrough = strikethrough
            self.kerning = kerning
        }

        /// Whether every field is the view's (nothing of its own).
        public var isEmpty: Bool { self == Attributes() }
    }

    /// The lines an underline may have (`NSUnderlineStyle.single`, `.double`).
    public enum UnderlineStyle: String, Hashable, Sendable, CaseIterable {
        case single, double
    }

    /// An sRGB colour with alpha, components in 0…1, for a run's glyphs. (TrellisKit's
    /// `Color` converts to it; a run's colour is fixed, not dynamic: a run without one takes
    /// the view's colour, dynamic or not.)
    public struct TextColor: Hashable, Sendable {
        public var red: Double, green: Double, blue: Double, alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// A stretch of the text with one set of attributes.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var attributes: Attributes

        public init(_ text: String, attributes: Attributes = Attributes()) {
            self.text = text
            self.attributes = attributes
        }
    }

    /// The runs in reading order; none is empty, and no two neighbours have equal
    /// attributes.
    public private(set) var runs: [Run]

    /// The empty text.
    public init() { runs = [] }

    /// `string` in one run of `attributes`.
    public init(_ string: String, attributes: Attributes = Attributes()) {
        runs = string.isEmpty ? [] : [Run(string, attributes: attributes)]
    }

    /// The runs given, empty ones dropped and equal neighbours merged.
    public init(runs: [Run]) {
        self.runs = []
        for run in runs { append(run) }
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The characters without their attributes (`string`).
    public var string: String { runs.reduce(into: "") { $0 += $1.text } }

    /// Whether there is no text.
    public var isEmpty: Bool { runs.isEmpty }

    public var description: String { string }

    /// Adds `run` at the end (merged into the last run when their attributes are equal).
    public mutating func append(_ run: Run) {
        guard !run.text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].attributes == run.attributes {
            runs[last].text += run.text
        } else {
            runs.append(run)
        }
    }

    /// Adds `other`'s runs at the end.
    public mutating func append(_ other: AttributedText) {
        for run in other.runs { append(run) }
    }

    /// Adds `string` at the end in `attributes`.
    public mutating func append(_ string: String, attributes: Attributes = Attributes()) {
        append(Run(string, attributes: attributes))
    }

    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var joined = lhs
        joined.append(rhs)
        return joined
    }

    public static func += (lhs: inout AttributedText, rhs: AttributedText) { lhs.append(rhs) }

    /// The largest font the text is drawn in, with `font` for the runs that have none: what
    /// sizes a measurement that cannot tell the runs apart.
    public func largestFont(defaultFont font: Font) -> Font {
        var largest = runs.contains { $0.attributes.font == nil } || runs.isEmpty ? font : runs[0].attributes.font!
        for run in runs {
            if let own = run.attributes.font, own.size > largest.size { largest = own }
        }
        return largest
    }

    /// Whether every run takes all its attributes from the view: the text measures and
    /// draws as its ``string`` in the view's style.
    public var isPlain: Bool { runs.allSatisfy { $0.attributes.isEmpty } }
}
