import Foundation
import Trellis
import TrellisKit
import TrellisRender
import TrellisSpec
import TrellisText

/// One picture of `trellis demo`: a view tree to render and the numbers of its summary.
struct DemoPicture {
    var fileName: String
    var title: String
    var view: View
    var items: Int
    var lines: Int
    var contentHeight: Double
    /// Measuring and laying out, not drawing.
    var layoutTime: Duration
}

/// A collection of text items laid out and ready to draw: the scenarios are built from
/// these, sized by the cell template through TrellisKit (`TemplateCell`), exactly as
/// `trellis render` sizes text items.
struct TextCollection {
    var view: View
    var items: Int
    var lines: Int
    var contentHeight: Double

    /// Measures `texts` with `template` in `layout` at `width`, lays them out and builds
    /// the view of the whole content.
    init(texts: [String], template: CellTemplate, layout: any CollectionLayout, width: Double,
         direction: LayoutDirection = .leftToRight) {
        func source(_ sizes: [ItemSize]) -> StaticLayoutSource {
            StaticLayoutSource(containerSize: Size(width: width, height: 0), layoutDirection: direction,
                               sections: [.init(items: .list(sizes))])
        }
        let textsByIndex = Dictionary(uniqueKeysWithValues: texts.enumerated().map { ($0.offset, $0.element) })
        let measured = TemplateCell.measure(
            texts: [textsByIndex], template: template, in: layout,
            source: source(Array(repeating: ItemSize(.zero), count: texts.count)))[0]
        layout.prepare(from: source((0..<texts.count).map { measured[$0]! }))
        let elements = DocumentScene.elements(of: layout, visibleRect: nil)
        let traits = TraitCollection(layoutDirection: direction)
        contentHeight = layout.contentSize.height
        view = CollectionScene.makeView(
            region: Rect(x: 0, y: 0, width: width, height: max(1, contentHeight)), elements: elements, background: nil
        ) { attributes in
            guard attributes.kind == .cell else { return nil }
            let cell = TemplateCell(template: template, text: texts[attributes.indexPath.item])
            cell.overrideTraitCollection = traits
            return cell
        }
        items = texts.count
        lines = Set(elements.filter { $0.kind == .cell }.map(\.frame.minY)).count
    }
}

/// The scenarios of SCENARIOS.md as pictures.
enum DemoScenarios {
    static let width = 375.0
    static let panelPadding = 16.0
    static let titleStyle = TextStyle(font: Font(family: "DejaVu Sans", size: 13, weight: .bold))
    static let titleColor = Color(hex: "#3c4043")!
    static let canvas = Color(hex: "#f6f7f9")!

    /// S1: odd index "A", else index not divisible by 3 "longer", else "much longer".
    static func s1Title(_ index: Int) -> String {
        index % 2 == 1 ? "A" : (index % 3 != 0 ? "longer" : "much longer")
    }

    static let s1Texts = (0..<100).map(s1Title)

    static func flow(_ alignment: FlowAlignment, spacing: Double = 10, inset: Double = 0) -> FlowLayout {
        FlowLayout(metrics: FlowMetrics(alignment: alignment, interitemSpacing: spacing, lineSpacing: spacing,
                                        sectionInset: EdgeInsets(all: inset)))
    }

    /// Every picture, in the order they are written. Each closure builds its picture when
    /// called, so the command can report progress between them.
    static let all: [@Sendable () -> DemoPicture] = [
        { s1SideBySide() }, { s1MinimumAndMaximum() }, { s2Wrapping() }, { s3Grid() },
        { s5TagRows(rightToLeft: false) }, { s5TagRows(rightToLeft: true) }, { DemoAppStore.picture() },
    ]

    static func timed<T>(_ body: () -> T) -> (T, Duration) {
        var result: T?
        let duration = ContinuousClock().measure { result = body() }
        return (result!, duration)
    }

    static func s1SideBySide() -> DemoPicture {
        let ((uikit, leading), time) = timed {
            (TextCollection(texts: s1Texts, template: .tag, layout: flow(.uikit), width: width),
             TextCollection(texts: s1Texts, template: .tag, layout: flow(.leading), width: width))
        }
        let view = row([
            panel("S1 · 100 tags · uikit alignment", uikit.view),
            panel("S1 · 100 tags · leading alignment", leading.view),
        ])
        return DemoPicture(fileName: "s1-uikit-vs-leading.png", title: "S1 tag cloud, uikit | leading", view: view,
                           items: uikit.items + leading.items, lines: uikit.lines + leading.lines,
                           contentHeight: max(uikit.contentHeight, leading.contentHeight), layoutTime: time)
    }

    static func s1MinimumAndMaximum() -> DemoPicture {
        var template = CellTemplate.tag
        template.minimumWidth = 40
        template.maximumWidth = .points(80)
        let texts = s1Texts.prefix(30).map { $0 == "much longer" ? "much longer indeed" : $0 }
        let (tags, time) = timed { TextCollection(texts: texts, template: template, layout: flow(.leading), width: width) }
        return DemoPicture(fileName: "s1-min-max-width.png", title: "S1 min width 40, max width 80 (truncating)",
                           view: panel("S1 · min width 40 · max width 80, tail truncation", tags.view),
                           items: tags.items, lines: tags.lines, contentHeight: tags.contentHeight, layoutTime: time)
    }

    static let s2Titles = [
        "Short", "A title of medium length", "Swift", "Self-sizing cells that wrap when their title is longer than the collection is wide",
        "Layout", "Auto Layout on Linux", "UICollectionViewFlowLayout, estimated item sizes and the automatic size",
        "Pango", "Cassowary", "Multi-line labels are right on the first pass", "Tags", "Headless views",
    ]

    static func s2Wrapping() -> DemoPicture {
        let template = CellTemplate(font: Font(family: "DejaVu Sans", size: 15), padding: EdgeInsets(all: 8),
                                    maximumWidth: .container, lines: 0, background: .white,
                                    border: Color(hex: "#1a73e8")!, borderWidth: 1, cornerRadius: .points(8))
        let (items, time) = timed { TextCollection(texts: s2Titles, template: template, layout: flow(.uikit, inset: 10), width: width) }
        return DemoPicture(fileName: "s2-wrapping.png", title: "S2 multi-line, never wider than the collection",
                           view: panel("S2 · automatic size · max width = collection", items.view),
                           items: items.items, lines: items.lines, contentHeight: items.contentHeight, layoutTime: time)
    }

    static let s3Texts = [
        "One line", "Two short lines of text here", "A cell whose text needs three or four lines in a column a third as wide",
        "Grid", "Prototype cells per reuse identifier", "Sizes are cached", "Width = ⅓ of the collection",
        "Height from content", "Rows as tall as their tallest cell", "Ends", "Recomputed only when the width or content changes", "Done",
    ]

    static func s3Grid() -> DemoPicture {
        let template = CellTemplate(font: Font(family: "DejaVu Sans", size: 14), padding: EdgeInsets(all: 8), lines: 0,
                                    background: .white, border: Color(hex: "#9aa0a6")!, borderWidth: 1,
                                    cornerRadius: .points(6))
        let layout = GridLayout(options: GridLayout.Options(
            columns: .count(3), columnSpacing: 8, rowSpacing: 8, sections: SectionStyle(insets: EdgeInsets(all: 8))))
        let (grid, time) = timed { TextCollection(texts: s3Texts, template: template, layout: layout, width: width) }
        return DemoPicture(fileName: "s3-grid.png", title: "S3 three-column grid, heights from content",
                           view: panel("S3 · 3 columns · width exact, height from content", grid.view),
                           items: grid.items, lines: grid.lines, contentHeight: grid.contentHeight, layoutTime: time)
    }

    static let s5Rows = [
        ["swift", "linux", "layout", "cassowary"],
        ["pango", "cairo", "harfbuzz", "fontconfig", "png", "svg", "pdf"],
        ["collection view", "self-sizing", "flow", "grid", "waterfall", "list", "estimated sizes", "prototype cells"],
        ["tags"],
        ["left-aligned", "minimum spacing", "height before display", "cached per row", "table row"],
    ]
    static let s5RowsRTL = [
        ["שלום", "עולם", "ספרים"],
        ["مرحبا", "كتب", "موسيقى", "سفر", "مدينة"],
        ["תגיות", "רשימה", "שורות", "גובה", "פריסה", "טקסט", "מימין לשמאל"],
        ["عربي"],
        ["خط", "تخطيط", "قائمة", "وسوم", "عرض"],
    ]

    /// S5: a list whose rows each hold a left-aligned tag collection; every row's height is
    /// the tag collection's height for the row's width, known before anything is drawn.
    static func s5TagRows(rightToLeft: Bool) -> DemoPicture {
        let direction: LayoutDirection = rightToLeft ? .rightToLeft : .leftToRight
        let rows = rightToLeft ? s5RowsRTL : s5Rows
        let rowInsets = EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
        let tagTemplate = CellTemplate(font: Font(family: "DejaVu Sans", size: 13),
                                       padding: EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8),
                                       background: Color(hex: "#e8f0fe")!, border: nil, borderWidth: 0,
                                       cornerRadius: .points(4), textColor: Color(hex: "#174ea6")!)
        let ((tagViews, list, listView), time) = timed { () -> ([TextCollection], ListLayout, View) in
            let tagWidth = width - rowInsets.horizontal
            let tags = rows.map {
                TextCollection(texts: $0, template: tagTemplate, layout: flow(.leading, spacing: 6), width: tagWidth, direction: direction)
            }
            let list = ListLayout(options: ListLayout.Options(separators: ListLayout.Separators(thickness: 1, insets: EdgeInsets(leading: 16))))
            list.prepare(from: StaticLayoutSource(
                containerSize: Size(width: width, height: 0), layoutDirection: direction,
                sections: [.init(items: .list(tags.map { ItemSize(width: width, height: $0.contentHeight + rowInsets.vertical) }))]))
            let separator = Color(hex: "#dadce0")!
            let view = CollectionScene.makeView(
                region: Rect(origin: .zero, size: list.contentSize), elements: DocumentScene.elements(of: list, visibleRect: nil),
                background: .white
            ) { attributes in
                let cell = View()
                if attributes.kind == .cell {
                    let content = tags[attributes.indexPath.item].view
                    content.frame.origin = Point(x: rowInsets.left(in: direction), y: rowInsets.top)
                    cell.addSubview(content)
                } else {
                    cell.backgroundColor = separator
                }
                return cell
            }
            return (tags, list, view)
        }
        let title = rightToLeft ? "S5 · RTL · rows of Hebrew and Arabic tags" : "S5 · list rows sized by their tag collections"
        return DemoPicture(fileName: rightToLeft ? "s5-tag-rows-rtl.png" : "s5-tag-rows.png", title: title,
                           view: panel(title, listView),
                           items: tagViews.reduce(0) { $0 + $1.items }, lines: tagViews.reduce(0) { $0 + $1.lines },
                           contentHeight: list.contentSize.height, layoutTime: time)
    }

    /// `content` under a bold title, with padding, on the canvas colour.
    static func panel(_ title: String, _ content: View) -> View {
        let label = Label(text: title, style: titleStyle)
        label.textColor = titleColor
        let titleSize = label.intrinsicContentSize
        label.frame = Rect(x: panelPadding, y: panelPadding, width: min(titleSize.width, content.bounds.width), height: titleSize.height)
        content.frame.origin = Point(x: panelPadding, y: label.frame.maxY + 10)
        let panel = View(frame: Rect(x: 0, y: 0, width: content.bounds.width + 2 * panelPadding,
                                     height: content.frame.maxY + panelPadding))
        panel.backgroundColor = canvas
        panel.addSubview(label)
        panel.addSubview(content)
        return panel
    }

    /// Panels side by side, top-aligned, separated by a hairline.
    static func row(_ panels: [View]) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: panels.reduce(0) { $0 + $1.bounds.width } + Double(panels.count - 1),
                                    height: panels.map(\.bounds.height).max() ?? 0))
        root.backgroundColor = Color(hex: "#dadce0")!
        var x = 0.0
        for panel in panels {
            panel.frame = Rect(x: x, y: 0, width: panel.bounds.width, height: root.bounds.height)
            root.addSubview(panel)
            x += panel.bounds.width + 1
        }
        return root
    }
}
