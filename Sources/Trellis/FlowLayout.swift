/// A flow layout: items fill a line, then wrap to the next; lines stack along the scroll
/// direction. The portable `UICollectionViewFlowLayout`, plus alignments, baseline
/// alignment, right-to-left, a line limit and incremental relayout.
///
/// Storage is flat: per item 24 bytes (size and baseline), 4 bytes (where its line starts)
/// and a leaf in an `OffsetTree` that holds line extents at the lines' first items, so a
/// changed size moves every later line in O(log n) without touching it.
///
/// Properties (`metrics`, `scrollDirection`, …) are read by `prepare(from:)`; after
/// changing one, call `invalidate(.init(invalidatesMetrics: true), source:)`.
public final class FlowLayout: VisitingCollectionLayout, PlacesItemsInLines {
    /// Vertical: lines are rows, content grows downwards. Horizontal: lines are columns.
    public var scrollDirection: ScrollDirection
    /// The metrics of every section, unless `sectionMetrics` overrides them.
    public var metrics: FlowMetrics
    /// Per-section metrics (`UICollectionViewDelegateFlowLayout`): given the section and
    /// `metrics`, returns the section's metrics. Called once per section in `prepare`.
    public var sectionMetrics: ((_ section: Int, _ defaults: FlowMetrics) -> FlowMetrics)?
    /// UIKit's `itemSize`: when set, every item has this size and the source's item sizes
    /// (and size invalidations) are ignored.
    public var fixedItemSize: ItemSize?
    /// Headers stay at the leading edge of the visible bounds while their section shows.
    public var pinsHeaders: Bool
    /// Footers stay at the trailing edge of the visible bounds while their section shows.
    public var pinsFooters: Bool
    /// When set, every frame handed out has its edges snapped to the pixel grid of this
    /// display scale (2 for a Retina screen): neighbours that touch still touch, and no
    /// frame starts between two pixels. Nil (the default) hands out exact frames, as
    /// `UICollectionViewFlowLayout` does. Applied as frames are handed out, so it costs
    /// nothing in `prepare` and needs no invalidation.
    public var displayScale: Double? {
        willSet { precondition(newValue.map { $0 > 0 && $0.isFinite } ?? true, "a display scale is a positive finite number") }
    }

    // Prepared state.
    public private(set) var containerSize: Size = .zero
    public private(set) var layoutDirection: LayoutDirection = .leftToRight
    var sections: [FlowSection] = []
    /// Leaf s: the extent of section s along the scroll axis.
    var sectionOffsets = OffsetTree()
    /// How many items incremental relayouts have re-flowed (a block jumped over counts its
    /// first line): what the tests check to prove a re-flow stays local.
    var reflowedItemCount = 0

    public init(
        scrollDirection: ScrollDirection = .vertical, metrics: FlowMetrics = FlowMetrics(),
        pinsHeaders: Bool = false, pinsFooters: Bool = false
    ) {
        self.scrollDirection = scrollDirection
        self.metrics = metrics
        self.pinsHeaders = pinsHeaders
        self.pinsFooters = pinsFooters
    }

    /// The size of all content: the container's extent across the scroll direction, and
    /// the sum of the sections along it (headers, insets, lines, footers).
    ///
    /// With a `displayScale`, both extents are snapped to the pixel grid the way frame edges
    /// are (rounding is monotonic), so no snapped frame ends past the content.
    public var contentSize: Size {
        let size = scrollDirection == .vertical
            ? Size(width: containerSize.width, height: sectionOffsets.total)
            : Size(width: sectionOffsets.total, height: containerSize.height)
        guard let displayScale else { return size }
        return Size(width: size.width.roundedToPixel(scale: displayScale), height: size.height.roundedToPixel(scale: displayScale))
    }

    /// What the last prepare or invalidation corrected, in section and item order.
    /// - Complexity: O(sections + diagnostics).
    public var diagnostics: [LayoutDiagnostic] { sections.flatMap(\.diagnostics) }

    /// The number of sections read by the last prepare.
    public var numberOfSections: Int { sections.count }

    /// The number of items of `section` read by the last prepare.
    public func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }

    /// The number of lines of `section`, hidden ones included.
    /// - Complexity: O(1).
    public func numberOfLines(inSection section: Int) -> Int { sections[section].lineCount }

    /// Items of `section` on lines beyond its `maximumLines` (for a "+N more" chip).
    /// - Complexity: O(1).
    public func hiddenItemCount(inSection section: Int) -> Int { sections[section].hiddenItemCount }

    /// Bytes held by the prepared state (array capacities and offset trees), for the
    /// "≤ 64 bytes per item" budget.
    public var retainedByteCount: Int {
        var bytes = sections.capacity * MemoryLayout<FlowSection>.stride
        for section in sections {
            bytes += section.items.capacity * MemoryLayout<FlowItem>.stride
            bytes += section.lineStartDistance.capacity * MemoryLayout<UInt32>.stride
            bytes += section.lineOffsets.nodes.capacity * MemoryLayout<Double>.stride
            bytes += section.diagnostics.capacity * MemoryLayout<LayoutDiagnostic>.stride
            bytes += section.runs.capacity * MemoryLayout<FlowRun>.stride
            bytes += section.blocks.capacity * MemoryLayout<FlowBlock>.stride
        }
        bytes += sectionOffsets.nodes.capacity * MemoryLayout<Double>.stride
        return bytes
    }

    // MARK: Prepare

    /// Reads the container, the counts and every size from `source` and lays out all
    /// sections. Reuses the storage of the previous layout.
    /// - Complexity: O(n) for n items.
    public func prepare(from source: some LayoutSource) {
        prepare(from: source, anchor: nil)
    }

    /// `prepare(from:)`; with `anchor` (an item of the source), its section's lines are
    /// broken forward from the anchor, which starts a line, and backward above it.
    func prepare(from source: some LayoutSource, anchor: IndexPath?) {
        containerSize = source.containerSize
        layoutDirection = source.layoutDirection
        let sectionCount = source.numberOfSections
        precondition(sectionCount >= 0, "LayoutSource.numberOfSections must not be negative")
        if sections.count > sectionCount { sections.removeLast(sections.count - sectionCount) }
        let staticSource = source as? StaticLayoutSource
        for section in 0..<sectionCount {
            let geometry = resolveGeometry(section: section, source: source)
            if section == sections.count { sections.append(FlowSection(geometry: geometry)) }
            sections[section].geometry = geometry
            sections[section].diagnostics.removeAll()
            let count = source.numberOfItems(inSection: section)
            precondition(count >= 0, "LayoutSource.numberOfItems(inSection: \(section)) must not be negative")
            if let fixed = fixedItemSize {
                readSizes(section: section, count: count) { _ in fixed }
            } else if let staticSource {
                // The common case of tests, the CLI and benchmarks: no call through the
                // protocol per item.
                switch staticSource.sections[section].items {
                case .fixed(_, let size): readSizes(section: section, count: count) { _ in size }
                case .list(let sizes): sizes.withUnsafeBufferPointer { buffer in readSizes(section: section, count: count) { buffer[$0] } }
                case .computed(_, let size): readSizes(section: section, count: count, size)
                }
            } else {
                readSizes(section: section, count: count) { source.sizeForItem(at: IndexPath(item: $0, section: section)) }
            }
            sections[section].flowAll(anchoredAt: anchor?.section == section ? anchor!.item : 0)
        }
        sectionOffsets.rebuild(count: sections.count) { leaves in
            for (index, section) in sections.enumerated() { leaves[index] = section.extent }
        }
    }

    /// The section's metrics resolved against the container and its header and footer.
    func resolveGeometry(section: Int, source: some LayoutSource) -> FlowSectionGeometry {
        let resolved = sectionMetrics?(section, metrics) ?? metrics
        resolved.checkValid(section: section)
        let inset = resolved.sectionInset
        let vertical = scrollDirection == .vertical
        let lineExtent = vertical ? containerSize.width : containerSize.height
        let mainBefore = vertical ? inset.leading : inset.top
        let mainAfter = vertical ? inset.trailing : inset.bottom
        let header = source.sizeForSupplementaryElement(ofKind: .header, inSection: section)
        let footer = source.sizeForSupplementaryElement(ofKind: .footer, inSection: section)
        return FlowSectionGeometry(
            metrics: resolved,
            available: Swift.max(0, lineExtent - mainBefore - mainAfter),
            mainInsetBefore: mainBefore,
            crossInsetBefore: vertical ? inset.top : inset.leading,
            crossInsetAfter: vertical ? inset.bottom : inset.trailing,
            headerExtent: supplementaryExtent(header), footerExtent: supplementaryExtent(footer),
            header: header, footer: footer,
            lineAlignment: resolved.lineAlignment == .baseline && !vertical ? .top : resolved.lineAlignment)
    }

    /// A header's or footer's extent along the scroll axis; a negative or non-finite one
    /// counts as 0.
    func supplementaryExtent(_ size: Size?) -> Double {
        guard let size else { return 0 }
        let extent = scrollDirection == .vertical ? size.height : size.width
        return extent.isFinite && extent > 0 ? extent : 0
    }

    /// Copies `count` sizes into the section's flat item array, checking each.
    @inline(__always)
    func readSizes(section: Int, count: Int, _ size: (Int) -> ItemSize) {
        let vertical = scrollDirection == .vertical
        let available = sections[section].geometry.available
        // Moved out and back so the loop appends to a uniquely held local array.
        var items = sections[section].items
        sections[section].items = []
        items.removeAll(keepingCapacity: true)
        items.reserveCapacity(count)
        var needsChecks = false
        for index in 0..<count {
            let itemSize = size(index)
            let item = FlowItem(
                main: vertical ? itemSize.size.width : itemSize.size.height,
                cross: vertical ? itemSize.size.height : itemSize.size.width,
                baseline: itemSize.firstBaseline ?? .nan)
            // One cheap test per item; the slow path writes diagnostics.
            if !(item.main >= 0 && item.main <= available && item.cross >= 0 && item.cross < .infinity
                && (item.baseline.isNaN || item.baseline >= 0 && item.baseline <= item.cross)) {
                needsChecks = true
            }
            items.append(item)
        }
        sections[section].items = items
        if needsChecks {
            for index in 0..<count { checkItem(index, section: section) }
        }
    }

    /// Corrects a negative or non-finite size to 0 and records a diagnostic for it and for
    /// an item larger than the line, which the placement clamps.
    func checkItem(_ index: Int, section: Int) {
        let vertical = scrollDirection == .vertical
        let available = sections[section].geometry.available
        // Named only for a diagnostic: every measured item is checked.
        func path(_ name: String) -> String { "sections[\(section)].items[\(index)].\(name)" }
        let mainName = vertical ? "width" : "height", crossName = vertical ? "height" : "width"
        var item = sections[section].items[index]
        func invalid(_ name: String, _ value: Double, _ correction: String) {
            sections[section].diagnostics.append(LayoutDiagnostic(
                code: .invalidSize, indexPath: IndexPath(item: index, section: section), path: path(name),
                message: "\(formatPoints(value)) is not a non-negative finite number; \(correction)"))
        }
        if !(item.main >= 0 && item.main < .infinity) { invalid(mainName, item.main, "treated as 0"); item.main = 0 }
        if !(item.cross >= 0 && item.cross < .infinity) { invalid(crossName, item.cross, "treated as 0"); item.cross = 0 }
        if !item.baseline.isNaN && !(item.baseline >= 0 && item.baseline < .infinity) {
            invalid("baseline", item.baseline, "ignored")
            item.baseline = .nan
        } else if item.baseline > item.cross {
            // A baseline below the item would make the line's ascent, and every later line's
            // offset, as large as it is (1e308 gives infinite offsets): it is the item's edge.
            sections[section].diagnostics.append(LayoutDiagnostic(
                code: .itemClamped, indexPath: IndexPath(item: index, section: section), path: path("baseline"),
                message: "\(formatPoints(item.baseline)) lies below the item's \(crossName) \(formatPoints(item.cross)); \(formatPoints(item.cross)) is used"))
            item.baseline = item.cross
        }
        if item.main > available {
            sections[section].diagnostics.append(LayoutDiagnostic(
                code: .itemClamped, indexPath: IndexPath(item: index, section: section), path: path(mainName),
                message: "\(formatPoints(item.main)) is \(vertical ? "wider" : "taller") than the \(formatPoints(available)) available; clamped"))
        }
        sections[section].items[index] = item
    }
}
