import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// List cells as a UIKit developer uses them, checked against Apple's documented
// arrangement (UIListContentConfiguration, UICollectionViewListCell), with the oracle's
// own arithmetic from the documented metrics: margins 16 pt in a compact list, the
// configuration's paddings, indentation = level × indentationWidth. Text extents come
// from the labels' own measurement (the text measurer is not what is under test).

/// A list cell laid out at `width`, self-sized as the collection view would.
@MainActor
private func laidOut(_ cell: ListCell, width: Double = 390) -> ListCell {
    let size = cell.fittingSize(for: FittingProposal(width: .exactly(width), height: .unconstrained))
    cell.frame = Rect(x: 0, y: 0, width: width, height: size.height)
    cell.layoutIfNeeded()
    return cell
}

/// `view`'s frame in the cell's coordinates.
private func frame(of view: View, in cell: View) -> Rect { view.convert(view.bounds, to: cell) }

private func content(_ cell: ListCell) -> ListContentView { cell.contentView as! ListContentView }

/// The label's own measured height (rounded to pixels as a label does).
private func textHeight(_ label: Label) -> Double { label.intrinsicContentSize.height }

@MainActor
struct ListContentConfigurationTests {
    @Test func aCellConfigurationMakesTheContentViewAndSizesTheRow() {
        let cell = ListCell()
        var configuration = cell.defaultContentConfiguration()
        configuration.text = "Wi-Fi"
        cell.contentConfiguration = configuration
        #expect(cell.contentView is ListContentView)
        _ = laidOut(cell)
        let text = content(cell).textLabel
        #expect(text.text == "Wi-Fi")
        #expect(frame(of: text, in: cell).minX == 16)  // the list's compact margin
        #expect(frame(of: text, in: cell).minY == 11)
        #expect(cell.frame.height == 11 + textHeight(text) + 11)
        #expect(content(cell).secondaryTextLabel.isHidden)
    }

    @Test func applyingAnotherListConfigurationKeepsTheSameContentView() {
        let cell = ListCell()
        var configuration = ListContentConfiguration.cell()
        configuration.text = "One"
        cell.contentConfiguration = configuration
        let view = cell.contentView
        configuration.text = "Two"
        configuration.secondaryText = "Detail"
        cell.contentConfiguration = configuration
        #expect(cell.contentView === view)  // supports(_:) : applied in place
        #expect(content(cell).secondaryTextLabel.text == "Detail")
    }

    @Test func valueCellPutsTheSecondaryTextTrailingOnTheSameLine() {
        let cell = ListCell()
        var configuration = ListContentConfiguration.valueCell()
        configuration.text = "Version"
        configuration.secondaryText = "17.2"
        cell.contentConfiguration = configuration
        _ = laidOut(cell, width: 390)
        let text = frame(of: content(cell).textLabel, in: cell)
        let secondary = frame(of: content(cell).secondaryTextLabel, in: cell)
        #expect(text.minX == 16)
        #expect(secondary.maxX == 390 - 16)
        #expect(abs(secondary.midY - text.midY) < 0.5)  // same line
        #expect(secondary.minX >= text.maxX + 8)
    }

    @Test func subtitleCellPutsTheSecondaryTextBelow() {
        let cell = ListCell()
        var configuration = ListContentConfiguration.subtitleCell()
        configuration.text = "Title"
        configuration.secondaryText = "Subtitle"
        cell.contentConfiguration = configuration
        _ = laidOut(cell)
        let labels = content(cell)
        let text = frame(of: labels.textLabel, in: cell)
        let secondary = frame(of: labels.secondaryTextLabel, in: cell)
        #expect(text.minX == 16 && secondary.minX == 16)
        #expect(secondary.minY == text.maxY + configuration.textToSecondaryTextVerticalPadding)
        #expect(cell.frame.height == 11 + textHeight(labels.textLabel) + 3 + textHeight(labels.secondaryTextLabel) + 11)
    }

    @Test func theImageLeadsAndTheTextFollowsAfterThePadding() throws {
        let cell = ListCell()
        var configuration = ListContentConfiguration.cell()
        configuration.text = "Photos"
        configuration.image = Image(pixelWidth: 20, pixelHeight: 20, color: .red)
        cell.contentConfiguration = configuration
        _ = laidOut(cell)
        let image = frame(of: content(cell).imageView, in: cell)
        #expect(image == Rect(x: 16, y: ((cell.frame.height - 20) / 2).rounded(), width: 20, height: 20))  // pixel-aligned, as UIKit
        #expect(frame(of: content(cell).textLabel, in: cell).minX == 16 + 20 + configuration.imageToTextPadding)

        // A reserved slot wider than the image: the image is centred in it and the text
        // starts after the slot, so rows with different images line up.
        configuration.imageProperties.reservedLayoutSize = Size(width: 40, height: 0)
        cell.contentConfiguration = configuration
        _ = laidOut(cell)
        #expect(frame(of: content(cell).imageView, in: cell).minX == 16 + 10)
        #expect(frame(of: content(cell).textLabel, in: cell).minX == 16 + 40 + configuration.imageToTextPadding)

        // maximumSize scales a large image down, aspect kept.
        configuration.image = Image(pixelWidth: 60, pixelHeight: 30, color: .red)
        configuration.imageProperties.maximumSize = Size(width: 30, height: 30)
        configuration.imageProperties.reservedLayoutSize = .zero
        cell.contentConfiguration = configuration
        _ = laidOut(cell)
        #expect(frame(of: content(cell).imageView, in: cell).size == Size(width: 30, height: 15))
    }

    @Test func theMarginsOfTheConfigurationGrowToTheCellsMargins() {
        let cell = ListCell()
        var configuration = ListContentConfiguration.cell()
        configuration.text = "A"
        configuration.directionalLayoutMargins = EdgeInsets(top: 4, leading: 30, bottom: 4, trailing: 30)
        cell.contentConfiguration = configuration
        _ = laidOut(cell)
        #expect(frame(of: content(cell).textLabel, in: cell).minX == 30)  // larger than the cell's 16
        #expect(frame(of: content(cell).textLabel, in: cell).minY == 8)  // the cell's 8 beats 4 (vertical preserved)
        configuration.axesPreservingSuperviewLayoutMargins = []
        configuration.directionalLayoutMargins.leading = 4
        cell.contentConfiguration = configuration
        _ = laidOut(cell)
        #expect(frame(of: content(cell).textLabel, in: cell).minX == 4)
        #expect(frame(of: content(cell).textLabel, in: cell).minY == 4)
    }

    @Test func sidebarSelectionTurnsTheTextWhiteOverTheTint() {
        var configuration = ListContentConfiguration.sidebarCell()
        configuration.text = "Inbox"
        var state = CellConfigurationState(traitCollection: .default)
        #expect(configuration.updated(for: state).textProperties.color == .label)
        state.isSelected = true
        let selected = configuration.updated(for: state)
        #expect(selected.textProperties.color == .white)
        state.isSelected = false
        #expect(selected.updated(for: state).textProperties.color == .label)
        // A colour the app set is kept (UIKit: the state's defaults go to what you do not customize).
        var custom = configuration
        custom.textProperties.color = .red
        state.isSelected = true
        #expect(custom.updated(for: state).textProperties.color == .red)
        #expect(custom.updated(for: state).secondaryTextProperties.color == .white)
        // Plain cells keep their colours.
        #expect(ListContentConfiguration.cell().updated(for: state).textProperties.color == .label)
    }

    @Test func headerFactoriesUseTheirTextStyles() {
        #expect(ListContentConfiguration.groupedHeader().textProperties.font.size == 13)  // footnote
        #expect(ListContentConfiguration.groupedHeader().textProperties.color == .secondaryLabel)
        #expect(ListContentConfiguration.cell().textProperties.font.size == 17)  // body
        #expect(ListContentConfiguration.prominentInsetGroupedHeader().textProperties.font.weight == .bold)
        #expect(ListContentConfiguration.valueCell().prefersSideBySideTextAndSecondaryText)
        #expect(!ListContentConfiguration.subtitleCell().prefersSideBySideTextAndSecondaryText)
    }
}

@MainActor
struct ListCellLayoutTests {
    private func cell(text: String, accessories: [CellAccessory] = []) -> ListCell {
        let cell = ListCell()
        var configuration = cell.defaultContentConfiguration()
        configuration.text = text
        cell.contentConfiguration = configuration
        cell.accessories = accessories
        return cell
    }

    @Test func indentationIsLevelTimesWidth() {
        let flat = laidOut(cell(text: "Item"))
        let indented = cell(text: "Item")
        indented.indentationLevel = 3
        indented.indentationWidth = 12
        _ = laidOut(indented)
        let shift = frame(of: content(indented).textLabel, in: indented).minX - frame(of: content(flat).textLabel, in: flat).minX
        #expect(shift == 36)
        #expect(ListCell().indentationWidth == 10)
    }

    @Test func trailingAccessoriesGoInUIKitsOrderAndTakeTheirWidth() {
        let row = laidOut(cell(text: "Notifications", accessories: [.disclosureIndicator(), .label(text: "Off")]))
        let views = row.subviews.compactMap { $0 as? AccessoryView }
        let indicator = views.first { if case .disclosureIndicator = $0.accessory.kind { true } else { false } }!
        let label = views.first { if case .label = $0.accessory.kind { true } else { false } }!
        // The indicator at the edge (inside the margin), the label inward of it.
        #expect(indicator.frame.maxX == 390 - 16)
        #expect(indicator.frame.width >= CellAccessory.standardWidth)
        #expect(label.frame.maxX == indicator.frame.minX - 8)
        #expect(row.contentView.frame.maxX == label.frame.minX)
        #expect(abs(label.frame.midY - row.bounds.midY) < 0.5)
    }

    @Test func longTextShortensToMakeRoomForAccessories() {
        let long = String(repeating: "wide ", count: 60)
        let row = cell(text: long, accessories: [.checkmark()])
        var configuration = row.contentConfiguration as! ListContentConfiguration
        configuration.textProperties.numberOfLines = 1
        row.contentConfiguration = configuration
        _ = laidOut(row)
        let checkmark = row.subviews.compactMap { $0 as? AccessoryView }[0]
        #expect(checkmark.frame.maxX == 390 - 16)
        #expect(frame(of: content(row).textLabel, in: row).maxX <= checkmark.frame.minX)
        #expect(checkmark.frame.width > 0)
    }

    @Test func editingAccessoriesShowOnlyWhileEditing() throws {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 400), layout: CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain)))
        let registration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            var configuration = cell.defaultContentConfiguration()
            configuration.text = item
            cell.contentConfiguration = configuration
            cell.accessories = [.delete(), .reorder(), .disclosureIndicator(displayed: .whenNotEditing)]
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Milk", "Eggs"])
        try dataSource.apply(snapshot)
        collection.layoutIfNeeded()
        func shown(_ indexPath: IndexPath) -> [String] {
            (collection.cellForItem(at: indexPath)!.subviews.compactMap { $0 as? AccessoryView }).filter { !$0.isHidden }.map(\.accessory.identifierName)
        }
        #expect(shown(IndexPath(item: 0, section: 0)) == ["disclosureIndicator"])
        let textX = frame(of: content(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as! ListCell).textLabel, in: collection.cellForItem(at: IndexPath(item: 0, section: 0))!).minX
        #expect(textX == 16)

        collection.isEditing = true
        collection.layoutIfNeeded()
        let row = collection.cellForItem(at: IndexPath(item: 0, section: 0)) as! ListCell
        #expect(row.configurationState.isEditing)
        #expect(shown(IndexPath(item: 0, section: 0)) == ["delete", "reorder"])
        let delete = row.subviews.compactMap { $0 as? AccessoryView }.first { $0.accessory.identifierName == "delete" }!
        #expect(delete.frame.minX == 16)  // leading, inside the margin
        #expect(frame(of: content(row).textLabel, in: row).minX == delete.frame.maxX + 8)  // the content's own margin after it
    }
}

@MainActor
struct PlainCellConfigurationTests {
    @Test func aPlainCellWithAListConfigurationSizesToIt() {
        let cell = CollectionViewCell()
        var configuration = ListContentConfiguration.groupedHeader()
        configuration.text = "Settings"
        cell.contentConfiguration = configuration
        let size = cell.fittingSize(for: FittingProposal(width: .exactly(390), height: .unconstrained))
        let text = (cell.contentView as! ListContentView).textLabel
        // The cell's own margins are 8 (UIView's), under the header's 16 top and 6 bottom.
        #expect(size == Size(width: 390, height: 16 + text.intrinsicContentSize.height + 8))
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame == cell.bounds)
        #expect(text.convert(text.bounds, to: cell).minX == 16)  // the header's side margin, over the cell's 8
    }
}

@MainActor
struct ListContentDynamicTypeTests {
    /// A list cell showing a subtitle configuration, with its labels.
    func subtitleCell() -> (ListCell, ListContentConfiguration, ListContentView) {
        let cell = ListCell()
        var configuration = ListContentConfiguration.subtitleCell()
        configuration.text = "Title"
        configuration.secondaryText = "Subtitle"
        cell.contentConfiguration = configuration
        return (cell, configuration, cell.contentView as! ListContentView)
    }

    @Test func factoryFontsFollowThePreferredTextSize() {
        var (cell, configuration, labels) = subtitleCell()
        #expect(labels.textLabel.font.size == 17 && labels.secondaryTextLabel.font.size == 15)  // body, subheadline at Large
        cell.overrideTraitCollection = TraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        // Apple's Dynamic Type table: body 53 pt and subheadline 49 pt at AX5.
        #expect(labels.textLabel.font.size == 53 && labels.secondaryTextLabel.font.size == 49)
        // A font of the app's own keeps its size, and so does a factory's with scaling off.
        configuration.textProperties.font = Font(size: 20)
        configuration.secondaryTextProperties.adjustsFontForContentSizeCategory = false
        cell.contentConfiguration = configuration
        #expect(labels.textLabel.font.size == 20 && labels.secondaryTextLabel.font.size == 15)
    }

    /// The desktop's system font (GTK's `gtk-font-name`) replaces the family of the
    /// factories' fonts and sets the body size; the other styles keep their proportion to
    /// the body (subheadline 15 of 17) and Dynamic Type scales on top. A font of the app's
    /// own is not the system font and stays as it is.
    @Test func factoryFontsTakeTheSystemBodyFont() {
        var (cell, configuration, labels) = subtitleCell()
        let heightBefore = laidOut(cell).frame.height
        cell.overrideTraitCollection = TraitCollection(systemBodyFont: Font(family: "DejaVu Serif", size: 34))
        #expect(labels.textLabel.font.family == "DejaVu Serif" && labels.secondaryTextLabel.font.family == "DejaVu Serif")
        #expect(labels.textLabel.font.size == 34 && labels.secondaryTextLabel.font.size == 30)
        #expect(laidOut(cell).frame.height > heightBefore)
        // Large text on top: body 21 of 17 at extra extra large.
        cell.overrideTraitCollection = TraitCollection(
            preferredContentSizeCategory: .extraExtraLarge, systemBodyFont: Font(family: "DejaVu Serif", size: 34))
        #expect(labels.textLabel.font.size == 42)
        configuration.textProperties.font = Font(family: "DejaVu Sans", size: 20)
        cell.contentConfiguration = configuration
        #expect(labels.textLabel.font == Font(family: "DejaVu Sans", size: 20))
    }
}

@MainActor
struct ListCellRightToLeftTests {
    @Test func rightToLeftMirrorsTextAccessoriesAndSeparator() {
        let cell = ListCell()
        cell.overrideTraitCollection = TraitCollection(layoutDirection: .rightToLeft)
        var configuration = ListContentConfiguration.valueCell()
        configuration.text = "שלום"
        configuration.secondaryText = "17"
        cell.contentConfiguration = configuration
        cell.accessories = [.disclosureIndicator()]
        _ = laidOut(cell, width: 390)
        let labels = content(cell)
        let indicator = cell.subviews.compactMap { $0 as? AccessoryView }[0]
        // Leading is the right edge: the text there, the value and the indicator on the left.
        #expect(frame(of: labels.textLabel, in: cell).maxX == 390 - 16)
        #expect(indicator.frame.minX == 16)
        #expect(frame(of: labels.secondaryTextLabel, in: cell).minX >= indicator.frame.maxX)
        // The separator runs from the text's leading (right) edge to the trailing (left) edge.
        #expect(cell.separatorView.frame.minX == 0)
        #expect(cell.separatorView.frame.maxX == 390 - 16)
    }
}

@MainActor
struct BackgroundConfigurationTests {
    @Test func insetsCornersAndStrokeShowOnTheFill() throws {
        let cell = ListCell()
        var background = BackgroundConfiguration.listGroupedCell()
        background.backgroundInsets = EdgeInsets(top: 2, leading: 10, bottom: 4, trailing: 30)
        background.cornerRadius = 8
        background.strokeWidth = 1
        background.strokeColor = .red
        cell.backgroundConfiguration = background
        cell.frame = Rect(x: 0, y: 0, width: 200, height: 50)
        cell.layoutIfNeeded()
        let view = try #require(cell.backgroundView as? BackgroundConfigurationView)
        #expect(view.fill.frame == Rect(x: 10, y: 2, width: 160, height: 44))
        #expect(view.fill.cornerStyle == .radius(8) && view.fill.borderWidth == 1 && view.fill.borderColor == .red)
        cell.overrideTraitCollection = TraitCollection(layoutDirection: .rightToLeft)
        cell.layoutIfNeeded()
        #expect(view.fill.frame.minX == 30)  // leading is the right edge
        // Nil colours take the tint; clear() is clear.
        var tinted = BackgroundConfiguration()
        tinted.strokeWidth = 2
        cell.backgroundConfiguration = tinted
        #expect(view.fill.backgroundColor == cell.tintColor && view.fill.borderColor == cell.tintColor)
        cell.backgroundConfiguration = .clear()
        #expect(view.fill.backgroundColor == .clear)
        cell.backgroundConfiguration = nil
        #expect(cell.backgroundView == nil)
        // A factory's state colours, unless the app set its own.
        var selected = CellConfigurationState(traitCollection: .default)
        selected.isSelected = true
        #expect(BackgroundConfiguration.listGroupedCell().updated(for: selected).backgroundColor == BackgroundConfiguration.selectionGray)
        var custom = BackgroundConfiguration.listGroupedCell()
        custom.backgroundColor = .red
        #expect(custom.updated(for: selected).backgroundColor == .red)
    }
}
