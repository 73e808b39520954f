/// Where the window tests and benchmarks of this package look into the widget: the library
/// calls these hooks, which are empty unless the tool installs them (it does when the
/// environment asks, through `TrellisGTKBenchmarks`). Not API: `package` access, so an app
/// never sees them, and the measuring code lives outside the library.
@MainActor
package enum WindowInstrumentation {
    /// Called at named moments of start-up: `gtkInit`, `startup`, `activate`,
    /// `firstAllocation`, `firstLayout`, `firstDraw`, `firstFramePainted`.
    package static var startupMoment: ((String) -> Void)?
}
