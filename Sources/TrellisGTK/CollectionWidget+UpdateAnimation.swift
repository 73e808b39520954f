import CGtk
import CTrellisGtk
import Trellis
import TrellisKit
import TrellisRender

/// The state of the widget's update animations, owned by one widget: the animation in
/// progress (its progress is advanced by the frame clock's tick, and only read by drawing),
/// what the last frame drew (where an interrupting update starts from), and the requests
/// that came since the last layout.
@MainActor
final class UpdateAnimator {
    /// The animation in progress (nil: everything is drawn at its frame).
    var animation: UpdateAnimation<CellSnapshot>?
    /// A change to animate arrived since the last layout.
    var isRequested = false
    /// The last batch update's transition among the requests (nil: only sizes changed).
    var transition: BatchUpdateTransition?
    /// The frame clock tick callback advancing ``animation`` (0: none).
    var tick: UInt32 = 0

    /// The cells the last frame drew, with where and how opaque (viewport coordinates).
    var drawnCells: [(cell: CollectionViewCell, element: DrawnElement<ObjectIdentifier>)] = []
    /// The pictures of items that left, as the last frame drew them.
    var drawnGhosts: [DrawnGhost<CellSnapshot>] = []
    /// The content offset the last frame was drawn at.
    var drawnOffset: Point?
    /// How far the person scrolled since the last frame (wheel, keys, scrollbar).
    var scrolledSinceDrawn = Point(x: 0, y: 0)
    /// Where the last frame drew the items that animate (content coordinates), and how opaque.
    var presented: [IndexPath: (frame: Rect, alpha: Double)] = [:]
    /// The frame clock's time of the frame the animation was planned in (seconds).
    var landingTime = 0.0
}

/// Animated updates: a batch update, a diffable `apply`, a move, a reorder step or a size
/// change the collection view reports through its `updateAnimationHandler` is animated
/// from what the last frame drew to what the frame's one layout placed, over UIKit's
/// 0.3 s with its ease-in-out curve, on GTK's frame clock. Items that moved slide, items
/// that appeared fade in at their frame, items that left fade out where they were (drawn
/// from the picture the last frame kept of them) or slide out of view to their new place.
/// The layout holds the end state from the first frame; drawing only interpolates
/// (`Presentation`), so a scroll during the animation moves everything with the content
/// and an item whose frame did not change is drawn exactly at its frame. A new update
/// starts from the positions drawn (UIKit's `beginFromCurrentState`). With
/// `gtk-enable-animations` off, or inside `View.performWithoutAnimation`, the end state is
/// drawn in the next frame.
extension CollectionWidget {
    func installUpdateAnimations() {
        collectionView.updateAnimationHandler = { [weak self] transition in
            MainActor.assumeIsolated { self?.animateNextLayoutChange(transition) }
        }
    }

    /// Animates what the next layout changes, from what the last frame drew: for a batch
    /// update, with its `transition` (which items appear, leave, and where moved ones were);
    /// with nil, a change that keeps index paths (sizes, an interactive movement's room
    /// being made once the collection reported its move). The collection view calls it
    /// for every change made with animations enabled; pointer gestures that change the
    /// layout themselves call it too.
    func animateNextLayoutChange(_ transition: BatchUpdateTransition? = nil) {
        updateAnimator.isRequested = true
        if let transition { updateAnimator.transition = transition }
        queueLayout()
    }

    /// Whether GTK's animations are on for the widget's display.
    var animationsEnabled: Bool {
        trellis_collection_widget_animations_enabled(trellisWidget) != 0
    }

    /// After the frame's layout: starts the animation of the changes requested since the
    /// last one (or ends any when GTK's animations are off).
    func startRequestedUpdateAnimation() {
        let animator = updateAnimator
        guard animator.isRequested else { return }
        let transition = animator.transition
        animator.isRequested = false
        animator.transition = nil
        guard animationsEnabled, let drawnOffset = animator.drawnOffset else {
            stopUpdateAnimation()
            return
        }
        var cellsByKey: [ObjectIdentifier: CollectionViewCell] = [:]
        for (cell, element) in animator.drawnCells { cellsByKey[element.key] = cell }
        var displayed: [DisplayedElement<ObjectIdentifier>] = []
        for cell in collectionView.visibleCells {
            guard let indexPath = collectionView.indexPath(for: cell) else { continue }
            displayed.append(DisplayedElement(key: ObjectIdentifier(cell), indexPath: indexPath, frame: cell.frame))
        }
        let layout = collectionView
        let planned = UpdateAnimation<CellSnapshot>(
            drawn: animator.drawnCells.map(\.element), ghosts: animator.drawnGhosts, drawnOffset: drawnOffset,
            scrolled: animator.scrolledSinceDrawn, offset: collectionView.contentOffset, displayed: displayed,
            transition: transition, finalFrame: { layout.layoutAttributesForItem(at: $0)?.frame },
            snapshot: { [drawingCache] key in cellsByKey[key].flatMap { drawingCache.snapshot(of: $0) } })
        var animation = planned
        // The item the user holds (a reorder by drag) stays under the pointer; the others
        // make room for it, animated.
        if let held = collectionView.interactivelyMovingItem { animation.removeTrack(for: held) }
        guard !animation.isEmpty else {
            stopUpdateAnimation()
            return
        }
        // The clock starts at the next frame: this one carries the update's own work (its
        // layout, measuring), which must not eat the animation, as a Core Animation
        // animation starts once its transaction is committed. This frame draws the start.
        animator.animation = animation
        animator.landingTime = frameClockSeconds
        queueDraw()
        guard animator.tick == 0 else { return }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, clock, context in
            MainActor.assumeIsolated {
                CollectionWidget.host(context).updateAnimationStep(now: Double(gdk_frame_clock_get_frame_time(clock)) / 1e6) ? 1 : 0
            }
        }
        animator.tick = gtk_widget_add_tick_callback(widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// The frame clock's time of the frame being made, in seconds.
    var frameClockSeconds: Double {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return 0 }
        return Double(gdk_frame_clock_get_frame_time(clock)) / 1e6
    }

    /// One frame of the animation (the frame clock's update phase): moves its time on and
    /// asks for a drawing, never a layout. False when it is over (the tick is removed):
    /// the frame that reached the end drew every item at its frame.
    private func updateAnimationStep(now: Double) -> Bool {
        let animator = updateAnimator
        guard var animation = animator.animation, !animation.isFinished else {
            animator.animation = nil
            animator.presented = [:]
            animator.tick = 0
            queueDraw()
            return false
        }
        // From the frame the update landed in, or one frame interval before this one when
        // that frame took long.
        animation.start(at: max(animator.landingTime, now - 1.0 / 60))
        animation.advance(to: now)
        animator.animation = animation
        queueDraw()
        return true
    }

    /// Ends the animation: everything is drawn at its frame from the next frame on.
    func stopUpdateAnimation() {
        let animator = updateAnimator
        animator.animation = nil
        animator.presented = [:]
        if animator.tick != 0 {
            gtk_widget_remove_tick_callback(widget, animator.tick)
            animator.tick = 0
        }
        queueDraw()
    }

    /// GTK set the adjustment's value (wheel, scrollbar, kinetic scrolling): a value in
    /// the coordinates of the last frame (the adjustment is set only by the layout), so the
    /// person's scroll since that frame is the offset now less the offset drawn — whatever
    /// an update made before it moved the offset by (the end a view followed).
    func noteAdjustmentScroll() {
        guard let drawnOffset = updateAnimator.drawnOffset else { return }
        if scrollAxis == .vertical {
            updateAnimator.scrolledSinceDrawn.y = collectionView.contentOffset.y - drawnOffset.y
        } else {
            updateAnimator.scrolledSinceDrawn.x = collectionView.contentOffset.x - drawnOffset.x
        }
    }

    /// The scroll the person made moved the content offset from `old` to `new`.
    func noteScroll(from old: Point, to new: Point) {
        updateAnimator.scrolledSinceDrawn.x += new.x - old.x
        updateAnimator.scrolledSinceDrawn.y += new.y - old.y
    }

    // MARK: Drawing

    /// Where this frame draws what animates (nil: nothing does), at `scale` pixels a point.
    func updatePresentation(scale: Double) -> Presentation? {
        let animator = updateAnimator
        animator.presented.removeAll(keepingCapacity: true)
        guard let animation = animator.animation else { return nil }
        var presentation = Presentation()
        // Headers and footers move with the first displayed item of their section.
        var firstInSection: [Int: IndexPath] = [:]
        for cell in collectionView.visibleCells {
            guard let indexPath = collectionView.indexPath(for: cell) else { continue }
            if firstInSection[indexPath.section] == nil { firstInSection[indexPath.section] = indexPath }
            let (frame, alpha) = animation.presented(indexPath, frame: cell.frame, pixelScale: scale)
            guard frame != cell.frame || alpha != 1 else { continue }
            presentation.views[ObjectIdentifier(cell)] = Presentation.Placement(frame: frame, alpha: alpha)
            animator.presented[indexPath] = (frame, alpha)
        }
        for kind in [ElementKind.header, .footer] {
            for indexPath in collectionView.indexPathsForVisibleSupplementaryElements(ofKind: kind) {
                guard let view = collectionView.supplementaryView(forElementKind: kind, at: indexPath),
                      let leader = firstInSection[indexPath.section] else { continue }
                let (frame, alpha) = animation.presented(following: leader, frame: view.frame, pixelScale: scale)
                guard frame != view.frame || alpha != 1 else { continue }
                presentation.views[ObjectIdentifier(view)] = Presentation.Placement(frame: frame, alpha: alpha)
            }
        }
        let referenceOrigin = animation.reference.flatMap { collectionView.layoutAttributesForItem(at: $0.indexPath)?.frame.origin }
        for ghost in animation.ghosts {
            let (frame, alpha) = animation.presented(ghost, referenceOrigin: referenceOrigin)
            presentation.snapshots.append((ghost.snapshot, Presentation.Placement(frame: frame, alpha: alpha)))
        }
        return presentation
    }

    /// Records what this frame drew, where an update that comes before the next frame
    /// starts from.
    func recordDrawnForUpdateAnimation(_ presentation: Presentation?) {
        let animator = updateAnimator
        let offset = collectionView.contentOffset
        let bounds = collectionView.bounds
        animator.drawnCells.removeAll(keepingCapacity: true)
        for (indexPath, cell) in zip(collectionView.indexPathsForVisibleItems, collectionView.visibleCells) {
            let placement = presentation?.views[ObjectIdentifier(cell)]
            let frame = placement?.frame ?? cell.frame
            guard frame.intersects(bounds) else { continue }
            let viewport = frame.offsetBy(dx: -offset.x, dy: -offset.y)
            animator.drawnCells.append((cell, DrawnElement(key: ObjectIdentifier(cell), indexPath: indexPath, frame: viewport,
                                                           alpha: placement?.alpha ?? 1)))
        }
        animator.drawnGhosts.removeAll(keepingCapacity: true)
        if let animation = animator.animation, let presentation {
            let referenceOrigin = animation.reference.flatMap { collectionView.layoutAttributesForItem(at: $0.indexPath)?.frame.origin }
            var end = animation
            end.setTime(1)
            for ((snapshot, placement), ghost) in zip(presentation.snapshots, animation.ghosts) {
                let target = end.presented(ghost, referenceOrigin: referenceOrigin)
                animator.drawnGhosts.append(DrawnGhost(
                    snapshot: snapshot, frame: placement.frame.offsetBy(dx: -offset.x, dy: -offset.y), alpha: placement.alpha,
                    target: target.frame.offsetBy(dx: -offset.x, dy: -offset.y), targetAlpha: target.alpha))
            }
        }
        animator.drawnOffset = offset
        animator.scrolledSinceDrawn = Point(x: 0, y: 0)
    }

    /// Where the last frame drew the item whose cell has `frame` in the layout (content
    /// coordinates): its frame unless it animates.
    func drawnFrame(of indexPath: IndexPath, frame: Rect) -> Rect {
        updateAnimator.presented[indexPath]?.frame ?? frame
    }

    /// The items in view as the last frame drew them (``currentShownItems()`` with the
    /// animation's places), top first, and how opaque the ones fading are.
    func drawnShownItems() -> (items: [ShownItem], alphas: [IndexPath: Double]) {
        let presented = updateAnimator.presented
        guard !presented.isEmpty else { return (currentShownItems(), [:]) }
        let bounds = collectionView.bounds
        var alphas: [IndexPath: Double] = [:]
        var items: [ShownItem] = []
        for cell in collectionView.visibleCells {
            guard let indexPath = collectionView.indexPath(for: cell) else { continue }
            let drawn = presented[indexPath]
            let frame = drawn?.frame ?? cell.frame
            guard frame.intersects(bounds) else { continue }
            if let alpha = drawn?.alpha, alpha < 1 { alphas[indexPath] = alpha }
            items.append(ShownItem(indexPath: indexPath, distance: frame.minY - bounds.minY, minX: frame.minX - bounds.minX,
                                   width: frame.width, height: frame.height))
        }
        items.sort { ($0.distance, $0.indexPath) < ($1.distance, $1.indexPath) }
        return (items, alphas)
    }

    /// Whether an update animation is under way, and its progress (0…1).
    var updateAnimationProgress: Double? {
        updateAnimator.animation?.progress
    }

    /// The frame clock's time since the update animation under way started, in seconds.
    var updateAnimationElapsed: Double? {
        updateAnimator.animation?.startTime.map { frameClockSeconds - $0 }
    }
}
