import Trellis

extension CollectionViewCell {
    /// The closure a cell calls after updating its configurations
    /// (`UICollectionViewCell.ConfigurationUpdateHandler`).
    public typealias ConfigurationUpdateHandler = (_ cell: CollectionViewCell, _ state: CellConfigurationState) -> Void

    /// The cell's current state, built from the cell and the collection view that handed
    /// it out (`configurationState`); see ``CellConfigurationState`` for where each field
    /// comes from.
    /// - Complexity: O(1) on average (one hash lookup for the expansion).
    public var configurationState: CellConfigurationState {
        var state = CellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isFocused = isFocused
        state.isDisabled = !isUserInteractionEnabled
        if let collectionView = configurationOwner, let indexPath = displayedIndexPath ?? configurationIndexPath {
            state.isEditing = collectionView.isEditing
            state.isExpanded = collectionView.isItemExpanded(at: indexPath)
            state.isSwiped = collectionView.swipedItem == indexPath
            state.isReordering = collectionView.interactiveMovement?.current == indexPath
        }
        return state
    }

    /// Asks for `updateConfiguration(using:)` with the current state before the cell is
    /// next measured, positioned or laid out (`setNeedsUpdateConfiguration()`); the
    /// collection view calls it when the selection, highlight, editing, expansion or swipe
    /// of the item changes. Cheap to call repeatedly.
    public func setNeedsUpdateConfiguration() {
        guard !needsConfigurationUpdate else { return }
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Runs a pending configuration update now: the automatic updates of the content and
    /// background configurations, then `updateConfiguration(using:)`, then the
    /// `configurationUpdateHandler`, all with the same state (UIKit's order).
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        configurationStateWillApply(state)
        if automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration {
            setContentConfigurationKeepingUpdate(configuration.updated(for: state))
        }
        if automaticallyUpdatesBackgroundConfiguration, let configuration = backgroundConfiguration {
            setBackgroundConfigurationKeepingUpdate(configuration.updated(for: state))
        }
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
        // A new state (selected, expanded, editing…) can change what the cell reads as
        // without changing its views' text (its expanded status comes from its item).
        accessibleContentDidChange()
    }

    /// Sets a configuration from inside the update without asking for another one.
    private func setContentConfigurationKeepingUpdate(_ configuration: any ContentConfiguration) {
        isApplyingAutomaticUpdate = true
        contentConfiguration = configuration
        isApplyingAutomaticUpdate = false
    }

    private func setBackgroundConfigurationKeepingUpdate(_ configuration: BackgroundConfiguration) {
        isApplyingAutomaticUpdate = true
        backgroundConfiguration = configuration
        isApplyingAutomaticUpdate = false
    }

    /// Shows the new content configuration: in place when the content view supports it,
    /// else in a new content view that takes the old one's place among the subviews.
    /// A configuration set by the app is first adapted to the current state (when
    /// updating automatically), so a selected cell given a sidebar configuration shows it
    /// selected at once.
    func contentConfigurationDidChange() {
        guard var configuration = contentConfiguration else { return }
        if automaticallyUpdatesContentConfiguration, !isApplyingAutomaticUpdate {
            configuration = configuration.updated(for: configurationState)
        }
        if let current = contentView as? any View & ContentView, current.supports(configuration) {
            current.configuration = configuration
            return
        }
        let replacement = configuration.makeContentView()
        let old = contentView
        let index = subviews.firstIndex { $0 === old } ?? subviews.count
        old.removeFromSuperview()
        replacement.identifier = replacement.identifier ?? "contentView"
        contentView = replacement
        if replacement.translatesAutoresizingMaskIntoConstraints {
            replacement.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            replacement.frame = bounds
        }
        insertSubview(replacement, at: index)
        contentViewDidChange(from: old)
    }

    func backgroundConfigurationDidChange(from old: BackgroundConfiguration?) {
        guard var configuration = backgroundConfiguration else {
            if backgroundView is BackgroundConfigurationView { backgroundView = nil }
            return
        }
        if automaticallyUpdatesBackgroundConfiguration, !isApplyingAutomaticUpdate {
            configuration = configuration.updated(for: configurationState)
        }
        if let view = backgroundView as? BackgroundConfigurationView {
            view.configuration = configuration
        } else {
            // As in UIKit, a background configuration replaces both background views.
            selectedBackgroundView = nil
            backgroundView = BackgroundConfigurationView(configuration: configuration)
        }
    }
}
