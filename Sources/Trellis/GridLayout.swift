/// A vertically scrolling grid: items in rows of columns, each row as tall as its tallest
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
/// Horizontal scrolling is not supported by this layout.
///
/// **Incremental updates.** A new item height recomputes its row's height and moves every
/// later row through an `OffsetTree`: O(w + log n) for w items in the row; the result equals
/// a fresh `prepare` bit for bit.
public final class GridLayout: CollectionLayout {
    /// How wide an item is.
    public enum ItemWidth: Hashable, Sendable, Codable {
        /// A number of columns (clamped to the column count).
        case span(Int)
        /// A fraction of the row, in (0, 1]: 0.48, or 1/3.
        case fraction(Double)
    }

    /// The grid's options. JSON keys are the property names (see docs/Layouts.md).
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

        public init(
            columns: ColumnRule = .count(3), columnSpacing: Double = 0, rowSpacing: Double = 0,
            itemWidth: ItemWidth = .span(1), stretchesItems: Bool = false, displayScale: Double = 1,
            sections: SectionStyle = SectionStyle()
        ) {
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
            if let problem = columns.problem { throw LayoutOptionsError(problem) }
            try validateSpacing(columnSpacing, "columnSpacing")
            try validateSpacing(rowSpacing, "rowSpacing")
            switch itemWidth {
            case .span(let span) where span < 1: throw LayoutOptionsError("itemWidth.span must be at least 1, got \(span)")
            case .fraction(let f) where !(f.isFinite && f > 0 && f <= 1):
                throw LayoutOptionsError("itemWidth.fraction must be in (0, 1], got \(f)")
            default: break
            }
            try validateScale(displayScale)
            if let problem = sections.problem { throw LayoutOptionsError(problem) }
        }
    }

    /// The options; after changing them, invalidate with `invalidatesMetrics`.
    public var options: Options {
        didSet { precondition((try? options.validate()) != nil, "GridLayout options: \(validationMessage(options.validate))") }
    }

    /// The width of each item, overriding `options.itemWidth`; nil gives every item the
    /// default. Bad values (a span below 1, a fraction outside (0, 1]) are clamped, with a
    /// diagnostic. Read in `prepare` and when everything is invalidated.
    public var itemWidth: (@Sendable (IndexPath) -> ItemWidth)?

    struct SectionState {
        var itemX: [Double] = []
        var itemWidth: [Double] = []
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
    public private(set) var diagnostics: [LayoutDiagnostic] = []

    /// - Precondition: the options are valid (`options.validate()` does not throw).
    public init(options: Options = Options(), itemWidth: (@Sendable (IndexPath) -> ItemWidth)? = nil) {
        precondition((try? options.validate()) != nil, "GridLayout options: \(validationMessage(options.validate))")
        self.options = options
        self.itemWidth = itemWidth
    }

    /// The number of columns of the last prepare.
    public var columnCount: Int { geometry.count }

    /// The physical x and width of column `index` (0 is the leading column).
    /// - Complexity: O(1).
    public func columnFrame(_ index: Int) -> (x: Double, width: Double) {
        precondition(index >= 0 && index < geometry.count, "column \(index) out of range 0..<\(geometry.count)")
        let (x, width) = geometry.column(index)
        return (stack.physical(Rect(x: x, y: 0, width: width, height: 0)).minX, width)
    }

    // MARK: CollectionLayout

    /// - Complexity: O(n) for n items.
    public func prepare(from source: some LayoutSource) {
        diagnostics = []
        let width = SectionStack.containerWidth(of: source, diagnostics: &diagnostics)
        stack = SectionStack(containerWidth: width, direction: source.layoutDirection, style: options.sections)
        let available = stack.itemsWidth
        geometry = ColumnGeometry(
            count: options.columns.columnCount(available: available, spacing: options.columnSpacing),
            left: options.sections.insets.leading, available: available,
            spacing: options.columnSpacing, scale: options.displayScale)
        let sectionCount = Swift.max(0, source.numberOfSections)
        sectionStates = []
        sectionStates.reserveCapacity(sectionCount)
        var sections: [SectionStack.Section] = []
        sections.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let state = layOutSection(section, from: source)
            let (header, footer) = SectionStack.readSupplementaries(of: section, from: source, diagnostics: &diagnostics)
            sections.append(SectionStack.Section(header: header, footer: footer, body: state.rows.total))
            sectionStates.append(state)
        }
        stack.build(sections)
    }

    private func layOutSection(_ section: Int, from source: some LayoutSource) -> SectionState {
        let count = Swift.max(0, source.numberOfItems(inSection: section))
        var state = SectionState()
        state.itemX.reserveCapacity(count)
        state.itemWidth.reserveCapacity(count)
        state.itemHeight.reserveCapacity(count)
        state.itemRow.reserveCapacity(count)
        let columns = geometry.count
        // A row's position as whole columns plus a fraction, so rows of spans land exactly on
        // the column edges (k/C computed once, not accumulated).
        var cursor = 0, extra = 0.0
        var rowHeight = 0.0
        for item in 0..<count {
            let indexPath = IndexPath(item: item, section: section)
            let (span, fraction) = widthUnits(at: indexPath, columns: columns)
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
            let from = extra == 0 ? geometry.fraction(ofColumn: cursor) : Double(cursor) / Double(columns) + extra
            if span > 0 { cursor += span } else { extra += fraction }
            let to = extra == 0 ? geometry.fraction(ofColumn: cursor) : Double(cursor) / Double(columns) + extra
            let (x, width) = geometry.span(from: from, to: to >= 1 - 1e-9 ? 1 : to)
            let height = sanitizedLength(
                source.sizeForItem(at: indexPath).size.height, indexPath: indexPath,
                path: "sections[\(section)].items[\(item)].height", diagnostics: &diagnostics)
            state.itemX.append(x)
            state.itemWidth.append(width)
            state.itemHeight.append(height)
            state.itemRow.append(Int32(state.rowHeight.count))
            rowHeight = Swift.max(rowHeight, height)
        }
        if count > 0 {
            state.rowHeight.append(rowHeight)
            state.rowFirstItem.append(count)
        }
        state.rows = OffsetTree(spacedExtents(state.rowHeight, spacing: options.rowSpacing))
        return state
    }

    /// An item's width as whole columns (span > 0) or a fraction of the row, clamped.
    private func widthUnits(at indexPath: IndexPath, columns: Int) -> (span: Int, fraction: Double) {
        let width = itemWidth?(indexPath) ?? options.itemWidth
        let path = "sections[\(indexPath.section)].items[\(indexPath.item)]"
        switch width {
        case .span(let span):
            if span >= 1 && span <= columns { return (span, 0) }
            let clamped = Swift.min(Swift.max(span, 1), columns)
            diagnostics.append(LayoutDiagnostic(
                code: .itemClamped, indexPath: indexPath, path: path + ".span",
                message: "span \(span) is outside 1...\(columns) columns; \(clamped) is used"))
            return (clamped, 0)
        case .fraction(let fraction):
            if fraction.isFinite && fraction > 0 && fraction <= 1 { return (0, fraction) }
            diagnostics.append(LayoutDiagnostic(
                code: fraction > 1 ? .itemClamped : .invalidSize, indexPath: indexPath, path: path + ".fraction",
                message: "fraction \(fraction) is outside (0, 1]; \(fraction > 1 ? "1" : "one column") is used"))
            return fraction > 1 ? (columns, 0) : (1, 0)
        }
    }

    /// - Complexity: new item sizes: O(w + log n) each (w items in the item's row); header
    ///   or footer sizes: O(log s); anything else: a full `prepare`.
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.invalidatesEverything || context.invalidatesMetrics || context.invalidatesContainerSize {
            prepare(from: source)
            return
        }
        diagnostics = []
        var touched: [(section: Int, row: Int)] = []
        for (indexPath, size) in context.itemSizes {
            precondition(
                indexPath.section >= 0 && indexPath.section < sectionStates.count
                    && indexPath.item >= 0 && indexPath.item < sectionStates[indexPath.section].itemHeight.count,
                "GridLayout.invalidate: no item at \(indexPath)")
            let height = sanitizedLength(
                size.size.height, indexPath: indexPath,
                path: "sections[\(indexPath.section)].items[\(indexPath.item)].height", diagnostics: &diagnostics)
            sectionStates[indexPath.section].itemHeight[indexPath.item] = height
            touched.append((indexPath.section, Int(sectionStates[indexPath.section].itemRow[indexPath.item])))
        }
        for (section, row) in touched {
            sectionStates[section].updateRow(row, rowSpacing: options.rowSpacing)
            stack.setBody(sectionStates[section].rows.total, section: section)
        }
        for (kind, section, size) in context.supplementarySizes {
            precondition(section >= 0 && section < stack.count, "GridLayout.invalidate: no section \(section)")
            let height = size.map {
                sanitizedLength($0.height, indexPath: nil, path: "sections[\(section)].\(kind.name).height", diagnostics: &diagnostics)
            }
            stack.setSupplementary(kind, height: height, section: section)
        }
    }

    public var contentSize: Size { Size(width: stack.containerWidth, height: stack.contentHeight) }

    /// - Complexity: O(log n + k) for k elements returned (plus the items of the rows cut by
    ///   `rect`).
    public func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in stack.sections(overlapping: rect.minY, rect.maxY) {
            stack.appendDecorationsAndSupplementaries(of: section, in: rect, visibleBounds: visibleBounds, to: &result)
            let state = sectionStates[section]
            let rowCount = state.rowHeight.count
            guard rowCount > 0 else { continue }
            let top = stack.itemsTop(of: section)
            var row = state.rows.firstCandidate(at: rect.minY - top)
            while row < rowCount {
                let rowTop = top + state.rows.offset(of: row)
                if rowTop >= rect.maxY + slop(rect.maxY) { break }
                for item in state.rowFirstItem[row]..<state.rowFirstItem[row + 1] {
                    let frame = itemFrame(state, item: item, rowTop: rowTop, row: row)
                    if frame.intersects(rect) {
                        result.append(LayoutAttributes(indexPath: IndexPath(item: item, section: section), frame: frame))
                    }
                }
                row += 1
            }
        }
        return result
    }

    @inline(__always) private func itemFrame(_ state: SectionState, item: Int, rowTop: Double, row: Int) -> Rect {
        let height = options.stretchesItems ? state.rowHeight[row] : state.itemHeight[item]
        return stack.physical(Rect(x: state.itemX[item], y: rowTop, width: state.itemWidth[item], height: height))
    }

    /// - Complexity: O(log n).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count else { return nil }
        let state = sectionStates[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < state.itemHeight.count else { return nil }
        let row = Int(state.itemRow[indexPath.item])
        let rowTop = stack.itemsTop(of: indexPath.section) + state.rows.offset(of: row)
        return LayoutAttributes(indexPath: indexPath, frame: itemFrame(state, item: indexPath.item, rowTop: rowTop, row: row))
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

    /// The item's width exactly (its columns or fraction), the height unconstrained.
    /// - Complexity: O(1).
    public func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count,
              indexPath.item >= 0 && indexPath.item < sectionStates[indexPath.section].itemWidth.count
        else { return .unconstrained }
        return FittingProposal(width: .exactly(sectionStates[indexPath.section].itemWidth[indexPath.item]), height: .unconstrained)
    }
}

extension GridLayout.SectionState {
    /// Recomputes a row's height from its items (in item order, as a fresh layout does).
    mutating func updateRow(_ row: Int, rowSpacing: Double) {
        var height = 0.0
        for item in rowFirstItem[row]..<rowFirstItem[row + 1] { height = Swift.max(height, itemHeight[item]) }
        rowHeight[row] = height
        rows.setExtent(spacedExtent(height, at: row, count: rowHeight.count, spacing: rowSpacing), at: row)
    }
}

/// Throws when a spacing option is negative or not finite.
func validateSpacing(_ value: Double, _ name: String) throws(LayoutOptionsError) {
    if !(value.isFinite && value >= 0) { throw LayoutOptionsError("\(name) must be a finite number ≥ 0, got \(value)") }
}

/// Throws when a display scale is not a positive finite number.
func validateScale(_ value: Double) throws(LayoutOptionsError) {
    if !(value.isFinite && value > 0) { throw LayoutOptionsError("displayScale must be a finite number > 0, got \(value)") }
}

/// The message of a failing validation, for a precondition.
func validationMessage(_ validate: () throws(LayoutOptionsError) -> Void) -> String {
    do { try validate(); return "valid" } catch { return error.message }
}
