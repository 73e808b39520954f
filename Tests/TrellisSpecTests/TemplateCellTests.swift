import Testing
import Trellis
import TrellisKit
import TrellisSpec
import TrellisPango
import TrellisText

/// The template cell sizes itself through TrellisKit's constraints the way scenario S1's tag
/// cell does (label pinned 5 pt inside, minimum width at 750, required maximum width).
@Suite("Template cell")
struct TemplateCellTests {
    static let measurer = PangoTextMeasurer.shared
    static let style = CellTemplate.tag.textStyle

    /// The text's width rounded up to a whole point, as a label reports it at scale 1.
    static func labelWidth(_ text: String) -> Double {
        measurer.measure(text, style: style, maxWidth: nil, maxLines: 1).width.rounded(.up)
    }

    static func lineHeight() -> Double {
        measurer.measure("A", style: style, maxWidth: nil, maxLines: 1).height.rounded(.up)
    }

    @Test(arguments: ["A", "longer", "much longer"])
    func tagIsTextPlusPadding(text: String) {
        let cell = TemplateCell(template: .tag, text: text)
        let size = cell.itemSize(available: 375)
        #expect(size.size == Size(width: Self.labelWidth(text) + 10, height: Self.lineHeight() + 10))
        let baseline = try? #require(size.firstBaseline)
        #expect(baseline.map { $0 > 5 && $0 < size.size.height - 5 } == true)
    }

    @Test func minimumWidthWidensShortTags() {
        var template = CellTemplate.tag
        template.minimumWidth = 40
        let cell = TemplateCell(template: template, text: "A")
        #expect(cell.itemSize(available: 375).size.width == 40)
        cell.text = "much longer"
        #expect(cell.itemSize(available: 375).size.width == Self.labelWidth("much longer") + 10)
    }

    @Test func maximumWidthTruncatesOneLine() {
        var template = CellTemplate.tag
        template.maximumWidth = .points(60)
        let cell = TemplateCell(template: template, text: "much longer")
        let size = cell.itemSize(available: 375)
        #expect(size.size == Size(width: 60, height: Self.lineHeight() + 10))
        // Laid out at that size, the label is cut with an ellipsis.
        cell.frame = Rect(origin: .zero, size: size.size)
        cell.layoutIfNeeded()
        #expect(cell.label.frame.width == 50)
        #expect(cell.label.textLayout.isTruncated)
    }

    @Test func containerMaximumWrapsSeveralLines() {
        var template = CellTemplate.tag
        template.maximumWidth = .container
        template.lines = 0
        let text = "a long title that cannot possibly fit on one line of a narrow collection view"
        let cell = TemplateCell(template: template, text: text)
        let narrow = cell.itemSize(available: 150)
        #expect(narrow.size.width <= 150)
        #expect(narrow.size.height > 3 * Self.lineHeight())
        let wide = cell.itemSize(available: 10_000)
        #expect(wide.size.width == Self.labelWidth(text) + 10)
        #expect(wide.size.height == Self.lineHeight() + 10)
    }
}

/// A library user of TrellisSpec who installs no default measurer still gets Pango's sizes:
/// the template's fonts were checked against Pango, and render draws with it.
@Test func templateCellsMeasureWithPangoWhateverTheDefault() {
    let cell = TemplateCell(template: .tag, text: "much longer")
    #expect(cell.label.textMeasurer is PangoTextMeasurer)
}
