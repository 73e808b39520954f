import Testing
import Trellis
import TrellisText
@testable import TrellisKit

/// UIKit's accessibility model (UIAccessibility): labels and buttons are elements, other
/// views contain elements; a label reads its text, a button its title; a container that is
/// not an element reads as its elements in reading order; the app's values replace the
/// defaults and nil restores them.
@Suite("Accessibility")
struct AccessibilityTests {
    private func label(_ text: String, at frame: Rect) -> Label {
        let label = Label(text: text, style: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)
        label.frame = frame
        return label
    }

    /// A card: a title over a subtitle, a price to the right of the title, and a hidden
    /// badge, added in an order that is not the reading order.
    private func card() -> CollectionViewCell {
        let cell = CollectionViewCell()
        cell.frame = Rect(x: 0, y: 0, width: 200, height: 60)
        cell.layoutIfNeeded()
        let subtitle = label("By the river", at: Rect(x: 8, y: 30, width: 120, height: 20))
        let price = label("€12", at: Rect(x: 150, y: 8, width: 40, height: 20))
        let title = label("Picnic basket", at: Rect(x: 8, y: 8, width: 120, height: 20))
        let badge = label("New", at: Rect(x: 150, y: 30, width: 40, height: 20))
        badge.isHidden = true
        let row = View(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        row.addSubview(price)
        row.addSubview(title)
        cell.contentView.addSubview(subtitle)
        cell.contentView.addSubview(row)
        cell.contentView.addSubview(badge)
        return cell
    }

    @Test func labelsAndButtonsAreElementsAndPlainViewsAreNot() {
        let text = label("Hello", at: .zero)
        #expect(text.isAccessibilityElement)
        #expect(text.accessibilityLabel == "Hello")
        #expect(text.accessibilityTraits == .staticText)
        let button = Button(title: "Buy", textStyle: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Buy")
        #expect(button.accessibilityTraits == .button)
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        let plain = View()
        #expect(!plain.isAccessibilityElement)
        #expect(plain.accessibilityLabel == nil)
        #expect(plain.accessibilityHint == nil && plain.accessibilityValue == nil)
        #expect(plain.accessibilityTraits == .none)
        // An empty label has no name.
        #expect(label("", at: .zero).accessibilityLabel == nil)
    }

    @Test func aCellReadsItsVisibleLabelsInReadingOrder() {
        let cell = card()
        #expect(!cell.isAccessibilityElement)
        #expect(cell.accessibilityLabel == "Picnic basket, €12, By the river")
        #expect(cell.accessibilityElementsInReadingOrder().compactMap { ($0 as? Label)?.text } == ["Picnic basket", "€12", "By the river"])
        // Right to left, the line starts at the right edge.
        let rightToLeft = card()
        rightToLeft.overrideTraitCollection = TraitCollection(layoutDirection: .rightToLeft)
        #expect(rightToLeft.accessibilityLabel == "€12, Picnic basket, By the river")
    }

    @Test func aLabelFollowsItsTextUntilTheAppNamesIt() {
        let text = label("Draft", at: .zero)
        text.text = "Sent"
        #expect(text.accessibilityLabel == "Sent")
        text.accessibilityLabel = "Message sent"
        text.text = "Read"
        #expect(text.accessibilityLabel == "Message sent")
        text.accessibilityLabel = nil
        #expect(text.accessibilityLabel == "Read")
    }

    @Test func anElementCellReadsAsOneAndHidesItsLabels() {
        let cell = card()
        cell.isAccessibilityElement = true
        cell.accessibilityLabel = "Picnic basket for €12"
        cell.accessibilityHint = "Opens the product"
        cell.accessibilityValue = "In stock"
        #expect(cell.accessibilityLabel == "Picnic basket for €12")
        #expect(cell.accessibilityHint == "Opens the product")
        #expect(cell.accessibilityValue == "In stock")
        // A container holding the cell reads the cell's label, not the labels inside it.
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        container.addSubview(cell)
        #expect(container.accessibilityElementsInReadingOrder().map(ObjectIdentifier.init) == [ObjectIdentifier(cell)])
        #expect(container.accessibilityLabel == "Picnic basket for €12")
    }

    @Test func aSelectedCellHasTheSelectedTraitUnlessTheAppSetsTraits() {
        let cell = card()
        #expect(!cell.accessibilityTraits.contains(.selected))
        cell.isSelected = true
        #expect(cell.accessibilityTraits == .selected)
        cell.isSelected = false
        #expect(cell.accessibilityTraits == .none)
        cell.accessibilityTraits = [.header, .button]
        cell.isSelected = true
        #expect(cell.accessibilityTraits == [.header, .button])
    }

    @Test func aCollectionCellReadsTheTextItShows() throws {
        final class TitleCell: CollectionViewCell {
            let title = Label(text: "", style: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)
            required init() {
                super.init()
                contentView.addSubview(title)
            }
            override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 30) }
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 200),
                                        layout: ListLayout(options: ListLayout.Options()))
        let registration = CollectionView.CellRegistration<TitleCell, String> { cell, _, name in
            cell.title.text = name
            cell.title.frame = Rect(x: 10, y: 5, width: 200, height: 20)
        }
        let names = ["Anna", "Bruno", "Chiara"]
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) { collection, indexPath, name in
            try collection.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(names)
        try source.apply(snapshot, animatingDifferences: false)
        collection.layoutIfNeeded()
        let read = (0..<3).map { collection.cellForItem(at: IndexPath(item: $0, section: 0))?.accessibilityLabel }
        #expect(read == names)
        try collection.selectItem(at: IndexPath(item: 1, section: 0))
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.accessibilityTraits.contains(.selected) == true)
    }
}
