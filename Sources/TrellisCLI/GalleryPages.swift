import Trellis
import TrellisKit
import TrellisSpec
import TrellisText

/// The layouts the gallery's layout switch offers.
enum GalleryLayout: String, CaseIterable {
    case flow, grid, waterfall, list

    func make(alignment: FlowAlignment) -> any CollectionLayout {
        let insets = EdgeInsets(all: 10)
        switch self {
        case .flow:
            return FlowLayout(metrics: FlowMetrics(alignment: alignment, interitemSpacing: 8, lineSpacing: 8, sectionInset: insets))
        case .grid:
            return GridLayout(options: GridLayout.Options(columns: .count(3), columnSpacing: 8, rowSpacing: 8, sections: SectionStyle(insets: insets)))
        case .waterfall:
            return WaterfallLayout(options: WaterfallLayout.Options(columns: .count(2), columnSpacing: 8, itemSpacing: 8, sections: SectionStyle(insets: insets)))
        case .list:
            return ListLayout(options: ListLayout.Options(separators: ListLayout.Separators(thickness: 1, insets: EdgeInsets(leading: 16))))
        }
    }
}

/// One page of `trellis gallery`: a scenario as a live collection — its items (made on
/// demand from an index, so a million cost nothing until shown), the cell template, the
/// layout, and self-sizing from an estimate.
class GalleryPage: CollectionViewDataSource {
    let name: String
    let title: String
    let count: Int
    let text: (Int) -> String
    let template: CellTemplate
    let direction: LayoutDirection
    var layoutKind: GalleryLayout
    var alignment: FlowAlignment
    let estimate: Size
    /// S5: each item is a row holding a tag collection instead of a text cell.
    let tagRows: ((Int) -> [String])?
    /// S8: the page is this conversation's own collection view (bubbles, day headers,
    /// anchored at the bottom) and pages older messages in as the reader scrolls up.
    private(set) var conversation: ChatConversation?

    init(name: String, title: String, count: Int, template: CellTemplate, layout: GalleryLayout, alignment: FlowAlignment = .leading,
         direction: LayoutDirection = .leftToRight, estimate: Size, tagRows: ((Int) -> [String])? = nil, text: @escaping (Int) -> String) {
        self.name = name
        self.title = title
        self.count = count
        self.text = text
        self.template = template
        self.direction = direction
        self.layoutKind = layout
        self.alignment = alignment
        self.estimate = estimate
        self.tagRows = tagRows
    }

    /// S8's page: `conversation`, titled `title`.
    convenience init(name: String, title: String, conversation: ChatConversation) {
        let timeline = conversation.timeline
        self.init(name: name, title: title, count: timeline.count, template: CellTemplate(), layout: .list,
                  estimate: Size(width: 375, height: 40)) { timeline.message($0).text }
        self.conversation = conversation
    }

    /// Whether the page keeps its own layout when the window's layout switch changes (the
    /// chat's bubbles and the modern lists are list rows of their own).
    var keepsItsLayout: Bool { conversation != nil }

    /// The text styles the page's cells and headers draw in: what a thread that is to draw
    /// the page loads before its first frame (`PreparedCollectionView.take()`).
    var textStyles: [TextStyle] {
        conversation != nil ? ChatConversation.textStyles : [template.textStyle]
    }

    /// A collection view showing this page, `width` × `height` points.
    /// Adjusts a new collection view's traits before anything is laid out: the host's
    /// traits, when the collection view is made before a host has it. Set before
    /// `makeCollectionView` runs, on any thread, and not while it runs.
    nonisolated(unsafe) var initialTraits: @Sendable (inout TraitCollection) -> Void = { _ in }

    func makeCollectionView(width: Double, height: Double = 600) -> CollectionView {
        if let conversation { return conversation.makeCollectionView(width: width, height: height, traits: initialTraits) }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), layout: layoutKind.make(alignment: alignment))
        var pageTraits = TraitCollection(layoutDirection: direction)
        initialTraits(&pageTraits)
        collection.overrideTraitCollection = pageTraits
        collection.derivesSizeClassFromWidth = false
        let template = self.template
        collection.register(forCellWithReuseIdentifier: "text") { TemplateCell(template: template) }
        collection.register(forCellWithReuseIdentifier: "row") { TagRowCell(tagTemplate: template) }
        collection.register(forDecorationViewOfKind: .separator) {
            let view = ReusableView()
            view.backgroundColor = Color(hex: "#dadce0")!
            return view
        }
        collection.estimatedItemSize = .fixed(estimate)
        collection.allowsMultipleSelection = true
        collection.dataSource = self
        return collection
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        if let tagRows {
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! TagRowCell
            cell.tags = tagRows(indexPath.item)
            return cell
        }
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TemplateCell
        cell.text = text(indexPath.item)
        if case .points(let maximum) = template.maximumWidth { cell.setMaximumWidth(maximum) } else { cell.setMaximumWidth(nil) }
        return cell
    }

    /// Every page of the gallery.
    static func all(tags: Int = 100_000) -> [GalleryPage] {
        let tagTemplate = CellTemplate(font: Font(family: "DejaVu Sans", size: 15), padding: EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10),
                                       minimumWidth: 40, maximumWidth: .container, background: .white,
                                       border: Color(hex: "#d93025")!, borderWidth: 1, cornerRadius: .pill)
        let words100k = GalleryWords(count: 100_000)
        let s1Words = tags == 100_000 ? words100k : GalleryWords(count: tags)
        let words1M = GalleryWords(count: 1_000_000)
        let wrapping = CellTemplate(font: Font(family: "DejaVu Sans", size: 15), padding: EdgeInsets(all: 8), maximumWidth: .container, lines: 0,
                                    background: .white, border: Color(hex: "#1a73e8")!, borderWidth: 1, cornerRadius: .points(8))
        let card = CellTemplate(font: Font(family: "DejaVu Sans", size: 14), padding: EdgeInsets(all: 12), lines: 0,
                                background: Color(hex: "#fef7e0")!, border: Color(hex: "#f9ab00")!, borderWidth: 1, cornerRadius: .points(10))
        let gridCell = CellTemplate(font: Font(family: "DejaVu Sans", size: 14), padding: EdgeInsets(all: 8), lines: 0,
                                    background: .white, border: Color(hex: "#9aa0a6")!, borderWidth: 1, cornerRadius: .points(6))
        let rowTag = CellTemplate(font: Font(family: "DejaVu Sans", size: 13), padding: EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8),
                                  background: Color(hex: "#e8f0fe")!, border: nil, borderWidth: 0, cornerRadius: .points(4),
                                  textColor: Color(hex: "#174ea6")!)
        let hebrew = GalleryWords(count: 50_000, syllables: GalleryWords.hebrewSyllables)
        let arabic = GalleryWords(count: 50_000, syllables: GalleryWords.arabicSyllables)
        /// A sentence of 3 to 40 words for item `i`.
        func sentence(_ i: Int, words: Int) -> String {
            (0..<(3 + (i &* 2_654_435_761 >> 7) % words)).map { words100k[(i &* 31 &+ $0 &* 977) % 100_000] }.joined(separator: " ")
        }
        return [
            GalleryPage(name: "s1", title: tags == 100_000 ? "S1 · 100,000 tags" : "S1 · \(tags) tags", count: tags, template: tagTemplate, layout: .flow,
                        estimate: Size(width: 80, height: 30)) { s1Words[$0] },
            GalleryPage(name: "s2", title: "S2 · wrapping cells", count: 5_000, template: wrapping, layout: .flow, alignment: .uikit,
                        estimate: Size(width: 200, height: 60)) { sentence($0, words: 40) },
            GalleryPage(name: "s3", title: "S3 · grid", count: 10_000, template: gridCell, layout: .grid,
                        estimate: Size(width: 100, height: 80)) { sentence($0, words: 12) },
            GalleryPage(name: "s5", title: "S5 · rows of tags", count: 20_000, template: rowTag, layout: .list,
                        estimate: Size(width: 375, height: 60), tagRows: { row in
                            (0..<(1 + (row &* 40_503) % 9)).map { words100k[(row &* 13 &+ $0 &* 7_001) % 100_000] }
                        }) { String($0) },
            GalleryPage(name: "waterfall", title: "Waterfall of cards", count: 10_000, template: card, layout: .waterfall,
                        estimate: Size(width: 150, height: 120)) { sentence($0, words: 30) },
            GalleryPage(name: "rtl", title: "Right to left", count: 100_000, template: tagTemplate, layout: .flow, direction: .rightToLeft,
                        estimate: Size(width: 70, height: 30)) { $0 % 2 == 0 ? hebrew[$0 / 2] : arabic[$0 / 2] },
            GalleryPage(name: "million", title: "1,000,000 tags", count: 1_000_000, template: tagTemplate, layout: .flow,
                        estimate: Size(width: 80, height: 30)) { words1M[$0] },
            GalleryPage(name: "chat", title: "S8 · chat, 1,000,000 messages",
                        conversation: ChatConversation(timeline: ChatTimeline(count: 1_000_000), initiallyLoaded: 990_000)),
            PhotoWallPage(library: PhotoLibrary(directory: PhotoLibrary.defaultDirectory())),
            ModernListsPage(),
        ]
    }
}

/// S5's row: a left-aligned tag collection (a `FlowLayout` of template cells) 16 pt inside
/// the row; its height is the tag collection's height at the row's width.
final class TagRowCell: CollectionViewCell {
    let tagTemplate: CellTemplate
    private let sizingCell: TemplateCell
    private var tagViews: [TemplateCell] = []
    private let flow = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 6, lineSpacing: 6))
    static let insets = EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)

    var tags: [String] = [] {
        didSet {
            while tagViews.count < tags.count {
                let view = TemplateCell(template: tagTemplate)
                tagViews.append(view)
                contentView.addSubview(view)
            }
            for (index, view) in tagViews.enumerated() {
                view.isHidden = index >= tags.count
                if index < tags.count { view.text = tags[index] }
            }
            setNeedsLayout()
        }
    }

    init(tagTemplate: CellTemplate) {
        self.tagTemplate = tagTemplate
        sizingCell = TemplateCell(template: tagTemplate)
        super.init()
    }

    required convenience init() { self.init(tagTemplate: CellTemplate()) }

    /// Lays the tags out at `width` and returns the flow's height.
    private func layOutTags(width: Double) -> Double {
        let available = max(0, width - Self.insets.horizontal)
        let sizes = tags.map { text -> ItemSize in
            sizingCell.overrideTraitCollection = traitCollection
            sizingCell.text = text
            return sizingCell.itemSize(available: available)
        }
        flow.prepare(from: StaticLayoutSource(
            containerSize: Size(width: available, height: 0), layoutDirection: traitCollection.layoutDirection,
            sections: [.init(items: .list(sizes))]))
        return flow.contentSize.height
    }

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: layOutTags(width: size.width) + Self.insets.vertical)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        _ = layOutTags(width: bounds.width)
        for (index, view) in tagViews.enumerated() where index < tags.count {
            guard let frame = flow.attributesForItem(at: IndexPath(item: index, section: 0))?.frame else { continue }
            view.frame = frame.offsetBy(dx: Self.insets.leading, dy: Self.insets.top)
            view.layoutIfNeeded()
        }
    }
}
