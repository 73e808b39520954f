// The stored state of one flow section, in logical coordinates: "main" runs along a line
// (x for vertical scrolling, y for horizontal), "cross" runs along the scroll axis. Frames
// are made physical (and mirrored for right-to-left) only when they are handed out, so the
// algorithm exists once for both scroll directions and both layout directions.
//
// Lines are not stored as records. Each item knows how far back its line starts, and the
// offset tree has one leaf per *item*: the first item of a line holds the line's extent
// (plus the line spacing before it), every other item 0. Leaves are therefore indexed by
// something a re-flow never shifts, so a change in the number of lines costs nothing
// extra, and the tree's shape (hence every floating-point sum) is the same as after a
// fresh layout.

/// One item: its size along and across the line and its first baseline. 24 bytes, stored
/// flat: no per-item object. Positions are not stored: a line's placement is recomputed
/// from its items when its frames are asked for (O(items on the line), the same function
/// every time, so the same bits).
struct FlowItem: Sendable, Equatable {
    /// Extent along the line as given (clamped to the available extent when placed).
    var main: Double
    /// Extent across the line (along the scroll axis).
    var cross: Double
    /// Distance from the item's leading cross edge to its first baseline; NaN when none.
    var baseline: Double

    init(main: Double, cross: Double, baseline: Double) {
        self.main = main
        self.cross = cross
        self.baseline = baseline
    }

    /// Where the first baseline is, or the bottom edge (the CSS rule for items without one).
    var ascent: Double { baseline.isNaN ? cross : baseline }

    static func == (lhs: FlowItem, rhs: FlowItem) -> Bool {
        // Bit equality, so NaN baselines compare equal and "identical" means identical.
        lhs.main.bitPattern == rhs.main.bitPattern && lhs.cross.bitPattern == rhs.cross.bitPattern
            && lhs.baseline.bitPattern == rhs.baseline.bitPattern
    }
}

/// A placed line: where its first item starts along the line and the gap after each item,
/// its extent across and, for baseline alignment, its largest ascent. Computed from the
/// line's items whenever needed (by one function), never stored.
struct FlowLineMetrics: Equatable {
    var start: Double
    var gap: Double
    var crossExtent: Double
    var ascent: Double
}

/// A section's metrics resolved against the container: what the hot loops read.
struct FlowSectionGeometry: Sendable, Equatable {
    var metrics: FlowMetrics
    /// The room for a line: container extent along the line minus the line-axis insets.
    var available: Double
    /// Inset before the first item along the line (leading, or top for horizontal scrolling).
    var mainInsetBefore: Double
    /// Insets before the first line and after the last one, along the scroll axis.
    var crossInsetBefore: Double
    var crossInsetAfter: Double
    var headerExtent: Double
    var footerExtent: Double
    var header: Size?
    var footer: Size?
    /// Baseline alignment applies to rows only; columns use `top`.
    var lineAlignment: FlowLineAlignment

    /// From the top of the section (its header's leading edge) to the first line.
    var itemsStart: Double { headerExtent + crossInsetBefore }
}

struct FlowSection: Sendable {
    var geometry: FlowSectionGeometry
    var items: [FlowItem] = []
    /// For each item, how many items before it its line starts (0: it starts a line), or
    /// `inBlock` for the items of a block (FlowSection+Runs.swift).
    var lineStartDistance: [UInt32] = []
    /// One leaf per item: a line's first item holds the line's cross extent plus, unless
    /// it is the first line, the line spacing before it; a block's first item holds the
    /// whole block's extent; every other item 0.
    var lineOffsets = OffsetTree()
    /// The maximal runs of identical items, in item order (FlowSection+Runs.swift).
    var runs: [FlowRun] = []
    /// The periodic lines inside runs, in item order (FlowSection+Runs.swift).
    var blocks: [FlowBlock] = []
    var lineCount = 0
    /// The first item on a line past `maximumLines` (`items.count` when none is hidden).
    var firstHiddenItem = 0
    /// Clamped and invalid sizes of this section, in item order.
    var diagnostics: [LayoutDiagnostic] = []

    init(geometry: FlowSectionGeometry) { self.geometry = geometry }

    /// The extent of the lines that are shown, spacing included.
    var linesExtent: Double {
        firstHiddenItem == items.count ? lineOffsets.total : treeOffset(ofLineStartingAt: firstHiddenItem)
    }

    /// The extent of the whole section along the scroll axis, header and footer included.
    var extent: Double {
        geometry.headerExtent + geometry.crossInsetBefore + linesExtent + geometry.crossInsetAfter + geometry.footerExtent
    }

    /// Items on lines beyond `maximumLines`.
    var hiddenItemCount: Int { items.count - firstHiddenItem }

    /// The first item of the line holding `item`.
    /// - Complexity: O(1); O(log b) inside a block.
    @inline(__always) func lineStart(ofItem item: Int) -> Int {
        let distance = lineStartDistance[item]
        guard distance == Self.inBlock, let block = block(containing: item) else { return item - Int(distance) }
        return item - (item - block.start) % block.itemsPerLine
    }

    /// The end (exclusive) of the line starting at `start`.
    /// - Complexity: O(items on the line); O(log b) inside a block.
    @inline(__always) func lineEnd(from start: Int) -> Int {
        if start < lineStartDistance.count && lineStartDistance[start] == Self.inBlock, let block = block(containing: start) {
            return start + block.itemsPerLine
        }
        var end = start + 1
        while end < lineStartDistance.count && lineStartDistance[end] != 0 && lineStartDistance[end] != Self.inBlock { end += 1 }
        return end
    }

    /// Where the line starting with item `start` begins, from the top of the section.
    /// - Complexity: O(log n).
    @inline(__always) func lineOffset(ofLineStartingAt start: Int) -> Double {
        lineOffset(ofLineStartingAt: start, treeOffset: treeOffset(ofLineStartingAt: start))
    }

    /// The same, given `treeOffset(ofLineStartingAt: start)`.
    @inline(__always) func lineOffset(ofLineStartingAt start: Int, treeOffset offset: Double) -> Double {
        geometry.itemsStart + (start == 0 ? offset : offset + geometry.metrics.lineSpacing)
    }

    /// The extent of the lines before the line starting at `start` (spacing included): the
    /// offset tree's prefix sum, or inside a block the block's offset plus arithmetic.
    /// - Complexity: O(log n).
    @inline(__always) func treeOffset(ofLineStartingAt start: Int) -> Double {
        offsetInsideBlock(ofLineStartingAt: start) ?? lineOffsets.offset(of: start)
    }

    /// The same, for line starts visited in increasing order (`walk` walks `lineOffsets`).
    @inline(__always) func treeOffset(ofLineStartingAt start: Int, walk: inout OffsetWalk) -> Double {
        offsetInsideBlock(ofLineStartingAt: start) ?? walk.offset(of: start)
    }

    /// For a line of a block other than its first: the block's offset plus the lines before
    /// it in the block. Nil for every other line (the tree's prefix sum is right there).
    @inline(__always) func offsetInsideBlock(ofLineStartingAt start: Int) -> Double? {
        guard start < lineStartDistance.count && lineStartDistance[start] == Self.inBlock,
              let block = block(containing: start), block.start < start else { return nil }
        return lineOffsets.offset(of: block.start)
            + block.offset(ofLine: (start - block.start) / block.itemsPerLine, spacing: geometry.metrics.lineSpacing)
    }

    /// The first item of the line whose span (spacing before it included) holds `offset`
    /// (measured like `treeOffset`), or an earlier line; `items.count` past the end.
    /// - Complexity: O(log n).
    func firstLineStart(containing offset: Double) -> Int {
        let index = lineOffsets.index(containing: offset)
        guard index < items.count else { return index }
        guard lineStartDistance[index] == Self.inBlock, let block = block(containing: index) else { return lineStart(ofItem: index) }
        let spacing = geometry.metrics.lineSpacing
        let within = offset - lineOffsets.offset(of: block.start)
        let first = block.firstLeaf(spacing: spacing), step = spacing + block.lineExtent
        var line = 0
        if within >= first && step > 0 { line = 1 + Int(Swift.min(Double(block.lineCount), ((within - first) / step).rounded(.down))) }
        // One line early, so rounding never skips the line that holds `offset`.
        line = Swift.max(0, Swift.min(block.lineCount - 1, line - 1))
        return block.start + line * block.itemsPerLine
    }

    /// The first item of every line (for tests and diagnostics).
    /// - Complexity: O(n).
    func lineStarts() -> [Int] {
        var starts: [Int] = []
        var start = 0
        while start < items.count {
            starts.append(start)
            start = lineEnd(from: start)
        }
        return starts
    }

    /// The offset of an item from its line's leading cross edge.
    @inline(__always) func crossOffset(of item: FlowItem, in line: FlowLineMetrics) -> Double {
        switch geometry.lineAlignment {
        case .top: 0
        case .center: (line.crossExtent - item.cross) / 2
        case .bottom: line.crossExtent - item.cross
        case .baseline: line.ascent - item.ascent
        }
    }

    /// The placement of the line `range`, from its items.
    @inline(__always) func lineMetrics(_ range: Range<Int>) -> FlowLineMetrics {
        items.withUnsafeBufferPointer { Self.placeLine($0, range, isLast: range.upperBound == $0.count, geometry: geometry) }
    }

    /// The leaf of the line starting at `start` with extent `crossExtent`.
    @inline(__always) static func leaf(start: Int, crossExtent: Double, lineSpacing: Double) -> Double {
        start == 0 ? crossExtent : lineSpacing + crossExtent
    }

    /// Breaks and places every line of the section from the items' sizes, reusing storage.
    /// With greedy breaking, the periodic lines inside runs of identical items become blocks.
    /// With `anchor` (an item), the anchor starts a line: the lines from it on are broken
    /// forward and those above it backward (FlowSection+Anchoring.swift); balanced
    /// breaking balances the two parts separately.
    /// - Complexity: O(n).
    mutating func flowAll(anchoredAt anchor: Int = 0) {
        let geometry = self.geometry
        let count = items.count
        let anchor = anchor > 0 && anchor < count ? anchor : 0
        var lines = 0
        var distances = lineStartDistance
        lineStartDistance = []
        if distances.count != count {
            // Every distance is written below (each item is on exactly one line), so a
            // relayout of the same count skips this pass.
            distances.removeAll(keepingCapacity: true)
            distances.append(contentsOf: repeatElement(0, count: count))
        }
        rebuildRuns()
        let runs = self.runs
        var blocks = self.blocks
        self.blocks = []
        blocks.removeAll(keepingCapacity: true)
        items.withUnsafeBufferPointer { items in
            distances.withUnsafeMutableBufferPointer { distances in
                lineOffsets.rebuild(count: count) { leaves in
                    func place(_ start: Int, _ end: Int) {
                        let extent = Self.placeLine(items, start..<end, isLast: end == count, geometry: geometry).crossExtent
                        leaves[start] = Self.leaf(start: start, crossExtent: extent, lineSpacing: geometry.metrics.lineSpacing)
                        for index in start..<end { distances[index] = UInt32(truncatingIfNeeded: index - start) }
                        lines += 1
                    }
                    if geometry.metrics.lineBreaking.isLocal {
                        // The items above the anchor are one line for now; the backward
                        // re-flow below breaks it.
                        if anchor > 0 { place(0, anchor) }
                        var start = anchor
                        var run = 0
                        while start < count {
                            while run < runs.count && runs[run].end <= start { run += 1 }
                            if run < runs.count && runs[run].start <= start,
                               let block = Self.periodicBlock(items, from: start, runEnd: runs[run].end, geometry: geometry) {
                                leaves[start] = block.extent(spacing: geometry.metrics.lineSpacing)
                                for index in start..<block.end { distances[index] = Self.inBlock }
                                blocks.append(block)
                                lines += block.lineCount
                                start = block.end
                                continue
                            }
                            let end = Self.greedyEnd(items, from: start, geometry: geometry)
                            place(start, end)
                            start = end
                        }
                    } else {
                        let extents = items.map { Swift.min($0.main, geometry.available) }
                        for part in [0..<anchor, anchor..<count] where !part.isEmpty {
                            let starts = geometry.metrics.lineBreaking.lineStarts(
                                mainExtents: part.count == count ? extents : Array(extents[part]), available: geometry.available, spacing: geometry.metrics.interitemSpacing)
                            for (index, start) in starts.enumerated() {
                                place(part.lowerBound + start, index + 1 < starts.count ? part.lowerBound + starts[index + 1] : part.upperBound)
                            }
                        }
                    }
                }
            }
        }
        lineStartDistance = distances
        self.blocks = blocks
        lineCount = lines
        if anchor > 0 && geometry.metrics.lineBreaking.isLocal {
            _ = reflowBackward(endingAt: anchor, firstChanged: -1)
        }
        updateFirstHiddenItem()
    }

    /// Finds the first item past `maximumLines`.
    /// - Complexity: O(items on the shown lines outside blocks) with a limit, O(1) without.
    mutating func updateFirstHiddenItem() {
        guard let limit = geometry.metrics.maximumLines, lineCount > limit else {
            firstHiddenItem = items.count
            return
        }
        var lines = 0
        var start = 0
        while start < items.count {
            if lineStartDistance[start] == Self.inBlock, let block = block(containing: start) {
                if lines + block.lineCount > limit {
                    firstHiddenItem = start + (limit - lines) * block.itemsPerLine
                    return
                }
                lines += block.lineCount
                start = block.end
                continue
            }
            if lines == limit {
                firstHiddenItem = start
                return
            }
            lines += 1
            start = lineEnd(from: start)
        }
        firstHiddenItem = items.count
    }

    @inline(__always) static func greedyEnd(_ items: UnsafeBufferPointer<FlowItem>, from start: Int, geometry: FlowSectionGeometry) -> Int {
        let available = geometry.available
        return FlowLineBreaking.greedyLineEnd(
            from: start, count: items.count, available: available, spacing: geometry.metrics.interitemSpacing
        ) { Swift.min(items[$0].main, available) }
    }

    /// Places one line: the first item's offset along the line and the gap between items
    /// (alignment), and the line's extent across. `isLast`: the line is the last of its
    /// section (for `uikit` and `justified`). Item k of the line then sits at
    /// `start + Σ(clamped main extent + gap)` over the items before it.
    /// - Complexity: O(items on the line).
    @inline(__always)
    static func placeLine(
        _ items: UnsafeBufferPointer<FlowItem>, _ range: Range<Int>, isLast: Bool, geometry: FlowSectionGeometry
    ) -> FlowLineMetrics {
        let available = geometry.available
        let spacing = geometry.metrics.interitemSpacing
        let count = range.count
        var sum = 0.0, maxCross = 0.0, maxAscent = 0.0, maxDescent = -Double.infinity
        let baseline = geometry.lineAlignment == .baseline
        for index in range {
            let item = items[index]
            sum += Swift.min(item.main, available)
            if baseline {
                let ascent = item.ascent
                maxAscent = Swift.max(maxAscent, ascent)
                maxDescent = Swift.max(maxDescent, item.cross - ascent)
            } else {
                maxCross = Swift.max(maxCross, item.cross)
            }
        }
        // With baseline alignment the items span from the highest ascent to the lowest descent.
        let crossExtent = baseline ? maxAscent + maxDescent : maxCross
        let packed = sum + spacing * Double(count - 1)
        var start = 0.0, gap = spacing
        switch geometry.metrics.alignment {
        case .leading:
            break
        case .trailing:
            start = available - packed
        case .center:
            start = (available - packed) / 2
        case .justified:
            if !isLast && count > 1 { gap = (available - sum) / Double(count - 1) }
        case .uikit:
            if isLast && (range.lowerBound > 0 || count > 1) {
                // Justify as if completed with copies of the last item: with uniform sizes
                // the items keep the columns of the full lines above.
                let last = Swift.min(items[range.upperBound - 1].main, available)
                let step = spacing + last
                var copies = 0.0
                if step > 0 { copies = Swift.max(0, ((available - packed) / step).rounded(.down)) }
                let slots = Double(count) + copies
                if slots > 1 { gap = (available - sum - copies * last) / (slots - 1) }
            } else if count == 1 {
                start = (available - sum) / 2
            } else {
                gap = (available - sum) / Double(count - 1)
            }
        }
        return FlowLineMetrics(start: start, gap: gap, crossExtent: crossExtent, ascent: maxAscent)
    }
}
