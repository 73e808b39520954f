import Foundation
import TrellisGTK

/// The start-up benchmarks' view into the widget, installed by the tool when the
/// environment has `TRELLIS_GTK_DEBUG=1`: the library's start-up moments go to
/// ``StartupTrace``.
@MainActor
package enum WindowTestHooks {
    package static func installFromEnvironment() {
        guard ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" else { return }
        WindowInstrumentation.startupMoment = { StartupTrace.mark($0) }
        ThemeTestHook.installFromEnvironment()
        FontTestHook.installFromEnvironment()
    }
}
