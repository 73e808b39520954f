/// UIKit's `UICollectionViewCompositionalLayout` on Trellis's foundations: sections whose
/// group (items, nested groups, `count:` repetitions, fractional, absolute and estimated
/// dimensions, spacing, edge spacing, insets) repeats until the section's items run out,
/// with boundary supplementary items (headers and footers, pinned or not, estimated),
/// supplementary items attached to cells (badges), background decorations, a section
/// provider, orthogonally scrolling sections and list sections
/// (`CompositionalSection.list(using:environment:)`). Scrolls vertically, or horizontally
/// (`CompositionalConfiguration.scrollDirection`, CompositionalLayout+Horizontal.swift).
///
/// UIKit's names map as: `NSCollectionLayoutDimension` → `CompositionalDimension`,
/// `NSCollectionLayoutSize` → `CompositionalSize`, `NSCollectionLayoutItem` →
/// `CompositionalItem`, `NSCollectionLayoutGroup` → `CompositionalGroup` (a subitem is
/// `.item(…)` or `.group(…)`), `NSCollectionLayoutSection` → `CompositionalSection`,
/// `NSCollectionLayoutBoundarySupplementaryItem` → `CompositionalBoundaryItem`,
/// `NSCollectionLayoutDecorationItem` → `CompositionalDecorationItem`,
/// `NSCollectionLayoutSupplementaryItem` → `CompositionalSupplementaryItem` (badges),
/// `NSCollectionLayoutAnchor` → `CompositionalAnchor`, `NSDirectionalRectEdge` →
/// `DirectionalRectEdge`,
/// `NSCollectionLayoutEnvironment` → `CompositionalEnvironment`,
/// `UICollectionViewCompositionalLayoutConfiguration` → `CompositionalConfiguration`.
///
/// **Self-sizing.** An estimated dimension of an item takes the size the item was measured
/// at: `fittingProposal` fixes the extents that are not estimated and leaves the estimated
/// ones free; the collection view measures the cell and hands the size back through
/// `invalidate(.sizes(…))`. A source adopting `MeasuringLayoutSource` (the collection view)
/// tells measured sizes from estimates; any other source's sizes count as measured. Header
/// and footer heights that are estimated are measured the same way, and so are estimated
/// supplementary items attached to cells (badges), one per index path
/// (`fittingProposal(forSupplementaryElementOfKind:at:)`, sizes back through
/// `InvalidationContext.supplementaryItemSizes` or the source's
/// `sizesForSupplementaryItems(ofKind:inSection:)`): a badge takes no room, so measuring
/// one moves nothing but the badge.
///
/// **Storage and speed.** A section keeps its item count, the measured sizes of its cells
/// (only when some cell's dimension is estimated: 16 bytes per item) and an `OffsetTree` of
/// its group repetitions' extents; sections' extents are another `OffsetTree`. Frames are
/// computed when asked, from the trees and one evaluation of the group repetition holding
/// the item: `attributesForItem` O(g + log n) for g cells per group; `elements(in:)`
/// O(log n + k·g); one measured size O(g + log n + log s), moving every later group and
/// section at once. Incremental updates equal a fresh `prepare` bit for bit.
///
/// **Orthogonal sections** lay their groups out side by side, scrolled by the section's
/// own offset (`setOrthogonalScrollOffset(_:forSection:)`); frames are reported at that
/// offset in the collection's coordinates (a cell scrolled out of the section lies outside
/// the container's width). As in UIKit, an orthogonal section is as tall as its tallest
/// group, measured cells included: cards of estimated height are measured for their height
/// and the section (and the sections after it) follow.
public final class CompositionalLayout: VisitingCollectionLayout {
    /// Not `@Sendable`: the layout calls it in its own isolation (the collection view's, as
    /// UIKit calls it on the main thread), so it may capture the non-`Sendable` objects a
    /// view controller holds: `{ [weak self] section, _ in self?.dataSource.sectionIdentifier(for: section) … }`.
    public typealias SectionProvider = (_ section: Int, _ environment: CompositionalEnvironment) -> CompositionalSection

    /// The configuration's scroll direction.
    public var scrollDirection: ScrollDirection { configuration.scrollDirection }

    /// Layout-wide options; after changing them, invalidate with `invalidatesMetrics`.
    public var configuration: CompositionalConfiguration {
        didSet { precondition((try? configuration.validate()) != nil, "CompositionalLayout configuration: \(validationMessage(configuration.validate))") }
    }

    private let sectionProvider: SectionProvider
    /// The description of every section when the layout was made with one.
    private let sharedSection: CompositionalSection?

    /// The environment of the last prepare (what the section provider was given).
    public private(set) var environment: CompositionalEnvironment
    /// `environment` as the layout's own machinery sees it: transposed when the layout
    /// scrolls horizontally (CompositionalLayout+Horizontal.swift).
    private(set) var layoutEnvironment: CompositionalEnvironment
    /// The layout was last prepared to scroll horizontally: its machinery works on the
    /// transposed description and `physical` transposes frames back.
    private(set) var isHorizontal = false
    private(set) var containerWidth = 0.0
    private(set) var plans: [SectionPlan] = []
    /// Some section has an estimated item or boundary item (set by `prepare`): the
    /// collection view hosting the layout measures what it displays.
    public private(set) var hasEstimatedElements = false
    private(set) var states: [SectionState] = []
    /// Sections' extents, each followed by the space before the next (`spacedExtent`).
    private(set) var sectionOffsets = OffsetTree()
    /// The configuration's boundary items in layout space, and how much room they take
    /// before the first section and after the last.
    private(set) var layoutBoundary: [(kind: ElementKind, atStart: Bool, x: Double, width: Double, height: Double, pins: Bool, zIndex: Int, offset: Point)] = []
    private(set) var layoutBoundaryBefore = 0.0, layoutBoundaryAfter = 0.0
    /// How far cells may stick out below their group, over all sections: widens searches.
    private(set) var overflow = 0.0
    /// How far supplementary items attached to cells (badges) may reach past their cells,
    /// over all sections: widens searches both ways.
    private(set) var attachmentReach = 0.0
    /// Orthogonal scroll offsets by section; kept across prepares.
    var orthogonalOffsets: [Double] = []
    /// The frames of the last large group instance `frameOfItem(at:)` laid out, and where:
    /// asking for every item of an instance in turn (self-sizing asks each item for its
    /// fitting proposal) then lays the instance out once, not once per item — a group of
    /// `count` n has n items, and laying out its n nodes for each was n² work. Emptied by
    /// `prepare` and `invalidate`, the only changes to what an instance lays out to.
    private var lastLaidOutGroup: (section: Int, index: Int, origin: Point, frames: [Rect])?
    /// Instances of fewer cells are laid out again: that costs less than keeping frames.
    private static let smallestKeptGroup = 16
    /// How many group instances `frameOfItem(at:)` laid out (what the frames above save).
    private(set) var groupsLaidOutForItemQueries = 0
    public private(set) var diagnostics: [LayoutDiagnostic] = []

    /// Every section laid out as `section`.
    /// - Precondition: the section and configuration are valid (`validate()` does not throw).
    public init(section: CompositionalSection, configuration: CompositionalConfiguration = CompositionalConfiguration()) {
        precondition((try? section.validate()) != nil, "CompositionalLayout section: \(validationMessage(section.validate))")
        precondition((try? configuration.validate()) != nil, "CompositionalLayout configuration: \(validationMessage(configuration.validate))")
        self.configuration = configuration
        sharedSection = section
        sectionProvider = { _, _ in section }
        environment = configuration.environment(containerSize: .zero, layoutDirection: .leftToRight)
        layoutEnvironment = environment
    }

    /// Each section as `sectionProvider` describes it, given its index and the environment
    /// (`UICollectionViewCompositionalLayout(sectionProvider:)`). Called in `prepare` and on
    /// invalidations that re-read everything (metrics, container size). Sections it returns
    /// must be valid (`validate()`), else the layout stops with a precondition failure.
    public init(configuration: CompositionalConfiguration = CompositionalConfiguration(), sectionProvider: @escaping SectionProvider) {
        precondition((try? configuration.validate()) != nil, "CompositionalLayout configuration: \(validationMessage(configuration.validate))")
        self.configuration = configuration
        sharedSection = nil
        self.sectionProvider = sectionProvider
        environment = configuration.environment(containerSize: .zero, layoutDirection: .leftToRight)
        layoutEnvironment = environment
    }

    /// A section provider of UIKit's own type, whose result is optional
    /// (`UICollectionViewCompositionalLayoutSectionProvider`), so the sample code's
    /// `guard let self else { return nil }` and
    /// `guard let kind = SectionKind(rawValue: sectionIndex) else { return nil }` port
    /// unchanged. Returning nil for a section the layout lays out is a programming error,
    /// as returning an invalid section is: the layout stops with a precondition failure
    /// naming the section. A provider that never returns nil takes the other initializer.
    @_disfavoredOverload
    public convenience init(
        configuration: CompositionalConfiguration = CompositionalConfiguration(),
        sectionProvider: @escaping (_ section: Int, _ environment: CompositionalEnvironment) -> CompositionalSection?
    ) {
        self.init(configuration: configuration) { index, environment in
            guard let section = sectionProvider(index, environment) else {
                preconditionFailure("CompositionalLayout section \(index): the section provider returned nil")
            }
            return section
        }
    }

    /// The description of section `index` in the last prepare.
    public func section(at index: Int) -> CompositionalSection { plans[index].section }

    /// Bytes held by the prepared state (array capacities and offset trees), for the
    /// "≤ 64 bytes per item" budget. Compiled group plans are counted once per section
    /// (sections made from one description share them, so this overcounts those).
    public var retainedByteCount: Int {
        var bytes = plans.capacity * MemoryLayout<SectionPlan>.stride + states.capacity * MemoryLayout<SectionState>.stride
        for (plan, state) in zip(plans, states) {
            bytes += plan.group.nodes.capacity * MemoryLayout<GroupPlan.Node>.stride
            bytes += state.sizes.capacity * MemoryLayout<Size>.stride
            bytes += state.groups.nodes.capacity * MemoryLayout<Double>.stride
            bytes += state.boundaryHeights.capacity * MemoryLayout<Double>.stride + state.groupHeights.capacity * MemoryLayout<Double>.stride
        }
        bytes += sectionOffsets.nodes.capacity * MemoryLayout<Double>.stride + orthogonalOffsets.capacity * MemoryLayout<Double>.stride
        return bytes
    }

    // MARK: Preparing

    /// Reads everything and lays out every section, reusing the storage of the previous
    /// layout.
    /// - Complexity: O(n) for n items (O(n·g) group evaluations when cells are estimated).
    public func prepare(from source: some LayoutSource) {
        if configuration.scrollDirection == .horizontal {
            prepareInLayoutSpace(from: TransposedLayoutSource(base: source), direction: source.layoutDirection)
        } else {
            prepareInLayoutSpace(from: source, direction: source.layoutDirection)
        }
    }

    /// `prepare` on a source in layout space (transposed for a horizontal layout), whose
    /// sections are shown in `direction`.
    private func prepareInLayoutSpace(from source: some LayoutSource, direction: LayoutDirection) {
        lastLaidOutGroup = nil
        var diagnostics: [LayoutDiagnostic] = []
        let width = SectionStack.containerWidth(of: source, diagnostics: &diagnostics)
        var height = source.containerSize.height
        if !(height.isFinite && height >= 0) {
            height = sanitizedLength(height, indexPath: nil, path: "container.height", diagnostics: &diagnostics)
        }
        containerWidth = width
        let horizontal = configuration.scrollDirection == .horizontal
        isHorizontal = horizontal
        let container = Size(width: width, height: height)
        environment = configuration.environment(containerSize: horizontal ? container.transposed : container, layoutDirection: direction)
        layoutEnvironment = horizontal ? environment.transposed : environment
        let sharedLaidOut = horizontal ? sharedSection?.transposed : sharedSection
        layoutBoundary = configuration.boundarySupplementaryItems.map { given in
            let item = horizontal ? given.transposed : given
            let container = layoutEnvironment.containerSize
            let width = item.layoutSize.widthDimension.resolved(in: container) ?? container.width
            return (item.elementKind, item.alignment.edge == .top, item.alignment.isTrailingCorner ? container.width - width : 0, width,
                    item.layoutSize.heightDimension.resolvedOrEstimate(in: container), item.pinToVisibleBounds, item.zIndex, item.offset)
        }
        layoutBoundaryBefore = layoutBoundary.reduce(0) { $0 + ($1.atStart ? $1.height : 0) }
        layoutBoundaryAfter = layoutBoundary.reduce(0) { $0 + ($1.atStart ? 0 : $1.height) }
        let sectionCount = Swift.max(0, source.numberOfSections)
        var plans = self.plans, states = self.states
        self.plans = []
        self.states = []
        if plans.count > sectionCount { plans.removeLast(plans.count - sectionCount) }
        if states.count > sectionCount { states.removeLast(states.count - sectionCount) }
        var previous: SectionPlan?
        overflow = 0
        attachmentReach = 0
        for section in 0..<sectionCount {
            let given = sharedSection ?? sectionProvider(section, environment)
            let description = sharedLaidOut ?? (horizontal ? given.transposed : given)
            // One plan per distinct group, not per section: a section whose group is the one
            // before's shares its plan, checked and compiled once (comparing the groups is
            // O(1) when the provider hands out the same stored description, whose arrays
            // compare by identity first).
            let sameGroup = previous.map { sharedSection != nil || description.group == $0.section.group } ?? false
            if sharedSection == nil {
                if sameGroup {
                    precondition((try? given.validateAllButGroup()) != nil,
                                 "CompositionalLayout section \(section): \(validationMessage(given.validateAllButGroup))")
                } else {
                    precondition((try? given.validate()) != nil, "CompositionalLayout section \(section): \(validationMessage(given.validate))")
                }
            }
            let plan = SectionPlan(description, reusing: sameGroup ? previous : nil, environment: layoutEnvironment)
            previous = plan
            if plan.group.isRepetitionLimited && (section == 0 || sharedSection == nil) {
                diagnostics.append(LayoutDiagnostic(
                    code: .repetitionLimited, indexPath: nil, path: "sections[\(section)].group",
                    message: "a group repeats its subitems up to \(GroupPlan.maximumLeafCount) cells; more would fit"))
            }
            if section < plans.count { plans[section] = plan } else { plans.append(plan) }
            if section == states.count { states.append(SectionState()) }
            states[section].read(section, plan: plan, from: source, diagnostics: &diagnostics)
            overflow = Swift.max(overflow, plan.orthogonal ? 0 : states[section].overflow)
            attachmentReach = Swift.max(attachmentReach, plan.attachmentReach, states[section].attachedReach)
        }
        if orthogonalOffsets.count > sectionCount { orthogonalOffsets.removeLast(orthogonalOffsets.count - sectionCount) }
        while orthogonalOffsets.count < sectionCount { orthogonalOffsets.append(plans[orthogonalOffsets.count].section.initialOrthogonalScrollOffset) }
        self.plans = plans
        self.states = states
        hasEstimatedElements = plans.contains {
            $0.group.hasEstimatedItems || $0.boundary.contains(where: \.estimatedHeight) || !$0.estimatedAttachmentKinds.isEmpty
        }
        let spacing = configuration.interSectionSpacing
        sectionOffsets.rebuild(count: sectionCount) { leaves in
            for section in 0..<sectionCount {
                leaves[section] = Self.spacedExtent(of: section, plans: plans, states: states, interSectionSpacing: spacing)
            }
        }
        self.diagnostics = diagnostics
    }

    /// - Complexity: new item sizes: O(g + log n + log s) each; header or footer sizes:
    ///   O(b + log s) (b boundary items); anything else: a full `prepare`.
    public func invalidate(_ context: InvalidationContext, source: some LayoutSource) {
        let context = isHorizontal ? context.transposed : context
        lastLaidOutGroup = nil
        if context.requiresFullRelayout {
            prepare(from: source)
            return
        }
        diagnostics = []
        var touched: [Int] = []
        for (indexPath, size) in context.itemSizes {
            let section = indexPath.section
            precondition(section >= 0 && section < states.count && indexPath.item >= 0 && indexPath.item < states[section].itemCount, "invalidate: no item at \(indexPath)")
            let plan = plans[section]
            guard plan.group.hasEstimatedItems else { continue }
            states[section].sizes[indexPath.item] = SectionState.sanitized(size.size, at: indexPath, diagnostics: &diagnostics)
            let groupIndex = indexPath.item / plan.group.leafCount
            states[section].updateGroup(groupIndex, plan: plan)
            if !plan.orthogonal { overflow = Swift.max(overflow, states[section].overflow) }
            touched.append(section)
        }
        for (kind, section, size) in context.supplementarySizes {
            precondition(section >= 0 && section < states.count, "invalidate: no section \(section)")
            guard let index = plans[section].boundary.firstIndex(where: { $0.kind == kind }), plans[section].boundary[index].estimatedHeight else { continue }
            let plan = plans[section]
            states[section].boundaryHeights[index] = size.map {
                sanitizedLength($0.height, indexPath: nil, path: "sections[\(section)].\(kind.name).height", diagnostics: &diagnostics)
            } ?? plan.boundary[index].estimate
            touched.append(section)
        }
        for (kind, indexPath, size) in context.supplementaryItemSizes {
            let section = indexPath.section
            precondition(section >= 0 && section < states.count && indexPath.item >= 0 && indexPath.item < states[section].itemCount, "invalidate: no item at \(indexPath)")
            let plan = plans[section]
            guard plan.estimatedAttachmentKinds.contains(kind) else { continue }
            // Badges take no room: only they move, so no section is touched.
            states[section].setAttachedSize(size, ofKind: kind, at: indexPath, plan: plan, diagnostics: &diagnostics)
            attachmentReach = Swift.max(attachmentReach, states[section].attachedReach)
        }
        for section in touched {
            sectionOffsets.setExtent(
                Self.spacedExtent(of: section, plans: plans, states: states, interSectionSpacing: configuration.interSectionSpacing), at: section)
        }
    }

    /// The room section `index` takes in `sectionOffsets`: its own extent, then, unless it
    /// is the last, the space before the next section — the layout's `interSectionSpacing`
    /// and the next section's own (a grouped list's `sectionSpacing`). The space belongs to
    /// the section that follows it, so a list section spaces itself the same whether a
    /// section provider returns it or `CompositionalLayout.list(using:)` makes every section.
    @inline(__always) static func spacedExtent(of index: Int, plans: [SectionPlan], states: [SectionState], interSectionSpacing: Double) -> Double {
        let extent = states[index].extent(plans[index])
        return index < plans.count - 1 ? extent + interSectionSpacing + plans[index + 1].spacingBefore : extent
    }

    // MARK: Geometry shared by the queries

    public var contentSize: Size {
        isHorizontal ? Size(width: contentLength, height: containerWidth) : Size(width: containerWidth, height: contentLength)
    }

    /// The content's extent along the scroll axis: the sections and the layout's boundary items.
    @inline(__always) var contentLength: Double { layoutBoundaryBefore + sectionOffsets.total + layoutBoundaryAfter }

    /// The layout-space frame of the configuration's boundary item `index` at rest.
    func layoutBoundaryFrame(_ index: Int) -> Rect {
        let item = layoutBoundary[index]
        var y = item.atStart ? 0 : layoutBoundaryBefore + sectionOffsets.total
        for other in 0..<index where layoutBoundary[other].atStart == item.atStart { y += layoutBoundary[other].height }
        return Rect(x: item.x + item.offset.x, y: y + item.offset.y, width: item.width, height: item.height)
    }

    @inline(__always) func sectionTop(_ section: Int) -> Double { layoutBoundaryBefore + sectionOffsets.offset(of: section) }

    /// A frame of layout space (x from the leading edge) in the collection's coordinates.
    @inline(__always) func physical(_ frame: Rect) -> Rect {
        if isHorizontal {
            let frame = frame.transposed
            return environment.layoutDirection == .leftToRight ? frame : frame.mirroredHorizontally(inWidth: contentLength)
        }
        return environment.layoutDirection == .leftToRight ? frame : frame.mirroredHorizontally(inWidth: containerWidth)
    }

    /// A rect of the collection's coordinates in layout space (the inverse of `physical`;
    /// mirroring alone is its own inverse).
    @inline(__always) func layoutSpace(_ rect: Rect) -> Rect {
        guard isHorizontal else { return physical(rect) }
        return (environment.layoutDirection == .leftToRight ? rect : rect.mirroredHorizontally(inWidth: contentLength)).transposed
    }

    /// Where the groups of an orthogonal section start along x, at its current offset.
    @inline(__always) func orthogonalStart(_ section: Int) -> Double {
        plans[section].left + plans[section].centering + plans[section].leadingExtent - orthogonalOffsets[section]
    }

    /// The origin of group repetition `index` of `section`, whose items area starts at
    /// `bodyTop`, at `offset` along the section's flow (from the groups' tree).
    @inline(__always) func groupOrigin(_ section: Int, bodyTop: Double, offset: Double) -> Point {
        plans[section].orthogonal ? Point(x: orthogonalStart(section) + offset, y: bodyTop) : Point(x: plans[section].left, y: bodyTop + offset)
    }

    /// The layout-space frame of group repetition `index` of `section`: its full size,
    /// however many cells it holds.
    /// - Complexity: O(g + log n).
    func frameOfGroup(_ index: Int, of section: Int) -> Rect {
        let plan = plans[section], state = states[section]
        let origin = groupOrigin(section, bodyTop: state.bodyTop(plan, sectionTop: sectionTop(section)), offset: state.groups.offset(of: index))
        let size = plan.group.withScratch(cells: state.itemCount) { sizes, frames in
            state.withInputs(index, plan: plan) { inputs in plan.group.layOut(inputs, origin: origin, sizes: sizes, frames: frames) }
        }
        return Rect(origin: origin, size: size)
    }

    /// The frames (layout space) of group repetition `index` of `section` into `frames`;
    /// returns how many cells it holds.
    @inline(__always)
    func layOutGroup(
        _ index: Int, of section: Int, origin: Point, sizes: UnsafeMutableBufferPointer<Size>, frames: UnsafeMutableBufferPointer<Rect>
    ) -> Int {
        let plan = plans[section]
        return states[section].withInputs(index, plan: plan) { inputs in
            plan.group.layOut(inputs, origin: origin, sizes: sizes, frames: frames)
            return inputs.present
        }
    }

    // MARK: Single elements

    /// - Complexity: O(g + log n).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        frameOfItem(at: indexPath).map { frame in
            let group = plans[indexPath.section].group
            return LayoutAttributes(indexPath: indexPath, frame: physical(frame), zIndex: group.zIndex(ofLeaf: indexPath.item % group.leafCount))
        }
    }

    /// The layout-space frame of an item, or nil.
    func frameOfItem(at indexPath: IndexPath) -> Rect? {
        let section = indexPath.section
        guard section >= 0 && section < states.count, indexPath.item >= 0 && indexPath.item < states[section].itemCount else { return nil }
        let plan = plans[section], state = states[section]
        let leafCount = plan.group.leafCount
        let groupIndex = indexPath.item / leafCount
        let origin = groupOrigin(section, bodyTop: state.bodyTop(plan, sectionTop: sectionTop(section)), offset: state.groups.offset(of: groupIndex))
        let cell = indexPath.item - groupIndex * leafCount
        if let last = lastLaidOutGroup, last.section == section, last.index == groupIndex, last.origin == origin {
            return last.frames[cell]
        }
        groupsLaidOutForItemQueries += 1
        return plan.group.withScratch(cells: state.itemCount) { sizes, frames in
            let present = layOutGroup(groupIndex, of: section, origin: origin, sizes: sizes, frames: frames)
            if leafCount >= Self.smallestKeptGroup {
                lastLaidOutGroup = (section, groupIndex, origin, Array(frames.prefix(present)))
            }
            return frames[cell]
        }
    }

    /// The resting attributes of a boundary item (header, footer …; `indexPath.item` 0) or
    /// of a supplementary item attached to the cell at `indexPath` (a badge), or nil.
    /// (UIKit: `layoutAttributesForSupplementaryView(ofKind:at:)`.)
    /// - Complexity: O(b + log s) for a boundary item, O(g + log n) for a badge.
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        let section = indexPath.section
        if indexPath == IndexPath(item: 0, section: 0), let index = layoutBoundary.firstIndex(where: { $0.kind == kind }) {
            return LayoutAttributes(indexPath: indexPath, kind: kind, frame: physical(layoutBoundaryFrame(index)), zIndex: layoutBoundary[index].zIndex)
        }
        guard section >= 0 && section < states.count else { return nil }
        if indexPath.item == 0, let index = plans[section].boundary.firstIndex(where: { $0.kind == kind }) {
            let frame = boundaryFrame(index, section: section, top: sectionTop(section))
            return LayoutAttributes(indexPath: indexPath, kind: kind, frame: physical(frame), zIndex: plans[section].boundary[index].zIndex)
        }
        guard let attached = attachedSupplementary(ofKind: kind, at: indexPath) else { return nil }
        return LayoutAttributes(indexPath: indexPath, kind: kind, frame: physical(attached.frame), zIndex: attached.item.zIndex)
    }

    /// The supplementary item of `kind` anchored to the group repetition whose first item is
    /// `indexPath`, else attached to the cell at `indexPath` (a badge), with its layout-space
    /// frame (at its measured size when it has one); nil when there is none.
    /// - Complexity: O(g + log n).
    func attachedSupplementary(ofKind kind: ElementKind, at indexPath: IndexPath) -> (item: CompositionalSupplementaryItem, frame: Rect)? {
        let section = indexPath.section
        guard section >= 0 && section < states.count, indexPath.item >= 0, indexPath.item < states[section].itemCount else { return nil }
        let plan = plans[section], state = states[section]
        if let supplementary = plan.groupSupplementaries.first(where: { $0.elementKind == kind }) {
            let leafCount = plan.group.leafCount
            guard indexPath.item % leafCount == 0 else { return nil }
            let measured = supplementary.isEstimated ? state.attachedSize(ofKind: kind, item: indexPath.item) : nil
            return (supplementary, supplementary.frame(attachedTo: frameOfGroup(indexPath.item / leafCount, of: section), measured: measured))
        }
        guard plan.group.hasAttachments,
              let supplementary = plan.attachments(ofLeaf: indexPath.item % plan.group.leafCount)?.first(where: { $0.elementKind == kind }),
              let cell = frameOfItem(at: indexPath) else { return nil }
        let measured = supplementary.isEstimated ? state.attachedSize(ofKind: kind, item: indexPath.item) : nil
        return (supplementary, supplementary.frame(attachedTo: cell, measured: measured))
    }

    /// The layout-space frame of boundary item `index` of `section` at rest.
    /// Items that extend the boundary follow each other outwards in their order; those that
    /// do not lie over the section's edge (inside the extending ones).
    func boundaryFrame(_ index: Int, section: Int, top: Double) -> Rect {
        let plan = plans[section], item = plan.boundary[index]
        let frame = boundaryFrameBeforeOffset(index, section: section, top: top)
        return Rect(x: frame.minX + item.offset.x, y: frame.minY + item.offset.y, width: frame.width, height: frame.height)
    }

    /// Where boundary item `index`'s alignment puts it.
    private func boundaryFrameBeforeOffset(_ index: Int, section: Int, top: Double) -> Rect {
        let plan = plans[section], state = states[section], item = plan.boundary[index]
        let height = state.boundaryHeights[index]
        let bodyTop = state.bodyTop(plan, sectionTop: top)
        func before(_ alignment: CompositionalBoundaryItem.Alignment, _ extent: (SectionPlan.Boundary, Int) -> Double) -> Double {
            var sum = 0.0
            for other in 0..<index where plan.boundary[other].alignment == alignment && plan.boundary[other].extends { sum += extent(plan.boundary[other], other) }
            return sum
        }
        switch item.alignment {
        case .top, .topLeading, .topTrailing:  // (a plan holds corners as their edge)
            let y = item.extends ? top + before(.top) { state.boundaryHeights[$1] } : bodyTop - plan.top
            return Rect(x: item.x, y: y, width: item.width, height: height)
        case .bottom, .bottomLeading, .bottomTrailing:
            let end = bodyTop + state.itemsHeight(plan) + plan.bottom
            let y = item.extends ? end + before(.bottom) { state.boundaryHeights[$1] } : end - height
            return Rect(x: item.x, y: y, width: item.width, height: height)
        case .leading, .trailing:
            let widths = before(item.alignment) { boundary, _ in boundary.width }
            let x: Double
            if plan.orthogonal {
                let groupsStart = orthogonalStart(section)
                x = item.alignment == .leading
                    ? groupsStart - plan.leadingExtent + widths
                    : groupsStart + state.groups.total + (item.extends ? widths : -item.width)
            } else {
                x = item.alignment == .leading ? plan.left : plan.left + plan.contentWidth - item.width
            }
            return Rect(x: x, y: bodyTop, width: item.width, height: height)
        }
    }

    /// A background decoration of the section (`indexPath.item == 0`) or the separator
    /// below the group whose first item is `indexPath.item`, or nil.
    /// - Complexity: O(g + log n).
    public func attributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        let section = indexPath.section
        guard section >= 0 && section < states.count else { return nil }
        if kind == .separator {
            let plan = plans[section], state = states[section]
            let leafCount = plan.group.leafCount
            guard plan.separators != nil, indexPath.item >= 0, indexPath.item % leafCount == 0 else { return nil }
            let groupIndex = indexPath.item / leafCount
            guard groupIndex < state.groupCount(plan) - 1 else { return nil }
            let bodyTop = state.bodyTop(plan, sectionTop: sectionTop(section))
            return separator(below: groupIndex, of: section, groupTop: bodyTop + state.groups.offset(of: groupIndex))
        }
        guard indexPath.item == 0, let index = plans[section].decorations.firstIndex(where: { $0.elementKind == kind }) else { return nil }
        return background(index, of: section, top: sectionTop(section))
    }

    /// Decoration `index` of `section` (a background), clipped to its section and the
    /// container's width, or nil when it has no area.
    func background(_ index: Int, of section: Int, top: Double) -> LayoutAttributes? {
        let plan = plans[section], item = plan.decorations[index], state = states[section]
        let span = Rect(x: 0, y: top, width: containerWidth, height: state.extent(plan))
        var covered = span
        if item.coversItemsOnly {
            // Below the header row when the first item is the header.
            let header = plan.firstGroupIsHeader && state.groupCount(plan) > 0 ? state.groups[0] : 0
            covered = Rect(x: plan.left, y: state.bodyTop(plan, sectionTop: top) + header, width: plan.contentWidth, height: state.itemsHeight(plan) - header)
        }
        let area = Rect(
            x: covered.minX + item.contentInsets.leading, y: covered.minY + item.contentInsets.top,
            width: covered.width - item.contentInsets.leading - item.contentInsets.trailing,
            height: covered.height - item.contentInsets.top - item.contentInsets.bottom)
        guard area.width > 0, area.height > 0, let clipped = area.intersection(span) else { return nil }
        return LayoutAttributes(indexPath: IndexPath(item: 0, section: section), kind: item.elementKind, frame: physical(clipped), zIndex: item.zIndex)
    }

    /// The separator between group `index` (starting at `groupTop`) and the next.
    func separator(below index: Int, of section: Int, groupTop: Double) -> LayoutAttributes? {
        let plan = plans[section]
        guard let separators = plan.separators, !(plan.firstGroupIsHeader && index == 0) else { return nil }
        let state = states[section]
        let groupHeight = state.groups[index] - plan.spacing
        // Inside the group above, over its last `thickness` points: rows touch, as a list
        // cell draws its separator within its own bounds.
        let y = groupTop + groupHeight - separators.thickness
        let x = plan.left + separators.insets.leading
        let width = Swift.max(0, plan.contentWidth - separators.insets.leading - separators.insets.trailing)
        return LayoutAttributes(
            indexPath: IndexPath(item: index * plan.group.leafCount, section: section), kind: .separator,
            frame: physical(Rect(x: x, y: y, width: width, height: separators.thickness)), zIndex: ListLayout.Separators.zIndex)
    }

    /// What a self-sizing cell is measured against: its extents that are not estimated
    /// exactly, the estimated ones free.
    /// - Complexity: O(g + log n).
    public func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal {
        guard let frame = frameOfItem(at: indexPath) else { return .unconstrained }
        let plan = plans[indexPath.section]
        let leaf = indexPath.item % plan.group.leafCount
        let width: FittingDimension = plan.group.isEstimated(leaf: leaf, along: .horizontal) ? .unconstrained : .exactly(frame.width)
        let height: FittingDimension = plan.group.isEstimated(leaf: leaf, along: .vertical) ? .unconstrained : .exactly(frame.height)
        return isHorizontal ? FittingProposal(width: height, height: width) : FittingProposal(width: width, height: height)
    }

    /// What an estimated supplementary item attached to a cell or a group repetition is
    /// measured against: its estimated extents free, the others exactly as laid out; nil
    /// for anything else.
    /// - Complexity: O(g + log n).
    public func fittingProposal(forSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath) -> FittingProposal? {
        let section = indexPath.section
        guard section >= 0 && section < plans.count, plans[section].estimatedAttachmentKinds.contains(kind),
              let attached = attachedSupplementary(ofKind: kind, at: indexPath), attached.item.isEstimated
        else { return nil }
        let size = attached.item.layoutSize, frame = attached.frame
        let width: FittingDimension = size.widthDimension.isEstimated ? .unconstrained : .exactly(frame.width)
        let height: FittingDimension = size.heightDimension.isEstimated ? .unconstrained : .exactly(frame.height)
        return isHorizontal ? FittingProposal(width: height, height: width) : FittingProposal(width: width, height: height)
    }
}

// MARK: - Compiled sections and their state

/// A section description with everything that does not depend on the items resolved. A
/// class, immutable: the queries read it for every section and group they visit, and a copy
/// of a struct this size would retain each of its arrays every time.
final class SectionPlan: Sendable {
    struct Boundary: Sendable {
        var kind: ElementKind
        var alignment: CompositionalBoundaryItem.Alignment
        var x: Double
        var width: Double
        var estimatedHeight: Bool
        /// The height before measuring (the estimate, or the fixed height).
        var estimate: Double
        var pins: Bool
        var zIndex: Int
        /// Takes room of its own (`extendsBoundary`).
        var extends: Bool
        /// Moves the item from where its alignment puts it (`offset`).
        var offset = Point.zero
        /// Beside the groups (leading or trailing), not above or below them.
        var sideways: Bool { alignment.isSideways }
    }

    let section: CompositionalSection
    let group: GroupPlan
    /// Leading and trailing insets (the reference's plus the section's), top and bottom.
    let left: Double, right: Double, top: Double, bottom: Double
    let contentWidth: Double
    /// What the group's dimensions resolve in.
    let groupContainer: Size
    let orthogonal: Bool
    /// The gap between consecutive groups (separators lie inside groups, not in it).
    let spacing: Double
    /// The space the section keeps from the section before it, besides the layout's
    /// `interSectionSpacing`: a list section's `sectionSpacing` in the appearances that
    /// space their sections, 0 otherwise.
    let spacingBefore: Double
    let separators: ListLayout.Separators?
    /// A list section whose first item is its header (`headerMode = .firstItemInSection`):
    /// no separator below its first group, and a background covering the items only starts
    /// after it.
    let firstGroupIsHeader: Bool
    let boundary: [Boundary]
    let decorations: [CompositionalDecorationItem]
    /// For `groupPagingCentered`: the extra leading (and trailing) inset that centres the
    /// first group.
    let centering: Double
    /// The supplementary items anchored to each repetition of the section's group.
    let groupSupplementaries: [CompositionalSupplementaryItem]
    /// How far the supplementary items attached to cells or groups may reach past them,
    /// at their estimates.
    let attachmentReach: Double
    /// The kinds of the estimated supplementary items attached to cells or to the group
    /// (measured per index path), and those items.
    let estimatedAttachmentKinds: [ElementKind]
    let estimatedAttachments: [CompositionalSupplementaryItem]
    /// In an orthogonal section, the widths the leading and trailing boundary items that
    /// extend the boundary take before and after the groups (0 in other sections).
    let leadingExtent: Double, trailingExtent: Double
    /// The tallest leading or trailing boundary item (the items area is at least as tall).
    let sidewaysHeight: Double

    /// `previous` is a section with the same group, whose compiled group is reused when it
    /// was compiled in the same container; nil compiles the section's.
    init(_ section: CompositionalSection, reusing previous: SectionPlan?, environment: CompositionalEnvironment) {
        self.section = section
        let reference = environment.insets(for: section.contentInsetsReference)
        let width = environment.containerSize.width
        left = reference.leading + section.contentInsets.leading
        right = reference.trailing + section.contentInsets.trailing
        top = section.contentInsets.top
        bottom = section.contentInsets.bottom
        contentWidth = Swift.max(0, width - left - right)
        groupContainer = Size(width: contentWidth, height: Swift.max(0, environment.containerSize.height - top - bottom))
        let group = previous?.groupContainer == groupContainer
            ? previous!.group
            : GroupPlan(section.group.containsCustomGroup ? section.group.resolvingCustomItems(in: environment) : section.group, container: groupContainer)
        self.group = group
        orthogonal = section.orthogonalScrollingBehavior != .none
        separators = orthogonal ? nil : section.separators
        firstGroupIsHeader = !orthogonal && section.listConfiguration?.headerMode == .firstItemInSection
        spacing = section.interGroupSpacing
        spacingBefore = section.listConfiguration.map { $0.appearance.spacesSections ? $0.sectionSpacing : 0 } ?? 0
        decorations = section.decorationItems
        let (boundaryLeft, boundaryRight): (Double, Double)
        switch section.supplementaryContentInsetsReference {
        case .automatic: (boundaryLeft, boundaryRight) = section.supplementariesFollowContentInsets ? (left, right) : (0, 0)
        case .none: (boundaryLeft, boundaryRight) = (0, 0)
        case .safeArea, .layoutMargins, .readableContent:
            let guide = environment.insets(for: section.supplementaryContentInsetsReference)
            (boundaryLeft, boundaryRight) = (guide.leading, guide.trailing)
        }
        let boundaryContainer = Size(width: Swift.max(0, width - boundaryLeft - boundaryRight), height: environment.containerSize.height)
        let container = groupContainer
        boundary = section.boundarySupplementaryItems.map { item in
            if item.alignment.isSideways {
                // Beside the groups: resolved as a group is, at its estimate (not measured).
                return Boundary(
                    kind: item.elementKind, alignment: item.alignment, x: 0,
                    width: item.layoutSize.widthDimension.resolvedOrEstimate(in: container), estimatedHeight: false,
                    estimate: item.layoutSize.heightDimension.resolvedOrEstimate(in: container),
                    pins: item.pinToVisibleBounds, zIndex: item.zIndex, extends: item.extendsBoundary, offset: item.offset)
            }
            // A corner lies along its edge, against the leading or trailing side.
            let itemWidth = item.layoutSize.widthDimension.resolved(in: boundaryContainer) ?? boundaryContainer.width
            return Boundary(
                kind: item.elementKind, alignment: item.alignment.edge,
                x: item.alignment.isTrailingCorner ? boundaryLeft + boundaryContainer.width - itemWidth : boundaryLeft,
                width: itemWidth,
                estimatedHeight: item.layoutSize.heightDimension.isEstimated,
                estimate: item.layoutSize.heightDimension.resolvedOrEstimate(in: boundaryContainer),
                pins: item.pinToVisibleBounds, zIndex: item.zIndex, extends: item.extendsBoundary, offset: item.offset)
        }
        let isOrthogonal = orthogonal
        leadingExtent = boundary.reduce(0) { $0 + ($1.alignment == .leading && $1.extends && isOrthogonal ? $1.width : 0) }
        trailingExtent = boundary.reduce(0) { $0 + ($1.alignment == .trailing && $1.extends && isOrthogonal ? $1.width : 0) }
        sidewaysHeight = boundary.reduce(0) { $1.sideways ? Swift.max($0, $1.estimate) : $0 }
        groupSupplementaries = section.group.supplementaryItems
        let itemReach = group.attachmentLists.reduce(0.0) { reach, items in
            items.reduce(reach) { Swift.max($0, $1.reach(in: container)) }
        }
        attachmentReach = section.group.supplementaryItems.reduce(itemReach) { Swift.max($0, $1.reach(in: container)) }
        let estimated = (group.attachmentLists.joined() + section.group.supplementaryItems).filter(\.isEstimated)
        estimatedAttachments = estimated
        var kinds: [ElementKind] = []
        for item in estimated where !kinds.contains(item.elementKind) { kinds.append(item.elementKind) }
        estimatedAttachmentKinds = kinds
        if section.orthogonalScrollingBehavior == .groupPagingCentered {
            let firstWidth = group.withScratch(cells: 0) { sizes, _ in
                group.size(GroupInputs(container: container, present: group.leafCount, sizes: UnsafeBufferPointer(start: nil, count: 0)), into: sizes).size.width
            }
            centering = Swift.max(0, (contentWidth - firstWidth) / 2)
        } else {
            centering = 0
        }
    }

    /// The axis groups follow each other along.
    var flowAxis: Axis { orthogonal ? .horizontal : .vertical }

    /// The supplementary items attached to cell `leaf` of an instance, or nil.
    /// - Complexity: O(depth × (depth + log nodes)) of the group.
    func attachments(ofLeaf leaf: Int) -> [CompositionalSupplementaryItem]? { group.attachments(ofLeaf: leaf) }
}

/// What a section holds between prepares: counts, measured sizes, group extents.
struct SectionState: Sendable {
    var itemCount = 0
    /// Measured sizes of the cells (a negative width: not measured), when the section's
    /// group has estimated cells; empty otherwise.
    var sizes: [Size] = []
    /// Extents of the group repetitions along the section's flow (heights, or widths in an
    /// orthogonal section), plus the gap after each but the last.
    var groups = OffsetTree()
    /// How far cells may stick out past the end of their group along the flow.
    var overflow = 0.0
    var boundaryHeights: [Double] = []
    /// The height of the items area.
    var body = 0.0
    /// In an orthogonal section, each group repetition's height (the section's items area
    /// is as tall as the tallest, measured sizes included); empty otherwise.
    var groupHeights: [Double] = []
    /// For sections without estimated cells: the extent and overflow of a full repetition.
    private var fullExtent = 0.0, fullOverflow = 0.0
    /// The measured sizes of estimated supplementary items attached to cells or group
    /// repetitions (badges), by kind, then by item (a repetition's: its first item); only
    /// those measured, so empty while none is.
    private(set) var attachedSizes: [ElementKind: [Int: Size]] = [:]
    /// How far the measured ones may reach past their cells (0 while none is measured).
    private(set) var attachedReach = 0.0

    /// The measured size of the supplementary item of `kind` at `item`, or nil.
    @inline(__always) func attachedSize(ofKind kind: ElementKind, item: Int) -> Size? {
        attachedSizes.isEmpty ? nil : attachedSizes[kind]?[item]
    }

    /// Records (or, nil, forgets) the measured size of the supplementary item of `kind` at
    /// `item`, and widens the reach for it.
    mutating func setAttachedSize(_ size: Size?, ofKind kind: ElementKind, at indexPath: IndexPath, plan: SectionPlan, diagnostics: inout [LayoutDiagnostic]) {
        guard let size else {
            attachedSizes[kind]?[indexPath.item] = nil
            return
        }
        let sanitized = Self.sanitizedAttached(size, ofKind: kind, at: indexPath, diagnostics: &diagnostics)
        attachedSizes[kind, default: [:]][indexPath.item] = sanitized
        widenAttachedReach(for: sanitized, ofKind: kind, plan: plan)
    }

    /// The reach covers a supplementary item of `kind` measured at `size`.
    private mutating func widenAttachedReach(for size: Size, ofKind kind: ElementKind, plan: SectionPlan) {
        for item in plan.estimatedAttachments where item.elementKind == kind {
            attachedReach = Swift.max(attachedReach, item.reach(in: plan.groupContainer, measured: size))
        }
    }

    /// A measured size of a supplementary item as the layout can use it (negative or not
    /// finite extents become 0, with a diagnostic).
    static func sanitizedAttached(_ size: Size, ofKind kind: ElementKind, at indexPath: IndexPath, diagnostics: inout [LayoutDiagnostic]) -> Size {
        if size.width.isFinite && size.width >= 0 && size.height.isFinite && size.height >= 0 { return size }
        let path = "sections[\(indexPath.section)].items[\(indexPath.item)].\(kind.name)"
        return Size(
            width: sanitizedLength(size.width, indexPath: indexPath, path: "\(path).width", diagnostics: &diagnostics),
            height: sanitizedLength(size.height, indexPath: indexPath, path: "\(path).height", diagnostics: &diagnostics))
    }

    /// Reads the measured sizes of the section's estimated supplementary items.
    private mutating func readAttachedSizes(_ section: Int, plan: SectionPlan, from source: some LayoutSource, diagnostics: inout [LayoutDiagnostic]) {
        attachedSizes = [:]
        attachedReach = 0
        for kind in plan.estimatedAttachmentKinds {
            var sizes = source.sizesForSupplementaryItems(ofKind: kind, inSection: section)
            guard !sizes.isEmpty else { continue }
            var largest = Size.zero
            for (item, size) in sizes {
                guard item >= 0 && item < itemCount else {
                    sizes[item] = nil  // a cell the section does not have
                    continue
                }
                let sanitized = Self.sanitizedAttached(size, ofKind: kind, at: IndexPath(item: item, section: section), diagnostics: &diagnostics)
                if sanitized != size { sizes[item] = sanitized }
                largest = Size(width: Swift.max(largest.width, sanitized.width), height: Swift.max(largest.height, sanitized.height))
            }
            attachedSizes[kind] = sizes
            widenAttachedReach(for: largest, ofKind: kind, plan: plan)
        }
    }

    func groupCount(_ plan: SectionPlan) -> Int { (itemCount + plan.group.leafCount - 1) / plan.group.leafCount }

    /// Header-side boundary heights, then the insets and the items area, then the footer
    /// side, always added in this order (so an update and a fresh build agree exactly).
    func extent(_ plan: SectionPlan) -> Double {
        var extent = 0.0
        for (index, item) in plan.boundary.enumerated() where item.alignment == .top && item.extends { extent += boundaryHeights[index] }
        extent += plan.top
        extent += itemsHeight(plan)
        extent += plan.bottom
        for (index, item) in plan.boundary.enumerated() where item.alignment == .bottom && item.extends { extent += boundaryHeights[index] }
        return extent
    }

    /// The height of the items area: the groups', and in an orthogonal section at least its
    /// tallest leading or trailing boundary item's (they lie in it).
    @inline(__always) func itemsHeight(_ plan: SectionPlan) -> Double {
        plan.orthogonal ? Swift.max(body, plan.sidewaysHeight) : body
    }

    /// Where the items area starts.
    func bodyTop(_ plan: SectionPlan, sectionTop: Double) -> Double {
        var y = sectionTop
        for (index, item) in plan.boundary.enumerated() where item.alignment == .top && item.extends { y += boundaryHeights[index] }
        return y + plan.top
    }

    /// A size from outside as the layout can use it.
    static func sanitized(_ size: Size, at indexPath: IndexPath, diagnostics: inout [LayoutDiagnostic]) -> Size {
        if size.width.isFinite && size.width >= 0 && size.height.isFinite && size.height >= 0 { return size }
        let path = "sections[\(indexPath.section)].items[\(indexPath.item)]"
        return Size(
            width: sanitizedLength(size.width, indexPath: indexPath, path: "\(path).width", diagnostics: &diagnostics),
            height: sanitizedLength(size.height, indexPath: indexPath, path: "\(path).height", diagnostics: &diagnostics))
    }

    /// Runs `body` with the inputs of group repetition `index`.
    @inline(__always)
    func withInputs<R>(_ index: Int, plan: SectionPlan, _ body: (GroupInputs) -> R) -> R {
        let leafCount = plan.group.leafCount
        let first = index * leafCount
        let present = Swift.min(leafCount, itemCount - first)
        return sizes.withUnsafeBufferPointer { all in
            let slice = all.count == 0 ? UnsafeBufferPointer(start: nil, count: 0) : UnsafeBufferPointer(rebasing: all[first..<(first + present)])
            return body(GroupInputs(container: plan.groupContainer, present: present, sizes: slice))
        }
    }

    /// The extent along the flow of group repetition `index` and how far its cells stick out
    /// past it.
    /// `group` is `plan.group`, passed in so a loop over the groups copies it once.
    func measureGroup(
        _ index: Int, plan: SectionPlan, group: GroupPlan, sizes scratch: UnsafeMutableBufferPointer<Size>, frames: UnsafeMutableBufferPointer<Rect>
    ) -> (extent: Double, overflow: Double, across: Double) {
        withInputs(index, plan: plan) { inputs in
            let axis = plan.flowAxis
            let (size, overflows) = group.size(inputs, into: scratch)
            guard overflows else { return (size[axis], 0, size[axis.other]) }
            group.layOut(inputs, origin: .zero, sizes: scratch, frames: frames)
            var end = 0.0
            for leaf in 0..<inputs.present { end = Swift.max(end, frames[leaf].max(axis)) }
            return (size[axis], Swift.max(0, end - size[axis]), size[axis.other])
        }
    }

    /// Reads the section's counts, sizes and boundary heights and builds its groups.
    mutating func read(_ section: Int, plan: SectionPlan, from source: some LayoutSource, diagnostics: inout [LayoutDiagnostic]) {
        itemCount = Swift.max(0, source.numberOfItems(inSection: section))
        sizes.removeAll(keepingCapacity: true)
        if plan.group.hasEstimatedItems {
            sizes.reserveCapacity(itemCount)
            // The kind of source is found once a section, not once an item (by its
            // metatype: a dynamic cast of a generic source costs more); a static source's
            // list is read directly.
            if type(of: source) == StaticLayoutSource.self, let values = source as? StaticLayoutSource,
               case .list(let list) = values.sections[section].items {
                list.withUnsafeBufferPointer { list in
                    for item in 0..<itemCount {
                        let size = list[item].size
                        if size.width.isFinite && size.width >= 0 && size.height.isFinite && size.height >= 0 {
                            sizes.append(size)
                        } else {
                            sizes.append(Self.sanitized(size, at: IndexPath(item: item, section: section), diagnostics: &diagnostics))
                        }
                    }
                }
            } else if let measuring = source as? any MeasuringLayoutSource {
                for item in 0..<itemCount {
                    let indexPath = IndexPath(item: item, section: section)
                    if let measured = measuring.measuredSizeForItem(at: indexPath) {
                        sizes.append(Self.sanitized(measured.size, at: indexPath, diagnostics: &diagnostics))
                    } else {
                        sizes.append(Size(width: -1, height: -1))
                    }
                }
            } else {
                for item in 0..<itemCount {
                    let indexPath = IndexPath(item: item, section: section)
                    sizes.append(Self.sanitized(source.sizeForItem(at: indexPath).size, at: indexPath, diagnostics: &diagnostics))
                }
            }
        }
        boundaryHeights.removeAll(keepingCapacity: true)
        for item in plan.boundary {
            var height = item.estimate
            if item.estimatedHeight, let measured = source.measuredSupplementarySize(ofKind: item.kind, inSection: section) {
                height = sanitizedLength(measured.height, indexPath: nil, path: "sections[\(section)].\(item.kind.name).height", diagnostics: &diagnostics)
            }
            boundaryHeights.append(height)
        }
        if !plan.estimatedAttachmentKinds.isEmpty || !attachedSizes.isEmpty {
            readAttachedSizes(section, plan: plan, from: source, diagnostics: &diagnostics)
        }
        rebuildGroups(plan)
    }

    /// Every group repetition's extent, the overflow and the body.
    mutating func rebuildGroups(_ plan: SectionPlan) {
        let count = groupCount(plan)
        let spacing = plan.spacing
        var overflow = 0.0
        var fullExtent = 0.0, fullOverflow = 0.0, fullAcross = 0.0
        var heights = plan.orthogonal ? self.groupHeights : []
        heights.removeAll(keepingCapacity: true)
        // The tree is moved out while it is rebuilt, so the copy of `self` read below does
        // not share (and force a copy of) its storage.
        var groups = OffsetTree()
        swap(&groups, &self.groups)
        defer { swap(&groups, &self.groups) }
        let state = self
        let group = plan.group
        group.withScratch(cells: state.itemCount) { scratch, frames in
            let leafCount = group.leafCount
            if !group.hasEstimatedItems && count > 0 {
                (fullExtent, fullOverflow, fullAcross) = state.measureGroup(0, plan: plan, group: group, sizes: scratch, frames: frames)
            }
            groups.rebuild(count: count) { leaves in
                for index in 0..<count {
                    let isFull = (index + 1) * leafCount <= state.itemCount
                    let (extent, sticksOut, across) = isFull && !group.hasEstimatedItems
                        ? (fullExtent, fullOverflow, fullAcross) : state.measureGroup(index, plan: plan, group: group, sizes: scratch, frames: frames)
                    leaves[index] = spacedExtent(extent, at: index, count: count, spacing: spacing)
                    overflow = Swift.max(overflow, sticksOut)
                    if plan.orthogonal { heights.append(across) }
                }
            }
        }
        self.overflow = overflow
        self.fullExtent = fullExtent
        self.fullOverflow = fullOverflow
        groupHeights = heights
        body = plan.orthogonal ? heights.reduce(0, Swift.max) : groups.total
    }

    /// Recomputes one group repetition after a measured size.
    mutating func updateGroup(_ index: Int, plan: SectionPlan) {
        let count = groupCount(plan)
        let group = plan.group
        let (extent, sticksOut, across) = group.withScratch(cells: itemCount) { scratch, frames in measureGroup(index, plan: plan, group: group, sizes: scratch, frames: frames) }
        groups.setExtent(spacedExtent(extent, at: index, count: count, spacing: plan.spacing), at: index)
        overflow = Swift.max(overflow, sticksOut)
        if plan.orthogonal {
            // O(groups): orthogonal sections hold a row of cards, not a long list.
            groupHeights[index] = across
            body = groupHeights.reduce(0, Swift.max)
        } else {
            body = groups.total
        }
    }
}
