import Testing
import Trellis
import TrellisText
@testable import TrellisKit

@Suite("Button")
struct ButtonTests {
    /// "Buy" with the fixed measurer: 3 × 6 pt wide, 12 pt tall.
    private func buyButton() -> Button {
        let button = Button(title: "Buy", textStyle: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)
        button.contentEdgeInsets = EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
        return button
    }

    @Test func intrinsicSizeIsTheTitlePlusTheInsets() {
        let button = buyButton()
        #expect(button.intrinsicContentSize == Size(width: 38, height: 22))
        button.setTitle("Buy it now", for: .normal)
        #expect(button.intrinsicContentSize == Size(width: 80, height: 22))
        // In a constraint layout, it sizes its container.
        let container = View()
        button.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(button)
        _ = pin(button, to: container, inset: 4)
        #expect(container.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 88, height: 30))
    }

    @Test func pressingHighlightsAndReleasingInsideSendsTheAction() {
        let button = buyButton()
        button.setTitle("Pressed", for: .highlighted)
        var taps = 0
        button.addAction { _ in taps += 1 }
        #expect(button.currentTitleColor == .systemBlue)
        #expect(button.beginTracking())
        #expect(button.isHighlighted && button.state == .highlighted)
        #expect(button.titleLabel.text == "Pressed")
        #expect(button.currentTitleColor.alpha == 0.2)
        button.endTracking(inside: false)  // dragged off: no action
        #expect(!button.isHighlighted && taps == 0 && button.titleLabel.text == "Buy")
        button.beginTracking()
        button.endTracking(inside: true)
        #expect(taps == 1)
        button.isEnabled = false
        #expect(!button.beginTracking() && !button.isHighlighted)
        #expect(button.state == .disabled && button.currentTitleColor.alpha == 0.35)
    }
}
