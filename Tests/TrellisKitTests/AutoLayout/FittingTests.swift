import Testing
import Trellis
import TrellisText
@testable import TrellisKit

@Suite("systemLayoutSizeFitting")
struct FittingTests {
    @Test func compressedAndExpandedTargetsGiveTheContentSize() {
        let cell = TagCell()
        cell.configure("longer")
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 46, height: 22))
        // Hugging (251) outranks the fitting level (50), so expanded gives the same size.
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingExpandedSize) == Size(width: 46, height: 22))
    }

    @Test func lowHuggingLetsTheExpandedTargetWin() {
        let cell = TagCell()
        cell.configure("longer")
        cell.label.setContentHuggingPriority(40, for: .horizontal)
        #expect(cell.systemLayoutSizeFitting(Size(width: 500, height: 0)) == Size(width: 500, height: 22))
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 46, height: 22))
    }

    @Test func requiredWidthIsExactAndHeightFollowsTheContent() {
        let cell = TagCell()
        cell.label.numberOfLines = 0
        cell.configure("one two three four five six")   // 27 characters, 162 pt on one line
        let size = cell.systemLayoutSizeFitting(
            Size(width: 100, height: 0), horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        // 90 pt of label: 15 characters a line -> "one two three" / "four five six".
        #expect(size == Size(width: 100, height: 34))
    }

    @Test func switchingBetweenFittingAndExactWidthsKeepsAnswersRight() {
        // The order a collection view uses for a width limit: fit, then fit at the limit.
        let cell = TagCell()
        cell.label.numberOfLines = 0
        let exact = { (width: Double) in
            cell.systemLayoutSizeFitting(Size(width: width, height: 0), horizontalFittingPriority: .required,
                                         verticalFittingPriority: .fittingSizeLevel)
        }
        for round in 0..<3 {
            cell.configure(round % 2 == 0 ? "one two three four five six" : "one two")
            let natural = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            #expect(natural == (round % 2 == 0 ? Size(width: 172, height: 22) : Size(width: 52, height: 22)))
            #expect(exact(100) == (round % 2 == 0 ? Size(width: 100, height: 34) : Size(width: 100, height: 22)))
            #expect(exact(70) == (round % 2 == 0 ? Size(width: 70, height: 46) : Size(width: 70, height: 22)))
        }
        #expect(cell.constraintDiagnostics.isEmpty)
    }

    @Test func fittingLeavesTheFrameAlone() {
        let cell = TagCell()
        cell.frame = Rect(x: 3, y: 4, width: 10, height: 10)
        cell.configure("much longer")
        _ = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(cell.frame == Rect(x: 3, y: 4, width: 10, height: 10))
        #expect(cell.label.frame == .zero)
    }

    @Test func aLoneLabelFitsItsText() {
        let label = makeLabel("hello")
        label.translatesAutoresizingMaskIntoConstraints = true
        #expect(label.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 30, height: 12))
    }

    @Test func multiLineLabelIsRightOnTheFirstCall() {
        // Width fixed by the cell, height from the text wrapped at that width: one call.
        let cell = TagCell()
        cell.label.numberOfLines = 0
        cell.configure(String(repeating: "ab ", count: 30))  // 89 characters
        let size = cell.systemLayoutSizeFitting(
            Size(width: 70, height: 0), horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        // 60 pt: 10 characters a line, "ab ab ab" (8) per line -> 10 lines.
        #expect(size == Size(width: 70, height: 130))
    }

    @Test func reusedSizingCellMatchesFreshCellsOnVariedTexts() {
        let words = ["a", "tag", "longer", "much longer", "swift", "constraint", "cell"]
        let sizing = TagCell(minimumWidth: 40, maximumWidth: 150)
        sizing.label.numberOfLines = 0
        for index in 0..<60 {
            // 1 to 6 words, chosen by strides coprime with the word count: every mix occurs.
            let count = index % 6 + 1
            let text = (0..<count).map { words[(index * 5 + $0 * 3) % words.count] }.joined(separator: " ")
            sizing.configure(text)
            let fresh = TagCell(minimumWidth: 40, maximumWidth: 150)
            fresh.label.numberOfLines = 0
            fresh.configure(text)
            let expected = fresh.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            #expect(sizing.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == expected, "\(text)")
            // The text's own wrap at 150 pt, plus the 10 pt of padding.
            let wrapped = fixedMeasurer.measure(text, style: tenPoint, maxWidth: 150, maxLines: 0)
            #expect(expected == Size(width: max(40, wrapped.width) + 10, height: wrapped.height + 10), "\(text)")
        }
    }
}
