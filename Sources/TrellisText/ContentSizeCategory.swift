/// The user's preferred text size, as UIKit's `UIContentSizeCategory`: seven standard
/// sizes and five larger accessibility sizes. ``large`` is the default.
public enum ContentSizeCategory: String, CaseIterable, Comparable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The position in ``allCases`` (smallest first).
    var order: Int { Self.ordered.firstIndex(of: self)! }
    /// `allCases` once (the synthesized property builds a new array on every call).
    private static let ordered = allCases

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.order < rhs.order }

    /// `baseSize` (a size chosen for ``large``) scaled for this category the way
    /// `UIFontMetrics(forTextStyle:).scaledValue(for:)` does: by the ratio of the text
    /// style's system size at this category to its size at ``large`` (see
    /// ``TextStyleName/pointSize(for:)``). The result is not rounded.
    ///
    /// - Complexity: O(1).
    public func scaledSize(for baseSize: Double, textStyle: TextStyleName = .body) -> Double {
        baseSize * textStyle.pointSize(for: self) / textStyle.pointSize(for: .large)
    }

    /// `font` with its size scaled for this category (see ``scaledSize(for:textStyle:)``).
    public func scaledFont(_ font: Font, textStyle: TextStyleName = .body) -> Font {
        var scaled = font
        scaled.size = scaledSize(for: font.size, textStyle: textStyle)
        return scaled
    }

    /// The category whose body text is nearest to `scale` times the default size: how a
    /// desktop's text scale factor (GNOME's "large text" is 1.25, KDE and GTK express it as
    /// a DPI over 96) becomes Dynamic Type. Nearness is measured on a logarithmic scale, as
    /// the eye compares sizes by ratio: 1 is ``large``, 1.25 ``extraExtraLarge`` (body 21
    /// of 17, ×1.235), 1.5 ``accessibilityMedium`` (28 of 17 is ×1.65, nearer than ×1.35),
    /// 0.9 ``small`` (15 of 17). A scale that is not a positive finite number is the default,
    /// ``large``.
    ///
    /// - Complexity: O(1) (twelve categories).
    public init(textScale scale: Double) {
        guard scale.isFinite, scale > 0 else {
            self = .large
            return
        }
        let body = TextStyleName.body
        let base = body.pointSize(for: .large)
        // The larger of r and 1/r orders ratios as |log r| does.
        func distance(_ category: ContentSizeCategory) -> Double {
            let ratio = body.pointSize(for: category) / base / scale
            return max(ratio, 1 / ratio)
        }
        self = Self.ordered.min { distance($0) < distance($1) }!
    }

    /// The body text of this category relative to ``large`` (17 points): the text scale
    /// it stands for.
    public var textScale: Double {
        TextStyleName.body.pointSize(for: self) / TextStyleName.body.pointSize(for: .large)
    }
}

/// The semantic text styles of Dynamic Type (`UIFont.TextStyle`).
public enum TextStyleName: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The system font size in points of this style at each category, smallest category
    /// first: Apple's published Dynamic Type size table for iOS (Human Interface
    /// Guidelines, "Typography"), reproduced in docs/Text.md.
    public static let sizeTable: [TextStyleName: [Double]] = [
        //             xS  S   M   L   xL  xxL xxxL AX1 AX2 AX3 AX4 AX5
        .largeTitle:  [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1:      [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2:      [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3:      [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline:    [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body:        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout:     [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote:    [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1:    [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2:    [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41],
    ]

    /// The system font size of this style at `category`.
    ///
    /// - Complexity: O(1).
    public func pointSize(for category: ContentSizeCategory) -> Double {
        Self.sizeTable[self]![category.order]
    }

    /// Whether the system font of this style is semibold rather than regular.
    public var isEmphasized: Bool { self == .headline }
}

extension Font {
    /// The system font of a text style (`UIFont.preferredFont(forTextStyle:)`): the size of
    /// the Dynamic Type table at `category` (UIKit's default, `.large`, unless given),
    /// semibold for `.headline`, in the default family. A value, as UIKit's font is: it does
    /// not change when the person's text size does afterwards, and a font set on a list
    /// content configuration keeps its size (the factories' own fonts follow the text
    /// size).
    ///
    /// - Complexity: O(1).
    public static func preferredFont(forTextStyle style: TextStyleName, category: ContentSizeCategory = .large) -> Font {
        Font(size: style.pointSize(for: category), weight: style.isEmphasized ? .semibold : .regular)
    }
}
