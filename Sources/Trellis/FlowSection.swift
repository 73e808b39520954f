// The stored state of one flow section, in logical coordinates: "main" runs along a line
// (x for vertical scrolling, y for horizontal), "cross" runs along the scroll axis. Frames
// are made physical (and mirrored for right-to-left) only when they are handed out, so the
// algorithm exists once for both scroll directions and both layout directions.

/// One item: its size along and across the line, its first baseline and where the line
/// placement put it along the line. 32 bytes, stored flat: no per-item object.

struct FlowItem: Sendable, Equatable {
    /// Extent along the line as given (clamped to the available extent when placed).
    var main: Double
    /// Extent across the line (along the scroll axis).
    var cross: Double
    /// Distance from the item's leading cross edge to its first baseline; NaN when none.
    var baseline: Double
    /// Offset from the section's leading line-axis inset, set by the line placement.
    var position: Double

    init(main: Double, cross: Double, baseline: Double) {
        self.main = main
        self.cross = cross
        self.baseline = baseline
        self.position = 0
    }

    static func == (lhs: FlowItem, rhs: FlowItem) -> Bool {
        // Bit equality, so NaN baselines compare equal and "identical" means identical.
        lhs.main.bitPattern == rhs.main.bitPattern && lhs.cross.bitPattern == rhs.cross.bitPattern
            && lhs.baseline.bitPattern == rhs.baseline.bitPattern && lhs.position.bitPattern == rhs.position.bitPattern
    }
}

/// One line: where it starts, how far it extends across, and its baseline (the largest
/// ascent of its items, for baseline alignment). Its offset lives in the section's
/// `OffsetTree`.
struct FlowLine: Sendable, Equatable {
    var firstItem: Int
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
    var lines: [FlowLine] = []
    /// Leaf k: the extent of line k plus, for k > 0, the line spacing before it; 0 for
    /// lines hidden by `maximumLines`.
    var lineOffsets = OffsetTree()
    /// Clamped and invalid sizes of this section, in item order.
    var diagnostics: [LayoutDiagnostic] = []

    init(geometry: FlowSectionGeometry) { self.geometry = geometry }

    /// The extent of the whole section along the scroll axis, header and footer included.
    var extent: Double {
        geometry.headerExtent + geometry.crossInsetBefore + lineOffsets.total + geometry.crossInsetAfter + geometry.footerExtent
    }

    /// Lines that are shown (the rest are beyond `maximumLines`).
    var visibleLineCount: Int { Swift.min(lines.count, geometry.metrics.maximumLines ?? Int.max) }

    /// Items on lines beyond `maximumLines`.
    var hiddenItemCount: Int {
        let visible = visibleLineCount
        return visible < lines.count ? items.count - lines[visible].firstItem : 0
    }

    /// The leaf of line `index` in `lineOffsets`.
    func leafExtent(ofLine index: Int) -> Double {
        if index >= (geometry.metrics.maximumLines ?? Int.max) { return 0 }
        let extent = lines[index].crossExtent
        return index == 0 ? extent : geometry.metrics.lineSpacing + extent
    }

    /// Where line `index` starts, from the top of the section.
    @inline(__always) func lineStart(_ index: Int) -> Double {
        let offset = lineOffsets.offset(of: index)
        return geometry.itemsStart + (index == 0 ? offset : offset + geometry.metrics.lineSpacing)
    }

    /// The items of line `index`.
    @inline(__always) func itemRange(ofLine index: Int) -> Range<Int> {
        lines[index].firstItem..<(index + 1 < lines.count ? lines[index + 1].firstItem : items.count)
    }

    /// The line holding item `item`.
    /// - Complexity: O(log lines).
    func lineIndex(ofItem item: Int) -> Int {
        var low = 0, high = lines.count  // first line whose firstItem > item, minus one
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].firstItem <= item { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    /// The offset of an item from its line's leading cross edge.
    @inline(__always) func crossOffset(of item: FlowItem, in line: FlowLine) -> Double {
        switch geometry.lineAlignment {
        case .top: 0
        case .center: (line.crossExtent - item.cross) / 2
        case .bottom: line.crossExtent - item.cross
        case .baseline: line.ascent - (item.baseline.isNaN ? item.cross : item.baseline)
        }
    }

    /// Breaks and places every line of the section from the items' sizes.
    /// - Complexity: O(n).
    mutating func flowAll(scratchLeaves leaves: inout [Double]) {
        lines.removeAll(keepingCapacity: true)
        let geometry = self.geometry
        let count = items.count
        items.withUnsafeMutableBufferPointer { buffer in
            if geometry.metrics.lineBreaking.isLocal {
                var start = 0
                while start < count {
                    let end = Self.greedyEnd(buffer, from: start, geometry: geometry)
                    lines.append(Self.placeLine(buffer, start..<end, isLast: end == count, geometry: geometry))
                    start = end
                }
            } else {
                let extents = buffer.map { Swift.min($0.main, geometry.available) }
                let starts = geometry.metrics.lineBreaking.lineStarts(
                    mainExtents: extents, available: geometry.available, spacing: geometry.metrics.interitemSpacing)
                for (index, start) in starts.enumerated() {
                    let end = index + 1 < starts.count ? starts[index + 1] : count
                    lines.append(Self.placeLine(buffer, start..<end, isLast: end == count, geometry: geometry))
                }
            }
        }
        leaves.removeAll(keepingCapacity: true)
        for index in lines.indices { leaves.append(leafExtent(ofLine: index)) }
        lineOffsets = OffsetTree(leaves)
    }

    @inline(__always) static func greedyEnd(_ items: UnsafeMutableBufferPointer<FlowItem>, from start: Int, geometry: FlowSectionGeometry) -> Int {
        let available = geometry.available
        return FlowLineBreaking.greedyLineEnd(
            from: start, count: items.count, available: available, spacing: geometry.metrics.interitemSpacing
        ) { Swift.min(items[$0].main, available) }
    }

    /// Places the items of one line along it (alignment) and measures the line across.
    /// `isLast`: the line is the last of its section (for `uikit` and `justified`).
    /// - Complexity: O(items on the line).
    @inline(__always)
    static func placeLine(
        _ items: UnsafeMutableBufferPointer<FlowItem>, _ range: Range<Int>, isLast: Bool, geometry: FlowSectionGeometry
    ) -> FlowLine {
        let available = geometry.available
        let spacing = geometry.metrics.interitemSpacing
        let count = range.count
        var sum = 0.0, maxCross = 0.0, maxAscent = 0.0, maxDescent = -Double.infinity
        for index in range {
            let item = items[index]
            sum += Swift.min(item.main, available)
            maxCross = Swift.max(maxCross, item.cross)
            let ascent = item.baseline.isNaN ? item.cross : item.baseline
            maxAscent = Swift.max(maxAscent, ascent)
            maxDescent = Swift.max(maxDescent, item.cross - ascent)
        }
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
        var position = start
        for index in range {
            items[index].position = position
            position += Swift.min(items[index].main, available) + gap
        }
        if geometry.lineAlignment == .baseline {
            return FlowLine(firstItem: range.lowerBound, crossExtent: maxAscent + maxDescent, ascent: maxAscent)
        }
        return FlowLine(firstItem: range.lowerBound, crossExtent: maxCross, ascent: maxAscent)
    }
}
