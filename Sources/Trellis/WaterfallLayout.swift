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
/// Horizontal scrolling (`scrollDirection: .horizontal`) transposes it: columns become
/// rows down the height, items grow rightwards by their source *widths*.
public final class WaterfallLayout: CollectionLayout {
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

        /// The height of the tallest column (in column order, like a fresh layout).
        var body: Double { columns.reduce(0) { Swift.max($0, $1.total) } }
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
        prepare(from: source, assignments: columnAssignments)
    }

    private func prepare(from source: some LayoutSource, assignments: [[Int]]?) {
        var diagnostics: [LayoutDiagnostic] = []
        let axis = options.scrollDirection.axis
        let width = SectionStack.containerWidth(of: source, scrollAxis: axis, diagnostics: &diagnostics)
        stack = SectionStack(containerWidth: width, direction: source.layoutDirection, style: options.sections, scrollAxis: axis)
        let available = stack.itemsWidth
        let geometry = ColumnGeometry(
            count: options.columns.columnCount(available: available, spacing: options.columnSpacing),
            left: stack.style.insets.leading, available: available,
            spacing: options.columnSpacing, scale: options.displayScale)
        columnX = (0..<geometry.count).map { geometry.column($0).x }
        columnWidth = (0..<geometry.count).map { geometry.column($0).width }
        let sectionCount = Swift.max(0, source.numberOfSections)
        precondition(assignments == nil || assignments!.count == sectionCount, "columnAssignments: \(assignments!.count) sections, the source has \(sectionCount)")
        var states: [SectionState] = []
        states.reserveCapacity(sectionCount)
        var sections: [SectionStack.Section] = []
        sections.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let heights = SectionStack.readItemHeights(ofSection: section, from: source, along: axis, diagnostics: &diagnostics)
            let state = layOutSection(section, heights: heights, assignment: assignments?[section])
            let (header, footer) = SectionStack.readSupplementaries(of: section, from: source, along: axis, diagnostics: &diagnostics)
            sections.append(SectionStack.Section(header: header, footer: footer, body: state.body))
            states.append(state)
        }
        sectionStates = states
        stack.build(sections)
        self.diagnostics = diagnostics
    }

    private func layOutSection(_ section: Int, heights: [Double], assignment: [Int]?) -> SectionState {
        let count = heights.count
        let columnCount = columnX.count
        let spacing = options.itemSpacing, inOrder = options.placement == .inOrder
        precondition(assignment == nil || assignment!.count == count, "columnAssignments[\(section)]: \(assignment!.count) items, the source has \(count)")
        precondition(count <= Int(Int32.max), "WaterfallLayout: at most \(Int32.max) items per section")
        var state = SectionState()
        state.itemHeight = heights
        state.itemColumn.reserveCapacity(count)
        state.itemPosition.reserveCapacity(count)
        // Where the next item of each column would start: the running sums placement uses.
        var nextTop = [Double](repeating: 0, count: columnCount)
        var columnCounts = [Int](repeating: 0, count: columnCount)
        for item in 0..<count {
            let column: Int
            if let assignment {
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
            state.itemColumn.append(Int32(column))
            state.itemPosition.append(Int32(columnCounts[column]))
            columnCounts[column] += 1
        }
        // Gather each column's items into flat storage, then build each column's tree from
        // its items' extents (height + spacing, none after the column's last item), read
        // lazily so no temporary array of a million extents is written.
        state.columnStart = [0]
        for column in 0..<columnCount { state.columnStart.append(state.columnStart[column] + columnCounts[column]) }
        state.columnItems = [Int32](repeating: 0, count: count)
        state.columnItems.withUnsafeMutableBufferPointer { columnItems in
            for item in 0..<count {
                columnItems[state.columnStart[Int(state.itemColumn[item])] + Int(state.itemPosition[item])] = Int32(item)
            }
        }
        let columnItems = state.columnItems, columnStart = state.columnStart
        state.columns = (0..<columnCount).map { column in
            let slots = columnStart[column]..<columnStart[column + 1]
            return OffsetTree(slots.lazy.map { slot in
                spacedExtent(heights[Int(columnItems[slot])], at: slot - slots.lowerBound, count: slots.count, spacing: spacing)
            })
        }
        return state
    }

    /// - Complexity: new item sizes: O(log n + C) each; header or footer sizes: O(log s);
    ///   anything else: a full `prepare` (which chooses columns anew).
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.invalidatesEverything || context.invalidatesMetrics || context.invalidatesContainerSize {
            prepare(from: source)
            return
        }
        diagnostics = []
        for (indexPath, size) in context.itemSizes {
            let height = stack.measuredLength(of: size, at: indexPath, itemCount: { self.sectionStates[$0].itemHeight.count }, diagnostics: &diagnostics)
            let section = indexPath.section
            sectionStates[section].itemHeight[indexPath.item] = height
            let column = Int(sectionStates[section].itemColumn[indexPath.item])
            let position = Int(sectionStates[section].itemPosition[indexPath.item])
            let inColumn = sectionStates[section].columns[column].count
            sectionStates[section].columns[column].setExtent(
                spacedExtent(height, at: position, count: inColumn, spacing: options.itemSpacing), at: position)
            stack.setBody(sectionStates[section].body, section: section)
        }
        stack.applySupplementarySizes(context.supplementarySizes, diagnostics: &diagnostics)
    }

    public var contentSize: Size { stack.contentSize }

    /// Cells come in index order: each column is searched for its run of visible items, and
    /// the runs are merged by index.
    /// - Complexity: O(C·log n + k·(C + log n)) for k elements returned and C columns.
    public func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        // Locals: one read of each stored property rather than one per element.
        let stack = self.stack, states = sectionStates, columnX = self.columnX, columnWidth = self.columnWidth
        var result: [LayoutAttributes] = []
        result.reserveCapacity(64)
        let area = stack.layoutSpace(rect)  // where to search; frames are tested against `rect`
        for section in stack.sections(overlapping: area.minY, area.maxY) {
            stack.appendDecorationsAndSupplementaries(of: section, in: rect, visibleBounds: visibleBounds, to: &result)
            let state = states[section]
            let top = stack.itemsTop(of: section)
            let columnCount = state.columns.count
            // Each column's candidate run [next, end) (a superset: every frame is tested),
            // then a merge of the runs by item index, so cells come in index order unsorted.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * columnCount) { runs in
                for column in 0..<columnCount {
                    let tree = state.columns[column]
                    runs[2 * column] = tree.count > 0 ? tree.firstCandidate(at: area.minY - top) : 0
                    runs[2 * column + 1] = Swift.min(tree.count, tree.index(containing: area.maxY - top + slop(area.maxY)) + 1)
                }
                while true {
                    var best = -1, bestItem = Int.max
                    for column in 0..<columnCount where runs[2 * column] < runs[2 * column + 1] {
                        let item = Int(state.columnItems[state.columnStart[column] + runs[2 * column]])
                        if item < bestItem { best = column; bestItem = item }
                    }
                    if best < 0 { break }
                    let position = runs[2 * best]
                    runs[2 * best] = position + 1
                    let itemTop = top + state.columns[best].offset(of: position)
                    let frame = stack.physical(Rect(x: columnX[best], y: itemTop, width: columnWidth[best], height: state.itemHeight[bestItem]))
                    if frame.intersects(rect) {
                        result.append(LayoutAttributes(indexPath: IndexPath(item: bestItem, section: section), frame: frame))
                    }
                }
            }
        }
        return result
    }

    /// - Complexity: O(log n).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count else { return nil }
        let state = sectionStates[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < state.itemHeight.count else { return nil }
        let column = Int(state.itemColumn[indexPath.item])
        let top = stack.itemsTop(of: indexPath.section) + state.columns[column].offset(of: Int(state.itemPosition[indexPath.item]))
        let frame = stack.physical(Rect(x: columnX[column], y: top, width: columnWidth[column], height: state.itemHeight[indexPath.item]))
        return LayoutAttributes(indexPath: indexPath, frame: frame)
    }

    /// - Complexity: O(log s).
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        stack.supplementaryAttributes(ofKind: kind, section: indexPath.section)
    }

    /// The section background of `indexPath.section` (kind `.sectionBackground`), or nil.
    /// - Complexity: O(log s).
    public func attributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        kind == .sectionBackground && indexPath.item == 0 ? stack.backgroundAttributes(section: indexPath.section) : nil
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
