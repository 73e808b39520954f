import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// The text an accessory draws is in the system font at the person's text size, as
// UIKit's: `UICellAccessory.LabelOptions.font` defaults to the body text style and
// `adjustsFontForContentSizeCategory` to true, so a `.label` accessory's text is the
// same font as a value cell's secondary text (body) beside it, and both follow a change
// of the text size or of the desktop's font while the cell is shown.
@MainActor
struct AccessoryTextTests {
    /// A settings row: a value cell with a `.label` accessory and a disclosure indicator.
    private func settingsRow() -> ListCell {
        let cell = ListCell()
        var content = ListContentConfiguration.valueCell()
        content.text = "Bluetooth"
        content.secondaryText = "On"
        cell.contentConfiguration = content
        cell.accessories = [.label(text: "Off", options: .init(reservedLayoutWidth: .actual)), .disclosureIndicator()]
        layOut(cell)
        return cell
    }

    private func layOut(_ cell: ListCell, width: Double = 390) {
        let size = cell.fittingSize(for: FittingProposal(width: .exactly(width), height: .unconstrained))
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
    }

    private func accessory(_ name: String, in cell: ListCell) -> AccessoryView {
        cell.subviews.compactMap { $0 as? AccessoryView }.first { $0.accessory.identifierName == name }!
    }

    private func secondaryText(of cell: ListCell) -> Label { (cell.contentView as! ListContentView).secondaryTextLabel }

    @Test func theLabelAccessoryHasTheValueCellsSecondaryFont() {
        let cell = settingsRow()
        let label = accessory("label", in: cell).content as! Label
        #expect(label.font == secondaryText(of: cell).font)
        #expect(label.font.size == 17)  // body at the default text size
    }

    @Test func theLabelAccessoryFollowsTheTextSize() {
        let cell = settingsRow()
        let view = accessory("label", in: cell)
        let label = view.content as! Label
        let widthBefore = view.frame.width
        cell.overrideTraitCollection = TraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        layOut(cell)
        // Apple's Dynamic Type table: body is 53 pt at AX5.
        #expect(label.font.size == 53)
        #expect(label.font == secondaryText(of: cell).font)
        #expect(view.frame.width > widthBefore * 2)  // "Off" measured again at 53 of 17 pt
        cell.overrideTraitCollection = nil
        layOut(cell)
        #expect(label.font.size == 17)
        #expect(view.frame.width == widthBefore)
    }

    /// GTK's `gtk-font-name` reaches the cells as the trait collection's system body font:
    /// the accessory's text takes its family and size, as the content's text does.
    @Test func theLabelAccessoryFollowsTheSystemFont() {
        let cell = settingsRow()
        let label = accessory("label", in: cell).content as! Label
        cell.overrideTraitCollection = TraitCollection(systemBodyFont: Font(family: "DejaVu Serif", size: 14))
        layOut(cell)
        #expect(label.font == Font(family: "DejaVu Serif", size: 14))
        #expect(label.font == secondaryText(of: cell).font)
    }

    @Test func glyphsAndButtonsFollowTheTextSizeToo() {
        let cell = ListCell()
        var content = cell.defaultContentConfiguration()
        content.text = "Row"
        cell.contentConfiguration = content
        cell.accessories = [.disclosureIndicator(), .checkmark(), .detail(options: .init(reservedLayoutWidth: .actual)), .delete(displayed: .always)]
        layOut(cell)
        let indicator = accessory("disclosureIndicator", in: cell).content as! Label
        let detail = (accessory("detail", in: cell).content as! Button).titleLabel
        let delete = (accessory("delete", in: cell).content as! Button).titleLabel
        #expect(indicator.font.size == 17 && detail.font.size == 17 && delete.font.size == 17)
        let detailWidth = accessory("detail", in: cell).frame.width
        cell.overrideTraitCollection = TraitCollection(preferredContentSizeCategory: .accessibilityMedium)
        layOut(cell)
        // Body is 28 pt at AX1.
        #expect(indicator.font.size == 28 && detail.font.size == 28 && delete.font.size == 28)
        #expect(indicator.font.weight == .semibold)
        #expect(accessory("detail", in: cell).frame.width > detailWidth)
    }

    @Test func aFontOfTheAppsOwnKeepsItsSize() {
        let cell = ListCell()
        cell.accessories = [.label(text: "Off", options: .init(font: Font(size: 12)))]
        layOut(cell)
        cell.overrideTraitCollection = TraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        layOut(cell)
        #expect((accessory("label", in: cell).content as! Label).font == Font(size: 12))
    }
}
