import Trellis
import TrellisText

/// The axes along which a view keeps at least its superview's layout margins (`UIAxis` as
/// `axesPreservingSuperviewLayoutMargins` uses it).
public struct Axes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let horizontal = Axes(rawValue: 1 << 0)
    public static let vertical = Axes(rawValue: 1 << 1)
    public static let both: Axes = [.horizontal, .vertical]
}

/// The content of a list row, header or footer as a value (`UIListContentConfiguration`):
/// an image, a text and a secondary text, with their properties and the spacing between
/// them. Its view (``makeContentView()``) is made of a ``Label`` for each text and an
/// ``ImageView``, placed by Auto Layout inside the configuration's margins, so a cell
/// showing it sizes itself to its text.
///
/// Layout (Apple's documented arrangement): the image leads, centred vertically in a slot
/// `imageProperties.reservedLayoutSize` wide when that is larger than the image, then
/// `imageToTextPadding`, then the texts. The secondary text sits below the text,
/// `textToSecondaryTextVerticalPadding` apart, leading-aligned (`subtitleCell()`), or — with
/// `prefersSideBySideTextAndSecondaryText` (`valueCell()`) — on the same line, against the
/// trailing margin, at least `textToSecondaryTextHorizontalPadding` from the text, when
/// both fit on one line in the room the row gives them; when they do not, or at an
/// accessibility text size, they stack as a subtitle cell's do (UIKit's rule), and the row
/// sizes itself to that. The margins are `directionalLayoutMargins`, grown along
/// `axesPreservingSuperviewLayoutMargins` to the cell's own margins where the content view
/// lies under them.
///
/// The metrics of the factories approximate iOS 17's at the default text size; their fonts
/// follow the person's text size (the trait collection's `preferredContentSizeCategory`,
/// through the Dynamic Type table), as UIKit's do; see the migration guide. Rows keep 11 points above
/// and below their text; headers and footers keep 16 points at the sides, so their text
/// lines up with the rows' text in a list (a list cell's margins are 16 points).
///
/// Differs from UIKit: attributed text is Trellis's `AttributedText`, not
/// `NSAttributedString` (see the migration guide); the images
/// are bitmaps, not symbols, so `imageProperties.tintColor` is kept for the renderer but
/// does not recolour them.
public struct ListContentConfiguration: ContentConfiguration, Hashable {
    /// How a text looks (`UIListContentConfiguration.TextProperties`).
    public struct TextProperties: Hashable {
        /// How the text lines up in its column (`TextProperties.TextAlignment`).
        public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
            case natural, center, justified
        }

        /// The font. A factory's follows the text size the person chose (its text style is
        /// known); setting a font of your own keeps it at its size.
        public var font: Font {
            didSet { textStyle = nil }
        }
        /// The text's colour. Once set, `updated(for:)` keeps it (UIKit's rule: the state's
        /// defaults go to the properties you do not customize).
        public var color: Color {
            get { stateColor }
            set {
                stateColor = newValue
                customizesColor = true
            }
        }
        var stateColor: Color
        private(set) var customizesColor = false
        /// Applied to `color` before it is drawn (`colorTransformer`; nil: none). Equal
        /// transformers are copies of one value or the same preset (see
        /// ``ConfigurationColorTransformer``).
        public var colorTransformer: ConfigurationColorTransformer?
        /// Whether a factory's font is scaled for the trait collection's
        /// `preferredContentSizeCategory` (`adjustsFontForContentSizeCategory`, true by
        /// default).
        public var adjustsFontForContentSizeCategory = true
        /// The text style the font is the `.large` size of, when it came from a factory.
        private(set) var textStyle: TextStyleName?
        /// 0 for as many lines as the text needs (the default, as in UIKit).
        public var numberOfLines = 0
        public var alignment: TextAlignment = .natural
        public var lineBreakMode: LineBreakMode = .truncateTail

        public init(font: Font, color: Color) {
            self.font = font
            stateColor = color
        }

        init(textStyle: TextStyleName, weight: FontWeight, color: Color) {
            self.init(font: Font(size: textStyle.pointSize(for: .large), weight: weight), color: color)
            self.textStyle = textStyle
        }

        /// The colour drawn (`resolvedColor()`): `color` through the `colorTransformer`.
        public func resolvedColor() -> Color { colorTransformer.map { $0(color) } ?? color }

        /// The font drawn for `traits`: a factory's font in the desktop's system font
        /// (``TraitCollection/systemBodyFont``: its family, its size in proportion to the
        /// 17-point body) at the person's text size.
        public func resolvedFont(for traits: TraitCollection) -> Font {
            guard let textStyle else { return font }
            var system = font
            if let body = traits.systemBodyFont {
                system.family = body.family
                system.size = font.size * body.size / TextStyleName.body.pointSize(for: .large)
            }
            guard adjustsFontForContentSizeCategory else { return system }
            return traits.preferredContentSizeCategory.scaledFont(system, textStyle: textStyle)
        }
    }

    /// How the image looks and the room it takes (`UIListContentConfiguration.ImageProperties`).
    public struct ImageProperties: Hashable {
        /// A dimension meaning "the system's standard" (`standardDimension`): for
        /// `reservedLayoutSize`, Trellis's standard slot is 28 points, the width sidebar
        /// icons share so that their texts line up.
        public static let standardDimension = -Double.greatestFiniteMagnitude

        /// The largest size the image is shown at, aspect kept; 0 on an axis for no limit.
        public var maximumSize = Size.zero
        /// The room the image's slot takes at least, so texts of rows with different (or
        /// no) images line up; 0 for none, `standardDimension` for the standard.
        public var reservedLayoutSize = Size.zero
        /// The tint for template images; nil uses the view's tint colour. Once set,
        /// `updated(for:)` keeps it.
        public var tintColor: Color? {
            get { stateTintColor }
            set {
                stateTintColor = newValue
                customizesTintColor = true
            }
        }
        var stateTintColor: Color?
        private(set) var customizesTintColor = false
        /// Applied to the tint before it is used (`tintColorTransformer`; nil: none).
        /// Equal transformers are copies of one value or the same preset (see
        /// ``ConfigurationColorTransformer``).
        public var tintColorTransformer: ConfigurationColorTransformer?
        public var cornerRadius: Double = 0

        public init() {}

        /// The tint used for a view whose tint colour is `tintColor`
        /// (`resolvedTintColor(for:)`): `self.tintColor`, or `tintColor` when that is nil,
        /// through the `tintColorTransformer`.
        public func resolvedTintColor(for tintColor: Color) -> Color {
            let base = self.tintColor ?? tintColor
            return tintColorTransformer.map { $0(base) } ?? base
        }

        /// The slot width Trellis uses for `standardDimension`.
        static let standardSlot: Double = 28

        func resolvedReservedSize() -> Size {
            func resolve(_ value: Double) -> Double { value == Self.standardDimension ? Self.standardSlot : max(0, value) }
            return Size(width: resolve(reservedLayoutSize.width), height: resolve(reservedLayoutSize.height))
        }

        /// The size `image` is shown at: its own, scaled down (aspect kept) to fit
        /// `maximumSize`.
        func displayedSize(of image: Image) -> Size {
            var size = image.size
            var factor = 1.0
            if maximumSize.width > 0, size.width > maximumSize.width { factor = min(factor, maximumSize.width / size.width) }
            if maximumSize.height > 0, size.height > maximumSize.height { factor = min(factor, maximumSize.height / size.height) }
            size = Size(width: size.width * factor, height: size.height * factor)
            return size
        }
    }

    public var image: Image?
    /// The text (`text`). Setting it clears `attributedText`.
    public var text: String? {
        didSet { if text != nil { attributedText = nil } }
    }
    /// The text with attributes of its own (`attributedText`): runs of their own font,
    /// colour, underline, strikethrough or kerning over `textProperties` (a run's attribute
    /// left nil is the properties'); the row sizes itself to it as drawn. Setting it clears
    /// `text` (UIKit's rule: one or the other).
    public var attributedText: AttributedText? {
        didSet { if attributedText != nil { text = nil } }
    }
    /// The secondary text (`secondaryText`). Setting it clears `secondaryAttributedText`.
    public var secondaryText: String? {
        didSet { if secondaryText != nil { secondaryAttributedText = nil } }
    }
    /// The secondary text with attributes (`secondaryAttributedText`), as `attributedText`.
    /// Setting it clears `secondaryText`.
    public var secondaryAttributedText: AttributedText? {
        didSet { if secondaryAttributedText != nil { secondaryText = nil } }
    }
    public var imageProperties = ImageProperties()
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties

    /// The margins around the content (`directionalLayoutMargins`).
    public var directionalLayoutMargins: EdgeInsets
    /// The axes along which the content keeps at least the cell's margins
    /// (`axesPreservingSuperviewLayoutMargins`, both by default).
    public var axesPreservingSuperviewLayoutMargins: Axes = .both
    /// Text and secondary text on one line when both are set and fit side by side, stacked
    /// otherwise and at accessibility text sizes (`valueCell()`).
    public var prefersSideBySideTextAndSecondaryText = false
    public var imageToTextPadding: Double
    public var textToSecondaryTextHorizontalPadding: Double = 8
    public var textToSecondaryTextVerticalPadding: Double = 3

    /// Which factory made it: what `updated(for:)` adapts.
    private var style: Style

    private enum Style: Hashable { case plain, sidebar }

    private init(
        style: Style, text: TextStyleName, weight: FontWeight = .regular, color: Color = .label,
        secondary: TextStyleName, secondaryColor: Color = .secondaryLabel,
        margins: EdgeInsets = EdgeInsets(top: 11, leading: 8, bottom: 11, trailing: 8), imageToTextPadding: Double = 16
    ) {
        self.style = style
        textProperties = TextProperties(textStyle: text, weight: weight, color: color)
        secondaryTextProperties = TextProperties(textStyle: secondary, weight: .regular, color: secondaryColor)
        directionalLayoutMargins = margins
        self.imageToTextPadding = imageToTextPadding
    }

    // MARK: Cells

    /// A row: text in the body font (`cell()`).
    public static func cell() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .body, secondary: .subheadline)
    }

    /// A row with the secondary text below the text (`subtitleCell()`).
    public static func subtitleCell() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .body, secondary: .subheadline)
    }

    /// A row with the secondary text on the same line, against the trailing edge
    /// (`valueCell()`).
    public static func valueCell() -> ListContentConfiguration {
        var configuration = ListContentConfiguration(style: .plain, text: .body, secondary: .body)
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }

    /// A sidebar row (`sidebarCell()`): selected, its text and image turn white over the
    /// tint-coloured background of `BackgroundConfiguration.listSidebarCell()`.
    public static func sidebarCell() -> ListContentConfiguration {
        var configuration = ListContentConfiguration(style: .sidebar, text: .body, secondary: .subheadline, imageToTextPadding: 12)
        configuration.imageProperties.reservedLayoutSize = Size(width: ImageProperties.standardDimension, height: 0)
        return configuration
    }

    /// A sidebar row with a subtitle (`sidebarSubtitleCell()`).
    public static func sidebarSubtitleCell() -> ListContentConfiguration { sidebarCell() }

    /// A sidebar row shown beside other content (`accompaniedSidebarCell()`).
    public static func accompaniedSidebarCell() -> ListContentConfiguration { sidebarCell() }

    /// A sidebar row with a subtitle shown beside other content
    /// (`accompaniedSidebarSubtitleCell()`).
    public static func accompaniedSidebarSubtitleCell() -> ListContentConfiguration { sidebarCell() }

    // MARK: Headers and footers

    /// A plain list's header: bold subheadline text (`plainHeader()`).
    public static func plainHeader() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .subheadline, weight: .semibold, secondary: .subheadline,
                                 margins: EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
    }

    /// A plain list's footer (`plainFooter()`).
    public static func plainFooter() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .footnote, color: .secondaryLabel, secondary: .footnote,
                                 margins: EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
    }

    /// A grouped list's header: footnote text in the secondary colour (`groupedHeader()`).
    public static func groupedHeader() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .footnote, color: .secondaryLabel, secondary: .footnote,
                                 margins: EdgeInsets(top: 16, leading: 16, bottom: 6, trailing: 16))
    }

    /// A grouped list's footer (`groupedFooter()`).
    public static func groupedFooter() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .footnote, color: .secondaryLabel, secondary: .footnote,
                                 margins: EdgeInsets(top: 6, leading: 16, bottom: 16, trailing: 16))
    }

    /// An inset-grouped list's prominent header: bold title 3 (`prominentInsetGroupedHeader()`).
    public static func prominentInsetGroupedHeader() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .title3, weight: .bold, secondary: .subheadline,
                                 margins: EdgeInsets(top: 16, leading: 16, bottom: 8, trailing: 16))
    }

    /// An inset-grouped list's extra-prominent header: bold title 2
    /// (`extraProminentInsetGroupedHeader()`).
    public static func extraProminentInsetGroupedHeader() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .title2, weight: .bold, secondary: .subheadline,
                                 margins: EdgeInsets(top: 16, leading: 16, bottom: 8, trailing: 16))
    }

    /// A sidebar's header: headline text (`sidebarHeader()`).
    public static func sidebarHeader() -> ListContentConfiguration {
        ListContentConfiguration(style: .plain, text: .headline, weight: .semibold, secondary: .subheadline,
                                 margins: EdgeInsets(top: 11, leading: 8, bottom: 11, trailing: 8))
    }

    // MARK: ContentConfiguration

    public func makeContentView() -> any View & ContentView { ListContentView(configuration: self) }

    /// This configuration adapted to `state` (`updated(for:)`): a sidebar configuration
    /// shows white text and image while selected (on the tint-coloured background), its
    /// factory's colours otherwise; a colour you set is kept, as in UIKit. Others are
    /// unchanged.
    public func updated(for state: any ConfigurationState) -> ListContentConfiguration {
        guard style == .sidebar, let cell = state as? CellConfigurationState else { return self }
        var updated = self
        let base = ListContentConfiguration.sidebarCell()
        if !updated.textProperties.customizesColor {
            updated.textProperties.stateColor = cell.isSelected ? .white : base.textProperties.stateColor
        }
        if !updated.secondaryTextProperties.customizesColor {
            updated.secondaryTextProperties.stateColor = cell.isSelected ? .white : base.secondaryTextProperties.stateColor
        }
        if !updated.imageProperties.customizesTintColor {
            updated.imageProperties.stateTintColor = cell.isSelected ? .white : base.imageProperties.stateTintColor
        }
        return updated
    }
}
