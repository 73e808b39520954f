import Foundation
import Trellis
import TrellisKit
import TrellisSpec
import TrellisText

/// The gallery's "Modern lists" page: the shapes of Apple's modern list screens in one
/// collection view, each section a list of its own appearance — a sidebar with an outline
/// (its groups open and close with the outline disclosure), an inset-grouped settings list
/// with value cells, accessories (a pop-up menu of languages among them) and swipe actions, and a reorderable list (its reorder
/// handles always show; reordering goes through the diffable data source's reordering
/// handlers). In the window a task moves by a drag of its handle or a long press, and a row
/// swiped sideways shows Delete (`CollectionWidget`'s drags).
/// Everything is written as a UIKit app writes it: registrations, list content
/// configurations, a diffable data source and section snapshots.
final class ModernListsPage: GalleryPage {
    private enum Section: Int, CaseIterable { case sidebar, settings, tasks }

    /// The sidebar's outline: groups and their entries.
    private static let outline: [(group: String, entries: [String])] = [
        ("Mailboxes", ["Inbox", "Drafts", "Sent", "Archive"]),
        ("Folders", ["Work", "Personal", "Travel", "Receipts"]),
    ]
    /// The settings: title, value, and the accessory that ends the row.
    private static let settings: [(title: String, value: String?, accessory: String)] = [
        ("Wi-Fi", "Home", "disclosure"), ("Bluetooth", "On", "disclosure"), ("Notifications", nil, "label"),
        ("Dark Appearance", nil, "checkmark"), ("Language", nil, "popUpMenu"), ("Storage", "12.4 GB", "detail"),
    ]

    /// The page's data source, kept for the page's life (the collection view holds it weakly).
    private(set) var dataSource: CollectionViewDiffableDataSource<Int, String>?

    init() {
        super.init(name: "lists", title: "Modern lists", count: 0, template: CellTemplate(), layout: .list,
                   estimate: Size(width: 375, height: 44)) { _ in "" }
    }

    override var keepsItsLayout: Bool { true }

    override func makeCollectionView(width: Double, height: Double = 600) -> CollectionView {
        // The section provider runs before the data source exists; the swipe actions read it
        // when a row is swiped.
        final class Source { weak var dataSource: CollectionViewDiffableDataSource<Int, String>? }
        let source = Source()
        let deleteAction: CompositionalListConfiguration.SwipeActionsConfigurationProvider = { indexPath in
            guard let dataSource = source.dataSource, let item = dataSource.itemIdentifier(for: indexPath) else { return nil }
            let delete = ContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                var snapshot = dataSource.snapshot()
                snapshot.deleteItems([item])
                let applied = (try? dataSource.apply(snapshot)) != nil
                Self.reportOrder(of: dataSource)
                completion(applied)
            }
            return SwipeActionsConfiguration(actions: [delete])
        }
        let layout = CompositionalLayout { index, environment in
            switch Section(rawValue: index) {
            case .sidebar:
                return CompositionalSection.list(using: CompositionalListConfiguration(appearance: .sidebar), environment: environment)
            case .settings:
                var settings = CompositionalListConfiguration(appearance: .insetGrouped, headerMode: .supplementary)
                settings.trailingSwipeActionsConfigurationProvider = deleteAction
                return CompositionalSection.list(using: settings, environment: environment)
            case .tasks, nil:
                var tasks = CompositionalListConfiguration(appearance: .plain, headerMode: .supplementary)
                tasks.trailingSwipeActionsConfigurationProvider = deleteAction
                return CompositionalSection.list(using: tasks, environment: environment)
            }
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), layout: layout)
        collection.backgroundColor = Color(hex: "#f2f2f7")!
        collection.register(forDecorationViewOfKind: .listBackground) {
            let view = ReusableView()
            view.backgroundColor = .white
            view.cornerStyle = .radius(10)
            return view
        }
        let dataSource = Self.makeDataSource(collection)
        self.dataSource = dataSource
        source.dataSource = dataSource
        return collection
    }

    private static func makeDataSource(_ collection: CollectionView) -> CollectionViewDiffableDataSource<Int, String> {
        weak var source: CollectionViewDiffableDataSource<Int, String>?
        let sidebar = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            let isGroup = outline.contains { $0.group == item }
            var content = isGroup ? ListContentConfiguration.sidebarHeader() : ListContentConfiguration.sidebarCell()
            content.text = item
            if !isGroup { content.image = Self.icon(for: item) }
            cell.contentConfiguration = content
            cell.backgroundConfiguration = isGroup ? .listSidebarHeader() : .listSidebarCell()
            cell.accessories = isGroup ? [.outlineDisclosure(options: .init(style: .header))] : []
            cell.indentationLevel = max(0, (source?.snapshot(for: Section.sidebar.rawValue).level(of: item) ?? 0))
        }
        // The language is chosen from a pop-up menu (one language at a time); the menu
        // lives as long as the page, so each configuration of the row shows its choice.
        let language = Menu(title: "Language", options: .singleSelection, children: ["English", "Français", "Deutsch", "Español"].map {
            Action(title: $0) { _ in }
        })
        let setting = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            guard let row = settings.first(where: { "setting/" + $0.title == item }) else { return }
            var content = ListContentConfiguration.valueCell()
            content.text = row.title
            content.secondaryText = row.value
            cell.contentConfiguration = content
            cell.backgroundConfiguration = .listGroupedCell()
            switch row.accessory {
            case "label": cell.accessories = [.label(text: "Off"), .disclosureIndicator()]
            case "checkmark": cell.accessories = [.checkmark()]
            case "detail": cell.accessories = [.detail()]
            case "popUpMenu":
                cell.accessories = [.popUpMenu(language, selectedElementDidChangeHandler: { menu in
                    reportChoice(menu.selectedElements.first?.title ?? "")
                })]
            default: cell.accessories = [.disclosureIndicator()]
            }
        }
        let task = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var content = ListContentConfiguration.subtitleCell()
            content.text = String(item.dropFirst("task/".count))
            content.secondaryText = "Priority \(item.count % 3 + 1)"
            cell.contentConfiguration = content
            cell.accessories = [.multiselect(), .reorder(displayed: .always)]
        }
        let header = CollectionView.SupplementaryRegistration<CollectionViewCell>(elementKind: .header) { view, _, indexPath in
            var content = indexPath.section == Section.settings.rawValue ? ListContentConfiguration.groupedHeader() : .plainHeader()
            content.text = indexPath.section == Section.settings.rawValue ? "SETTINGS" : "Tasks"
            view.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            switch Section(rawValue: indexPath.section) {
            case .sidebar: try collectionView.dequeueConfiguredReusableCell(using: sidebar, for: indexPath, item: item)
            case .settings: try collectionView.dequeueConfiguredReusableCell(using: setting, for: indexPath, item: item)
            case .tasks, nil: try collectionView.dequeueConfiguredReusableCell(using: task, for: indexPath, item: item)
            }
        }
        source = dataSource
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            try collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        dataSource.reorderingHandlers.canReorderItem = { $0.hasPrefix("task/") }
        // An app applies `transaction.difference` to its model here; the page has no model
        // beyond the snapshot, and reports the new order to the window tests.
        dataSource.reorderingHandlers.didReorder = { _ in
            if let source { reportOrder(of: source) }
        }

        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections(Section.allCases.map(\.rawValue))
        snapshot.appendItems(settings.map { "setting/" + $0.title }, toSection: Section.settings.rawValue)
        snapshot.appendItems((1...12).map { "task/Task \($0)" }, toSection: Section.tasks.rawValue)
        var sidebarOutline = DiffableDataSourceSectionSnapshot<String>()
        for (group, entries) in outline {
            sidebarOutline.append([group])
            sidebarOutline.append(entries, to: group)
        }
        sidebarOutline.expand([outline[0].group])
        // Made before the collection view is shown: these snapshots are the page's own
        // constants and cannot be refused.
        try! dataSource.apply(snapshot, animatingDifferences: false)
        try! dataSource.apply(sidebarOutline, to: Section.sidebar.rawValue, animatingDifferences: false)
        return dataSource
    }

    /// With `TRELLIS_GTK_DEBUG=1`, the settings' and the tasks' order after each change
    /// the person made (a reorder, a delete), as one debug line:
    /// `{"event":"modernLists","settings":[…],"tasks":[…]}` (item identifiers, in order).
    private static func reportOrder(of dataSource: CollectionViewDiffableDataSource<Int, String>) {
        guard ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" else { return }
        let snapshot = dataSource.snapshot()
        func list(_ section: Section) -> String {
            let items = snapshot.itemIdentifiers(inSection: section.rawValue).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            return "[" + items.joined(separator: ",") + "]"
        }
        FileHandle.standardOutput.write(Data("{\"event\":\"modernLists\",\"settings\":\(list(.settings)),\"tasks\":\(list(.tasks))}\n".utf8))
    }

    /// With `TRELLIS_GTK_DEBUG=1`, the language chosen from the settings' pop-up menu, as
    /// one debug line: `{"event":"modernListsLanguage","language":"…"}`.
    private static func reportChoice(_ language: String) {
        guard ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" else { return }
        let quoted = "\"" + language.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        FileHandle.standardOutput.write(Data("{\"event\":\"modernListsLanguage\",\"language\":\(quoted)}\n".utf8))
    }

    /// A small square in a colour of the entry's own, standing for the symbol UIKit's
    /// sidebar would show.
    private static func icon(for item: String) -> Image {
        let palette = ["#007aff", "#34c759", "#ff9500", "#af52de", "#ff2d55", "#5ac8fa", "#ffcc00", "#8e8e93"]
        let index = item.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % palette.count }
        return Image(pixelWidth: 18, pixelHeight: 18, color: Color(hex: palette[index])!)
    }
}
