import Trellis
import TrellisText

/// A view a list cell shows beside its content (`UICellAccessory`): a disclosure
/// indicator, a checkmark, an outline disclosure, editing controls, a label, a detail
/// button or a view of your own. Set them as ``ListCell/accessories``.
///
/// Each accessory takes its width in the cell's layout: the content view is narrowed by
/// the accessories shown, so long text shortens (or wraps) to make room, as in UIKit.
/// They are placed in UIKit's system order from the cell's edge inward, whatever their
/// order in the array — leading: delete, insert, multiselect, then the outline disclosure
/// (cell style), then custom views; trailing: the disclosure indicator and the outline
/// disclosure (header style) at the edge, then reorder, checkmark, detail, label, then
/// custom views. Accessories of the same rank keep their order in the array.
///
/// Differs from UIKit: the glyphs are text (›, ✓, ▸/▾, −, +, ≡, an "i" in a ring), not SF Symbols;
/// the reorder accessory is a handle to look at — dragging is the host's, through the
/// collection view's interactive movement; the pop-up menu is shown by the host (see
/// ``CollectionView/menuPresenter``).
public struct CellAccessory {
    /// When an accessory shows (`UICellAccessory.DisplayedState`).
    public enum DisplayedState: String, Hashable, Sendable, CaseIterable {
        case always
        case whenEditing
        case whenNotEditing

        /// Whether an accessory in this state shows while the collection view's editing is
        /// `isEditing`.
        public func shows(isEditing: Bool) -> Bool {
            switch self {
            case .always: true
            case .whenEditing: isEditing
            case .whenNotEditing: !isEditing
            }
        }
    }

    /// The width an accessory takes (`UICellAccessory.LayoutDimension`).
    public enum LayoutDimension: Hashable, Sendable {
        /// At least the system's standard width for the accessory (Trellis: 24 points),
        /// so the same accessories line up from row to row.
        case standard
        /// Its content's own width.
        case actual
        /// Exactly this many points.
        case custom(Double)
    }

    /// Which edge a custom view goes to (`UICellAccessory.Placement`).
    public enum Placement: Hashable, Sendable {
        case leading(displayed: DisplayedState = .always)
        case trailing(displayed: DisplayedState = .always)
    }

    /// Options of the outline disclosure (`UICellAccessory.OutlineDisclosureOptions`).
    public struct OutlineDisclosureOptions: Hashable {
        /// How the disclosure looks and where it goes (`OutlineDisclosureOptions.Style`).
        public enum Style: String, Hashable, Sendable, CaseIterable {
            /// `.header` in the header row of a list whose `headerMode` is
            /// `.firstItemInSection`, `.cell` elsewhere, as UIKit decides.
            case automatic
            /// A section header's: trailing, and the whole cell toggles when pressed.
            case header
            /// An item's: leading, only the accessory toggles.
            case cell
        }

        public var style: Style
        public var isHidden: Bool
        public var reservedLayoutWidth: LayoutDimension
        public var tintColor: Color?

        public init(style: Style = .automatic, isHidden: Bool = false, reservedLayoutWidth: LayoutDimension = .standard, tintColor: Color? = nil) {
            self.style = style
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
        }
    }

    /// The options most accessories share (UIKit's `DisclosureIndicatorOptions`,
    /// `CheckmarkOptions`, `DeleteOptions`, `InsertOptions`, `ReorderOptions`,
    /// `MultiselectOptions`, `LabelOptions`, `DetailOptions` — one type here; a field an
    /// accessory does not use is ignored).
    public struct Options: Hashable {
        public var isHidden: Bool
        public var reservedLayoutWidth: LayoutDimension
        /// The glyph's or text's colour; nil for the accessory's own (the tint colour for
        /// the checkmark and detail, secondary label for the others).
        public var tintColor: Color?
        /// The fill behind the glyph of delete (red), insert (green) and a selected
        /// multiselect (the tint colour); nil for that default.
        public var backgroundColor: Color?
        /// The label accessory's font; nil (the default) for the body text style in the
        /// system font, which follows the trait collection's system font and text size as
        /// a list content configuration's factory fonts do. A font you set keeps its size.
        public var font: Font?

        public init(
            isHidden: Bool = false, reservedLayoutWidth: LayoutDimension = .standard, tintColor: Color? = nil,
            backgroundColor: Color? = nil, font: Font? = nil
        ) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
            self.font = font
        }
    }

    public typealias DisclosureIndicatorOptions = Options
    public typealias CheckmarkOptions = Options
    public typealias DeleteOptions = Options
    public typealias InsertOptions = Options
    public typealias ReorderOptions = Options
    public typealias MultiselectOptions = Options
    public typealias LabelOptions = Options
    public typealias DetailOptions = Options
    public typealias PopUpMenuOptions = Options

    /// What runs when a person's choice in a pop-up menu accessory changed its selected
    /// elements (`UICellAccessory.MenuSelectedElementDidChangeHandler`).
    public typealias MenuSelectedElementDidChangeHandler = (Menu) -> Void

    /// A view of your own as an accessory (`UICellAccessory.CustomViewConfiguration`).
    public struct CustomViewConfiguration {
        public var customView: View
        public var placement: Placement
        public var isHidden: Bool
        public var reservedLayoutWidth: LayoutDimension
        public var tintColor: Color?
        /// Keep the view's own size (its frame) rather than its intrinsic size.
        public var maintainsFixedSize: Bool

        public init(
            customView: View, placement: Placement, isHidden: Bool = false, reservedLayoutWidth: LayoutDimension = .standard,
            tintColor: Color? = nil, maintainsFixedSize: Bool = false
        ) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    /// What the accessory is.
    public enum Kind {
        case disclosureIndicator
        case checkmark
        case outlineDisclosure(OutlineDisclosureOptions)
        case delete
        case insert
        case reorder
        case multiselect
        case label(String)
        case detail
        case customView(CustomViewConfiguration)
        case popUpMenu(Menu)
    }

    /// What the accessory is and shows (`accessoryType`).
    public let kind: Kind
    /// When it shows (`displayedState`).
    public let displayedState: DisplayedState
    let options: Options
    let actionHandler: (() -> Void)?
    let menuSelectionHandler: MenuSelectedElementDidChangeHandler?

    private init(
        _ kind: Kind, displayed: DisplayedState, options: Options, actionHandler: (() -> Void)? = nil,
        menuSelectionHandler: MenuSelectedElementDidChangeHandler? = nil
    ) {
        self.kind = kind
        self.displayedState = displayed
        self.options = options
        self.actionHandler = actionHandler
        self.menuSelectionHandler = menuSelectionHandler
    }

    /// A chevron that the row leads somewhere (`.disclosureIndicator(displayed:options:)`).
    public static func disclosureIndicator(displayed: DisplayedState = .always, options: Options = Options()) -> CellAccessory {
        CellAccessory(.disclosureIndicator, displayed: displayed, options: options)
    }

    /// A checkmark in the tint colour (`.checkmark(displayed:options:)`).
    public static func checkmark(displayed: DisplayedState = .always, options: Options = Options()) -> CellAccessory {
        CellAccessory(.checkmark, displayed: displayed, options: options)
    }

    /// The disclosure of an outline item (`.outlineDisclosure(displayed:options:actionHandler:)`):
    /// pressing it calls `actionHandler`, or — without one — expands or collapses the
    /// item through its diffable data source's section snapshot, as UIKit's does
    /// (`userToggleExpansion(of:)`: the section snapshot handlers are asked and told).
    /// It points down while the item is expanded.
    public static func outlineDisclosure(
        displayed: DisplayedState = .always, options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
        actionHandler: (() -> Void)? = nil
    ) -> CellAccessory {
        CellAccessory(
            .outlineDisclosure(options), displayed: displayed,
            options: Options(isHidden: options.isHidden, reservedLayoutWidth: options.reservedLayoutWidth, tintColor: options.tintColor),
            actionHandler: actionHandler)
    }

    /// A red delete control, while editing by default (`.delete(displayed:options:actionHandler:)`):
    /// pressing it calls `actionHandler`, or — without one — reveals the item's trailing
    /// swipe actions, as in UIKit.
    public static func delete(
        displayed: DisplayedState = .whenEditing, options: Options = Options(), actionHandler: (() -> Void)? = nil
    ) -> CellAccessory {
        CellAccessory(.delete, displayed: displayed, options: options, actionHandler: actionHandler)
    }

    /// A green insert control, while editing by default (`.insert(displayed:options:actionHandler:)`).
    public static func insert(
        displayed: DisplayedState = .whenEditing, options: Options = Options(), actionHandler: (() -> Void)? = nil
    ) -> CellAccessory {
        CellAccessory(.insert, displayed: displayed, options: options, actionHandler: actionHandler)
    }

    /// A reorder handle, while editing by default (`.reorder(displayed:options:)`).
    public static func reorder(displayed: DisplayedState = .whenEditing, options: Options = Options()) -> CellAccessory {
        CellAccessory(.reorder, displayed: displayed, options: options)
    }

    /// A selection circle, filled while the cell is selected, while editing by default
    /// (`.multiselect(displayed:options:)`).
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: Options = Options()) -> CellAccessory {
        CellAccessory(.multiselect, displayed: displayed, options: options)
    }

    /// A text in the secondary colour (`.label(text:displayed:options:)`).
    public static func label(text: String, displayed: DisplayedState = .always, options: Options = Options()) -> CellAccessory {
        CellAccessory(.label(text), displayed: displayed, options: options)
    }

    /// An info button in the tint colour (`.detail(displayed:options:actionHandler:)`).
    public static func detail(
        displayed: DisplayedState = .always, options: Options = Options(), actionHandler: (() -> Void)? = nil
    ) -> CellAccessory {
        CellAccessory(.detail, displayed: displayed, options: options, actionHandler: actionHandler)
    }

    /// A pop-up menu (`.popUpMenu(_:displayed:options:selectedElementDidChangeHandler:)`,
    /// iOS 16): the trailing accessory shows the title of the menu's selected action and a
    /// chevron, and a press anywhere on the cell asks the collection view's host to show
    /// the menu (``CollectionView/menuPresenter``). Choosing an action runs its handler,
    /// turns it on and the others off in a `.singleSelection` menu, and calls
    /// `selectedElementDidChangeHandler` when the selection changed. A single-selection
    /// menu with no action on gets its first action turned on, as UIKit's pop-up button
    /// selects its first element.
    public static func popUpMenu(
        _ menu: Menu, displayed: DisplayedState = .always, options: PopUpMenuOptions = PopUpMenuOptions(),
        selectedElementDidChangeHandler: MenuSelectedElementDidChangeHandler? = nil
    ) -> CellAccessory {
        if menu.options.contains(.singleSelection), menu.selectedElements.isEmpty,
           let first = menu.actions.first(where: { $0.attributes.isDisjoint(with: [.disabled, .hidden]) }) {
            first.state = .on
        }
        return CellAccessory(.popUpMenu(menu), displayed: displayed, options: options, menuSelectionHandler: selectedElementDidChangeHandler)
    }

    /// A view of your own (`.customView(configuration:)`).
    public static func customView(configuration: CustomViewConfiguration) -> CellAccessory {
        let displayed: DisplayedState
        switch configuration.placement {
        case .leading(let state), .trailing(let state): displayed = state
        }
        return CellAccessory(
            .customView(configuration), displayed: displayed,
            options: Options(isHidden: configuration.isHidden, reservedLayoutWidth: configuration.reservedLayoutWidth, tintColor: configuration.tintColor))
    }

    // MARK: Placement

    /// Whether the accessory goes on the leading edge.
    var isLeading: Bool {
        switch kind {
        case .delete, .insert, .multiselect: true
        case .outlineDisclosure(let options): options.style != .header
        case .customView(let configuration):
            if case .leading = configuration.placement { true } else { false }
        default: false
        }
    }

    var isOutlineDisclosure: Bool {
        if case .outlineDisclosure = kind { true } else { false }
    }

    /// The place from the edge inward (smaller is nearer the edge).
    var rank: Int {
        switch kind {
        case .delete, .insert, .multiselect: 0
        case .outlineDisclosure(let options): options.style == .header ? 0 : 1
        case .disclosureIndicator, .popUpMenu: 0
        case .reorder: 1
        case .checkmark: 2
        case .detail: 3
        case .label: 4
        case .customView: 5
        }
    }

    /// The standard width (`LayoutDimension.standard`).
    static let standardWidth: Double = 24
}
