import Foundation
import Synchronization
import TrellisGTK

/// The theme window tests' switch: with `TRELLIS_TEST_THEME_SIGNAL=1`, each SIGUSR1 the
/// test sends flips GTK's `gtk-application-prefer-dark-theme` in the running window, as a
/// desktop's dark-mode switch does through XSETTINGS (which Xvfb has no daemon for).
@MainActor
enum ThemeTestHook {
    /// Signals received and not yet acted on: the signal handler only counts (an atomic add
    /// is async-signal-safe); GTK's main loop does the switch.
    nonisolated private static let requests = Atomic<Int>(0)

    static func installFromEnvironment() {
        guard ProcessInfo.processInfo.environment["TRELLIS_TEST_THEME_SIGNAL"] == "1" else { return }
        signal(SIGUSR1) { _ in ThemeTestHook.requests.add(1, ordering: .relaxed) }
        // A process started by a test runner can inherit SIGUSR1 blocked: unblocked here,
        // the main thread takes it.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        let poll: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { _ in
            MainActor.assumeIsolated {
                if ThemeTestHook.requests.exchange(0, ordering: .relaxed) % 2 == 1 {
                    GtkThemePreference.prefersDarkTheme.toggle()
                }
            }
            return 1  // G_SOURCE_CONTINUE
        }
        g_timeout_add(50, poll, nil)
    }
}
