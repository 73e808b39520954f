import CGtk
import Foundation
import Synchronization
import TrellisGTK

/// The font window tests' switch, as a desktop's settings daemon changes GTK's settings
/// through XSETTINGS (which Xvfb has no daemon for): each SIGUSR2 the test sends flips, in
/// the running window,
/// - with `TRELLIS_TEST_FONT_NAME_SIGNAL=FONT` (a Pango font description, "DejaVu Serif
///   16"), GTK's `gtk-font-name` between its value at start and FONT;
/// - with `TRELLIS_TEST_TEXT_SCALE_SIGNAL=1`, GTK's `gtk-xft-dpi` between its value at
///   start and GNOME's "Large Text" (96 × 1.25 = 120 dpi).
@MainActor
enum FontTestHook {
    /// Signals received and not yet acted on (see ``ThemeTestHook``).
    nonisolated private static let requests = Atomic<Int>(0)
    /// GNOME's large text: 120 dpi in GtkSettings' units of 1/1024 dpi.
    static let largeTextDPI: Int32 = 120 * 1024
    /// `gtk-xft-dpi` when the window opened (-1: GTK's default, 96).
    private static var startDPI: Int32 = -1
    /// The font name to flip to (nil: flip the text scale).
    private static var fontName: String?
    /// `gtk-font-name` when the window opened.
    private static var startFontName = ""

    static func installFromEnvironment() {
        let environment = ProcessInfo.processInfo.environment
        fontName = environment["TRELLIS_TEST_FONT_NAME_SIGNAL"].flatMap { $0.isEmpty ? nil : $0 }
        guard fontName != nil || environment["TRELLIS_TEST_TEXT_SCALE_SIGNAL"] == "1" else { return }
        signal(SIGUSR2) { _ in FontTestHook.requests.add(1, ordering: .relaxed) }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        let poll: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { _ in
            MainActor.assumeIsolated { FontTestHook.switchIfAsked() }
            return 1  // G_SOURCE_CONTINUE
        }
        g_timeout_add(50, poll, nil)
    }

    private static func switchIfAsked() {
        guard requests.exchange(0, ordering: .relaxed) % 2 == 1, let settings = gtk_settings_get_default() else { return }
        let object = UnsafeMutableRawPointer(settings)
        if let fontName {
            let current = GtkSettingsValue.string(object, "gtk-font-name") ?? ""
            if current == fontName {
                GtkSettingsValue.setString(object, "gtk-font-name", startFontName)
            } else {
                startFontName = current
                GtkSettingsValue.setString(object, "gtk-font-name", fontName)
            }
            return
        }
        let current = GtkSettingsValue.int(object, "gtk-xft-dpi")
        if current == largeTextDPI {
            GtkSettingsValue.setInt(object, "gtk-xft-dpi", startDPI)
        } else {
            startDPI = current
            GtkSettingsValue.setInt(object, "gtk-xft-dpi", largeTextDPI)
        }
    }
}
