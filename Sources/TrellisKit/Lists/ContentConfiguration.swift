import Trellis

/// A description of a cell's content that makes and updates the view showing it
/// (`UIContentConfiguration`). Set one as a cell's
/// ``CollectionViewCell/contentConfiguration``: the cell's `contentView` becomes the view
/// the configuration makes, and later configurations of a type that view supports are
/// applied to it in place.
public protocol ContentConfiguration {
    /// A new view showing this configuration (`makeContentView()`).
    func makeContentView() -> any View & ContentView

    /// This configuration adapted to `state` (selected, highlighted, the traits…)
    /// (`updated(for:)`). A cell whose `automaticallyUpdatesContentConfiguration` is true
    /// calls it whenever its configuration state changes.
    func updated(for state: any ConfigurationState) -> Self
}

/// A view that shows a content configuration (`UIContentView`).
public protocol ContentView: AnyObject {
    /// The configuration shown; setting it updates the view.
    var configuration: any ContentConfiguration { get set }

    /// Whether the view can show `configuration` in place (`supports(_:)`); true by
    /// default for a configuration of the same type as the current one.
    func supports(_ configuration: any ContentConfiguration) -> Bool
}

extension ContentView {
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}
