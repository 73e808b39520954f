/// The weight of a font, on the CSS / OpenType scale from 100 (thin) to 900 (black).
///
/// Values between the named constants are allowed (variable fonts and Pango accept any
/// weight in the range); the font matcher picks the nearest face that exists.
public struct FontWeight: Hashable, Sendable, Comparable {
    /// The weight on the 100…900 scale.
    public var rawValue: Int

    /// A weight on the 100…900 scale.
    ///
    /// - Precondition: `rawValue` is in 100…900 (external input is checked with
    ///   ``init(parsing:)`` instead).
    public init(rawValue: Int) {
        precondition((100...900).contains(rawValue), "FontWeight \(rawValue) is outside 100…900")
        self.rawValue = rawValue
    }

    public static let thin = FontWeight(rawValue: 100)
    public static let ultraLight = FontWeight(rawValue: 200)
    public static let light = FontWeight(rawValue: 300)
    public static let regular = FontWeight(rawValue: 400)
    public static let medium = FontWeight(rawValue: 500)
    public static let semibold = FontWeight(rawValue: 600)
    public static let bold = FontWeight(rawValue: 700)
    public static let heavy = FontWeight(rawValue: 800)
    public static let black = FontWeight(rawValue: 900)

    /// The named weights, lightest first, with the names ``init(parsing:)`` accepts.
    public static let named: [(name: String, weight: FontWeight)] = [
        ("thin", .thin), ("ultralight", .ultraLight), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy),
        ("black", .black),
    ]

    /// Parses a weight given by a user: a number in 100…900 or one of the names in
    /// ``named`` (case-insensitive). Returns `nil` for anything else.
    public init?(parsing text: String) {
        if let number = Int(text) {
            guard (100...900).contains(number) else { return nil }
            self.init(rawValue: number)
            return
        }
        let lowered = text.lowercased()
        guard let match = Self.named.first(where: { $0.name == lowered }) else { return nil }
        self = match.weight
    }

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A font request: a family name, a size in points, a weight and a slant.
///
/// One point is one pixel at scale 1. The family is a request: when it is not installed
/// the backend falls back to another family and reports the one it used in
/// ``TextMeasurement/fontFamily``. A comma-separated list of families is allowed.
public struct Font: Hashable, Sendable {
    /// The requested family, e.g. "DejaVu Sans".
    public var family: String
    /// The size in points (the em size), greater than zero.
    public var size: Double
    /// The requested weight.
    public var weight: FontWeight
    /// Whether an italic (or oblique) face is requested.
    public var italic: Bool

    /// A font request. The default is DejaVu Sans, 17 pt, regular, upright (17 pt is the
    /// body size of UIKit at the default text size).
    public init(family: String = "DejaVu Sans", size: Double = 17, weight: FontWeight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}
