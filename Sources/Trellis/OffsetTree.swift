/// A sequence of extents (line heights, row heights, column lengths) that answers "where
/// does element i start" and "which element holds offset y" in O(log n), and takes a new
/// extent for one element in O(log n). What lets a measured height move every later line
/// without touching them (MagazineLayout's `RowOffsetTracker` idea, as a segment tree).
///
/// Why a segment tree rather than a Fenwick tree: every node is recomputed from its two
/// children, so the floating-point sums depend only on the extents, never on the history
/// of updates. An incrementally updated tree therefore answers exactly (to the last bit)
/// what a freshly built one does, which is what lets an incremental relayout equal a full
/// relayout. Capacity beyond `count` holds zeros, which add exactly nothing, so trees of
/// different capacities agree too.
public struct OffsetTree: Sendable, Equatable {
    /// nodes[1] is the root; node k has children 2k and 2k+1; leaves start at `capacity`.
    @usableFromInline var nodes: [Double]
    @usableFromInline var capacity: Int
    public private(set) var count: Int

    /// An empty tree.
    public init() {
        nodes = [0, 0]
        capacity = 1
        count = 0
    }

    /// A tree holding `extents`.
    /// - Complexity: O(n).
    public init(_ extents: some Collection<Double>) {
        self.init()
        reserveCapacity(extents.count)
        count = extents.count
        var leaf = capacity
        for extent in extents {
            nodes[leaf] = extent
            leaf += 1
        }
        rebuildInternalNodes(coveringLeaves: 0..<count)
    }

    /// The extent of element `index`.
    /// - Complexity: O(1).
    @inlinable public subscript(index: Int) -> Double {
        precondition(index >= 0 && index < count, "OffsetTree index \(index) out of range 0..<\(count)")
        return nodes[capacity + index]
    }

    /// The sum of all extents.
    /// - Complexity: O(1).
    @inlinable public var total: Double { nodes[1] }

    /// Replaces the extent of element `index`.
    /// - Complexity: O(log n).
    public mutating func setExtent(_ extent: Double, at index: Int) {
        precondition(index >= 0 && index < count, "OffsetTree index \(index) out of range 0..<\(count)")
        var node = capacity + index
        nodes[node] = extent
        node /= 2
        while node >= 1 {
            nodes[node] = nodes[2 * node] + nodes[2 * node + 1]
            node /= 2
        }
    }

    /// The sum of the extents of the elements before `index` (where element `index` starts).
    /// `offset(of: count)` is `total`.
    /// - Complexity: O(log n).
    @inlinable public func offset(of index: Int) -> Double {
        precondition(index >= 0 && index <= count, "OffsetTree offset index \(index) out of range 0...\(count)")
        if index >= capacity { return nodes[1] }
        // Top-down, adding whole left subtrees: the order of additions depends only on the
        // index, so the result is reproducible bit for bit.
        var node = 1, low = 0, high = capacity
        var sum = 0.0
        while node < capacity {
            let mid = (low + high) / 2
            if index >= mid {
                sum += nodes[2 * node]
                node = 2 * node + 1
                low = mid
            } else {
                node = 2 * node
                high = mid
            }
        }
        return sum
    }

    /// The element whose span `[offset(of: i), offset(of: i + 1))` contains `offset`: 0 for
    /// offsets before the start, `count` for offsets at or past the end. Elements of zero
    /// extent never contain an offset.
    /// - Complexity: O(log n).
    @inlinable public func index(containing offset: Double) -> Int {
        if count == 0 || offset >= nodes[1] { return count }
        if offset < 0 { return 0 }
        var node = 1
        var sum = 0.0
        while node < capacity {
            let left = nodes[2 * node]
            if sum + left > offset {
                node = 2 * node
            } else {
                sum += left
                node = 2 * node + 1
            }
        }
        return Swift.min(node - capacity, count)
    }

    /// Replaces the extents in `range` with `newExtents` (lines re-flowed into a different
    /// number of lines).
    /// - Complexity: O(log n) when the count is unchanged and the range is small; otherwise
    ///   O(n − range.lowerBound) to shift the later elements.
    public mutating func replaceSubrange(_ range: Range<Int>, with newExtents: some Collection<Double>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "OffsetTree range \(range) out of range 0..<\(count)")
        if newExtents.count == range.count {
            var index = range.lowerBound
            for extent in newExtents {
                setExtent(extent, at: index)
                index += 1
            }
            return
        }
        let newCount = count - range.count + newExtents.count
        let tail = Array(nodes[(capacity + range.upperBound)..<(capacity + count)])
        reserveCapacity(newCount)
        var leaf = capacity + range.lowerBound
        for extent in newExtents {
            nodes[leaf] = extent
            leaf += 1
        }
        for extent in tail {
            nodes[leaf] = extent
            leaf += 1
        }
        // Leaves no longer in use must hold zero so they add nothing.
        let oldCount = count
        if newCount < oldCount {
            for leaf in (capacity + newCount)..<(capacity + oldCount) { nodes[leaf] = 0 }
        }
        count = newCount
        rebuildInternalNodes(coveringLeaves: range.lowerBound..<Swift.max(newCount, oldCount))
    }

    /// Appends one extent.
    /// - Complexity: amortised O(log n).
    public mutating func append(_ extent: Double) {
        replaceSubrange(count..<count, with: CollectionOfOne(extent))
    }

    /// Replaces every extent: the tree holds `newCount` zeros, `body` writes the extents it
    /// wants into them, then every internal node is recomputed. Reuses the storage when it
    /// is large enough, so a relayout allocates nothing.
    /// - Complexity: O(n) plus `body`.
    public mutating func rebuild(count newCount: Int, writingLeaves body: (UnsafeMutableBufferPointer<Double>) -> Void) {
        precondition(newCount >= 0, "OffsetTree count must not be negative")
        let oldCount = count
        reserveCapacity(newCount)
        let capacity = self.capacity
        let used = Swift.max(oldCount, newCount)
        count = newCount
        nodes.withUnsafeMutableBufferPointer { nodes in
            let leaves = UnsafeMutableBufferPointer(rebasing: nodes[capacity..<(capacity + used)])
            leaves.update(repeating: 0)
            body(UnsafeMutableBufferPointer(rebasing: leaves[0..<newCount]))
            // What rebuildInternalNodes computes (each node = left + right, so the same
            // bits), without bounds checks: this pass is a third of a large relayout.
            var low = capacity / 2, high = (capacity + Swift.max(used, 1) - 1) / 2
            while low >= 1 {
                for node in low...high { nodes[node] = nodes[2 * node] + nodes[2 * node + 1] }
                if low == 1 { break }
                low /= 2
                high /= 2
            }
        }
    }

    /// Removes every extent, keeping the storage.
    public mutating func removeAll() {
        replaceSubrange(0..<count, with: EmptyCollection())
    }

    /// Grows the storage (doubling) so `minimumCount` leaves fit. Internal nodes are rebuilt
    /// by the caller.
    private mutating func reserveCapacity(_ minimumCount: Int) {
        guard minimumCount > capacity else { return }
        var newCapacity = capacity
        while newCapacity < minimumCount { newCapacity *= 2 }
        var newNodes = [Double](repeating: 0, count: 2 * newCapacity)
        for i in 0..<count { newNodes[newCapacity + i] = nodes[capacity + i] }
        nodes = newNodes
        capacity = newCapacity
        rebuildInternalNodes(coveringLeaves: 0..<count)
    }

    /// Recomputes the parents of the leaves in `range`, level by level.
    private mutating func rebuildInternalNodes(coveringLeaves range: Range<Int>) {
        var low = (capacity + range.lowerBound) / 2
        var high = (capacity + Swift.max(range.upperBound, range.lowerBound + 1) - 1) / 2
        while low >= 1 {
            for node in low...high { nodes[node] = nodes[2 * node] + nodes[2 * node + 1] }
            if low == 1 { break }
            low /= 2
            high /= 2
        }
    }

    public static func == (lhs: OffsetTree, rhs: OffsetTree) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
    }
}
