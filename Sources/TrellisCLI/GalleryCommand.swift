import ArgumentParser
import CGtk
import CTrellisGtk
import Dispatch
import Foundation
import Trellis
import TrellisGTK
import TrellisGTKBenchmarks
import TrellisKit
@_spi(Testing) import TrellisPango
import TrellisText

/// `trellis gallery`: the scenarios as live collections in one window.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Open the scenarios side by side in a live window (GTK 4).",
        discussion: """
        A sidebar lists S1 as 100,000 distinct tags, S2 wrapping cells, S3 a grid, S5 rows of
        tag collections, a waterfall of self-sizing cards, right-to-left tags, a
        1,000,000-item flow, S8 a chat of 1,000,000 messages anchored at the bottom, S9 a
        photo wall and modern lists (a sidebar outline, an inset-grouped settings list with
        accessories and swipe actions, a reorderable list). Everything is measured as it comes into view. The switches
        change the flow alignment and the layout of the page shown; the status line gives
        the items measured, the items in total and the last frame's time.
        """)

    @Option(help: "The page to open: s1, s2, s3, s5, waterfall, rtl, million, chat, photos or lists.")
    var page = "s1"

    @Option(help: "The number of tags on the S1 page (benchmarks: 1000, 10000, 100000).")
    var tags = 100_000

    @Option(help: "The window's width and height in points.")
    var size = "900x700"

    func run() throws {
        MainActor.assumeIsolated {
            WindowTestHooks.installFromEnvironment()
            StartupTrace.mark("main")
        }
        guard (1...10_000_000).contains(tags) else { throw ValidationError("--tags must be between 1 and 10,000,000, got \(tags)") }
        let pages = GalleryPage.all(tags: tags)
        MainActor.assumeIsolated { StartupTrace.mark("pagesDescribed") }
        guard pages.contains(where: { $0.name == page }) else {
            throw ValidationError("--page must be one of \(pages.map(\.name).joined(separator: ", ")), got \(page)")
        }
        let dimensions = size.split(separator: "x").compactMap { Int($0) }
        guard dimensions.count == 2, dimensions.allSatisfy({ $0 >= 200 && $0 <= 8000 }) else {
            throw ValidationError("--size must be WIDTHxHEIGHT in points (200…8000), got \(size)")
        }
        if let reason = GtkApplicationRunner.missingDisplayReason {
            FileHandle.standardError.write(Data("trellis gallery: \(reason)\n".utf8))
            Foundation.exit(1)
        }
        let first = page
        // Handed to the worker that lays it out, and used by the main thread only after it
        // is done (PreparedCollectionView).
        nonisolated(unsafe) let shown = pages.first { $0.name == first }!
        let status = MainActor.assumeIsolated {
            var prepared: PreparedCollectionView?
            return GtkApplicationRunner.run(id: "org.trellis.gallery", startup: {
                // The shown page's first layout (the estimated layout of every item, the
                // visible ones measured) needs nothing from GTK: it runs on a second thread
                // while the window is built and presented, at the width the page will have.
                prepared = PreparedCollectionView(
                    page: shown, size: GalleryWindow.pageSize(windowWidth: dimensions[0], windowHeight: dimensions[1]),
                    fontSettings: GtkFontSettings.current)
            }) { app in
                let gallery = GalleryWindow(pages: pages)
                let window = GtkApplicationRunner.makeWindow(
                    app, title: "trellis gallery", width: dimensions[0], height: dimensions[1], child: gallery.root)
                StartupTrace.mark("windowBuilt")
                GtkApplicationRunner.present(window)
                StartupTrace.mark("presented")
                gallery.show(first, prepared: prepared?.take())
                prepared = nil
                StartupTrace.mark("pageShown")
                GalleryWindow.current = gallery
            }
        }
        guard let status else {
            FileHandle.standardError.write(Data("trellis gallery: cannot open the display; use `trellis demo` to render the scenarios to files\n".utf8))
            Foundation.exit(1)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// The gallery's widgets: sidebar, stack of pages, the alignment and layout switches and
/// the status line.
@MainActor
final class GalleryWindow {
    static var current: GalleryWindow?

    let pages: [GalleryPage]
    let root: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let sidebar: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private let alignmentSwitch: UnsafeMutablePointer<GtkWidget>
    private let layoutSwitch: UnsafeMutablePointer<GtkWidget>
    private var hosts: [String: CollectionWidget] = [:]
    private var placeholders: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    private var reportedFirstFrame = false
    private var updatingSwitches = false
    private var pendingStatus: String?
    private var pendingPageIn: ChatConversation?

    /// The sidebar's width (its minimum; the page titles wrap to stay narrower).
    static let sidebarWidth = 190

    /// The size of the page area in a window of this size, as far as it is known before
    /// GTK lays the window out: the window's width less the sidebar and its separator (the
    /// width the page is laid out at), and at most the window's height (the toolbar and the
    /// status line take some of it).
    static func pageSize(windowWidth: Int, windowHeight: Int) -> Size {
        Size(width: Double(windowWidth - sidebarWidth - 1), height: Double(windowHeight))
    }

    init(pages: [GalleryPage]) {
        self.pages = pages
        stack = gtk_stack_new()
        gtk_widget_set_hexpand(stack, 1)
        gtk_widget_set_vexpand(stack, 1)
        // The page list: a GtkListBox of its own rather than GtkStackSidebar, whose rows
        // are selected — and its page shown — as the keyboard focus moves over them. Here
        // the focus moves freely and a page is shown when its row is activated (Enter,
        // Space, a click); the row of the page shown looks and reads as selected.
        sidebar = gtk_list_box_new()
        gtk_list_box_set_selection_mode(trellis_as_list_box(sidebar), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(sidebar, "navigation-sidebar")
        gtk_widget_set_size_request(sidebar, Int32(Self.sidebarWidth), -1)
        trellis_accessible_set_name(sidebar, "Pages")

        alignmentSwitch = Self.dropDown(FlowAlignment.allCases.map(\.rawValue))
        layoutSwitch = Self.dropDown(GalleryLayout.allCases.map(\.rawValue))
        status = gtk_label_new("")
        gtk_label_set_xalign(trellis_as_label(status), 0)
        // Ellipsized, so the line asks for no width of its own: its text changes after every
        // frame, and a label's full text is its minimum width, which grew the window (and so
        // re-flowed the collection under the reader) whenever a longer line came; it also
        // lets the page's width be known before GTK starts.
        gtk_label_set_ellipsize(trellis_as_label(status), PANGO_ELLIPSIZE_END)
        gtk_widget_set_margin_start(status, 8)
        gtk_widget_set_margin_end(status, 8)
        gtk_widget_set_margin_top(status, 4)
        gtk_widget_set_margin_bottom(status, 4)

        let toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for widget in [gtk_label_new("Alignment")!, alignmentSwitch, gtk_label_new("Layout")!, layoutSwitch] {
            gtk_box_append(trellis_as_box(toolbar), widget)
        }
        // A drop-down is named by its accessible label (the text beside it is a separate
        // label GTK does not tie to it), and so is the button inside it that takes the
        // keyboard focus, which a screen reader announces.
        for (dropDown, name) in [(alignmentSwitch, "Alignment"), (layoutSwitch, "Layout")] {
            trellis_accessible_set_name(dropDown, name)
            if let button = gtk_widget_get_first_child(dropDown) { trellis_accessible_set_name(button, name) }
        }
        gtk_widget_set_margin_start(toolbar, 8)
        gtk_widget_set_margin_top(toolbar, 6)
        gtk_widget_set_margin_bottom(toolbar, 6)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(trellis_as_box(content), toolbar)
        gtk_box_append(trellis_as_box(content), stack)
        gtk_box_append(trellis_as_box(content), status)
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_box_append(trellis_as_box(root), sidebar)
        gtk_box_append(trellis_as_box(root), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        gtk_box_append(trellis_as_box(root), content)

        // Each page's collection and widget are made when the page is first shown: the
        // sidebar needs only the titles, and the first frame only the page it shows.
        for page in pages {
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            placeholders[page.name] = placeholder
            gtk_stack_add_titled(trellis_as_stack(stack), placeholder, page.name, page.title)
            let title = gtk_label_new(page.title)!
            gtk_label_set_xalign(trellis_as_label(title), 0)
            // A long title wraps rather than widening the sidebar: the page is then as wide
            // as `pageSize` says, whatever the desktop's font, and the page laid out before
            // the window existed is not laid out again at another width.
            gtk_label_set_wrap(trellis_as_label(title), 1)
            gtk_label_set_wrap_mode(trellis_as_label(title), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_max_width_chars(trellis_as_label(title), 16)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(trellis_as_list_box_row(row), title)
            gtk_list_box_append(trellis_as_list_box(sidebar), row)
            trellis_accessible_set_name(row, page.title)
        }
        // Tab leaves the page list in one step (a list box's Tab walks its rows): on to
        // the switches, and Shift+Tab back to the collection, so that Tab goes sidebar →
        // switches → collection.
        let tabKeys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(tabKeys, GTK_PHASE_CAPTURE)
        let tabPressed: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, keyval, _, state, context in
            MainActor.assumeIsolated {
                let gallery = Unmanaged<GalleryWindow>.fromOpaque(context!).takeUnretainedValue()
                let backward = Int32(keyval) == GDK_KEY_ISO_Left_Tab || state & GDK_SHIFT_MASK.rawValue != 0
                guard [GDK_KEY_Tab, GDK_KEY_KP_Tab, GDK_KEY_ISO_Left_Tab].contains(Int32(keyval)) else { return 0 }
                if backward {
                    guard let page = gallery.currentPage, let host = gallery.hosts[page.name] else { return 0 }
                    return gtk_widget_child_focus(host.widget, GTK_DIR_TAB_BACKWARD)
                }
                return gtk_widget_grab_focus(gallery.alignmentSwitch)
            }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(tabKeys), "key-pressed", unsafeBitCast(tabPressed, to: GCallback.self),
                                   Unmanaged.passUnretained(self).toOpaque())
        gtk_widget_add_controller(sidebar, tabKeys)
        let activated: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, row, context in
            MainActor.assumeIsolated {
                let gallery = Unmanaged<GalleryWindow>.fromOpaque(context!).takeUnretainedValue()
                let index = Int(gtk_list_box_row_get_index(trellis_as_list_box_row(row?.assumingMemoryBound(to: GtkWidget.self))))
                if gallery.pages.indices.contains(index) { gallery.show(gallery.pages[index].name) }
            }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(sidebar), "row-activated", unsafeBitCast(activated, to: GCallback.self),
                                   Unmanaged.passUnretained(self).toOpaque())
        GtkSignal.connect(UnsafeMutableRawPointer(stack), "notify::visible-child-name") { [weak self] in self?.pageChanged() }
        GtkSignal.connect(UnsafeMutableRawPointer(alignmentSwitch), "notify::selected") { [weak self] in self?.switchesChanged() }
        GtkSignal.connect(UnsafeMutableRawPointer(layoutSwitch), "notify::selected") { [weak self] in self?.switchesChanged() }
    }

    static func dropDown(_ names: [String]) -> UnsafeMutablePointer<GtkWidget> {
        var strings = names.map { strdup($0) }
        strings.append(nil)
        defer { strings.forEach { free($0) } }
        return strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_drop_down_new_from_strings($0)!
            }
        }
    }

    var currentPage: GalleryPage? {
        guard let name = gtk_stack_get_visible_child_name(trellis_as_stack(stack)) else { return nil }
        let current = String(cString: name)
        return pages.first { $0.name == current }
    }

    /// Shows the page named `name`; `prepared` is its collection view if one was made and
    /// laid out already (``PreparedCollectionView``).
    func show(_ name: String, prepared: CollectionView? = nil) {
        if let prepared, let page = pages.first(where: { $0.name == name }), hosts[page.name] == nil {
            _ = host(for: page, collectionView: prepared)
        }
        gtk_stack_set_visible_child_name(trellis_as_stack(stack), name)
        pageChanged()
    }

    /// The page's widget, made (showing `collectionView`, or a new collection view of the
    /// page) and put into its place in the stack the first time.
    private func host(for page: GalleryPage, collectionView: CollectionView? = nil) -> CollectionWidget {
        if let host = hosts[page.name] { return host }
        let host = CollectionWidget(collectionView: collectionView ?? page.makeCollectionView(width: 600))
        host.printDebugLinesIfAsked()
        host.retain(page)
        host.accessibilityLabel = page.title
        host.onFrame = { [weak self] frame in
            self?.frameDrawn(frame, on: page)
            if let conversation = page.conversation { self?.loadOlderMessagesAtIdle(conversation) }
        }
        host.onFramePresented = { [weak self] _ in self?.firstFramePainted(on: page) }
        WindowScrollBenchmark.attachIfAsked(to: host)
        (page as? PhotoWallPage)?.follow(host)
        hosts[page.name] = host
        let scrolled = host.makeScrolledWindow()
        gtk_widget_set_vexpand(scrolled, 1)
        if let conversation = page.conversation { addNewMessageControl(conversation, to: placeholders[page.name]!) }
        gtk_box_append(trellis_as_box(placeholders[page.name]!), scrolled)
        return host
    }

    /// The chat's "New message" button (and Ctrl+N on the page): a message arrives at the
    /// end, animated as the collection view's update (the view follows it when the reader
    /// is at the bottom).
    private func addNewMessageControl(_ conversation: ChatConversation, to page: UnsafeMutablePointer<GtkWidget>) {
        let context = Unmanaged.passUnretained(conversation).toOpaque()
        let button = gtk_button_new_with_label("New message")!
        gtk_widget_set_halign(button, GTK_ALIGN_START)
        gtk_widget_set_margin_start(button, 8)
        gtk_widget_set_margin_bottom(button, 4)
        // Clicking leaves the keyboard focus in the conversation.
        gtk_widget_set_focus_on_click(button, 0)
        let clicked: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            MainActor.assumeIsolated { GalleryWindow.receiveMessage(in: context) }
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(button), "clicked", unsafeBitCast(clicked, to: GCallback.self), context)
        let keys = gtk_event_controller_key_new()!
        let pressed: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, keyval, _, state, context in
            guard Int32(keyval) == GDK_KEY_n, state & GDK_CONTROL_MASK.rawValue != 0 else { return 0 }
            MainActor.assumeIsolated { GalleryWindow.receiveMessage(in: context) }
            return 1
        }
        _ = trellis_signal_connect(UnsafeMutableRawPointer(keys), "key-pressed", unsafeBitCast(pressed, to: GCallback.self), context)
        gtk_widget_add_controller(page, keys)
        gtk_box_append(trellis_as_box(page), button)
    }

    private static func receiveMessage(in context: UnsafeMutableRawPointer?) {
        let conversation = Unmanaged<ChatConversation>.fromOpaque(context!).takeUnretainedValue()
        do { try conversation.receiveMessage() } catch {
            FileHandle.standardError.write(Data("trellis gallery: a new message could not be shown: \(error)\n".utf8))
        }
    }

    private func pageChanged() {
        guard let page = currentPage else { return }
        markShownPage(page)
        let host = host(for: page)
        updatingSwitches = true
        gtk_drop_down_set_selected(trellis_as_drop_down(alignmentSwitch), UInt32(FlowAlignment.allCases.firstIndex(of: page.alignment) ?? 0))
        gtk_drop_down_set_selected(trellis_as_drop_down(layoutSwitch), UInt32(GalleryLayout.allCases.firstIndex(of: page.layoutKind) ?? 0))
        updatingSwitches = false
        frameDrawn(host.lastFrame, on: page)
        gtk_widget_grab_focus(host.widget)
    }

    /// The sidebar row of the page shown is drawn and read as selected (the list box
    /// selects nothing itself: see `init`).
    private func markShownPage(_ shown: GalleryPage) {
        for (index, page) in pages.enumerated() {
            guard let row = gtk_list_box_get_row_at_index(trellis_as_list_box(sidebar), Int32(index)) else { continue }
            let widget = trellis_list_box_row_as_widget(row)
            if page === shown {
                gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0)
            } else {
                gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
            }
            trellis_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_SELECTED, page === shown ? 1 : 0)
        }
    }

    private func switchesChanged() {
        // The chat's bubbles and the modern lists are list rows: their pages keep their own layout.
        guard !updatingSwitches, let page = currentPage, !page.keepsItsLayout, let host = hosts[page.name] else { return }
        let alignment = FlowAlignment.allCases[Int(gtk_drop_down_get_selected(trellis_as_drop_down(alignmentSwitch)))]
        let layout = GalleryLayout.allCases[Int(gtk_drop_down_get_selected(trellis_as_drop_down(layoutSwitch)))]
        guard alignment != page.alignment || layout != page.layoutKind else { return }
        page.alignment = alignment
        page.layoutKind = layout
        // The item the person was reading stays at the top in the new layout.
        let reading = host.readingItem
        host.collectionView.layout = layout.make(alignment: alignment)
        if let reading {
            host.scrollToItem(at: reading, at: .top, animated: false)
        }
    }

    /// The debug channel's `firstFrame` line: the time from the process's start to the
    /// first frame painted in the window, the wall clock then (so a launcher that noted the
    /// time before `exec` can measure without the kernel's 10 ms ticks), the processor time
    /// used by then, and the moments of start-up (``StartupTrace``). With
    /// `TRELLIS_GTK_EXIT_AFTER_FIRST_FRAME=1` as well the process then exits (status 0), as
    /// the start-up benchmark's C peers do.
    private func firstFramePainted(on page: GalleryPage) {
        // Checked first: this runs after every frame, and reading the environment builds a
        // dictionary of it.
        guard !reportedFirstFrame else { return }
        reportedFirstFrame = true
        let environment = ProcessInfo.processInfo.environment
        guard environment["TRELLIS_GTK_DEBUG"] == "1" else { return }
        let elapsed = StartupTrace.millisecondsSinceProcessStart() ?? -1
        let processor = String(format: "%.1f", StartupTrace.processorMilliseconds())
        let wallClock = String(format: "%.3f", Date().timeIntervalSince1970 * 1000)
        FileHandle.standardOutput.write(Data((
            "{\"event\":\"firstFrame\",\"page\":\"\(page.name)\",\"sinceLaunchMs\":\(String(format: "%.1f", elapsed)),"
            + "\"wallClockMs\":\(wallClock),\"cpuMs\":\(processor),\"moments\":\(StartupTrace.momentsJSON()),"
            + "\"cpuMoments\":\(StartupTrace.processorMomentsJSON())}\n").utf8))
        if environment["TRELLIS_GTK_EXIT_AFTER_FIRST_FRAME"] == "1" { Foundation.exit(0) }
    }

    private func frameDrawn(_ frame: FrameStatistics, on page: GalleryPage) {
        guard currentPage === page else { return }
        let text = "\(page.title) · \(grouped(frame.measuredItems)) measured / \(grouped(frame.totalItems)) items · "
            + "last frame \(String(format: "%.2f", frame.milliseconds)) ms (layout \(String(format: "%.2f", frame.layoutMilliseconds)), "
            + "draw \(String(format: "%.2f", frame.drawMilliseconds))) · \(page.layoutKind.rawValue), \(page.alignment.rawValue)"
        // Not inside the frame being drawn (a label's new text resizes it): at idle.
        let scheduled = pendingStatus != nil
        pendingStatus = text
        guard !scheduled else { return }
        let update: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
            MainActor.assumeIsolated {
                let gallery = Unmanaged<GalleryWindow>.fromOpaque(context!).takeUnretainedValue()
                if let text = gallery.pendingStatus { gtk_label_set_text(trellis_as_label(gallery.status), text) }
                gallery.pendingStatus = nil
            }
            return 0  // G_SOURCE_REMOVE
        }
        g_idle_add(update, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The chat pages older messages in when the reader nears the top: at idle after the
    /// frame (not while GTK draws it), as the status line is set; the apply asks the
    /// widget for the next frame itself.
    private func loadOlderMessagesAtIdle(_ conversation: ChatConversation) {
        guard pendingPageIn == nil else { return }
        pendingPageIn = conversation
        let load: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
            MainActor.assumeIsolated {
                let gallery = Unmanaged<GalleryWindow>.fromOpaque(context!).takeUnretainedValue()
                let conversation = gallery.pendingPageIn
                gallery.pendingPageIn = nil
                do { try conversation?.loadOlderMessagesIfNearTop() } catch {
                    FileHandle.standardError.write(Data("trellis gallery: paging older messages in failed: \(error)\n".utf8))
                }
            }
            return 0  // G_SOURCE_REMOVE
        }
        g_idle_add(load, Unmanaged.passUnretained(self).toOpaque())
    }

    private func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}

/// A page's collection view made and given its first layout on a thread of its own, so
/// that this work — the estimated layout of every item and the measuring of the visible
/// ones, ~15 ms of processor time at 100,000 tags — runs while the main thread builds and
/// presents the window instead of after it. ``take()`` waits for it.
///
/// Why this is safe: the collection view, its cells and the page's mutable state are
/// touched only by the worker until `take()` returns, and the semaphore orders everything
/// the worker did before everything the main thread does after (meanwhile the main thread
/// reads only what is immutable: the pages' names and titles, the page's text and template). Text is measured through
/// `PangoTextMeasurer`, which gives every thread its own Pango font map, context and layout
/// (Pango objects are not thread-safe; fontconfig, cairo's font caches and HarfBuzz's
/// immutable faces are, and GTK's Pango on the main thread uses its own font map); the
/// measurer's shared caches are locked (TrellisKit's concurrent sizing and the
/// ThreadSafety suites under TSan rely on the same). The worker does not touch GTK, and is
/// started only after GtkApplication's start-up, once GTK has stopped changing the
/// environment that Pango and fontconfig read.
final class PreparedCollectionView: @unchecked Sendable {
    private let page: GalleryPage
    private let size: Size
    /// Written by the worker before it signals `done`; read after waiting for it.
    private var collectionView: CollectionView?
    private let done = DispatchSemaphore(value: 0)

    /// Starts laying out `page` at `size` on a new thread, with the traits the widget
    /// will give it from `fontSettings`.
    init(page: GalleryPage, size: Size, fontSettings: GtkFontSettings) {
        self.page = page
        self.size = size
        // What CollectionWidget installs on the main thread, installed before the worker
        // measures (the default measurer is global and locked).
        if !DefaultTextMeasurer.isInstalled { DefaultTextMeasurer.install(PangoTextMeasurer.shared) }
        page.initialTraits = { fontSettings.apply(to: &$0) }
        Thread.detachNewThread { [self] in
            let collectionView = self.page.makeCollectionView(width: self.size.width, height: self.size.height)
            // A failure here is left to the window's own first layout pass, which reports it.
            try? collectionView.performLayout()
            self.collectionView = collectionView
            done.signal()
        }
    }

    /// The laid-out collection view, once the worker is done (waits for it).
    @MainActor func take() -> CollectionView {
        // Before waiting: make this thread's Pango state and load the page's fonts in it, for
        // both ways text is measured (a line shaped directly, wrapped text through a Pango
        // layout), which laying out and drawing the first frame need on this thread and would
        // otherwise do after the wait. (The page's text and styles are immutable: reading them
        // beside the worker is safe.)
        let sample = page.text(0)
        for style in page.textStyles {
            _ = PangoTextMeasurer.shared.measure(sample, style: style, maxWidth: nil, maxLines: 1)
            _ = PangoTextMeasurer.shared.measureWithLayout(sample, style: style, maxWidth: 100, maxLines: 0)
        }
        done.wait()
        StartupTrace.mark("preparedTaken")
        return collectionView!
    }
}
