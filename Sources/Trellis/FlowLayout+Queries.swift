// Queries: frames are computed from the flat storage when asked, in logical coordinates
// (main along a line, cross along the scroll axis), then made physical and, for
// right-to-left, mirrored inside the content width.

/// Turns logical rectangles (main/cross) into physical frames: x and y swapped for
/// horizontal scrolling, mirrored inside the content width for right-to-left. A value read
/// once per query, so the per-item work touches no class property.
struct FlowFrameMapper {
    let vertical: Bool
    /// The content width to mirror in, for right-to-left; nil for left-to-right.
    let mirrorWidth: Double?
    /// The display scale frames are snapped to, or nil for exact frames.
    let pixelScale: Double?

    @inline(__always) func frame(main: Double, cross: Double, mainExtent: Double, crossExtent: Double) -> Rect {
        let frame = mirrored(vertical
            ? Rect(x: main, y: cross, width: mainExtent, height: crossExtent)
            : Rect(x: cross, y: main, width: crossExtent, height: mainExtent))
        guard let pixelScale else { return frame }
        return frame.pixelAligned(scale: pixelScale)
    }

    /// Mirrors a frame for right-to-left (an involution: also maps physical to logical).
    @inline(__always) func mirrored(_ rect: Rect) -> Rect {
        guard let mirrorWidth else { return rect }
        return rect.mirroredHorizontally(inWidth: mirrorWidth)
    }
}

extension FlowLayout {
    var frameMapper: FlowFrameMapper {
        FlowFrameMapper(
            vertical: scrollDirection == .vertical, mirrorWidth: layoutDirection == .rightToLeft ? contentSize.width : nil,
            pixelScale: displayScale)
    }

    /// Calls `body` with each item of the line starting at item `start`, which begins at
    /// `lineStart` along the scroll axis, and its frame, up to (not including) `stop`;
    /// returns where the next line starts.
    @inline(__always) func forEachItem<E: Error>(
        section: FlowSection, lineStartingAt start: Int, lineStart: Double, mapper: FlowFrameMapper,
        stoppingAt stop: Int = .max, _ body: (Int, Rect) throws(E) -> Void
    ) throws(E) -> Int {
        let end = section.lineEnd(from: start)
        let line = section.lineMetrics(start..<end)
        let geometry = section.geometry
        var position = line.start
        for item in start..<Swift.min(end, stop) {
            let stored = section.items[item]
            let main = Swift.min(stored.main, geometry.available)
            try body(item, mapper.frame(
                main: geometry.mainInsetBefore + position, cross: lineStart + section.crossOffset(of: stored, in: line),
                mainExtent: main, crossExtent: stored.cross))
            position += main + line.gap
        }
        return end
    }

    /// The resting frame of the header or footer of a section starting at `sectionStart`.
    func supplementaryFrame(_ kind: ElementKind, section: FlowSection, sectionStart: Double) -> Rect? {
        let geometry = section.geometry
        let across = scrollDirection == .vertical ? containerSize.width : containerSize.height
        switch kind {
        case .header:
            guard geometry.header != nil else { return nil }
            return frameMapper.frame(main: 0, cross: sectionStart, mainExtent: across, crossExtent: geometry.headerExtent)
        case .footer:
            guard geometry.footer != nil else { return nil }
            return frameMapper.frame(
                main: 0, cross: sectionStart + section.extent - geometry.footerExtent,
                mainExtent: across, crossExtent: geometry.footerExtent)
        default:
            return nil
        }
    }

    /// - Complexity: O(log n + items on the item's line).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.items.count else { return nil }
        let start = section.lineStart(ofItem: indexPath.item)
        let lineStart = sectionOffsets.offset(of: indexPath.section) + section.lineOffset(ofLineStartingAt: start)
        var frame = Rect.zero
        _ = forEachItem(section: section, lineStartingAt: start, lineStart: lineStart, mapper: frameMapper, stoppingAt: indexPath.item + 1) { _, itemFrame in
            frame = itemFrame
        }
        return LayoutAttributes(indexPath: indexPath, frame: frame, isHidden: indexPath.item >= section.firstHiddenItem)
    }

    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let frame = supplementaryFrame(kind, section: sections[indexPath.section], sectionStart: sectionOffsets.offset(of: indexPath.section))
        return frame.map { LayoutAttributes(indexPath: IndexPath(item: 0, section: indexPath.section), kind: kind, frame: $0, zIndex: Pinning.supplementaryZIndex) }
    }

    /// Width `.atMost` the line's room and height unconstrained for vertical scrolling
    /// (mirrored for horizontal): a self-sizing item may be narrower than a line, never
    /// wider.
    public func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        precondition(indexPath.section >= 0 && indexPath.section < sections.count, "no section \(indexPath.section) in the layout")
        let available = sections[indexPath.section].geometry.available
        return scrollDirection == .vertical
            ? FittingProposal(width: .atMost(available), height: .unconstrained)
            : FittingProposal(width: .unconstrained, height: .atMost(available))
    }

    /// Headers, shown items and footers whose frames intersect `rect`, section by section
    /// (header, items in index order, footer). Pinned headers and footers are placed for
    /// `visibleBounds` and returned when that position intersects `rect`.
    /// - Complexity: O(log n + k) for k elements returned (plus the items of the lines
    ///   crossing `rect`'s edges along the line axis).
    public func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(estimatedElementCount(in: rect))
        forEachElement(in: rect, visibleBounds: visibleBounds) { result.append($0) }
        return result
    }

    /// About as many elements as `rect` covers of the first section it meets, so the
    /// array of `elements(in:)` is allocated once rather than grown.
    /// - Complexity: O(log n).
    func estimatedElementCount(in rect: Rect) -> Int {
        guard !sections.isEmpty else { return 0 }
        let axis = scrollDirection.axis
        let logical = frameMapper.mirrored(rect)
        let low = logical.min(axis) - 1, high = logical.max(axis) + 1
        let sectionIndex = sectionOffsets.index(containing: low)
        guard sectionIndex < sections.count else { return 0 }
        let section = sections[sectionIndex]
        let share = (high - low) / Swift.max(1, section.linesExtent)
        return Swift.min(section.firstHiddenItem, Int(Swift.min(1e6, share * Double(section.firstHiddenItem)))) + 8
    }

    /// Calls `body` with the elements `elements(in:visibleBounds:)` returns, in the same
    /// order, without building an array: what a scrolling collection view uses.
    /// - Complexity: O(log n + k) for k elements visited.
    @inline(__always)
    public func forEachElement<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard let (mapper, low, high, first) = searchRange(of: rect) else { return }
        var sectionIndex = first
        var sectionStart = sectionOffsets.offset(of: sectionIndex)
        while sectionIndex < sections.count && sectionStart < high {
            let section = sections[sectionIndex]
            if let header = supplementary(.header, section: section, index: sectionIndex, sectionStart: sectionStart, rect: rect, visibleBounds: visibleBounds) {
                try body(header)
            }
            // The line whose span holds `low`: leaves sit at the lines' (and blocks') first items.
            var start = section.firstLineStart(containing: low - (sectionStart + section.geometry.itemsStart))
            let index = sectionIndex
            try withUnsafeTemporaryAllocation(of: Double.self, capacity: 65) { (partial) throws(E) -> Void in
                var walk = OffsetWalk(tree: section.lineOffsets, partial: partial)
                while start < section.firstHiddenItem {
                    let lineStart = sectionStart + section.lineOffset(ofLineStartingAt: start, treeOffset: section.treeOffset(ofLineStartingAt: start, walk: &walk))
                    if lineStart >= high { break }
                    start = try forEachItem(section: section, lineStartingAt: start, lineStart: lineStart, mapper: mapper) { (item, frame) throws(E) -> Void in
                        if frame.intersects(rect) { try body(LayoutAttributes(indexPath: IndexPath(item: item, section: index), frame: frame)) }
                    }
                }
            }
            if let footer = supplementary(.footer, section: section, index: sectionIndex, sectionStart: sectionStart, rect: rect, visibleBounds: visibleBounds) {
                try body(footer)
            }
            sectionIndex += 1
            if sectionIndex < sections.count { sectionStart = sectionOffsets.offset(of: sectionIndex) }
        }
    }

    /// Where to look for what intersects `rect`: along the scroll axis in logical
    /// coordinates, widened a little so rounding in the mirroring never drops a line (each
    /// frame is then tested exactly), from the first section reaching `low`; nil when no
    /// section does.
    @inline(__always)
    func searchRange(of rect: Rect) -> (mapper: FlowFrameMapper, low: Double, high: Double, section: Int)? {
        guard !sections.isEmpty else { return nil }
        let axis = scrollDirection.axis
        let mapper = frameMapper
        let logical = mapper.mirrored(rect)
        let low = logical.min(axis) - 1, high = logical.max(axis) + 1
        let section = sectionOffsets.index(containing: low)
        return section < sections.count ? (mapper, low, high, section) : nil
    }

    /// Every shown item of every line that has an item intersecting `rect`, and the item
    /// after each such line (see `PlacesItemsInLines`): the lines `forEachElement` walks,
    /// each given whole when one of its frames meets the rect; each item once.
    /// - Complexity: O(log n + k) for k items on the lines crossing `rect`.
    package func forEachItemOnLines(meeting rect: Rect, _ body: (IndexPath) -> Void) {
        guard let (mapper, low, high, first) = searchRange(of: rect) else { return }
        var sectionIndex = first
        var sectionStart = sectionOffsets.offset(of: sectionIndex)
        while sectionIndex < sections.count && sectionStart < high {
            let section = sections[sectionIndex]
            var start = section.firstLineStart(containing: low - (sectionStart + section.geometry.itemsStart))
            let index = sectionIndex
            var given = 0  // the items before this one were given
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 65) { partial in
                var walk = OffsetWalk(tree: section.lineOffsets, partial: partial)
                while start < section.firstHiddenItem {
                    let lineStart = sectionStart + section.lineOffset(ofLineStartingAt: start, treeOffset: section.treeOffset(ofLineStartingAt: start, walk: &walk))
                    if lineStart >= high { break }
                    var meets = false
                    let end = forEachItem(section: section, lineStartingAt: start, lineStart: lineStart, mapper: mapper) { _, frame in
                        meets = meets || frame.intersects(rect)
                    }
                    if meets {
                        // The item after the line decided where it ends: measured smaller
                        // than its estimate, it could join the line and move the others.
                        let through = Swift.min(end + 1, section.items.count)
                        for item in Swift.max(start, given)..<through { body(IndexPath(item: item, section: index)) }
                        given = through
                    }
                    start = end
                }
            }
            sectionIndex += 1
            if sectionIndex < sections.count { sectionStart = sectionOffsets.offset(of: sectionIndex) }
        }
    }

    /// A header or footer, pinned when the layout pins that kind, if it intersects `rect`.
    func supplementary(
        _ kind: ElementKind, section: FlowSection, index: Int, sectionStart: Double, rect: Rect, visibleBounds: Rect
    ) -> LayoutAttributes? {
        guard var frame = supplementaryFrame(kind, section: section, sectionStart: sectionStart) else { return nil }
        var pinned = false
        let axis = scrollDirection.axis
        if kind == .header && pinsHeaders || kind == .footer && pinsFooters {
            // Pin in logical coordinates, where the leading edge is the minimum.
            let mapper = frameMapper
            let logicalFrame = mapper.mirrored(frame), logicalBounds = mapper.mirrored(visibleBounds)
            let geometry = section.geometry
            let placed = kind == .header
                ? Pinning.pinnedHeader(logicalFrame, sectionEnd: sectionStart + section.extent - geometry.footerExtent, visibleBounds: logicalBounds, axis: axis)
                : Pinning.pinnedFooter(logicalFrame, sectionStart: sectionStart + geometry.headerExtent, visibleBounds: logicalBounds, axis: axis)
            frame = mapper.mirrored(placed.frame)
            pinned = placed.isPinned
        }
        guard frame.intersects(rect) else { return nil }
        return LayoutAttributes(
            indexPath: IndexPath(item: 0, section: index), kind: kind, frame: frame,
            zIndex: pinned ? Pinning.pinnedZIndex : Pinning.supplementaryZIndex, isPinned: pinned)
    }

    /// Every header, shown item and footer at its resting position, section by section,
    /// whether or not it has area (what `trellis layout` prints without a visible rect).
    /// - Complexity: O(n).
    public func allElements() -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        let mapper = frameMapper
        for (sectionIndex, section) in sections.enumerated() {
            let sectionStart = sectionOffsets.offset(of: sectionIndex)
            func supplementary(_ kind: ElementKind) {
                guard let frame = supplementaryFrame(kind, section: section, sectionStart: sectionStart) else { return }
                result.append(LayoutAttributes(indexPath: IndexPath(item: 0, section: sectionIndex), kind: kind, frame: frame, zIndex: Pinning.supplementaryZIndex))
            }
            supplementary(.header)
            var start = 0
            result.reserveCapacity(result.count + section.firstHiddenItem + 2)
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 65) { partial in
                var walk = OffsetWalk(tree: section.lineOffsets, partial: partial)
                while start < section.firstHiddenItem {
                    let lineStart = sectionStart + section.lineOffset(ofLineStartingAt: start, treeOffset: section.treeOffset(ofLineStartingAt: start, walk: &walk))
                    start = forEachItem(section: section, lineStartingAt: start, lineStart: lineStart, mapper: mapper) { item, frame in
                        result.append(LayoutAttributes(indexPath: IndexPath(item: item, section: sectionIndex), frame: frame))
                    }
                }
            }
            supplementary(.footer)
        }
        return result
    }
}
