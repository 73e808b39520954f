import Trellis

/// What a configuration adapts to (`UIConfigurationState`): the traits, and whatever else
/// the conforming state adds. Content and background configurations take it in
/// `updated(for:)`.
public protocol ConfigurationState {
    /// The traits of the view the state belongs to.
    var traitCollection: TraitCollection { get set }
}

/// The state of a cell that its configurations adapt to (`UICellConfigurationState`): a
/// value the cell builds on demand (``CollectionViewCell/configurationState``) from the
/// cell and the collection view displaying it.
///
/// | field | comes from |
/// |---|---|
/// | `isSelected`, `isHighlighted` | the cell's `isSelected`, `isHighlighted` (set by the collection view) |
/// | `isFocused` | the cell's `isFocused` (a host with keyboard focus sets it) |
/// | `isDisabled` | the cell's `isUserInteractionEnabled` being false |
/// | `isEditing` | the collection view's `isEditing` |
/// | `isExpanded` | the item's expansion in its section snapshot (diffable data source) |
/// | `isSwiped` | the item's swipe actions being revealed (``CollectionView/revealSwipeActions(forItemAt:edge:)``) |
/// | `isReordering` | the item being moved interactively (`beginInteractiveMovementForItem(at:)`) |
public struct CellConfigurationState: ConfigurationState, Hashable {
    public var traitCollection: TraitCollection
    public var isSelected = false
    public var isHighlighted = false
    public var isFocused = false
    public var isDisabled = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false

    public init(traitCollection: TraitCollection) {
        self.traitCollection = traitCollection
    }
}
