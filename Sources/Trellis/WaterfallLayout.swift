/// A waterfall (masonry), scrolling vertically by default: columns of equal width, each item in one
/// column, as tall as it wants. The layout gives every item its column's width exactly
/// (`fittingProposal`) and the item decides its height, which may be an estimate at first
/// and a measured height later.
///
/// **Placement.** `.shortestColumn` puts each item, in index order, into the column whose
/// bottom is highest at that moment (ties go to the leading column); `.inOrder` deals items
/// round robin (item i goes to column i mod C). Right-to-left mirrors the columns (column 0
/// is on the right).
///
/// **Stable assignments.** Columns are chosen in `prepare` and on an invalidation that
/// re-reads everything (`invalidatesEverything`, metrics, container size), with the sizes
/// known then. A new item size alone (a measured height replacing an estimate) keeps every
/// item in its column: only the items below it in that column and the section's end move,
/// in O(log n), and items never jump between columns while the user scrolls. The frames
/// after any sequence of size updates equal bit for bit those of a fresh
/// `prepare(from:columnAssignments:)` with the same assignments (`columnAssignments`) and
/// the new sizes; with `.inOrder` that is simply a fresh `prepare(from:)`.
///
/// **Anchored.** With an `InvalidationContext.anchorItem`, a new size of an item above
/// what the reader sees grows its column *upwards* (the anchor's own too, when it starts
/// above the context's `visibleBounds`: the reader sees its end): in the anchor's column an item before
/// the anchor; in another column, an item before the anchor or ending above the anchor's
/// bottom — and, given the context's `visibleBounds`, any item starting above them, none
/// starting below them. The items after it in its
/// column stay where they are and the column's top moves instead (each column keeps a
/// lead, the space above its first item; the smallest lead is 0, so the section starts at
/// its highest column). Visible items then keep their columns and their distances from the
/// anchor, and the columns' tops settle out of sight: they may end ragged, and near the
/// section's start (when the anchor is at most `levellingReach` items in) the items above
/// the anchor are placed again from the anchor upwards so the tops end within one item of
/// each other, as the bottoms do, before the reader scrolls up to them. Inserts, deletes
/// and moves (a re-read with `previousIndexPath` and the anchor) keep every item that was
/// there in its column and set the anchor section's column tops so the anchor's neighbours
/// stay where they were. Any other re-read starts the columns level again.
///
/// Horizontal scrolling (`scrollDirection: .horizontal`) transposes it: columns become
/// rows down the height, items grow rightwards by their source *widths*.
public final class WaterfallLayout: SettlesOutOfSight, GrowsCutAnchorBackward, StackedLayout {
    public enum Placement: String, Hashable, Sendable, Codable {
        /// Each item goes to the column whose bottom is highest (ties to the leading one).
        case shortestColumn
        /// Item i goes to column i mod C, strictly in order.
        case inOrder
    }

    /// The waterfall's options. JSON keys are the property names, except that `sections` is
    /// spelled flat: `sectionInset`, `pinHeaders`, `pinFooters`, `background` (docs/Layouts.md).
    public struct Options: Hashable, Sendable, Codable {
        /// A column count, or a minimum column width from which the count follows.
        public var columns: ColumnRule
        /// Horizontal space between columns.
        public var columnSpacing: Double
        /// Vertical space between the items of a column.
        public var itemSpacing: Double
        public var placement: Placement
        /// Pixels per point; column edges are rounded to this grid (1 by default).
        public var displayScale: Double
        /// Section insets, sticky headers and footers, section backgrounds.
        public var sections: SectionStyle
        /// Vertical (the default) or horizontal: scrolling horizontally, everything is
        /// transposed (see `GridLayout`) and items' widths come from the source.
        public var scrollDirection: ScrollDirection

        public init(
            columns: ColumnRule = .count(2), columnSpacing: Double = 0, itemSpacing: Double = 0,
            placement: Placement = .shortestColumn, displayScale: Double = 1, sections: SectionStyle = SectionStyle(),
            scrollDirection: ScrollDirection = .vertical
        ) {
            self.scrollDirection = scrollDirection
            self.columns = columns
            self.columnSpacing = columnSpacing
            self.itemSpacing = itemSpacing
            self.placement = placement
            self.displayScale = displayScale
            self.sections = sections
        }

        /// Throws when an option cannot be used, naming it.
        public func validate() throws(LayoutOptionsError) {
            if let problem = columns.problem { throw problem }
            try validateSpacing(columnSpacing, "columnSpacing")
            try validateSpacing(itemSpacing, "itemSpacing")
            try validateScale(displayScale)
            if let problem = sections.problem { throw problem }
        }
    }

    /// The options; after changing them, invalidate with `invalidatesMetrics`.
    /// The options' scroll direction.
    public var scrollDirection: ScrollDirection { options.scrollDirection }

    public var options: Options {
        didSet { precondition((try? options.validate()) != nil, "WaterfallLayout options: \(validationMessage(options.validate))") }
    }

    struct SectionState {
        var itemColumn: [Int32] = []
        /// The item's position within its column.
        var itemPosition: [Int32] = []
        var itemHeight: [Double] = []
        /// The items of every column in order, column after column (column c starts at
        /// `columnStart[c]`): one flat array rather than one per column.
        var columnItems: [Int32] = []
        var columnStart: [Int] = []
        /// Per column: its items' heights plus the item spacing (none after the last).
        var columns: [OffsetTree] = []
        /// Per column: the space above its first item. All 0 after `prepare`; anchored size
        /// changes above the anchor move a column's top instead of its later items.
        var columnLead: [Double] = []

        /// The height of the tallest column (in column order, like a fresh layout).
        var body: Double {
            var body = 0.0
            for (column, tree) in columns.enumerated() { body = Swift.max(body, columnLead[column] + tree.total) }
            return body
        }

        /// The top of `item` from the section's items top.
        /// - Complexity: O(log n).
        func top(ofItem item: Int) -> Double {
            let column = Int(itemColumn[item])
            return columnLead[column] + columns[column].offset(of: Int(itemPosition[item]))
        }
    }

    private(set) var stack = SectionStack.empty
    private(set) var sectionStates: [SectionState] = []
    private(set) var columnX: [Double] = []
    private(set) var columnWidth: [Double] = []
    public private(set) var diagnostics: [LayoutDiagnostic] = []

    /// - Precondition: the options are valid (`options.validate()` does not throw).
    public init(options: Options = Options()) {
        precondition((try? options.validate()) != nil, "WaterfallLayout options: \(validationMessage(options.validate))")
        self.options = options
    }

    /// The number of columns of the last prepare.
    public var columnCount: Int { columnX.count }

    /// For every section, the column of every item (0 is the leading column).
    /// - Complexity: O(n).
    public var columnAssignments: [[Int]] { sectionStates.map { $0.itemColumn.map(Int.init) } }

    // MARK: CollectionLayout

    /// Reads everything and places every item.
    /// - Complexity: O(n·C) for n items and C columns with `.shortestColumn`, O(n) in order.
    public func prepare(from source: some LayoutSource) {
        prepare(from: source, assignments: nil)
    }

    /// Reads everything and places every item in the column `columnAssignments` names (as
    /// `columnAssignments` returns it): a full relayout that keeps the placement.
    /// - Precondition: one column per item of every section, each below the column count.
    /// - Complexity: O(n).
    public func prepare(from source: some LayoutSource, columnAssignments: [[Int]]) {
        precondition(columnAssignments.allSatisfy { $0.allSatisfy { $0 >= 0 } }, "columnAssignments: a column is never negative")
        prepare(from: source, assignments: columnAssignments)
    }

    /// A re-read after inserts, deletes or moves that keeps what the reader sees: every item
    /// that was in the layout stays in its column (a new item goes where the placement puts
    /// it), and in the anchor's section each column's lead is set so that its first item
    /// from the anchor on that was there before keeps its distance from the anchor. The
    /// columns' tops may end ragged, as after anchored size changes. Without the anchor in
    /// the layout before, or with another column count, a plain `prepare(from:)`.
    /// - Complexity: O(n) plus O(C log n) for the leads.
    private func prepare(from source: some LayoutSource, keepingPlacementAround anchor: IndexPath, previousIndexPath: (IndexPath) -> IndexPath?) {
        let old = sectionStates, oldColumnCount = columnX.count
        func wasPlaced(_ indexPath: IndexPath?) -> IndexPath? {
            guard let indexPath, indexPath.section >= 0, indexPath.section < old.count,
                  indexPath.item >= 0, indexPath.item < old[indexPath.section].itemColumn.count else { return nil }
            return indexPath
        }
        let sectionCount = Swift.max(0, source.numberOfSections)
        guard let oldAnchor = wasPlaced(previousIndexPath(anchor)), anchor.section >= 0, anchor.section < sectionCount,
              anchor.item >= 0, anchor.item < source.numberOfItems(inSection: anchor.section) else {
            prepare(from: source)
            return
        }
        // -1: not there before, placed by the placement rule.
        let assignments = (0..<sectionCount).map { section in
            (0..<Swift.max(0, source.numberOfItems(inSection: section))).map { item in
                wasPlaced(previousIndexPath(IndexPath(item: item, section: section))).map { Int(old[$0.section].itemColumn[$0.item]) } ?? -1
            }
        }
        prepare(from: source, assignments: assignments)
        guard columnX.count == oldColumnCount else {
            prepare(from: source)
            return
        }
        var state = sectionStates[anchor.section]
        let before = old[oldAnchor.section]
        let anchorTop = state.top(ofItem: anchor.item), anchorTopBefore = before.top(ofItem: oldAnchor.item)
        var lead = [Double](repeating: 0, count: state.columns.count)
        for column in lead.indices {
            let items = state.columnItems[state.columnStart[column]..<state.columnStart[column + 1]]
            // The column's items are in index order: its first at or after the anchor, then
            // the first of those that was in the anchor's section before.
            var low = items.startIndex, high = items.endIndex
            while low < high {
                let middle = (low + high) / 2
                if Int(items[middle]) < anchor.item { low = middle + 1 } else { high = middle }
            }
            var slot = low
            while slot < items.endIndex {
                let item = Int(items[slot])
                if let was = wasPlaced(previousIndexPath(IndexPath(item: item, section: anchor.section))), was.section == oldAnchor.section {
                    lead[column] = (before.top(ofItem: was.item) - anchorTopBefore) - (state.top(ofItem: item) - anchorTop)
                    break
                }
                slot += 1
            }
        }
        let lowest = lead.min() ?? 0
        state.columnLead = lead.map { $0 - lowest }
        sectionStates[anchor.section] = state
        stack.setBody(state.body, section: anchor.section)
        levelColumnTops(before: anchor)
    }

    /// Places every item as a fresh `prepare(from:)` does when an anchored change left the
    /// column tops ragged; nothing when they are level.
    /// - Complexity: O(s·C) to look, plus a full `prepare` when the tops are ragged.
    package func settleCanonically(from source: some LayoutSource) {
        guard sectionStates.contains(where: { $0.columnLead.contains { $0 != 0 } }) else { return }
        prepare(from: source)
    }

    /// How many items before the anchor `levelColumnTops(before:)` places again at most:
    /// it bounds the work of one levelling. Far from the section's start ragged tops are far
    /// out of sight and stay as they are until the reader comes this close.
    static let levellingReach = 8_192

    /// Levels the anchor section's column tops, out of sight: the items before the anchor
    /// are placed again from the anchor upwards, each going to the column whose top is
    /// lowest (the shortest-column rule read from the end), above the items from the anchor
    /// on, which keep their columns and their distances from the anchor. Upward growth
    /// leaves a column's top wherever the measured sizes above the anchor put it, so after
    /// a long scroll upwards a column could start a screen or more below the others; placed
    /// again, the tops differ by less than one item, as a waterfall's ends do.
    ///
    /// Runs only when the tops differ by more than the tallest item before the anchor (what
    /// placing again leaves), and the anchor is at most `levellingReach` items from the
    /// section's start. Items before the anchor that are in the bounds came into view in this
    /// layout pass (the collection view's anchor is the first displayed item), so none
    /// that the reader saw moves.
    /// - Complexity: O(a·C) for the a items before the anchor and C columns, plus O(n) to
    ///   renumber the section's items when it runs.
    private func levelColumnTops(before anchor: IndexPath) {
        let first = anchor.item, section = anchor.section
        guard first > 0, first <= Self.levellingReach, section < sectionStates.count else { return }
        let spacing = options.itemSpacing
        var state = sectionStates[section]
        sectionStates[section] = SectionState()  // so `state`'s arrays are uniquely held
        defer {
            sectionStates[section] = state
            stack.setBody(state.body, section: section)
        }
        let columnCount = state.columns.count
        guard columnCount > 1 else { return }
        let spread = (state.columnLead.max() ?? 0) - (state.columnLead.min() ?? 0)
        guard spread > spacing else { return }
        var tallest = 0.0
        for item in 0..<first { tallest = Swift.max(tallest, state.itemHeight[item]) }
        guard spread > tallest + spacing else { return }
        // Per column: how many of its items come before the anchor (its items are in index
        // order), and the top of its first item from the anchor on.
        var before = [Int](repeating: 0, count: columnCount)
        var top = [Double](repeating: 0, count: columnCount)
        for column in 0..<columnCount {
            let start = state.columnStart[column], end = state.columnStart[column + 1]
            var low = start, high = end
            while low < high {
                let middle = (low + high) / 2
                if Int(state.columnItems[middle]) < first { low = middle + 1 } else { high = middle }
            }
            // A column holding nothing from the anchor on has no top to build on.
            guard low < end else { return }
            before[column] = low - start
            top[column] = state.columnLead[column] + state.columns[column].offset(of: low - start)
        }
        // From the item just before the anchor upwards, each to the column whose top is the
        // lowest (ties to the leading column).
        var placed = [[Int32]](repeating: [], count: columnCount)
        for item in stride(from: first - 1, through: 0, by: -1) {
            var lowest = 0
            for column in 1..<columnCount where top[column] > top[lowest] { lowest = column }
            top[lowest] -= state.itemHeight[item] + spacing
            placed[lowest].append(Int32(item))
        }
        // Rebuild the columns: the items placed again (in index order), then the column's
        // items from the anchor on, renumbered.
        var columnItems = [Int32](), columnStart = [0]
        columnItems.reserveCapacity(state.columnItems.count)
        for column in 0..<columnCount {
            let newBefore = placed[column].count
            for (position, item) in placed[column].reversed().enumerated() {
                state.itemColumn[Int(item)] = Int32(column)
                state.itemPosition[Int(item)] = Int32(position)
                columnItems.append(item)
            }
            let kept = state.columnItems[(state.columnStart[column] + before[column])..<state.columnStart[column + 1]]
            for (offset, item) in kept.enumerated() {
                state.itemPosition[Int(item)] = Int32(newBefore + offset)
                columnItems.append(item)
            }
            columnStart.append(columnItems.count)
            // Every item placed again has an item after it in its column: each is followed
            // by the spacing.
            state.columns[column].replaceSubrange(0..<before[column], with: placed[column].reversed().map { state.itemHeight[Int($0)] + spacing })
        }
        state.columnItems = columnItems
        state.columnStart = columnStart
        let highest = top.min() ?? 0
        state.columnLead = top.map { $0 - highest }
    }

    private func prepare(from source: some LayoutSource, assignments: [[Int]]?) {
        var diagnostics: [LayoutDiagnostic] = []
        let axis = options.scrollDirection.axis
        let width = SectionStack.containerWidth(of: source, scrollAxis: axis, diagnostics: &diagnostics)
        var stack = SectionStack(containerWidth: width, direction: source.layoutDirection, style: options.sections, scrollAxis: axis)
        let available = stack.itemsWidth
        let geometry = ColumnGeometry(
            count: options.columns.columnCount(available: available, spacing: options.columnSpacing),
            left: stack.style.insets.leading, available: available,
            spacing: options.columnSpacing, scale: options.displayScale)
        columnX = (0..<geometry.count).map { geometry.column($0).x }
        columnWidth = (0..<geometry.count).map { geometry.column($0).width }
        let sectionCount = Swift.max(0, source.numberOfSections)
        precondition(assignments == nil || assignments!.count == sectionCount, "columnAssignments: \(assignments!.count) sections, the source has \(sectionCount)")
        // Taken out of `self` so every array is uniquely held and refilled in place: a
        // relayout reuses the storage of the previous layout and allocates nothing per item.
        var states = sectionStates
        sectionStates = []
        stack.build(from: source, states: &states, newState: SectionState.init, itemLengths: \.itemHeight, diagnostics: &diagnostics) {
            section, state, _ in
            layOutSection(section, &state, assignment: assignments?[section])
            return state.body
        }
        sectionStates = states
        self.stack = stack
        self.diagnostics = diagnostics
    }

    /// Places the items of `state` (whose `itemHeight` is read) in columns, reusing its arrays.
    private func layOutSection(_ section: Int, _ state: inout SectionState, assignment: [Int]?) {
        let heights = state.itemHeight
        let count = heights.count
        let columnCount = columnX.count
        let spacing = options.itemSpacing, inOrder = options.placement == .inOrder
        precondition(assignment == nil || assignment!.count == count, "columnAssignments[\(section)]: \(assignment!.count) items, the source has \(count)")
        precondition(count <= Int(Int32.max), "WaterfallLayout: at most \(Int32.max) items per section")
        // Moved out and back so the loops write uniquely held arrays through pointers.
        var itemColumn = state.itemColumn, itemPosition = state.itemPosition, columnItems = state.columnItems
        state.itemColumn = []
        state.itemPosition = []
        state.columnItems = []
        defer {
            state.itemColumn = itemColumn
            state.itemPosition = itemPosition
            state.columnItems = columnItems
        }
        resize(&itemColumn, to: count)
        resize(&itemPosition, to: count)
        resize(&columnItems, to: count)
        // Where the next item of each column would start: the running sums placement uses.
        var nextTop = [Double](repeating: 0, count: columnCount)
        var columnCounts = [Int](repeating: 0, count: columnCount)
        heights.withUnsafeBufferPointer { heights in
            itemColumn.withUnsafeMutableBufferPointer { itemColumn in
                itemPosition.withUnsafeMutableBufferPointer { itemPosition in
                    for item in 0..<count {
                        let column: Int
                        if let assignment, assignment[item] >= 0 {
                            column = assignment[item]
                            precondition(column >= 0 && column < columnCount, "columnAssignments[\(section)][\(item)] = \(column) is not a column of 0..<\(columnCount)")
                        } else if inOrder {
                            column = item % columnCount
                        } else {
                            var shortest = 0
                            for candidate in 1..<Swift.max(1, columnCount) where nextTop[candidate] < nextTop[shortest] { shortest = candidate }
                            column = shortest
                        }
                        nextTop[column] += heights[item] + spacing
                        itemColumn[item] = Int32(column)
                        itemPosition[item] = Int32(columnCounts[column])
                        columnCounts[column] += 1
                    }
                }
            }
        }
        // Gather each column's items into flat storage, then rebuild each column's tree in
        // place from its items' extents (height + spacing, none after the column's last item).
        state.columnStart.removeAll(keepingCapacity: true)
        state.columnStart.append(0)
        for column in 0..<columnCount { state.columnStart.append(state.columnStart[column] + columnCounts[column]) }
        let columnStart = state.columnStart
        columnItems.withUnsafeMutableBufferPointer { columnItems in
            for item in 0..<count {
                columnItems[columnStart[Int(itemColumn[item])] + Int(itemPosition[item])] = Int32(item)
            }
        }
        if state.columns.count > columnCount { state.columns.removeLast(state.columns.count - columnCount) }
        while state.columns.count < columnCount { state.columns.append(OffsetTree()) }
        state.columnLead = Array(repeating: 0, count: columnCount)
        heights.withUnsafeBufferPointer { heights in
            columnItems.withUnsafeBufferPointer { columnItems in
                for column in 0..<columnCount {
                    let first = columnStart[column], slots = columnStart[column + 1] - first
                    state.columns[column].rebuild(count: slots) { leaves in
                        for slot in 0..<slots {
                            leaves[slot] = spacedExtent(heights[Int(columnItems[first + slot])], at: slot, count: slots, spacing: spacing)
                        }
                    }
                }
            }
        }
    }

    /// - Complexity: new item sizes: O(log n + C) each; header or footer sizes: O(log s);
    ///   anything else: a full `prepare` (which chooses columns anew).
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.requiresFullRelayout {
            if let anchor = context.anchorItem, let previous = context.previousIndexPath,
               !context.invalidatesMetrics, !context.invalidatesContainerSize {
                prepare(from: source, keepingPlacementAround: anchor, previousIndexPath: previous)
            } else {
                prepare(from: source)
            }
            return
        }
        diagnostics = []
        let anchor = context.anchorItem.flatMap { anchor in
            anchor.section >= 0 && anchor.section < sectionStates.count
                && anchor.item >= 0 && anchor.item < sectionStates[anchor.section].itemHeight.count ? anchor : nil
        }
        let upwards = anchor.map { anchor in
            growsUpwards(context.itemSizes.map { $0.0 }, anchor: anchor, visible: context.visibleBounds.map {
                let visible = stack.layoutSpace($0), top = stack.itemsTop(of: anchor.section)
                return (visible.minY - top)..<(visible.maxY - top)
            })
        } ?? []
        for (index, (indexPath, size)) in context.itemSizes.enumerated() {
            let height = stack.measuredLength(of: size, at: indexPath, itemCount: { self.sectionStates[$0].itemHeight.count }, diagnostics: &diagnostics)
            let section = indexPath.section
            sectionStates[section].itemHeight[indexPath.item] = height
            let column = Int(sectionStates[section].itemColumn[indexPath.item])
            let position = Int(sectionStates[section].itemPosition[indexPath.item])
            let inColumn = sectionStates[section].columns[column].count
            let extent = spacedExtent(height, at: position, count: inColumn, spacing: options.itemSpacing)
            if !upwards.isEmpty && upwards[index] {
                sectionStates[section].columnLead[column] -= extent - sectionStates[section].columns[column][position]
            }
            sectionStates[section].columns[column].setExtent(extent, at: position)
            stack.setBody(sectionStates[section].body, section: section)
        }
        if let anchor, upwards.contains(true) {
            // The highest column starts the section: every item moves by the same amount,
            // which the collection view's anchoring takes back.
            let lowest = sectionStates[anchor.section].columnLead.min() ?? 0
            for column in sectionStates[anchor.section].columnLead.indices { sectionStates[anchor.section].columnLead[column] -= lowest }
            stack.setBody(sectionStates[anchor.section].body, section: anchor.section)
            levelColumnTops(before: anchor)
        }
        stack.applySupplementarySizes(context.supplementarySizes, diagnostics: &diagnostics)
    }

    /// For each changed item, whether its column grows upwards — decided on the frames
    /// before any change, so the order of the sizes does not matter. Only items of the
    /// anchor's section may; the anchor keeps its top, unless `visible` is given and it
    /// starts above it: then it keeps its bottom, the part the reader sees (the collection
    /// view keeps that edge still, `GrowsCutAnchorBackward`). In the anchor's column the
    /// items before the anchor do (a column holds its items in index order: they are above
    /// it, and growing upwards they move none of the items from the anchor on, however far
    /// down they reach). In the other columns, an item before the anchor or ending above
    /// the anchor's bottom does (one that just came into view, above the items the reader
    /// saw in its column) — and with `visible` (the visible bounds along the scroll axis,
    /// from the section's items top) that rule holds for the items starting on screen only:
    /// an item starting above the screen (or reaching into it from above) grows upwards and
    /// one starting below it downwards, whatever its index or its extent next to the
    /// anchor's, so what is on screen in that column keeps its place.
    /// - Complexity: O(m log n) for m changed items.
    private func growsUpwards(_ changed: [IndexPath], anchor: IndexPath, visible: Range<Double>?) -> [Bool] {
        let state = sectionStates[anchor.section]
        let anchorColumn = state.itemColumn[anchor.item]
        let anchorBottom = state.top(ofItem: anchor.item) + state.itemHeight[anchor.item]
        return changed.map { indexPath in
            let item = indexPath.item
            guard indexPath.section == anchor.section, item >= 0, item < state.itemHeight.count else { return false }
            // The anchor keeps its top, unless it starts above the screen: then the reader
            // sees its end, which stays (`GrowsCutAnchorBackward`).
            if item == anchor.item { return visible.map { state.top(ofItem: item) < $0.lowerBound } ?? false }
            if state.itemColumn[item] == anchorColumn { return item < anchor.item }
            let top = state.top(ofItem: item)
            if let visible {
                if top < visible.lowerBound { return true }
                if top >= visible.upperBound { return false }
            }
            return item < anchor.item || top + state.itemHeight[item] < anchorBottom
        }
    }

    /// The walk behind `forEachElement` and `elements(in:)` (see `StackedLayout`):
    /// calls `body` with the elements `elements(in:visibleBounds:)` returns, in the same
    /// order (per section: background, header, footer, then cells in index order), without
    /// building an array: what a scrolling collection view uses.
    /// - Complexity: O(C·log n + k·C) node reads for k elements visited and C columns.
    @inline(__always)
    func visit<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (consuming LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        // Locals: one read of each stored property rather than one per element.
        let stack = self.stack, states = sectionStates, columnX = self.columnX, columnWidth = self.columnWidth
        let area = stack.layoutSpace(rect)  // where to search; frames are tested against `rect`
        for section in stack.sections(overlapping: area.minY, area.maxY) {
            try stack.forEachDecorationAndSupplementary(of: section, in: rect, visibleBounds: visibleBounds, body)
            let state = states[section]
            let top = stack.itemsTop(of: section)
            let columnCount = state.columns.count
            // Each column is walked down from its first candidate (one tree search) while its
            // items start above the rect's end; the walks are merged by item index, so cells
            // come in index order unsorted. Offsets come from an `OffsetWalk` per column, which
            // reuses the shared top of consecutive root-to-leaf paths (the same bits as
            // `offset(of:)`): after the first search, an item costs a few node reads, not a
            // cold descent of a tree of a million items.
            let limit = area.maxY + slop(area.maxY)
            // Partial sums for the deepest column's tree: small enough to stay on the stack.
            let depth = state.columns.reduce(0) { Swift.max($0, $1.capacity.trailingZeroBitCount) }
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * columnCount) { (cursor) throws(E) -> Void in
                try withUnsafeTemporaryAllocation(of: Double.self, capacity: columnCount * (depth + 2)) { (doubles) throws(E) -> Void in
                    try withUnsafeTemporaryAllocation(of: OffsetWalk.self, capacity: columnCount) { (walks) throws(E) -> Void in
                        // cursor[2c]: column c's next position; cursor[2c + 1]: its item, or
                        // Int.max when the column has no more candidates. doubles[c]: its top.
                        func advance(_ column: Int, to position: Int) {
                            cursor[2 * column] = position
                            cursor[2 * column + 1] = Int.max
                            guard position < state.columns[column].count else { return }
                            let itemTop = top + state.columnLead[column] + walks[column].offset(of: position)
                            guard itemTop < limit else { return }
                            doubles[column] = itemTop
                            cursor[2 * column + 1] = Int(state.columnItems[state.columnStart[column] + position])
                        }
                        for column in 0..<columnCount {
                            let tree = state.columns[column]
                            let partials = UnsafeMutableBufferPointer(rebasing: doubles[(columnCount + column * (depth + 1))...].prefix(depth + 1))
                            walks.initializeElement(at: column, to: OffsetWalk(tree: tree, partial: partials))
                            advance(column, to: tree.count > 0 ? tree.firstCandidate(at: area.minY - top - state.columnLead[column]) : 0)
                        }
                        // Every walk is initialised now; release them even when `body` throws.
                        defer { _ = walks.deinitialize() }
                        while true {
                            var best = -1, bestItem = Int.max
                            for column in 0..<columnCount where cursor[2 * column + 1] < bestItem {
                                best = column
                                bestItem = cursor[2 * column + 1]
                            }
                            if best < 0 { break }
                            let frame = stack.physical(Rect(x: columnX[best], y: doubles[best], width: columnWidth[best], height: state.itemHeight[bestItem]))
                            if frame.intersects(rect) {
                                try body(LayoutAttributes(indexPath: IndexPath(item: bestItem, section: section), frame: frame))
                            }
                            advance(best, to: cursor[2 * best] + 1)
                        }
                    }
                }
            }
        }
    }

    /// - Complexity: O(log n).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count else { return nil }
        let state = sectionStates[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < state.itemHeight.count else { return nil }
        let column = Int(state.itemColumn[indexPath.item])
        let top = stack.itemsTop(of: indexPath.section) + state.top(ofItem: indexPath.item)
        let frame = stack.physical(Rect(x: columnX[column], y: top, width: columnWidth[column], height: state.itemHeight[indexPath.item]))
        return LayoutAttributes(indexPath: indexPath, frame: frame)
    }

    /// The item's column width exactly, the height unconstrained (transposed when scrolling
    /// horizontally).
    /// - Complexity: O(1).
    public func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count,
              indexPath.item >= 0 && indexPath.item < sectionStates[indexPath.section].itemColumn.count
        else { return columnWidth.isEmpty ? .unconstrained : stack.fittingProposal(crossExtent: columnWidth[0]) }
        let column = Int(sectionStates[indexPath.section].itemColumn[indexPath.item])
        return stack.fittingProposal(crossExtent: columnWidth[column])
    }
}
