import TrellisText

extension AttributedText.TextColor {
    /// `color` as a run's colour: its components (a dynamic colour's appearance under the
    /// default traits: a run's colour is fixed).
    public init(_ color: Color) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension Color {
    /// A run's colour as a fixed `Color`.
    public init(_ color: AttributedText.TextColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension AttributedText.Attributes {
    /// Attributes with a run colour given as a `Color` (as `NSAttributedString.Key
    /// .foregroundColor` takes a `UIColor`).
    public init(font: Font? = nil, color: Color, underline: AttributedText.UnderlineStyle? = nil,
                strikethrough: Bool = false, kerning: Double? = nil) {
        self.init(font: font, foregroundColor: AttributedText.TextColor(color), underline: underline,
                  strikethrough: strikethrough, kerning: kerning)
    }
}
