// Incremental relayout. A size change re-flows from the first affected line until the line
// breaks fall in step with the old ones again; later lines keep their items and leaves
// and move only because their offsets come from the section's OffsetTree. Every value is
// computed by the same functions as a full layout, from the same inputs, and the offset
// trees are bit-reproducible, so the result equals a fresh `prepare` exactly.

extension FlowLayout {
    /// Applies a change. New item sizes re-flow only the affected lines of their sections,
    /// O(k log n) for k items on the re-flowed lines (plus the items of the shown lines
    /// when the section has a `maximumLines`). Metrics, container and "everything" changes
    /// re-read the source.
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
            sections[section].flowAll()
        }
    }

    /// Re-flows the lines of `section` from the one that the first changed item can affect
    /// until a new line ends where an old line ended, after the last changed item.
    /// - Complexity: O(k log n) for k items on the re-flowed lines.
    func reflow(section: Int, firstChanged: Int, lastChanged: Int) {
        var state = sections[section]
        sections[section] = FlowSection(geometry: state.geometry)  // hold the arrays uniquely
        defer { sections[section] = state }

        let count = state.items.count
        let geometry = state.geometry
        var start = state.lineStart(ofItem: firstChanged)
        // A shrunk first item of a line may now fit at the end of the line before.
        if start == firstChanged && start > 0 { start = state.lineStart(ofItem: start - 1) }
        var items = state.items, distances = state.lineStartDistance, tree = state.lineOffsets
        state.items = []
        state.lineStartDistance = []
        state.lineOffsets = OffsetTree()
        var lineDelta = 0
        items.withUnsafeBufferPointer { items in
            distances.withUnsafeMutableBufferPointer { distances in
                while start < count {
                    let end = FlowSection.greedyEnd(items, from: start, geometry: geometry)
                    let extent = FlowSection.placeLine(items, start..<end, isLast: end == count, geometry: geometry).crossExtent
                    let leaf = FlowSection.leaf(start: start, crossExtent: extent, lineSpacing: geometry.metrics.lineSpacing)
                    if distances[start] != 0 { lineDelta += 1 }  // a new line start
                    if tree[start] != leaf { tree.setExtent(leaf, at: start) }
                    distances[start] = 0
                    for index in (start + 1)..<end where distances[index] != UInt32(truncatingIfNeeded: index - start) {
                        if distances[index] == 0 {
                            // An old line start that is now inside a line.
                            lineDelta -= 1
                            tree.setExtent(0, at: index)
                        }
                        distances[index] = UInt32(truncatingIfNeeded: index - start)
                    }
                    start = end
                    // In step again: the next line starts where an old one did, after every
                    // changed item, so it and all after it are unchanged.
                    if end > lastChanged && end < count && distances[end] == 0 { break }
                }
            }
        }
        state.items = items
        state.lineStartDistance = distances
        state.lineOffsets = tree
        state.lineCount += lineDelta
        if geometry.metrics.maximumLines != nil { state.updateFirstHiddenItem() } else { state.firstHiddenItem = count }
    }
}
