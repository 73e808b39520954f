import Trellis

/// An action shown when the user swipes a row (`UIContextualAction`): a title or image on
/// a coloured button; its handler runs when the user picks it (or swipes fully on the
/// first action) and calls the completion handler with whether it was performed.
public final class ContextualAction {
    /// How the action looks and behaves (`UIContextualAction.Style`).
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Gray by default.
        case normal
        /// Red by default; performing it is expected to remove the row.
        case destructive
    }

    /// The closure run when the action is performed (`UIContextualAction.Handler`): the
    /// action, the view showing it (the swiped cell here) and the completion handler to
    /// call with true when the action was performed, which closes the swipe.
    public typealias Handler = (_ action: ContextualAction, _ sourceView: View, _ completionHandler: @escaping (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    public var image: Image?
    /// The button's colour; red for `.destructive` and gray for `.normal` by default.
    public var backgroundColor: Color
    public let handler: Handler

    /// (`UIContextualAction(style:title:handler:)`)
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .red : Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255)
    }
}

/// The actions revealed by swiping a row from one edge (`UISwipeActionsConfiguration`):
/// the first action is nearest the edge the swipe started from.
public struct SwipeActionsConfiguration {
    public let actions: [ContextualAction]
    /// Whether a full swipe performs the first action (`performsFirstActionWithFullSwipe`,
    /// true by default).
    public var performsFirstActionWithFullSwipe = true

    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}

/// The edge a row is swiped from: leading actions are revealed by swiping towards the
/// trailing edge.
public enum SwipeEdge: String, Hashable, Sendable, CaseIterable {
    case leading
    case trailing
}

/// The swipe actions revealed on an item.
struct RevealedSwipeActions {
    var indexPath: IndexPath
    var edge: SwipeEdge
    var configuration: SwipeActionsConfiguration
}

/// A collection view's swipe actions: which are revealed.
struct SwipeState {
    var revealed: RevealedSwipeActions?
}

extension CompositionalListConfiguration {
    /// The closure that gives the actions revealed by swiping a row from one edge
    /// (`UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider`); nil from
    /// it: no actions for that row.
    public typealias SwipeActionsConfigurationProvider = (_ indexPath: IndexPath) -> SwipeActionsConfiguration?

    /// The actions revealed by swiping a row towards the trailing edge
    /// (`leadingSwipeActionsConfigurationProvider`). Runs where the collection view runs,
    /// when a host reveals or performs a swipe (``CollectionView/revealSwipeActions(forItemAt:edge:)``).
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider? {
        get { swipeActionsProviders.leading.map(Self.typed) }
        set { swipeActionsProviders.leading = newValue.map(Self.erased) }
    }

    /// The actions revealed by swiping a row towards the leading edge
    /// (`trailingSwipeActionsConfigurationProvider`).
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider? {
        get { swipeActionsProviders.trailing.map(Self.typed) }
        set { swipeActionsProviders.trailing = newValue.map(Self.erased) }
    }

    private static func erased(_ provider: @escaping SwipeActionsConfigurationProvider) -> ListSwipeActionsProviders.Provider {
        ListSwipeActionsProviders.Provider { provider($0) }
    }

    private static func typed(_ provider: ListSwipeActionsProviders.Provider) -> SwipeActionsConfigurationProvider {
        { provider.actions($0) as? SwipeActionsConfiguration }
    }
}
