import CPango
import Trellis
import TrellisKit

/// Where a window draws the root's subviews while an update animates, instead of at their
/// frames — Core Animation's presentation values beside the model's. The views keep their
/// frames (the layout's end state); only the drawing moves them, so drawing still lays
/// nothing out.
///
/// A view is drawn at its placement's origin, with its placement's opacity, cut to the
/// placement's size where that is smaller than the view (a cell growing is revealed
/// downwards; one shrinking shows its end state at once while what follows it slides).
public struct Presentation {
    /// Where and how opaque one view is drawn.
    public struct Placement: Hashable, Sendable {
        public var frame: Rect
        public var alpha: Double

        public init(frame: Rect, alpha: Double) {
            self.frame = frame
            self.alpha = alpha
        }
    }

    /// By view (a subview of the root): its placement.
    public var views: [ObjectIdentifier: Placement] = [:]
    /// Pictures of views no longer in the tree (items that left), drawn before the views.
    public var snapshots: [(snapshot: CellSnapshot, placement: Placement)] = []

    public init() {}

    var isEmpty: Bool { views.isEmpty && snapshots.isEmpty }
}

/// What a cell looked like when it was last drawn from a ``CellDrawingCache``: a record of
/// its views' drawn states (UIKit's `snapshotView(afterScreenUpdates: false)`), drawn
/// later at any place and opacity although the cell itself was reused since.
public struct CellSnapshot {
    let states: [DrawnViewState]
    /// The cell's size when it was drawn.
    public let size: Size
}

extension CellDrawingCache {
    /// The snapshot of `cell` as the last frame drew it from its states (into its picture,
    /// or straight onto the target in a frame of mostly new cells); nil when that frame did
    /// not (a cell drawn as a view: overlapping another view, drawing itself, or not drawn
    /// at all). Take it before the next frame is drawn: drawing replaces it.
    public func snapshot(of cell: View) -> CellSnapshot? {
        guard let states = statesLastDrawn(of: cell), let first = states.first else { return nil }
        return CellSnapshot(states: states, size: first.frame.size)
    }
}

extension ViewDrawing {
    /// Draws a subview of the root where `placement` puts it (see ``Presentation``).
    func draw(_ view: View, placement: Presentation.Placement) {
        guard placement.alpha > 0 else { return }
        context.withSavedState {
            clipToPlacement(placement, size: view.frame.size)
            context.translate(dx: placement.frame.minX - view.frame.minX, dy: placement.frame.minY - view.frame.minY)
            context.withOpacity(placement.alpha) { draw(view) }
        }
    }

    /// Draws `snapshot` where `placement` puts it.
    func draw(_ snapshot: CellSnapshot, placement: Presentation.Placement) {
        guard placement.alpha > 0 else { return }
        context.withSavedState {
            clipToPlacement(placement, size: snapshot.size)
            context.withOpacity(placement.alpha) { draw(cellStates: snapshot.states, at: placement.frame.origin) }
        }
    }

    /// Cuts the drawing to the placement's size where it is smaller than the view's.
    private func clipToPlacement(_ placement: Presentation.Placement, size: Size) {
        guard placement.frame.width < size.width || placement.frame.height < size.height else { return }
        context.clip(to: Rect(origin: placement.frame.origin,
                              size: Size(width: min(size.width, placement.frame.width), height: min(size.height, placement.frame.height))),
                     cornerRadius: 0)
    }
}

extension PixelGeometry {
    /// `placement` (a view's at its frame) moved to where `presented` puts the view, by
    /// whole pixels, and cut to its size: the picture is copied at the same fraction of a
    /// pixel as at the frame.
    func placement(_ placement: Placement, of frame: Rect, presentedAt presented: Rect) -> Placement {
        var moved = placement
        moved.x += Int(((presented.minX - frame.minX) * scale).rounded())
        moved.y += Int(((presented.minY - frame.minY) * scale).rounded())
        if presented.width < frame.width { moved.width = min(moved.width, Int((placement.phaseX + presented.width * scale).rounded(.up))) }
        if presented.height < frame.height { moved.height = min(moved.height, Int((placement.phaseY + presented.height * scale).rounded(.up))) }
        return moved
    }

    /// Copies the picture's pixels of `placement` with `alpha`.
    func copy(_ picture: Picture, to placement: Placement, alpha: Double) {
        guard alpha < 1 else { return copy(picture, to: placement) }
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_scale(cairo, 1 / replayScale, 1 / replayScale)
        cairo_rectangle(cairo, Double(placement.x), Double(placement.y), Double(placement.width), Double(placement.height))
        cairo_clip(cairo)
        cairo_set_source_surface(cairo, picture.surface, Double(placement.x), Double(placement.y))
        cairo_paint_with_alpha(cairo, max(0, alpha))
        cairo_restore(cairo)
    }
}
