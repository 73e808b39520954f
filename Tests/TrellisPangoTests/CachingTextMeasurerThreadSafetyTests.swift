import Foundation
import Testing
import TrellisText
import TrellisPango

/// One `CachingTextMeasurer` shared by several threads — hits, misses
/// and evictions racing on the same keys — answers every call as an unshared measurer does,
/// and counts every call once. `make tsan` runs this suite under ThreadSanitizer (the suite
/// name has "ThreadSafety" in it), which must report nothing.
@Suite("CachingTextMeasurer ThreadSafety")
struct CachingTextMeasurerThreadSafetyTests {
    /// Mismatches seen by the threads.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var problems: [String] = []
        func record(_ problem: String) { lock.lock(); problems.append(problem); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return problems }
    }

    struct Key: Hashable, Sendable {
        var text: String
        var maxWidth: Double?
        var maxLines: Int
    }

    static let keys: [Key] = {
        let texts = ["A", "much longer", "a tag far too long for its maximum width", "שלום עולם", "e\u{301}", "Ünïcödé", "line\nbreak", ""]
        return texts.flatMap { text in [Key(text: text, maxWidth: nil, maxLines: 1), Key(text: text, maxWidth: 60, maxLines: 0),
                                        Key(text: text, maxWidth: 120, maxLines: 2)] }
    }()

    @Test func aSharedCacheAnswersEveryThreadAsAnUnsharedMeasurer() {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 15), lineBreakMode: .truncateTail)
        let reference = Dictionary(uniqueKeysWithValues: Self.keys.map {
            ($0, PangoTextMeasurer.shared.measure($0.text, style: style, maxWidth: $0.maxWidth, maxLines: $0.maxLines))
        })
        // Fewer slots than keys, so threads evict each other's entries while they read them.
        let shared = CachingTextMeasurer(wrapping: PangoTextMeasurer.shared, capacity: 8)
        let tally = Tally()
        let threads = 8, callsPerThread = 600
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var generator = SystemRandomNumberGenerator()
            for call in 0..<callsPerThread {
                let key = call % 3 == 0 ? Self.keys[(thread + call) % Self.keys.count] : Self.keys.randomElement(using: &generator)!
                let measured = shared.measure(key.text, style: style, maxWidth: key.maxWidth, maxLines: key.maxLines)
                if measured != reference[key] { tally.record("thread \(thread): \(key) measured \(measured)") }
            }
        }
        #expect(tally.all.isEmpty, "\(tally.all.prefix(3))")
        let statistics = shared.statistics
        #expect(statistics.hits + statistics.derivedHits + statistics.misses == threads * callsPerThread)
        #expect(statistics.count <= 8)
        #expect(statistics.evictions > 0)
    }

    @Test func removeAllWhileOtherThreadsMeasureLeavesAConsistentCache() {
        let style = TextStyle()
        let shared = CachingTextMeasurer(wrapping: PangoTextMeasurer.shared, capacity: 16)
        let tally = Tally()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for call in 0..<300 {
                if thread == 0 && call % 50 == 0 { shared.removeAll(); continue }
                let key = Self.keys[(thread * 7 + call) % Self.keys.count]
                let measured = shared.measure(key.text, style: style, maxWidth: key.maxWidth, maxLines: key.maxLines)
                let direct = PangoTextMeasurer.shared.measure(key.text, style: style, maxWidth: key.maxWidth, maxLines: key.maxLines)
                if measured != direct { tally.record("\(key): \(measured) != \(direct)") }
            }
        }
        #expect(tally.all.isEmpty, "\(tally.all.prefix(3))")
        #expect(shared.statistics.count <= 16)
    }
}
