import CGtk
import CTrellisGtk
import Foundation
import Trellis
import TrellisKit

/// Orthogonal sections (carousels) scroll sideways under the pointer: a horizontal wheel or
/// tilt, a touchpad's sideways swipe, or Shift with the vertical wheel (GtkScrolledWindow's
/// own convention). A wheel step moves by GTK's step (the section's width to the power
/// 2/3) or, for a paging behaviour, to the next page or group as the section's
/// `orthogonalScrollingBehavior` decides; a touchpad swipe moves with the fingers and comes
/// to rest where the behaviour says when it ends. A focused card that the arrow keys reach
/// off the side is scrolled into view the same way. Elsewhere the events go on to the
/// scrolled window, which scrolls the collection vertically.
extension CollectionWidget {
    func installSidewaysScrolling() {
        let scroll = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue))!
        let context = Unmanaged.passUnretained(self).toOpaque()
        let scrolled: @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { controller, dx, dy, context in
            MainActor.assumeIsolated {
                let state = gtk_event_controller_get_current_event_state(controller).rawValue
                let shift = state & GDK_SHIFT_MASK.rawValue != 0
                let wheel = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL
                return CollectionWidget.host(context).scrollSideways(dx: shift && dx == 0 ? dy : dx, byWheel: wheel) ? 1 : 0
            }
        }
        let ended: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).sidewaysScrollEnded() }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(scroll), "scroll", unsafeBitCast(scrolled, to: GCallback.self), context)
        _ = trellis_signal_connect(UnsafeMutableRawPointer(scroll), "scroll-end", unsafeBitCast(ended, to: GCallback.self), context)
        gtk_widget_add_controller(widget, scroll)
    }

    /// The compositional layout and the orthogonal section (one that has content beyond its
    /// width) drawn at the pointer's height, if any.
    private func orthogonalSectionUnderPointer() -> (CompositionalLayout, Int)? {
        guard let pointer = pointerPosition, let drawnOffset, let layout = collectionView.layout as? CompositionalLayout else { return nil }
        let y = pointer.y + drawnOffset.y
        guard let item = drawnItems.first(where: { $0.frame.minY <= y && y < $0.frame.maxY }) else { return nil }
        let section = item.indexPath.section
        return layout.maximumOrthogonalScrollOffset(forSection: section) > 0 ? (layout, section) : nil
    }

    /// Scrolls the orthogonal section under the pointer by `dx` (wheel steps, or surface
    /// pixels for a touchpad); false when there is none or no sideways motion, so the
    /// scrolled window gets the event.
    private func scrollSideways(dx: Double, byWheel: Bool) -> Bool {
        guard dx != 0, let (layout, section) = orthogonalSectionUnderPointer() else { return false }
        let current = layout.orthogonalScrollOffset(forSection: section)
        let target: Double
        if byWheel {
            // A wheel step is a scroll with a direction (CSS scroll snapping's "directional"
            // scroll, a keyboard or wheel step): it rests where the behaviour rests the step's
            // end, and never where it started while there is room that way. A behaviour that
            // rests at the boundary nearest the end (`continuousGroupLeadingBoundary`) would
            // otherwise bring a step shorter than half a group back where it began, and the
            // wheel would not move the section at all: the end goes on by steps until it
            // rests elsewhere.
            let step = dx * pow(max(1, collectionView.bounds.width), 2.0 / 3.0)
            let maximum = layout.maximumOrthogonalScrollOffset(forSection: section)
            var proposed = current + step
            var rest = layout.targetOrthogonalScrollOffset(forProposedOffset: proposed, currentOffset: current, inSection: section)
            while rest == current && proposed > 0 && proposed < maximum {
                proposed += step
                rest = layout.targetOrthogonalScrollOffset(forProposedOffset: proposed, currentOffset: current, inSection: section)
            }
            target = rest
        } else {
            if sidewaysSwipe == nil { sidewaysSwipe = (section, current) }
            target = min(max(0, current + dx), layout.maximumOrthogonalScrollOffset(forSection: section))
        }
        setOrthogonalOffset(target, of: section, in: layout)
        return true
    }

    /// A touchpad swipe ended: the section comes to rest where its behaviour says.
    private func sidewaysScrollEnded() {
        guard let (section, start) = sidewaysSwipe, let layout = collectionView.layout as? CompositionalLayout,
              section < collectionView.numberOfSections else {
            sidewaysSwipe = nil
            return
        }
        sidewaysSwipe = nil
        let current = layout.orthogonalScrollOffset(forSection: section)
        setOrthogonalOffset(layout.targetOrthogonalScrollOffset(forProposedOffset: current, currentOffset: start, inSection: section), of: section, in: layout)
    }

    /// Brings `item` into view sideways when it is in an orthogonal section and its frame
    /// is beyond the collection's leading or trailing edge.
    func revealSideways(_ item: IndexPath) {
        guard let layout = collectionView.layout as? CompositionalLayout,
              layout.maximumOrthogonalScrollOffset(forSection: item.section) > 0,
              let frame = collectionView.layoutAttributesForItem(at: item)?.frame else { return }
        let width = collectionView.bounds.width, current = layout.orthogonalScrollOffset(forSection: item.section)
        let delta = frame.minX < 0 ? frame.minX : frame.maxX > width ? frame.maxX - width : 0
        guard delta != 0 else { return }
        setOrthogonalOffset(
            layout.targetOrthogonalScrollOffset(forProposedOffset: current + delta, currentOffset: current, inSection: item.section),
            of: item.section, in: layout)
    }

    func setOrthogonalOffset(_ offset: Double, of section: Int, in layout: CompositionalLayout) {
        guard offset != layout.orthogonalScrollOffset(forSection: section) else { return }
        layout.setOrthogonalScrollOffset(offset, forSection: section)
        debug?.event("sidewaysScroll", ["\"section\":\(section)", "\"offset\":\(offset)"])
        setNeedsLayout()
    }
}
