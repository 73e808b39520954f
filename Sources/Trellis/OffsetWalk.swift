// Offsets of increasing indices in an OffsetTree, for walking consecutive lines (flow) or
// consecutive items of a column (waterfall).

/// Answers `OffsetTree.offset(of:)` for a sequence of increasing indices, reusing the part
/// of the root-to-leaf path the previous index shared: for neighbouring lines that is all
/// but the last few levels, so a walk over k lines costs O(log n + k) node reads instead of
/// O(k log n). It adds the same nodes in the same order as `offset(of:)` (a node's left
/// sibling sum whenever the path turns right, top down), so the results are the same bits.
struct OffsetWalk {
    let tree: OffsetTree
    /// log2 of the tree's capacity: the depth of the leaves.
    let depth: Int
    /// partial[k]: the sum of the path's left siblings above depth k, for `previous`.
    var partial: UnsafeMutableBufferPointer<Double>
    var previous = -1

    /// The deepest a tree's leaves can be (its capacity is an `Int` power of two).
    static let maximumDepth = Int.bitWidth - 1

    /// `partial` needs `depth + 1` elements (at most `maximumDepth + 1`).
    init(tree: OffsetTree, partial: UnsafeMutableBufferPointer<Double>) {
        self.tree = tree
        depth = tree.capacity.trailingZeroBitCount
        self.partial = partial
        precondition(partial.count > depth, "OffsetWalk needs \(depth + 1) partial sums")
    }

    /// `tree.offset(of: index)`, for `index` larger than the one before.
    mutating func offset(of index: Int) -> Double {
        precondition(index >= 0 && index <= tree.count && index > previous, "OffsetWalk: indices must increase")
        if index >= tree.capacity { return tree.total }
        // Levels above the highest bit where the two leaf positions differ are shared.
        var level = previous < 0 ? 0 : depth - (Int.bitWidth - (previous ^ index).leadingZeroBitCount)
        var sum = previous < 0 ? 0 : partial[level]
        var node = (tree.capacity + index) >> (depth - level)
        tree.nodes.withUnsafeBufferPointer { nodes in
            while level < depth {
                partial[level] = sum
                if (index >> (depth - 1 - level)) & 1 == 1 {
                    sum += nodes[2 * node]
                    node = 2 * node + 1
                } else {
                    node = 2 * node
                }
                level += 1
            }
        }
        partial[depth] = sum
        previous = index
        return sum
    }
}
