import Testing
import Trellis
import TrellisText
@testable import TrellisKit

/// A host showing cells to assistive technologies (the GTK widget) reads a displayed cell
/// again only when TrellisKit marks it as changed: every change that can alter what the
/// cell reads as marks it — a label's text, an accessibility property, a view inside it
/// hidden, added or removed, the cell selected or given another item — and nothing else
/// does (a scroll that only moves a cell leaves it unmarked). A mark made outside a layout
/// pass tells the host once, until it reads the cell; marks made inside a pass tell
/// nothing (the host reads after every pass).
@Suite("Accessible content changes")
struct AccessibleContentChangeTests {
    /// A text cell that shows its text in a label, as an app's cell would.
    final class LabelledTextCell: TextCell {
        let title = Label(text: "", style: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)

        required init() {
            super.init()
            contentView.addSubview(title)
        }

        override var text: String {
            didSet { title.text = text }
        }
    }

    final class Calls {
        var count = 0
    }

    /// 100 items of one line (30 pt a row) in the 800-point viewport, laid out, every
    /// displayed cell read by the "host".
    private func shownCollection() throws -> (CollectionView, TextDataSource, Calls) {
        let source = TextDataSource(count: 100, maxLength: 10)
        source.identifier = "label"
        let collection = makeCollection(source)
        collection.register(LabelledTextCell.self, forCellWithReuseIdentifier: "label")
        try collection.performLayout()
        let calls = Calls()
        collection.accessibleContentChangeHandler = { calls.count += 1 }
        readAll(collection)
        return (collection, source, calls)
    }

    private func readAll(_ collection: CollectionView) {
        for indexPath in collection.indexPathsForVisibleItems { collection.cellForItem(at: indexPath)!.accessibleContentWasRead() }
    }

    private func marked(_ collection: CollectionView) -> [IndexPath] {
        collection.indexPathsForVisibleItems.filter { collection.cellForItem(at: $0)!.accessibleContentChanged }
    }

    private func cell(_ collection: CollectionView, _ item: Int) throws -> LabelledTextCell {
        try #require(collection.cellForItem(at: IndexPath(item: item, section: 0)) as? LabelledTextCell)
    }

    @Test func aNewCellIsMarkedAndAScrollMarksOnlyTheCellsItBringsIn() throws {
        let source = TextDataSource(count: 100, maxLength: 10)
        source.identifier = "label"
        let collection = makeCollection(source)
        collection.register(LabelledTextCell.self, forCellWithReuseIdentifier: "label")
        try collection.performLayout()
        let first = collection.indexPathsForVisibleItems
        #expect(!first.isEmpty && marked(collection) == first, "every cell shown for the first time is to be read")
        readAll(collection)

        // A layout with nothing changed marks nothing.
        collection.setNeedsLayout()
        try collection.performLayout()
        #expect(marked(collection).isEmpty)

        // A scroll of two rows: the cells kept only moved; those that came in are marked.
        collection.contentOffset = Point(x: 0, y: 60)
        try collection.performLayout()
        let now = collection.indexPathsForVisibleItems
        let cameIn = now.filter { !first.contains($0) }
        #expect(!cameIn.isEmpty)
        #expect(marked(collection) == cameIn, "marked: \(marked(collection)), came in: \(cameIn)")
    }

    @Test func aLabelSetDirectlyMarksItsCellAndTellsTheHostOnce() throws {
        let (collection, source, calls) = try shownCollection()
        defer { withExtendedLifetime(source) {} }
        let target = try cell(collection, 3)
        target.title.text = "Renamed"
        #expect(marked(collection) == [IndexPath(item: 3, section: 0)])
        #expect(calls.count == 1)
        #expect(target.accessibilityLabel == "Renamed")
        // Until the host reads the cell, further changes do not call it again.
        target.title.text = "Renamed again"
        #expect(calls.count == 1)
        target.accessibleContentWasRead()
        // The same text again is no change.
        target.title.text = "Renamed again"
        #expect(marked(collection).isEmpty && calls.count == 1)
        target.title.text = "Third"
        #expect(calls.count == 2)
    }

    @Test func accessibilityPropertiesAndVisibilityMarkTheCell() throws {
        let (collection, source, calls) = try shownCollection()
        defer { withExtendedLifetime(source) {} }
        try cell(collection, 1).accessibilityLabel = "Custom"
        try cell(collection, 2).accessibilityValue = "3 of 5"
        try cell(collection, 4).accessibilityHint = "Opens the item"
        try cell(collection, 5).accessibilityTraits = [.button]
        try cell(collection, 6).accessibilityExpandedStatus = .collapsed
        try cell(collection, 7).title.isHidden = true
        try cell(collection, 8).title.alpha = 0
        try cell(collection, 9).title.removeFromSuperview()
        try cell(collection, 10).contentView.addSubview(Label(text: "New", style: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer))
        #expect(marked(collection).map(\.item) == [1, 2, 4, 5, 6, 7, 8, 9, 10])
        #expect(calls.count == 9)
        // What does not change what a cell reads as marks nothing.
        readAll(collection)
        try cell(collection, 11).title.textColor = .secondaryLabel
        try cell(collection, 11).backgroundColor = .systemBlue
        try cell(collection, 11).title.alpha = 0.5
        #expect(marked(collection).isEmpty && calls.count == 9)
    }

    @Test func aSelectionMarksTheSelectedCellOnly() throws {
        let (collection, source, _) = try shownCollection()
        // The collection view holds its data source weakly.
        try withExtendedLifetime(source) {
            try collection.selectItem(at: IndexPath(item: 2, section: 0))
            try collection.performLayout()
            #expect(marked(collection) == [IndexPath(item: 2, section: 0)])
            #expect(try cell(collection, 2).accessibilityTraits.contains(.selected))
        }
    }

    @Test func changesInsideALayoutPassMarkWithoutCallingTheHost() throws {
        let (collection, source, calls) = try shownCollection()
        // Reloading an item configures its cell again in the next pass, with a new text.
        source.sections[0][4].text = "Fresh"
        try collection.reloadItems(at: [IndexPath(item: 4, section: 0)])
        let before = calls.count
        try collection.performLayout()
        #expect(marked(collection).contains(IndexPath(item: 4, section: 0)))
        #expect(try cell(collection, 4).accessibilityLabel == "Fresh")
        #expect(calls.count == before)
    }
}

