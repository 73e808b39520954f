import Testing
@testable import Trellis

@Suite("OffsetTree")
struct OffsetTreeTests {
    /// Offsets computed the slow way, adding extents one by one.
    private func sequentialOffsets(_ extents: [Double]) -> [Double] {
        var result = [0.0]
        for e in extents { result.append(result.last! + e) }
        return result
    }

    @Test func emptyTree() {
        let tree = OffsetTree()
        #expect(tree.count == 0 && tree.total == 0 && tree.offset(of: 0) == 0)
        #expect(tree.index(containing: 5) == 0)
    }

    @Test(arguments: [1, 2, 3, 7, 8, 9, 100])
    func offsetsEqualRunningSums(count: Int) {
        let extents = (0..<count).map { Double(($0 * 37) % 11 + 1) }
        let tree = OffsetTree(extents)
        let expected = sequentialOffsets(extents)
        for i in 0...count { #expect(tree.offset(of: i) == expected[i]) }
        #expect(tree.total == expected[count])
    }

    @Test func indexContainingFindsTheSpan() {
        let tree = OffsetTree([10, 0, 5, 20])
        #expect(tree.index(containing: -1) == 0)
        #expect(tree.index(containing: 0) == 0)
        #expect(tree.index(containing: 9.99) == 0)
        #expect(tree.index(containing: 10) == 2)  // element 1 has zero extent
        #expect(tree.index(containing: 14.9) == 2)
        #expect(tree.index(containing: 15) == 3)
        #expect(tree.index(containing: 34.9) == 3)
        #expect(tree.index(containing: 35) == 4)
    }

    @Test func updatesMatchAFreshBuildBitForBit() {
        var rng = SplitMix64(seed: 7)
        var extents = (0..<1000).map { _ in Double(rng.next() % 1000) / 7 }
        var tree = OffsetTree(extents)
        for _ in 0..<500 {
            let i = Int(rng.next() % 1000)
            extents[i] = Double(rng.next() % 1000) / 3
            tree.setExtent(extents[i], at: i)
        }
        let fresh = OffsetTree(extents)
        for i in stride(from: 0, through: 1000, by: 13) { #expect(tree.offset(of: i).bitPattern == fresh.offset(of: i).bitPattern) }
        #expect(tree.total.bitPattern == fresh.total.bitPattern)
    }

    @Test func replaceSubrangeWithDifferentCountsMatchesAFreshBuild() {
        var rng = SplitMix64(seed: 11)
        var extents = (0..<50).map { _ in Double(rng.next() % 100) / 3 }
        var tree = OffsetTree(extents)
        for _ in 0..<200 {
            let a = Int(rng.next() % UInt64(extents.count + 1))
            let b = a + Int(rng.next() % UInt64(extents.count - a + 1))
            let replacement = (0..<Int(rng.next() % 6)).map { _ in Double(rng.next() % 100) / 3 }
            extents.replaceSubrange(a..<b, with: replacement)
            tree.replaceSubrange(a..<b, with: replacement)
            #expect(tree.count == extents.count)
            let fresh = OffsetTree(extents)
            for i in 0...extents.count { #expect(tree.offset(of: i).bitPattern == fresh.offset(of: i).bitPattern) }
        }
    }

    @Test func appendGrowsTheTree() {
        var tree = OffsetTree()
        for i in 1...20 { tree.append(Double(i)) }
        #expect(tree.count == 20 && tree.total == 210 && tree.offset(of: 10) == 55)
        tree.removeAll()
        #expect(tree.count == 0 && tree.total == 0)
    }
}
