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
    public var horizontalSizeClass: UserInterfaceSizeClass {
        get { storage.values.horizontalSizeClass }
        set { update { $0.horizontalSizeClass = newValue } }
    }
    public var layoutDirection: LayoutDirection {
        get { storage.values.layoutDirection }
        set { update { $0.layoutDirection = newValue } }
    }
    /// The display scale (1, 2, 3): frames are pixel-aligned for it.
    public var displayScale: Double {
        get { storage.values.displayScale }
        set { update { $0.displayScale = newValue } }
    }
    /// The user's preferred text size (Dynamic Type); `.large` is the default.
    public var preferredContentSizeCategory: ContentSizeCategory {
        get { storage.values.preferredContentSizeCategory }
        set { update { $0.preferredContentSizeCategory = newValue } }
    }
    /// Light or dark: the system colours (`Color.label`, `.systemBackground`…) and any
    /// `Color(dynamicProvider:)` resolve for it.
    public var userInterfaceStyle: UserInterfaceStyle {
        get { storage.values.userInterfaceStyle }
        set { update { $0.userInterfaceStyle = newValue } }
    }
    /// Normal or high contrast, read by dynamic colours like the style.
    public var accessibilityContrast: AccessibilityContrast {
        get { storage.values.accessibilityContrast }
        set { update { $0.accessibilityContrast = newValue } }
    }
    /// The desktop's own colours for the system colours, when the host has a theme (GTK's
    /// style); nil resolves them to Apple's values for the style and contrast. Not in
    /// UIKit, whose palette is fixed: a GTK theme defines its own, and Trellis-drawn cells
    /// that use the system colours should look like the widgets around them.
    public var systemColors: SystemColorPalette? {
        get { storage.values.systemColors }
        set { update { $0.systemColors = newValue } }
    }
    /// The desktop's body text font at the default text size (`ContentSizeCategory.large`):
    /// the family and size text in the system font takes (the text styles of list content
    /// configurations keep their proportions to it, then scale with
    /// ``preferredContentSizeCategory``). Nil: Trellis's system font, DejaVu Sans with
    /// UIKit's 17-point body. Not in UIKit, whose system font is fixed: a desktop names its
    /// own (GTK's `gtk-font-name`), and text in the system font should look like the
    /// widgets around it.
    public var systemBodyFont: Font? {
        get { storage.values.systemBodyFont }
        set { update { $0.systemBodyFont = newValue } }
    }

    /// The traits' values, shared and never changed in place: every view reads its traits
    /// (each cell's drawing checks its colours against them on every frame), and a copy of
    /// the collection is one reference, where the values (a palette of seven colours and
    /// a font) are some 400 bytes and a string to retain. Views that inherit the same
    /// traits share one storage, so comparing them is usually comparing two references.
    private final class Storage: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    private struct Values: Hashable, Sendable {
        var horizontalSizeClass: UserInterfaceSizeClass
        var layoutDirection: LayoutDirection
        var displayScale: Double
        var preferredContentSizeCategory: ContentSizeCategory
        var userInterfaceStyle: UserInterfaceStyle
        var accessibilityContrast: AccessibilityContrast
        var systemColors: SystemColorPalette?
        var systemBodyFont: Font?
    }

    private var storage: Storage

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
        storage = Storage(Values(
            horizontalSizeClass: horizontalSizeClass, layoutDirection: layoutDirection, displayScale: displayScale,
            preferredContentSizeCategory: preferredContentSizeCategory, userInterfaceStyle: userInterfaceStyle,
            accessibilityContrast: accessibilityContrast, systemColors: systemColors, systemBodyFont: systemBodyFont))
    }

    /// Changes a value: new storage, since others may share this one.
    private mutating func update(_ change: (inout Values) -> Void) {
        var values = storage.values
        change(&values)
        storage = Storage(values)
    }

    public static func == (lhs: TraitCollection, rhs: TraitCollection) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.values)
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
        var recoloured = other.storage.values
        recoloured.userInterfaceStyle = userInterfaceStyle
        recoloured.accessibilityContrast = accessibilityContrast
        recoloured.systemColors = systemColors
        return recoloured == storage.values
    }

    public static let `default` = TraitCollection()
}
