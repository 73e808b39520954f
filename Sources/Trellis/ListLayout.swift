/// A list (a table): one full-width row per item, each as tall as its
/// content (`fittingProposal` gives the row width exactly and the height unconstrained),
/// optional separators between rows, headers, footers, sticky headers and footers, section
/// backgrounds.
///
/// **Separators** are decorations of kind `.separator` (`indexPath.item` = the row above
/// it, z-index 1, above a section background), one between every two rows of a section.
/// They never overlap a row: the gap between rows is `max(rowSpacing, thickness)` and the
/// separator is centred in it. Their leading and trailing insets shorten them (like a
/// table's `separatorInset`); top and bottom insets are ignored.
///
/// Scrolling horizontally (`scrollDirection: .horizontal`) transposes it: full-height
/// columns one after the other rightwards, widths from the source, separators between them
/// shortened by their top and bottom insets.
///
/// **Incremental updates.** A new row height moves the later rows through an `OffsetTree`
/// in O(log n); the result equals a fresh `prepare` bit for bit.
public final class ListLayout: StackedLayout {
    /// Separator lines between rows.
    public struct Separators: Hashable, Sendable, Codable {
        /// The line's thickness in points.
        public var thickness: Double
        /// Leading and trailing insets of the line, from the section's items area.
        public var insets: EdgeInsets

        public init(thickness: Double = 1, insets: EdgeInsets = .zero) {
            self.thickness = thickness
            self.insets = insets
        }

        /// The z-index of separators: above a section background, level with cells.
        public static let zIndex = 1
    }

    /// The list's options. JSON keys are the property names, except that `sections` is
    /// spelled flat: `sectionInset`, `pinHeaders`, `pinFooters`, `background` (docs/Layouts.md).
    public struct Options: Hashable, Sendable, Codable {
        /// Vertical space between rows (at least a separator's thickness when separators
        /// are shown).
        public var rowSpacing: Double
        /// Separators between rows, or nil for none.
        public var separators: Separators?
        /// Section insets, sticky headers and footers, section backgrounds.
        public var sections: SectionStyle
        /// Vertical (the default) or horizontal: scrolling horizontally, everything is
        /// transposed (see `GridLayout`) and items' widths come from the source.
        public var scrollDirection: ScrollDirection

        public init(
            rowSpacing: Double = 0, separators: Separators? = nil, sections: SectionStyle = SectionStyle(),
            scrollDirection: ScrollDirection = .vertical
        ) {
            self.scrollDirection = scrollDirection
            self.rowSpacing = rowSpacing
            self.separators = separators
            self.sections = sections
        }

        /// The space between two rows.
        var gap: Double { separators.map { Swift.max(rowSpacing, $0.thickness) } ?? rowSpacing }

        /// Throws when an option cannot be used, naming it.
        public func validate() throws(LayoutOptionsError) {
            try validateSpacing(rowSpacing, "rowSpacing")
            if let separators {
                if !(separators.thickness.isFinite && separators.thickness > 0) {
                    throw LayoutOptionsError(option: "separators.thickness", expected: "a finite number > 0", value: separators.thickness)
                }
                try validateSpacing(separators.insets.leading, "separators.insets.leading")
                try validateSpacing(separators.insets.trailing, "separators.insets.trailing")
            }
            if let problem = sections.problem { throw problem }
        }
    }

    /// The options; after changing them, invalidate with `invalidatesMetrics`.
    /// The options' scroll direction.
    public var scrollDirection: ScrollDirection { options.scrollDirection }

    public var options: Options {
        didSet { precondition((try? options.validate()) != nil, "ListLayout options: \(validationMessage(options.validate))") }
    }

    struct SectionState {
        var rowHeight: [Double] = []
        /// Row heights plus the gap (none after the last row).
        var rows = OffsetTree()
    }

    private(set) var stack = SectionStack.empty
    private(set) var sectionStates: [SectionState] = []
    public private(set) var diagnostics: [LayoutDiagnostic] = []

    /// - Precondition: the options are valid (`options.validate()` does not throw).
    public init(options: Options = Options()) {
        precondition((try? options.validate()) != nil, "ListLayout options: \(validationMessage(options.validate))")
        self.options = options
    }

    // MARK: CollectionLayout

    /// Reads everything and lays out every row, reusing the storage of the previous layout.
    /// - Complexity: O(n) for n items.
    public func prepare(from source: some LayoutSource) {
        var diagnostics: [LayoutDiagnostic] = []
        let axis = options.scrollDirection.axis
        let width = SectionStack.containerWidth(of: source, scrollAxis: axis, diagnostics: &diagnostics)
        var stack = SectionStack(containerWidth: width, direction: source.layoutDirection, style: options.sections, scrollAxis: axis)
        let gap = options.gap
        // Taken out of `self` so every array is uniquely held and refilled in place.
        var states = sectionStates
        sectionStates = []
        stack.build(from: source, states: &states, newState: SectionState.init, itemLengths: \.rowHeight, diagnostics: &diagnostics) { _, state, _ in
            state.rows.rebuildSpaced(state.rowHeight, spacing: gap)
            return state.rows.total
        }
        sectionStates = states
        self.stack = stack
        self.diagnostics = diagnostics
    }

    /// - Complexity: new item sizes: O(log n) each; header or footer sizes: O(log s); a
    ///   container that changed only along the scroll axis: O(1); anything else: a full
    ///   `prepare`.
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        if context.requiresFullRelayout && !changesOnlyContainerLength(context, source: source) {
            if !insertSections(context, from: source) { prepare(from: source) }
            return
        }
        diagnostics = []
        for (indexPath, size) in context.itemSizes {
            let height = stack.measuredLength(of: size, at: indexPath, itemCount: { self.sectionStates[$0].rowHeight.count }, diagnostics: &diagnostics)
            let section = indexPath.section, row = indexPath.item
            sectionStates[section].rowHeight[row] = height
            let count = sectionStates[section].rowHeight.count
            sectionStates[section].rows.setExtent(spacedExtent(height, at: row, count: count, spacing: options.gap), at: row)
            stack.setBody(sectionStates[section].rows.total, section: section)
        }
        stack.applySupplementarySizes(context.supplementarySizes, diagnostics: &diagnostics)
    }

    /// Whether the only full-relayout reason in `context` is a new container size whose
    /// extent across the scroll axis — the one thing of the container a list reads — is the
    /// one the rows were laid out for, in the same direction: a window made taller or
    /// shorter shows more or fewer rows of the same layout (a bottom-anchored chat laid out
    /// before its window knew its height keeps its million rows).
    private func changesOnlyContainerLength(_ context: InvalidationContext, source: some LayoutSource) -> Bool {
        guard context.invalidatesContainerSize, !context.invalidatesEverything, !context.invalidatesMetrics,
              stack.scrollAxis == options.scrollDirection.axis, stack.direction == source.layoutDirection,
              stack.count == sectionStates.count, source.numberOfSections == sectionStates.count
        else { return false }
        // A width that is not a usable length is corrected with a diagnostic, which only a
        // prepare records.
        var diagnostics: [LayoutDiagnostic] = []
        let width = SectionStack.containerWidth(of: source, scrollAxis: stack.scrollAxis, diagnostics: &diagnostics)
        return diagnostics.isEmpty && width == stack.containerWidth
    }

    /// Sections inserted and nothing else changed (`InvalidationContext.insertedSections`):
    /// reads the new sections only, keeps every other section's rows, header and footer,
    /// and restacks the sections. False (nothing done) when the context says more changed
    /// or the counts do not fit, so the caller prepares instead.
    /// - Complexity: O(s + m) for s sections and m items of the new ones.
    private func insertSections(_ context: InvalidationContext, from source: some LayoutSource) -> Bool {
        let inserted = context.insertedSections
        let newCount = source.numberOfSections
        guard !inserted.isEmpty, context.invalidatesEverything, !context.invalidatesMetrics, !context.invalidatesContainerSize,
              newCount == sectionStates.count + inserted.count, stack.count == sectionStates.count,
              zip(inserted, inserted.dropFirst()).allSatisfy({ $0 < $1 }), inserted.first! >= 0, inserted.last! < newCount
        else { return false }
        var diagnostics: [LayoutDiagnostic] = []
        let axis = options.scrollDirection.axis
        let gap = options.gap
        var states: [SectionState] = []
        var sections: [SectionStack.Section] = []
        states.reserveCapacity(inserted.count)
        sections.reserveCapacity(inserted.count)
        for section in inserted {
            var state = SectionState()
            SectionStack.readItemHeights(ofSection: section, from: source, along: axis, into: &state.rowHeight, diagnostics: &diagnostics)
            state.rows.rebuildSpaced(state.rowHeight, spacing: gap)
            let (header, footer) = SectionStack.readSupplementaries(of: section, from: source, along: axis, diagnostics: &diagnostics)
            sections.append(SectionStack.Section(header: header, footer: footer, body: state.rows.total))
            states.append(state)
        }
        // The sections kept move aside in place (no copy of their rows).
        sectionStates.insert(states, landingAt: inserted)
        stack.insertSections(sections, landingAt: inserted)
        self.diagnostics = diagnostics
        return true
    }

    /// The walk behind `forEachElement` and `elements(in:)` (see `StackedLayout`):
    /// calls `body` with the elements `elements(in:visibleBounds:)` returns, in the same
    /// order, without building an array: what a scrolling collection view uses. A section's
    /// separators come after its rows: rather than buffer them, the section's candidate rows
    /// are walked a second time.
    /// - Complexity: O(log n + k) for k elements visited.
    @inline(__always)
    func visit<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (consuming LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        // Locals: one read of each stored property rather than one per element.
        let stack = self.stack, states = sectionStates, metrics = RowMetrics(options, stack)
        let area = stack.layoutSpace(rect)  // where to search; frames are tested against `rect`
        let limit = area.maxY + slop(area.maxY)
        for section in stack.sections(overlapping: area.minY, area.maxY) {
            try stack.forEachDecorationAndSupplementary(of: section, in: rect, visibleBounds: visibleBounds, body)
            let state = states[section]
            let count = state.rowHeight.count
            guard count > 0 else { continue }
            let top = stack.itemsTop(of: section)
            let firstRow = state.rows.firstCandidate(at: area.minY - top)
            // Consecutive rows' offsets share the top of their tree paths (same bits).
            try withUnsafeTemporaryAllocation(of: Double.self, capacity: OffsetWalk.maximumDepth + 1) { (partial) throws(E) -> Void in
                var walk = OffsetWalk(tree: state.rows, partial: partial)
                var row = firstRow
                while row < count {
                    let rowTop = top + walk.offset(of: row)
                    if rowTop >= limit { break }
                    let frame = metrics.rowFrame(state, row: row, top: rowTop, in: stack)
                    if frame.intersects(rect) {
                        try body(LayoutAttributes(indexPath: IndexPath(item: row, section: section), frame: frame))
                    }
                    row += 1
                }
                guard metrics.separators != nil else { return }
                // The same rows again (same start, same stop, same offsets), for their separators.
                walk = OffsetWalk(tree: state.rows, partial: partial)
                row = firstRow
                while row < count {
                    let rowTop = top + walk.offset(of: row)
                    if rowTop >= limit { break }
                    if let separator = metrics.separator(state, row: row, section: section, rowTop: rowTop, in: stack), separator.frame.intersects(rect) {
                        try body(separator)
                    }
                    row += 1
                }
            }
        }
    }

    /// What row and separator frames need from the options and the stack, read once.
    struct RowMetrics {
        let left: Double, width: Double
        let separators: Separators?, gap: Double

        init(_ options: Options, _ stack: SectionStack) {
            left = stack.style.insets.leading
            width = stack.itemsWidth
            // Separator insets keep their physical meaning: across a horizontal list they are
            // the top and bottom insets, which are leading and trailing in layout space.
            var separators = options.separators
            if stack.scrollAxis == .horizontal { separators?.insets = options.separators!.insets.transposed }
            self.separators = separators
            gap = options.gap
        }

        @inline(__always) func rowFrame(_ state: SectionState, row: Int, top: Double, in stack: SectionStack) -> Rect {
            stack.physical(Rect(x: left, y: top, width: width, height: state.rowHeight[row]))
        }

        func separator(_ state: SectionState, row: Int, section: Int, rowTop: Double, in stack: SectionStack) -> LayoutAttributes? {
            guard let separators, row < state.rowHeight.count - 1 else { return nil }
            let y = rowTop + state.rowHeight[row] + (gap - separators.thickness) / 2
            let x = left + separators.insets.leading
            let lineWidth = Swift.max(0, width - separators.insets.leading - separators.insets.trailing)
            return LayoutAttributes(
                indexPath: IndexPath(item: row, section: section), kind: .separator,
                frame: stack.physical(Rect(x: x, y: y, width: lineWidth, height: separators.thickness)), zIndex: Separators.zIndex)
        }
    }

    /// - Complexity: O(log n).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let (state, rowTop) = locate(indexPath) else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: RowMetrics(options, stack).rowFrame(state, row: indexPath.item, top: rowTop, in: stack))
    }

    private func locate(_ indexPath: IndexPath) -> (SectionState, Double)? {
        guard indexPath.section >= 0 && indexPath.section < sectionStates.count else { return nil }
        let state = sectionStates[indexPath.section]
        guard indexPath.item >= 0 && indexPath.item < state.rowHeight.count else { return nil }
        return (state, stack.itemsTop(of: indexPath.section) + state.rows.offset(of: indexPath.item))
    }

    /// The separator below row `indexPath.item` (kind `.separator`) or the section
    /// background (kind `.sectionBackground`, item 0), or nil.
    /// - Complexity: O(log n).
    public func attributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == .separator else { return sectionBackground(ofKind: kind, at: indexPath) }
        guard let (state, rowTop) = locate(indexPath) else { return nil }
        return RowMetrics(options, stack).separator(state, row: indexPath.item, section: indexPath.section, rowTop: rowTop, in: stack)
    }

    /// The row width exactly, the height unconstrained (transposed when scrolling
    /// horizontally).
    /// - Complexity: O(1).
    public func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        stack.fittingProposal(crossExtent: stack.itemsWidth)
    }
}
