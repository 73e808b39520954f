import Testing
import TrellisPango
@testable import TrellisText

@Suite("Default text measurer")
struct DefaultTextMeasurerTests {
    @Test func fallbackMeasuresLikeTheFixedAdvanceMeasurer() {
        let style = TextStyle(font: Font(size: 10))
        let fallback = FallbackTextMeasurer(), fixed = FixedAdvanceTextMeasurer()
        for (text, width, lines) in [("hello", nil as Double?, 1), ("a longer title that wraps", 60, 0), ("", nil, 1)] {
            #expect(fallback.measure(text, style: style, maxWidth: width, maxLines: lines)
                    == fixed.measure(text, style: style, maxWidth: width, maxLines: lines))
        }
    }

    @Test func theMissingBackendIsReportedOnceWithWhatToDo() {
        #expect(DefaultTextMeasurer.missingBackendMessage.contains("DefaultTextMeasurer.install(PangoTextMeasurer.shared)"))
        _ = FallbackTextMeasurer().measure("x", style: TextStyle())
        // Whoever measured first got the report; a second measurement reports nothing.
        let reports = Locked(0)
        let previous = DefaultTextMeasurer.missingBackendHandler
        DefaultTextMeasurer.missingBackendHandler = { _ in reports.withLock { $0 += 1 } }
        defer { DefaultTextMeasurer.missingBackendHandler = previous }
        _ = FallbackTextMeasurer().measure("y", style: TextStyle())
        #expect(reports.withLock { $0 } == 0)
    }

    @Test func theInstalledMeasurerIsCurrent() {
        // Every test process installs the same Pango measurer, so this cannot race.
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        #expect(DefaultTextMeasurer.isInstalled)
        #expect(DefaultTextMeasurer.current is PangoTextMeasurer)
    }
}
