/// A vertically scrolling waterfall (masonry): columns of equal width, each item in one
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
/// Horizontal scrolling is not supported by this layout.
public final class WaterfallLayout: CollectionLayout {
    public enum Placement: String, Hashable, Sendable, Codable {
        /// Each item goes to the column whose bottom is highest (ties to the leading one).
        case shortestColumn
        /// Item i goes to column i mod C, strictly in order.
        case inOrder
    }

    /// The waterfall's options. JSON keys are the property names (see docs/Layouts.md).
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

        public init(
            columns: ColumnRule = .count(2), columnSpacing: Double = 0, itemSpacing: Double = 0,
            placement: Placement = .shortestColumn, displayScale: Double = 1, sections: SectionStyle = SectionStyle()
        ) {
            self.columns = columns
            self.columnSpacing = columnSpacing
            self.itemSpacing = itemSpacing
            self.placement = placement
            self.displayScale = displayScale
            self.sections = sections
        }

        /// Throws when an option cannot be used, naming it.
        public func validate() throws(LayoutOptionsError) {
            if let problem = columns.problem { throw LayoutOptionsError(problem) }
            try validateSpacing(columnSpacing, "columnSpacing")
            try validateSpacing(itemSpacing, "itemSpacing")
            try validateScale(displayScale)
            if let problem = sections.problem { throw LayoutOptionsError(problem) }
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
        /// Per column: its items in order, and their heights plus the item spacing.
        var columnItems: [[Int]] = []
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
        diagnostics = []
        let width = SectionStack.containerWidth(of: source, diagnostics: &diagnostics)
        stack = SectionStack(containerWidth: width, direction: source.layoutDirection, style: options.sections)
        let available = stack.itemsWidth
        let geometry = ColumnGeometry(
            count: options.columns.columnCount(available: available, spacing: options.columnSpacing),
            left: options.sections.insets.leading, available: available,
            spacing: options.columnSpacing, scale: options.displayScale)
        columnX = (0..<geometry.count).map { geometry.column($0).x }
        columnWidth = (0..<geometry.count).map { geometry.column($0).width }
        let sectionCount = Swift.max(0, source.numberOfSections)
        precondition(assignments == nil || assignments!.count == sectionCount, "columnAssignments: \(assignments!.count) sections, the source has \(sectionCount)")
        sectionStates = []
        sectionStates.reserveCapacity(sectionCount)
        var sections: [SectionStack.Section] = []
        sections.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let state = layOutSection(section, from: source, assignment: assignments?[section])
            let (header, footer) = SectionStack.readSupplementaries(of: section, from: source, diagnostics: &diagnostics)
            sections.append(SectionStack.Section(header: header, footer: footer, body: state.body))
            sectionStates.append(state)
        }
        stack.build(sections)
    }

    private func layOutSection(_ section: Int, from source: some LayoutSource, assignment: [Int]?) -> SectionState {
        let count = Swift.max(0, source.numberOfItems(inSection: section))
        let columnCount = columnX.count
        precondition(assignment == nil || assignment!.count == count, "columnAssignments[\(section)]: \(assignment!.count) items, the source has \(count)")
        var state = SectionState()
        state.itemColumn.reserveCapacity(count)
        state.itemPosition.reserveCapacity(count)
        state.itemHeight.reserveCapacity(count)
        state.columnItems = Array(repeating: [], count: columnCount)
        var columnHeights: [[Double]] = Array(repeating: [], count: columnCount)
        // Where the next item of each column would start: the running sums placement uses.
        var nextTop = [Double](repeating: 0, count: columnCount)
        for item in 0..<count {
            let indexPath = IndexPath(item: item, section: section)
            let height = sanitizedLength(
                source.sizeForItem(at: indexPath).size.height, indexPath: indexPath,
                path: "sections[\(section)].items[\(item)].height", diagnostics: &diagnostics)
            let column: Int
            if let assignment {
                column = assignment[item]
                precondition(column >= 0 && column < columnCount, "columnAssignments[\(section)][\(item)] = \(column) is not a column of 0..<\(columnCount)")
            } else if options.placement == .inOrder {
                column = item % columnCount
            } else {
                var shortest = 0
                for candidate in 1..<Swift.max(1, columnCount) where nextTop[candidate] < nextTop[shortest] { shortest = candidate }
                column = shortest
            }
            nextTop[column] += height + options.itemSpacing
            state.itemColumn.append(Int32(column))
            state.itemPosition.append(Int32(state.columnItems[column].count))
            state.itemHeight.append(height)
            state.columnItems[column].append(item)
            columnHeights[column].append(height)
        }
        state.columns = columnHeights.map { OffsetTree(spacedExtents($0, spacing: options.itemSpacing)) }
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
            precondition(
                indexPath.section >= 0 && indexPath.section < sectionStates.count
                    && indexPath.item >= 0 && indexPath.item < sectionStates[indexPath.section].itemHeight.count,
                "WaterfallLayout.invalidate: no item at \(indexPath)")
            let height = sanitizedLength(
                size.size.height, indexPath: indexPath,
                path: "sections[\(indexPath.section)].items[\(indexPath.item)].height", diagnostics: &diagnostics)
            let section = indexPath.section
            sectionStates[section].itemHeight[indexPath.item] = height
            let column = Int(sectionStates[section].itemColumn[indexPath.item])
            let position = Int(sectionStates[section].itemPosition[indexPath.item])
            let inColumn = sectionStates[section].columns[column].count
            sectionStates[section].columns[column].setExtent(
                spacedExtent(height, at: position, count: inColumn, spacing: options.itemSpacing), at: position)
            stack.setBody(sectionStates[section].body, section: section)
        }
        for (kind, section, size) in context.supplementarySizes {
            precondition(section >= 0 && section < stack.count, "WaterfallLayout.invalidate: no section \(section)")
            let height = size.map {
                sanitizedLength($0.height, indexPath: nil, path: "sections[\(section)].\(kind.name).height", diagnostics: &diagnostics)
            }
            stack.setSupplementary(kind, height: height, section: section)
        }
    }

    public var contentSize: Size { Size(width: stack.containerWidth, height: stack.contentHeight) }

    /// Cells come in index order: each column is searched for its first visible item, its
    /// visible items are collected, and the k results are sorted.
    /// - Complexity: O(C·log n + k·log k) for k elements returned.
    public func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in stack.sections(overlapping: rect.minY, rect.maxY) {
            stack.appendDecorationsAndSupplementaries(of: section, in: rect, visibleBounds: visibleBounds, to: &result)
            let state = sectionStates[section]
            let top = stack.itemsTop(of: section)
            let firstCell = result.count
            for column in state.columns.indices {
                let tree = state.columns[column]
                var position = tree.count > 0 ? tree.firstCandidate(at: rect.minY - top) : 0
                while position < tree.count {
                    let itemTop = top + tree.offset(of: position)
                    if itemTop >= rect.maxY + slop(rect.maxY) { break }
                    let item = state.columnItems[column][position]
                    let frame = itemFrame(state, item: item, column: column, top: itemTop)
                    if frame.intersects(rect) {
                        result.append(LayoutAttributes(indexPath: IndexPath(item: item, section: section), frame: frame))
                    }
                    position += 1
                }
            }
            result[firstCell...].sort { $0.indexPath.item < $1.indexPath.item }
        }
        return result
    }

    @inline(__always) private func itemFrame(_ state: SectionState, item: Int, column: Int, top: Double) -> Rect {
        stack.physical(Rect(x: columnX[column], y: top, width: columnWidth[column], height: state.itemHeight[item]))
    }

    /// - Complexity: O(log n).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count else { return nil }
        let state = sectionStates[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < state.itemHeight.count else { return nil }
        let column = Int(state.itemColumn[indexPath.item])
        let top = stack.itemsTop(of: indexPath.section) + state.columns[column].offset(of: Int(state.itemPosition[indexPath.item]))
        return LayoutAttributes(indexPath: indexPath, frame: itemFrame(state, item: indexPath.item, column: column, top: top))
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

    /// The item's column width exactly, the height unconstrained.
    /// - Complexity: O(1).
    public func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count,
              indexPath.item >= 0 && indexPath.item < sectionStates[indexPath.section].itemColumn.count
        else { return columnWidth.isEmpty ? .unconstrained : FittingProposal(width: .exactly(columnWidth[0]), height: .unconstrained) }
        let column = Int(sectionStates[indexPath.section].itemColumn[indexPath.item])
        return FittingProposal(width: .exactly(columnWidth[column]), height: .unconstrained)
    }
}
