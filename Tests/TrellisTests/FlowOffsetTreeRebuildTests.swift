import Testing
@testable import Trellis

/// `OffsetTree.rebuild(count:writingLeaves:)`, added for FlowLayout's relayouts: reusing a
/// tree must give exactly (bit for bit) what a fresh tree of the same extents gives.
@Suite("OffsetTree.rebuild")
struct FlowOffsetTreeRebuildTests {
    @Test(arguments: [(0, 5), (5, 0), (3, 1000), (1000, 3), (513, 1025), (1025, 513), (64, 64)])
    func rebuildingEqualsAFreshTree(previousCount: Int, count: Int) {
        var rng = SplitMix64(seed: UInt64(previousCount * 7919 + count))
        var tree = OffsetTree((0..<previousCount).map { _ in Double.random(in: 0...50, using: &rng) })
        let extents = (0..<count).map { _ in Double(Int.random(in: 0...400, using: &rng)) / 3 }
        tree.rebuild(count: count) { leaves in
            for index in 0..<count { leaves[index] = extents[index] }
        }
        let fresh = OffsetTree(extents)
        #expect(tree == fresh)
        #expect(tree.total.bitPattern == fresh.total.bitPattern)
        for index in 0...count { #expect(tree.offset(of: index).bitPattern == fresh.offset(of: index).bitPattern) }
        for probe in stride(from: -1.0, to: fresh.total + 2, by: 7.3) { #expect(tree.index(containing: probe) == fresh.index(containing: probe)) }
    }
}

@Suite("OffsetWalk")
struct OffsetWalkTests {
    @Test(arguments: [1, 2, 7, 64, 1000, 4097])
    func increasingOffsetsEqualOffsetOfBitForBit(count: Int) {
        var rng = SplitMix64(seed: UInt64(count))
        let tree = OffsetTree((0..<count).map { _ in Double(Int.random(in: 0...900, using: &rng)) / 7 })
        for _ in 0..<5 {
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 65) { partial in
                var walk = OffsetWalk(tree: tree, partial: partial)
                var index = Int.random(in: 0...count, using: &rng)
                while index <= count {
                    #expect(walk.offset(of: index).bitPattern == tree.offset(of: index).bitPattern)
                    index += Int.random(in: 1...40, using: &rng)
                }
            }
        }
    }
}
