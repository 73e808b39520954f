import Testing
@testable import Trellis

/// `Array.insert(_:landingAt:)` against inserting one element at a time in ascending order
/// (each index is where the element ends up), over random arrays and index sets — few runs
/// (moved in place) and many (rebuilt).
@Suite("Array: insertion at final indices")
struct ArrayInsertionTests {
    @Test("Each element lands at its index; the others keep their order", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func landsWhereSaid(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let original = (0..<Int(random.next() % 40)).map { "old \($0)" }
            let insertedCount = 1 + Int(random.next() % 30)
            var indices = Set<Int>()
            while indices.count < insertedCount { indices.insert(Int(random.next() % UInt64(original.count + insertedCount))) }
            let sorted = indices.sorted()
            let elements = sorted.map { "new \($0)" }
            var expected = original
            for (element, index) in zip(elements, sorted) { expected.insert(element, at: index) }
            var actual = original
            actual.insert(elements, landingAt: sorted)
            #expect(actual == expected, "inserting at \(sorted) into \(original.count) elements")
        }
    }

    @Test("Nothing to insert leaves the array as it was")
    func nothing() {
        var array = [1, 2, 3]
        array.insert([], landingAt: [])
        #expect(array == [1, 2, 3])
    }
}
