import CGtk
import CTrellisGtk
import Foundation
import Trellis
import TrellisKit
import TrellisPango
import TrellisRender
import TrellisText

/// Pointer drags with button 1 (a mouse; touches are left to the scrolled window, which
/// scrolls with them):
///
/// - **Reordering.** A press held for GTK's long-press time (`gtk-long-press-time`) on an
///   item the data source can move, or a press on its reorder accessory followed by a drag
///   past GTK's drag threshold (`gtk-dnd-drag-threshold`), lifts the item through the
///   collection view's interactive movement (`beginInteractiveMovementForItem(at:)`); the
///   pointer's motion moves it (`updateInteractiveMovementTargetPosition(_:)`, the layout
///   makes room), the view scrolls while it is held near the top or bottom edge
///   (``EdgeAutoScroll``, from the frame clock), the release drops it
///   (`endInteractiveMovement()`), Escape or a broken grab puts it back
///   (`cancelInteractiveMovement()`).
/// - **Swipe actions.** A horizontal drag on a list row whose list gives it swipe actions
///   for that edge moves the row's content aside over its actions; the release reveals them,
///   performs the first (a full swipe) or closes, as ``SwipeRelease`` decides. A click on a
///   revealed action performs it; a press elsewhere or a scroll closes them.
/// - **Carousels.** A horizontal drag over an orthogonal section scrolls it with the
///   pointer; the release coasts by the release velocity (``CarouselRelease``) and rests
///   where the section's `orthogonalScrollingBehavior` says, animated when GTK's animations
///   are on.
///
/// A press that moves vertically stays a press (the scrolled window scrolls touches; a
/// mouse scrolls with the wheel), and a press that moves less than the threshold is a click.
extension CollectionWidget {
    /// A drag in progress, from the press of button 1 to its release.
    enum DragPhase {
        /// No press, or one that the drags leave alone (it stays a click).
        case idle
        /// Button 1 is down and has not moved past the threshold.
        case pressed(DragPress)
        /// The press went to a revealed swipe action or closed the revealed actions: its
        /// release does nothing more.
        case consumed
        case reordering(ReorderDrag)
        case swiping(SwipeDrag)
        case carousel(CarouselDrag)
    }

    struct DragPress {
        /// Where the press was, in the widget.
        var x: Double, y: Double
        /// The item pressed (nil: none) and whether the press was on its reorder accessory.
        var item: IndexPath?
        var onReorderControl: Bool
        /// The press event's time (milliseconds): a carousel flicked at once has its velocity from it.
        var time: UInt32
    }

    struct ReorderDrag {
        var item: IndexPath
        /// From the pointer's content point to where the item's center is held.
        var grab: Point
        /// The x the item's center keeps in a list (rows move up and down only), nil elsewhere.
        var fixedX: Double?
    }

    struct SwipeDrag {
        var item: IndexPath
        var edge: SwipeEdge
        var actionCount: Int
        var allowsFullSwipe: Bool
        var rowWidth: Double
        var startX: Double
        /// How far the row's content is shown moved away from the edge.
        var distance: Double = 0
    }

    struct CarouselDrag {
        var section: Int
        var startOffset: Double
        var startX: Double
        /// The last pointer positions (event time in milliseconds, x), for the release velocity.
        var samples: [(time: UInt32, x: Double)]
    }

    /// A carousel coasting to its resting offset after a drag.
    struct CarouselSettle {
        var section: Int
        var from: Double, to: Double
        var start: Int64?
    }

    // MARK: Settings

    /// GtkSettings' `gtk-dnd-drag-threshold` (pixels; GTK's default 8).
    static var dragThreshold: Double {
        Double(gtk_settings_get_default().map { GtkSettingsValue.int(UnsafeMutableRawPointer($0), "gtk-dnd-drag-threshold") } ?? 8)
    }

    /// GtkSettings' `gtk-long-press-time` (milliseconds; GTK's default 500).
    static var longPressTime: UInt32 {
        UInt32(max(1, gtk_settings_get_default().map { GtkSettingsValue.int(UnsafeMutableRawPointer($0), "gtk-long-press-time") } ?? 500))
    }

    /// Whether a drag gesture (not a plain press) owns button 1 now.
    var dragOwnsButton: Bool {
        switch dragPhase {
        case .idle, .pressed: false
        case .consumed, .reordering, .swiping, .carousel: true
        }
    }

    // MARK: Press, motion, release

    /// A press of button 1 at (x, y) in the widget, before it reaches the selection: true
    /// when it went to the revealed swipe actions (an action performed, or the actions
    /// closed), which takes it from the selection.
    func dragPressTakesPress(x: Double, y: Double) -> Bool {
        endCarouselSettle()
        guard let swiped = collectionView.indexPathForSwipedItem, let edge = collectionView.swipedEdge else { return false }
        let point = Point(x: x + collectionView.contentOffset.x, y: y + collectionView.contentOffset.y)
        let actions = collectionView.revealedSwipeActions
        if let frame = collectionView.layoutAttributesForItem(at: swiped)?.frame,
           let index = Self.swipeActionIndex(at: point, rowFrame: frame, edge: edge,
                                             revealed: SwipeRelease.revealedWidth(actionCount: actions.count), count: actions.count,
                                             rightToLeft: collectionView.layoutDirection == .rightToLeft) {
            debug?.event("swipeAction", ["\"item\":[\(swiped.section),\(swiped.item)]", "\"action\":\(index)"])
            collectionView.performRevealedSwipeAction(at: index)
        } else {
            collectionView.closeSwipeActions()
            debug?.event("swipeClose", ["\"item\":[\(swiped.section),\(swiped.item)]"])
        }
        dragPhase = .consumed
        queueDraw()
        return true
    }

    /// Button 1 went down on `item` (nil: none) at (x, y): a drag may follow, and a long
    /// press on a movable item lifts it.
    func dragPressed(x: Double, y: Double, time: UInt32, item: IndexPath?) {
        var onReorderControl = false
        if let item, let cell = collectionView.cellForItem(at: item) as? ListCell {
            let point = Point(x: x + collectionView.contentOffset.x - cell.frame.minX, y: y + collectionView.contentOffset.y - cell.frame.minY)
            onReorderControl = cell.reorderControlContains(point)
        }
        dragPhase = .pressed(DragPress(x: x, y: y, item: item, onReorderControl: onReorderControl, time: time))
        dragPointer = Point(x: x, y: y)
        if let item, canMove(item) { startLongPressTimer() }
    }

    /// The pointer moved to (x, y) with button 1 held.
    func dragMoved(x: Double, y: Double, time: UInt32) {
        dragPointer = Point(x: x, y: y)
        switch dragPhase {
        case .idle, .consumed:
            return
        case .pressed(let press):
            let axis = PointerDragAxis(dx: x - press.x, dy: y - press.y, threshold: Self.dragThreshold)
            guard axis != .undecided else { return }
            stopLongPressTimer()
            if press.onReorderControl, let item = press.item, beginReorder(item, press: press) { return }
            if axis == .horizontal, let item = press.item {
                if beginSwipe(item, press: press, towardsLeading: x < press.x) || beginCarouselDrag(item, press: press, time: time) {
                    dragMoved(x: x, y: y, time: time)
                    return
                }
            }
            // A vertical drag, or sideways with nothing to drag: it stays a press (the
            // release selects where it ends, as before).
            dragPhase = .idle
        case .reordering(let reorder):
            moveReorderedItem(reorder)
            updateAutoScroll()
        case .swiping(var swipe):
            // Away from the swiped edge: leftwards when the actions' strip is on the right.
            let onTheRight = Self.stripOnTheRight(swipe.edge, rightToLeft: collectionView.layoutDirection == .rightToLeft)
            let moved = onTheRight ? swipe.startX - x : x - swipe.startX
            swipe.distance = SwipeRelease.displayedDistance(for: moved, actionCount: swipe.actionCount, rowWidth: swipe.rowWidth,
                                                            allowsFullSwipe: swipe.allowsFullSwipe)
            dragPhase = .swiping(swipe)
            queueDraw()
        case .carousel(var drag):
            guard let layout = collectionView.layout as? CompositionalLayout, drag.section < collectionView.numberOfSections else { return }
            drag.samples.append((time, x))
            if drag.samples.count > 8 { drag.samples.removeFirst(drag.samples.count - 8) }
            dragPhase = .carousel(drag)
            let offset = min(max(0, drag.startOffset - (x - drag.startX)), layout.maximumOrthogonalScrollOffset(forSection: drag.section))
            setOrthogonalOffset(offset, of: drag.section, in: layout)
        }
    }

    /// Button 1 came up at (x, y) while a drag owned it: the drag ends as its kind says.
    func dragReleased(x: Double, y: Double, time: UInt32) {
        switch endDragPhase() {
        case .idle, .pressed, .consumed:
            break
        case .reordering:
            let dropped = collectionView.indexPathOfInteractivelyMovingItem
            collectionView.endInteractiveMovement()
            debug?.event("reorderEnd", dropped.map { ["\"item\":[\($0.section),\($0.item)]"] } ?? [])
        case .swiping(let swipe):
            switch SwipeRelease.outcome(distance: swipe.distance, actionCount: swipe.actionCount, rowWidth: swipe.rowWidth,
                                        allowsFullSwipe: swipe.allowsFullSwipe) {
            case .close:
                debug?.event("swipeClose", ["\"item\":[\(swipe.item.section),\(swipe.item.item)]"])
            case .reveal:
                collectionView.revealSwipeActions(forItemAt: swipe.item, edge: swipe.edge)
                debug?.event("swipeReveal", ["\"item\":[\(swipe.item.section),\(swipe.item.item)]", "\"edge\":\"\(swipe.edge.rawValue)\""])
            case .performFirstAction:
                debug?.event("swipeFull", ["\"item\":[\(swipe.item.section),\(swipe.item.item)]", "\"edge\":\"\(swipe.edge.rawValue)\""])
                collectionView.performFullSwipe(onItemAt: swipe.item, edge: swipe.edge)
            }
        case .carousel(let drag):
            releaseCarousel(drag, x: x, time: time)
        }
        queueDraw()
    }

    /// A drag broken off (Escape, a grab taken elsewhere): a lifted item goes back, a swipe
    /// closes, a carousel rests where its behaviour says. True when a drag was under way.
    @discardableResult
    func cancelDrag() -> Bool {
        switch endDragPhase() {
        case .idle, .pressed, .consumed:
            return false
        case .reordering(let reorder):
            collectionView.cancelInteractiveMovement()
            focusedItem = reorder.item
            followFocusWithChild()
            debug?.event("reorderCancel")
        case .swiping(let swipe):
            debug?.event("swipeClose", ["\"item\":[\(swipe.item.section),\(swipe.item.item)]"])
        case .carousel(let drag):
            releaseCarousel(drag, x: drag.samples.last?.x ?? drag.startX, time: drag.samples.last?.time ?? 0, coasting: false)
        }
        queueDraw()
        return true
    }

    /// The drag that was under way, now over: its timers and edge scrolling stopped.
    private func endDragPhase() -> DragPhase {
        let phase = dragPhase
        dragPhase = .idle
        stopLongPressTimer()
        stopAutoScroll()
        return phase
    }

    // MARK: Reordering

    private func canMove(_ item: IndexPath) -> Bool {
        guard let dataSource = collectionView.dataSource else { return false }
        return dataSource.collectionView(collectionView, canMoveItemAt: item)
    }

    private func startLongPressTimer() {
        stopLongPressTimer()
        let fired: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                host.longPressTimer = 0
                host.longPressed()
            }
            return 0  // G_SOURCE_REMOVE
        }
        longPressTimer = g_timeout_add(Self.longPressTime, fired, Unmanaged.passUnretained(self).toOpaque())
    }

    private func stopLongPressTimer() {
        guard longPressTimer != 0 else { return }
        g_source_remove(longPressTimer)
        longPressTimer = 0
    }

    /// Held without moving past the threshold for the long-press time: the item lifts.
    private func longPressed() {
        guard case .pressed(let press) = dragPhase, let item = press.item else { return }
        _ = beginReorder(item, press: press)
    }

    private func beginReorder(_ item: IndexPath, press: DragPress) -> Bool {
        guard let frame = collectionView.layoutAttributesForItem(at: item)?.frame,
              collectionView.beginInteractiveMovementForItem(at: item) else { return false }
        // The press becomes the drag: no selection at its release.
        collectionView.cancelInteraction()
        buttonDown = false
        collectionView.closeSwipeActions()
        let pressPoint = Point(x: press.x + collectionView.contentOffset.x, y: press.y + collectionView.contentOffset.y)
        let isListRow = collectionView.isListSection(item.section)
        let reorder = ReorderDrag(item: item, grab: Point(x: frame.midX - pressPoint.x, y: frame.midY - pressPoint.y),
                                  fixedX: isListRow ? frame.midX : nil)
        dragPhase = .reordering(reorder)
        debug?.event("reorderBegin", ["\"item\":[\(item.section),\(item.item)]"])
        moveReorderedItem(reorder)
        updateAutoScroll()
        return true
    }

    /// Holds the lifted item under the pointer (at the same place relative to it as when it
    /// was lifted).
    private func moveReorderedItem(_ reorder: ReorderDrag) {
        let offset = collectionView.contentOffset
        let x = reorder.fixedX ?? dragPointer.x + offset.x + reorder.grab.x
        collectionView.updateInteractiveMovementTargetPosition(Point(x: x, y: dragPointer.y + offset.y + reorder.grab.y))
        // The keyboard focus stays on the lifted item wherever it is shown.
        if let shown = collectionView.indexPathOfInteractivelyMovingItem, shown != focusedItem {
            focusedItem = shown
            followFocusWithChild()
        }
        queueDraw()
    }

    /// Alt+Up / Alt+Down: the focused item moves one place back or on in its section through
    /// the same interactive movement as a drag (the data source is told `moveItemAt`), and
    /// keeps the focus. False (the key goes on) when there is no focused item the data source
    /// can move, or a drag is under way.
    func moveFocusedItem(by step: Int) -> Bool {
        guard case .idle = dragPhase, let item = focusedItem, canMove(item) else { return false }
        let target = IndexPath(item: item.item + step, section: item.section)
        // At the first or last place: nothing moves, the key is still the reorder's.
        guard target.item >= 0, target.item < collectionView.numberOfItems(inSection: item.section),
              let frame = collectionView.layoutAttributesForItem(at: target)?.frame,
              collectionView.beginInteractiveMovementForItem(at: item) else { return true }
        collectionView.updateInteractiveMovementTargetPosition(Point(x: frame.midX, y: frame.midY))
        let moved = collectionView.indexPathOfInteractivelyMovingItem ?? item
        collectionView.endInteractiveMovement()
        debug?.event("reorderEnd", ["\"item\":[\(moved.section),\(moved.item)]"])
        setFocus(moved)
        return true
    }

    /// Starts the edge scrolling from the frame clock when the pointer is in an edge zone
    /// (it stops itself once the pointer leaves it or the content ends).
    private func updateAutoScroll() {
        guard autoScrollTick == 0,
              EdgeAutoScroll().velocity(pointerY: dragPointer.y, viewportHeight: collectionView.bounds.height) != 0 else { return }
        autoScrollFrameTime = nil
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, clock, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).autoScrollStep(frameTime: Int64(gdk_frame_clock_get_frame_time(clock))) ? 1 : 0 }
        }
        autoScrollTick = gtk_widget_add_tick_callback(widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// One frame of edge scrolling: the offset moves by the speed for the pointer's depth in
    /// the zone times the time since the last frame, and the lifted item stays under the
    /// pointer. False (the tick callback is removed) once it no longer moves.
    private func autoScrollStep(frameTime: Int64) -> Bool {
        guard case .reordering(let reorder) = dragPhase else { autoScrollTick = 0; return false }
        let seconds = autoScrollFrameTime.map { min(0.05, Double(frameTime - $0) / 1e6) } ?? 1.0 / 60
        autoScrollFrameTime = frameTime
        let current = collectionView.contentOffset.y
        guard let next = EdgeAutoScroll().nextOffset(from: current, pointerY: dragPointer.y, viewportHeight: collectionView.bounds.height,
                                                     seconds: seconds, range: collectionView.contentOffsetRange) else {
            autoScrollTick = 0
            return false
        }
        setContentOffset(next)
        moveReorderedItem(reorder)
        return true
    }

    private func stopAutoScroll() {
        guard autoScrollTick != 0 else { return }
        gtk_widget_remove_tick_callback(widget, autoScrollTick)
        autoScrollTick = 0
    }

    // MARK: Swiping

    private func beginSwipe(_ item: IndexPath, press: DragPress, towardsLeading: Bool) -> Bool {
        // Dragging towards the leading side uncovers the trailing edge's actions.
        let rightToLeft = collectionView.layoutDirection == .rightToLeft
        let edge: SwipeEdge = towardsLeading != rightToLeft ? .trailing : .leading
        guard let configuration = collectionView.swipeActionsConfiguration(forItemAt: item, edge: edge),
              let frame = collectionView.layoutAttributesForItem(at: item)?.frame else { return false }
        collectionView.cancelInteraction()
        buttonDown = false
        dragPhase = .swiping(SwipeDrag(item: item, edge: edge, actionCount: configuration.actions.count,
                                       allowsFullSwipe: configuration.performsFirstActionWithFullSwipe,
                                       rowWidth: frame.width, startX: press.x))
        return true
    }

    /// The row shown moved aside and how far (points, away from `edge`): the row being
    /// swiped, else the row whose actions are revealed.
    var displayedSwipe: (item: IndexPath, edge: SwipeEdge, distance: Double, actions: [ContextualAction])? {
        if case .swiping(let swipe) = dragPhase, let configuration = collectionView.swipeActionsConfiguration(forItemAt: swipe.item, edge: swipe.edge) {
            return (swipe.item, swipe.edge, swipe.distance, configuration.actions)
        }
        guard let item = collectionView.indexPathForSwipedItem, let edge = collectionView.swipedEdge else { return nil }
        let actions = collectionView.revealedSwipeActions
        return (item, edge, SwipeRelease.revealedWidth(actionCount: actions.count), actions)
    }

    /// Whether the actions' strip shows from the row's right edge (trailing in left to
    /// right, leading in right to left).
    private static func stripOnTheRight(_ edge: SwipeEdge, rightToLeft: Bool) -> Bool {
        (edge == .trailing) != rightToLeft
    }

    /// The revealed action under `point` (content coordinates) of a row at `rowFrame`
    /// swiped from `edge` by `revealed` points over `count` actions; 0 is nearest the edge.
    static func swipeActionIndex(at point: Point, rowFrame: Rect, edge: SwipeEdge, revealed: Double, count: Int,
                                 rightToLeft: Bool) -> Int? {
        guard point.y >= rowFrame.minY, point.y < rowFrame.maxY else { return nil }
        let fromEdge = stripOnTheRight(edge, rightToLeft: rightToLeft) ? rowFrame.maxX - point.x : point.x - rowFrame.minX
        return SwipeRelease.actionIndex(distanceFromEdge: fromEdge, revealed: revealed, actionCount: count)
    }

    /// The swiped row's cell, hidden for the frame's drawing of the collection: it is drawn
    /// after, moved aside and clipped to its row (``drawSwipedRow(_:into:scale:)``), as
    /// UIKit's swiped cell slides inside its row.
    func hideSwipedCell() -> CollectionViewCell? {
        guard let swipe = displayedSwipe, swipe.distance > 0, let cell = collectionView.cellForItem(at: swipe.item) else { return nil }
        cell.isHidden = true
        return cell
    }

    /// Draws the swiped row: its actions in the strip its moved content uncovers — each a
    /// button of its colour with its title, the first nearest the edge, sharing the strip —
    /// and its cell moved aside by the swipe, both clipped to the row.
    func drawSwipedRow(_ cell: CollectionViewCell, into cairo: OpaquePointer, scale: Int) {
        cell.isHidden = false
        guard let swipe = displayedSwipe, swipe.distance > 0 else { return }
        let row = cell.frame
        let context = CairoGraphicsContext(cairo: cairo)
        let offset = collectionView.contentOffset
        let onTheRight = Self.stripOnTheRight(swipe.edge, rightToLeft: collectionView.layoutDirection == .rightToLeft)
        let width = swipe.distance / Double(max(1, swipe.actions.count))
        let style = TextStyle(font: Font(size: 15, weight: .semibold), lineBreakMode: .truncateTail)
        context.withSavedState {
            context.translate(dx: -offset.x, dy: -offset.y)
            context.clip(to: row, cornerRadius: cell.cornerStyle.radius(for: row.size))
            for (index, action) in swipe.actions.enumerated() {
                let x = onTheRight ? row.maxX - Double(index + 1) * width : row.minX + Double(index) * width
                let button = Rect(x: x, y: row.minY, width: width, height: row.height)
                context.fill(button, cornerRadius: 0, color: action.backgroundColor)
                guard let title = action.title, width > 12 else { continue }
                let measured = PangoTextMeasurer.shared.measure(title, style: style, maxWidth: width - 8, maxLines: 1)
                let text = Rect(x: button.midX - measured.width / 2, y: button.minY, width: measured.width, height: button.height)
                context.drawText(title, style: style, maxLines: 1, in: text, color: .white, centeredVertically: true)
            }
            // The cell as the root of a drawing of its own: its origin at the row's, moved aside.
            context.translate(dx: row.minX + (onTheRight ? -swipe.distance : swipe.distance), dy: row.minY)
            Renderer(options: RenderOptions(scale: Double(scale), background: nil)).draw(cell, into: cairo)
        }
    }

    // MARK: The lifted item

    /// The lifted item's cell while a drag reorders it, hidden for the drawing of the
    /// others: it is drawn over them (``drawLiftedCell(_:into:scale:)``).
    func hideLiftedCell() -> CollectionViewCell? {
        guard case .reordering = dragPhase, let item = collectionView.indexPathOfInteractivelyMovingItem,
              let cell = collectionView.cellForItem(at: item), !cell.isHidden else { return nil }
        cell.isHidden = true
        return cell
    }

    /// UIKit's lift: the lifted cell drawn over every other, with a soft shadow around it
    /// (black at 30 %, blurred over 12 points, 3 points down), so it reads as held above
    /// the list while the rows make room under it.
    func drawLiftedCell(_ cell: CollectionViewCell, into cairo: OpaquePointer, scale: Int) {
        cell.isHidden = false
        let frame = cell.frame
        let context = CairoGraphicsContext(cairo: cairo)
        let offset = collectionView.contentOffset
        context.withSavedState {
            context.translate(dx: -offset.x, dy: -offset.y)
            context.fillShadow(around: frame, cornerRadius: cell.cornerStyle.radius(for: frame.size),
                               color: Color(red: 0, green: 0, blue: 0, alpha: Self.liftShadowOpacity), blur: 12, offset: Size(width: 0, height: 3))
            // The cell as the root of a drawing of its own, at its frame.
            context.translate(dx: frame.minX, dy: frame.minY)
            Renderer(options: RenderOptions(scale: Double(scale), background: nil)).draw(cell, into: cairo)
        }
    }

    /// The lift shadow's opacity.
    static let liftShadowOpacity = 0.3

    // MARK: Carousels

    private func beginCarouselDrag(_ item: IndexPath, press: DragPress, time: UInt32) -> Bool {
        guard let layout = collectionView.layout as? CompositionalLayout,
              layout.maximumOrthogonalScrollOffset(forSection: item.section) > 0 else { return false }
        collectionView.cancelInteraction()
        buttonDown = false
        dragPhase = .carousel(CarouselDrag(section: item.section, startOffset: layout.orthogonalScrollOffset(forSection: item.section),
                                           startX: press.x, samples: [(press.time, press.x)]))
        debug?.event("carouselDragBegin", ["\"section\":\(item.section)"])
        return true
    }

    /// The release: the section coasts by the release velocity (the pointer's over its last
    /// 100 ms, from the press on for a flick) and rests where its behaviour says.
    private func releaseCarousel(_ drag: CarouselDrag, x: Double, time: UInt32, coasting: Bool = true) {
        guard let layout = collectionView.layout as? CompositionalLayout, drag.section < collectionView.numberOfSections else { return }
        let current = layout.orthogonalScrollOffset(forSection: drag.section)
        var velocity = 0.0
        // The oldest position of the last 100 ms; none when the pointer was held still longer.
        if coasting, let first = drag.samples.first(where: { time &- $0.time <= 100 && time &- $0.time > 0 }) {
            // Content moves with the pointer: the offset grows as the pointer goes left.
            velocity = -(x - first.x) / Double(time &- first.time) * 1000
        }
        let proposed = CarouselRelease.projectedOffset(from: current, velocity: velocity)
        let target = layout.targetOrthogonalScrollOffset(forProposedOffset: proposed, currentOffset: drag.startOffset, inSection: drag.section)
        debug?.event("carouselDragEnd", ["\"section\":\(drag.section)", "\"velocity\":\(velocity)", "\"target\":\(target)"])
        guard target != current else { return }
        guard trellis_collection_widget_animations_enabled(trellisWidget) != 0 else {
            setOrthogonalOffset(target, of: drag.section, in: layout)
            return
        }
        carouselSettle = CarouselSettle(section: drag.section, from: current, to: target)
        guard carouselTick == 0 else { return }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, clock, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).carouselSettleStep(frameTime: Int64(gdk_frame_clock_get_frame_time(clock))) ? 1 : 0 }
        }
        carouselTick = gtk_widget_add_tick_callback(widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// One frame of a carousel's coast to rest: GTK's ease-out cubic over a scroll
    /// animation's duration (GTK's 200 ms), as the sideways wheel's paging lands.
    private func carouselSettleStep(frameTime: Int64) -> Bool {
        guard var settle = carouselSettle, let layout = collectionView.layout as? CompositionalLayout,
              settle.section < collectionView.numberOfSections else {
            carouselSettle = nil
            carouselTick = 0
            return false
        }
        let start = settle.start ?? frameTime
        settle.start = start
        let progress = min(1, Double(frameTime - start) / ScrollAnimation.duration)
        let eased = 1 - pow(1 - progress, 3)
        setOrthogonalOffset(settle.from + (settle.to - settle.from) * eased, of: settle.section, in: layout)
        if progress >= 1 {
            carouselSettle = nil
            carouselTick = 0
            return false
        }
        carouselSettle = settle
        return true
    }

    /// A new press stops a coasting carousel where it is (as a touch stops a scroll view).
    private func endCarouselSettle() {
        carouselSettle = nil
        if carouselTick != 0 {
            gtk_widget_remove_tick_callback(widget, carouselTick)
            carouselTick = 0
        }
    }
}
