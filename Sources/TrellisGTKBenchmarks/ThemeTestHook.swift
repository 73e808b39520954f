import CGtk
import Foundation
import Synchronization
import TrellisGTK

/// The theme window tests' switch, as a desktop's appearance settings change GTK's through
/// XSETTINGS (which Xvfb has no daemon for). With `TRELLIS_TEST_THEME_SIGNAL=1`, each
/// SIGUSR1 the test sends flips GTK's `gtk-application-prefer-dark-theme` in the running
/// window. With `TRELLIS_TEST_THEME_SIGNAL=THEME,THEME,…` each SIGUSR1 takes the next theme
/// of the list, the window's own settings again after the last: a theme is a
/// `gtk-theme-name` with `:dark` for its dark variant (`HighContrast:dark` sets
/// `HighContrast` and the dark preference, as a settings daemon does; GTK_THEME's form).
@MainActor
enum ThemeTestHook {
    /// Signals received and not yet acted on: the signal handler only counts (an atomic add
    /// is async-signal-safe); GTK's main loop does the switch.
    nonisolated private static let requests = Atomic<Int>(0)
    /// The themes to go through (empty: flip the dark preference).
    private static var themes: [String] = []
    /// The next theme's place in `themes`; `themes.count`: back to the start settings.
    private static var next = 0
    /// `gtk-theme-name` and the dark preference when the window opened.
    private static var start: (name: String, dark: Bool)?

    static func installFromEnvironment() {
        guard let value = ProcessInfo.processInfo.environment["TRELLIS_TEST_THEME_SIGNAL"], !value.isEmpty else { return }
        themes = value == "1" ? [] : value.split(separator: ",").map(String.init)
        signal(SIGUSR1) { _ in ThemeTestHook.requests.add(1, ordering: .relaxed) }
        // A process started by a test runner can inherit SIGUSR1 blocked: unblocked here,
        // the main thread takes it.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        let poll: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { _ in
            MainActor.assumeIsolated {
                for _ in 0..<ThemeTestHook.requests.exchange(0, ordering: .relaxed) { ThemeTestHook.switchTheme() }
            }
            return 1  // G_SOURCE_CONTINUE
        }
        g_timeout_add(50, poll, nil)
    }

    private static func switchTheme() {
        guard !themes.isEmpty else {
            GtkThemePreference.prefersDarkTheme.toggle()
            return
        }
        guard let settings = gtk_settings_get_default() else { return }
        let object = UnsafeMutableRawPointer(settings)
        let begun = start ?? (GtkSettingsValue.string(object, "gtk-theme-name") ?? "Adwaita", GtkThemePreference.prefersDarkTheme)
        start = begun
        let (name, dark): (String, Bool)
        if next < themes.count {
            let parts = themes[next].split(separator: ":", maxSplits: 1)
            (name, dark) = (String(parts.first ?? ""), parts.count == 2 && parts[1] == "dark")
            next += 1
        } else {
            (name, dark) = begun
            next = 0
        }
        // The dark preference first: GTK loads the theme again on each of the two changes,
        // and the last one loaded is then the one asked for.
        GtkThemePreference.prefersDarkTheme = dark
        GtkSettingsValue.setString(object, "gtk-theme-name", name)
    }
}
