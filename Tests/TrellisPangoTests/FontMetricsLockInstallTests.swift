import CPango
import Testing
@testable import TrellisPango

/// The metrics lock must be in place before a second thread can measure: a thread that
/// entered Pango-Cairo's own `get_metrics` before the lock was swapped in runs outside it,
/// alongside the first locked call (the race the lock is there for). A program makes its
/// measurer on one thread before it hands measuring to others (`trellis gallery` makes
/// `PangoTextMeasurer.shared` on the main thread while GTK builds the window, then starts
/// a worker), so making the measurer installs the lock.
///
/// Run alone (`swift test --filter FontMetricsLockInstall`) to see it fail without the
/// install: in a full run an earlier test may have installed the lock already.
@Suite("Font metrics lock install")
struct FontMetricsLockInstallTests {
    @Test func makingAMeasurerInstallsTheLock() throws {
        let hook = try #require(PangoFontMetricsLock.hook, "no Pango-Cairo font to hook")
        _ = PangoTextMeasurer()
        let current = try #require(hook.fontClass.pointee.get_metrics)
        #expect(unsafeBitCast(current, to: UnsafeRawPointer.self) != unsafeBitCast(hook.original, to: UnsafeRawPointer.self),
                "Pango-Cairo's get_metrics is not wrapped by the lock after a measurer was made")
    }
}
