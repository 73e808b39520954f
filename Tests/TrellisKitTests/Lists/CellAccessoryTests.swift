import Testing
import Trellis
@testable import TrellisKit

// The accessories Apple documents for UICellAccessory, each as a UIKit developer sets it:
// which edge it goes to, when it shows, what pressing it does.
@MainActor
struct CellAccessoryTests {
    private func row(_ accessories: [CellAccessory], width: Double = 390) -> ListCell {
        let cell = ListCell()
        var content = cell.defaultContentConfiguration()
        content.text = "Row"
        cell.contentConfiguration = content
        cell.accessories = accessories
        let size = cell.fittingSize(for: FittingProposal(width: .exactly(width), height: .unconstrained))
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        return cell
    }

    private func views(_ cell: ListCell) -> [AccessoryView] {
        cell.subviews.compactMap { $0 as? AccessoryView }.filter { !$0.isHidden }.sorted { $0.frame.minX < $1.frame.minX }
    }

    @Test func theDefaultDisplayedStatesAreUIKits() {
        #expect(CellAccessory.disclosureIndicator().displayedState == .always)
        #expect(CellAccessory.checkmark().displayedState == .always)
        #expect(CellAccessory.outlineDisclosure().displayedState == .always)
        #expect(CellAccessory.label(text: "x").displayedState == .always)
        #expect(CellAccessory.detail().displayedState == .always)
        #expect(CellAccessory.delete().displayedState == .whenEditing)
        #expect(CellAccessory.insert().displayedState == .whenEditing)
        #expect(CellAccessory.reorder().displayedState == .whenEditing)
        #expect(CellAccessory.multiselect().displayedState == .whenEditing)
        #expect(CellAccessory.DisplayedState.whenNotEditing.shows(isEditing: false))
        #expect(!CellAccessory.DisplayedState.whenNotEditing.shows(isEditing: true))
    }

    @Test func leadingAndTrailingAccessoriesInSystemOrder() {
        // Given out of order: UIKit places them by kind, from each edge inward.
        let cell = row([
            .label(text: "3"), .delete(displayed: .always), .detail(), .multiselect(displayed: .always), .disclosureIndicator(),
            .checkmark(), .reorder(displayed: .always),
        ])
        #expect(views(cell).map(\.accessory.identifierName) == [
            "delete", "multiselect", "label", "detail", "checkmark", "reorder", "disclosureIndicator",
        ])
        let shown = views(cell)
        #expect(shown.first!.frame.minX == 16)
        #expect(shown.last!.frame.maxX == 390 - 16)
        for (left, right) in zip(shown, shown.dropFirst()) where left.accessory.isLeading == right.accessory.isLeading {
            #expect(right.frame.minX == left.frame.maxX + 8, "\(left.accessory.identifierName) then \(right.accessory.identifierName)")
        }
        #expect(cell.contentView.frame.minX == shown[1].frame.maxX)
        #expect(cell.contentView.frame.maxX == shown[2].frame.minX)
    }

    @Test func reservedWidthsCustomActualAndStandard() {
        let cell = row([.label(text: "Off", options: .init(reservedLayoutWidth: .custom(60))), .checkmark(options: .init(reservedLayoutWidth: .actual))])
        let shown = views(cell)
        #expect(shown[0].frame.width == 60)
        #expect(shown[1].frame.width == shown[1].content.intrinsicContentSize.width)
        #expect(shown[1].frame.width < CellAccessory.standardWidth)
        let standard = row([.checkmark()])
        #expect(views(standard)[0].frame.width == CellAccessory.standardWidth)
    }

    @Test func hiddenAccessoriesTakeNoRoom() {
        let cell = row([.disclosureIndicator(options: .init(isHidden: true))])
        #expect(views(cell).isEmpty)
        #expect(cell.contentView.frame.maxX == 390)
    }

    @Test func aCustomViewGoesWhereItsPlacementSays() {
        let badge = View(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        badge.backgroundColor = .red
        let cell = row([.customView(configuration: .init(customView: badge, placement: .leading(), reservedLayoutWidth: .actual, maintainsFixedSize: true))])
        let shown = views(cell)
        #expect(shown.count == 1)
        #expect(shown[0].frame.minX == 16 && shown[0].frame.width == 30)
        #expect(badge.frame.size == Size(width: 30, height: 20))
        #expect(badge.superview === shown[0])
        #expect(cell.contentView.frame.minX == shown[0].frame.maxX)
    }

    @Test func detailAndInsertRunTheirHandlers() throws {
        var pressed: [String] = []
        let cell = row([.detail(actionHandler: { pressed.append("detail") }), .insert(displayed: .always, actionHandler: { pressed.append("insert") })])
        for view in views(cell) {
            let button = try #require(view.content as? Button)
            #expect(button.beginTracking())
            button.endTracking(inside: true)
        }
        #expect(pressed == ["insert", "detail"])  // leading first
    }

    @Test func theMultiselectCircleFillsWhileSelected() {
        let cell = row([.multiselect(displayed: .always)])
        let circle = views(cell)[0].content as! Label
        #expect(circle.text == "○")
        cell.isSelected = true
        cell.layoutIfNeeded()
        #expect(circle.text == "✓")
        #expect(circle.backgroundColor == cell.tintColor)
    }

    @Test func theCellIsAtLeastAsTallAsItsTallestAccessory() {
        let tall = View(frame: Rect(x: 0, y: 0, width: 20, height: 80))
        let cell = row([.customView(configuration: .init(customView: tall, placement: .trailing(), maintainsFixedSize: true))])
        #expect(cell.frame.height == 8 + 80 + 8)  // the cell's margins around it
    }
}
