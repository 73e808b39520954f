// Queries: frames are computed from the flat storage when asked, in logical coordinates
// (main along a line, cross along the scroll axis), then made physical and, for
// right-to-left, mirrored inside the content width.

extension FlowLayout {
    /// A logical rectangle (main/cross) as a left-to-right physical one.
    @inline(__always) func unmirroredRect(main: Double, cross: Double, mainExtent: Double, crossExtent: Double) -> Rect {
        scrollDirection == .vertical
            ? Rect(x: main, y: cross, width: mainExtent, height: crossExtent)
            : Rect(x: cross, y: main, width: crossExtent, height: mainExtent)
    }

    /// Mirrors a frame for right-to-left (an involution: also maps physical to logical).
    @inline(__always) func mirrored(_ rect: Rect) -> Rect {
        layoutDirection == .leftToRight ? rect : rect.mirroredHorizontally(inWidth: contentSize.width)
    }

    /// The physical frame of item `item` of `section` on line `line`, which starts at
    /// `lineStart` along the scroll axis.
    @inline(__always) func itemFrame(section: FlowSection, lineStart: Double, item: Int, line: Int) -> Rect {
        let geometry = section.geometry
        let stored = section.items[item]
        return mirrored(unmirroredRect(
            main: geometry.mainInsetBefore + stored.position,
            cross: lineStart + section.crossOffset(of: stored, in: section.lines[line]),
            mainExtent: Swift.min(stored.main, geometry.available), crossExtent: stored.cross))
    }

    /// The resting frame of the header or footer of a section starting at `sectionStart`.
    func supplementaryFrame(_ kind: ElementKind, section: FlowSection, sectionStart: Double) -> Rect? {
        let geometry = section.geometry
        let across = scrollDirection == .vertical ? containerSize.width : containerSize.height
        switch kind {
        case .header:
            guard geometry.header != nil else { return nil }
            return mirrored(unmirroredRect(main: 0, cross: sectionStart, mainExtent: across, crossExtent: geometry.headerExtent))
        case .footer:
            guard geometry.footer != nil else { return nil }
            return mirrored(unmirroredRect(
                main: 0, cross: sectionStart + section.extent - geometry.footerExtent,
                mainExtent: across, crossExtent: geometry.footerExtent))
        default:
            return nil
        }
    }

    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.items.count else { return nil }
        let line = section.lineIndex(ofItem: indexPath.item)
        return LayoutAttributes(
            indexPath: indexPath,
            frame: itemFrame(section: section, lineStart: sectionOffsets.offset(of: indexPath.section) + section.lineStart(line),
                             item: indexPath.item, line: line),
            isHidden: line >= section.visibleLineCount)
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
        guard !sections.isEmpty else { return result }
        let axis = scrollDirection.axis
        // Search in logical coordinates, widened a little so rounding in the mirroring
        // never drops a line; each frame is then tested exactly.
        let logical = mirrored(rect)
        let low = logical.min(axis) - 1, high = logical.max(axis) + 1
        var sectionIndex = sectionOffsets.index(containing: low)
        if sectionIndex == sections.count { return result }
        var sectionStart = sectionOffsets.offset(of: sectionIndex)
        while sectionIndex < sections.count && sectionStart < high {
            let section = sections[sectionIndex]
            appendSupplementary(.header, section: section, index: sectionIndex, sectionStart: sectionStart, rect: rect, visibleBounds: visibleBounds, to: &result)
            let visibleLines = section.visibleLineCount
            let itemsStart = sectionStart + section.geometry.itemsStart
            var line = section.lineOffsets.index(containing: low - itemsStart)
            while line < visibleLines {
                let lineStart = sectionStart + section.lineStart(line)
                if lineStart >= high { break }
                for item in section.itemRange(ofLine: line) {
                    let frame = itemFrame(section: section, lineStart: lineStart, item: item, line: line)
                    if frame.intersects(rect) { result.append(LayoutAttributes(indexPath: IndexPath(item: item, section: sectionIndex), frame: frame)) }
                }
                line += 1
            }
            appendSupplementary(.footer, section: section, index: sectionIndex, sectionStart: sectionStart, rect: rect, visibleBounds: visibleBounds, to: &result)
            sectionIndex += 1
            if sectionIndex < sections.count { sectionStart = sectionOffsets.offset(of: sectionIndex) }
        }
        return result
    }

    /// Appends a header or footer, pinned when the layout pins that kind, if it intersects
    /// `rect`.
    func appendSupplementary(
        _ kind: ElementKind, section: FlowSection, index: Int, sectionStart: Double, rect: Rect, visibleBounds: Rect,
        to result: inout [LayoutAttributes]
    ) {
        guard var frame = supplementaryFrame(kind, section: section, sectionStart: sectionStart) else { return }
        var pinned = false
        let axis = scrollDirection.axis
        if kind == .header && pinsHeaders || kind == .footer && pinsFooters {
            // Pin in logical coordinates, where the leading edge is the minimum.
            let logicalFrame = mirrored(frame), logicalBounds = mirrored(visibleBounds)
            let geometry = section.geometry
            let placed = kind == .header
                ? Pinning.pinnedHeader(logicalFrame, sectionEnd: sectionStart + section.extent - geometry.footerExtent, visibleBounds: logicalBounds, axis: axis)
                : Pinning.pinnedFooter(logicalFrame, sectionStart: sectionStart + geometry.headerExtent, visibleBounds: logicalBounds, axis: axis)
            frame = mirrored(placed.frame)
            pinned = placed.isPinned
        }
        guard frame.intersects(rect) else { return }
        result.append(LayoutAttributes(
            indexPath: IndexPath(item: 0, section: index), kind: kind, frame: frame,
            zIndex: pinned ? Pinning.pinnedZIndex : Pinning.supplementaryZIndex, isPinned: pinned))
    }

    /// Every header, shown item and footer at its resting position, section by section,
    /// whether or not it has area (what `trellis layout` prints without a visible rect).
    /// - Complexity: O(n).
    public func allElements() -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for (sectionIndex, section) in sections.enumerated() {
            let sectionStart = sectionOffsets.offset(of: sectionIndex)
            func supplementary(_ kind: ElementKind) {
                guard let frame = supplementaryFrame(kind, section: section, sectionStart: sectionStart) else { return }
                result.append(LayoutAttributes(indexPath: IndexPath(item: 0, section: sectionIndex), kind: kind, frame: frame, zIndex: Pinning.supplementaryZIndex))
            }
            supplementary(.header)
            for line in 0..<section.visibleLineCount {
                let lineStart = sectionStart + section.lineStart(line)
                for item in section.itemRange(ofLine: line) {
                    result.append(LayoutAttributes(indexPath: IndexPath(item: item, section: sectionIndex),
                                                   frame: itemFrame(section: section, lineStart: lineStart, item: item, line: line)))
                }
            }
            supplementary(.footer)
        }
        return result
    }
}
