import CGtk
import CTrellisGtk
import Foundation
import Trellis
import TrellisKit
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
/// Scroll anchoring across the host: GTK owns the vertical adjustment's value (animations,
/// kinetic scrolling and scrollbar drags set it from their own state), so corrections —
/// estimates replaced by measured sizes above the item at the top of the window — are not
/// written into the value, which the next tick or pointer motion would overwrite (the jump
/// GtkListView users report). The widget keeps `contentOffset = value + bias` instead, moves
/// `bias` by each correction and shifts the adjustment's bounds by it (`lower = -bias`,
/// `upper = contentHeight - bias`), so the scrollbar still maps the whole content and the
/// item at the top stays still whatever drives the value.
@MainActor
public final class CollectionWidget {
    /// The hosted collection view. Change its data source, layout or cells as usual, then
    /// call ``setNeedsLayout()``.
    public let collectionView: CollectionView

    /// The `GtkWidget *` (a `TrellisCollectionWidget`, GtkScrollable).
    public private(set) var widget: UnsafeMutablePointer<GtkWidget>!

    /// The canvas colour painted under the collection (nil: none).
    public var background: Color? = .white {
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

    /// contentOffset.y − vertical adjustment value (see the type's discussion).
    var bias: Double = 0
    /// The items in view after the last layout, top first: the next scroll step keeps the
    /// first of them still in view where it was, moved by the step.
    var shownItems: [ShownItem] = []
    var lastValue: Double = 0
    var allocated = Size.zero
    var frameCount = 0
    var pendingLayoutTime: Double = 0
    var pendingMeasurements = 0
    /// Where to scroll once the widget has its size (see ``scroll(toOffset:whenAllocated:)``).
    var pendingOffset: Double?
    /// The item with the keyboard focus (arrow keys move it; drawn with a focus ring).
    public internal(set) var focusedItem: Trellis.IndexPath?
    /// The item under the pointer.
    var hoveredItem: IndexPath?
    /// Button 1 went down on the widget and has not come up (nor been cancelled).
    var buttonDown = false
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
    /// Objects living as long as the widget (a data source the collection holds weakly).
    private var retained: [AnyObject] = []

    /// A widget showing `collectionView` (its frame follows the widget's allocation).
    public init(collectionView: CollectionView) {
        // Labels measure with the default measurer; in a window on Linux that is Pango,
        // the measurer the Cairo drawing shapes with.
        if !DefaultTextMeasurer.isInstalled { DefaultTextMeasurer.install(PangoTextMeasurer.shared) }
        self.collectionView = collectionView
        var callbacks = TrellisCollectionWidgetCallbacks()
        // The GtkWidget owns its host: released when the widget is finalized.
        callbacks.context = Unmanaged.passRetained(self).toOpaque()
        callbacks.measure = { context, orientation, forSize, minimum, natural in
            MainActor.assumeIsolated {
                CollectionWidget.host(context).measure(vertical: orientation == 1, minimum: minimum, natural: natural)
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
                guard orientation == 1 else { return }
                CollectionWidget.host(context).scrolled(to: value)
            }
        }
        callbacks.adjustments_changed = { context in
            MainActor.assumeIsolated { CollectionWidget.host(context).updateAdjustments() }
        }
        callbacks.destroy = { context in
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
        installInteraction()
    }

    /// The widget inside a new `GtkScrolledWindow` (vertical scrolling, no horizontal).
    public func makeScrolledWindow() -> UnsafeMutablePointer<GtkWidget> {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(trellis_as_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(trellis_as_scrolled_window(scrolled), widget)
        return scrolled
    }

    /// Keeps `object` alive as long as the widget: the collection view holds its data source
    /// and delegate weakly, as UIKit does.
    public func retain(_ object: AnyObject) {
        retained.append(object)
    }

    var trellisWidget: OpaquePointer { trellis_collection_widget_from_widget(widget) }

    /// Runs a layout pass now (after the data source, layout or cells changed) and redraws.
    public func setNeedsLayout() {
        layoutNow(keepingTopItem: false)
        queueDraw()
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

    private func allocate(width: Double, height: Double) {
        let size = Size(width: width, height: height)
        guard size != allocated else { return }
        WindowInstrumentation.startupMoment?("firstAllocation")
        allocated = size
        // A new width re-measures what is visible at it in this same frame and keeps the
        // item at the top still (the collection view's own anchoring); a new height only
        // changes the container.
        collectionView.frame = Rect(x: 0, y: 0, width: width, height: height)
        layoutNow(keepingTopItem: false)
        WindowInstrumentation.startupMoment?("firstLayout")
        if let pendingOffset {
            self.pendingOffset = nil
            scroll(toOffset: pendingOffset)
        }
    }

    /// The adjustment's value changed (wheel, scrollbar, keys, kinetic scrolling).
    private func scrolled(to value: Double) {
        let delta = value - lastValue
        lastValue = value
        let start = DispatchTime.now().uptimeNanoseconds
        var offset = collectionView.contentOffset
        offset.y = clampedOffset(value + bias)
        collectionView.contentOffset = offset
        layoutNow(keepingTopItem: true, scrolledBy: delta, started: start)
        debug?.scroll(value: value, delta: delta, offset: collectionView.contentOffset.y, bias: bias)
        queueDraw()
    }

    private func draw(cairo: OpaquePointer, scale: Int) {
        WindowInstrumentation.startupMoment?("firstDraw")
        let start = DispatchTime.now().uptimeNanoseconds
        collectionView.backgroundColor = background
        // GTK replays this Cairo node at the surface's scale: the cells' pictures are made
        // at that scale, and land on its whole pixels.
        drawingCache.replayScale = Double(scale)
        Renderer(options: RenderOptions(scale: Double(scale), background: background))
            .draw(collectionView, into: cairo, cache: drawsCellsFromPictures ? drawingCache : nil)
        drawInteractionStates(into: cairo)
        let drawTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        frameCount += 1
        lastFrame = FrameStatistics(
            frame: frameCount, layoutMilliseconds: pendingLayoutTime, drawMilliseconds: drawTime,
            measuredItems: collectionView.sizeCache.count, newlyMeasured: pendingMeasurements,
            totalItems: totalItems, scale: scale)
        pendingLayoutTime = 0
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

    var totalItems: Int {
        (0..<collectionView.numberOfSections).reduce(0) { $0 + collectionView.numberOfItems(inSection: $1) }
    }
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

    /// Layout plus drawing.
    public var milliseconds: Double { layoutMilliseconds + drawMilliseconds }
}

extension CollectionWidget {
    /// The host behind a callback's context pointer.
    nonisolated static func host(_ context: UnsafeMutableRawPointer?) -> CollectionWidget {
        Unmanaged<CollectionWidget>.fromOpaque(context!).takeUnretainedValue()
    }
}
