import Trellis

/// An element of a menu (`UIMenuElement`): an ``Action`` a person can choose, or a
/// ``Menu`` of further elements. Elements are objects, as in UIKit: an action's `state`
/// changed by the menu (a single-selection menu's choice) is seen by everyone holding it.
public class MenuElement {
    /// Whether an element is chosen (`UIMenuElement.State`): a checkmark beside it.
    public enum State: Int, Hashable, Sendable, CaseIterable {
        case off
        case on
        case mixed
    }

    /// What the element shows.
    public var title: String
    /// A picture shown beside the title (a GTK host shows titles only).
    public var image: Image?

    init(title: String, image: Image?) {
        self.title = title
        self.image = image
    }
}

/// An element that runs a handler when chosen (`UIAction`).
public final class Action: MenuElement {
    /// What runs when the action is chosen (`UIActionHandler`).
    public typealias Handler = (Action) -> Void

    /// A name for the action that does not change with its title (`UIAction.Identifier`).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How the action looks and behaves (`UIMenuElement.Attributes`).
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Shown, but cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in a destructive style (a GTK host shows it as the others).
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    /// The identifier given, or one of the action's own (unique while it lives).
    public var identifier: Identifier {
        givenIdentifier ?? Identifier("action-\(UInt(bitPattern: ObjectIdentifier(self).hashValue))")
    }
    private let givenIdentifier: Identifier?
    public var attributes: Attributes
    /// Whether the action is chosen; a single-selection menu sets it when a person chooses.
    public var state: MenuElement.State
    public let handler: Handler

    /// (`UIAction(title:image:identifier:attributes:state:handler:)`) Without an
    /// identifier, each action gets one of its own.
    public init(
        title: String = "", image: Image? = nil, identifier: Identifier? = nil, attributes: Attributes = [],
        state: MenuElement.State = .off, handler: @escaping Handler
    ) {
        givenIdentifier = identifier
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }
}

/// A menu: a title and elements, actions and submenus (`UIMenu`).
public final class Menu: MenuElement {
    /// How the menu shows and behaves (`UIMenu.Options`).
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Its elements shown in its parent, between separators, not as a submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Shown in a destructive style (a GTK host shows it as the others).
        public static let destructive = Options(rawValue: 1 << 1)
        /// One action at a time is chosen (`state == .on`): choosing one turns the
        /// others below this menu off (iOS 15).
        public static let singleSelection = Options(rawValue: 1 << 5)
    }

    public let options: Options
    public let children: [MenuElement]

    /// (`UIMenu(title:image:options:children:)`)
    public init(title: String = "", image: Image? = nil, options: Options = [], children: [MenuElement] = []) {
        self.options = options
        self.children = children
        super.init(title: title, image: image)
    }

    /// The actions below this menu whose state is on, in menu order (`selectedElements`,
    /// iOS 16).
    public var selectedElements: [MenuElement] {
        actions.filter { $0.state != .off }
    }

    /// Every action below this menu (in submenus too), in menu order.
    var actions: [Action] {
        children.flatMap { element -> [Action] in
            if let action = element as? Action { return [action] }
            return (element as? Menu)?.actions ?? []
        }
    }

    /// The nearest menu from this one down to `action` that has `.singleSelection`: the
    /// one whose actions a choice of `action` turns off.
    func singleSelectionScope(of action: Action) -> Menu? {
        for child in children {
            if child === action { return options.contains(.singleSelection) ? self : nil }
            if let menu = child as? Menu, menu.actions.contains(where: { $0 === action }) {
                return menu.singleSelectionScope(of: action) ?? (options.contains(.singleSelection) ? self : nil)
            }
        }
        return nil
    }

    /// A person chose `action`, one of this menu's: a single-selection scope turns it on
    /// and the others off, then the handler runs. Returns whether the selected elements
    /// changed; nothing happens for a disabled, hidden or foreign action.
    @discardableResult
    func choose(_ action: Action) -> Bool {
        guard actions.contains(where: { $0 === action }), action.attributes.isDisjoint(with: [.disabled, .hidden]) else { return false }
        let before = selectedElements.map(ObjectIdentifier.init)
        if let scope = singleSelectionScope(of: action) {
            for other in scope.actions { other.state = other === action ? .on : .off }
        }
        action.handler(action)
        return selectedElements.map(ObjectIdentifier.init) != before
    }

    /// The title a pop-up menu shows: the first selected action's.
    package var selectedTitle: String? {
        (selectedElements.first as? Action)?.title
    }
}

/// A pop-up menu a cell asks its collection view to show (a
/// ``CellAccessory/popUpMenu(_:displayed:options:selectedElementDidChangeHandler:)`` was
/// activated): the host — a GTK window's popover — shows ``menu`` beside ``sourceRect``
/// and calls ``choose(_:)`` with the action a person picks, or ``dismiss()`` when the menu
/// closes without a choice. The collection view's ``CollectionView/presentedMenu`` is this
/// until then.
public final class MenuPresentation {
    public let menu: Menu
    /// The item whose cell asked.
    public let indexPath: IndexPath
    /// The accessory's frame, in the collection view's content coordinates (those of the
    /// cells' frames).
    public let sourceRect: Rect
    let selectionDidChange: ((Menu) -> Void)?
    weak var collectionView: CollectionView?

    init(menu: Menu, indexPath: IndexPath, sourceRect: Rect, selectionDidChange: ((Menu) -> Void)?, collectionView: CollectionView) {
        self.menu = menu
        self.indexPath = indexPath
        self.sourceRect = sourceRect
        self.selectionDidChange = selectionDidChange
        self.collectionView = collectionView
    }

    /// A person chose `action`: as UIKit's pop-up menu, a single-selection menu turns it
    /// on and its other actions off, the action's handler runs, then — when the selection
    /// changed — the accessory's `selectedElementDidChangeHandler`; the cell shows the new
    /// title and the menu closes. Returns false, changing nothing but closing the menu,
    /// for an action that is not the menu's, disabled or hidden.
    @discardableResult
    public func choose(_ action: Action) -> Bool {
        let chosen = menu.actions.contains { $0 === action } && action.attributes.isDisjoint(with: [.disabled, .hidden])
        var changed = false
        if chosen {
            changed = menu.choose(action)
            if changed { selectionDidChange?(menu) }
        }
        if let collectionView {
            collectionView.cellForItem(at: indexPath)?.setNeedsUpdateConfiguration()
            collectionView.setNeedsLayout()
        }
        dismiss()
        return chosen
    }

    /// The menu closed without a choice (Escape, a click elsewhere), or after one.
    public func dismiss() {
        guard let collectionView, collectionView.presentedMenu === self else { return }
        collectionView.presentedMenu = nil
    }
}

extension CollectionView {
    /// A cell's pop-up menu accessory was activated: the presentation becomes
    /// ``presentedMenu`` and goes to ``menuPresenter``, which shows it.
    func presentMenu(_ presentation: MenuPresentation) {
        presentedMenu?.dismiss()
        presentedMenu = presentation
        menuPresenter?(presentation)
    }

    /// Activates the pop-up menu accessory of the item's cell, as a tap on the cell would
    /// (what Enter or Space on the focused item does in a GTK window); false when the cell
    /// is not displayed or shows no pop-up menu.
    package func userPresentMenu(ofItemAt indexPath: IndexPath) -> Bool {
        cellForItem(at: indexPath)?.pressPopUpMenu() ?? false
    }
}
