import Trellis
import TrellisKit
import TrellisText

/// How a ``Label``'s text is placed in its bounds when drawn, as `UILabel` does it: laid
/// out at the label's final width with its line limit and line break mode (so a label
/// narrower than its text shows the ellipsis the measurement reports), the text box centred
/// vertically, lines aligned per `textAlignment`.
struct LabelText {
    let label: Label

    init(_ label: Label) { self.label = label }

    /// The box the text is laid out in: the label's width (its frame comes from the same
    /// measurement rounded up to pixels, so the text fits without being cut), shifted for
    /// `.center` / `.right` alignment by the room the text leaves.
    func textRect(in bounds: Rect) -> Rect {
        let measured = label.textLayout(forWidth: bounds.width)
        let room = max(0, bounds.width - measured.width)
        let shift: Double
        switch label.textAlignment {
        case .natural, .left: shift = 0
        case .center: shift = room / 2
        case .right: shift = room
        }
        return Rect(x: bounds.minX + shift, y: bounds.minY, width: bounds.width - shift, height: bounds.height)
    }

    /// The text as drawn: with its attributes when it has them.
    var drawnText: DrawnText { label.attributedText.map(DrawnText.attributed) ?? .plain(label.text) }

    func draw(in context: CairoGraphicsContext, bounds: Rect) {
        guard !label.text.isEmpty else { return }
        let color = label.textColor.resolvedColor(with: label.traitCollection)
        switch drawnText {
        case .plain(let text):
            context.drawText(text, style: label.style, maxLines: label.numberOfLines, in: textRect(in: bounds), color: color,
                             centeredVertically: true)
        case .attributed(let text):
            context.drawText(text, style: label.style, maxLines: label.numberOfLines, in: textRect(in: bounds), color: color,
                             centeredVertically: true)
        }
    }

    func drawGuides(in context: CairoGraphicsContext, bounds: Rect, lineWidth: Double, boxColor: Color, baselineColor: Color) {
        guard !label.text.isEmpty else { return }
        context.drawTextGuides(drawnText, style: label.style, maxLines: label.numberOfLines, in: textRect(in: bounds),
                               centeredVertically: true, lineWidth: lineWidth, boxColor: boxColor, baselineColor: baselineColor)
    }
}
