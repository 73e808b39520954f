import Testing
@testable import TrellisText

@Suite struct CacheIndexTests {
    /// Random inserts and removals against a dictionary model, with hashes drawn from a
    /// small range so probe chains collide, wrap around the table and get shifted back.
    @Test(arguments: [1, 7, 64])
    func agreesWithADictionary(capacity: Int) {
        var random = SplitMix64(state: UInt64(capacity))
        var index = CacheIndex(capacity: capacity)
        var model: [Int: UInt64] = [:]           // slot -> hash
        for _ in 0..<20_000 {
            let slot = Int.random(in: 0..<capacity, using: &random)
            if let hash = model[slot] {
                index.remove(slot: slot, hash: hash)
                model[slot] = nil
            } else {
                let hash = UInt64.random(in: 0..<UInt64(capacity * 3), using: &random) &* 0x9E37_79B9_7F4A_7C15
                index.insert(slot: slot, hash: hash)
                model[slot] = hash
            }
            // Every present slot is found under its hash; absent ones are not.
            for probe in 0..<capacity {
                let expected = model[probe]
                let found = index.find(hash: expected ?? 1) { $0 == probe }
                #expect(found == (expected == nil ? nil : probe))
            }
        }
    }

    /// An index takes at most `capacity` slots: one more is a programmer error that stops
    /// the program, not a table left to fill up, where `insert` and a missing `find` would
    /// probe for ever (it is public API, for tables kept by other modules).
    @Test func insertingPastTheCapacityIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            var index = CacheIndex(capacity: 1)
            index.insert(slot: 0, hash: 1)
            index.insert(slot: 1, hash: 2)
        }
        // Up to the capacity, and again after a removal, is fine.
        var index = CacheIndex(capacity: 2)
        index.insert(slot: 0, hash: 1)
        index.insert(slot: 1, hash: 1)
        index.remove(slot: 0, hash: 1)
        index.insert(slot: 2, hash: 3)
        #expect(index.find(hash: 3) { $0 == 2 } == 2)
        #expect(index.find(hash: 1) { $0 == 1 } == 1)
    }

    @Test func keysCompareBytesNotCanonicalEquivalence() {
        let composed = CacheKey(text: "caf\u{E9}", style: TextStyle(), maxWidth: nil, maxLines: 0)
        let decomposed = CacheKey(text: "cafe\u{301}", style: TextStyle(), maxWidth: nil, maxLines: 0)
        #expect(composed.text == decomposed.text)          // Swift says equal…
        #expect(!composed.matches(decomposed))              // …the cache does not.
        #expect(composed.matches(CacheKey(text: "café", style: TextStyle(), maxWidth: nil, maxLines: 0)))
        let long = String(repeating: "long text ", count: 20)
        #expect(CacheKey(text: long, style: TextStyle(), maxWidth: 3, maxLines: 1)
            .matches(CacheKey(text: String(long.reversed().reversed()), style: TextStyle(), maxWidth: 3, maxLines: 1)))
        #expect(composed.hash(seed: 1) != composed.hash(seed: 2))
        #expect(composed.hash(seed: 1) == composed.hash(seed: 1))
        #expect(composed.hash(seed: 1) != decomposed.hash(seed: 1))
    }
}
