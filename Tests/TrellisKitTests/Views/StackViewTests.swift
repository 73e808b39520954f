import Testing
import Trellis
import TrellisText
@testable import TrellisKit

/// A view with a fixed intrinsic size.
final class Box: View {
    var size: Size
    init(_ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: Size { size }
}

private func laidOut(_ stack: StackView, in size: Size) {
    stack.frame = Rect(origin: .zero, size: size)
    stack.layoutIfNeeded()
}

@Suite("StackView")
struct StackViewTests {
    @Test func horizontalFillPlacesViewsWithSpacing() {
        let a = Box(20, 10), b = Box(30, 16)
        let stack = StackView(arrangedSubviews: [a, b], spacing: 5)
        #expect(stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 55, height: 16))
        laidOut(stack, in: Size(width: 55, height: 16))
        #expect(a.frame == Rect(x: 0, y: 0, width: 20, height: 16))
        #expect(b.frame == Rect(x: 25, y: 0, width: 30, height: 16))
        #expect(!a.translatesAutoresizingMaskIntoConstraints)
    }

    @Test func fillStretchesTheViewThatHugsLeast() {
        let a = Box(20, 10), b = Box(30, 10)
        b.setContentHuggingPriority(200, for: .horizontal)
        let stack = StackView(arrangedSubviews: [a, b], spacing: 0)
        laidOut(stack, in: Size(width: 100, height: 10))
        #expect(a.frame.width == 20 && b.frame == Rect(x: 20, y: 0, width: 80, height: 10))
    }

    @Test func fillEquallyGivesEveryViewTheSameLength() {
        let views = [Box(10, 10), Box(40, 10), Box(20, 10)]
        let stack = StackView(arrangedSubviews: views, spacing: 10)
        stack.distribution = .fillEqually
        #expect(stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize).width == 140)
        laidOut(stack, in: Size(width: 200, height: 10))
        #expect(views.map(\.frame.minX) == [0, 70, 140])
        #expect(views.allSatisfy { $0.frame.width == 60 })
    }

    @Test func equalSpacingSharesTheGaps() {
        let views = [Box(10, 10), Box(40, 10), Box(20, 10)]
        let stack = StackView(arrangedSubviews: views, spacing: 4)
        stack.distribution = .equalSpacing
        #expect(stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize).width == 78)
        laidOut(stack, in: Size(width: 120, height: 10))
        #expect(views.map(\.frame) == [
            Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 35, y: 0, width: 40, height: 10),
            Rect(x: 100, y: 0, width: 20, height: 10),
        ])
    }

    @Test(arguments: [(StackView.Alignment.leading, 0.0), (.center, 5), (.trailing, 10)])
    func crossAxisAlignment(alignment: StackView.Alignment, y: Double) {
        let small = Box(10, 10), tall = Box(10, 20)
        let stack = StackView(arrangedSubviews: [small, tall])
        stack.alignment = alignment
        #expect(stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 20, height: 20))
        laidOut(stack, in: Size(width: 20, height: 20))
        #expect(small.frame == Rect(x: 0, y: y, width: 10, height: 10))
        #expect(tall.frame == Rect(x: 10, y: 0, width: 10, height: 20))
    }

    @Test func verticalStackWithHiddenView() {
        let a = Box(30, 10), b = Box(50, 10), c = Box(20, 10)
        let stack = StackView(arrangedSubviews: [a, b, c], axis: .vertical, spacing: 2)
        #expect(stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 50, height: 34))
        b.isHidden = true
        #expect(stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 30, height: 22))
        laidOut(stack, in: Size(width: 30, height: 22))
        #expect(c.frame == Rect(x: 0, y: 12, width: 30, height: 10))
        stack.removeArrangedSubview(c)
        #expect(stack.arrangedSubviews.count == 2 && c.superview === stack)
        c.removeFromSuperview()
        a.removeFromSuperview()
        #expect(stack.arrangedSubviews.map { $0 === b } == [true])
    }

    @Test func firstBaselineAlignmentLinesUpText() {
        let small = makeLabel("small")
        let big = Label(text: "big", style: TextStyle(font: Font(size: 20)), textMeasurer: fixedMeasurer)
        let stack = StackView(arrangedSubviews: [small, big], spacing: 8)
        stack.alignment = .firstBaseline
        // big: 24 tall, baseline at 16; small: 12 tall, baseline at 8 -> small sits 8 lower.
        #expect(stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 74, height: 24))
        laidOut(stack, in: Size(width: 74, height: 24))
        #expect(small.frame == Rect(x: 0, y: 8, width: 30, height: 12))
        #expect(big.frame == Rect(x: 38, y: 0, width: 36, height: 24))
        #expect(stack.forFirstBaselineLayout === small)
    }

    @Test func stackInsideACellSizesTheCell() {
        let cell = View()
        let title = makeLabel("title"), subtitle = makeLabel("a subtitle")
        let stack = StackView(arrangedSubviews: [title, subtitle], axis: .vertical, spacing: 4)
        stack.alignment = .leading
        stack.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(stack)
        pin(stack, to: cell, inset: 8)
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 76, height: 44))
    }
}
