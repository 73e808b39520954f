import CGtk
import CTrellisGtkTesting
import Foundation
import TrellisGTK

/// The window tests' and start-up benchmarks' view into the widget, installed by the tool
/// when the environment has `TRELLIS_GTK_DEBUG=1`: the library's start-up moments go to
/// ``StartupTrace``, and the debug channel's frame lines name the window's X11 id (the
/// tests drive that window with xdotool).
@MainActor
package enum WindowTestHooks {
    package static func installFromEnvironment() {
        guard ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" else { return }
        WindowInstrumentation.startupMoment = { StartupTrace.mark($0) }
        WindowInstrumentation.windowIdentifier = { UInt(trellis_testing_x11_window($0)) }
    }
}
