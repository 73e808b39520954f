import Testing
import Trellis
import TrellisText
@testable import TrellisKit

/// `selfSizingInvalidation` as Apple documents `UICollectionView.SelfSizingInvalidation`:
/// - `.disabled`: "no sizing updates occur after calling `invalidateIntrinsicContentSize()`
///   on a self-sizing cell or its `contentView`";
/// - `.enabled` (the default): calling `invalidateIntrinsicContentSize()` on a self-sizing
///   cell or its `contentView` "causes the cell to resize if necessary";
/// - `.enabledIncludingConstraints`: the same, and "any Auto Layout change within the
///   `contentView` of a self-sizing cell automatically calls
///   `invalidateIntrinsicContentSize()`".
///
/// The oracle for a cell's height is arithmetic from the cell's constraints and the
/// fixed-advance measurer's documented metrics (a line is 1.2 × the font size tall).
@Suite("Self-sizing invalidation")
struct SelfSizingInvalidationTests {
    static let fontSize = 10.0
    static let lineHeight = 1.2 * fontSize
    static let inset = 8.0

    /// A note cell as a UIKit developer writes one: a multi-line label and a spacer below
    /// it in the content view, pinned with constraints.
    final class NoteCell: CollectionViewCell {
        let label = Label(
            style: TextStyle(font: Font(size: SelfSizingInvalidationTests.fontSize)),
            textMeasurer: FixedAdvanceTextMeasurer(advance: 1))
        let spacer = View()
        var spacerHeight: LayoutConstraint!

        required init() {
            super.init()
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            spacer.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            contentView.addSubview(spacer)
            spacerHeight = spacer.heightAnchor.constraint(equalToConstant: 0)
            let inset = SelfSizingInvalidationTests.inset
            LayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: inset),
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: inset),
                label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
                spacer.topAnchor.constraint(equalTo: label.bottomAnchor),
                spacer.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                spacer.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                spacer.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -inset),
                spacerHeight,
            ])
        }
    }

    /// The height of a note cell showing `lines` lines with a spacer of `spacer`.
    static func height(lines: Int, spacer: Double = 0) -> Double { Double(lines) * lineHeight + spacer + 2 * inset }

    final class Notes: CollectionViewDataSource {
        var texts: [String]
        init(_ texts: [String]) { self.texts = texts }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "note", for: indexPath) as! NoteCell
            cell.label.text = texts[indexPath.item]
            return cell
        }
    }

    /// 40 one-line notes, full width, estimated 44 tall, laid out; the host counts requests.
    private func makeNotes(_ mode: SelfSizingInvalidation? = nil) -> (CollectionView, Notes, () -> Int) {
        let notes = Notes((0..<40).map { "note \($0)" })
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: StackTestLayout(widthRule: .exactly))
        collection.register(NoteCell.self, forCellWithReuseIdentifier: "note")
        collection.estimatedItemSize = .fixed(Size(width: 320, height: 44))
        if let mode { collection.selfSizingInvalidation = mode }
        collection.dataSource = notes
        collection.layoutIfNeeded()
        var requests = 0
        collection.layoutRequestHandler = { requests += 1 }
        return (collection, notes, { requests })
    }

    private func cell(_ collection: CollectionView, _ item: Int) -> NoteCell {
        collection.cellForItem(at: IndexPath(item: item, section: 0)) as! NoteCell
    }

    private func frame(_ collection: CollectionView, _ item: Int) -> Rect {
        collection.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
    }

    @Test func theDefaultIsEnabledAsInUIKit() {
        #expect(CollectionView(layout: StackTestLayout()).selfSizingInvalidation == .enabled)
    }

    @Test func cellsAreMeasuredToTheOracleFirst() {
        let (collection, notes, _) = makeNotes()
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        #expect(frame(collection, 0).height == Self.height(lines: 1))
        #expect(frame(collection, 1).minY == Self.height(lines: 1))
    }

    @Test func enabledResizesACellThatInvalidatesItsIntrinsicSize() {
        let (collection, notes, requests) = makeNotes(.enabled)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        let below = frame(collection, 3).minY
        let note = cell(collection, 2)
        note.label.text = "one\ntwo\nthree"
        note.invalidateIntrinsicContentSize()
        #expect(requests() == 1, "the host is asked for a layout")
        #expect(frame(collection, 2).height == Self.height(lines: 1), "nothing is laid out before the host's layout")
        collection.layoutIfNeeded()
        #expect(frame(collection, 2).height == Self.height(lines: 3))
        #expect(cell(collection, 2).frame.height == Self.height(lines: 3))
        #expect(frame(collection, 3).minY == below + 2 * Self.lineHeight, "the items below move down by the growth")
        #expect(!collection.needsLayout)
    }

    @Test func enabledResizesWhenTheContentViewInvalidates() {
        let (collection, notes, _) = makeNotes(.enabled)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        let note = cell(collection, 1)
        note.label.text = "a\nb"
        note.contentView.invalidateIntrinsicContentSize()
        collection.layoutIfNeeded()
        #expect(frame(collection, 1).height == Self.height(lines: 2))
    }

    /// A label's text changes alone: an Auto Layout change inside the content view, which
    /// only `.enabledIncludingConstraints` turns into an invalidation (under `.enabled`
    /// only the cell or its content view asks). The cell's content is laid out again in
    /// every mode: the host is asked to redraw it.
    @Test(arguments: zip([SelfSizingInvalidation.enabled, .enabledIncludingConstraints, .disabled], [1, 3, 1]))
    func aLabelChangeAloneResizesOnlyWhenAutoLayoutChangesCount(mode: SelfSizingInvalidation, lines: Int) {
        let (collection, notes, requests) = makeNotes(mode)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        cell(collection, 2).label.text = "one\ntwo\nthree"
        #expect(requests() == 1)
        collection.layoutIfNeeded()
        #expect(frame(collection, 2).height == Self.height(lines: lines))
        #expect(frame(collection, 3).minY == frame(collection, 2).maxY)
    }

    /// A constraint's constant changes: resized only under `.enabledIncludingConstraints`.
    @Test(arguments: zip([SelfSizingInvalidation.enabled, .enabledIncludingConstraints, .disabled], [0.0, 30.0, 0.0]))
    func aConstraintConstantResizesOnlyWhenAutoLayoutChangesCount(mode: SelfSizingInvalidation, spacer: Double) {
        let (collection, notes, requests) = makeNotes(mode)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        cell(collection, 4).spacerHeight.constant = 30
        #expect(requests() == 1)
        collection.layoutIfNeeded()
        #expect(frame(collection, 4).height == Self.height(lines: 1, spacer: spacer))
    }

    @Test func disabledNeverResizes() {
        let (collection, notes, _) = makeNotes(.disabled)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        let note = cell(collection, 2)
        note.label.text = "one\ntwo\nthree"
        note.invalidateIntrinsicContentSize()
        note.spacerHeight.constant = 30
        collection.layoutIfNeeded()
        #expect(frame(collection, 2).height == Self.height(lines: 1))
        // The app's own invalidation still works.
        collection.invalidateCachedSizes(forItemsAt: [IndexPath(item: 2, section: 0)])
        collection.layoutIfNeeded()
        #expect(frame(collection, 2).height == Self.height(lines: 3, spacer: 30))
    }

    @Test func aResizeBelowTheAnchorKeepsTheAnchorStill() throws {
        let (collection, notes, _) = makeNotes(.enabled)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        collection.contentOffset.y = 5 * Self.height(lines: 1) + 7  // item 5 is first, 7 pt under the top
        collection.layoutIfNeeded()
        let anchorDistance = frame(collection, 5).minY - collection.contentOffset.y
        let note = cell(collection, 8)
        note.label.text = "one\ntwo\nthree\nfour"
        note.invalidateIntrinsicContentSize()
        collection.layoutIfNeeded()
        #expect(frame(collection, 5).minY - collection.contentOffset.y == anchorDistance)
        #expect(frame(collection, 8).height == Self.height(lines: 4))
    }

    @Test func aCellMeasuredAgainIsTheSameObject() {
        // The displayed cell is measured as it is: no dequeue, no configure.
        let (collection, notes, _) = makeNotes(.enabled)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        let note = cell(collection, 2)
        note.label.text = "one\ntwo"
        note.invalidateIntrinsicContentSize()
        collection.layoutIfNeeded()
        #expect(cell(collection, 2) === note)
        #expect(note.label.text == "one\ntwo")
    }

    @Test func aCellBeingConfiguredOffScreenAsksNothing() throws {
        let (collection, notes, requests) = makeNotes(.enabledIncludingConstraints)
        defer { withExtendedLifetime(notes) {} }  // the data source is held weakly
        notes.texts[30] = "far below"
        _ = try collection.dataSource!.collectionView(collection, cellForItemAt: IndexPath(item: 30, section: 0))
        #expect(requests() == 0, "a dequeued cell not displayed is not the collection's content yet")
    }
}
