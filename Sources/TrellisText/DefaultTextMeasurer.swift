#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// The text measurer that views (`Label` in TrellisKit) use when none is injected.
///
/// `TrellisText` is pure Swift and measures nothing by itself: a text backend is installed
/// once, at start-up, by the program that has one.
///
/// ```swift
/// import TrellisPango                                   // Linux: Pango and HarfBuzz
/// DefaultTextMeasurer.install(PangoTextMeasurer.shared)
/// ```
///
/// The `trellis` tool, `TrellisRender` and the GTK host install the Pango measurer
/// themselves. A program that installs nothing still works: views measure with
/// ``FallbackTextMeasurer`` (every character 0.6 em wide, lines 1.2 em tall), and the first
/// measurement reports the missing installation once through ``missingBackendHandler``
/// (by default a line on standard error). It never traps inside a layout pass.
///
/// Thread-safe: install and read from any thread. A view reads ``current`` when it is
/// created, so install before you create views; views created earlier keep the measurer
/// they were made with.
public enum DefaultTextMeasurer {
    private struct State {
        var installed: (any TextMeasurer)?
        var reported = false
        var handler: @Sendable (String) -> Void = DefaultTextMeasurer.writeToStandardError
    }

    private static let state = Locked(State())

    /// The installed measurer, or ``FallbackTextMeasurer`` when none is installed.
    public static var current: any TextMeasurer {
        state.withLock { $0.installed } ?? FallbackTextMeasurer()
    }

    /// Whether a measurer has been installed with ``install(_:)``.
    public static var isInstalled: Bool {
        state.withLock { $0.installed != nil }
    }

    /// Makes `measurer` the one views use when none is injected. Installing again replaces
    /// it for views created afterwards.
    public static func install(_ measurer: any TextMeasurer) {
        state.withLock { $0.installed = measurer }
    }

    /// Removes the installed measurer, so views fall back to ``FallbackTextMeasurer``.
    public static func uninstall() {
        state.withLock { $0.installed = nil }
    }

    /// Receives the message, once per process, when a ``FallbackTextMeasurer`` measures
    /// because nothing was installed. By default it is written to standard error; a test or
    /// an app with its own logging can replace it.
    public static var missingBackendHandler: @Sendable (String) -> Void {
        get { state.withLock { $0.handler } }
        set { state.withLock { $0.handler = newValue } }
    }

    /// The message ``FallbackTextMeasurer`` reports.
    public static let missingBackendMessage = """
        Trellis: no text measurer is installed, so text is measured approximately \
        (FallbackTextMeasurer: 0.6 em a character). Install one at start-up, for example \
        `DefaultTextMeasurer.install(PangoTextMeasurer.shared)` from TrellisPango, or inject \
        a measurer into each Label.
        """

    /// Reports the missing backend the first time it is called, and never again.
    static func reportMissingBackendOnce() {
        let handler: (@Sendable (String) -> Void)? = state.withLock { state in
            if state.reported { return nil }
            state.reported = true
            return state.handler
        }
        handler?(missingBackendMessage)
    }

    @Sendable private static func writeToStandardError(_ message: String) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(Darwin)
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        #else
        print(message)
        #endif
    }
}

/// What views measure with when no text backend was installed (see
/// ``DefaultTextMeasurer``): ``FixedAdvanceTextMeasurer``'s metrics — every character
/// 0.6 em wide, lines 1.2 em tall — plus a one-time report that nothing was installed.
/// Sizes are plausible, never zero or non-finite, and deterministic; they are not what a
/// real font would draw.
public struct FallbackTextMeasurer: TextMeasurer {
    private let approximation = FixedAdvanceTextMeasurer()

    public init() {}

    public func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        DefaultTextMeasurer.reportMissingBackendOnce()
        return approximation.measure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
    }

    public func measureAttributed(_ text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        DefaultTextMeasurer.reportMissingBackendOnce()
        return approximation.measureAttributed(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
    }
}
