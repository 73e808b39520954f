extension Array {
    /// Inserts `elements[j]` so that it lands at index `indices[j]` of the result
    /// (`indices` ascending, each within the result).
    ///
    /// A run of consecutive indices goes in as one block, moving the elements after it
    /// rather than copying them: a few runs (sections paged in above a timeline) cost
    /// O(n) moves and no retain or release of the elements kept. Many scattered runs
    /// rebuild the array instead, O(n + k) copies.
    /// - Precondition: as many indices as elements, ascending, within the result.
    package mutating func insert(_ elements: [Element], landingAt indices: [Int]) {
        precondition(elements.count == indices.count, "\(elements.count) elements to insert at \(indices.count) indices")
        guard let first = indices.first, let last = indices.last else { return }
        precondition(first >= 0 && last < count + indices.count, "insertion indices \(first)…\(last) outside 0..<\(count + indices.count)")
        var runs: [Range<Int>] = []  // runs of positions in `indices`
        var start = 0
        for position in 1...indices.count {
            if position == indices.count || indices[position] != indices[position - 1] + 1 {
                precondition(position == indices.count || indices[position] > indices[position - 1], "insertion indices must ascend")
                runs.append(start..<position)
                start = position
            }
        }
        if runs.count <= 8 {
            // Ascending: each run's indices are final once the runs before it are in.
            for run in runs { insert(contentsOf: elements[run], at: indices[run.lowerBound]) }
            return
        }
        var result: [Element] = []
        result.reserveCapacity(count + indices.count)
        var old = 0, next = 0
        for index in 0..<(count + indices.count) {
            if next < indices.count && indices[next] == index {
                result.append(elements[next])
                next += 1
            } else {
                result.append(self[old])
                old += 1
            }
        }
        self = result
    }
}
