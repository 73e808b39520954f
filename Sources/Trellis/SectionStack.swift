/// The vertical stack of sections shared by `GridLayout`, `WaterfallLayout` and
/// `ListLayout`: each section is its header, the top inset, its items area (`body`, laid out
/// by the layout), the bottom inset and its footer. Section starts live in an `OffsetTree`,
/// so a section whose body grows moves every later section in O(log s), and an incremental
/// update gives bit for bit the offsets a fresh build gives.
///
/// Coordinates: the layouts compute in a *layout space* where sections stack downwards and
/// x runs from the leading edge of the cross axis; `physical(_:)` maps a frame to the
/// collection (mirrored for right-to-left; for horizontal scrolling x and y swap, so
/// sections run rightwards, and right-to-left mirrors across the content width), and
/// `layoutSpace(_:)` maps a rect back.
struct SectionStack {
    struct Section {
        /// Header and footer heights; nil when the section has none.
        var header: Double?
        var footer: Double?
        /// The height of the items area, insets excluded.
        var body: Double
    }

    /// The container's extent across the scroll axis (its width when scrolling vertically).
    let containerWidth: Double
    let direction: LayoutDirection
    let scrollAxis: Axis
    /// The style in layout space: for horizontal scrolling its insets are transposed (the
    /// leading inset comes before the section's items along the scroll axis).
    let style: SectionStyle
    private(set) var sections: [Section] = []
    private(set) var offsets = OffsetTree()

    init(containerWidth: Double, direction: LayoutDirection, style: SectionStyle, scrollAxis: Axis = .vertical) {
        self.containerWidth = containerWidth
        self.direction = direction
        self.scrollAxis = scrollAxis
        var style = style
        if scrollAxis == .horizontal {
            style.insets = style.insets.transposed
            if let background = style.background { style.background = SectionBackground(insets: background.insets.transposed) }
        }
        self.style = style
    }

    /// An empty stack, before the first prepare.
    static let empty = SectionStack(containerWidth: 0, direction: .leftToRight, style: SectionStyle())

    /// The width of every section's items area.
    var itemsWidth: Double { Swift.max(0, containerWidth - style.insets.leading - style.insets.trailing) }

    /// Total height of all sections.
    var contentHeight: Double { offsets.total }

    var count: Int { sections.count }

    /// Adds the sections, then builds the offsets in one O(s) pass.
    mutating func build(_ newSections: [Section]) {
        sections = newSections
        offsets = OffsetTree(sections.map(extent(of:)))
    }

    /// Inserts `newSections` so that each lands at its index of `indices` (ascending, new
    /// indices) and builds the offsets again.
    /// - Complexity: O(s) for s sections, the sections kept moved in place.
    mutating func insertSections(_ newSections: [Section], landingAt indices: [Int]) {
        sections.insert(newSections, landingAt: indices)
        offsets = OffsetTree(sections.map(extent(of:)))
    }

    /// The section loop every stacked layout's `prepare` shares: for each section of
    /// `source`, reads its items' lengths along the scroll axis into its state
    /// (`itemLengths`), lets `layOutSection` place them and answer the extent of the items
    /// area, reads the header and footer, then builds the offsets. `states` is refilled in
    /// place — trimmed to the section count, a new section starting as `newState()` — so a
    /// relayout reuses the storage of the one before and allocates nothing per item.
    /// - Complexity: O(s) plus the items read and what `layOutSection` does.
    mutating func build<State>(
        from source: some LayoutSource, states: inout [State], newState: () -> State, itemLengths: WritableKeyPath<State, [Double]>,
        diagnostics: inout [LayoutDiagnostic],
        layOutSection: (_ section: Int, _ state: inout State, _ diagnostics: inout [LayoutDiagnostic]) -> Double
    ) {
        let sectionCount = Swift.max(0, source.numberOfSections)
        if states.count > sectionCount { states.removeLast(states.count - sectionCount) }
        var newSections: [Section] = []
        newSections.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            if section == states.count { states.append(newState()) }
            Self.readItemHeights(ofSection: section, from: source, along: scrollAxis, into: &states[section][keyPath: itemLengths], diagnostics: &diagnostics)
            let body = layOutSection(section, &states[section], &diagnostics)
            let (header, footer) = Self.readSupplementaries(of: section, from: source, along: scrollAxis, diagnostics: &diagnostics)
            newSections.append(Section(header: header, footer: footer, body: body))
        }
        build(newSections)
    }

    /// The section's extent along the scroll axis. Always added in this order, so an
    /// update and a fresh build agree exactly.
    private func extent(of section: Section) -> Double {
        (section.header ?? 0) + style.insets.top + section.body + style.insets.bottom + (section.footer ?? 0)
    }

    mutating func setBody(_ body: Double, section: Int) {
        sections[section].body = body
        offsets.setExtent(extent(of: sections[section]), at: section)
    }

    /// Applies the header and footer sizes of an invalidation (their extent along the scroll
    /// axis), sanitised.
    /// - Complexity: O(log s) each.
    mutating func applySupplementarySizes(_ sizes: [(ElementKind, Int, Size?)], diagnostics: inout [LayoutDiagnostic]) {
        for (kind, section, size) in sizes {
            precondition(section >= 0 && section < count, "invalidate: no section \(section)")
            let height = size.map {
                sanitizedLength($0[scrollAxis], indexPath: nil, path: "sections[\(section)].\(kind.name).\(scrollAxis.extentName)", diagnostics: &diagnostics)
            }
            setSupplementary(kind, height: height, section: section)
        }
    }

    /// A new item size's extent along the scroll axis, sanitised, after checking that the
    /// item exists (`itemCount(section)` items in its section).
    func measuredLength(of size: ItemSize, at indexPath: IndexPath, itemCount: (Int) -> Int, diagnostics: inout [LayoutDiagnostic]) -> Double {
        precondition(
            indexPath.section >= 0 && indexPath.section < count && indexPath.item >= 0 && indexPath.item < itemCount(indexPath.section),
            "invalidate: no item at \(indexPath)")
        return sanitizedLength(
            size.size[scrollAxis], indexPath: indexPath,
            path: "sections[\(indexPath.section)].items[\(indexPath.item)].\(scrollAxis.extentName)", diagnostics: &diagnostics)
    }

    mutating func setSupplementary(_ kind: ElementKind, height: Double?, section: Int) {
        if kind == .header { sections[section].header = height } else if kind == .footer { sections[section].footer = height } else { return }
        offsets.setExtent(extent(of: sections[section]), at: section)
    }

    func start(of section: Int) -> Double { offsets.offset(of: section) }

    /// The y where the items area of `section` begins.
    func itemsTop(of section: Int) -> Double {
        start(of: section) + (sections[section].header ?? 0) + style.insets.top
    }

    /// A frame of layout space in the collection's coordinates.
    @inline(__always) func physical(_ frame: Rect) -> Rect {
        if scrollAxis == .vertical {
            return direction == .leftToRight ? frame : frame.mirroredHorizontally(inWidth: containerWidth)
        }
        let swapped = Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width)
        return direction == .leftToRight ? swapped : swapped.mirroredHorizontally(inWidth: offsets.total)
    }

    /// A rect of the collection in layout space (the inverse of `physical`).
    @inline(__always) func layoutSpace(_ rect: Rect) -> Rect {
        if scrollAxis == .vertical {
            return direction == .leftToRight ? rect : rect.mirroredHorizontally(inWidth: containerWidth)
        }
        let unmirrored = direction == .leftToRight ? rect : rect.mirroredHorizontally(inWidth: offsets.total)
        return Rect(x: unmirrored.minY, y: unmirrored.minX, width: unmirrored.height, height: unmirrored.width)
    }

    /// What a self-sizing item is measured against: `crossExtent` exactly across the scroll
    /// axis, unconstrained along it.
    func fittingProposal(crossExtent: Double) -> FittingProposal {
        scrollAxis == .vertical
            ? FittingProposal(width: .exactly(crossExtent), height: .unconstrained)
            : FittingProposal(width: .unconstrained, height: .exactly(crossExtent))
    }

    /// The content size in the collection's coordinates.
    var contentSize: Size {
        scrollAxis == .vertical
            ? Size(width: containerWidth, height: offsets.total)
            : Size(width: offsets.total, height: containerWidth)
    }

    // MARK: Supplementary views and backgrounds

    func headerFrame(of section: Int) -> Rect? {
        sections[section].header.map { Rect(x: 0, y: start(of: section), width: containerWidth, height: $0) }
    }

    func footerFrame(of section: Int) -> Rect? {
        sections[section].footer.map { Rect(x: 0, y: start(of: section) + offsets[section] - $0, width: containerWidth, height: $0) }
    }

    /// The resting attributes of a header or footer.
    func supplementaryAttributes(ofKind kind: ElementKind, section: Int) -> LayoutAttributes? {
        guard section >= 0 && section < count else { return nil }
        let frame = kind == .header ? headerFrame(of: section) : kind == .footer ? footerFrame(of: section) : nil
        return frame.map {
            LayoutAttributes(indexPath: IndexPath(item: 0, section: section), kind: kind, frame: physical($0), zIndex: Pinning.supplementaryZIndex)
        }
    }

    /// The section background decoration, or nil when there is none (or it has no area).
    func backgroundAttributes(section: Int) -> LayoutAttributes? {
        guard let background = style.background, section >= 0 && section < count else { return nil }
        var area = Rect(x: style.insets.leading, y: itemsTop(of: section), width: itemsWidth, height: sections[section].body)
        let insets = background.insets
        area = Rect(
            x: area.minX + insets.leading, y: area.minY + insets.top,
            width: area.width - insets.leading - insets.trailing, height: area.height - insets.top - insets.bottom)
        // Negative insets grow the background, but never out of its section or the content
        // (so it never covers a neighbour and the section range search finds it).
        guard let clipped = area.intersection(Rect(x: 0, y: start(of: section), width: containerWidth, height: offsets[section])) else { return nil }
        area = clipped
        return LayoutAttributes(
            indexPath: IndexPath(item: 0, section: section), kind: .sectionBackground, frame: physical(area),
            zIndex: SectionBackground.zIndex)
    }

    /// Calls `body` with the background, header and footer of `section` (in that order) that
    /// intersect `rect`, headers and footers pinned to `visibleBounds` when the style asks for
    /// it (both rects in the collection's coordinates). Allocates nothing.
    /// - Complexity: O(log s).
    @inline(__always)
    func forEachDecorationAndSupplementary<E: Error>(
        of section: Int, in rect: Rect, visibleBounds: Rect, _ body: (consuming LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let visibleBounds = layoutSpace(visibleBounds)
        if let background = backgroundAttributes(section: section), background.frame.intersects(rect) {
            try body(background)
        }
        let path = IndexPath(item: 0, section: section)
        if var frame = headerFrame(of: section) {
            var pinned = false
            if style.pinsHeaders {
                let sectionEnd = start(of: section) + offsets[section] - (sections[section].footer ?? 0)
                (frame, pinned) = Pinning.pinnedHeader(frame, sectionEnd: sectionEnd, visibleBounds: visibleBounds, axis: .vertical)
            }
            frame = physical(frame)
            if frame.intersects(rect) {
                try body(LayoutAttributes(
                    indexPath: path, kind: .header, frame: frame,
                    zIndex: pinned ? Pinning.pinnedZIndex : Pinning.supplementaryZIndex, isPinned: pinned))
            }
        }
        if var frame = footerFrame(of: section) {
            var pinned = false
            if style.pinsFooters {
                let sectionStart = start(of: section) + (sections[section].header ?? 0)
                (frame, pinned) = Pinning.pinnedFooter(frame, sectionStart: sectionStart, visibleBounds: visibleBounds, axis: .vertical)
            }
            frame = physical(frame)
            if frame.intersects(rect) {
                try body(LayoutAttributes(
                    indexPath: path, kind: .footer, frame: frame,
                    zIndex: pinned ? Pinning.pinnedZIndex : Pinning.supplementaryZIndex, isPinned: pinned))
            }
        }
    }

    /// The sections whose span may intersect the rows `minY..<maxY`: a superset (callers
    /// test every frame), found in O(log s).
    func sections(overlapping minY: Double, _ maxY: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let first = offsets.firstCandidate(at: minY)
        var end = first
        while end < count && start(of: end) < maxY + slop(maxY) { end += 1 }
        return first..<end
    }
}

/// A layout built on a `SectionStack` (grid, waterfall, list): the members that only read
/// the stack, and the element queries built on the layout's one walk, live here once.
///
/// The walk takes each element as `consuming`, so `elements(in:)` moves it into its array;
/// a borrowing walk cost a copy and a destroy per element (the grid query was 20 % slower).
protocol StackedLayout: VisitingCollectionLayout {
    /// The sections' extents, headers, footers and backgrounds.
    var stack: SectionStack { get }

    /// Calls `body` with every element whose frame intersects `rect`, in the order of
    /// `elements(in:visibleBounds:)`, handing each one over.
    func visit<E: Error>(in rect: Rect, visibleBounds: Rect, _ body: (consuming LayoutAttributes) throws(E) -> Void) throws(E)
}

extension StackedLayout {
    public var contentSize: Size { stack.contentSize }

    /// The visited elements, in visiting order, in an array reserved once (a screen of a
    /// list or grid is well under 64 elements, so it is not grown).
    /// - Complexity: that of `visit`, O(log n + k) for k elements returned.
    @inline(__always)
    public func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(64)
        visit(in: rect, visibleBounds: visibleBounds) { (element: consuming LayoutAttributes) in result.append(element) }
        return result
    }

    /// Calls `body` with the elements `elements(in:visibleBounds:)` returns, in the same
    /// order, without building an array: what a scrolling collection view uses.
    /// - Complexity: that of `visit`, O(log n + k) for k elements visited.
    @inline(__always)
    public func forEachElement<E: Error>(
        in rect: Rect, visibleBounds: Rect, _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        try visit(in: rect, visibleBounds: visibleBounds) { (element: consuming LayoutAttributes) throws(E) -> Void in try body(element) }
    }

    /// - Complexity: O(log s) for s sections.
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        stack.supplementaryAttributes(ofKind: kind, section: indexPath.section)
    }

    /// The section background of `indexPath.section` (kind `.sectionBackground`, item 0), or
    /// nil. Layouts with more decoration kinds (the list's separators) answer those first.
    /// - Complexity: O(log s).
    public func attributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        sectionBackground(ofKind: kind, at: indexPath)
    }

    /// The section background when `kind` is `.sectionBackground` and the item is 0.
    func sectionBackground(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        kind == .sectionBackground && indexPath.item == 0 ? stack.backgroundAttributes(section: indexPath.section) : nil
    }
}

extension OffsetTree {
    /// The first element that may reach `offset` or beyond, allowing for the last-bit
    /// differences between an offset and the sums a layout adds to it (a frame's maxY is
    /// `offset(of: i) + height`, not `offset(of: i + 1)`): a superset, found in O(log n).
    @inline(__always) func firstCandidate(at offset: Double) -> Int {
        Swift.min(index(containing: offset - slop(offset)), Swift.max(0, count - 1))
    }
}

/// A tolerance far above the rounding error of the sums a layout makes and far below a
/// pixel, used only to widen candidate ranges (every candidate is then tested exactly).
@inline(__always) func slop(_ value: Double) -> Double { 1e-9 * Swift.max(1, Swift.abs(value)) }

/// Turns a length from the outside (a size, a header height) into one a layout can use:
/// negative or non-finite lengths become 0, with a diagnostic naming where they came from.
@inline(__always)
func sanitizedLength(_ value: Double, indexPath: IndexPath?, path: @autoclosure () -> String, diagnostics: inout [LayoutDiagnostic]) -> Double {
    if value.isFinite && value >= 0 { return value }
    diagnostics.append(LayoutDiagnostic(
        code: .invalidSize, indexPath: indexPath, path: path(),
        message: "length \(value) is negative or not finite; 0 is used"))
    return 0
}

extension SectionStack {
    /// Reads the header and footer heights of `section` (their widths are ignored: they
    /// span the section), sanitised.
    static func readSupplementaries(
        of section: Int, from source: some LayoutSource, along axis: Axis = .vertical, diagnostics: inout [LayoutDiagnostic]
    ) -> (header: Double?, footer: Double?) {
        func read(_ kind: ElementKind) -> Double? {
            source.sizeForSupplementaryElement(ofKind: kind, inSection: section).map {
                sanitizedLength($0[axis], indexPath: nil, path: "sections[\(section)].\(kind.name).\(axis.extentName)", diagnostics: &diagnostics)
            }
        }
        return (read(.header), read(.footer))
    }

    /// The container's extent across `scrollAxis` (its width when scrolling vertically) as a
    /// layout can use it (a bad one is 0, with a diagnostic).
    static func containerWidth(of source: some LayoutSource, scrollAxis: Axis = .vertical, diagnostics: inout [LayoutDiagnostic]) -> Double {
        let axis = scrollAxis.other
        return sanitizedLength(source.containerSize[axis], indexPath: nil, path: "container.\(axis.extentName)", diagnostics: &diagnostics)
    }
}

/// The extent of element `index` of `count` stacked elements: its length plus the spacing
/// to the next one (none after the last), so the total is the stack's length.
@inline(__always) func spacedExtent(_ length: Double, at index: Int, count: Int, spacing: Double) -> Double {
    index < count - 1 ? length + spacing : length
}

/// Makes `array` hold `count` elements, reusing its storage; when it already does, its
/// elements are left as they are (the caller overwrites every one).
/// - Complexity: O(count) when the count changes, O(1) otherwise.
func resize<Element: ExpressibleByIntegerLiteral>(_ array: inout [Element], to count: Int) {
    guard array.count != count else { return }
    array.removeAll(keepingCapacity: true)
    array.append(contentsOf: repeatElement(0, count: count))
}

extension OffsetTree {
    /// Replaces every extent with the spaced extents of `lengths` (see `spacedExtent`),
    /// reusing the tree's storage.
    /// - Complexity: O(n).
    mutating func rebuildSpaced(_ lengths: [Double], spacing: Double) {
        lengths.withUnsafeBufferPointer { lengths in
            rebuild(count: lengths.count) { leaves in
                for index in 0..<lengths.count { leaves[index] = spacedExtent(lengths[index], at: index, count: lengths.count, spacing: spacing) }
            }
        }
    }
}

extension SectionStack {
    /// The heights of the items of `section`, sanitised (a bad one is 0, with a diagnostic).
    /// The layouts here take every item's width from their own geometry, so the height is
    /// all they read. A `StaticLayoutSource` is read through its storage, a whole section at
    /// a time (no call per item); any other source through `sizeForItem(at:)`.
    ///
    /// Writes into `heights`, reusing its storage: a relayout of a layout that laid out
    /// before touches no fresh memory (at a million items, faulting in new pages costs more
    /// than the layout itself).
    /// - Complexity: O(n) for n items.
    static func readItemHeights(
        ofSection section: Int, from source: some LayoutSource, along axis: Axis = .vertical, into heights: inout [Double],
        diagnostics: inout [LayoutDiagnostic]
    ) {
        // A metatype comparison first: a dynamic cast of a generic source, once per
        // section, cost more than reading the heights of a 40-item section.
        let values = type(of: source) == StaticLayoutSource.self ? source as? StaticLayoutSource : nil
        let count: Int
        if let values {
            switch values.sections[section].items {
            case .fixed(let n, _), .computed(let n, _): count = Swift.max(0, n)
            case .list(let sizes): count = sizes.count
            }
        } else {
            count = Swift.max(0, source.numberOfItems(inSection: section))
        }
        resize(&heights, to: count)  // every element is written below
        heights.withUnsafeMutableBufferPointer { heights in
            if let values {
                switch values.sections[section].items {
                case .fixed(_, let size): heights.update(repeating: size.size[axis])
                case .list(let sizes):
                    sizes.withUnsafeBufferPointer { sizes in
                        if axis == .vertical {
                            for item in 0..<count { heights[item] = sizes[item].size.height }
                        } else {
                            for item in 0..<count { heights[item] = sizes[item].size.width }
                        }
                    }
                case .computed(_, let size): for item in 0..<count { heights[item] = size(item).size[axis] }
                }
            } else {
                source.itemLengths(inSection: section, along: axis, into: heights)
            }
        }
        for item in heights.indices where !(heights[item].isFinite && heights[item] >= 0) {
            heights[item] = sanitizedLength(
                heights[item], indexPath: IndexPath(item: item, section: section),
                path: "sections[\(section)].items[\(item)].\(axis.extentName)", diagnostics: &diagnostics)
        }
    }
}

extension Axis {
    /// The name of a size's extent along the axis, as input paths spell it.
    var extentName: String { self == .vertical ? "height" : "width" }
}

extension EdgeInsets {
    /// The insets with the axes swapped (top ↔ leading, bottom ↔ trailing): what the insets
    /// of a horizontally scrolling layout are in its layout space.
    var transposed: EdgeInsets { EdgeInsets(top: leading, leading: top, bottom: trailing, trailing: bottom) }
}
