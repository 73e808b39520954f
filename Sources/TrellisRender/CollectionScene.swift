import Trellis
import TrellisKit

/// A laid-out collection as a view tree the ``Renderer`` can draw: each element's view is
/// placed at its layout frame inside a root view whose bounds are the part of the content
/// to show (all of it, or a visible rectangle, like a scrolled collection view).
///
/// A `CollectionView` already is such a tree (its cells are subviews at their layout
/// frames, its bounds origin the content offset) and renders as it is; this is for a
/// layout used on its own, as `trellis render` does.
public enum CollectionScene {
    /// Builds the root view.
    ///
    /// - Parameters:
    ///   - region: the part of the content to show, in content coordinates; it becomes the
    ///     root's bounds (so its size is the canvas size).
    ///   - elements: layout attributes (cells, supplementary and decoration views). Hidden
    ///     ones and those not intersecting `region` are skipped; the rest are stacked by
    ///     `zIndex` (stable for equal values, so index order decides among cells).
    ///   - background: the root's background colour.
    ///   - makeView: the view for an element, configured for it; nil draws nothing for it.
    ///     Its frame is set to the element's frame and its alpha multiplied by the
    ///     element's alpha.
    /// - Complexity: O(k log k) for k drawn elements, plus `makeView`.
    public static func makeView(
        region: Rect, elements: [LayoutAttributes], background: Color?, makeView: (LayoutAttributes) -> View?
    ) -> View {
        let root = View(frame: Rect(origin: .zero, size: region.size))
        root.bounds = region
        root.backgroundColor = background
        root.clipsToBounds = true
        let shown = elements.enumerated()
            .filter { !$0.element.isHidden && $0.element.alpha > 0 && $0.element.frame.intersects(region) }
            .sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
        for (_, attributes) in shown {
            guard let view = makeView(attributes) else { continue }
            view.frame = attributes.frame
            view.alpha *= attributes.alpha
            root.addSubview(view)
            // Lay the element out at its final size now, as a collection view does when it
            // applies attributes to a cell: each is a small system of its own, so the
            // renderer's pass over the whole tree finds it settled.
            view.layoutIfNeeded()
        }
        return root
    }
}
