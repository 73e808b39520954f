/// An sRGB colour with alpha, components in 0…1 — fixed, or dynamic like
/// `UIColor(dynamicProvider:)`: a dynamic colour is resolved against the trait collection
/// of the view that draws it (light or dark, contrast, the host's system palette), so a
/// theme change redraws it without the app setting it again.
///
/// A dynamic colour's components are its appearance under the default traits (light);
/// setting one of them makes the colour fixed. Two dynamic colours are equal when they are
/// the same colour (made by the same `init(dynamicProvider:)` call, or copies of it), as
/// UIKit compares dynamic colours by identity; a dynamic colour is never equal to a fixed
/// one. Encoding writes the default appearance.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: Double { didSet { provider = nil } }
    public var green: Double { didSet { provider = nil } }
    public var blue: Double { didSet { provider = nil } }
    public var alpha: Double { didSet { provider = nil } }

    /// The dynamic colour's resolution (nil for a fixed colour); a class so that equality
    /// and hashing can use its identity.
    private final class DynamicProvider: Sendable {
        let resolve: @Sendable (TraitCollection) -> Color
        init(_ resolve: @escaping @Sendable (TraitCollection) -> Color) { self.resolve = resolve }
    }
    private var provider: DynamicProvider?

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour that `provider` resolves for each trait collection
    /// (`UIColor(dynamicProvider:)`). The provider returns the colour for those traits; if it
    /// returns a dynamic colour, that one is resolved with the same traits.
    public init(dynamicProvider provider: @escaping @Sendable (TraitCollection) -> Color) {
        let fallback = provider(.default).resolvedColor(with: .default)
        self.init(red: fallback.red, green: fallback.green, blue: fallback.blue, alpha: fallback.alpha)
        self.provider = DynamicProvider(provider)
    }

    /// The fixed colour this colour is under `traits` (`resolvedColor(with:)`): itself when
    /// fixed.
    public func resolvedColor(with traits: TraitCollection) -> Color {
        guard let provider else { return self }
        var resolved = provider.resolve(traits)
        // A provider returning a dynamic colour: resolve it too, at most a few levels deep
        // (a provider returning its own colour would otherwise never end).
        var depth = 0
        while resolved.provider != nil, depth < 8 {
            resolved = resolved.provider!.resolve(traits)
            depth += 1
        }
        resolved.provider = nil
        return resolved
    }

    /// The colour with its alpha replaced by `alpha` (`withAlphaComponent(_:)`); a dynamic
    /// colour stays dynamic, each resolution taking that alpha.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        guard isDynamic else { return Color(red: red, green: green, blue: blue, alpha: alpha) }
        let base = self
        return Color { base.resolvedColor(with: $0).withAlphaComponent(alpha) }
    }

    /// Whether the colour depends on the traits.
    public var isDynamic: Bool { provider != nil }

    public static func == (lhs: Color, rhs: Color) -> Bool {
        lhs.provider === rhs.provider && lhs.red == rhs.red && lhs.green == rhs.green
            && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
        hasher.combine(provider.map(ObjectIdentifier.init))
    }

    private enum CodingKeys: String, CodingKey { case red, green, blue, alpha }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(red: try container.decode(Double.self, forKey: .red),
                  green: try container.decode(Double.self, forKey: .green),
                  blue: try container.decode(Double.self, forKey: .blue),
                  alpha: try container.decode(Double.self, forKey: .alpha))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(red, forKey: .red)
        try container.encode(green, forKey: .green)
        try container.encode(blue, forKey: .blue)
        try container.encode(alpha, forKey: .alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        guard digits.first == "#" else { return nil }
        digits = digits.dropFirst()
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        func component(_ s: Substring) -> Double { Double(UInt8(s, radix: 16)!) / 255 }
        let chars = Array(digits)
        switch chars.count {
        case 3:
            let expanded = chars.map { Substring(String([$0, $0])) }
            self.init(red: component(expanded[0]), green: component(expanded[1]), blue: component(expanded[2]))
        case 6, 8:
            let pairs = stride(from: 0, to: chars.count, by: 2).map { Substring(String(chars[$0..<$0 + 2])) }
            self.init(red: component(pairs[0]), green: component(pairs[1]), blue: component(pairs[2]),
                      alpha: pairs.count == 4 ? component(pairs[3]) : 1)
        default:
            return nil
        }
    }

    /// `#rrggbb` (or `#rrggbbaa` when not opaque).
    public var hexString: String {
        func hex(_ v: Double) -> String {
            let byte = Int((min(max(v, 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }

    public var description: String { hexString }
}

// MARK: System colours

extension Color {
    /// Apple's value for each appearance: light and dark, each with its high-contrast form.
    private static func system(
        light: Color, dark: Color, lightHighContrast: Color? = nil, darkHighContrast: Color? = nil,
        palette: @escaping @Sendable (SystemColorPalette) -> Color
    ) -> Color {
        Color { traits in
            if let colors = traits.systemColors { return palette(colors) }
            let high = traits.accessibilityContrast == .high
            if traits.userInterfaceStyle == .dark { return high ? darkHighContrast ?? dark : dark }
            return high ? lightHighContrast ?? light : light
        }
    }

    private static func rgb(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Double = 1) -> Color {
        Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// Primary text (`UIColor.label`): black in light mode, white in dark.
    public static let label = system(light: .black, dark: .white, palette: { $0.label })

    /// Secondary text (`UIColor.secondaryLabel`): the label colour at 60 % (Apple's
    /// #3C3C43 light, #EBEBF5 dark).
    public static let secondaryLabel = system(
        light: rgb(60, 60, 67, 0.6), dark: rgb(235, 235, 245, 0.6), palette: { $0.secondaryLabel })

    /// The background of a plain view (`UIColor.systemBackground`): white in light mode,
    /// black in dark.
    public static let systemBackground = system(light: .white, dark: .black, palette: { $0.background })

    /// The background of grouped content on `systemBackground`
    /// (`UIColor.secondarySystemBackground`): Apple's #F2F2F7 light, #1C1C1E dark, and
    /// #EBEBF0 / #242426 with increased contrast.
    public static let secondarySystemBackground = system(
        light: rgb(242, 242, 247), dark: rgb(28, 28, 30),
        lightHighContrast: rgb(235, 235, 240), darkHighContrast: rgb(36, 36, 38), palette: { $0.secondaryBackground })

    /// Thin lines between content (`UIColor.separator`): Apple's #3C3C43 at 29 % light,
    /// #545458 at 60 % dark.
    public static let separator = system(
        light: rgb(60, 60, 67, 0.29), dark: rgb(84, 84, 88, 0.6), palette: { $0.separator })

    /// The default tint (`UIColor.systemBlue` as a dynamic colour): Apple's #007AFF light,
    /// #0A84FF dark, #0040DD / #409CFF with increased contrast; the host's accent colour
    /// when it has a palette. What `View.tintColor` is when no view in the chain sets one.
    public static let systemTint = system(
        light: rgb(0, 122, 255), dark: rgb(10, 132, 255),
        lightHighContrast: rgb(0, 64, 221), darkHighContrast: rgb(64, 156, 255), palette: { $0.accent })
}

/// The desktop's colours for the system colours, read from the host's theme (the GTK
/// widget fills one from its style); set on a ``TraitCollection`` so that `Color.label`,
/// `.systemBackground` and the rest resolve to them.
public struct SystemColorPalette: Hashable, Sendable {
    /// Text (`label`).
    public var label: Color
    /// Dimmer text (`secondaryLabel`).
    public var secondaryLabel: Color
    /// The view background (`systemBackground`).
    public var background: Color
    /// Content grouped on the background (`secondarySystemBackground`).
    public var secondaryBackground: Color
    /// Lines between content (`separator`).
    public var separator: Color
    /// The accent: selection, tint, focus ring (`systemTint`).
    public var accent: Color
    /// The keyboard focus ring.
    public var focusRing: Color

    public init(label: Color, secondaryLabel: Color, background: Color, secondaryBackground: Color,
                separator: Color, accent: Color, focusRing: Color) {
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.background = background
        self.secondaryBackground = secondaryBackground
        self.separator = separator
        self.accent = accent
        self.focusRing = focusRing
    }
}
