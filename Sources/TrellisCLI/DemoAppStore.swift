import Trellis
import TrellisKit
import TrellisSpec
import TrellisText

/// `trellis demo`'s App Store–like screen: a real `CollectionView` driving a
/// `CompositionalLayout` — a centred-paging carousel of cards (faded by a visible-items
/// handler), a two-column grid, an inset-grouped list — with every cell and header sized by
/// its constraints through the collection's self-sizing path.
enum DemoAppStore {
    static let cards = [
        "EDITORS' CHOICE\nNightfall: a puzzle adventure across forty hand-drawn islands",
        "NEW SEASON\nRhythm Run gets fifty new tracks and a two-player mode",
        "GET STARTED\nFive apps to plan your garden this spring",
        "APP OF THE DAY\nLayouts: self-sizing cells, done right",
        "WORLD PREMIERE\nThe Long Road — a road trip told in postcards",
    ]
    static let categories = ["Games", "Productivity", "Photo & Video", "Health & Fitness", "Music", "Education", "Travel", "Developer Tools"]
    static let apps = [
        "Trellis — collection views with self-sizing cells",
        "Cassowary Pad — constraints you can see",
        "Pango Type — text that wraps the way browsers wrap, on Linux",
        "Tag Garden",
        "Waterfall Photos — masonry for your library, a million pictures deep",
    ]
    static let titles = ["Featured", "Top categories", "New & updated"]

    /// The three sections: carousel, grid, list.
    static func makeLayout() -> CompositionalLayout {
        CompositionalLayout(configuration: CompositionalConfiguration(interSectionSpacing: 8, displayScale: 2)) { index, environment in
            let header = CompositionalBoundaryItem.header(height: .estimated(30))
            switch index {
            case 0:
                let card = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                var section = CompositionalSection(
                    group: .horizontal(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.82), heightDimension: .absolute(150)), subitems: [card]),
                    interGroupSpacing: 12, contentInsets: EdgeInsets(top: 4, bottom: 8), contentInsetsReference: .none,
                    boundarySupplementaryItems: [header])
                section.orthogonalScrollingBehavior = .groupPagingCentered
                // Cards away from the centre fade and shrink (a carousel's scaling effect).
                section.visibleItemsInvalidationHandler = { items, _, environment in
                    let centre = environment.containerSize.width / 2
                    for index in items.indices {
                        let distance = min(1, abs(items[index].frame.midX - centre) / environment.containerSize.width)
                        let scale = 1 - 0.12 * distance
                        let frame = items[index].frame
                        items[index].frame = Rect(
                            x: frame.midX - frame.width * scale / 2, y: frame.midY - frame.height * scale / 2,
                            width: frame.width * scale, height: frame.height * scale)
                        items[index].alpha = 1 - 0.5 * distance
                    }
                }
                section.initialOrthogonalScrollOffset = 0.82 * environment.containerSize.width + 12  // the second card centred
                return section
            case 1:
                let tile = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(40)))
                var group = CompositionalGroup.horizontal(
                    layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(40)), subitem: tile, count: 2)
                group.interItemSpacing = .fixed(10)
                group.stretchesItems = true
                // Headers span the container (their label has its own 16 pt inset).
                return CompositionalSection(
                    group: group, interGroupSpacing: 10, contentInsets: EdgeInsets(top: 4, leading: 16, bottom: 8, trailing: 16),
                    contentInsetsReference: .none, supplementariesFollowContentInsets: false, boundarySupplementaryItems: [header])
            default:
                var list = CompositionalSection.list(
                    using: CompositionalListConfiguration(appearance: .insetGrouped, headerMode: .supplementary), environment: environment)
                list.boundarySupplementaryItems = [header]
                list.supplementariesFollowContentInsets = false
                list.contentInsets.bottom = 16
                return list
            }
        }
    }

    static func picture() -> DemoPicture {
        let (collection, time) = DemoScenarios.timed { () -> Screen in
            let collection = Screen(frame: Rect(x: 0, y: 0, width: DemoScenarios.width, height: 2000), layout: makeLayout())
            collection.register(forCellWithReuseIdentifier: "card") { TemplateCell(template: cardTemplate) }
            collection.register(forCellWithReuseIdentifier: "tile") { TemplateCell(template: tileTemplate) }
            collection.register(forCellWithReuseIdentifier: "row") { TemplateCell(template: rowTemplate) }
            collection.register(forSupplementaryViewOfKind: .header, withReuseIdentifier: "title") { TitleHeader() }
            collection.register(forDecorationViewOfKind: .listBackground) { Fill(color: .white, corner: .radius(10)) }
            collection.register(forDecorationViewOfKind: .separator) { Fill(color: Color(hex: "#dadce0")!, corner: .square) }
            collection.estimatedItemSize = .automatic
            collection.backgroundColor = Color(hex: "#f2f2f7")!
            collection.dataSource = collection.source
            collection.layoutIfNeeded()
            // The screen is as tall as the content.
            collection.frame.size.height = collection.contentSize.height
            collection.layoutIfNeeded()
            return collection
        }
        let items = cards.count + categories.count + apps.count
        return DemoPicture(
            fileName: "compositional-app-store.png", title: "Compositional layout: carousel, grid, list",
            view: DemoScenarios.panel("Compositional · carousel, grid, list", collection),
            items: items, lines: collection.indexPathsForVisibleItems.count, contentHeight: collection.contentSize.height, layoutTime: time)
    }

    static let cardTemplate = CellTemplate(
        font: Font(family: "DejaVu Sans", size: 17, weight: .bold), padding: EdgeInsets(all: 16), lines: 0,
        background: Color(hex: "#3949ab")!, border: nil, borderWidth: 0, cornerRadius: .points(14), textColor: .white)
    static let tileTemplate = CellTemplate(
        font: Font(family: "DejaVu Sans", size: 14), padding: EdgeInsets(all: 10), lines: 0,
        background: .white, border: Color(hex: "#d2d6dc")!, borderWidth: 1, cornerRadius: .points(10), textColor: Color(hex: "#1f2937")!)
    static let rowTemplate = CellTemplate(
        font: Font(family: "DejaVu Sans", size: 14), padding: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16), lines: 0,
        background: nil, border: nil, borderWidth: 0, cornerRadius: .points(0), textColor: Color(hex: "#111827")!)

    /// The collection view of the screen, holding its data source (which a collection view
    /// holds weakly) for as long as the picture lives.
    final class Screen: CollectionView {
        let source = Source()
    }

    final class Source: CollectionViewDataSource {
        func numberOfSections(in collectionView: CollectionView) -> Int { 3 }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            [cards.count, categories.count, apps.count][section]
        }

        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
            let identifier = ["card", "tile", "row"][indexPath.section]
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath) as! TemplateCell
            cell.text = [cards, categories, apps][indexPath.section][indexPath.item]
            return cell
        }

        func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
            [indexPath.section, indexPath.item]
        }

        func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
        ) throws -> ReusableView {
            let header = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath) as! TitleHeader
            header.label.text = titles[indexPath.section]
            return header
        }
    }

    /// A section title sized by its constraints: a bold label 16 pt from the leading edge.
    final class TitleHeader: ReusableView {
        let label = Label(text: "", style: TextStyle(font: Font(family: "DejaVu Sans", size: 20, weight: .bold)))

        required init() {
            super.init()
            label.translatesAutoresizingMaskIntoConstraints = false
            addSubview(label)
            LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: topAnchor, constant: 10),
                label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -6),
            ])
        }
    }

    /// A decoration: a filled shape.
    final class Fill: ReusableView {
        init(color: Color, corner: CornerStyle) {
            super.init()
            backgroundColor = color
            cornerStyle = corner
        }

        required convenience init() { self.init(color: .white, corner: .square) }
    }
}
