import CGtk
import CTrellisGtk
import Foundation

/// Runs a GTK application whose `activate` builds the windows, until the last window
/// closes.
@MainActor
public enum GtkApplicationRunner {
    /// Why no window can be opened here, or nil when a display is set. GTK would otherwise
    /// abort with its own message after trying.
    public nonisolated static var missingDisplayReason: String? {
        let environment = ProcessInfo.processInfo.environment
        let display = environment["DISPLAY"].map { !$0.isEmpty } ?? false
        let wayland = environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        if display || wayland { return nil }
        return "no display: set DISPLAY (X11) or WAYLAND_DISPLAY (Wayland) to open a window, or use `trellis render` to draw to a file"
    }

    /// Runs `activate` once GTK is up and returns the application's exit status (0 when
    /// the last window was closed). Returns nil when GTK could not be initialised (the
    /// display could not be opened).
    ///
    /// - Parameters:
    ///   - id: the application's identifier (reverse DNS, as GApplication requires).
    ///   - renderer: the GSK renderer, applied before GTK opens the display (see
    ///     ``RendererChoice``).
    ///   - startup: called on the main thread once GtkApplication has started up (its own
    ///     `startup` handler has run), just before `activate`. From then on GTK no longer
    ///     changes the process's environment (GDK unsets `DESKTOP_STARTUP_ID` when it opens
    ///     the display, GtkApplication's start-up `DESKTOP_AUTOSTART_ID` when there is a
    ///     session bus; `getenv` elsewhere would race with that), so work that reads it — Pango,
    ///     fontconfig — may start on other threads here, concurrently with the window being
    ///     built.
    ///   - activate: builds and presents the windows.
    public static func run(
        id: String, renderer: RendererChoice = .cairoWithoutGPU, startup: @escaping () -> Void = {},
        activate: @escaping (UnsafeMutablePointer<GtkApplication>) -> Void
    ) -> Int32? {
        renderer.apply()
        guard gtk_init_check() != 0 else { return nil }
        WindowInstrumentation.startupMoment?("gtkInit")
        let app = gtk_application_new(id, G_APPLICATION_NON_UNIQUE)!
        // `startup` runs first: GtkApplication's class handler, then this one.
        GtkSignal.connect(UnsafeMutableRawPointer(app), "startup") {
            WindowInstrumentation.startupMoment?("startup")
            startup()
        }
        GtkSignal.connect(UnsafeMutableRawPointer(app), "activate") {
            WindowInstrumentation.startupMoment?("activate")
            activate(app)
        }
        let status = g_application_run(trellis_as_application(app), 0, nil)
        g_object_unref(UnsafeMutableRawPointer(app))
        return status
    }

    /// A new application window of `size` titled `title` showing `child`.
    public static func makeWindow(
        _ app: UnsafeMutablePointer<GtkApplication>, title: String, width: Int, height: Int, child: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_application_window_new(app)!
        gtk_window_set_title(trellis_as_window(window), title)
        gtk_window_set_default_size(trellis_as_window(window), Int32(width), Int32(height))
        gtk_window_set_child(trellis_as_window(window), child)
        // Ctrl+W and Ctrl+Q close the window, as in every GTK application (and let tests
        // close it with real key presses where no window manager sends WM_DELETE_WINDOW).
        let shortcuts = gtk_shortcut_controller_new()!
        for accelerator in ["<Control>w", "<Control>q"] {
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(accelerator), gtk_named_action_new("window.close"))
            gtk_shortcut_controller_add_shortcut(trellis_as_shortcut_controller(shortcuts), shortcut)
        }
        gtk_shortcut_controller_set_scope(trellis_as_shortcut_controller(shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL)
        gtk_widget_add_controller(window, shortcuts)
        return window
    }

    /// Makes `window`'s child (its content area) `width` × `height` where the window's
    /// default size leaves it smaller: under client-side decorations (Wayland, or X11 with
    /// a compositing window manager) GTK 4's default size includes the title bar, which the
    /// content then loses. Once the child has its first allocation the window's default
    /// size — how GTK 4 resizes a shown window — grows by what the decorations took.
    public static func keepContentSize(of window: UnsafeMutablePointer<GtkWidget>, width: Int, height: Int) {
        guard let child = gtk_window_get_child(trellis_as_window(window)) else { return }
        final class Wanted {
            let window: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32
            init(_ window: UnsafeMutablePointer<GtkWidget>, _ width: Int, _ height: Int) {
                self.window = window
                self.width = Int32(width)
                self.height = Int32(height)
            }
        }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { child, _, data in
            let wanted = Unmanaged<Wanted>.fromOpaque(data!).takeUnretainedValue()
            let (shownWidth, shownHeight) = (gtk_widget_get_width(child), gtk_widget_get_height(child))
            guard shownWidth > 0 && shownHeight > 0 else { return 1 }  // not allocated yet
            if shownWidth < wanted.width || shownHeight < wanted.height {
                var defaultWidth: Int32 = 0, defaultHeight: Int32 = 0
                gtk_window_get_default_size(trellis_as_window(wanted.window), &defaultWidth, &defaultHeight)
                gtk_window_set_default_size(
                    trellis_as_window(wanted.window), defaultWidth + max(0, wanted.width - shownWidth),
                    defaultHeight + max(0, wanted.height - shownHeight))
            }
            return 0  // once
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in Unmanaged<Wanted>.fromOpaque(data!).release() }
        _ = gtk_widget_add_tick_callback(child, tick, Unmanaged.passRetained(Wanted(window, width, height)).toOpaque(), release)
    }

    /// Shows `window` and brings it to the front.
    public static func present(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_present(trellis_as_window(window))
    }
}
