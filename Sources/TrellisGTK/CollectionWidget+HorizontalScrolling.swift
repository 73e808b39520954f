import CGtk
import CTrellisGtk
import Foundation
import Trellis
import TrellisKit

/// The widget scrolls along the collection view's scroll direction: a vertical layout
/// (the default) on the vertical adjustment, a horizontal one — a horizontal flow, grid,
/// waterfall or list, a compositional layout whose configuration scrolls horizontally — on
/// the horizontal adjustment, with the other adjustment fixed to the page. Everything the
/// widget does along the scroll axis (the adjustment's value as the content offset, the
/// end of the content, Page Up/Down, Home and End, `scrollToItem`, the item being read
/// kept still through resizes) is the same code for both axes, written against these
/// accessors.
///
/// In a `GtkScrolledWindow` the widget asks for scrolling along its axis only (policy
/// automatic along it, never across): the scrolled window then shows the one scrollbar and
/// scrolls a horizontal collection with a horizontal wheel or tilt, Shift + wheel, a
/// touchpad's sideways swipe and kinetic dragging. GTK 4's scrolled window leaves the
/// plain vertical wheel unused when it may only scroll sideways; the widget moves the
/// horizontal adjustment by it, by GTK's wheel step (the page to the power 2/3), as
/// GtkRange and most toolkits do for a horizontal-only view (a mouse without a tilt wheel
/// could not scroll it otherwise). A touchpad's vertical swipe stays unused: fingers
/// moving up do not mean "left".
extension CollectionWidget {
    func installVerticalWheelForHorizontalScrolling() {
        let scroll = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue))!
        let scrolled: @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { controller, dx, dy, context in
            MainActor.assumeIsolated {
                let state = gtk_event_controller_get_current_event_state(controller).rawValue
                guard state & GDK_SHIFT_MASK.rawValue == 0, dx == 0,
                      gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL else { return 0 }
                return CollectionWidget.host(context).scrollSidewaysByVerticalWheel(dy) ? 1 : 0
            }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(scroll), "scroll", unsafeBitCast(scrolled, to: GCallback.self),
                                   Unmanaged.passUnretained(self).toOpaque())
        gtk_widget_add_controller(widget, scroll)
    }

    /// Moves a horizontal collection's adjustment by `steps` wheel steps (down = right);
    /// false for a vertical collection (the scrolled window scrolls it).
    private func scrollSidewaysByVerticalWheel(_ steps: Double) -> Bool {
        guard scrollAxis == .horizontal, steps != 0,
              let adjustment = trellis_collection_widget_get_hadjustment(trellisWidget) else { return false }
        let page = gtk_adjustment_get_page_size(adjustment)
        let step = pow(max(1, page), 2.0 / 3.0)
        let upper = gtk_adjustment_get_upper(adjustment) - page, lower = gtk_adjustment_get_lower(adjustment)
        // The value goes through the adjustment, as the scrolled window's own wheel
        // handling does: the widget hears it as any other scroll (`scrolled(to:)`).
        gtk_adjustment_set_value(adjustment, min(max(lower, gtk_adjustment_get_value(adjustment) + steps * step), max(lower, upper)))
        return true
    }

    /// The axis the content scrolls along.
    var scrollAxis: Axis { collectionView.scrollDirection.axis }

    /// The GTK orientation of the scroll axis.
    var scrollOrientation: GtkOrientation { scrollAxis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL }

    /// The content offset along the scroll axis.
    var scrollOffset: Double {
        scrollAxis == .vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
    }

    /// Moves the content offset along the scroll axis to `value` (the other coordinate
    /// unchanged). Setting the collection view's offset marks it as needing layout.
    func moveScrollOffset(to value: Double) {
        let before = scrollOffset
        var offset = collectionView.contentOffset
        if scrollAxis == .vertical { offset.y = value } else { offset.x = value }
        collectionView.contentOffset = offset
        if !isFollowingAdjustment { ownScroll += scrollOffset - before }
    }

    /// The scroll axis's adjustment (nil before the widget has one).
    var scrollAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        scrollAxis == .vertical
            ? trellis_collection_widget_get_vadjustment(trellisWidget) : trellis_collection_widget_get_hadjustment(trellisWidget)
    }

    /// The page along the scroll axis (the bounds' height for a vertical collection).
    var pageLength: Double { collectionView.bounds.size[scrollAxis] }

    /// Where `frame` starts, its middle and its end along the scroll axis.
    func span(of frame: Rect) -> (start: Double, middle: Double, end: Double) {
        scrollAxis == .vertical ? (frame.minY, frame.midY, frame.maxY) : (frame.minX, frame.midX, frame.maxX)
    }

    /// Where an item lands for `scrollToItem(at:at:animated:)`'s position along the scroll
    /// axis: `.top`/`.left` at the start of the page, `.centeredVertically`/
    /// `.centeredHorizontally` in the middle, `.bottom`/`.right` at the end (UIKit reads the
    /// options of the scroll axis and ignores the others).
    func place(for position: CollectionView.ScrollPosition) -> ScrollAnimation.Place {
        let (end, center): (CollectionView.ScrollPosition, CollectionView.ScrollPosition) =
            scrollAxis == .vertical ? (.bottom, .centeredVertically) : (.right, .centeredHorizontally)
        return position.contains(end) ? .bottom : position.contains(center) ? .center : .top
    }

    /// Configures the adjustment of the scroll axis from the collection (range the content,
    /// value its offset within it, both counted from `adjustmentOrigin`) and fixes the
    /// other one to the page, and lets the scrolled window scroll along the axis only. The
    /// value is the one GTK holds, moved by the widget's own scrolls since (``ownScroll``);
    /// what else moved the offset — the engine keeping its anchor — moves the origin.
    func configureAdjustments() {
        let axis = scrollAxis
        let page = pageLength
        let content = max(collectionView.contentSize[axis], page)
        let adjustment = scrollAdjustment
        let value = adjustmentValue == nil ? scrollOffset : adjustment.map { gtk_adjustment_get_value($0) + ownScroll } ?? scrollOffset
        ownScroll = 0
        adjustmentOrigin = scrollOffset - value
        // GTK's own wheel step is page^(2/3); the step increment is what arrow keys on the
        // scrollbar use, the page increment Page Up/Down.
        trellis_collection_widget_configure_adjustment(
            trellisWidget, scrollOrientation, value, -adjustmentOrigin, content - adjustmentOrigin, page, max(1, page / 10), max(1, page * 0.9))
        adjustmentValue = adjustment.map { gtk_adjustment_get_value($0) }
        let across = collectionView.bounds.size[axis.other]
        let other = axis == .vertical ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        trellis_collection_widget_configure_adjustment(trellisWidget, other, 0, 0, across, across, max(1, across / 10), max(1, across * 0.9))
        if scrolledWindowAxis != axis { followScrollAxisInScrolledWindow() }
    }

    /// Sets the scrolled window's policies for the scroll axis (a new layout may scroll the
    /// other way).
    func followScrollAxisInScrolledWindow() {
        guard let parent = gtk_widget_get_parent(widget),
              trellis_is_scrolled_window(parent) != 0 else { return }
        scrolledWindowAxis = scrollAxis
        let vertical = scrollAxis == .vertical
        gtk_scrolled_window_set_policy(
            trellis_as_scrolled_window(parent), vertical ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC,
            vertical ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER)
    }
}
