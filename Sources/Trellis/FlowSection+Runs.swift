// Runs of identical items, and the periodic lines inside them ("blocks").
//
// Why they exist: items not measured yet all have the same estimated size. When items
// before them are measured, their lines shift by a few items, and with identical items
// after them a shifted line never ends where an old one did: re-flowing "until the breaks
// fall in step again" ran to the end of the section, O(n) per scroll frame (measured: p50
// 71 ms at 1,000,000 items). Inside a run of identical items greedy breaking is periodic:
// a line starting in the run holds exactly k items (the most that fit) whenever the item
// after those k is in the run too, because that item is the same size and did not fit.
// So those lines are stored as one record, a `FlowBlock` (first item, items per line, line
// count, line extent): the block's first item holds the whole block's extent in the offset
// tree (every other item of the block 0), its items are marked `FlowSection.inBlock`
// instead of a distance, and queries find a line inside it by arithmetic. A re-flow that
// enters a run decides its block in O(k) and jumps over it, whatever its phase.
//
// Canonical form, so an incremental relayout still equals a fresh `prepare` bit for bit:
// `runs` are the maximal runs of at least `minimumRunLength` bit-identical items (a function
// of the items alone), and a run holds a block exactly when the first line starting in it
// is followed by at least `minimumBlockLines` periodic lines — the block then holds all of
// them (a function of the items and the greedy line starts, which both paths compute with
// the same functions). Block extents and line offsets come from one formula
// (`FlowBlock.offset(ofLine:spacing:)`), so both paths get the same bits.

/// A maximal run of at least `FlowSection.minimumRunLength` bit-identical items.
struct FlowRun: Equatable, Sendable {
    var start: Int
    var end: Int
}

/// Periodic lines inside a run of identical items: `lineCount` lines of `itemsPerLine`
/// items each from item `start`, each `lineExtent` across.
struct FlowBlock: Equatable, Sendable {
    var start: Int
    var itemsPerLine: Int
    var lineCount: Int
    var lineExtent: Double

    /// The item after the block's last line.
    var end: Int { start + itemsPerLine * lineCount }

    /// The offset-tree leaf the block's first line would have on its own.
    @inline(__always) func firstLeaf(spacing: Double) -> Double {
        FlowSection.leaf(start: start, crossExtent: lineExtent, lineSpacing: spacing)
    }

    /// Where line `line` of the block starts, from the block's own offset, in the offset
    /// tree's terms (the spacing before a line belongs to the line). `offset(ofLine:
    /// lineCount)` is the block's extent, the leaf its first item holds.
    @inline(__always) func offset(ofLine line: Int, spacing: Double) -> Double {
        line == 0 ? 0 : firstLeaf(spacing: spacing) + Double(line - 1) * (spacing + lineExtent)
    }

    /// The whole block's extent along the scroll axis, spacing included.
    @inline(__always) func extent(spacing: Double) -> Double { offset(ofLine: lineCount, spacing: spacing) }
}

extension FlowSection {
    /// The distance stored for the items of a block (their line is found from the block).
    static let inBlock = UInt32.max
    /// The shortest run of identical items kept in `runs` (a block needs 2 lines and an
    /// item after them, so at least 3 items).
    static let minimumRunLength = 3
    /// The fewest periodic lines stored as a block; fewer stay ordinary lines.
    static let minimumBlockLines = 2

    // MARK: Lookups

    /// The index in `runs` of the run holding `item`, or nil.
    /// - Complexity: O(log r) for r runs.
    func runIndex(containing item: Int) -> Int? {
        let index = Self.firstIndex(in: runs, startingAfter: item) - 1
        return index >= 0 && runs[index].end > item ? index : nil
    }

    /// The block holding `item`, or nil.
    /// - Complexity: O(log b) for b blocks.
    @inline(__always) func block(containing item: Int) -> FlowBlock? { Self.block(in: blocks, containing: item) }

    @inline(__always) static func block(in blocks: [FlowBlock], containing item: Int) -> FlowBlock? {
        let index = firstIndex(in: blocks, startingAfter: item) - 1
        return index >= 0 && blocks[index].end > item ? blocks[index] : nil
    }

    /// The first element whose `start` is greater than `item` (binary search).
    @inline(__always) static func firstIndex<T>(in elements: [T], startingAfter item: Int) -> Int where T: FlowSpan {
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].start <= item { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The block of periodic lines starting at line start `start`, inside a run of
    /// identical items that ends at `runEnd`, or nil when fewer than `minimumBlockLines`
    /// lines are periodic. A line from `start` holds k items; every line `start + j·k` whose
    /// next item (`start + (j+1)·k`) is still in the run holds exactly k too (that item is
    /// the same size and did not fit).
    /// - Complexity: O(k).
    @inline(__always) static func periodicBlock(
        _ items: UnsafeBufferPointer<FlowItem>, from start: Int, runEnd: Int, geometry: FlowSectionGeometry
    ) -> FlowBlock? {
        let end = greedyEnd(items, from: start, geometry: geometry)
        guard end < runEnd else { return nil }
        let perLine = end - start
        let lines = (runEnd - 1 - start) / perLine
        guard lines >= minimumBlockLines else { return nil }
        let extent = placeLine(items, start..<end, isLast: false, geometry: geometry).crossExtent
        return FlowBlock(start: start, itemsPerLine: perLine, lineCount: lines, lineExtent: extent)
    }

    // MARK: Maintaining the runs

    /// Finds every run of identical items.
    /// - Complexity: O(n).
    mutating func rebuildRuns() {
        runs.removeAll(keepingCapacity: true)
        let count = items.count
        var start = 0
        items.withUnsafeBufferPointer { items in
            while start < count {
                var end = start + 1
                while end < count && items[end] == items[start] { end += 1 }
                if end - start >= Self.minimumRunLength { runs.append(FlowRun(start: start, end: end)) }
                start = end
            }
        }
    }

    /// Brings `runs` up to date after item `item` changed from `old` to its current value,
    /// when they were right before the change. A run of identical items that is not stored
    /// is shorter than `minimumRunLength`, so looking past a neighbour costs at most that.
    /// - Complexity: O(log r + r) for r runs (the array's insertions).
    mutating func repairRuns(afterChanging item: Int, from old: FlowItem) {
        let value = items[item]
        guard value != old else { return }
        // The run the item left is cut in two.
        if let index = runIndex(containing: item) {
            let run = runs.remove(at: index)
            var pieces: [FlowRun] = []
            if item - run.start >= Self.minimumRunLength { pieces.append(FlowRun(start: run.start, end: item)) }
            if run.end - item - 1 >= Self.minimumRunLength { pieces.append(FlowRun(start: item + 1, end: run.end)) }
            runs.insert(contentsOf: pieces, at: index)
        }
        // The item joins the identical items beside it.
        var low = item, high = item + 1
        if item > 0 && items[item - 1] == value {
            if let index = runIndex(containing: item - 1) {
                low = runs[index].start
                runs.remove(at: index)
            } else {
                while low > 0 && items[low - 1] == value { low -= 1 }
            }
        }
        if high < items.count && items[high] == value {
            if let index = runIndex(containing: high) {
                high = runs[index].end
                runs.remove(at: index)
            } else {
                while high < items.count && items[high] == value { high += 1 }
            }
        }
        if high - low >= Self.minimumRunLength {
            runs.insert(FlowRun(start: low, end: high), at: Self.firstIndex(in: runs, startingAfter: low))
        }
    }
}

/// Something that starts at an item: a run or a block.
protocol FlowSpan { var start: Int { get } }
extension FlowRun: FlowSpan {}
extension FlowBlock: FlowSpan {}
