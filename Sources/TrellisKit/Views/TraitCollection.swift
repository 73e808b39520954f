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

/// Light or dark appearance (`UIUserInterfaceStyle`). Unspecified resolves dynamic colours
/// as light, as UIKit does.
public enum UserInterfaceStyle: String, Hashable, Sendable, Codable, CaseIterable {
    case unspecified
    case light
    case dark
}

/// Whether the person asked for more contrast (`UIAccessibilityContrast`); a high-contrast
/// GTK theme reports `.high`.
public enum AccessibilityContrast: String, Hashable, Sendable, Codable, CaseIterable {
    case unspecified
    case normal
    case high
}

/// The environment a view is laid out in (`UITraitCollection`): the size class, the
/// layout direction, the display scale, the preferred text size, the appearance (light or
/// dark, contrast) and the system palette dynamic colours resolve to. A change of traits
/// invalidates cached sizes, except a change of the colour appearance alone (style,
/// contrast, palette), which recolours the views and keeps their sizes.
public struct TraitCollection: Hashable, Sendable {
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var layoutDirection: LayoutDirection
    /// The display scale (1, 2, 3): frames are pixel-aligned for it.
    public var displayScale: Double
    /// The user's preferred text size (Dynamic Type); `.large` is the default.
    public var preferredContentSizeCategory: ContentSizeCategory
    /// Light or dark: the system colours (`Color.label`, `.systemBackground`…) and any
    /// `Color(dynamicProvider:)` resolve for it.
    public var userInterfaceStyle: UserInterfaceStyle
    /// Normal or high contrast, read by dynamic colours like the style.
    public var accessibilityContrast: AccessibilityContrast
    /// The desktop's own colours for the system colours, when the host has a theme (GTK's
    /// style); nil resolves them to Apple's values for the style and contrast. Not in
    /// UIKit, whose palette is fixed: a GTK theme defines its own, and Trellis-drawn cells
    /// that use the system colours should look like the widgets around them.
    public var systemColors: SystemColorPalette?
    /// The desktop's body text font at the default text size (`ContentSizeCategory.large`):
    /// the family and size text in the system font takes (the text styles of list content
    /// configurations keep their proportions to it, then scale with
    /// ``preferredContentSizeCategory``). Nil: Trellis's system font, DejaVu Sans with
    /// UIKit's 17-point body. Not in UIKit, whose system font is fixed: a desktop names its
    /// own (GTK's `gtk-font-name`), and text in the system font should look like the
    /// widgets around it.
    public var systemBodyFont: Font?

    public init(
        horizontalSizeClass: UserInterfaceSizeClass = .unspecified,
        layoutDirection: LayoutDirection = .leftToRight,
        displayScale: Double = 1,
        preferredContentSizeCategory: ContentSizeCategory = .large,
        userInterfaceStyle: UserInterfaceStyle = .unspecified,
        accessibilityContrast: AccessibilityContrast = .unspecified,
        systemColors: SystemColorPalette? = nil,
        systemBodyFont: Font? = nil
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.systemColors = systemColors
        self.systemBodyFont = systemBodyFont
    }

    /// Whether dynamic colours may resolve differently under `other`
    /// (`hasDifferentColorAppearance(comparedTo:)`).
    public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
        guard let other else { return true }
        return userInterfaceStyle != other.userInterfaceStyle || accessibilityContrast != other.accessibilityContrast
            || systemColors != other.systemColors
    }

    /// Whether `other` differs from these traits in the colour appearance alone (the
    /// traits `hasDifferentColorAppearance(comparedTo:)` reads): nothing a size depends on.
    func differsOnlyInColorAppearance(from other: TraitCollection) -> Bool {
        var recoloured = other
        recoloured.userInterfaceStyle = userInterfaceStyle
        recoloured.accessibilityContrast = accessibilityContrast
        recoloured.systemColors = systemColors
        return recoloured == self
    }

    public static let `default` = TraitCollection()
}
