import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// Exact numbers throughout: FixedAdvanceTextMeasurer with a 10 pt font makes every
// character 6 pt wide and every line 12 pt tall (baseline 8 pt below the line's top).
let fixedMeasurer = FixedAdvanceTextMeasurer()
let tenPoint = TextStyle(font: Font(size: 10))

func makeLabel(_ text: String, lines: Int = 1, mode: LineBreakMode = .wordWrap) -> Label {
    let label = Label(text: text, style: TextStyle(font: Font(size: 10), lineBreakMode: mode), textMeasurer: fixedMeasurer)
    label.numberOfLines = lines
    label.translatesAutoresizingMaskIntoConstraints = false
    return label
}

/// Pins `view` to `container`'s edges, `inset` points inside.
@discardableResult
func pin(_ view: View, to container: View, inset: Double = 0) -> [LayoutConstraint] {
    let constraints = [
        view.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: inset),
        view.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -inset),
        view.topAnchor.constraint(equalTo: container.topAnchor, constant: inset),
        view.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -inset),
    ]
    LayoutConstraint.activate(constraints)
    return constraints
}

/// Scenario S1's tag cell: a cell with a content view pinned to its edges and a label pinned
/// 5 pt inside the content view on all four edges, optionally with the variant's minimum
/// width (750) and maximum width (required, tail truncation).
final class TagCell: View {
    let contentView = View()
    let label: Label

    init(minimumWidth: Double? = nil, maximumWidth: Double? = nil) {
        label = makeLabel("", mode: maximumWidth == nil ? .wordWrap : .truncateTail)
        super.init(frame: .zero)
        identifier = "TagCell"
        contentView.identifier = "contentView"
        label.identifier = "label"
        contentView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(contentView)
        contentView.addSubview(label)
        pin(contentView, to: self)
        pin(label, to: contentView, inset: 5)
        if let minimumWidth {
            label.widthAnchor.constraint(greaterThanOrEqualToConstant: minimumWidth).withPriority(750).isActive = true
        }
        if let maximumWidth {
            label.widthAnchor.constraint(lessThanOrEqualToConstant: maximumWidth).isActive = true
        }
    }

    func configure(_ text: String) { label.text = text }
}

/// Scenario S1's titles: odd index "A", else not divisible by 3 "longer", else "much longer".
func tagTitle(_ index: Int) -> String {
    index % 2 == 1 ? "A" : (index % 3 != 0 ? "longer" : "much longer")
}

@Suite("Tag cells fit their text")
struct TagCellTests {
    @Test(arguments: [("A", 16.0), ("longer", 46), ("much longer", 76)])
    func tagCellIsTextSizePlusTen(text: String, width: Double) {
        let cell = TagCell()
        cell.configure(text)
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: width, height: 22))
        #expect(cell.constraintDiagnostics.isEmpty)
    }

    @Test func oneSizingCellSizesAHundredTagsLikeFreshCells() {
        let sizing = TagCell()
        for index in 0..<100 {
            sizing.configure(tagTitle(index))
            let reused = sizing.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            let fresh = TagCell()
            fresh.configure(tagTitle(index))
            #expect(reused == fresh.systemLayoutSizeFitting(View.layoutFittingCompressedSize))
            #expect(reused.width == Double(tagTitle(index).count * 6 + 10))
        }
    }

    @Test func minimumWidthAt750WidensShortTags() {
        let cell = TagCell(minimumWidth: 40, maximumWidth: 300)
        cell.configure("A")
        let size = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(size == Size(width: 50, height: 22))
        cell.frame.size = size
        cell.layoutIfNeeded()
        #expect(cell.label.frame == Rect(x: 5, y: 5, width: 40, height: 12))
        // Longer text is not held to the minimum.
        cell.configure("much longer")
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 76, height: 22))
    }

    @Test func maximumWidthTruncatesTheTail() {
        let cell = TagCell(minimumWidth: 40, maximumWidth: 300)
        cell.configure(String(repeating: "word ", count: 20))  // 100 characters: 600 pt on one line
        let size = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(size == Size(width: 310, height: 22))
        #expect(cell.constraintDiagnostics.isEmpty)
        cell.frame.size = size
        cell.layoutIfNeeded()
        #expect(cell.label.frame.width == 300)
        let drawn = cell.label.textLayout
        #expect(drawn.isTruncated && drawn.lineCount == 1 && drawn.width <= 300)
    }

    @Test func multiLineLabelWithAWidthLimitWrapsAndGrows() {
        let cell = TagCell(maximumWidth: 120)
        cell.label.numberOfLines = 0
        cell.configure("short")
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 40, height: 22))
        // 9 words of 4 letters: 20 letters fit in 120 pt, so 4 words a line -> 3 lines.
        cell.configure("word word word word word word word word word")
        let size = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(size == Size(width: 124, height: 46))
        cell.frame.size = size
        cell.layoutIfNeeded()
        #expect(cell.label.frame == Rect(x: 5, y: 5, width: 114, height: 36))
        #expect(cell.label.textLayout.lineCount == 3 && !cell.label.textLayout.isTruncated)
    }

    @Test(arguments: [375.0, 320, 768])
    func prototypeCellIsAThirdOfTheWidthWithItsContentHeight(collectionWidth: Double) {
        // Scenario S3: width fixed at a third of the collection, height from the content.
        let cell = TagCell()
        cell.label.numberOfLines = 0
        cell.configure("a grid cell whose title wraps onto more than one line")
        let width = (collectionWidth / 3).rounded(.down)
        let size = cell.systemLayoutSizeFitting(
            Size(width: width, height: View.layoutFittingCompressedSize.height),
            horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let wrapped = fixedMeasurer.measure(cell.label.text, style: tenPoint, maxWidth: width - 10, maxLines: 0)
        #expect(size == Size(width: width, height: wrapped.height + 10))
        #expect(wrapped.lineCount > 1)
    }

    @Test func proportionalWidthIs48PercentOfTheContainer() {
        let screen = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let cell = TagCell()
        cell.translatesAutoresizingMaskIntoConstraints = false
        cell.label.numberOfLines = 0
        cell.configure("a title long enough to wrap inside the cell")
        screen.addSubview(cell)
        LayoutConstraint.activate([
            cell.widthAnchor.constraint(equalTo: screen.widthAnchor, multiplier: 0.48),
            cell.leadingAnchor.constraint(equalTo: screen.leadingAnchor),
            cell.topAnchor.constraint(equalTo: screen.topAnchor),
        ])
        screen.layoutIfNeeded()
        #expect(cell.frame.width == 180)
        // 170 pt of label holds 28 characters a line: "a title long enough to wrap" /
        // "inside the cell" -> 2 lines, on the first pass.
        #expect(cell.label.frame == Rect(x: 5, y: 5, width: 170, height: 24))
        #expect(cell.frame.height == 34)
    }
}
