/// A grid, scrolling vertically by default: items in rows of columns, each row as tall as its tallest
/// item. The grid decides every item's width (its columns, or a fraction of the row) and
/// the item decides its height, which is what self-sizing cells measure
/// (`fittingProposal` gives the width exactly and the height unconstrained).
///
/// **Widths.** An item takes `span(k)` columns or a `fraction(f)` of the row (the default
/// comes from `options.itemWidth`, a per-item override from `itemWidth`). A fraction f of the
/// row is `f·(W + s) − s` wide (W the available width, s the column spacing), so fractions
/// that add up to 1 fill a row exactly with s between items, two items of 0.48 leave 4 % of
/// the row empty, and a span of k of C columns is the fraction k/C and lines up with the
/// columns. Items fill a row while their fractions add up to at most 1; the next item
/// starts a new row. All edges are rounded to the pixel grid of `options.displayScale`, so
/// columns line up exactly, their widths differ by at most one pixel, the spacing (rounded
/// up to whole pixels) is never narrowed, and a full row ends exactly at the trailing inset
/// (when that is on the pixel grid).
///
/// **Heights.** An item's height comes from the source (its width there is ignored); a row
/// is as tall as its tallest item; with `stretchesItems` every item takes the row's height.
/// Rows are `rowSpacing` apart. Headers and footers span the full width outside the section
/// insets. Right-to-left mirrors columns (the first column is on the right).
///
/// **Horizontal scrolling** (`scrollDirection: .horizontal`) transposes all of this:
/// "columns" are rows down the collection's height, "rows" are columns that follow each
/// other rightwards, an item's *width* comes from the source (its height is the grid's),
/// sections, headers and footers follow each other rightwards (headers span the height),
/// and section insets keep their physical meaning. Right-to-left mirrors the whole content
/// (the first section on the right).
///
/// **Incremental updates.** A new item height recomputes its row's height and moves every
/// later row through an `OffsetTree`: O(w + log n) for w items in the row; the result equals
/// a fresh `prepare` bit for bit.
public final class GridLayout: StackedLayout {
    /// How wide an item is.
    public enum ItemWidth: Hashable, Sendable, Codable {
        /// A number of columns (clamped to the column count).
        case span(Int)
        /// A fraction of the row, in (0, 1]: 0.48, or 1/3.
        case fraction(Double)

        /// Throws for a span below 1 or a fraction outside (0, 1], naming `option.span` or
        /// `option.fraction`.
        public func validate(option: String = "itemWidth") throws(LayoutOptionsError) {
            switch self {
            case .span(let span) where span < 1:
                throw LayoutOptionsError(option: "\(option).span", expected: "a whole number ≥ 1", value: String(span))
            case .fraction(let f) where !(f.isFinite && f > 0 && f <= 1):
                throw LayoutOptionsError(option: "\(option).fraction", expected: "a number in (0, 1]", value: f)
            default:
                break
            }
        }
    }

    /// The grid's options. JSON keys are the property names, except that `sections` is
    /// spelled flat: `sectionInset`, `pinHeaders`, `pinFooters`, `background` (docs/Layouts.md).
    public struct Options: Hashable, Sendable, Codable {
        /// A column count, or a minimum column width from which the count follows.
        public var columns: ColumnRule
        /// Horizontal space between columns (and between items of a row).
        public var columnSpacing: Double
        /// Vertical space between rows.
        public var rowSpacing: Double
        /// The width of an item without a per-item width.
        public var itemWidth: ItemWidth
        /// Every item is as tall as its row (otherwise items keep their height, top-aligned).
        public var stretchesItems: Bool
        /// Pixels per point; edges are rounded to this grid. 1 by default (whole points);
        /// 2 or 3 for the screens of phones.
        public var displayScale: Double
        /// Section insets, sticky headers and footers, section backgrounds.
        public var sections: SectionStyle
        /// Vertical (the default) or horizontal; see the type's documentation.
        public var scrollDirection: ScrollDirection

        public init(
            columns: ColumnRule = .count(3), columnSpacing: Double = 0, rowSpacing: Double = 0,
            itemWidth: ItemWidth = .span(1), stretchesItems: Bool = false, displayScale: Double = 1,
            sections: SectionStyle = SectionStyle(), scrollDirection: ScrollDirection = .vertical
        ) {
            self.scrollDirection = scrollDirection
            self.columns = columns
            self.columnSpacing = columnSpacing
            self.rowSpacing = rowSpacing
            self.itemWidth = itemWidth
            self.stretchesItems = stretchesItems
            self.displayScale = displayScale
            self.sections = sections
        }

        /// Throws when an option cannot be used, naming it.
        public func validate() throws(LayoutOptionsError) {
            if let problem = columns.problem { throw problem }
            try validateSpacing(columnSpacing, "columnSpacing")
            try validateSpacing(rowSpacing, "rowSpacing")
            try itemWidth.validate()
            try validateScale(displayScale)
            if let problem = sections.problem { throw problem }
        }
    }

    /// The options; after changing them, invalidate with `invalidatesMetrics`.
    /// The options' scroll direction.
    public var scrollDirection: ScrollDirection { options.scrollDirection }

    public var options: Options {
        didSet { precondition((try? options.validate()) != nil, "GridLayout options: \(validationMessage(options.validate))") }
    }

    /// The width of each item, overriding `options.itemWidth`; nil gives every item the
    /// default. Bad values (a span below 1, a fraction outside (0, 1]) are clamped, with a
    /// diagnostic. Read in `prepare` and when everything is invalidated.
    public var itemWidth: (@Sendable (IndexPath) -> ItemWidth)?

    /// Where an item lies across the row: its leading x and width.
    struct HorizontalSpan: Sendable {
        var x: Double
        var width: Double
    }

    struct SectionState {
        /// Per item, where it lies across the row, as an index: below `columnSpans.count` into
        /// the layout's table of whole-column spans, else into `fractionSpans` (4 bytes an
        /// item rather than 16, which is what a million-item layout spends its time writing).
        var itemSlot: [UInt32] = []
        var fractionSpans: [HorizontalSpan] = []
        var itemHeight: [Double] = []
        var itemRow: [Int32] = []
        /// The first item of every row, then the item count.
        var rowFirstItem: [Int] = [0]
        var rowHeight: [Double] = []
        /// Row heights plus the row spacing (none after the last row).
        var rows = OffsetTree()
    }

    private(set) var stack = SectionStack.empty
    private(set) var sectionStates: [SectionState] = []
    private var geometry = ColumnGeometry(count: 1, left: 0, available: 0, spacing: 0, scale: 1)
    /// The spans of whole columns, at `first * C + span - 1`, when there are at most
    /// `maximumTabulatedColumns` columns (C² entries); empty otherwise.
    private(set) var columnSpans: [HorizontalSpan] = []
    private static let maximumTabulatedColumns = 32
    public private(set) var diagnostics: [LayoutDiagnostic] = []

    /// - Precondition: the options are valid (`options.validate()` does not throw).
    public init(options: Options = Options(), itemWidth: (@Sendable (IndexPath) -> ItemWidth)? = nil) {
        precondition((try? options.validate()) != nil, "GridLayout options: \(validationMessage(options.validate))")
        self.options = options
        self.itemWidth = itemWidth
    }

    /// The number of columns of the last prepare.
    public var columnCount: Int { geometry.count }

    /// Where column `index` lies across the scroll direction (0 is the leading column): its
    /// x and width, or its y and height when scrolling horizontally.
    /// - Complexity: O(1).
    public func columnFrame(_ index: Int) -> (x: Double, width: Double) {
        precondition(index >= 0 && index < geometry.count, "column \(index) out of range 0..<\(geometry.count)")
        let (x, width) = geometry.column(index)
        let frame = stack.physical(Rect(x: x, y: 0, width: width, height: 0))
        return stack.scrollAxis == .vertical ? (frame.minX, width) : (frame.minY, width)
    }

    // MARK: CollectionLayout

    /// Reads everything and lays out every item. Reuses the storage of the previous layout
    /// (what a collection view's relayout does), so a relayout allocates nothing per item.
    /// - Complexity: O(n) for n items.
    public func prepare(from source: some LayoutSource) {
        var diagnostics: [LayoutDiagnostic] = []
        let axis = options.scrollDirection.axis
        let width = SectionStack.containerWidth(of: source, scrollAxis: axis, diagnostics: &diagnostics)
        var stack = SectionStack(containerWidth: width, direction: source.layoutDirection, style: options.sections, scrollAxis: axis)
        let available = stack.itemsWidth
        geometry = ColumnGeometry(
            count: options.columns.columnCount(available: available, spacing: options.columnSpacing),
            left: stack.style.insets.leading, available: available,
            spacing: options.columnSpacing, scale: options.displayScale)
        let columns = geometry.count
        columnSpans = []
        if columns <= Self.maximumTabulatedColumns {
            for first in 0..<columns {
                for span in 1...columns {
                    let (x, width) = geometry.columns(first, first + span)
                    columnSpans.append(HorizontalSpan(x: x, width: width))
                }
            }
        }
        // Taken out of `self` so every array is uniquely held and refilled in place.
        var states = sectionStates
        sectionStates = []
        stack.build(from: source, states: &states, newState: SectionState.init, itemLengths: \.itemHeight, diagnostics: &diagnostics) {
            section, state, diagnostics in
            layOutSection(section, &state, diagnostics: &diagnostics)
            return state.rows.total
        }
        sectionStates = states
        self.stack = stack
        self.diagnostics = diagnostics
    }

    /// Lays out the items of `state` (whose `itemHeight` is read), reusing its arrays.
    private func layOutSection(_ section: Int, _ sectionState: inout SectionState, diagnostics: inout [LayoutDiagnostic]) {
        // Moved (not copied) into a local, so the appends below see uniquely held arrays of
        // a local value.
        var state = SectionState()
        swap(&state, &sectionState)
        defer { swap(&state, &sectionState) }
        let count = state.itemHeight.count
        precondition(count <= Int(Int32.max), "GridLayout: at most \(Int32.max) items per section")
        state.itemSlot.removeAll(keepingCapacity: true)
        state.itemSlot.reserveCapacity(count)
        state.fractionSpans.removeAll(keepingCapacity: true)
        state.itemRow.removeAll(keepingCapacity: true)
        state.itemRow.reserveCapacity(count)
        state.rowFirstItem.removeAll(keepingCapacity: true)
        state.rowFirstItem.append(0)
        state.rowHeight.removeAll(keepingCapacity: true)
        let heights = state.itemHeight
        let geometry = self.geometry, columns = geometry.count
        let defaultWidth = options.itemWidth, widthOf = itemWidth
        let tabulated = columnSpans.count
        // A row's position as whole columns plus a fraction, so rows of spans land exactly on
        // the column edges (k/C computed once, not accumulated).
        var cursor = 0, extra = 0.0
        var rowHeight = 0.0
        for item in 0..<count {
            let indexPath = IndexPath(item: item, section: section)
            let (span, fraction) = Self.widthUnits(widthOf?(indexPath) ?? defaultWidth, at: indexPath, columns: columns, diagnostics: &diagnostics)
            if item > 0 {
                let fits = extra == 0 && span > 0
                    ? cursor + span <= columns
                    : Double(cursor) / Double(columns) + extra + (span > 0 ? Double(span) / Double(columns) : fraction) <= 1 + 1e-9
                if !fits {
                    state.rowHeight.append(rowHeight)
                    state.rowFirstItem.append(item)
                    cursor = 0
                    extra = 0
                    rowHeight = 0
                }
            }
            if extra == 0 && span > 0 && tabulated > 0 {
                state.itemSlot.append(UInt32(cursor * columns + span - 1))
                cursor += span
            } else {
                let x: Double, width: Double
                if extra == 0 && span > 0 {
                    (x, width) = geometry.columns(cursor, cursor + span)
                    cursor += span
                } else {
                    let from = extra == 0 ? geometry.fraction(ofColumn: cursor) : Double(cursor) / Double(columns) + extra
                    if span > 0 { cursor += span } else { extra += fraction }
                    let to = extra == 0 ? geometry.fraction(ofColumn: cursor) : Double(cursor) / Double(columns) + extra
                    (x, width) = geometry.span(from: from, to: to >= 1 - 1e-9 ? 1 : to)
                }
                state.itemSlot.append(UInt32(tabulated + state.fractionSpans.count))
                state.fractionSpans.append(HorizontalSpan(x: x, width: width))
            }
            state.itemRow.append(Int32(state.rowHeight.count))
            rowHeight = Swift.max(rowHeight, heights[item])
        }
        if count > 0 {
            state.rowHeight.append(rowHeight)
            state.rowFirstItem.append(count)
        }
        state.rows.rebuildSpaced(state.rowHeight, spacing: options.rowSpacing)
    }

    /// An item's width as whole columns (span > 0) or a fraction of the row, clamped.
    private static func widthUnits(_ width: ItemWidth, at indexPath: IndexPath, columns: Int, diagnostics: inout [LayoutDiagnostic]) -> (span: Int, fraction: Double) {
        switch width {
        case .span(let span):
            if span >= 1 && span <= columns { return (span, 0) }
            let clamped = Swift.min(Swift.max(span, 1), columns)
            diagnostics.append(LayoutDiagnostic(
                code: .itemClamped, indexPath: indexPath, path: "sections[\(indexPath.section)].items[\(indexPath.item)].span",
                message: "span \(span) is outside 1...\(columns) columns; \(clamped) is used"))
            return (clamped, 0)
        case .fraction(let fraction):
            if fraction.isFinite && fraction > 0 && fraction <= 1 { return (0, fraction) }
            diagnostics.append(LayoutDiagnostic(
                code: fraction > 1 ? .itemClamped : .invalidSize, indexPath: indexPath,
                path: "sections[\(indexPath.section)].items[\(indexPath.item)].fraction",
                message: "fraction \(fraction) is outside (0, 1]; \(fraction > 1 ? "1" : "one column") is used"))
            return fraction > 1 ? (columns, 0) : (1, 0)
        }
    }

    /// - Complexity: new item sizes: O(w + log n) each (w items in the item's row); header
    ///   or footer sizes: O(log s); anything else: a full `prepare`.
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.requiresFullRelayout {
            prepare(from: source)
            return
        }
        diagnostics = []
        var touched: [(section: Int, row: Int)] = []
        for (indexPath, size) in context.itemSizes {
            let height = stack.measuredLength(of: size, at: indexPath, itemCount: { self.sectionStates[$0].itemHeight.count }, diagnostics: &diagnostics)
            sectionStates[indexPath.section].itemHeight[indexPath.item] = height
            touched.append((indexPath.section, Int(sectionStates[indexPath.section].itemRow[indexPath.item])))
        }
        for (section, row) in touched {
            sectionStates[section].updateRow(row, rowSpacing: options.rowSpacing)
            stack.setBody(sectionStates[section].rows.total, section: section)
        }
        stack.applySupplementarySizes(context.supplementarySizes, diagnostics: &diagnostics)
    }

    /// The walk behind `forEachElement` and `elements(in:)` (see `StackedLayout`):
    /// calls `body` with the elements `elements(in:visibleBounds:)` returns, in the same
    /// order (per section: background, header, footer, then items in index order), without
    /// building an array: what a scrolling collection view uses.
    /// - Complexity: O(log n + k) for k elements visited (plus the items of the rows cut by
    ///   `rect`).
    @inline(__always)
    func visit<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (consuming LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        // Locals: one read of each stored property rather than one (with its exclusivity
        // check and retains) per element.
        let stack = self.stack, states = sectionStates, stretches = options.stretchesItems, columnSpans = self.columnSpans
        let area = stack.layoutSpace(rect)  // where to search; frames are tested against `rect`
        for section in stack.sections(overlapping: area.minY, area.maxY) {
            try stack.forEachDecorationAndSupplementary(of: section, in: rect, visibleBounds: visibleBounds, body)
            let state = states[section]
            let rowCount = state.rowHeight.count
            guard rowCount > 0 else { continue }
            let top = stack.itemsTop(of: section)
            var row = state.rows.firstCandidate(at: area.minY - top)
            // Consecutive rows' offsets share the top of their tree paths (same bits).
            try withUnsafeTemporaryAllocation(of: Double.self, capacity: OffsetWalk.maximumDepth + 1) { (partial) throws(E) -> Void in
                var walk = OffsetWalk(tree: state.rows, partial: partial)
                while row < rowCount {
                    let rowTop = top + walk.offset(of: row)
                    if rowTop >= area.maxY + slop(area.maxY) { break }
                    for item in state.rowFirstItem[row]..<state.rowFirstItem[row + 1] {
                        let frame = state.frame(ofItem: item, row: row, rowTop: rowTop, stretches: stretches, columnSpans: columnSpans, in: stack)
                        if frame.intersects(rect) {
                            try body(LayoutAttributes(indexPath: IndexPath(item: item, section: section), frame: frame))
                        }
                    }
                    row += 1
                }
            }
        }
    }

    /// - Complexity: O(log n).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count else { return nil }
        let state = sectionStates[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < state.itemHeight.count else { return nil }
        let row = Int(state.itemRow[indexPath.item])
        let rowTop = stack.itemsTop(of: indexPath.section) + state.rows.offset(of: row)
        let frame = state.frame(ofItem: indexPath.item, row: row, rowTop: rowTop, stretches: options.stretchesItems, columnSpans: columnSpans, in: stack)
        return LayoutAttributes(indexPath: indexPath, frame: frame)
    }

    /// The item's width exactly (its columns or fraction), the height unconstrained; the
    /// other way round when scrolling horizontally.
    /// - Complexity: O(1).
    public func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count,
              indexPath.item >= 0 && indexPath.item < sectionStates[indexPath.section].itemSlot.count
        else { return .unconstrained }
        let width = sectionStates[indexPath.section].span(ofItem: indexPath.item, columnSpans: columnSpans).width
        return stack.fittingProposal(crossExtent: width)
    }
}

extension GridLayout.SectionState {
    /// The physical frame of `item`, in `row` starting at `rowTop`.
    @inline(__always) func frame(ofItem item: Int, row: Int, rowTop: Double, stretches: Bool, columnSpans: [GridLayout.HorizontalSpan], in stack: SectionStack) -> Rect {
        let height = stretches ? rowHeight[row] : itemHeight[item]
        let span = span(ofItem: item, columnSpans: columnSpans)
        return stack.physical(Rect(x: span.x, y: rowTop, width: span.width, height: height))
    }

    /// Where `item` lies across the row.
    @inline(__always) func span(ofItem item: Int, columnSpans: [GridLayout.HorizontalSpan]) -> GridLayout.HorizontalSpan {
        let slot = Int(itemSlot[item])
        return slot < columnSpans.count ? columnSpans[slot] : fractionSpans[slot - columnSpans.count]
    }

    /// Recomputes a row's height from its items (in item order, as a fresh layout does).
    mutating func updateRow(_ row: Int, rowSpacing: Double) {
        var height = 0.0
        for item in rowFirstItem[row]..<rowFirstItem[row + 1] { height = Swift.max(height, itemHeight[item]) }
        rowHeight[row] = height
        rows.setExtent(spacedExtent(height, at: row, count: rowHeight.count, spacing: rowSpacing), at: row)
    }
}
