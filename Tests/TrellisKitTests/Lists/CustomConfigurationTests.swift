import Testing
import Trellis
@testable import TrellisKit

// Apple's Custom Configurations screen, ported: a content configuration and content view
// of the app's own, and a list cell subclass that rebuilds its configurations in
// `updateConfiguration(using:)` from a property whose change calls
// `setNeedsUpdateConfiguration()`. UIKit's documented contract: the cell calls
// `updateConfiguration(using:)` with its current state whenever that state changes; a
// content view that supports the new configuration is kept and given it.

private struct SwatchConfiguration: ContentConfiguration, Hashable {
    var name = ""
    var color: Color = .gray
    var isEmphasized = false

    func makeContentView() -> any View & ContentView { SwatchView(configuration: self) }

    func updated(for state: any ConfigurationState) -> SwatchConfiguration {
        guard let state = state as? CellConfigurationState else { return self }
        var updated = self
        updated.isEmphasized = state.isSelected || state.isHighlighted
        return updated
    }
}

private final class SwatchView: View, ContentView {
    let swatch = View()
    let label = Label()
    private(set) var applied = 0

    var configuration: any ContentConfiguration {
        didSet { apply() }
    }

    init(configuration: SwatchConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        for view in [swatch, label] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        LayoutConstraint.activate([
            swatch.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            swatch.widthAnchor.constraint(equalToConstant: 30),
            swatch.heightAnchor.constraint(equalToConstant: 30),
            swatch.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
            swatch.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
            label.leadingAnchor.constraint(equalTo: swatch.trailingAnchor, constant: 8),
            label.centerYAnchor.constraint(equalTo: swatch.centerYAnchor),
        ])
        apply()
    }

    private func apply() {
        guard let configuration = configuration as? SwatchConfiguration else { return }
        applied += 1
        swatch.backgroundColor = configuration.color
        swatch.borderWidth = configuration.isEmphasized ? 3 : 0
        label.text = configuration.name
    }
}

private final class SwatchCell: ListCell {
    var swatch: (name: String, color: Color)? {
        didSet { setNeedsUpdateConfiguration() }
    }
    private(set) var states: [CellConfigurationState] = []

    override func updateConfiguration(using state: CellConfigurationState) {
        states.append(state)
        var content = SwatchConfiguration().updated(for: state)
        content.name = swatch?.name ?? ""
        content.color = swatch?.color ?? .gray
        contentConfiguration = content
        var background = BackgroundConfiguration.listPlainCell().updated(for: state)
        if state.isSelected { background.backgroundColor = swatch?.color.withAlphaComponent(0.2) }
        backgroundConfiguration = background
    }
}

@MainActor
struct CustomConfigurationTests {
    @Test func aCellSubclassRebuildsItsConfigurationsForEachState() throws {
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 390, height: 400),
            layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain)))
        let registration = CollectionView.CellRegistration<SwatchCell, String> { cell, _, item in
            cell.swatch = (item, item == "Red" ? .red : .black)
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Red", "Black"])
        try dataSource.apply(snapshot)
        collection.layoutIfNeeded()

        let cell = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? SwatchCell)
        let view = try #require(cell.contentView as? SwatchView)
        #expect(view.label.text == "Red" && view.swatch.backgroundColor == .red && view.swatch.borderWidth == 0)
        // Self-sized to the custom view's constraints: the cell's margins (8) around the swatch.
        #expect(cell.frame.height == 8 + 30 + 8)
        let updates = cell.states.count

        try collection.selectItem(at: IndexPath(item: 0, section: 0))
        collection.layoutIfNeeded()
        #expect(cell.states.count == updates + 1)
        #expect(cell.states.last?.isSelected == true)
        #expect(cell.contentView === view)  // supported: the same view, given the new configuration
        #expect(view.swatch.borderWidth == 3)
        #expect((cell.backgroundView as? BackgroundConfigurationView)?.fill.backgroundColor == Color.red.withAlphaComponent(0.2))

        // A property the cell's configuration depends on asks for an update itself.
        cell.swatch = ("Crimson", .red)
        collection.layoutIfNeeded()
        #expect(view.label.text == "Crimson")
    }
}
