import CGtk
import CTrellisGtk
import Foundation
import Trellis
@_spi(Testing) import TrellisKit

/// GtkAdjustment ↔ content offset, the frame's one layout, and the widget's scroll
/// animations.
extension CollectionWidget {
    // MARK: The adjustment and the layout

    /// The adjustment's value changed by someone else than the widget (wheel,
    /// scrollbar, touch drag, kinetic scrolling): the content offset moves by as much as
    /// the value did from the adjustment's previous value (``adjustmentValue``), in the
    /// layout as it is — the offset itself may have moved since, when the engine kept its
    /// anchor through a size that changed between two frames. The collection view's next pass anchors an item it
    /// shows at that offset and measures what came into view around it. A scroll the person
    /// makes ends the widget's own animation, as a new value ends one of GTK's.
    func scrolled(to value: Double) {
        stopScrollAnimation()
        // A scroll closes revealed swipe actions, as in UIKit.
        collectionView.closeSwipeActions()
        let target = adjustmentValue.map { scrollOffset + (value - $0) } ?? value
        // The adjustment holds `value` now: a second scroll before the next layout moves on
        // from it.
        adjustmentValue = value
        // At the end of the content (the scrollbar dragged to the bottom, GTK's End) the
        // view stays at the end while the items there are measured.
        let atEnd = scrollAdjustment.map { adjustment in
            let lower = gtk_adjustment_get_lower(adjustment), end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            return value > lower && (value >= end - 0.5 || target >= maximumOffset - 0.5)
        } ?? false
        isFollowingAdjustment = true
        defer { isFollowingAdjustment = false }
        setContentOffset(target, pinnedToEnd: atEnd)
        noteAdjustmentScroll()
        debug?.scroll(value: value, offset: scrollOffset)
    }

    /// Moves the content offset along the scroll axis (within the content) and queues the
    /// frame's layout.
    func setContentOffset(_ value: Double, pinnedToEnd: Bool = false) {
        self.pinnedToEnd = pinnedToEnd
        // A scroll ends the reading position kept through resizes.
        resizeAnchorItem = nil
        isScrolling = true
        let before = collectionView.contentOffset
        moveScrollOffset(to: clampedOffset(value))
        noteScroll(from: before, to: collectionView.contentOffset)
        isScrolling = false
        queueLayout()
    }

    /// The largest content offset: the end of the content at the bottom (trailing) edge.
    var maximumOffset: Double { collectionView.contentOffsetRange.upperBound }

    /// The offset within the content (0 … content length − page; for a bottom-anchored
    /// content shorter than the page, the one offset that keeps it at the bottom edge).
    func clampedOffset(_ value: Double) -> Double {
        let range = collectionView.contentOffsetRange
        return min(max(range.lowerBound, value), range.upperBound)
    }

    /// Lays the collection view out (one pass measures what came into view, keeps the
    /// anchor and places what the moved offset shows), then keeps the offset within the
    /// content — at its end when pinned there, where measuring the last items changes the
    /// content's height — and writes the offset into the adjustment.
    func layOut() {
        let start = DispatchTime.now().uptimeNanoseconds
        let measuredBefore = collectionView.sizeCache.measurementCount
        let wasLayingOut = isLayingOut
        isLayingOut = true
        defer { isLayingOut = wasLayingOut }
        layOutCollection()
        // The anchor keeps an item's top still; the end of the content is not an item's
        // top, so a view pinned there (or past a content that shrank) is moved and laid out
        // again: each round measures only what the move brought into view.
        /// Where the offset belongs: at the end when pinned there, else within the content.
        func target() -> Double { pinnedToEnd ? maximumOffset : clampedOffset(scrollOffset) }
        for _ in 0..<Self.maximumEndRounds where abs(target() - scrollOffset) > 1e-9 {
            moveScrollOffset(to: target())
            layOutCollection()
        }
        // Rounds are bounded so that one frame's work is; a view that is still off the end
        // (each round measured items that changed the content's height again) goes on in
        // the next frame, never stays where this frame left it.
        if abs(target() - scrollOffset) > 1e-9 { queueLayoutInNextFrame() }
        if let error = collectionView.lastError {
            debug?.error("\(error)")
            FileHandle.standardError.write(Data("trellis: layout pass failed: \(error)\n".utf8))
        }
        updateAdjustments()
        if let placement = pendingFocus {
            pendingFocus = nil
            if let item = focusTarget(placement) { focus(item) }
        }
        pendingMeasurements += collectionView.sizeCache.measurementCount - measuredBefore
        pendingLayoutTime += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// One layout pass, and more (a few at most) only while one leaves the collection view
    /// needing layout. `layoutIfNeeded()` solves every cell's constraints again, so a pass
    /// more than needed costs as much as the first.
    private func layOutCollection() {
        collectionView.layoutIfNeeded()
        for _ in 1..<Self.maximumPasses where collectionView.needsLayout {
            collectionView.layoutIfNeeded()
        }
    }

    /// Layout passes in one `layOutCollection()`.
    static let maximumPasses = 4

    /// Rounds of moving to the end and laying out again in one frame.
    static let maximumEndRounds = 8

    /// Queues a layout from the frame clock's next tick, outside the allocation in
    /// progress.
    private func queueLayoutInNextFrame() {
        guard followUpTick == 0, widget != nil else { return }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, _, context in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                host.followUpTick = 0
                host.queueLayout()
            }
            return 0
        }
        followUpTick = gtk_widget_add_tick_callback(widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Sets both adjustments from the collection: along the scroll axis the range the
    /// content and the value its offset, from the adjustment origin; across it fixed to the page (see
    /// CollectionWidget+HorizontalScrolling.swift).
    func updateAdjustments() {
        guard widget != nil else { return }
        configureAdjustments()
    }

    /// The displayed cells intersecting the bounds, nearest the start of the scroll axis
    /// first (the top edge, or the left edge of a horizontal collection; then in index
    /// order), with their distance from the top and left edges and their size.
    func currentShownItems() -> [ShownItem] {
        let bounds = collectionView.bounds
        var items: [ShownItem] = []
        for cell in collectionView.visibleCells {
            guard let indexPath = collectionView.indexPath(for: cell),
                  let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame, frame.intersects(bounds) else { continue }
            items.append(ShownItem(indexPath: indexPath, distance: frame.minY - bounds.minY, minX: frame.minX - bounds.minX,
                                   width: frame.width, height: frame.height))
        }
        let axis = scrollAxis
        items.sort { ($0.leading(along: axis), $0.indexPath) < ($1.leading(along: axis), $1.indexPath) }
        return items
    }

    // MARK: Scrolling by the host's API

    /// Scrolls to `offset` along the scroll axis now, or, with `whenAllocated` before the
    /// widget has a size, once it gets one (the first frame then shows that offset).
    public func scroll(toOffset offset: Double, whenAllocated: Bool) {
        if whenAllocated && allocated == .zero {
            pendingOffset = offset
        } else {
            scroll(toOffset: offset)
        }
    }

    /// Scrolls so the content offset along the scroll axis (y for a vertical collection, x
    /// for a horizontal one) is `offset`, clamped to the content, without animation; the
    /// next frame shows it.
    public func scroll(toOffset offset: Double) {
        stopScrollAnimation()
        setContentOffset(offset)
    }

    /// Scrolls so the item is at `position` (`UICollectionView.scrollToItem(at:at:animated:)`:
    /// `.top`, `.centeredVertically` or `.bottom`; `.left`, `.centeredHorizontally` or
    /// `.right` in a horizontal collection), animated as GTK animates a scroll when
    /// `animated` and GTK's animations are on. The target is aimed again at every frame
    /// from the layout as it is then, so the item lands where asked while the items it
    /// passes are measured.
    public func scrollToItem(at indexPath: Trellis.IndexPath, at position: CollectionView.ScrollPosition = .top, animated: Bool = true) {
        startScrollAnimation(.item(indexPath, place(for: position)), animated: animated)
    }

    // MARK: Scroll animations

    /// Starts a scroll to `target`: over GTK's 200 ms with its ease-out-cubic curve when
    /// `animated` and GTK's animations are on, else in the next frame.
    func startScrollAnimation(_ target: ScrollAnimation.Target, animated: Bool, focus: FocusPlacement? = nil) {
        let duration = animated && trellis_collection_widget_animations_enabled(trellisWidget) != 0 ? ScrollAnimation.duration : 0
        scrollAnimation = ScrollAnimation(target: target, duration: duration, focus: focus)
        pinnedToEnd = false
        guard animationTick == 0 else { return }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, clock, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).animationStep(frameTime: Int64(gdk_frame_clock_get_frame_time(clock))) ? 1 : 0 }
        }
        animationTick = gtk_widget_add_tick_callback(widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    func stopScrollAnimation() {
        scrollAnimation = nil
        if animationTick != 0 {
            gtk_widget_remove_tick_callback(widget, animationTick)
            animationTick = 0
        }
    }

    /// One frame of the animation, before the frame's layout: moves the offset towards the
    /// target as the layout now places it. A distance (Page Up/Down) is travelled in
    /// content: each frame moves the offset by its share of it and the anchor keeps what
    /// is on screen still, whatever is measured. A place (an end, an item) is aimed at
    /// again each frame: the remaining way shrinks by the curve's share, so a content
    /// height that changed is followed, and the animation ends only once the last layout
    /// left the offset there. False when done (the tick callback is removed).
    private func animationStep(frameTime: Int64) -> Bool {
        guard var animation = scrollAnimation else {
            animationTick = 0
            return false
        }
        let start = animation.startTime ?? frameTime
        animation.startTime = start
        let time = animation.duration > 0 ? min(1, Double(frameTime - start) / animation.duration) : 1
        let eased = 1 - pow(1 - time, 3)
        let current = scrollOffset
        var next: Double
        var done = false
        switch animation.target {
        case .distance(let distance):
            next = current + distance * (eased - animation.eased)
            done = time >= 1
        case .start, .end, .item:
            // An item the layout does not place yet (a new layout before its first pass)
            // is waited for, a few frames at most.
            let aim = aimedOffset(animation.target) ?? current
            if aimedOffset(animation.target) == nil {
                animation.landingFrames += 1
                done = animation.landingFrames >= ScrollAnimation.maximumLandingFrames
                next = current
            } else if time >= 1 {
                // Landed once the previous frame's layout left the offset on the target. A
                // change made since (an app's apply between frames, older messages paged in
                // above, whose anchor kept the screen still) is not undone: the view stays
                // where that left it, except at the end, which it follows. Without such a
                // change the last fraction of a point is closed, so the view rests exactly
                // on the place (Home on 0).
                let laidOut = animation.offsetAfterFrameLayout ?? current
                if abs(aim - laidOut) <= 0.25 {
                    done = true
                    next = animation.target.isEnd || current == laidOut ? aim : current
                } else {
                    done = animation.landingFrames >= ScrollAnimation.maximumLandingFrames
                    animation.landingFrames += animation.eased >= 1 ? 1 : 0
                    next = aim
                }
            } else {
                next = current + (aim - current) * (eased - animation.eased) / (1 - animation.eased)
            }
        }
        animation.eased = eased
        let pinned = done && animation.target.isEnd
        if done {
            scrollAnimation = nil
            animationTick = 0
            pendingFocus = animation.focus
            setContentOffset(next, pinnedToEnd: pinned)
            if next == current { queueLayout() }  // the focus moves in the next layout
            return false
        }
        scrollAnimation = animation
        setContentOffset(next, pinnedToEnd: animation.target.isEnd && time >= 1)
        return true
    }

    /// The offset a place puts the view at, from the layout as it is (nil: no such item).
    private func aimedOffset(_ target: ScrollAnimation.Target) -> Double? {
        switch target {
        case .start: return 0
        case .end: return maximumOffset
        case .distance: return nil
        case let .item(indexPath, place):
            guard let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
            let page = pageLength, span = span(of: frame)
            switch place {
            case .top: return clampedOffset(span.start)
            case .center: return clampedOffset(span.middle - page / 2)
            case .bottom: return clampedOffset(span.end - page)
            }
        }
    }

    /// Page Up/Down, Home and End (the scrolled window's bindings, done by the widget so
    /// that their targets follow the content and the focus follows the view).
    func scrollKey(_ keyval: Int32) -> Bool {
        let page = max(1, pageLength * 0.9)
        switch keyval {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: startScrollAnimation(.distance(page), animated: true, focus: .lastVisible)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: startScrollAnimation(.distance(-page), animated: true, focus: .firstVisible)
        case GDK_KEY_Home, GDK_KEY_KP_Home: startScrollAnimation(.start, animated: true, focus: .first)
        case GDK_KEY_End, GDK_KEY_KP_End: startScrollAnimation(.end, animated: true, focus: .last)
        default: return false
        }
        return true
    }
}

/// A scroll the widget animates itself.
struct ScrollAnimation {
    /// Where along the scroll axis an item lands: the start of the page (top, or left),
    /// its middle, its end.
    enum Place { case top, center, bottom }
    enum Target {
        /// A distance along the content (Page Up/Down).
        case distance(Double)
        case start, end
        case item(IndexPath, Place)

        var isEnd: Bool { if case .end = self { true } else { false } }
    }

    /// GtkScrolledWindow's and GtkAdjustment's scroll animation: 200 ms (in µs, the frame
    /// clock's unit).
    static let duration = 200_000.0
    /// Frames the animation may take after its time is up to land on a target the content
    /// kept moving (measuring at the target changes what comes into view).
    static let maximumLandingFrames = 8

    var target: Target
    var duration: Double
    var focus: FocusPlacement?
    var startTime: Int64?
    /// The curve's value at the previous frame (0 … 1).
    var eased = 0.0
    var landingFrames = 0
    /// The offset the last frame's layout left (nil: no frame laid out yet): what landing
    /// is judged by, not the offset at the next step, which a change between frames may
    /// have moved on purpose.
    var offsetAfterFrameLayout: Double?
}

/// Where a key scroll leaves the keyboard focus (GtkListView moves its cursor with Home,
/// End and the page keys).
enum FocusPlacement {
    case first, last, firstVisible, lastVisible
}

/// A cell in view: which item, how far below the top edge and right of the leading edge,
/// how big.
struct ShownItem {
    var indexPath: IndexPath
    var distance: Double
    var minX: Double
    var width: Double
    var height: Double

    /// The distance from the start of the page along `axis` (from the top or left edge).
    func leading(along axis: Axis) -> Double { axis == .vertical ? distance : minX }

    /// The extent along `axis`.
    func length(along axis: Axis) -> Double { axis == .vertical ? height : width }
}
