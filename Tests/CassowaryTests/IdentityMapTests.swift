import Testing
@testable import Cassowary

@Suite struct IdentityMapTests {
    /// Random inserts, overwrites and removals (which exercise growth and backward-shift
    /// deletion) agree with a `Dictionary` at every step.
    @Test func agreesWithDictionary() {
        var rng = SplitMix64(seed: 99)
        let objects = (0..<300).map { Variable("o\($0)") }
        var map = IdentityMap()
        // Empty maps allocate nothing; lookups and removals on them are fine.
        #expect(map[ObjectIdentifier(objects[0])] == nil)
        map[ObjectIdentifier(objects[0])] = nil
        #expect(map.count == 0)
        var reference: [ObjectIdentifier: Int] = [:]
        for step in 0..<20_000 {
            let key = ObjectIdentifier(objects[Int(rng.next() % UInt64(objects.count))])
            if rng.next() % 3 == 0 {
                map[key] = nil
                reference[key] = nil
            } else {
                map[key] = step
                reference[key] = step
            }
            if step % 97 == 0 {
                #expect(map.count == reference.count)
                for object in objects {
                    let id = ObjectIdentifier(object)
                    #expect(map[id] == reference[id])
                }
            }
        }
        #expect(map.values.sorted() == reference.values.sorted())
        map.removeAll()
        #expect(map.count == 0 && map[ObjectIdentifier(objects[0])] == nil)
    }
}
