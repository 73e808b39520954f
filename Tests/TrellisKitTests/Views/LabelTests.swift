import Testing
import Trellis
import TrellisPango
import TrellisText
@testable import TrellisKit

@Suite("Label")
struct LabelTests {
    @Test func defaultsAreUIKits() {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let label = Label(text: "x")
        #expect(label.numberOfLines == 1 && label.preferredMaxLayoutWidth == nil)
        #expect(label.contentHuggingPriority(for: .horizontal) == 251 && label.contentHuggingPriority(for: .vertical) == 251)
        #expect(label.contentCompressionResistancePriority(for: .horizontal) == 750)
        #expect(View().contentHuggingPriority(for: .vertical) == 250)
        #expect(label.textMeasurer is PangoTextMeasurer)   // the installed default
        #expect(label.translatesAutoresizingMaskIntoConstraints)
    }

    @Test(arguments: [(1.0, 61.2 .rounded(.up)), (2.0, 61.5), (3.0, 61.333333333333336)])
    func intrinsicSizeIsRoundedUpToPixels(scale: Double, width: Double) {
        let label = Label(text: "longer", style: TextStyle(font: Font(size: 17)), textMeasurer: fixedMeasurer)
        label.overrideTraitCollection = TraitCollection(displayScale: scale)
        #expect(label.intrinsicContentSize.width == width)
    }

    @Test func labelFollowsTheDisplayScaleOfWhereItIs() {
        let label = Label(text: "longer", style: TextStyle(font: Font(size: 17)), textMeasurer: fixedMeasurer)
        let retina = View(), middle = View()
        retina.overrideTraitCollection = TraitCollection(displayScale: 2)
        retina.addSubview(middle)
        #expect(label.intrinsicContentSize.width == 62)
        middle.addSubview(label)
        #expect(label.traitCollection.displayScale == 2 && label.intrinsicContentSize.width == 61.5)
        retina.overrideTraitCollection = TraitCollection(displayScale: 3)
        #expect(label.intrinsicContentSize.width == 61.333333333333336)
        label.removeFromSuperview()
        #expect(label.traitCollection == .default && label.intrinsicContentSize.width == 62)
    }

    @Test func oneLineIgnoresNewlinesAndMultiLineCountsThem() {
        let label = makeLabel("ab\ncd\nef")
        #expect(label.intrinsicContentSize == Size(width: 12, height: 12))
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize == Size(width: 12, height: 36))
        label.numberOfLines = 2
        #expect(label.intrinsicContentSize.height == 24)
    }

    @Test func preferredMaxLayoutWidthWrapsTheIntrinsicSize() {
        let label = makeLabel("aaa bbb ccc", lines: 0)
        #expect(label.intrinsicContentSize == Size(width: 66, height: 12))
        label.preferredMaxLayoutWidth = 45   // 7 characters a line
        #expect(label.intrinsicContentSize == Size(width: 42, height: 24))
    }

    @Test(arguments: [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle, .clip])
    func textLayoutTruncatesAtTheFinalWidth(mode: LineBreakMode) {
        let label = makeLabel("a fairly long title", mode: mode)
        label.frame.size = Size(width: 60, height: 12)
        let drawn = label.textLayout
        #expect(drawn.isTruncated && drawn.width <= 60 && drawn.lineCount == 1)
        label.frame.size = Size(width: 200, height: 12)
        #expect(!label.textLayout.isTruncated)
    }

    @Test func changingTheTextInvalidatesTheMeasurement() {
        let label = makeLabel("ab")
        #expect(label.intrinsicContentSize.width == 12)
        label.text = "abcd"
        #expect(label.intrinsicContentSize.width == 24)
        label.font = Font(size: 20)
        #expect(label.intrinsicContentSize == Size(width: 48, height: 24))
    }

    /// A text measurer that counts what it is asked, in front of the fixed-advance one.
    private final class CountingMeasurer: TextMeasurer, @unchecked Sendable {
        private(set) var widthsAsked: [Double?] = []
        func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
            widthsAsked.append(maxWidth)
            return fixedMeasurer.measure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
        }
    }

    /// A one-line text that fits a width is laid out there as unconstrained: a label drawn
    /// at the width its intrinsic size gave it does not ask its measurer again, and gets
    /// what the measurer would say. A width the line does not fit in, a text ending in white
    /// space (a line end may drop it) and attributed text are measured at the width.
    @Test func aWidthTheUnconstrainedLineFitsIsNotMeasuredAgain() {
        let counting = CountingMeasurer()
        let style = TextStyle(font: Font(size: 10), lineBreakMode: .truncateTail)
        let label = Label(text: "abcd", style: style, textMeasurer: counting)
        #expect(label.intrinsicContentSize.width == 24)
        #expect(counting.widthsAsked == [nil])
        for width in [24.0, 30, 500] {
            #expect(label.textLayout(forWidth: width) == fixedMeasurer.measure("abcd", style: style, maxWidth: width, maxLines: 1))
        }
        #expect(counting.widthsAsked == [nil])
        let cut = label.textLayout(forWidth: 20)
        #expect(cut.isTruncated && counting.widthsAsked == [nil, 20])

        label.text = "abcd "
        _ = label.intrinsicContentSize
        _ = label.textLayout(forWidth: 100)
        #expect(counting.widthsAsked == [nil, 20, nil, 100])

        label.attributedText = AttributedText("abcd")
        _ = label.intrinsicContentSize
        _ = label.textLayout(forWidth: 100)
        #expect(counting.widthsAsked == [nil, 20, nil, 100, nil, 100])
    }

    @Test func sizeThatFitsWrapsAtTheGivenWidth() {
        let label = makeLabel("aaa bbb ccc", lines: 0)
        #expect(label.sizeThatFits(Size(width: 45, height: .infinity)) == Size(width: 42, height: 24))
        label.numberOfLines = 1
        #expect(label.sizeThatFits(Size(width: 45, height: .infinity)) == Size(width: 66, height: 12))
    }

    /// UILabel with no text reports an intrinsic content size of 0 × 0 and fits in 0 × 0,
    /// whatever its font and line count: an empty label in a vertical stack adds no height.
    @Test(arguments: [1, 0, 3])
    func emptyLabelHasNoSize(lines: Int) {
        let label = makeLabel("", lines: lines)
        label.font = Font(size: 30)
        #expect(label.intrinsicContentSize == .zero)
        #expect(label.sizeThatFits(Size(width: 100, height: .infinity)) == .zero)
        #expect(label.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == .zero)
        label.text = "ab"   // text again: measured again
        #expect(label.intrinsicContentSize.height > 0)
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test func emptyLabelInAStackAddsNoHeight() {
        let title = makeLabel("ab"), subtitle = makeLabel("")
        let stack = StackView(arrangedSubviews: [title, subtitle])
        stack.axis = .vertical
        let empty = stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(empty.height == title.intrinsicContentSize.height)
    }

    @Test func pangoMeasuredLabelFitsItsText() {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let label = Label(text: "Hello")
        label.overrideTraitCollection = TraitCollection(displayScale: 2)
        let size = label.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        let measured = PangoTextMeasurer.shared.measure("Hello", style: TextStyle())
        #expect(size.width >= measured.width && size.width < measured.width + 0.5)
        #expect(size.height >= measured.height && size.height < measured.height + 0.5)
    }
}
