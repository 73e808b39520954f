import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// The pop-up menu accessory (`UICellAccessory.popUpMenu`, iOS 16) driven as a UIKit app
// and a person drive it: a `Menu` of `Action`s with `.singleSelection`, a tap anywhere on
// the cell asks for the menu, a choice runs the action's handler, moves the checkmark and
// calls `selectedElementDidChangeHandler`. The oracle is Apple's documentation: the
// accessory is trailing and shows the selected element's title; a single-selection menu
// has one element on at a time; the selection handler runs when the selection changes.

@MainActor
private final class SettingsScreen {
    let collection: CollectionView
    let dataSource: CollectionViewDiffableDataSource<Int, String>
    var accessories: [String: [CellAccessory]] = [:]
    var presented: [MenuPresentation] = []

    init(rows: [String: [CellAccessory]]) throws {
        accessories = rows
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 390, height: 600),
            layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .insetGrouped)))
        self.collection = collection
        var lookup: (String) -> [CellAccessory] = { _ in [] }
        let registration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = lookup(item)
        }
        dataSource = CollectionViewDiffableDataSource(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        lookup = { [unowned self] item in self.accessories[item] ?? [] }
        collection.menuPresenter = { [unowned self] presentation in self.presented.append(presentation) }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(rows.keys.sorted())
        try dataSource.apply(snapshot, animatingDifferences: false)
        collection.layoutIfNeeded()
    }

    func cell(_ item: Int) -> ListCell { collection.cellForItem(at: IndexPath(item: item, section: 0)) as! ListCell }

    func popUp(of cell: ListCell) -> AccessoryView? {
        cell.subviews.compactMap { $0 as? AccessoryView }.first { $0.accessory.identifierName == "popUpMenu" && !$0.isHidden }
    }

    /// A tap (press and release) at `point`, in content coordinates.
    func tap(_ point: Point) throws {
        collection.beginInteraction(at: point)
        try collection.endInteraction(at: point)
        collection.layoutIfNeeded()
    }

    func centre(of view: View) -> Point {
        let frame = view.convert(view.bounds, to: collection)
        return Point(x: frame.midX + collection.bounds.minX, y: frame.midY + collection.bounds.minY)
    }
}

@MainActor
struct PopUpMenuAccessoryTests {
    private func languageMenu(_ log: @escaping (String) -> Void) -> (Menu, [Action]) {
        let actions = ["English", "Français", "Deutsch"].map { title in Action(title: title) { log("ran \($0.title)") } }
        return (Menu(title: "Language", options: .singleSelection, children: actions), actions)
    }

    @Test func theAccessoryShowsTheSelectionAndATapAnywhereOnTheCellAsksForTheMenu() throws {
        var log: [String] = []
        let (menu, actions) = languageMenu { log.append($0) }
        let screen = try SettingsScreen(rows: ["Language": [.popUpMenu(menu)], "Wi-Fi": [.disclosureIndicator()]])
        // Nothing was on: UIKit's pop-up selects the first element.
        #expect(actions.map(\.state) == [.on, .off, .off])
        #expect(menu.selectedElements.map(\.title) == ["English"])
        let cell = screen.cell(0)  // "Language"
        let accessory = try #require(screen.popUp(of: cell))
        #expect(abs(accessory.frame.maxX - (cell.bounds.width - 16)) < 0.5, "trailing, inside the margin: \(accessory.frame)")
        let button = try #require(accessory.content as? Button)
        #expect(button.currentTitle?.hasPrefix("English") == true)
        #expect(cell.accessibilityLabel == "Language, English")

        // A tap on the cell's text, not the accessory.
        let text = (cell.contentView as! ListContentView).textLabel
        try screen.tap(screen.centre(of: text))
        let shown = try #require(screen.presented.last)
        #expect(screen.presented.count == 1 && screen.collection.presentedMenu === shown)
        #expect(shown.menu === menu && shown.indexPath == IndexPath(item: 0, section: 0))
        let accessoryFrame = accessory.convert(accessory.bounds, to: screen.collection)
        #expect(shown.sourceRect == accessoryFrame, "the menu is anchored to the accessory")
        #expect(screen.collection.indexPathsForSelectedItems == [], "the tap went to the menu, not the selection")
        #expect(log.isEmpty)

        // A row without a pop-up has none to show.
        #expect(screen.collection.userPresentMenu(ofItemAt: IndexPath(item: 1, section: 0)) == false)
        #expect(screen.collection.userPresentMenu(ofItemAt: IndexPath(item: 0, section: 0)))
        #expect(screen.presented.count == 2)
    }

    @Test func choosingRunsTheHandlerMovesTheCheckmarkAndTellsTheCell() throws {
        var log: [String] = []
        let (menu, actions) = languageMenu { log.append($0) }
        let screen = try SettingsScreen(rows: ["Language": [.popUpMenu(menu, selectedElementDidChangeHandler: { menu in
            log.append("changed to \(menu.selectedElements.map(\.title))")
        })]])
        #expect(screen.collection.userPresentMenu(ofItemAt: IndexPath(item: 0, section: 0)))
        let presentation = try #require(screen.collection.presentedMenu)
        #expect(presentation.choose(actions[2]))
        #expect(actions.map(\.state) == [.off, .off, .on])
        #expect(log == ["ran Deutsch", "changed to [\"Deutsch\"]"])
        #expect(screen.collection.presentedMenu == nil, "a choice closes the menu")
        screen.collection.layoutIfNeeded()
        let button = try #require(screen.popUp(of: screen.cell(0))?.content as? Button)
        #expect(button.currentTitle?.hasPrefix("Deutsch") == true)
        #expect(screen.cell(0).accessibilityLabel == "Language, Deutsch")

        // The chosen element again: its handler runs, the selection did not change.
        _ = screen.collection.userPresentMenu(ofItemAt: IndexPath(item: 0, section: 0))
        #expect(try #require(screen.collection.presentedMenu).choose(actions[2]))
        #expect(log == ["ran Deutsch", "changed to [\"Deutsch\"]", "ran Deutsch"])

        // Dismissed without a choice: nothing changes.
        _ = screen.collection.userPresentMenu(ofItemAt: IndexPath(item: 0, section: 0))
        try #require(screen.collection.presentedMenu).dismiss()
        #expect(screen.collection.presentedMenu == nil)
        #expect(actions.map(\.state) == [.off, .off, .on] && log.count == 3)
    }

    @Test func disabledAndForeignActionsCannotBeChosen() throws {
        var ran = 0
        let disabled = Action(title: "Off", attributes: .disabled) { _ in ran += 1 }
        let on = Action(title: "On", state: .on) { _ in ran += 1 }
        let menu = Menu(options: .singleSelection, children: [on, disabled])
        let stranger = Action(title: "Elsewhere") { _ in ran += 1 }
        let screen = try SettingsScreen(rows: ["Power": [.popUpMenu(menu)]])
        _ = screen.collection.userPresentMenu(ofItemAt: IndexPath(item: 0, section: 0))
        #expect(try #require(screen.collection.presentedMenu).choose(disabled) == false)
        _ = screen.collection.userPresentMenu(ofItemAt: IndexPath(item: 0, section: 0))
        #expect(try #require(screen.collection.presentedMenu).choose(stranger) == false)
        #expect(ran == 0 && on.state == .on && disabled.state == .off && stranger.state == .off)
    }

    /// A single-selection scope is the nearest menu with the option: an inline submenu of
    /// its own keeps its choice when another scope's action is chosen.
    @Test func eachSingleSelectionMenuKeepsItsOwnChoice() throws {
        let small = Action(title: "Small", state: .on) { _ in }
        let large = Action(title: "Large") { _ in }
        let light = Action(title: "Light", state: .on) { _ in }
        let dark = Action(title: "Dark") { _ in }
        let menu = Menu(children: [
            Menu(options: [.displayInline, .singleSelection], children: [small, large]),
            Menu(options: [.displayInline, .singleSelection], children: [light, dark]),
        ])
        #expect(menu.choose(dark))
        #expect([small, large, light, dark].map(\.state) == [.on, .off, .off, .on])
        #expect(menu.selectedElements.map(\.title) == ["Small", "Dark"])
        // A menu without the option leaves states to the handlers.
        let toggle = Action(title: "Bold") { $0.state = $0.state == .on ? .off : .on }
        let plain = Menu(children: [toggle])
        #expect(plain.choose(toggle) && toggle.state == .on)
        #expect(plain.choose(toggle) && toggle.state == .off)
    }
}
