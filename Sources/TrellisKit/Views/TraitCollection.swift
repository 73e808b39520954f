import Trellis
import TrellisText

/// Compact or regular: how much room there is horizontally (`UIUserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: String, Hashable, Sendable, Codable, CaseIterable {
    case unspecified
    case compact
    case regular

    /// The horizontal size class for a window or container of `width` points, split the
    /// way iPhone and iPad apps see it: below 600 pt (every iPhone in portrait, an iPad
    /// slide-over or a narrow split view) is compact, 600 pt and wider is regular.
    public static func horizontal(forWidth width: Double) -> UserInterfaceSizeClass {
        width < 600 ? .compact : .regular
    }
}

/// The environment a view is laid out in (`UITraitCollection`): the size class, the
/// layout direction, the display scale and the preferred text size. A change of traits
/// invalidates cached sizes.
public struct TraitCollection: Hashable, Sendable {
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var layoutDirection: LayoutDirection
    /// The display scale (1, 2, 3): frames are pixel-aligned for it.
    public var displayScale: Double
    /// The user's preferred text size (Dynamic Type); `.large` is the default.
    public var preferredContentSizeCategory: ContentSizeCategory

    public init(
        horizontalSizeClass: UserInterfaceSizeClass = .unspecified,
        layoutDirection: LayoutDirection = .leftToRight,
        displayScale: Double = 1,
        preferredContentSizeCategory: ContentSizeCategory = .large
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    public static let `default` = TraitCollection()
}
