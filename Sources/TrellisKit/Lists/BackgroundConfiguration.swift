import Trellis

/// The look of a cell's background as a value (`UIBackgroundConfiguration`): a colour
/// (nil: the view's tint colour, as in UIKit), rounded corners, insets from the cell's
/// edges, a stroke, and optionally a view of your own behind everything. Set it as a
/// cell's ``CollectionViewCell/backgroundConfiguration``.
///
/// The factories are UIKit's; `updated(for:)` gives each its selected and highlighted
/// look (Trellis's approximation of iOS 17's colours):
///
/// | factory | normal | selected or highlighted |
/// |---|---|---|
/// | `listPlainCell()` | `systemBackground` | gray 4 (#D1D1D6 light, #3A3A3C dark) |
/// | `listGroupedCell()` | secondary grouped background (white light, #1C1C1E dark) | gray 4 |
/// | `listSidebarCell()`, `listAccompaniedSidebarCell()` | clear, corners 10 | the tint colour when selected, gray 4 when only highlighted |
/// | `listPlainHeaderFooter()` | `systemBackground` | (unchanged) |
/// | `listGroupedHeaderFooter()`, `listSidebarHeader()`, `clear()` | clear | (unchanged) |
public struct BackgroundConfiguration {
    /// The fill; nil uses the tint colour of the view showing it (`backgroundColor`).
    /// Once set, `updated(for:)` keeps it (UIKit's rule: the state's defaults go to the
    /// properties you do not customize).
    public var backgroundColor: Color? {
        get { stateBackgroundColor }
        set {
            stateBackgroundColor = newValue
            customizesBackgroundColor = true
        }
    }
    private var stateBackgroundColor: Color?
    private var customizesBackgroundColor = false
    /// The radius of the fill's and stroke's corners (`cornerRadius`).
    public var cornerRadius: Double = 0
    /// How far the background stays from the cell's edges (`backgroundInsets`).
    public var backgroundInsets = EdgeInsets()
    /// The colour of the stroke around the background; nil uses the tint colour
    /// (`strokeColor`). Drawn only when `strokeWidth` is positive.
    public var strokeColor: Color?
    /// Applied to the fill's colour before it is drawn (`backgroundColorTransformer`; nil:
    /// none). Equal transformers are copies of one value or the same preset (see
    /// ``ConfigurationColorTransformer``).
    public var backgroundColorTransformer: ConfigurationColorTransformer?
    /// Applied to the stroke's colour before it is drawn (`strokeColorTransformer`; nil:
    /// none).
    public var strokeColorTransformer: ConfigurationColorTransformer?
    /// The stroke's width, 0 for none (`strokeWidth`).
    public var strokeWidth: Double = 0
    /// A view of your own shown behind the fill's colour, at the background's frame
    /// (`customView`).
    public var customView: View?

    /// Which of UIKit's factories made it: what `updated(for:)` adapts.
    private(set) var style: Style = .custom

    enum Style { case custom, listPlainCell, listGroupedCell, listSidebarCell, listHeaderFooter }

    /// An empty background: no colour (so the tint colour), no corners
    /// (`UIBackgroundConfiguration()`). Prefer a factory.
    public init() {}

    private init(style: Style, backgroundColor: Color?, cornerRadius: Double = 0) {
        self.style = style
        stateBackgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// A plain list's cell (`listPlainCell()`).
    public static func listPlainCell() -> BackgroundConfiguration {
        BackgroundConfiguration(style: .listPlainCell, backgroundColor: .systemBackground)
    }

    /// A grouped or inset-grouped list's cell (`listGroupedCell()`).
    public static func listGroupedCell() -> BackgroundConfiguration {
        BackgroundConfiguration(style: .listGroupedCell, backgroundColor: groupedCellBackground)
    }

    /// A sidebar's cell (`listSidebarCell()`): clear, rounded, the tint colour when
    /// selected.
    public static func listSidebarCell() -> BackgroundConfiguration {
        BackgroundConfiguration(style: .listSidebarCell, backgroundColor: .clear, cornerRadius: 10)
    }

    /// A sidebar's cell shown beside other content (`listAccompaniedSidebarCell()`).
    public static func listAccompaniedSidebarCell() -> BackgroundConfiguration { listSidebarCell() }

    /// A plain list's header or footer (`listPlainHeaderFooter()`).
    public static func listPlainHeaderFooter() -> BackgroundConfiguration {
        BackgroundConfiguration(style: .listHeaderFooter, backgroundColor: .systemBackground)
    }

    /// A grouped list's header or footer (`listGroupedHeaderFooter()`).
    public static func listGroupedHeaderFooter() -> BackgroundConfiguration {
        BackgroundConfiguration(style: .listHeaderFooter, backgroundColor: .clear)
    }

    /// A sidebar's header (`listSidebarHeader()`).
    public static func listSidebarHeader() -> BackgroundConfiguration {
        BackgroundConfiguration(style: .listHeaderFooter, backgroundColor: .clear)
    }

    /// No background at all (`clear()`).
    public static func clear() -> BackgroundConfiguration {
        BackgroundConfiguration(style: .custom, backgroundColor: .clear)
    }

    /// This configuration adapted to `state` (`updated(for:)`): a factory's selected and
    /// highlighted look (table above), for the colour unless you set one; a configuration
    /// made with `init()` keeps its colour.
    public func updated(for state: any ConfigurationState) -> BackgroundConfiguration {
        guard !customizesBackgroundColor, let cell = state as? CellConfigurationState else { return self }
        var updated = self
        let pressed = cell.isSelected || cell.isHighlighted
        switch style {
        case .custom, .listHeaderFooter:
            break
        case .listPlainCell:
            updated.stateBackgroundColor = pressed ? Self.selectionGray : .systemBackground
        case .listGroupedCell:
            updated.stateBackgroundColor = pressed ? Self.selectionGray : Self.groupedCellBackground
        case .listSidebarCell:
            updated.stateBackgroundColor = cell.isSelected ? nil : cell.isHighlighted ? Self.selectionGray : .clear
        }
        return updated
    }

    /// The fill for a view whose tint colour is `tintColor` (`resolvedBackgroundColor(for:)`):
    /// `backgroundColor`, or `tintColor` when that is nil, through the
    /// `backgroundColorTransformer`.
    public func resolvedBackgroundColor(for tintColor: Color) -> Color {
        let base = backgroundColor ?? tintColor
        return backgroundColorTransformer.map { $0(base) } ?? base
    }

    /// The stroke for a view whose tint colour is `tintColor` (`resolvedStrokeColor(for:)`):
    /// `strokeColor`, or `tintColor` when that is nil, through the `strokeColorTransformer`.
    public func resolvedStrokeColor(for tintColor: Color) -> Color {
        let base = strokeColor ?? tintColor
        return strokeColorTransformer.map { $0(base) } ?? base
    }

    /// UIKit's `systemGray4`, what list cells show while selected.
    static let selectionGray = Color { traits in
        traits.userInterfaceStyle == .dark
            ? Color(red: 58 / 255, green: 58 / 255, blue: 60 / 255) : Color(red: 209 / 255, green: 209 / 255, blue: 214 / 255)
    }

    /// UIKit's `secondarySystemGroupedBackground`, a grouped list's cells.
    static let groupedCellBackground = Color { traits in
        traits.userInterfaceStyle == .dark ? Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255) : .white
    }
}

/// The view showing a cell's background configuration: the cell's `backgroundView`.
final class BackgroundConfigurationView: View {
    var configuration: BackgroundConfiguration {
        didSet { apply() }
    }

    /// The fill and stroke, at the configuration's insets.
    let fill = View()

    init(configuration: BackgroundConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        identifier = "backgroundConfiguration"
        isUserInteractionEnabled = false
        addSubview(fill)
        apply()
    }

    override func tintColorDidChange() { apply() }

    override func layoutSubviews() {
        super.layoutSubviews()
        placeFill()
    }

    private func apply() {
        let tint: Color = tintColor
        fill.backgroundColor = configuration.resolvedBackgroundColor(for: tint)
        fill.cornerStyle = configuration.cornerRadius > 0 ? .radius(configuration.cornerRadius) : .square
        fill.clipsToBounds = configuration.cornerRadius > 0
        fill.borderWidth = max(0, configuration.strokeWidth)
        fill.borderColor = configuration.strokeWidth > 0 ? configuration.resolvedStrokeColor(for: tint) : nil
        if let custom = configuration.customView, custom.superview !== fill {
            for old in fill.subviews { old.removeFromSuperview() }
            fill.addSubview(custom)
        } else if configuration.customView == nil {
            for old in fill.subviews { old.removeFromSuperview() }
        }
        placeFill()
    }

    private func placeFill() {
        let insets = configuration.backgroundInsets
        let left = effectiveLayoutDirection == .rightToLeft ? insets.trailing : insets.leading
        let frame = Rect(
            x: left, y: insets.top,
            width: max(0, bounds.width - insets.leading - insets.trailing),
            height: max(0, bounds.height - insets.top - insets.bottom))
        if fill.frame != frame { fill.frame = frame }
        if let custom = configuration.customView, custom.frame != fill.bounds { custom.frame = fill.bounds }
    }
}
