// The rectangle queries of CompositionalLayout: one walk, used by `elements(in:)` (into an
// array) and `forEachElement` (no allocation, except in sections with a visible-items
// handler, whose items are collected for the handler).

extension CompositionalLayout {
    /// Every element whose frame intersects `rect`, section by section: decorations
    /// (backgrounds), boundary items (pinned to `visibleBounds` when they pin), cells in
    /// index order (each followed by the supplementary items attached to it), separators.
    /// - Complexity: O(log n + k·g) for k elements returned (g cells per group).
    public func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(64)
        visit(in: rect, visibleBounds: visibleBounds) { result.append($0) }
        return result
    }

    /// Calls `body` with the elements `elements(in:visibleBounds:)` returns, in the same
    /// order, without building an array.
    /// - Complexity: O(log n + k·g).
    public func forEachElement<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        try visit(in: rect, visibleBounds: visibleBounds, body)
    }

    /// The sections that may intersect the rows `minY..<maxY`: a superset, in O(log s).
    func sections(overlapping minY: Double, _ maxY: Double) -> Range<Int> {
        let count = states.count
        guard count > 0 else { return 0..<0 }
        let first = sectionOffsets.firstCandidate(at: minY - layoutBoundaryBefore - overflow)
        var end = first
        while end < count && sectionTop(end) < maxY + slop(maxY) { end += 1 }
        return first..<end
    }

    func visit<E: Error>(in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void) throws(E) {
        let area = layoutSpace(rect)
        let visible = layoutSpace(visibleBounds)
        for (index, item) in layoutBoundary.enumerated() {
            var frame = layoutBoundaryFrame(index)
            var pinned = false
            if item.pins {
                (frame, pinned) = item.atStart
                    ? Pinning.pinnedHeader(frame, sectionEnd: contentLength - layoutBoundaryAfter, visibleBounds: visible, axis: .vertical)
                    : Pinning.pinnedFooter(frame, sectionStart: layoutBoundaryBefore, visibleBounds: visible, axis: .vertical)
            }
            frame = physical(frame)
            if frame.intersects(rect) {
                try body(LayoutAttributes(
                    indexPath: IndexPath(item: 0, section: 0), kind: item.kind, frame: frame,
                    zIndex: pinned ? Swift.max(item.zIndex, Pinning.pinnedZIndex) : item.zIndex, isPinned: pinned))
            }
        }
        for section in sections(overlapping: area.minY - attachmentReach, area.maxY + attachmentReach) {
            let top = sectionTop(section)
            let plan = plans[section], state = states[section]
            for index in plan.decorations.indices {
                if let background = background(index, of: section, top: top), background.frame.intersects(rect) { try body(background) }
            }
            try visitBoundaryItems(of: section, top: top, rect: rect, visible: visible, body)
            guard state.itemCount > 0 else { continue }
            let bodyTop = state.bodyTop(plan, sectionTop: top)
            if plan.orthogonal {
                let bottom = bodyTop + state.itemsHeight(plan)
                guard area.maxY + slop(area.maxY) > bodyTop && area.minY < bottom + slop(bottom) else { continue }
                if let handler = plan.section.visibleItemsInvalidationHandler {
                    var items: [LayoutAttributes] = []
                    visitCells(of: section, bodyTop: bodyTop, area: area, rect: rect) { items.append($0) }
                    let offset = orthogonalOffsets[section]
                    handler(&items, isHorizontal ? Point(x: 0, y: offset) : Point(x: offset, y: 0), environment)
                    for item in items where item.frame.intersects(rect) { try body(item) }
                } else {
                    try visitCells(of: section, bodyTop: bodyTop, area: area, rect: rect, body)
                }
            } else {
                try visitCells(of: section, bodyTop: bodyTop, area: area, rect: rect, body)
                if plan.separators != nil { try visitSeparators(of: section, bodyTop: bodyTop, area: area, rect: rect, body) }
            }
        }
    }


    /// The boundary items of `section`, pinned where they pin.
    private func visitBoundaryItems<E: Error>(
        of section: Int, top: Double, rect: Rect, visible: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let plan = plans[section], state = states[section]
        guard !plan.boundary.isEmpty else { return }
        let extent = state.extent(plan)
        for (index, item) in plan.boundary.enumerated() {
            var frame = boundaryFrame(index, section: section, top: top)
            var pinned = false
            if item.pins {
                switch item.alignment {
                case .top, .topLeading, .topTrailing:  // (a plan holds corners as their edge)
                    var end = top + extent
                    for (other, candidate) in plan.boundary.enumerated() where candidate.alignment == .bottom && candidate.extends { end -= state.boundaryHeights[other] }
                    (frame, pinned) = Pinning.pinnedHeader(frame, sectionEnd: end, visibleBounds: visible, axis: .vertical)
                case .bottom, .bottomLeading, .bottomTrailing:
                    let start = state.bodyTop(plan, sectionTop: top) - plan.top
                    (frame, pinned) = Pinning.pinnedFooter(frame, sectionStart: start, visibleBounds: visible, axis: .vertical)
                case .leading, .trailing where plan.orthogonal:
                    // Along the section's own scroll axis, within the container's width.
                    let start = orthogonalStart(section) - plan.leadingExtent
                    let end = orthogonalStart(section) + state.groups.total + plan.trailingExtent
                    let bounds = Rect(x: 0, y: visible.minY, width: containerWidth, height: visible.height)
                    (frame, pinned) = item.alignment == .leading
                        ? Pinning.pinnedHeader(frame, sectionEnd: end, visibleBounds: bounds, axis: .horizontal)
                        : Pinning.pinnedFooter(frame, sectionStart: start, visibleBounds: bounds, axis: .horizontal)
                case .leading, .trailing:
                    break
                }
            }
            frame = physical(frame)
            if frame.intersects(rect) {
                try body(LayoutAttributes(
                    indexPath: IndexPath(item: 0, section: section), kind: item.kind, frame: frame,
                    zIndex: pinned ? Swift.max(item.zIndex, Pinning.pinnedZIndex) : item.zIndex, isPinned: pinned))
            }
        }
    }

    /// The cells of `section` intersecting `rect` (`area` in layout space), in index order:
    /// one search for the first group that may reach the area, then a walk along the groups.
    private func visitCells<E: Error>(
        of section: Int, bodyTop: Double, area: Rect, rect: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let plan = plans[section], state = states[section]
        let groupCount = state.groupCount(plan)
        let leafCount = plan.group.leafCount
        let start = plan.orthogonal ? orthogonalStart(section) : bodyTop
        let reach = Swift.max(plan.attachmentReach, state.attachedReach)
        let (low, high) = plan.orthogonal ? (area.minX - reach, area.maxX + reach) : (area.minY - reach, area.maxY + reach)
        var index = state.groups.firstCandidate(at: low - start - state.overflow)
        let group = plan.group
        try group.withScratch(cells: state.itemCount) { (sizes, frames) throws(E) -> Void in
            try withUnsafeTemporaryAllocation(of: Double.self, capacity: OffsetWalk.maximumDepth + 1) { (partial) throws(E) -> Void in
                var walk = OffsetWalk(tree: state.groups, partial: partial)
                while index < groupCount {
                    let offset = walk.offset(of: index)
                    if start + offset >= high + slop(high) { break }
                    let origin = groupOrigin(section, bodyTop: bodyTop, offset: offset)
                    let (present, groupSize) = state.withInputs(index, plan: plan) { inputs in
                        (inputs.present, group.layOut(inputs, origin: origin, sizes: sizes, frames: frames))
                    }
                    if !group.hasAttachments && !group.hasZIndexes {
                        for leaf in 0..<present {
                            let frame = physical(frames[leaf])
                            if frame.intersects(rect) {
                                try body(LayoutAttributes(indexPath: IndexPath(item: index * leafCount + leaf, section: section), frame: frame))
                            }
                        }
                    } else {
                        for leaf in 0..<present {
                            let indexPath = IndexPath(item: index * leafCount + leaf, section: section)
                            let frame = physical(frames[leaf])
                            if frame.intersects(rect) { try body(LayoutAttributes(indexPath: indexPath, frame: frame, zIndex: group.zIndex(ofLeaf: leaf))) }
                            guard let attached = group.attachments(ofLeaf: leaf) else { continue }
                            for supplementary in attached {
                                let measured = supplementary.isEstimated ? state.attachedSize(ofKind: supplementary.elementKind, item: indexPath.item) : nil
                                let attached = physical(supplementary.frame(attachedTo: frames[leaf], measured: measured))
                                if attached.intersects(rect) {
                                    try body(LayoutAttributes(indexPath: indexPath, kind: supplementary.elementKind, frame: attached, zIndex: supplementary.zIndex))
                                }
                            }
                        }
                    }
                    if !plan.groupSupplementaries.isEmpty {
                        let groupFrame = Rect(origin: origin, size: groupSize)
                        let indexPath = IndexPath(item: index * leafCount, section: section)
                        for supplementary in plan.groupSupplementaries {
                            let measured = supplementary.isEstimated ? state.attachedSize(ofKind: supplementary.elementKind, item: indexPath.item) : nil
                            let frame = physical(supplementary.frame(attachedTo: groupFrame, measured: measured))
                            if frame.intersects(rect) { try body(LayoutAttributes(indexPath: indexPath, kind: supplementary.elementKind, frame: frame, zIndex: supplementary.zIndex)) }
                        }
                    }
                    index += 1
                }
            }
        }
    }

    /// The separators of a list section's groups that may intersect the area.
    private func visitSeparators<E: Error>(
        of section: Int, bodyTop: Double, area: Rect, rect: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let plan = plans[section], state = states[section]
        let groupCount = state.groupCount(plan)
        var index = state.groups.firstCandidate(at: area.minY - bodyTop)
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: OffsetWalk.maximumDepth + 1) { (partial) throws(E) -> Void in
            var walk = OffsetWalk(tree: state.groups, partial: partial)
            while index < groupCount - 1 {
                let groupTop = bodyTop + walk.offset(of: index)
                if groupTop >= area.maxY + slop(area.maxY) { break }
                if let separator = separator(below: index, of: section, groupTop: groupTop), separator.frame.intersects(rect) { try body(separator) }
                index += 1
            }
        }
    }
}
