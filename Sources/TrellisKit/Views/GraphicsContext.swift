import Trellis
import TrellisText

/// Where a view draws: the portable stand-in for the `CGContext` UIKit hands to
/// `draw(_:)`. TrellisKit knows nothing of Cairo; TrellisRender implements this protocol on
/// a Cairo context (PNG, SVG, PDF). Coordinates are the drawing view's own (its bounds),
/// in points.
///
/// Strokes are centred on the path, as in Core Graphics: to keep an outline of width `w`
/// inside a rectangle, stroke the rectangle inset by `w / 2` (scenario S1's tag outline).
public protocol GraphicsContext: AnyObject {
    /// Fills `rect` with its corners rounded by `cornerRadius` (0: square corners).
    func fill(_ rect: Rect, cornerRadius: Double, color: Color)
    /// Strokes the outline of `rect` (corners rounded by `cornerRadius`) with a line of
    /// `lineWidth` centred on the path.
    func stroke(_ rect: Rect, cornerRadius: Double, color: Color, lineWidth: Double)
    /// Strokes a straight line from `start` to `end`, optionally dashed (`dash`: on/off
    /// lengths in points; empty for a solid line).
    func strokeLine(from start: Point, to end: Point, color: Color, lineWidth: Double, dash: [Double])
    /// Runs `body` with the drawing state (clip, colours, transform) saved, and restores it
    /// afterwards.
    func withSavedState(_ body: () -> Void)
    /// Limits later drawing (inside the current `withSavedState`) to `rect` with rounded
    /// corners.
    func clip(to rect: Rect, cornerRadius: Double)
    /// Draws `text` laid out exactly as the text module measures it for
    /// (`style`, maximum width `rect.width`, `maxLines`): same font, same line breaks, same
    /// ellipsis. The text box's top edge is `rect.minY`, or it is centred in `rect`
    /// vertically when `centeredVertically` (how a label places its text). Returns the
    /// measurement of what was drawn.
    @discardableResult
    func drawText(_ text: String, style: TextStyle, maxLines: Int, in rect: Rect, color: Color,
                  centeredVertically: Bool) -> TextMeasurement
}

extension GraphicsContext {
    /// A solid line.
    public func strokeLine(from start: Point, to end: Point, color: Color, lineWidth: Double) {
        strokeLine(from: start, to: end, color: color, lineWidth: lineWidth, dash: [])
    }
}

/// A view that draws content of its own, the equivalent of overriding `UIView.draw(_:)`.
///
/// The renderer draws a view's background first, then calls ``draw(in:)`` in the view's
/// own coordinate space, then draws its subviews and finally its border (like a `CALayer`,
/// whose border lies above its contents and sublayers).
///
/// A protocol rather than an overridable method on `View`, so that views which draw
/// nothing cost nothing and `View` needs no knowledge of drawing.
public protocol CustomDrawing: View {
    /// Draws the view's content into `context`, in the view's bounds coordinates.
    func draw(in context: any GraphicsContext)
}
