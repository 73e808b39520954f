import CGtk
import CTrellisGtk
import Trellis
import TrellisKit
import TrellisRender

/// Pointer and keyboard: clicks select through the collection view's selection model
/// (`beginInteraction` / `endInteraction`: press highlights, release selects; Ctrl
/// toggles, Shift extends in multiple selection), the pointer hovers, arrow keys move a
/// focused item in visual order, Space and Enter select it, and the view scrolls to keep
/// it in view. The widget keeps only what UIKit has no model for — the hovered and the
/// focused item — and draws the states over the cells: a tint on selected items, a darker
/// one while pressed, a faint one under the pointer, a focus ring.
extension CollectionWidget {
    func installInteraction() {
        // Button 1 straight from its press and release events, not through GtkGestureClick:
        // GTK 4.8's single-button gestures reset themselves (`cancel`, and no `released`
        // after it) when a motion event without the button held reaches them between press
        // and release, and GDK delivers motion at the next frame while it delivers a press
        // at once — so a motion from before the press (the pointer arriving, or one GTK
        // makes up after a relayout) can come after it. In the gallery, whose status line
        // relayouts the window after every frame, that lost one click in a few. The X
        // server's implicit grab brings the release to the widget that had the press.
        let pointer = gtk_event_controller_legacy_new()!
        let event: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, event, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).pointerEvent(event) }
            return 0  // propagate: the scrolled window and the window see the event too
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = trellis_signal_connect(UnsafeMutableRawPointer(pointer), "event", unsafeBitCast(event, to: GCallback.self), context)
        gtk_widget_add_controller(widget, pointer)

        let motion = gtk_event_controller_motion_new()!
        let moved: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).hover(x: x, y: y) }
        }
        let left: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).hover(x: nil, y: nil) }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(motion), "enter", unsafeBitCast(moved, to: GCallback.self), context)
        _ = trellis_signal_connect(UnsafeMutableRawPointer(motion), "motion", unsafeBitCast(moved, to: GCallback.self), context)
        _ = trellis_signal_connect(UnsafeMutableRawPointer(motion), "leave", unsafeBitCast(left, to: GCallback.self), context)
        gtk_widget_add_controller(widget, motion)

        let keys = gtk_event_controller_key_new()!
        let keyPressed: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, keyval, _, state, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).key(keyval, state: state) ? 1 : 0 }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(keys), "key-pressed", unsafeBitCast(keyPressed, to: GCallback.self), context)
        gtk_widget_add_controller(widget, keys)
    }

    /// A point in the widget → the content point under it.
    private func contentPoint(x: Double, y: Double) -> Point {
        Point(x: x + collectionView.contentOffset.x, y: y + collectionView.contentOffset.y)
    }

    /// The point to hit-test for a pointer at (x, y) in the widget: the pointer hits what
    /// the last frame drew (the collection view may have changed since, and shows that
    /// on the next frame), so the point is moved into the item drawn under the pointer
    /// where the layout has it now; over no drawn item, a point no item covers.
    private func hitPoint(x: Double, y: Double) -> Point {
        let nowhere = Point(x: -Double.greatestFiniteMagnitude, y: -Double.greatestFiniteMagnitude)
        guard let drawnOffset else { return contentPoint(x: x, y: y) }
        let drawnPoint = Point(x: x + drawnOffset.x, y: y + drawnOffset.y)
        guard let hit = drawnItems.last(where: { $0.frame.contains(drawnPoint) }),
              let frame = collectionView.layoutAttributesForItem(at: hit.indexPath)?.frame else { return nowhere }
        return Point(x: frame.midX, y: frame.midY)
    }

    /// Records the cells the frame drew and the offset it drew them at.
    func recordDrawnItems() {
        drawnItems.removeAll(keepingCapacity: true)
        for (indexPath, cell) in zip(collectionView.indexPathsForVisibleItems, collectionView.visibleCells) {
            drawnItems.append((indexPath, drawnFrame(of: indexPath, frame: cell.frame)))
        }
        drawnOffset = collectionView.contentOffset
    }

    /// Button 1 (or a touchscreen's first finger) pressed or released on the widget; a grab
    /// taken elsewhere while it is down, or a touch sequence GTK cancels (a scrolled window
    /// claiming it for a drag), cancels the interaction (UIKit's touchesCancelled: no selection).
    private func pointerEvent(_ event: OpaquePointer?) {
        // A pop-up menu's popover is a child: its events come here too.
        guard shownMenu == nil else { return }
        let type = gdk_event_get_event_type(event)
        let state = gdk_event_get_modifier_state(event).rawValue
        switch type {
        case GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_TOUCH_BEGIN, GDK_TOUCH_END:
            // A touchscreen's first finger (the sequence GDK lets stand for the pointer)
            // taps as button 1 clicks; further fingers are gestures, not taps.
            let isTouch = type == GDK_TOUCH_BEGIN || type == GDK_TOUCH_END
            let isPrimary = isTouch ? gdk_touch_event_get_emulating_pointer(event) != 0 : gdk_button_event_get_button(event) == 1
            guard isPrimary else { return }
            let isPress = type == GDK_BUTTON_PRESS || type == GDK_TOUCH_BEGIN
            var x = 0.0, y = 0.0
            guard trellis_collection_widget_event_position(trellisWidget, event, &x, &y) != 0 else {
                // A release GTK cannot place in the widget (its window gone): nothing to
                // select, but the press must not stay open.
                if !isPress && buttonDown { cancelled() }
                return
            }
            if isPress {
                // A press (or a tap) on revealed swipe actions is theirs; any other mouse
                // press is a click that may become one of the mouse's drags (reorder,
                // swipe, carousel; CollectionWidget+Dragging) — a finger's drag scrolls.
                if dragPressTakesPress(x: x, y: y) { return }
                let item = pressed(x: x, y: y)
                if !isTouch { dragPressed(x: x, y: y, time: gdk_event_get_time(event), item: item) }
            } else if dragOwnsButton {
                dragReleased(x: x, y: y, time: gdk_event_get_time(event))
            } else if buttonDown {
                released(x: x, y: y, time: gdk_event_get_time(event),
                         extending: state & GDK_SHIFT_MASK.rawValue != 0, toggling: state & GDK_CONTROL_MASK.rawValue != 0)
            }
        case GDK_TOUCH_CANCEL where buttonDown && gdk_touch_event_get_emulating_pointer(event) != 0:
            cancelled()
        case GDK_MOTION_NOTIFY where state & GDK_BUTTON1_MASK.rawValue != 0:
            var x = 0.0, y = 0.0
            guard trellis_collection_widget_event_position(trellisWidget, event, &x, &y) != 0 else { return }
            dragMoved(x: x, y: y, time: gdk_event_get_time(event))
        case GDK_MOTION_NOTIFY where buttonDown && state & GDK_BUTTON1_MASK.rawValue == 0:
            // What made GtkGestureClick drop the click (see installInteraction): reported,
            // so a window test can see it happen.
            debug?.event("motionWithoutButton")
        case GDK_GRAB_BROKEN where buttonDown || dragOwnsButton:
            if !cancelDrag() { cancelled() }
        default:
            break
        }
    }

    /// Returns the item pressed, if any.
    @discardableResult
    private func pressed(x: Double, y: Double) -> IndexPath? {
        buttonDown = true
        gtk_widget_grab_focus(widget)
        let item = collectionView.beginInteraction(at: hitPoint(x: x, y: y))
        if let item {
            focusedItem = item
            followFocusWithChild()
        }
        debug?.event("press", item.map { ["\"item\":[\($0.section),\($0.item)]"] } ?? [])
        queueDraw()
        return item
    }

    private func released(x: Double, y: Double, time: UInt32, extending: Bool, toggling: Bool) {
        buttonDown = false
        dragReleased(x: x, y: y, time: time)
        do {
            let changed = try collectionView.endInteraction(at: hitPoint(x: x, y: y), extending: extending, toggling: toggling)
            debug?.event("release", changed.map { ["\"changed\":[\($0.section),\($0.item)]"] } ?? [])
        } catch {
            debug?.error("\(error)")
        }
        clickCompleted(on: collectionView.indexPathForItem(at: contentPoint(x: x, y: y)), x: x, y: y, time: time,
                       withModifiers: extending || toggling)
        queueDraw()
    }

    private func cancelled() {
        buttonDown = false
        collectionView.cancelInteraction()
        debug?.event("cancel")
        queueDraw()
    }

    private func hover(x: Double?, y: Double?) {
        pointerPosition = x.flatMap { x in y.map { Point(x: x, y: $0) } }
        let item = x.flatMap { x in y.flatMap { collectionView.indexPathForItem(at: hitPoint(x: x, y: $0)) } }
        guard item != hoveredItem else { return }
        hoveredItem = item
        queueDraw()
    }

    /// Arrow keys move the focus (Right and Left open and close an outline row first: see
    /// ``outlineKey(expanding:movingFocus:)``), Space and Enter select the focused item (or
    /// open its cell's pop-up menu) and Enter performs its primary action, Page Up/Down,
    /// Home and End scroll (see ``scrollKey(_:)``); other keys go on to the scrolled window.
    private func key(_ keyval: UInt32, state: UInt32) -> Bool {
        // Keys the pop-up menu's popover left go on, past the collection.
        guard shownMenu == nil else { return false }
        // Escape puts a lifted item back (and closes a swipe being dragged).
        if Int32(keyval) == GDK_KEY_Escape && cancelDrag() { return true }
        // Alt+Up / Alt+Down: the keyboard's reorder of a focused item that can move (on
        // another, they move the focus as Up and Down do).
        if state & GDK_ALT_MASK.rawValue != 0 {
            switch Int32(keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: if moveFocusedItem(by: -1) { return true }
            case GDK_KEY_Down, GDK_KEY_KP_Down: if moveFocusedItem(by: 1) { return true }
            default: break
            }
        }
        if state & GDK_ALT_MASK.rawValue == 0 && scrollKey(Int32(keyval)) { return true }
        let toggling = state & GDK_CONTROL_MASK.rawValue != 0
        let extending = state & GDK_SHIFT_MASK.rawValue != 0
        let rightToLeft = collectionView.layoutDirection == .rightToLeft
        switch Int32(keyval) {
        case GDK_KEY_Right, GDK_KEY_KP_Right:
            // Towards the trailing edge: opens an outline row (the leading edge in a
            // right-to-left layout, as GtkTreeView swaps them).
            if let handled = outlineKey(expanding: !rightToLeft, movingFocus: true) { return handled }
            return moveFocus(readingStep: rightToLeft ? -1 : 1)
        case GDK_KEY_Left, GDK_KEY_KP_Left:
            if let handled = outlineKey(expanding: rightToLeft, movingFocus: true) { return handled }
            return moveFocus(readingStep: rightToLeft ? 1 : -1)
        case GDK_KEY_plus, GDK_KEY_KP_Add, GDK_KEY_asterisk, GDK_KEY_KP_Multiply:
            return outlineKey(expanding: true, movingFocus: false) ?? false
        case GDK_KEY_minus, GDK_KEY_KP_Subtract, GDK_KEY_slash, GDK_KEY_KP_Divide:
            return outlineKey(expanding: false, movingFocus: false) ?? false
        case GDK_KEY_Down, GDK_KEY_KP_Down: return moveFocus(lineStep: 1)
        case GDK_KEY_Up, GDK_KEY_KP_Up: return moveFocus(lineStep: -1)
        case GDK_KEY_space, GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            guard let focused = focusedItem else { return false }
            // A cell with a pop-up menu opens it, as a tap on the cell does.
            if !extending, !toggling, collectionView.userPresentMenu(ofItemAt: focused) {
                debug?.event("activate", ["\"item\":[\(focused.section),\(focused.item)]"])
                return true
            }
            do {
                _ = try collectionView.userSelectItem(at: focused, extending: extending, toggling: toggling)
                debug?.event("activate", ["\"item\":[\(focused.section),\(focused.item)]"])
            } catch {
                debug?.error("\(error)")
            }
            // Enter also opens the item (its primary action); Space only selects.
            if Int32(keyval) != GDK_KEY_space, !extending, !toggling { activate(focused) }
            queueDraw()
            return true
        default:
            return false
        }
    }

    /// An outline's keys on the focused item, as GtkTreeExpander and GtkTreeView take
    /// them: the opening key (Right, plus, asterisk) expands a collapsed row, the closing
    /// key (Left, minus, slash) collapses an expanded one; Left on a row that is not
    /// expanded moves the focus to its parent. Returns nil when the key means nothing to
    /// the focused item (not an outline row, or already in that state): arrows then move
    /// the focus in reading order, as elsewhere.
    private func outlineKey(expanding: Bool, movingFocus: Bool) -> Bool? {
        guard let focused = focusedItem, let cell = collectionView.cellForItem(at: focused) else { return nil }
        if cell.accessibilityExpandedStatus == (expanding ? .collapsed : .expanded) {
            do {
                if try collectionView.userSetExpanded(expanding, itemAt: focused) {
                    debug?.event(expanding ? "expand" : "collapse", ["\"item\":[\(focused.section),\(focused.item)]"])
                }
            } catch {
                debug?.error("\(error)")
            }
            queueDraw()
            return true
        }
        if !expanding, movingFocus, let parent = collectionView.outlineParent(ofItemAt: focused) {
            setFocus(parent)
            return true
        }
        return nil
    }

    /// The first item shown when nothing has the focus yet.
    private var focusStart: IndexPath? { focusedItem ?? currentShownItems().map(\.indexPath).min() }

    /// Left / Right: the previous / next item in reading order (index order).
    private func moveFocus(readingStep: Int) -> Bool {
        guard let current = focusStart else { return false }
        var target = current
        if focusedItem != nil {
            let count = collectionView.numberOfItems(inSection: current.section)
            if readingStep > 0 {
                if current.item + 1 < count {
                    target = IndexPath(item: current.item + 1, section: current.section)
                } else if let next = (current.section + 1..<collectionView.numberOfSections).first(where: { collectionView.numberOfItems(inSection: $0) > 0 }) {
                    target = IndexPath(item: 0, section: next)
                }
            } else if current.item > 0 {
                target = IndexPath(item: current.item - 1, section: current.section)
            } else if let previous = (0..<current.section).reversed().first(where: { collectionView.numberOfItems(inSection: $0) > 0 }) {
                target = IndexPath(item: collectionView.numberOfItems(inSection: previous) - 1, section: previous)
            }
        }
        setFocus(target)
        return true
    }

    /// Up / Down: on the previous / next line (a flow line, a grid row), the item whose
    /// middle is nearest the focused item's middle.
    private func moveFocus(lineStep: Int) -> Bool {
        guard let current = focusStart, let frame = collectionView.layoutAttributesForItem(at: current)?.frame else { return false }
        guard focusedItem != nil else { setFocus(current); return true }
        let height = max(collectionView.bounds.height, 1)
        let search = lineStep > 0
            ? Rect(x: -1e6, y: frame.midY, width: 2e6, height: 2 * height)
            : Rect(x: -1e6, y: frame.midY - 2 * height, width: 2e6, height: 2 * height)
        let candidates = collectionView.layout.elements(in: search).filter {
            $0.kind == .cell && (lineStep > 0 ? $0.frame.minY >= frame.maxY - 0.5 : $0.frame.maxY <= frame.minY + 0.5)
        }
        // The nearest line: the candidate nearest the focused item across, then every item
        // crossing that candidate's middle (items of one flow line are centred on it).
        guard let nearest = candidates.min(by: {
            lineStep > 0 ? ($0.frame.minY, $0.indexPath) < ($1.frame.minY, $1.indexPath)
                         : ($0.frame.maxY, $1.indexPath) > ($1.frame.maxY, $0.indexPath)
        }) else { return true }
        let middle = nearest.frame.midY
        let line = candidates.filter { $0.frame.minY <= middle && $0.frame.maxY >= middle }
        guard let best = line.min(by: { (abs($0.frame.midX - frame.midX), $0.indexPath) < (abs($1.frame.midX - frame.midX), $1.indexPath) }) else { return true }
        setFocus(best.indexPath)
        return true
    }

    /// Focuses `item` and scrolls it into view, aimed again at each frame until it is
    /// there (what comes into view is measured on the way and moves the item).
    func setFocus(_ item: IndexPath) {
        focus(item)
        revealSideways(item)
        guard let frame = collectionView.layoutAttributesForItem(at: item)?.frame else { return }
        let shown = span(of: frame), page = span(of: collectionView.bounds)
        if shown.start < page.start {
            startScrollAnimation(.item(item, .top), animated: false)
        } else if shown.end > page.end {
            startScrollAnimation(.item(item, .bottom), animated: false)
        }
    }

    /// Gives `item` the keyboard focus (no scrolling).
    func focus(_ item: IndexPath) {
        focusedItem = item
        debug?.event("focus", ["\"item\":[\(item.section),\(item.item)]"])
        followFocusWithChild()
        queueDraw()
    }

    /// The item a key scroll leaves the focus on: the first or last item, or the first or
    /// last item fully in view (partly, when none is fully), in reading order.
    func focusTarget(_ placement: FocusPlacement) -> IndexPath? {
        let sections = 0..<collectionView.numberOfSections
        switch placement {
        case .first:
            return sections.first { collectionView.numberOfItems(inSection: $0) > 0 }.map { IndexPath(item: 0, section: $0) }
        case .last:
            return sections.last { collectionView.numberOfItems(inSection: $0) > 0 }
                .map { IndexPath(item: collectionView.numberOfItems(inSection: $0) - 1, section: $0) }
        case .firstVisible, .lastVisible:
            let shown = currentShownItems(), axis = scrollAxis
            let page = pageLength
            let whole = shown.filter {
                $0.leading(along: axis) >= -0.5 && $0.leading(along: axis) + $0.length(along: axis) <= page + 0.5
            }.map(\.indexPath)
            let candidates = whole.isEmpty ? shown.map(\.indexPath) : whole
            return placement == .firstVisible ? candidates.min() : candidates.max()
        }
    }

    // MARK: Drawing the states

    /// The collection view's tint (the theme's accent under a GTK theme) at `alpha`.
    private func tint(alpha: Double) -> Color {
        let color = collectionView.tintColor.resolvedColor(with: collectionView.traitCollection)
        return color.withAlphaComponent(color.alpha * alpha)
    }

    /// Draws selection, press, hover and focus over the cells (in content coordinates
    /// shifted by the offset: the same space the cells were drawn in).
    func drawInteractionStates(into cairo: OpaquePointer) {
        let context = CairoGraphicsContext(cairo: cairo)
        let offset = collectionView.contentOffset
        let traits = collectionView.traitCollection
        let pressTint = tint(alpha: 0.38), selectionTint = tint(alpha: 0.22)
        let hoverTint = Color.label.resolvedColor(with: traits).withAlphaComponent(0.06)
        let focusRing = traits.systemColors?.focusRing ?? tint(alpha: 1)
        context.withSavedState {
            context.translate(dx: -offset.x, dy: -offset.y)
            for (indexPath, cell) in zip(collectionView.indexPathsForVisibleItems, collectionView.visibleCells) {
                let frame = cell.frame
                let radius = cell.cornerStyle.radius(for: frame.size)
                if cell.isHighlighted {
                    context.fill(frame, cornerRadius: radius, color: pressTint)
                } else if cell.isSelected {
                    context.fill(frame, cornerRadius: radius, color: selectionTint)
                } else if indexPath == hoveredItem {
                    context.fill(frame, cornerRadius: radius, color: hoverTint)
                }
                if indexPath == focusedItem && trellis_collection_widget_has_focus(trellisWidget) != 0 {
                    let ring = Rect(x: frame.minX - 2, y: frame.minY - 2, width: frame.width + 4, height: frame.height + 4)
                    context.stroke(ring, cornerRadius: radius + 2, color: focusRing, lineWidth: 2)
                }
            }
        }
    }

    /// What the debug channel reports about interaction.
    func debugInteractionFields() -> [String] {
        func pair(_ indexPath: IndexPath) -> String { "[\(indexPath.section),\(indexPath.item)]" }
        var fields = ["\"selected\":[" + (collectionView.indexPathsForSelectedItems ?? []).prefix(1000).map(pair).joined(separator: ",") + "]"]
        if let focusedItem { fields.append("\"focus\":\(pair(focusedItem))") }
        if let hoveredItem { fields.append("\"hover\":\(pair(hoveredItem))") }
        fields.append("\"highlighted\":[" + collectionView.visibleCells.filter(\.isHighlighted).compactMap { collectionView.indexPath(for: $0) }.map(pair).joined(separator: ",") + "]")
        return fields
    }
}
