import Trellis
import TrellisKit
import TrellisText

/// Everything ``ViewDrawing`` draws one view from (a `CustomDrawing` view's own drawing
/// aside): the drawing records a view's state first and reads only the record, so two
/// walks that give equal sequences of states draw the same pixels (at the same scale,
/// sub-pixel phase and underlay). This is how ``CellDrawingCache`` knows a cached cell is
/// still valid without a `setNeedsDisplay` from every property setter: the walk compares
/// values, it allocates nothing while they match.
struct DrawnViewState: Equatable {
    var view: ObjectIdentifier
    /// The frame in the parent's bounds coordinates; for the cell itself only its size
    /// (moving a cell does not change its drawing).
    var frame: Rect
    var bounds: Rect
    var alpha: Double
    var isHidden: Bool
    var clipsToBounds: Bool
    var background: Color?
    var border: Color?
    var borderWidth: Double
    var cornerStyle: CornerStyle
    var subviewCount: Int
    // A label's text as drawn: what `LabelText.draw` passes to Pango, and the box it
    // computed (which folds in the label's measurer and alignment).
    var text: DrawnText?
    var textStyle: TextStyle?
    var numberOfLines = 0
    var textColor: Color?
    var textRect: Rect?
    // An image view's image and where it goes.
    var image: Image?
    var imageRect: Rect?

    /// The state of `view`; `bounds` replaces the view's own (the renderer's root is drawn
    /// at its bounds origin rounded to whole pixels).
    init(_ view: View, isCell: Bool, bounds drawnBounds: Rect? = nil) {
        self.view = ObjectIdentifier(view)
        frame = isCell ? Rect(origin: .zero, size: view.bounds.size) : view.frame
        bounds = drawnBounds ?? view.bounds
        alpha = view.alpha
        isHidden = view.isHidden
        clipsToBounds = view.clipsToBounds
        // Colours as the view's traits resolve them: a theme change (light to dark, a new
        // palette) changes the state, so cached pictures of the cell are drawn again.
        let traits = view.traitCollection
        background = view.backgroundColor?.resolvedColor(with: traits)
        border = view.borderColor?.resolvedColor(with: traits)
        borderWidth = view.borderWidth
        cornerStyle = view.cornerStyle
        subviewCount = view.subviews.count
        guard view.isDrawn else { return }
        if let label = view as? Label, !label.text.isEmpty {
            text = LabelText(label).drawnText
            textStyle = label.style
            numberOfLines = label.numberOfLines
            textColor = label.textColor.resolvedColor(with: traits)
            textRect = LabelText(label).textRect(in: bounds)
        }
        if let imageView = view as? ImageView {
            image = imageView.image
            imageRect = imageView.imageRect
        }
    }

    /// Whether the view is drawn at all (its subviews' states follow it in a walk only then).
    var isDrawn: Bool { !isHidden && alpha > 0 }

    /// Whether `view` reads as this state: `DrawnViewState(view, isCell: isCell) == self`,
    /// without making the state. A cached cell is checked this way on every frame it is
    /// drawn, so the cheap fields come first and the first difference ends it.
    func matches(_ view: View, isCell: Bool) -> Bool {
        guard self.view == ObjectIdentifier(view), isHidden == view.isHidden, alpha == view.alpha,
              bounds == view.bounds, frame == (isCell ? Rect(origin: .zero, size: view.bounds.size) : view.frame),
              clipsToBounds == view.clipsToBounds, borderWidth == view.borderWidth, cornerStyle == view.cornerStyle,
              subviewCount == view.subviews.count
        else { return false }
        let traits = view.traitCollection
        guard background == view.backgroundColor?.resolvedColor(with: traits),
              border == view.borderColor?.resolvedColor(with: traits)
        else { return false }
        let drawnLabel = view.isDrawn ? (view as? Label).flatMap { $0.text.isEmpty ? nil : $0 } : nil
        if let label = drawnLabel {
            guard Self.text(text, isDrawnFrom: label), numberOfLines == label.numberOfLines, textStyle == label.style,
                  textColor == label.textColor.resolvedColor(with: traits), textRect == LabelText(label).textRect(in: bounds)
            else { return false }
        } else if text != nil || textStyle != nil || numberOfLines != 0 || textColor != nil || textRect != nil {
            return false
        }
        if view.isDrawn, let imageView = view as? ImageView {
            return image == imageView.image && imageRect == imageView.imageRect
        }
        return image == nil && imageRect == nil
    }

    /// Whether `text` is what `label` draws (`LabelText(label).drawnText`), compared without
    /// making that value.
    private static func text(_ text: DrawnText?, isDrawnFrom label: Label) -> Bool {
        switch text {
        case .plain(let plain)?: label.attributedText == nil && plain == label.text
        case .attributed(let attributed)?: label.attributedText == attributed
        case nil: false
        }
    }

    /// Walks `cell`'s subtree in drawing order and hands each view's state to `body` (which
    /// returns false to stop). Returns false when the walk was stopped or the cell cannot be
    /// drawn from a cache: a view draws itself (`CustomDrawing`, unknown to the walk), or
    /// something is drawn outside the cell's bounds without a clipping ancestor (a cached
    /// picture of the bounds would cut it).
    static func walk(_ cell: View, _ body: (DrawnViewState) -> Bool) -> Bool {
        walk(cell) { view, isCell in body(DrawnViewState(view, isCell: isCell)) }
    }

    /// The same walk handing each view (and whether it is the cell) to `body`, for a
    /// caller that reads the views without recording their states.
    static func walk(_ cell: View, _ body: (View, Bool) -> Bool) -> Bool {
        walk(cell, isCell: true, origin: Point(x: 0, y: 0), clipped: false, cellBounds: cell.bounds, body)
    }

    private static func walk(_ view: View, isCell: Bool, origin: Point, clipped: Bool, cellBounds: Rect,
                             _ body: (View, Bool) -> Bool) -> Bool {
        guard !(view is any CustomDrawing) else { return false }
        guard body(view, isCell) else { return false }
        guard view.isDrawn else { return true }
        // Where this view's bounds coordinates put their origin, in the cell's bounds
        // coordinates.
        let own = isCell ? Point(x: 0, y: 0)
            : Point(x: origin.x + view.frame.minX - view.bounds.minX, y: origin.y + view.frame.minY - view.bounds.minY)
        if !isCell && !clipped && !cellBounds.encloses(Rect(x: origin.x + view.frame.minX, y: origin.y + view.frame.minY,
                                                             width: view.frame.width, height: view.frame.height)) {
            return false
        }
        if let imageRect = (view as? ImageView)?.imageRect, !clipped, !view.clipsToBounds,
           !cellBounds.encloses(Rect(x: own.x + imageRect.minX, y: own.y + imageRect.minY, width: imageRect.width, height: imageRect.height)) {
            return false
        }
        for subview in view.subviews {
            guard walk(subview, isCell: false, origin: own, clipped: clipped || view.clipsToBounds, cellBounds: cellBounds, body) else {
                return false
            }
        }
        return true
    }
}

extension View {
    /// Whether ``ViewDrawing`` draws the view at all.
    var isDrawn: Bool { !isHidden && alpha > 0 }
}

extension Rect {
    /// Whether `other` lies inside, with a tolerance for rounding far below a pixel.
    func encloses(_ other: Rect) -> Bool {
        let slack = 1e-9
        return other.minX >= minX - slack && other.minY >= minY - slack && other.maxX <= maxX + slack && other.maxY <= maxY + slack
    }
}
