import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// `UIListContentConfiguration.prefersSideBySideTextAndSecondaryText` (true for
// `valueCell()`), as Apple documents it: the text and the secondary text are side by side
// when there is room for both on one line; otherwise (and at the accessibility text sizes)
// they stack, the secondary text below the text, leading-aligned, and the row is as tall
// as the stack.
//
// The oracle works from the documented metrics alone, with the fixed-advance measurer
// (every character 0.6 em wide, lines 1.2 em tall) so text extents are known in advance:
// body text is 17 pt, so "Bluetooth" and "Connected" are 9 × 10.2 = 91.8 pt, 92 pt as a
// label's whole-pixel size, one line 20.4 pt, 21 pt as a label. The row's content has the
// list cell's 16-pt margins at the sides and the configuration's 11 pt above and below;
// side by side needs 92 + 8 (`textToSecondaryTextHorizontalPadding`) + 92 = 192 pt, so a
// row 224 pt wide (192 + 2 × 16) keeps them side by side and one point narrower stacks
// them, 3 pt apart (`textToSecondaryTextVerticalPadding`).
@MainActor
struct ValueCellStackingTests {
    nonisolated static let textWidth = 92.0, lineHeight = 21.0
    nonisolated static let sideBySideWidth = 16 + textWidth + 8 + textWidth + 16  // 224
    nonisolated static let sideBySideHeight = 11 + lineHeight + 11  // 43
    nonisolated static let stackedHeight = 11 + lineHeight + 3 + lineHeight + 11  // 67

    /// The settings row of the Lists screens: "Bluetooth … Connected".
    static func configure(_ cell: ListCell, text: String = "Bluetooth", secondaryText: String = "Connected") {
        var content = ListContentConfiguration.valueCell()
        content.text = text
        content.secondaryText = secondaryText
        cell.contentConfiguration = content
        let labels = cell.contentView as! ListContentView
        labels.textLabel.textMeasurer = FixedAdvanceTextMeasurer()
        labels.secondaryTextLabel.textMeasurer = FixedAdvanceTextMeasurer()
    }

    private func row(width: Double, traits: TraitCollection? = nil) -> ListCell {
        let cell = ListCell()
        cell.overrideTraitCollection = traits
        Self.configure(cell)
        let size = cell.fittingSize(for: FittingProposal(width: .exactly(width), height: .unconstrained))
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        return cell
    }

    private func frames(_ cell: ListCell) -> (text: Rect, secondary: Rect) {
        let labels = cell.contentView as! ListContentView
        return (labels.textLabel.convert(labels.textLabel.bounds, to: cell),
                labels.secondaryTextLabel.convert(labels.secondaryTextLabel.bounds, to: cell))
    }

    @Test(arguments: [ValueCellStackingTests.sideBySideWidth, ValueCellStackingTests.sideBySideWidth + 1, 390])
    func sideBySideWhenBothFit(width: Double) {
        let cell = row(width: width)
        let (text, secondary) = frames(cell)
        #expect(cell.frame.height == Self.sideBySideHeight)
        #expect(text == Rect(x: 16, y: 11, width: Self.textWidth, height: Self.lineHeight))
        #expect(secondary == Rect(x: width - 16 - Self.textWidth, y: 11, width: Self.textWidth, height: Self.lineHeight))
    }

    @Test(arguments: [ValueCellStackingTests.sideBySideWidth - 1, 200, 150])
    func stackedWhenTheyDoNotFit(width: Double) {
        let cell = row(width: width)
        let (text, secondary) = frames(cell)
        let column = width - 32
        #expect(cell.frame.height == Self.stackedHeight)
        // Each text spans the column, its words from the leading edge.
        #expect(text == Rect(x: 16, y: 11, width: column, height: Self.lineHeight))
        #expect(secondary == Rect(x: 16, y: 11 + Self.lineHeight + 3, width: column, height: Self.lineHeight))
        #expect((cell.contentView as! ListContentView).secondaryTextLabel.textAlignment == .natural)
    }

    /// Narrower than one of the texts: stacked, and the text wraps onto as many lines as it
    /// needs (a configuration's `numberOfLines` is 0): "Bluetooth" in 60 pt holds 5
    /// characters a line (5 × 10.2 = 51), so 2 lines of 20.4 pt, 41 pt as a label.
    @Test func stackedTextsWrapAtTheColumnWidth() {
        let cell = row(width: 92)
        let (text, secondary) = frames(cell)
        #expect(text.height == 41 && secondary.height == 41)
        #expect(cell.frame.height == 11 + 41 + 3 + 41 + 11)
    }

    /// At the accessibility text sizes UIKit stacks them even where they would fit: body is
    /// 28 pt at AX1, "Bluetooth" 9 × 16.8 = 151.2 pt (152), a line 33.6 (34); side by side
    /// would need 152 + 8 + 152 = 312 of the 358 a 390-pt row has.
    @Test func stackedAtAccessibilitySizes() {
        let cell = row(width: 390, traits: TraitCollection(preferredContentSizeCategory: .accessibilityMedium))
        let (text, secondary) = frames(cell)
        #expect(text == Rect(x: 16, y: 11, width: 358, height: 34))
        #expect(secondary == Rect(x: 16, y: 11 + 34 + 3, width: 358, height: 34))
        #expect(cell.frame.height == 11 + 34 + 3 + 34 + 11)
        // One size below the accessibility sizes (xxxL: body 23 pt, "Bluetooth" 124.2 pt,
        // 125) they fit side by side again.
        cell.overrideTraitCollection = TraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        let size = cell.fittingSize(for: FittingProposal(width: .exactly(390), height: .unconstrained))
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        let (sideText, sideSecondary) = frames(cell)
        #expect(sideText.minY == sideSecondary.minY)
        #expect(sideSecondary.maxX == 390 - 16)
        #expect(cell.frame.height == 11 + 28 + 11)  // 23 × 1.2 = 27.6, 28 as a label
    }

    /// Right to left: side by side, the text at the right (leading) edge; stacked, both
    /// start there.
    @Test func rightToLeftMirrorsBothArrangements() {
        let rtl = TraitCollection(layoutDirection: .rightToLeft)
        let wide = row(width: 390, traits: rtl)
        #expect(frames(wide).text.maxX == 390 - 16)
        #expect(frames(wide).secondary.minX == 16)
        let narrow = row(width: 200, traits: rtl)
        #expect(frames(narrow).text == Rect(x: 16, y: 11, width: 168, height: Self.lineHeight))
        #expect(frames(narrow).secondary.minY == 11 + Self.lineHeight + 3)
    }

    /// A value cell in a plain list self-sizes to the arrangement its width gives: rows of
    /// a 390-pt list side by side, rows of a 200-pt list stacked and taller.
    @Test(arguments: [(390.0, ValueCellStackingTests.sideBySideHeight), (200.0, ValueCellStackingTests.stackedHeight)])
    func rowsInAListSizeThemselvesToTheArrangement(width: Double, height: Double) throws {
        let layout = CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain))
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: 600), layout: layout)
        let registration = CollectionView.CellRegistration<ListCell, String> { cell, _, item in
            Self.configure(cell, secondaryText: item)
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Connected", "Available", "Searching"])
        try dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()
        for item in 0..<3 {
            let frame = try #require(collectionView.cellForItem(at: IndexPath(item: item, section: 0))).frame
            #expect(frame == Rect(x: 0, y: Double(item) * height, width: width, height: height))
        }
        #expect(collectionView.contentSize.height == 3 * height)
    }
}
