// Incremental relayout. A size change re-flows from the first affected line until the line
// breaks fall in step with the old ones again; later lines keep their items and leaves
// and move only because their offsets come from the section's OffsetTree. Every value is
// computed by the same functions as a full layout, from the same inputs, and the offset
// trees are bit-reproducible, so without an anchor the result equals a fresh `prepare`
// exactly. With an anchor (`InvalidationContext.anchorItem`) the anchor's line and every
// later line keep their items unless one of their own items changed, and changes above
// re-break the lines above backwards (FlowSection+Anchoring.swift).

extension FlowLayout {
    /// Applies a change. New item sizes re-flow only the affected lines of their sections,
    /// O(k log n) for k items on the re-flowed lines (plus the items of the shown lines
    /// when the section has a `maximumLines`). Metrics, container and "everything" changes
    /// re-read the source; with an `anchorItem` (and no new container size) the anchor
    /// then starts a line, the lines after it are broken forward and those above it
    /// backward.
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.requiresFullRelayout || source.numberOfSections != sections.count {
            prepare(from: source, anchor: context.invalidatesContainerSize ? nil : context.anchorItem)
            return
        }
        let anchor = context.anchorItem.flatMap { anchor in
            anchor.section >= 0 && anchor.section < sections.count
                && anchor.item >= 0 && anchor.item < sections[anchor.section].items.count ? anchor : nil
        }
        var changedSections: [Int] = []
        for (kind, section, size) in context.supplementarySizes {
            precondition(section >= 0 && section < sections.count, "supplementary size for section \(section) of \(sections.count)")
            switch kind {
            case .header:
                sections[section].geometry.header = size
                sections[section].geometry.headerExtent = supplementaryExtent(size)
            case .footer:
                sections[section].geometry.footer = size
                sections[section].geometry.footerExtent = supplementaryExtent(size)
            default:
                continue  // a flow layout shows only headers and footers
            }
            changedSections.append(section)
        }
        if fixedItemSize == nil && !context.itemSizes.isEmpty {
            // Group by section, keeping the last size given for an item.
            var bySection: [Int: [(Int, ItemSize)]] = [:]
            for (indexPath, size) in context.itemSizes {
                precondition(indexPath.section >= 0 && indexPath.section < sections.count
                             && indexPath.item >= 0 && indexPath.item < sections[indexPath.section].items.count,
                             "invalidated item \(indexPath) is not in the layout")
                bySection[indexPath.section, default: []].append((indexPath.item, size))
            }
            for (section, changes) in bySection {
                applySizes(changes, section: section, anchor: anchor?.section == section ? anchor?.item : nil)
                changedSections.append(section)
            }
        }
        for section in changedSections {
            sectionOffsets.setExtent(sections[section].extent, at: section)
        }
    }

    /// Writes new sizes into the section, then re-flows the lines they affect: forward
    /// from the first changed line, or, with `anchor` (an item of the section), forward
    /// from the anchor's line for the changes on or after it and backward for those above.
    func applySizes(_ changes: [(Int, ItemSize)], section: Int, anchor: Int? = nil) {
        let vertical = scrollDirection == .vertical
        var first = Int.max, last = Int.min
        var changed = Set<Int>()
        // The sizes the items had, to bring the runs of identical items up to date below.
        var previous: [(Int, FlowItem)] = []
        previous.reserveCapacity(changes.count)
        for (item, size) in changes {
            if !changed.contains(item) { previous.append((item, sections[section].items[item])) }
            sections[section].items[item] = FlowItem(
                main: vertical ? size.size.width : size.size.height,
                cross: vertical ? size.size.height : size.size.width,
                baseline: size.firstBaseline ?? .nan)
            first = Swift.min(first, item)
            last = Swift.max(last, item)
            changed.insert(item)
        }
        // Diagnostics of the changed items are recomputed; the others stay, in item order.
        sections[section].diagnostics.removeAll { $0.indexPath.map { changed.contains($0.item) } ?? false }
        let before = sections[section].diagnostics.count
        for item in changed.sorted() { checkItem(item, section: section) }
        if sections[section].diagnostics.count != before {
            // Two runs sorted by item (the kept ones, then the new ones): merge them.
            let all = sections[section].diagnostics
            let kept = all[..<before], added = all[before...]
            var merged: [LayoutDiagnostic] = []
            merged.reserveCapacity(all.count)
            var i = kept.startIndex, j = added.startIndex
            while i < kept.endIndex || j < added.endIndex {
                let takeKept = j == added.endIndex
                    || i < kept.endIndex && kept[i].indexPath!.item < added[j].indexPath!.item
                if takeKept { merged.append(kept[i]); i += 1 } else { merged.append(added[j]); j += 1 }
            }
            sections[section].diagnostics = merged
        }
        if sections[section].geometry.metrics.lineBreaking.isLocal {
            // The runs are repaired one change at a time from a state they were right for:
            // every changed item back at its previous size, then each set to its new one.
            let current = previous.map { sections[section].items[$0.0] }
            for (item, old) in previous { sections[section].items[item] = old }
            for ((item, old), value) in zip(previous, current) {
                sections[section].items[item] = value
                sections[section].repairRuns(afterChanging: item, from: old)
            }
            guard let anchor else { return reflow(section: section, firstChanged: first, lastChanged: last) }
            let anchorLine = sections[section].lineStart(ofItem: anchor)
            sections[section].splitBlock(atLineStart: anchorLine)
            if last >= anchorLine {
                reflow(section: section, firstChanged: Swift.max(first, anchorLine), lastChanged: last, notBefore: anchorLine)
            }
            if first < anchorLine {
                reflowAbove(section: section, firstChanged: first, lastChanged: changed.lazy.filter { $0 < anchorLine }.max()!, anchorLine: anchorLine)
            }
        } else if let anchor {
            let anchorLine = sections[section].lineStart(ofItem: anchor)
            if first < anchorLine { sections[section].flowBalanced(0..<anchorLine) }
            if last >= anchorLine { sections[section].flowBalanced(anchorLine..<sections[section].items.count) }
            sections[section].lineCount = sections[section].countLines()
            sections[section].updateFirstHiddenItem()
        } else {
            sections[section].flowAll()
        }
    }

    /// Re-breaks backwards the lines above `anchorLine` that the changes of items
    /// `firstChanged...lastChanged` (all above it) affect. The line after the last changed
    /// one is re-broken too: a shrunk last item of a line may now start the line below.
    func reflowAbove(section: Int, firstChanged: Int, lastChanged: Int, anchorLine: Int) {
        var end = sections[section].lineEnd(from: sections[section].lineStart(ofItem: lastChanged))
        if end < anchorLine { end = sections[section].lineEnd(from: end) }
        end = Swift.min(end, anchorLine)
        sections[section].splitBlock(atLineStart: end)
        reflowedItemCount += sections[section].reflowBackward(endingAt: end, firstChanged: firstChanged)
        sections[section].updateFirstHiddenItem()
    }

    /// Re-flows the lines of `section` from the one that the first changed item can affect
    /// until a new line starts where an old line started, after the last changed item.
    /// A run of identical items is entered at its first line, where its periodic lines are
    /// decided and jumped over as one block (FlowSection+Runs.swift), so the re-flow costs
    /// the lines that really changed, not the run's.
    /// - Complexity: O(k log n) for k items on the re-flowed lines outside blocks, plus
    ///   O(log n + b) per block met (b the blocks of the section).
    /// With `notBefore` (a line start), the lines before it are kept whatever changed.
    func reflow(section: Int, firstChanged: Int, lastChanged: Int, notBefore: Int = 0) {
        var state = sections[section]
        sections[section] = FlowSection(geometry: state.geometry)  // hold the arrays uniquely
        defer { sections[section] = state }

        let count = state.items.count
        let geometry = state.geometry
        let spacing = geometry.metrics.lineSpacing
        var start = state.lineStart(ofItem: firstChanged)
        // A shrunk first item of a line may now fit at the end of the line before.
        if start == firstChanged && start > 0 { start = state.lineStart(ofItem: start - 1) }
        // Inside a run, start at its first line (the lines before `start` are unchanged), so
        // its block is decided where `prepare` decides it; jumping over it costs O(k).
        if let run = state.runIndex(containing: start).map({ state.runs[$0] }), run.start < start {
            let line = state.lineStart(ofItem: run.start)
            start = Swift.min(start, line == run.start ? line : state.lineEnd(from: line))
        }
        start = Swift.max(start, notBefore)
        // Lines broken backwards (anchored) put blocks where forward breaking would not:
        // a re-flow that starts inside one cuts it there first.
        state.splitBlock(atLineStart: start)
        let oldBlocks = state.blocks
        let firstReplaced = FlowSection.firstIndex(in: oldBlocks, startingAfter: start - 1)
        assert(firstReplaced == 0 || oldBlocks[firstReplaced - 1].end <= start, "a re-flow starts inside a block")
        let runs = state.runs
        var items = state.items, distances = state.lineStartDistance, tree = state.lineOffsets
        state.items = []
        state.lineStartDistance = []
        state.lineOffsets = OffsetTree()
        var explicitLineDelta = 0
        var created: [FlowBlock] = []
        // Where the old lines resume (count when the re-flow ran to the end).
        var resume = count
        var resumesInsideBlock = false
        items.withUnsafeBufferPointer { items in
            distances.withUnsafeMutableBufferPointer { distances in
                /// Gives item `index` its distance and leaf, counting line starts gained and lost.
                func write(_ index: Int, distance: UInt32, leaf: Double) {
                    FlowSection.write(index, distance: distance, leaf: leaf, distances: distances, tree: &tree, lineDelta: &explicitLineDelta)
                }
                func writeLine(_ start: Int, _ end: Int) {
                    let extent = FlowSection.placeLine(items, start..<end, isLast: end == count, geometry: geometry).crossExtent
                    let leaf = FlowSection.leaf(start: start, crossExtent: extent, lineSpacing: spacing)
                    for index in start..<end { write(index, distance: UInt32(truncatingIfNeeded: index - start), leaf: index == start ? leaf : 0) }
                    reflowedItemCount += end - start
                }
                var start = start
                var run = FlowSection.firstIndex(in: runs, startingAfter: start) - 1
                while start < count {
                    if start > lastChanged {
                        // In step again: a line starts where an old one did, after every changed
                        // item, so it and all after it are unchanged.
                        if distances[start] == 0 {
                            resume = start
                            break
                        }
                        if distances[start] == FlowSection.inBlock, let block = FlowSection.block(in: oldBlocks, containing: start),
                           (start - block.start) % block.itemsPerLine == 0 {
                            resume = start
                            resumesInsideBlock = block.start < start
                            break
                        }
                    }
                    while run + 1 < runs.count && runs[run + 1].start <= start { run += 1 }
                    if run >= 0 && runs[run].end > start,
                       let block = FlowSection.periodicBlock(items, from: start, runEnd: runs[run].end, geometry: geometry) {
                        // Mark the block's items; those of old blocks are marked already.
                        var index = start
                        while index < block.end {
                            if distances[index] == FlowSection.inBlock, let old = FlowSection.block(in: oldBlocks, containing: index) {
                                if old.start == index && index != start && tree[index] != 0 { tree.setExtent(0, at: index) }
                                index = Swift.min(old.end, block.end)
                            } else {
                                write(index, distance: FlowSection.inBlock, leaf: 0)
                                reflowedItemCount += 1
                                index += 1
                            }
                        }
                        let extent = block.extent(spacing: spacing)
                        if tree[start] != extent { tree.setExtent(extent, at: start) }
                        reflowedItemCount += block.itemsPerLine
                        created.append(block)
                        start = block.end
                        continue
                    }
                    let end = FlowSection.greedyEnd(items, from: start, geometry: geometry)
                    writeLine(start, end)
                    start = end
                }
                if resumesInsideBlock, let block = FlowSection.block(in: oldBlocks, containing: resume) {
                    // The old block's lines from `resume` on are unchanged; its first ones
                    // were re-flowed. What is left is a block again, or too few lines for one.
                    let remaining = block.lineCount - (resume - block.start) / block.itemsPerLine
                    let rest = FlowBlock(start: resume, itemsPerLine: block.itemsPerLine, lineCount: remaining, lineExtent: block.lineExtent)
                    if remaining >= FlowSection.minimumBlockLines {
                        tree.setExtent(rest.extent(spacing: spacing), at: resume)
                        created.append(rest)
                    } else {
                        for line in 0..<remaining {
                            let lineStart = resume + line * block.itemsPerLine
                            writeLine(lineStart, lineStart + block.itemsPerLine)
                        }
                    }
                }
            }
        }
        // Old blocks from `start` up to `resume` were re-flowed (one reaching past `resume`
        // was cut above); the ones after are kept.
        let firstKept = FlowSection.firstIndex(in: oldBlocks, startingAfter: resume - 1)
        let replacedLines = oldBlocks[firstReplaced..<firstKept].reduce(0) { $0 + $1.lineCount }
        state.blocks.replaceSubrange(firstReplaced..<firstKept, with: created)
        state.items = items
        state.lineStartDistance = distances
        state.lineOffsets = tree
        state.lineCount += explicitLineDelta + created.reduce(0) { $0 + $1.lineCount } - replacedLines
        if geometry.metrics.maximumLines != nil { state.updateFirstHiddenItem() } else { state.firstHiddenItem = count }
    }
}
