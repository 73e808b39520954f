// Anchored line breaking: the lines from an anchor line on keep their items while the
// lines above it are broken backwards, so a size change above the anchor changes only
// lines above it (the reader's lines stay as they are) and the difference settles at the
// section's start, out of sight: its first line may be shorter than greedy filling would
// make it.
//
// Backward greedy breaking is greedy filling read from the end: a line ending before item
// e takes items e-1, e-2, … while they fit. Inside a run of identical items it is as
// periodic as forward breaking (a line of k items is followed, going up, by lines of k
// items while the item before each is still in the run), so the periodic lines are stored
// as one `FlowBlock` too, and a backward re-flow through a million unmeasured items costs
// one block.

extension FlowSection {
    /// The first item of the backward greedy line that ends before item `end`: items are
    /// taken from `end - 1` backwards while the line, with the minimum spacing, fits.
    /// Always at least one item.
    /// - Complexity: O(items on the line).
    @inline(__always) static func greedyStart(_ items: UnsafeBufferPointer<FlowItem>, endingAt end: Int, geometry: FlowSectionGeometry) -> Int {
        let available = geometry.available
        let spacing = geometry.metrics.interitemSpacing
        var used = Swift.min(items[end - 1].main, available)
        var start = end - 1
        while start > 0 {
            let next = used + spacing + Swift.min(items[start - 1].main, available)
            if next > available { break }
            used = next
            start -= 1
        }
        return start
    }

    /// The block of periodic backward lines ending before item `end`, inside a run of
    /// identical items `runStart..<runEnd`, or nil when fewer than `minimumBlockLines` are
    /// periodic. The line ending at `end` holds k items; every line above it, going up,
    /// holds k too while the item before it is still in the run (that item is the same size
    /// and did not fit).
    /// - Complexity: O(k).
    @inline(__always) static func periodicBlock(
        _ items: UnsafeBufferPointer<FlowItem>, endingAt end: Int, runStart: Int, runEnd: Int, geometry: FlowSectionGeometry
    ) -> FlowBlock? {
        guard end <= runEnd && end - 1 >= runStart else { return nil }
        let start = greedyStart(items, endingAt: end, geometry: geometry)
        guard start > runStart else { return nil }
        let perLine = end - start
        let lines = (end - 1 - runStart) / perLine
        guard lines >= minimumBlockLines else { return nil }
        let extent = placeLine(items, start..<end, isLast: end == items.count, geometry: geometry).crossExtent
        return FlowBlock(start: end - lines * perLine, itemsPerLine: perLine, lineCount: lines, lineExtent: extent)
    }

    /// Gives item `index` its distance and leaf during a re-flow, counting in `lineDelta`
    /// the ordinary line starts gained (+1) and lost (−1).
    @inline(__always) static func write(
        _ index: Int, distance: UInt32, leaf: Double, distances: UnsafeMutableBufferPointer<UInt32>, tree: inout OffsetTree, lineDelta: inout Int
    ) {
        let old = distances[index]
        if old != distance {
            if old == 0 { lineDelta -= 1 }
            if distance == 0 { lineDelta += 1 }
            distances[index] = distance
        }
        if tree[index] != leaf { tree.setExtent(leaf, at: index) }
    }

    /// The index in `blocks` of the block holding `item`, or nil.
    /// - Complexity: O(log b).
    func blockIndex(containing item: Int) -> Int? {
        let index = Self.firstIndex(in: blocks, startingAfter: item) - 1
        return index >= 0 && blocks[index].end > item ? index : nil
    }

    /// Makes the line starting at `start` the first line of a block or an ordinary line,
    /// never a later line of a block: a block holding it is cut in two there. A piece of
    /// fewer than `minimumBlockLines` lines becomes ordinary lines. The lines themselves do
    /// not change.
    /// - Precondition: a line starts at `start`.
    /// - Complexity: O(log n + b), plus O(k) for a piece that becomes an ordinary line.
    mutating func splitBlock(atLineStart start: Int) {
        guard start < items.count, lineStartDistance[start] == Self.inBlock,
              let index = blockIndex(containing: start), blocks[index].start < start else { return }
        let block = blocks[index]
        assert((start - block.start) % block.itemsPerLine == 0, "a block is cut between two lines")
        let headLines = (start - block.start) / block.itemsPerLine
        let head = FlowBlock(start: block.start, itemsPerLine: block.itemsPerLine, lineCount: headLines, lineExtent: block.lineExtent)
        let tail = FlowBlock(start: start, itemsPerLine: block.itemsPerLine, lineCount: block.lineCount - headLines, lineExtent: block.lineExtent)
        blocks.remove(at: index)
        var kept: [FlowBlock] = []
        for piece in [head, tail] {
            if let block = settle(piece) { kept.append(block) }
        }
        blocks.insert(contentsOf: kept, at: index)
    }

    /// Writes the leaves of `piece`, a block's worth of periodic lines whose items are
    /// marked `inBlock`: as a block when it has `minimumBlockLines` lines (returned, for the
    /// caller to store), else as ordinary lines (nil).
    /// - Complexity: O(log n), or O(k log n) for ordinary lines of k items.
    private mutating func settle(_ piece: FlowBlock) -> FlowBlock? {
        let spacing = geometry.metrics.lineSpacing
        if piece.lineCount >= Self.minimumBlockLines {
            lineOffsets.setExtent(piece.extent(spacing: spacing), at: piece.start)
            return piece
        }
        for line in 0..<piece.lineCount {
            let lineStart = piece.start + line * piece.itemsPerLine
            for index in lineStart..<(lineStart + piece.itemsPerLine) {
                lineStartDistance[index] = UInt32(truncatingIfNeeded: index - lineStart)
            }
            lineOffsets.setExtent(Self.leaf(start: lineStart, crossExtent: piece.lineExtent, lineSpacing: spacing), at: lineStart)
        }
        return nil
    }

    /// Re-breaks the lines above item `end` backwards (greedy from the end, periodic lines
    /// inside runs of identical items as blocks) until a new line starts where an old one
    /// did, at or before `firstChanged`; the lines from `end` on are not touched. What is
    /// left at the section's start is its first line, however short.
    /// - Precondition: a line starts at `end` (or `end == items.count`) and it is not a
    ///   later line of a block (`splitBlock(atLineStart:)`); the runs are up to date.
    /// - Returns: how many items were re-flowed (a block counts its last line).
    /// - Complexity: O(k log n) for k items on the re-flowed lines outside blocks, plus
    ///   O(log n + b) per block.
    mutating func reflowBackward(endingAt end: Int, firstChanged: Int) -> Int {
        let geometry = self.geometry
        let spacing = geometry.metrics.lineSpacing
        let count = items.count
        let oldBlocks = blocks
        let runs = self.runs
        var reflowed = 0
        var explicitLineDelta = 0
        var created: [FlowBlock] = []
        // Where the old lines resume, going up: the lines before `stop` are the old ones.
        var stop = 0
        var items = self.items, distances = lineStartDistance, tree = lineOffsets
        self.items = []
        lineStartDistance = []
        lineOffsets = OffsetTree()
        items.withUnsafeBufferPointer { items in
            distances.withUnsafeMutableBufferPointer { distances in
                func write(_ index: Int, distance: UInt32, leaf: Double) {
                    Self.write(index, distance: distance, leaf: leaf, distances: distances, tree: &tree, lineDelta: &explicitLineDelta)
                }
                /// True when an old line started at `index` (read before `index` is written).
                func wasLineStart(_ index: Int) -> Bool {
                    let distance = distances[index]
                    if distance == 0 { return true }
                    guard distance == Self.inBlock, let block = Self.block(in: oldBlocks, containing: index) else { return false }
                    return (index - block.start) % block.itemsPerLine == 0
                }
                var end = end
                var run = Self.firstIndex(in: runs, startingAfter: end - 1) - 1
                while end > 0 {
                    while run >= 0 && runs[run].start >= end { run -= 1 }
                    let start: Int
                    if run >= 0 && runs[run].end >= end,
                       let block = Self.periodicBlock(items, endingAt: end, runStart: runs[run].start, runEnd: runs[run].end, geometry: geometry) {
                        start = block.start
                        let resumes = start <= firstChanged && wasLineStart(start)
                        write(start, distance: Self.inBlock, leaf: block.extent(spacing: spacing))
                        for index in (start + 1)..<block.end { write(index, distance: Self.inBlock, leaf: 0) }
                        created.append(block)
                        reflowed += block.itemsPerLine
                        if resumes { stop = start; break }
                    } else {
                        start = Self.greedyStart(items, endingAt: end, geometry: geometry)
                        let resumes = start <= firstChanged && wasLineStart(start)
                        let extent = Self.placeLine(items, start..<end, isLast: end == count, geometry: geometry).crossExtent
                        let leaf = Self.leaf(start: start, crossExtent: extent, lineSpacing: spacing)
                        for index in start..<end {
                            write(index, distance: UInt32(truncatingIfNeeded: index - start), leaf: index == start ? leaf : 0)
                        }
                        reflowed += end - start
                        if resumes { stop = start; break }
                    }
                    end = start
                }
            }
        }
        self.items = items
        lineStartDistance = distances
        lineOffsets = tree
        // Old blocks meeting `stop..<end` were re-flowed; one reaching above `stop` keeps its
        // lines before `stop`.
        var first = Self.firstIndex(in: oldBlocks, startingAfter: stop - 1)
        let last = Self.firstIndex(in: oldBlocks, startingAfter: end - 1)
        var replacedLines = oldBlocks[first..<last].reduce(0) { $0 + $1.lineCount }
        var head: FlowBlock?
        if first > 0, oldBlocks[first - 1].end > stop {
            first -= 1
            let block = oldBlocks[first]
            replacedLines += block.lineCount
            let piece = FlowBlock(start: block.start, itemsPerLine: block.itemsPerLine,
                                  lineCount: (stop - block.start) / block.itemsPerLine, lineExtent: block.lineExtent)
            head = settle(piece)
            if head == nil { explicitLineDelta += piece.lineCount }
            else { replacedLines -= piece.lineCount }
        }
        created.reverse()
        blocks.replaceSubrange(first..<last, with: (head.map { [$0] } ?? []) + created)
        lineCount += explicitLineDelta + created.reduce(0) { $0 + $1.lineCount } - replacedLines
        return reflowed
    }

    /// Breaks the items of `range` into balanced lines of their own (balanced breaking).
    /// - Complexity: O(k·w) for k items and at most w per line, plus O(k log n).
    mutating func flowBalanced(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let geometry = self.geometry
        let extents = items[range].map { Swift.min($0.main, geometry.available) }
        let starts = geometry.metrics.lineBreaking.lineStarts(
            mainExtents: extents, available: geometry.available, spacing: geometry.metrics.interitemSpacing)
        for (line, relative) in starts.enumerated() {
            let start = range.lowerBound + relative
            let end = line + 1 < starts.count ? range.lowerBound + starts[line + 1] : range.upperBound
            let extent = lineMetrics(start..<end).crossExtent
            for index in start..<end {
                lineStartDistance[index] = UInt32(truncatingIfNeeded: index - start)
                let leaf = index == start ? Self.leaf(start: start, crossExtent: extent, lineSpacing: geometry.metrics.lineSpacing) : 0
                if lineOffsets[index] != leaf { lineOffsets.setExtent(leaf, at: index) }
            }
        }
    }

    /// Counts the lines, blocks' lines included.
    /// - Complexity: O(lines outside blocks + blocks).
    func countLines() -> Int {
        var lines = 0
        var start = 0
        while start < items.count {
            if lineStartDistance[start] == Self.inBlock, let block = block(containing: start) {
                lines += block.lineCount
                start = block.end
            } else {
                lines += 1
                start = lineEnd(from: start)
            }
        }
        return lines
    }
}
