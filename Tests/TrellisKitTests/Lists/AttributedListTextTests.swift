import Testing
import Trellis
import TrellisPango
import TrellisText
@testable import TrellisKit

// `attributedText` on a label and on a list content configuration, as UIKit has them:
// setting the attributed text replaces the plain text and the other way round, and a row
// sizes itself to the attributed text as it is drawn (Pango measures each run in its own
// font). The oracle: the row is the configuration's 11-pt margins around the text's own
// height, and a run in a larger font makes the row taller than the plain text would.
@MainActor
struct AttributedListTextTests {
    @Test func aLabelsTextAndAttributedTextReplaceEachOther() {
        let label = Label(text: "plain")
        #expect(label.attributedText == nil)
        let bold = AttributedText("Bold", attributes: .init(font: Font(size: 17, weight: .bold)))
        label.attributedText = bold
        #expect(label.text == "Bold")
        #expect(label.attributedText == bold)
        label.text = "plain again"
        #expect(label.attributedText == nil)
        #expect(label.text == "plain again")
    }

    @Test func aLabelMeasuresItsAttributedText() {
        let label = Label(text: "", textMeasurer: PangoTextMeasurer.shared)
        let text = AttributedText("Total ") + AttributedText("42", attributes: .init(font: Font(size: 34)))
        label.attributedText = text
        let measured = PangoTextMeasurer.shared.measureAttributed(text, style: label.style, maxWidth: nil, maxLines: 1)
        #expect(label.intrinsicContentSize == Size(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
        label.text = "Total 42"
        #expect(label.intrinsicContentSize.height < measured.height)
    }

    @Test func aConfigurationsTextAndAttributedTextReplaceEachOther() {
        var content = ListContentConfiguration.cell()
        content.text = "Plain"
        content.attributedText = "Attributed"
        #expect(content.text == nil)
        content.text = "Plain"
        #expect(content.attributedText == nil)
        content.secondaryAttributedText = "Detail"
        content.secondaryText = "Plain detail"
        #expect(content.secondaryAttributedText == nil)
        content.secondaryAttributedText = "Detail"
        #expect(content.secondaryText == nil)
    }

    private func row(_ configure: (inout ListContentConfiguration) -> Void) -> (ListCell, ListContentView) {
        let cell = ListCell()
        var content = ListContentConfiguration.subtitleCell()
        configure(&content)
        cell.contentConfiguration = content
        let view = cell.contentView as! ListContentView
        view.textLabel.textMeasurer = PangoTextMeasurer.shared
        view.secondaryTextLabel.textMeasurer = PangoTextMeasurer.shared
        let size = cell.fittingSize(for: FittingProposal(width: .exactly(390), height: .unconstrained))
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        return (cell, view)
    }

    @Test func aRowSizesItselfToItsAttributedText() {
        let big = AttributedText("Price ") + AttributedText("42 €", attributes: .init(font: Font(size: 34, weight: .bold), underline: .single))
        let (cell, view) = row { $0.attributedText = big }
        #expect(view.textLabel.attributedText == big)
        #expect(!view.textLabel.isHidden)
        let measured = PangoTextMeasurer.shared.measureAttributed(big, style: view.textLabel.style, maxWidth: 390 - 32, maxLines: 0)
        #expect(cell.frame.height == 11 + measured.height.rounded(.up) + 11)
        let textFrame = view.textLabel.convert(view.textLabel.bounds, to: cell)
        #expect(textFrame.minX == 16 && textFrame.width >= measured.width)

        let (plainCell, _) = row { $0.text = "Price 42 €" }
        #expect(cell.frame.height > plainCell.frame.height)
    }

    @Test func anAttributedSecondaryTextWrapsAndSizesTheRow() {
        let words = AttributedText("A long secondary text ", attributes: .init(kerning: 1))
            + AttributedText("that wraps over several lines of the row", attributes: .init(font: Font(size: 20)))
        let (cell, view) = row {
            $0.text = "Title"
            $0.secondaryAttributedText = words
        }
        let secondary = view.secondaryTextLabel
        let measured = PangoTextMeasurer.shared.measureAttributed(
            words, style: secondary.style, maxWidth: 390 - 32, maxLines: 0)
        #expect(measured.lineCount > 1)
        let title = view.textLabel.intrinsicContentSize.height
        #expect(cell.frame.height == 11 + title + 3 + measured.height.rounded(.up) + 11)
    }
}
