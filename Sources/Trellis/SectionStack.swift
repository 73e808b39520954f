/// The vertical stack of sections shared by `GridLayout`, `WaterfallLayout` and
/// `ListLayout`: each section is its header, the top inset, its items area (`body`, laid out
/// by the layout), the bottom inset and its footer. Section starts live in an `OffsetTree`,
/// so a section whose body grows moves every later section in O(log s), and an incremental
/// update gives bit for bit the offsets a fresh build gives.
///
/// Coordinates: the layouts compute x from the *leading* edge; `physical(_:)` mirrors a
/// frame for right-to-left.
struct SectionStack {
    struct Section {
        /// Header and footer heights; nil when the section has none.
        var header: Double?
        var footer: Double?
        /// The height of the items area, insets excluded.
        var body: Double
    }

    let containerWidth: Double
    let direction: LayoutDirection
    let style: SectionStyle
    private(set) var sections: [Section] = []
    private(set) var offsets = OffsetTree()

    init(containerWidth: Double, direction: LayoutDirection, style: SectionStyle) {
        self.containerWidth = containerWidth
        self.direction = direction
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

    /// The section's extent along the scroll axis. Always added in this order, so an
    /// update and a fresh build agree exactly.
    private func extent(of section: Section) -> Double {
        (section.header ?? 0) + style.insets.top + section.body + style.insets.bottom + (section.footer ?? 0)
    }

    mutating func setBody(_ body: Double, section: Int) {
        sections[section].body = body
        offsets.setExtent(extent(of: sections[section]), at: section)
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

    /// The frame mirrored for right-to-left; computed frames run from the leading edge.
    @inline(__always) func physical(_ frame: Rect) -> Rect {
        direction == .leftToRight ? frame : frame.mirroredHorizontally(inWidth: containerWidth)
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
            LayoutAttributes(indexPath: IndexPath(item: 0, section: section), kind: kind, frame: $0, zIndex: Pinning.supplementaryZIndex)
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

    /// Appends the header, footer and background of `section` that intersect `rect`, headers
    /// and footers pinned to `visibleBounds` when the style asks for it.
    func appendDecorationsAndSupplementaries(of section: Int, in rect: Rect, visibleBounds: Rect, to result: inout [LayoutAttributes]) {
        if let background = backgroundAttributes(section: section), background.frame.intersects(rect) {
            result.append(background)
        }
        let path = IndexPath(item: 0, section: section)
        if var frame = headerFrame(of: section) {
            var pinned = false
            if style.pinsHeaders {
                let sectionEnd = start(of: section) + offsets[section] - (sections[section].footer ?? 0)
                (frame, pinned) = Pinning.pinnedHeader(frame, sectionEnd: sectionEnd, visibleBounds: visibleBounds, axis: .vertical)
            }
            if frame.intersects(rect) {
                result.append(LayoutAttributes(
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
            if frame.intersects(rect) {
                result.append(LayoutAttributes(
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
    static func readSupplementaries(of section: Int, from source: some LayoutSource, diagnostics: inout [LayoutDiagnostic]) -> (header: Double?, footer: Double?) {
        func read(_ kind: ElementKind) -> Double? {
            source.sizeForSupplementaryElement(ofKind: kind, inSection: section).map {
                sanitizedLength($0.height, indexPath: nil, path: "sections[\(section)].\(kind.name).height", diagnostics: &diagnostics)
            }
        }
        return (read(.header), read(.footer))
    }

    /// The container width as a layout can use it (a bad one is 0, with a diagnostic).
    static func containerWidth(of source: some LayoutSource, diagnostics: inout [LayoutDiagnostic]) -> Double {
        sanitizedLength(source.containerSize.width, indexPath: nil, path: "container.width", diagnostics: &diagnostics)
    }
}

/// The extent of element `index` of `count` stacked elements: its length plus the spacing
/// to the next one (none after the last), so the total is the stack's length.
@inline(__always) func spacedExtent(_ length: Double, at index: Int, count: Int, spacing: Double) -> Double {
    index < count - 1 ? length + spacing : length
}

/// The spaced extents of a whole stack (see `spacedExtent`).
func spacedExtents(_ lengths: [Double], spacing: Double) -> [Double] {
    var extents = lengths
    for index in extents.indices.dropLast() { extents[index] += spacing }
    return extents
}

extension SectionStack {
    /// The heights of the items of `section`, sanitised (a bad one is 0, with a diagnostic).
    /// The layouts here take every item's width from their own geometry, so the height is
    /// all they read. A `StaticLayoutSource` is read through its storage, a whole section at
    /// a time (no call per item); any other source through `sizeForItem(at:)`.
    /// - Complexity: O(n) for n items.
    static func readItemHeights(ofSection section: Int, from source: some LayoutSource, diagnostics: inout [LayoutDiagnostic]) -> [Double] {
        var heights: [Double]
        if let values = source as? StaticLayoutSource {
            switch values.sections[section].items {
            case .fixed(let count, let size): heights = Array(repeating: size.size.height, count: Swift.max(0, count))
            case .list(let sizes): heights = sizes.map(\.size.height)
            case .computed(let count, let size): heights = (0..<Swift.max(0, count)).map { size($0).size.height }
            }
        } else {
            let count = Swift.max(0, source.numberOfItems(inSection: section))
            heights = []
            heights.reserveCapacity(count)
            for item in 0..<count { heights.append(source.sizeForItem(at: IndexPath(item: item, section: section)).size.height) }
        }
        for item in heights.indices where !(heights[item].isFinite && heights[item] >= 0) {
            heights[item] = sanitizedLength(
                heights[item], indexPath: IndexPath(item: item, section: section),
                path: "sections[\(section)].items[\(item)].height", diagnostics: &diagnostics)
        }
        return heights
    }
}
