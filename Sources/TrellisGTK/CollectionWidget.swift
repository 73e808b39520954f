import CGtk
import CTrellisGtk
import Foundation
import Trellis
@_spi(Testing) import TrellisKit
import TrellisPango
import TrellisRender
import TrellisText

/// A GTK 4 widget hosting a TrellisKit `CollectionView`: put ``widget`` into a
/// `GtkScrolledWindow` (or use ``makeScrolledWindow()``) and it gets what every GTK list
/// gets — scrollbars, wheel, touchpad and kinetic scrolling, overlay scrollbars, Page
/// Up/Down, Home/End — because it implements `GtkScrollable`.
///
/// The collection view does the work: each scroll step or resize runs its layout pass
/// (measuring the self-sizing items that come into view, recycling and reusing cells), and
/// each frame draws its visible cells with TrellisRender's Cairo drawing — the drawing of
/// `trellis render` — into a Cairo node GTK replays at the surface's scale factor. A cell
/// is drawn into a picture of its own when it is new or changed, and copied from it on the
/// frames after (`CellDrawingCache`), with the same pixels.
///
/// The frame path, as `GtkListView` has it: the vertical adjustment maps to the content
/// offset and nothing else (offset = value + its `adjustmentOrigin`). A new value (wheel,
/// scrollbar, touch drag, kinetic deceleration) moves the content offset by its difference,
/// which marks the collection view as needing layout; the collection view asks for a
/// layout through its `layoutRequestHandler`, and the widget queues an allocation for the
/// next frame. `size_allocate` lays out once — the collection view measures what came
/// into view and keeps its scroll anchor (TrellisKit's, the only one) still — and configures
/// the adjustment with the new content height (the anchoring's own move of the offset
/// shifts the adjustment's origin, never its value); `snapshot` only draws.
/// Any other change to the collection view (an `apply`, a selection, a reload) reaches
/// the screen the same way, with no call to the widget.
///
/// Page Up/Down, Home and End are the widget's own scroll animations (GTK's duration and
/// easing, off when GTK's animations are): their targets are re-aimed at every frame from
/// the content as it is then, so they land where they aim while measuring changes the
/// content's height, and they move the keyboard focus with the view.
@MainActor
public final class CollectionWidget {
    /// The hosted collection view. Change its data source, layout, cells or selection as
    /// usual: the widget lays it out and redraws on the next frame.
    public let collectionView: CollectionView

    /// The `GtkWidget *` (a `TrellisCollectionWidget`, GtkScrollable).
    public private(set) var widget: UnsafeMutablePointer<GtkWidget>!

    /// The canvas colour painted under the collection (nil: none); by default the GTK
    /// theme's content background (see `followTheme`).
    public var background: Color? = .systemBackground {
        didSet { queueDraw() }
    }

    /// Called after every drawn frame with its statistics.
    public var onFrame: ((FrameStatistics) -> Void)?

    /// Called each time a frame this widget drew is in the window — after the frame clock's
    /// `after-paint`, once GSK has rendered it — with that frame's statistics: the widget's
    /// own work for it (its layout passes and drawing), the items measured. Start-up
    /// benchmarks stop at the first; frame benchmarks time the rest of GTK's frame around
    /// the work from the frame clock's phases.
    public var onFramePresented: ((FrameStatistics) -> Void)?

    /// The figures of the last drawn frame.
    public private(set) var lastFrame = FrameStatistics()

    /// Called with one JSON line (without its newline) per drawn frame and per input event:
    /// the frame's size, offset, the items in view and their places, the selection, focus
    /// and hover, each press, release and activation. Nil (the default): nothing is made.
    /// For tests and diagnostics; the line format is described by `DebugChannel`.
    public var debugOutput: ((String) -> Void)? {
        didSet { debug = debugOutput.map { DebugChannel(output: $0) } }
    }
    private(set) var debug: DebugChannel?

    var allocated = Size.zero
    /// Set while the widget lays the collection view out: its own layout requests are not
    /// requests for another frame.
    var isLayingOut = false
    /// The offset follows the end of the content while the items there are measured (End,
    /// the scrollbar dragged to the bottom).
    var pinnedToEnd = false
    /// The widget's scroll animation in progress (Page Up/Down, Home, End, scrollToItem).
    var scrollAnimation: ScrollAnimation?
    /// The frame clock tick callback driving ``scrollAnimation`` (0: none).
    var animationTick: UInt32 = 0
    /// A layout queued for the next frame by a layout that could not settle at the end of
    /// the content in this one (0: none).
    var followUpTick: UInt32 = 0
    /// Where the keyboard focus goes once the next layout is done (a key scroll landed).
    var pendingFocus: FocusPlacement?
    /// The cells of the last drawn frame (content coordinates): the pointer hits what the
    /// person sees, even when the collection view changed since.
    var drawnItems: [(indexPath: IndexPath, frame: Rect)] = []
    /// The content offset the last frame was drawn at (nil: nothing drawn yet).
    var drawnOffset: Point?
    /// The item the person was reading when the width began to change: kept still through
    /// every new width until they scroll, so a resize and back returns to it.
    var resizeAnchorItem: IndexPath?
    /// The axis the enclosing scrolled window was last set to scroll along (nil: not yet).
    var scrolledWindowAxis: Axis?
    /// The scroll-axis adjustment's value as the widget last saw it (nil: not set yet). A
    /// value someone else sets is a scroll by its difference from this one: the engine may
    /// have moved the offset since (keeping its anchor through an image that arrived), and
    /// GTK's wheel steps and scrollbar drags start from the adjustment's value.
    var adjustmentValue: Double?
    /// The content offset at the scroll-axis adjustment's value 0, as last configured: the
    /// offset is the value plus it, and the adjustment's range is the content's, moved by
    /// it. The engine moves the offset by itself (its anchor kept still while sizes
    /// change); such a move shifts this origin and the range, never the value. GTK's own
    /// scrolling that computes values from where it started rather than from the
    /// adjustment's value — a touch drag, the kinetic deceleration after it (both set
    /// absolute positions of their own, frame after frame) — then moves the content by
    /// exactly its own motion, and the deceleration's bounds (taken from the range while it
    /// runs) follow the content as it is measured. The scrollbar's slider shows the offset
    /// within the content whatever the origin.
    var adjustmentOrigin = 0.0
    /// How far the widget itself moved the offset (its animations, `scroll(toOffset:)`,
    /// keeping the end in view) since the adjustment was last configured: the value moves
    /// by as much, so the adjustment shows a scroll the widget made.
    var ownScroll = 0.0
    /// Set while the offset follows a value GTK set (`scrolled(to:)`): not the widget's own
    /// scroll.
    var isFollowingAdjustment = false

    /// Called in the allocation that gives the widget a new width, before it lays out at
    /// that width: an app whose item sizes depend on the width gives the collection view
    /// its new sizes here (the layout that follows shows them).
    public var onWidthChange: ((Double) -> Void)?

    /// Called when GTK's text scale gives the collection view another
    /// `preferredContentSizeCategory` (see ``GtkFontSettings``), before the layout that
    /// measures at it: an app whose item sizes it computes itself from the text size gives
    /// the collection view its new sizes here. Self-sizing cells need nothing: they are
    /// measured again.
    public var onContentSizeCategoryChange: ((ContentSizeCategory) -> Void)?

    /// Device pixels per point of the surface the widget is on (`gtk_widget_get_scale_factor`:
    /// 2 on a HiDPI screen, `GDK_SCALE=2` under X11). Cells are drawn at it; an app decoding
    /// images decodes at it (see ``onScaleFactorChange``).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    /// Called with the new ``scaleFactor`` when it changes (the window moved to a screen of
    /// another scale, or was shown on one): an app that decodes images at the screen's
    /// pixels asks for them again here.
    public var onScaleFactorChange: ((Int) -> Void)?
    var frameCount = 0
    var pendingLayoutTime: Double = 0
    var pendingAccessibilityTime: Double = 0
    var pendingAccessibilityCPUTime: Double = 0
    /// Set while the widget moves the content offset itself: the layout that asks for is
    /// a scroll, which changes no cell.
    var isScrolling = false
    var pendingMeasurements = 0
    /// Where to scroll once the widget has its size (see ``scroll(toOffset:whenAllocated:)``).
    var pendingOffset: Double?
    /// The item with the keyboard focus (arrow keys move it; drawn with a focus ring).
    public internal(set) var focusedItem: Trellis.IndexPath?
    /// The item under the pointer.
    var hoveredItem: IndexPath?
    /// Where the pointer is in the widget (nil: outside it).
    var pointerPosition: Point?
    /// A touchpad's sideways swipe in progress: the orthogonal section and its offset when
    /// the swipe began.
    var sidewaysSwipe: (section: Int, startOffset: Double)?
    /// Button 1 went down on the widget and has not come up (nor been cancelled).
    var buttonDown = false
    /// The drag button 1 is making, from its press to its release (see `CollectionWidget+Dragging`).
    var dragPhase = DragPhase.idle
    /// Where the pointer is in the widget while button 1 is held.
    var dragPointer = Point.zero
    /// The long press lifting a movable item (a GLib source; 0: none).
    var longPressTimer: UInt32 = 0
    /// The frame clock tick callback scrolling near an edge while an item is lifted (0: none),
    /// and the frame time of its last step.
    var autoScrollTick: UInt32 = 0
    var autoScrollFrameTime: Int64?
    /// A dragged carousel coasting to rest, and the tick callback moving it (0: none).
    var carouselSettle: CarouselSettle?
    var carouselTick: UInt32 = 0
    /// The last click that ended on an item, for double-clicks (see `clickCompleted`).
    var lastClick: CompletedClick?
    /// The frame clock's `after-paint` handler presenting frames (0: none), and its clock.
    var afterPaintHandler: gulong = 0
    var afterPaintClock: UnsafeMutableRawPointer?
    /// The last frame handed to ``onFramePresented``.
    var presentedFrame = 0
    /// Whether cells are copied from their kept pictures (``CellDrawingCache``); false
    /// draws every visible cell on every frame, the control the window benchmark compares
    /// the cache with.
    package var drawsCellsFromPictures = true
    /// The visible cells' drawn pixels, copied on frames where a cell did not change (a
    /// scroll moves the cells, it does not change them). Holds the pictures of the cells of
    /// the last frame: about the visible area × scale² × 4 bytes.
    let drawingCache = CellDrawingCache()
    /// The update animation in progress and what it starts from
    /// (CollectionWidget+UpdateAnimation.swift).
    let updateAnimator = UpdateAnimator()
    /// The child widgets standing for the cells in the viewport to assistive technologies.
    let accessibleCells: AccessibleCells
    /// The pop-up menu shown in a popover (CollectionWidget+Menus.swift); nil: none.
    var shownMenu: ShownMenu?
    /// Objects living as long as the widget (a data source the collection holds weakly).
    private var retained: [AnyObject] = []

    /// A widget showing `collectionView` (its frame follows the widget's allocation).
    public init(collectionView: CollectionView) {
        // Labels measure with the default measurer; in a window on Linux that is Pango,
        // the measurer the Cairo drawing shapes with.
        if !DefaultTextMeasurer.isInstalled { DefaultTextMeasurer.install(PangoTextMeasurer.shared) }
        self.collectionView = collectionView
        accessibleCells = AccessibleCells(isList: Self.isListLayout(collectionView.layout))
        var callbacks = TrellisCollectionWidgetCallbacks()
        // The GtkWidget owns its host: released when the widget is finalized.
        callbacks.context = Unmanaged.passRetained(self).toOpaque()
        callbacks.measure = { context, orientation, forSize, minimum, natural in
            MainActor.assumeIsolated {
                CollectionWidget.host(context).measure(vertical: orientation == GTK_ORIENTATION_VERTICAL, minimum: minimum, natural: natural)
            }
        }
        callbacks.size_allocate = { context, width, height in
            MainActor.assumeIsolated { CollectionWidget.host(context).allocate(width: Double(width), height: Double(height)) }
        }
        callbacks.draw = { context, cairo, width, height, scale in
            MainActor.assumeIsolated { CollectionWidget.host(context).draw(cairo: cairo!, scale: Int(scale)) }
        }
        callbacks.scrolled = { context, orientation, value in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                guard orientation == host.scrollOrientation else { return }
                host.scrolled(to: value)
            }
        }
        callbacks.adjustments_changed = { context in
            MainActor.assumeIsolated { CollectionWidget.host(context).updateAdjustments() }
        }
        // Any change that needs a layout (an apply, a selection, a reload, a new offset)
        // reaches the screen on the next frame, keeping the anchor.
        collectionView.layoutRequestHandler = { [weak self] in
            MainActor.assumeIsolated { self?.layoutRequested() }
        }
        callbacks.focus = { context, direction in
            MainActor.assumeIsolated { CollectionWidget.host(context).focusChain(direction) ? 1 : 0 }
        }
        callbacks.focus_target = { context in
            // The pointer leaves the actor as a raw address: a GtkWidget pointer is not Sendable.
            let child = MainActor.assumeIsolated { CollectionWidget.host(context).focusTargetChild().map(UInt.init(bitPattern:)) }
            return child.flatMap { UnsafeMutablePointer<GtkWidget>(bitPattern: $0) }
        }
        callbacks.destroy = { context in
            MainActor.assumeIsolated { CollectionWidget.host(context).releaseAccessibleRowPool() }
            Unmanaged<CollectionWidget>.fromOpaque(context!).release()
        }
        widget = trellis_collection_widget_new(&callbacks)
        // Out of sight (a gallery page not shown, a window closed), the cells' pictures
        // are freed; they are drawn again when the widget is shown.
        let unmapped: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                host.drawingCache.removeAllPictures()
                // Mapped again, it may draw on another frame clock.
                host.disconnectFramePresented()
            }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(widget), "unmap", unsafeBitCast(unmapped, to: GCallback.self),
                                   Unmanaged.passUnretained(self).toOpaque())
        let scaleChanged: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, context in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                host.onScaleFactorChange?(host.scaleFactor)
            }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(widget), "notify::scale-factor", unsafeBitCast(scaleChanged, to: GCallback.self),
                                   Unmanaged.passUnretained(self).toOpaque())
        installAccessibility()
        installInteraction()
        installSidewaysScrolling()
        installVerticalWheelForHorizontalScrolling()
        installUpdateAnimations()
        installMenus()
        followTheme()
        followFontSettings()
    }

    /// The widget inside a new `GtkScrolledWindow` scrolling along the collection view's
    /// scroll direction only (vertical by default; a horizontal layout scrolls sideways).
    public func makeScrolledWindow() -> UnsafeMutablePointer<GtkWidget> {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(trellis_as_scrolled_window(scrolled), widget)
        followScrollAxisInScrolledWindow()
        return scrolled
    }

    /// Keeps `object` alive as long as the widget: the collection view holds its data source
    /// and delegate weakly, as UIKit does.
    public func retain(_ object: AnyObject) {
        retained.append(object)
    }

    var trellisWidget: OpaquePointer { trellis_collection_widget_from_widget(widget) }

    /// Marks the collection view as needing layout; the widget lays it out, keeping the
    /// scroll anchor, on the next frame (UIKit's `setNeedsLayout()`: it never lays out at
    /// once). Changes made through the collection view's own API need no call to it.
    public func setNeedsLayout() {
        collectionView.setNeedsLayout()
        queueLayout()
    }

    /// The collection view needs a layout: one is queued for the next frame (the frame
    /// clock's layout phase calls `size_allocate`, which lays out, before it draws).
    func layoutRequested() {
        guard !isLayingOut else { return }
        if !isScrolling { accessibleCells.collectionChanged = true }
        queueLayout()
    }

    /// Queues the next frame's layout as a resize, not an allocation: a request for an
    /// allocation only travels up to the first ancestor already marked as having a child to
    /// allocate, and GtkScrolledWindow can be left so marked after the adjustments changed
    /// during its allocation (the scrollbar queues itself then). The request then never
    /// reached the window, GTK skipped drawing this widget ("Trying to snapshot … without a
    /// current allocation") and, when nothing else in the window asked for a layout, the
    /// view stayed where it was. A resize marks every ancestor up to the window; measuring
    /// this widget costs nothing (a scrollable asks for no size).
    func queueLayout() {
        gtk_widget_queue_resize(widget)
        gtk_widget_queue_draw(widget)
    }

    func queueDraw() {
        gtk_widget_queue_draw(widget)
    }

    // MARK: GTK's calls

    private func measure(vertical: Bool, minimum: UnsafeMutablePointer<Int32>?, natural: UnsafeMutablePointer<Int32>?) {
        // A scrollable's size comes from its scrolled window; it asks for nothing.
        minimum?.pointee = 0
        natural?.pointee = vertical ? 0 : Int32(min(collectionView.frame.width, 10_000))
    }

    /// The frame's one layout: a new size, a new offset, a change to the collection.
    private func allocate(width: Double, height: Double) {
        let size = Size(width: width, height: height)
        // What this allocation changes is laid out by it: no layout is queued for it.
        isLayingOut = true
        if size != allocated {
            WindowInstrumentation.startupMoment?("firstAllocation")
            let widthChanged = allocated != .zero && size.width != allocated.width
            // A new extent across the scroll axis re-flows the content: the item being read
            // stays put (a new extent along it only shows more or less).
            let acrossChanged = allocated != .zero && size[scrollAxis.other] != allocated[scrollAxis.other]
            if acrossChanged && resizeAnchorItem == nil { resizeAnchorItem = readingItem }
            allocated = size
            // A new width re-measures what is visible at it in this same layout and keeps
            // the anchor still (the collection view's width path); a new height only
            // changes the container.
            collectionView.frame = Rect(x: 0, y: 0, width: width, height: height)
            if let pendingOffset {
                self.pendingOffset = nil
                // The first layout measures what is there: the content before it is
                // estimated, so the offset is set as asked, not clamped to estimates.
                moveScrollOffset(to: max(0, pendingOffset))
            }
            if widthChanged { onWidthChange?(width) }
        }
        collectionView.keptItem = resizeAnchorItem
        layOut()
        collectionView.keptItem = nil
        scrollAnimation?.offsetAfterFrameLayout = scrollOffset
        // Planning an update's animation is part of the frame's layout work.
        let planningStart = DispatchTime.now().uptimeNanoseconds
        startRequestedUpdateAnimation()
        pendingLayoutTime += Double(DispatchTime.now().uptimeNanoseconds - planningStart) / 1e6
        let accessibilityStart = DispatchTime.now().uptimeNanoseconds
        let accessibilityCPUStart = Self.threadCPUNanoseconds()
        updateAccessibleCells()
        pendingAccessibilityTime += Double(DispatchTime.now().uptimeNanoseconds - accessibilityStart) / 1e6
        pendingAccessibilityCPUTime += Double(Self.threadCPUNanoseconds() - accessibilityCPUStart) / 1e6
        isLayingOut = false
        WindowInstrumentation.startupMoment?("firstLayout")
    }

    private func draw(cairo: OpaquePointer, scale: Int) {
        WindowInstrumentation.startupMoment?("firstDraw")
        // Drawing never lays out: the allocation of this frame did (see the type's
        // discussion), and a layout here would draw what the pointer cannot hit.
        assert(!collectionView.needsLayout, "the collection view needs layout while it is drawn: a layout request did not reach size_allocate")
        let start = DispatchTime.now().uptimeNanoseconds
        collectionView.backgroundColor = background
        // GTK replays this Cairo node at the surface's scale: the cells' pictures are made
        // at that scale, and land on its whole pixels.
        drawingCache.replayScale = Double(scale)
        // A swiped row is drawn after the others, moved aside over its actions, and a lifted
        // one over everything with its shadow; an update animating: the views are drawn
        // where it has them (the layout holds the end state).
        let swipedCell = hideSwipedCell()
        let liftedCell = hideLiftedCell()
        let presentation = updatePresentation(scale: Double(scale))
        Renderer(options: RenderOptions(scale: Double(scale), background: background))
            .draw(collectionView, into: cairo, cache: drawsCellsFromPictures ? drawingCache : nil, presentation: presentation)
        if let swipedCell { drawSwipedRow(swipedCell, into: cairo, scale: scale) }
        if let liftedCell { drawLiftedCell(liftedCell, into: cairo, scale: scale) }
        drawInteractionStates(into: cairo)
        recordDrawnItems()
        recordDrawnForUpdateAnimation(presentation)
        let drawTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        frameCount += 1
        lastFrame = FrameStatistics(
            frame: frameCount, layoutMilliseconds: pendingLayoutTime, drawMilliseconds: drawTime,
            measuredItems: collectionView.sizeCache.count, newlyMeasured: pendingMeasurements,
            totalItems: totalItems, scale: scale, accessibilityMilliseconds: pendingAccessibilityTime,
            accessibilityCPUMilliseconds: pendingAccessibilityCPUTime,
            cellsDrawnIntoPictures: drawsCellsFromPictures ? drawingCache.cellsDrawn : 0,
            cellsCopiedFromPictures: drawsCellsFromPictures ? drawingCache.cellsCopied : 0,
            cellsDrawnDirectly: drawsCellsFromPictures ? drawingCache.cellsDrawnDirectly : 0)
        pendingLayoutTime = 0
        pendingAccessibilityTime = 0
        pendingAccessibilityCPUTime = 0
        pendingMeasurements = 0
        debug?.frame(self)
        onFrame?(lastFrame)
        if afterPaintHandler == 0 { connectFramePresented() }
    }

    /// Calls ``onFramePresented`` at the end of each frame this widget drew (the frame
    /// clock's `after-paint`, after GSK rendered it into the window).
    private func connectFramePresented() {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return }
        let painted: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                guard host.lastFrame.frame > host.presentedFrame else { return }
                if host.presentedFrame == 0 { WindowInstrumentation.startupMoment?("firstFramePainted") }
                host.presentedFrame = host.lastFrame.frame
                host.onFramePresented?(host.lastFrame)
            }
        }
        afterPaintClock = UnsafeMutableRawPointer(clock)
        afterPaintHandler = trellis_signal_connect(
            afterPaintClock, "after-paint", unsafeBitCast(painted, to: GCallback.self), Unmanaged.passUnretained(self).toOpaque())
    }

    private func disconnectFramePresented() {
        guard afterPaintHandler != 0, let afterPaintClock else { return }
        g_signal_handler_disconnect(afterPaintClock, afterPaintHandler)
        afterPaintHandler = 0
        self.afterPaintClock = nil
    }

    /// The item the person is reading: the one kept still through the resizes and text
    /// size changes since they last scrolled, else the first (in reading order) of those
    /// whose top (leading edge, in a horizontal collection) is nearest the top (leading)
    /// edge while in view, else the first shown.
    public var readingItem: Trellis.IndexPath? {
        if let resizeAnchorItem { return resizeAnchorItem }
        let shown = currentShownItems(), axis = scrollAxis
        return shown.first { $0.leading(along: axis) >= -0.5 }?.indexPath ?? shown.first?.indexPath
    }

    /// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`).
    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    var totalItems: Int { collectionView.totalItemCount }
}

/// What one frame cost and showed.
public struct FrameStatistics: Sendable {
    public var frame = 0
    /// The layout passes since the previous frame (scrolling, resizing, measuring).
    public var layoutMilliseconds: Double = 0
    /// Drawing the visible cells.
    public var drawMilliseconds: Double = 0
    /// Items measured so far (the size cache's entries).
    public var measuredItems = 0
    /// Items measured since the previous frame.
    public var newlyMeasured = 0
    public var totalItems = 0
    public var scale = 1
    /// Keeping the accessible children of the cells in view (placing them, sending what
    /// changed to GTK) since the previous frame.
    public var accessibilityMilliseconds: Double = 0
    /// The main thread's CPU time in that work: `accessibilityMilliseconds` less the time
    /// the thread waited (descheduled on a busy machine, or blocked — GTK hands each
    /// accessible event to GDBus's worker thread).
    public var accessibilityCPUMilliseconds: Double = 0
    /// Cells drawn into their kept pictures in this frame (new, or changed since drawn).
    public var cellsDrawnIntoPictures = 0
    /// Cells put on screen from their kept pictures in this frame (those drawn into them
    /// included); the other visible cells were drawn without pictures (``cellsDrawnDirectly``)
    /// or as views.
    public var cellsCopiedFromPictures = 0
    /// Cells drawn straight into the frame without a picture, in a frame that followed one
    /// which drew most of its cells anew (`CellDrawingCache.cellsDrawnDirectly`).
    public var cellsDrawnDirectly = 0

    /// Layout, the accessible children and drawing.
    public var milliseconds: Double { layoutMilliseconds + drawMilliseconds + accessibilityMilliseconds }
}

extension CollectionWidget {
    /// The host behind a callback's context pointer.
    nonisolated static func host(_ context: UnsafeMutableRawPointer?) -> CollectionWidget {
        Unmanaged<CollectionWidget>.fromOpaque(context!).takeUnretainedValue()
    }
}
