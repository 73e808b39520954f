import Foundation
import Testing
import TrellisPango
@testable import TrellisText

/// Counts what reaches the wrapped measurer.
final class CountingMeasurer: TextMeasurer, @unchecked Sendable {
    let inner = FixedAdvanceTextMeasurer()
    private let lock = NSLock()
    private(set) var calls = 0
    func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        lock.lock(); calls += 1; lock.unlock()
        return inner.measure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
    }
}

/// A tiny deterministic generator (SplitMix64) for the random workloads.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct CachingTextMeasurerTests {
    @Test func hitsReturnTheSameMeasurementWithoutMeasuringAgain() {
        let base = CountingMeasurer()
        let cache = CachingTextMeasurer(wrapping: base, capacity: 8)
        let style = TextStyle()
        let first = cache.measure("Hello", style: style, maxWidth: 100, maxLines: 2)
        let second = cache.measure("Hello", style: style, maxWidth: 100, maxLines: 2)
        #expect(first == second)
        #expect(base.calls == 1)
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.count == 1)
        #expect(cache.statistics.hitRate == 0.5)
    }

    @Test func everyPartOfTheKeyMatters() {
        let base = CountingMeasurer()
        let cache = CachingTextMeasurer(wrapping: base, capacity: 16)
        let style = TextStyle()
        _ = cache.measure("a b c d", style: style, maxWidth: 20, maxLines: 0)
        _ = cache.measure("a b c e", style: style, maxWidth: 20, maxLines: 0)
        _ = cache.measure("a b c d", style: TextStyle(font: Font(size: 18)), maxWidth: 20, maxLines: 0)
        _ = cache.measure("a b c d", style: TextStyle(lineBreakMode: .charWrap), maxWidth: 20, maxLines: 0)
        _ = cache.measure("a b c d", style: TextStyle(lineHeight: .fixed(30)), maxWidth: 20, maxLines: 0)
        _ = cache.measure("a b c d", style: style, maxWidth: 21, maxLines: 0)
        _ = cache.measure("a b c d", style: style, maxWidth: 20, maxLines: 1)
        #expect(base.calls == 7)
        #expect(cache.statistics.hits == 0)
    }

    @Test func anUnconstrainedLineThatFitsAnswersOtherWidths() {
        let base = CountingMeasurer()
        let cache = CachingTextMeasurer(wrapping: base, capacity: 16)
        let style = TextStyle(font: Font(size: 10))    // 6 pt per character
        let natural = cache.measure("longer", style: style)
        #expect(cache.measure("longer", style: style, maxWidth: 36, maxLines: 1) == natural)
        #expect(cache.measure("longer", style: style, maxWidth: 300, maxLines: 0) == natural)
        #expect(base.calls == 1)
        #expect(cache.statistics.derivedHits == 2)
        // Narrower than the line: measured for real.
        let narrow = cache.measure("longer", style: style, maxWidth: 30, maxLines: 0)
        #expect(narrow.lineCount == 2)
        #expect(base.calls == 2)
    }

    @Test func staysWithinCapacityAndKeepsRecentlyUsedEntries() {
        let base = CountingMeasurer()
        let cache = CachingTextMeasurer(wrapping: base, capacity: 4)
        let style = TextStyle()
        for i in 0..<4 { _ = cache.measure("item \(i)", style: style) }
        _ = cache.measure("item 0", style: style)            // referenced: gets a second chance
        _ = cache.measure("item 4", style: style)            // evicts one of 1…3, not 0
        #expect(cache.statistics.count == 4)
        #expect(cache.statistics.evictions == 1)
        let calls = base.calls
        _ = cache.measure("item 0", style: style)
        #expect(base.calls == calls)
    }

    @Test func randomWorkloadAgreesWithTheWrappedMeasurer() {
        var random = SplitMix64(state: 42)
        let base = FixedAdvanceTextMeasurer()
        let cache = CachingTextMeasurer(wrapping: base, capacity: 50, maxTextBytes: 2_000)
        for _ in 0..<5_000 {
            let text = String(repeating: "w ", count: Int.random(in: 0..<40, using: &random))
            let width: Double? = Bool.random(using: &random) ? nil : Double(Int.random(in: 10..<200, using: &random))
            let lines = Int.random(in: 0..<3, using: &random)
            let style = TextStyle(font: Font(size: [10, 12][Int.random(in: 0..<2, using: &random)]))
            #expect(cache.measure(text, style: style, maxWidth: width, maxLines: lines)
                    == base.measure(text, style: style, maxWidth: width, maxLines: lines))
            let statistics = cache.statistics
            #expect(statistics.count <= 50)
            #expect(statistics.textBytes <= 2_000)
        }
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.derivedHits + statistics.misses == 5_000)
        #expect(statistics.hits > 0)
        #expect(statistics.evictions > 0)
    }

    @Test func textLargerThanTheBudgetIsMeasuredButNotStored() {
        let cache = CachingTextMeasurer(wrapping: FixedAdvanceTextMeasurer(), capacity: 4, maxTextBytes: 10)
        _ = cache.measure(String(repeating: "x", count: 11), style: TextStyle())
        #expect(cache.statistics.count == 0)
        #expect(cache.statistics.misses == 1)
    }

    @Test func removeAllEmptiesAndResets() {
        let cache = CachingTextMeasurer(wrapping: FixedAdvanceTextMeasurer(), capacity: 4)
        _ = cache.measure("a", style: TextStyle())
        _ = cache.measure("a", style: TextStyle())
        cache.removeAll()
        #expect(cache.statistics == .init(hits: 0, derivedHits: 0, misses: 0, evictions: 0, count: 0, textBytes: 0))
        _ = cache.measure("a", style: TextStyle())
        #expect(cache.statistics.misses == 1)
    }

    @Test func concurrentUseIsConsistent() async {
        let cache = CachingTextMeasurer(wrapping: PangoTextMeasurer.shared, capacity: 64)
        let texts = (0..<100).map { "Label number \($0)" }
        let expected = texts.map { PangoTextMeasurer.shared.measure($0, style: TextStyle(), maxWidth: 120, maxLines: 0) }
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var ok = true
                    for round in 0..<5 {
                        for index in texts.indices where (index + worker + round) % 3 == 0 {
                            ok = ok && cache.measure(texts[index], style: TextStyle(), maxWidth: 120, maxLines: 0) == expected[index]
                        }
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
        #expect(cache.statistics.count <= 64)
    }
}
