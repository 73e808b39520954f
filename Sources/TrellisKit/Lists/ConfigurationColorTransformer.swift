import Trellis

/// A function from a colour to a colour that a configuration applies to one of its colours
/// before it is drawn (`UIConfigurationColorTransformer`): text colours
/// (``ListContentConfiguration/TextProperties/colorTransformer``), an image's tint
/// (``ListContentConfiguration/ImageProperties/tintColorTransformer``) and a background's
/// fill and stroke (``BackgroundConfiguration/backgroundColorTransformer``,
/// ``BackgroundConfiguration/strokeColorTransformer``). Several states can share one base
/// colour and differ only by their transformer.
///
/// ```swift
/// var content = cell.defaultContentConfiguration()
/// content.textProperties.colorTransformer = ConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
/// content.imageProperties.tintColorTransformer = .grayscale
/// ```
///
/// **Equality.** Configurations are `Hashable`, and a closure cannot be compared, so a
/// transformer is equal to the transformers copied from the same value: each
/// `init(_:)` makes a transformer unequal to every other (its closure is boxed once, and
/// the box's identity is compared — two inits with the same code are still two
/// transformers), and each preset is equal to itself and unequal to the others, by name.
/// Keep a transformer you apply on every update in a constant, so that configurations
/// carrying it stay equal.
///
/// A transformer given a dynamic colour returns a dynamic colour for the presets (each
/// resolution goes through the transformer); your own closure receives the colour as it is
/// and may resolve it itself.
public struct ConfigurationColorTransformer: Hashable, Sendable {
    /// The function (`transform`).
    public let transform: @Sendable (Color) -> Color
    private let identity: Identity

    private enum Identity: Hashable, Sendable {
        case grayscale, preferredTint, monochromeTint
        case closure(ObjectIdentifier)
    }

    /// What an `init(_:)` transformer is identified by: the box is kept alive with the
    /// value, so its identity is never reused while a copy exists.
    private final class ClosureIdentity: Sendable {}
    private let closureIdentity: ClosureIdentity?

    /// A transformer running `transform` (`init(_:)`); unequal to every other transformer
    /// but its own copies.
    public init(_ transform: @escaping @Sendable (Color) -> Color) {
        let box = ClosureIdentity()
        self.transform = transform
        closureIdentity = box
        identity = .closure(ObjectIdentifier(box))
    }

    private init(preset: Identity, _ transform: @escaping @Sendable (Color) -> Color) {
        self.transform = transform
        identity = preset
        closureIdentity = nil
    }

    /// The colour transformed (`callAsFunction(_:)`).
    public func callAsFunction(_ input: Color) -> Color { transform(input) }

    public static func == (lhs: ConfigurationColorTransformer, rhs: ConfigurationColorTransformer) -> Bool {
        lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    // MARK: Presets

    /// The colour's grey (`grayscale`), alpha kept: each component becomes
    /// 0.2126 red + 0.7152 green + 0.0722 blue, the matrix of CSS's `grayscale(100%)`
    /// filter (Rec. 709's luma weights on the sRGB components), so green keeps more
    /// lightness than red and red more than blue.
    public static let grayscale = ConfigurationColorTransformer(preset: .grayscale) { input in
        mapResolved(input) { color in
            let gray = min(1, max(0, 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue))
            return Color(red: gray, green: gray, blue: gray, alpha: color.alpha)
        }
    }

    /// The person's accent colour in place of the colour (`preferredTint`): the host's
    /// accent (``SystemColorPalette/accent``, a GTK theme's) when the traits have a system
    /// palette, the colour unchanged otherwise — as UIKit passes the colour through on a
    /// platform without an accent colour. Alpha is the accent's.
    public static let preferredTint = ConfigurationColorTransformer(preset: .preferredTint) { input in
        Color { traits in traits.systemColors?.accent ?? input }
    }

    /// A monochrome tint in place of the colour (`monochromeTint`), to de-emphasise a tinted
    /// item whatever the accent colour: UIKit's system grey (#8E8E93, the same in light and
    /// dark), the colour's alpha kept. (UIKit documents the intent, not the colour; this
    /// is Trellis's choice.)
    public static let monochromeTint = ConfigurationColorTransformer(preset: .monochromeTint) { input in
        mapResolved(input) { color in
            Color(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: color.alpha)
        }
    }

    /// `transform` of `input`, resolved per trait collection when `input` is dynamic.
    private static func mapResolved(_ input: Color, _ transform: @escaping @Sendable (Color) -> Color) -> Color {
        guard input.isDynamic else { return transform(input) }
        return Color { traits in transform(input.resolvedColor(with: traits)) }
    }
}
