// Incremental relayout. A size change re-flows from the first affected line until the line
// breaks fall in step with the old ones again; later lines keep their items and positions
// and move only because their offsets come from the section's OffsetTree. Every value is
// computed by the same functions as a full layout, from the same inputs, and the offset
// trees are bit-reproducible, so the result equals a fresh `prepare` exactly.

extension FlowLayout {
    /// Applies a change. New item sizes re-flow only the affected lines of their sections
    /// (O(lines re-flowed + log n) when the number of lines stays the same; a change of the
    /// line count shifts the later lines' records, O(lines after)). Metrics, container
    /// and "everything" changes re-read the source.
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.invalidatesEverything || context.invalidatesMetrics || context.invalidatesContainerSize
            || source.numberOfSections != sections.count {
            prepare(from: source)
            return
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
                applySizes(changes, section: section)
                changedSections.append(section)
            }
        }
        for section in changedSections {
            sectionOffsets.setExtent(sections[section].extent, at: section)
        }
    }

    /// Writes new sizes into the section, then re-flows the lines they affect.
    func applySizes(_ changes: [(Int, ItemSize)], section: Int) {
        let vertical = scrollDirection == .vertical
        var first = Int.max, last = Int.min
        var changed = Set<Int>()
        for (item, size) in changes {
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
            reflow(section: section, firstChanged: first, lastChanged: last)
        } else {
            sections[section].flowAll(scratchLeaves: &scratchLeaves)
        }
    }

    /// Re-flows the lines of `section` from the one that the first changed item can affect
    /// until a new line starts where an old line started, after the last changed item.
    func reflow(section: Int, firstChanged: Int, lastChanged: Int) {
        var state = sections[section]
        sections[section] = FlowSection(geometry: state.geometry)  // hold the arrays uniquely
        defer { sections[section] = state }

        let count = state.items.count
        let geometry = state.geometry
        var line = state.lineIndex(ofItem: firstChanged)
        // A shrunk first item of a line may now fit at the end of the line before.
        if line > 0 && state.lines[line].firstItem == firstChanged { line -= 1 }
        let firstLine = line
        var oldLine = line + 1  // the next old line to compare starts with
        var start = state.lines[line].firstItem
        var inStep = false
        scratchLines.removeAll(keepingCapacity: true)
        var items = state.items
        state.items = []
        defer { state.items = items }
        items.withUnsafeMutableBufferPointer { buffer in
            while start < count {
                let end = FlowSection.greedyEnd(buffer, from: start, geometry: geometry)
                scratchLines.append(FlowSection.placeLine(buffer, start..<end, isLast: end == count, geometry: geometry))
                while oldLine < state.lines.count && state.lines[oldLine].firstItem < end { oldLine += 1 }
                start = end
                if end > lastChanged && oldLine < state.lines.count && state.lines[oldLine].firstItem == end {
                    inStep = true
                    break
                }
            }
        }
        let replaced = firstLine..<(inStep ? oldLine : state.lines.count)
        let newCount = scratchLines.count
        state.lines.replaceSubrange(replaced, with: scratchLines)

        scratchLeaves.removeAll(keepingCapacity: true)
        for index in firstLine..<(firstLine + newCount) { scratchLeaves.append(state.leafExtent(ofLine: index)) }
        state.lineOffsets.replaceSubrange(replaced, with: scratchLeaves)
        // Lines after the re-flowed ones shifted index; those that crossed the line limit
        // change between shown (their extent) and hidden (0).
        let shift = newCount - replaced.count
        if shift != 0, let limit = geometry.metrics.maximumLines {
            let low = Swift.max(firstLine + newCount, limit - abs(shift))
            let high = Swift.min(state.lines.count, limit + abs(shift))
            if low < high {
                for index in low..<high { state.lineOffsets.setExtent(state.leafExtent(ofLine: index), at: index) }
            }
        }
    }
}
