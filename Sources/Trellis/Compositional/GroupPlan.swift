/// A group description compiled into flat arrays (nodes in preorder) and the evaluation of
/// one instance of it: the allotted size of every node, then the frame of every cell.
///
/// **Compiling** resolves the description in the section's content size once. A group with
/// `count:` holds its one subitem's subtree once, however large the count: the plan's size
/// is that of the distinct description, and a repetition is the template with its cells
/// numbered from `k × (cells of the subitem)`. A group without `count` whose extent along
/// its axis is fixed repeats its subitems while the next one fits (see
/// `CompositionalGroup`); those repetitions are compiled one by one, up to
/// `maximumLeafCount` compiled cells. An instance is a fixed template of cells.
///
/// **Sizing** (bottom-up). An item's extent along an axis is its dimension resolved in its
/// group's content size, or, when estimated, its measured extent (its estimate until it is
/// measured). A group's extent is its dimension resolved in its container, or, when
/// estimated, what its subitems need: along its axis the sum of their extents, edge spacings
/// and minimum inter-item spacings; across it the largest of them. Subitems whose extent
/// across the group is a fraction of that axis (`.fractionalHeight` in a horizontal group)
/// are resolved against the group's final extent, so in a group of estimated height they
/// take the tallest other subitem's height. Content insets are ignored along estimated axes.
///
/// **Placement** (top-down). Subitems follow each other along the group's axis; the room
/// left over (never negative) is shared equally by the flexible spacings (inter-item
/// spacings and subitems' flexible edges along the axis). Across the axis a subitem sits
/// after its top/leading edge spacing; a flexible top edge pushes it to the far side, two
/// flexible edges centre it. A subitem whose end lies within rounding error of the group's
/// content end is ended exactly there, so fractions summing to 1 fill the group exactly.
/// In a partial instance (the section's last) the present cells keep the places they have
/// in a full one: the flexible share is computed over the whole template.
///
/// **Repetitions of `count:`** are evaluated as the expanded copies would be, in the same
/// order and with the same floating-point sums, without the copies: a repetition's size
/// depends only on its cells' measured sizes and on which of them are present, so the
/// repetitions whose cells are all present and measure nothing (no estimated dimension in
/// the subitem) share one sizing, the absent ones share another, and only present ones
/// with estimated cells and the partly present one are sized each. Placing a repetition
/// sizes its subtree again (the scratch holds one repetition at a time) and places it.
/// Sizing and placing an instance therefore costs O(distinct nodes + present cells × the
/// subitem's nodes), not O(count). One exception to "the same sums": the flexible share
/// of a group of more than `exactlySummedRepetitions` absent repetitions adds their
/// extents as one product (the copies summed them one by one), which can differ in the
/// last bits, and so does the estimated extent of an instance holding more than that many
/// present repetitions that measure nothing.
struct GroupPlan: Sendable {
    enum Kind: UInt8 { case item, horizontal, vertical, custom }

    struct Node: Sendable {
        var kind: Kind
        var width: CompositionalDimension
        var height: CompositionalDimension
        var insets: EdgeInsets
        /// Edge spacing minimums and flexibility.
        var leading = 0.0, top = 0.0, trailing = 0.0, bottom = 0.0
        var leadingFlexible = false, topFlexible = false, trailingFlexible = false, bottomFlexible = false
        var spacing = 0.0
        var spacingFlexible = false
        var stretches = false
        /// > 0: sized to fit this many copies along the parent group's axis.
        var fitsCount = 0
        /// The parent group's axis (when `fitsCount` > 0).
        var fitsAxis = Axis.horizontal
        /// > 0: a `count:` group whose one child subtree (the next node) stands for this many
        /// repetitions; 0: the children are the nodes up to `end`, each placed once.
        var repetitions = 0
        /// Some item of the subtree (this node included) has an estimated dimension: the
        /// subtree's size may depend on the measured sizes of its cells.
        var measuresCells = false
        /// The index after this node's subtree (children are the nodes in between).
        var end = 0
        /// The group holding this node (-1 for the top group).
        var parent = -1
        /// A custom group's cell: its origin relative to the group's.
        var origin = Point.zero
        /// A custom group's cell: its z-index.
        var zIndex = 0
        /// An item with supplementary items attached: their index in `attachmentLists`; -1.
        var attachment = -1
        /// The node's first cell in the instance, counting the first repetition of every
        /// enclosing `count:` group (repetition k of a template adds k × the template's cells).
        var firstLeaf = 0
        /// The cells of one instance of the node, repetitions included.
        var leafCount = 0

        @inline(__always) func dimension(_ axis: Axis) -> CompositionalDimension { axis == .horizontal ? width : height }
        @inline(__always) var axis: Axis { kind == .vertical ? .vertical : .horizontal }

        /// Edge spacing before and after along `axis`.
        @inline(__always) func edges(_ axis: Axis) -> (before: Double, beforeFlexible: Bool, after: Double, afterFlexible: Bool) {
            axis == .horizontal ? (leading, leadingFlexible, trailing, trailingFlexible) : (top, topFlexible, bottom, bottomFlexible)
        }
    }

    private(set) var nodes: [Node] = []
    /// True when some cell's dimension is estimated (the layout then keeps measured sizes).
    private(set) var hasEstimatedItems = false
    /// Per axis: true when some dimension along it is estimated (horizontal, vertical).
    private(set) var estimatedAlong: (horizontal: Bool, vertical: Bool) = (false, false)

    /// The supplementary items attached to items, one list per item node that has some
    /// (every repetition of a `count:` template shares its items' lists).
    private(set) var attachmentLists: [[CompositionalSupplementaryItem]] = []
    var hasAttachments: Bool { !attachmentLists.isEmpty }
    /// Some cell has a z-index (a custom item's) other than 0.
    private(set) var hasZIndexes = false

    /// The supplementary items attached to cell `leaf` of an instance, or nil.
    /// - Complexity: O(depth × (depth + log nodes)).
    func attachments(ofLeaf leaf: Int) -> [CompositionalSupplementaryItem]? {
        guard hasAttachments else { return nil }
        let node = nodes[itemNode(holding: leaf)]
        return node.attachment >= 0 ? attachmentLists[node.attachment] : nil
    }

    /// The z-index of cell `leaf` of an instance.
    /// - Complexity: O(1) while every z-index is 0, else O(depth × (depth + log nodes)).
    @inline(__always) func zIndex(ofLeaf leaf: Int) -> Int { hasZIndexes ? nodes[itemNode(holding: leaf)].zIndex : 0 }

    /// The cells of one instance, `count:` repetitions included.
    var leafCount: Int { nodes[0].leafCount }
    /// True when some group stopped repeating its subitems at `maximumLeafCount` cells
    /// although more would have fitted.
    private(set) var isRepetitionLimited = false
    /// Whether `count:` groups were compiled as `count` copies of their subtree.
    let expandsCounts: Bool
    /// The next cell's number while compiling.
    private var nextLeaf = 0
    /// Item nodes compiled so far (what repeating subitems to fill a group adds to memory).
    private var compiledLeaves = 0

    /// The most cells one instance holds by repeating subitems to fill a group: beyond it a
    /// description whose subitems are vanishingly small would take unbounded memory. Counts
    /// the cells each repeated subitem holds and the item nodes compiled before it.
    static let maximumLeafCount = 100_000
    /// Up to this many `count:` repetitions that come out the same (absent ones into the
    /// flexible share; present ones that measure nothing into an estimated extent) are
    /// added one by one, exactly as their copies would be; the rest of such a run is added
    /// as one product, so the cost stays O(present cells) however large the count.
    static let exactlySummedRepetitions = 1_024

    /// Compiles `group` as an instance resolved in `container` (the section's content size,
    /// which fixes how many times groups without `count` repeat their subitems).
    /// `expandingCounts` compiles each `count:` group as `count` copies of its subitem: the
    /// representation the compact one must equal, kept to test it against.
    /// - Precondition: `group` is valid (`CompositionalSection.validate()`).
    /// - Complexity: O(distinct nodes) (O(nodes with counts expanded) when expanding).
    init(_ group: CompositionalGroup, container: Size, expandingCounts: Bool = false) {
        expandsCounts = expandingCounts
        append(.group(group), container: container, fitsCount: 0, mainOverride: nil, parent: -1)
    }

    /// An extent of a dimension in `container`, its estimate when estimated.
    private static func extent(_ dimension: CompositionalDimension, in container: Size) -> Double {
        dimension.resolved(in: container) ?? dimension.value
    }

    /// The subitems of `group` in the order one instance holds them: each once, then again
    /// from the first while the next still fits along the axis of `inner` (the group's content
    /// size), when the group's extent along its axis is fixed.
    private mutating func repeatedSubitems(of group: CompositionalGroup, inner: Size, mainFixed: Bool) -> [CompositionalSubitem] {
        var sequence = group.subitems
        guard mainFixed else { return sequence }
        let axis: Axis = group.axis == .horizontal ? .horizontal : .vertical
        let spacing = group.interItemSpacing?.minimum ?? 0
        func footprint(_ subitem: CompositionalSubitem) -> Double {
            let edges: CompositionalEdgeSpacing?
            switch subitem {
            case .item(let item): edges = item.edgeSpacing
            case .group(let nested): edges = nested.edgeSpacing
            }
            let before = axis == .horizontal ? edges?.leading : edges?.top
            let after = axis == .horizontal ? edges?.trailing : edges?.bottom
            return (before?.minimum ?? 0) + Self.extent(subitem.layoutSize[axis], in: inner) + (after?.minimum ?? 0)
        }
        let footprints = group.subitems.map(footprint)
        // One more pass must advance, or nothing can ever stop it.
        guard footprints.reduce(0, +) + spacing * Double(footprints.count) > 0 else { return sequence }
        let available = inner[axis]
        let tolerance = 1e-9 * Swift.max(1, Swift.abs(available))
        var used = footprints.reduce(0, +) + spacing * Double(footprints.count - 1)
        var leaves = group.leafCount
        var next = 0
        while true {
            let added = spacing + footprints[next]
            guard used + added <= available + tolerance else { break }
            let subitem = group.subitems[next]
            // Bounded here for this group; `append` bounds the instance as a whole.
            guard leaves + subitem.leafCount <= Self.maximumLeafCount else {
                isRepetitionLimited = true
                break
            }
            used += added
            leaves += subitem.leafCount
            sequence.append(subitem)
            next = (next + 1) % footprints.count
        }
        return sequence
    }

    @discardableResult
    private mutating func append(
        _ subitem: CompositionalSubitem, container: Size, fitsCount: Int, mainOverride: (axis: Axis, extent: Double)?, parent: Int
    ) -> Int {
        let index = nodes.count
        let size = subitem.layoutSize
        var node = Node(kind: .item, width: size.widthDimension, height: size.heightDimension, insets: .zero)
        node.parent = parent
        node.fitsCount = fitsCount
        node.firstLeaf = nextLeaf
        let edgeSpacing: CompositionalEdgeSpacing?
        switch subitem {
        case .item(let item):
            node.insets = item.contentInsets
            node.measuresCells = size.widthDimension.isEstimated || size.heightDimension.isEstimated
            edgeSpacing = item.edgeSpacing
        case .group(let group):
            node.kind = group.resolvedCustomItems != nil ? .custom : group.axis == .horizontal ? .horizontal : .vertical
            node.insets = group.contentInsets
            node.spacing = group.interItemSpacing?.minimum ?? 0
            node.spacingFlexible = group.interItemSpacing?.isFlexible ?? false
            node.stretches = group.stretchesItems
            edgeSpacing = group.edgeSpacing
        }
        if let edgeSpacing {
            (node.leading, node.leadingFlexible) = (edgeSpacing.leading?.minimum ?? 0, edgeSpacing.leading?.isFlexible ?? false)
            (node.top, node.topFlexible) = (edgeSpacing.top?.minimum ?? 0, edgeSpacing.top?.isFlexible ?? false)
            (node.trailing, node.trailingFlexible) = (edgeSpacing.trailing?.minimum ?? 0, edgeSpacing.trailing?.isFlexible ?? false)
            (node.bottom, node.bottomFlexible) = (edgeSpacing.bottom?.minimum ?? 0, edgeSpacing.bottom?.isFlexible ?? false)
        }
        if size.widthDimension.isEstimated { estimatedAlong.horizontal = true }
        if size.heightDimension.isEstimated { estimatedAlong.vertical = true }
        nodes.append(node)
        switch subitem {
        case .item(let item):
            nextLeaf += 1
            compiledLeaves += 1
            if node.measuresCells { hasEstimatedItems = true }
            if !item.supplementaryItems.isEmpty {
                nodes[index].attachment = attachmentLists.count
                attachmentLists.append(item.supplementaryItems)
            }
        case .group(let group) where group.resolvedCustomItems != nil:
            // Cells of fixed sizes at fixed origins in the group.
            for custom in group.resolvedCustomItems! {
                let frame = custom.frame
                let child = append(
                    .item(CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(frame.width), heightDimension: .absolute(frame.height)))),
                    container: container, fitsCount: 0, mainOverride: nil, parent: index)
                nodes[child].origin = frame.origin
                nodes[child].zIndex = custom.zIndex
                if custom.zIndex != 0 { hasZIndexes = true }
            }
        case .group(let group):
            // The content box the children resolve in, as the evaluation computes it
            // (estimates stand in for estimated extents, which take no insets).
            var inner = Size.zero
            var fixed = (horizontal: false, vertical: false)
            for axis in [Axis.horizontal, .vertical] {
                let dimension = size[axis]
                let overridden = mainOverride?.axis == axis ? mainOverride?.extent : nil
                let isFixed = overridden != nil || !dimension.isEstimated
                let outer = overridden ?? Self.extent(dimension, in: container)
                inner[axis] = Swift.max(0, outer - (isFixed ? (axis == .horizontal ? group.contentInsets.horizontal : group.contentInsets.vertical) : 0))
                if axis == .horizontal { fixed.horizontal = isFixed } else { fixed.vertical = isFixed }
            }
            let axis: Axis = group.axis == .horizontal ? .horizontal : .vertical
            let mainFixed = axis == .horizontal ? fixed.horizontal : fixed.vertical
            if let count = group.count, let child = group.subitems.first {
                let fits = group.countSizing == .fitsGroup
                let fit = fits && mainFixed ? Swift.max(0, (inner[axis] - node.spacing * Double(count - 1)) / Double(count)) : nil
                // Every copy is compiled from the same inputs, so every copy is the same
                // subtree: one stands for all of them.
                for _ in 0..<(expandsCounts ? count : 1) {
                    let copy = append(child, container: inner, fitsCount: fits ? count : 0, mainOverride: fit.map { (axis, $0) }, parent: index)
                    if fits { nodes[copy].fitsAxis = axis }
                }
                if !expandsCounts {
                    nodes[index].repetitions = count
                    let (more, overflows) = nodes[index + 1].leafCount.multipliedReportingOverflow(by: count - 1)
                    let (next, passes) = nextLeaf.addingReportingOverflow(more)
                    precondition(!overflows && !passes, "GroupPlan: a group holds more cells than Int counts (validate() refuses it)")
                    nextLeaf = next
                }
            } else {
                let sequence = repeatedSubitems(of: group, inner: inner, mainFixed: mainFixed)
                for (position, child) in sequence.enumerated() {
                    // Repetitions stop once the plan holds `maximumLeafCount` compiled
                    // cells (nested repeating groups multiply).
                    if position >= group.subitems.count && compiledLeaves + child.leafCount > Self.maximumLeafCount {
                        isRepetitionLimited = true
                        break
                    }
                    append(child, container: inner, fitsCount: 0, mainOverride: nil, parent: index)
                }
            }
            var child = index + 1
            while child < nodes.count {
                if nodes[child].measuresCells { nodes[index].measuresCells = true }
                child = nodes[child].end
            }
        }
        nodes[index].end = nodes.count
        nodes[index].leafCount = nextLeaf - nodes[index].firstLeaf
        return index
    }

    /// The item node holding cell `leaf` of an instance.
    /// - Complexity: O(depth × (depth + log nodes)).
    func itemNode(holding leaf: Int) -> Int {
        var index = 0, base = 0
        while nodes[index].kind != .item {
            let node = nodes[index]
            if node.repetitions > 0 {
                let template = index + 1
                let cells = nodes[template].leafCount
                base += (leaf - base - node.firstLeaf) / cells * cells
                index = template
                continue
            }
            // Cell numbers never decrease in preorder, so the last node of the subtree
            // numbered at most `leaf` (in this repetition's numbering) lies in the child
            // holding it: every later child starts past it.
            let target = leaf - base
            var low = index + 1, high = node.end
            while high - low > 1 {
                let middle = (low + high) / 2
                if nodes[middle].firstLeaf <= target { low = middle } else { high = middle }
            }
            while nodes[low].parent != index { low = nodes[low].parent }
            index = low
        }
        return index
    }

    /// Whether a cell's extent along `axis` is estimated (measured).
    /// - Complexity: O(depth × (depth + log nodes)).
    func isEstimated(leaf: Int, along axis: Axis) -> Bool {
        let node = nodes[itemNode(holding: leaf)]
        return node.dimension(axis).isEstimated && !(node.fitsCount > 0 && node.fitsAxis == axis)
    }
}

/// The inputs of one evaluation of a group instance.
struct GroupInputs {
    /// The size the top group's dimensions are resolved in.
    var container: Size
    /// How many of the instance's cells exist (the section's last instance may be partial).
    var present: Int
    /// Measured sizes of the instance's cells (a negative width: not measured yet), or an
    /// empty buffer when the plan has no estimated cells.
    var sizes: UnsafeBufferPointer<Size>
}

extension GroupPlan {
    /// The scratch an evaluation needs, in sizes: per node its size, then per node the
    /// content box its children were sized in, then per node the extent its `count:`
    /// repetitions were fitted to (height 1 when they were).
    var scratchCount: Int { nodes.count * 3 }

    /// The top group's allotted size for `inputs`, every node's size written to `sizes`
    /// (`scratchCount` elements), and whether some subitems need more room than a fixed
    /// extent gives them (then cells may stick out of the group: `layOut` tells how far).
    /// - Complexity: O(distinct nodes + present cells × nodes per cell).
    func size(_ inputs: GroupInputs, into sizes: UnsafeMutableBufferPointer<Size>) -> (size: Size, overflows: Bool) {
        nodes.withUnsafeBufferPointer { nodes in
            var evaluator = Evaluator(nodes: nodes, sizes: sizes, inputs: inputs)
            let size = evaluator.size(0, container: inputs.container, mainOverride: nil, along: .horizontal)
            return (size, evaluator.overflows)
        }
    }

    /// Sizes the instance and writes the frame of each present cell, relative to `origin`
    /// (the group's top-left), into `frames` (`inputs.present` elements at least); `sizes`
    /// is scratch (`scratchCount`). Returns the group's size.
    /// - Complexity: O(distinct nodes + present cells × nodes per cell).
    @discardableResult
    func layOut(_ inputs: GroupInputs, origin: Point, sizes: UnsafeMutableBufferPointer<Size>, frames: UnsafeMutableBufferPointer<Rect>) -> Size {
        nodes.withUnsafeBufferPointer { nodes in
            var evaluator = Evaluator(nodes: nodes, sizes: sizes, inputs: inputs)
            let size = evaluator.size(0, container: inputs.container, mainOverride: nil, along: .horizontal)
            evaluator.place(0, at: origin, parentAxis: nil, frames: frames)
            return size
        }
    }

    /// Runs `body` with scratch buffers for this plan: node sizes (`scratchCount`) and the
    /// frames of up to `cells` cells (the most an instance of a section of `cells` items
    /// holds present: an instance of a million-fold `count:` in a section of ten items
    /// needs ten frames).
    @inline(__always)
    func withScratch<R, E: Error>(
        cells: Int, _ body: (UnsafeMutableBufferPointer<Size>, UnsafeMutableBufferPointer<Rect>) throws(E) -> R
    ) throws(E) -> R {
        let result: Result<R, E> = withUnsafeTemporaryAllocation(of: Size.self, capacity: scratchCount) { sizes in
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: Swift.max(0, Swift.min(leafCount, cells))) { frames in
                do throws(E) { return .success(try body(sizes, frames)) } catch { return .failure(error) }
            }
        }
        return try result.get()
    }
}

private struct Evaluator {
    let nodes: UnsafeBufferPointer<GroupPlan.Node>
    /// Sizes by node, then (offset `nodes.count`) content boxes by node, then (offset
    /// 2 × `nodes.count`) fitted extents of `count:` repetitions by node.
    let sizes: UnsafeMutableBufferPointer<Size>
    let inputs: GroupInputs
    /// Set when subitems need more than a fixed extent of their group.
    var overflows = false
    /// What the repetitions of enclosing `count:` groups add to the cell numbers of the
    /// nodes being evaluated: repetition k of a template of c cells adds k × c.
    var leafBase = 0

    init(nodes: UnsafeBufferPointer<GroupPlan.Node>, sizes: UnsafeMutableBufferPointer<Size>, inputs: GroupInputs) {
        self.nodes = nodes
        self.sizes = sizes
        self.inputs = inputs
    }

    @inline(__always) func isPresent(_ index: Int) -> Bool { nodes[index].firstLeaf + leafBase < inputs.present }

    /// The extent along `axis` of node `index` when it is not estimated (or overridden).
    @inline(__always) func fixedExtent(_ node: GroupPlan.Node, _ axis: Axis, container: Size, override: Double?) -> Double? {
        override ?? node.dimension(axis).resolved(in: container)
    }

    /// The size of item `node` as cell `leaf`: its fixed extents, else its measured ones,
    /// else its estimates.
    @inline(__always) func itemSize(_ node: GroupPlan.Node, leaf: Int, fixedWidth: Double?, fixedHeight: Double?) -> Size {
        var width = fixedWidth ?? node.width.value
        var height = fixedHeight ?? node.height.value
        if leaf < inputs.sizes.count {
            let measured = inputs.sizes[leaf]
            if measured.width >= 0 {
                if fixedWidth == nil { width = measured.width }
                if fixedHeight == nil { height = measured.height }
            }
        }
        return Size(width: width, height: height)
    }

    /// Sizes node `index` in `container`; `mainOverride` replaces its extent along `parentAxis`
    /// (a `count:` copy). Records and returns its allotted size.
    mutating func size(_ index: Int, container: Size, mainOverride: Double?, along parentAxis: Axis) -> Size {
        let node = nodes[index]
        let fixedWidth = fixedExtent(node, .horizontal, container: container, override: parentAxis == .horizontal ? mainOverride : nil)
        let fixedHeight = fixedExtent(node, .vertical, container: container, override: parentAxis == .vertical ? mainOverride : nil)
        if node.kind == .item {
            let size = itemSize(node, leaf: node.firstLeaf + leafBase, fixedWidth: fixedWidth, fixedHeight: fixedHeight)
            sizes[index] = size
            return size
        }
        if node.kind == .custom {
            // The bounding box of the present cells, where the group's extent is estimated.
            var extent = Size.zero
            var child = index + 1
            while child < node.end {
                defer { child = nodes[child].end }
                let size = self.size(child, container: container, mainOverride: nil, along: .horizontal)
                guard isPresent(child) else { continue }
                extent.width = Swift.max(extent.width, nodes[child].origin.x + size.width)
                extent.height = Swift.max(extent.height, nodes[child].origin.y + size.height)
            }
            if let fixedWidth, extent.width > fixedWidth + 1e-9 * Swift.max(1, fixedWidth) { overflows = true }
            if let fixedHeight, extent.height > fixedHeight + 1e-9 * Swift.max(1, fixedHeight) { overflows = true }
            let result = Size(width: fixedWidth ?? extent.width, height: fixedHeight ?? extent.height)
            sizes[index] = result
            return result
        }
        let axis = node.axis, cross = axis.other
        let fixedMain = axis == .horizontal ? fixedWidth : fixedHeight
        let fixedCross = axis == .horizontal ? fixedHeight : fixedWidth
        // The content box children are resolved in (estimates stand in for estimated axes).
        var inner = Size(
            width: (fixedWidth ?? node.width.value) - (fixedWidth != nil ? node.insets.horizontal : 0),
            height: (fixedHeight ?? node.height.value) - (fixedHeight != nil ? node.insets.vertical : 0))
        // `count:` copies share the main extent.
        var fit: Double?
        if let firstChild = index + 1 < node.end ? index + 1 : nil, nodes[firstChild].fitsCount > 0, fixedMain != nil {
            let count = Double(nodes[firstChild].fitsCount)
            fit = Swift.max(0, (inner[axis] - node.spacing * (count - 1)) / count)
        }
        var mainSum = 0.0, crossMax = 0.0
        if node.repetitions > 0 {
            // Every repetition of the template is sized in the same box: the template's
            // extent across the group is a fraction of it in all of them or in none, so the
            // box never takes the largest other subitem's extent.
            sizes[nodes.count + index] = inner
            sizes[2 * nodes.count + index] = Size(width: fit ?? 0, height: fit == nil ? 0 : 1)
            let template = nodes[index + 1]
            let main = template.edges(axis), across = template.edges(cross)
            if template.kind == .item && template.measuresCells && inputs.present <= inputs.sizes.count {
                // The common `subitem:count:` of self-sizing cells: each repetition is one
                // measured cell, sized here directly (what `Repetitions` would do, without
                // its bookkeeping: a relayout sizes every instance of a section).
                let override = template.fitsCount > 0 ? fit : nil
                let width = fixedExtent(template, .horizontal, container: inner, override: axis == .horizontal ? override : nil)
                let height = fixedExtent(template, .vertical, container: inner, override: axis == .vertical ? override : nil)
                let first = template.firstLeaf + leafBase
                for k in 0..<Swift.max(0, Swift.min(node.repetitions, inputs.present - first)) {
                    let size = itemSize(template, leaf: first + k, fixedWidth: width, fixedHeight: height)
                    crossMax = Swift.max(crossMax, across.before + size[cross] + across.after)
                    mainSum += main.before + size[axis] + main.after
                    if k > 0 { mainSum += node.spacing }
                }
                return finish(index, node, mainSum: mainSum, crossMax: crossMax, inner: inner, fixedMain: fixedMain, fixedCross: fixedCross)
            }
            var repetitions = Repetitions(self, index)
            var k = 0
            while k < repetitions.present {
                let size = repetitions.size(k, &self)
                crossMax = Swift.max(crossMax, across.before + size[cross] + across.after)
                if k == repetitions.sameFrom + GroupPlan.exactlySummedRepetitions && repetitions.full > k {
                    // A long run of repetitions that come out the same: one product.
                    let run = Double(repetitions.full - k)
                    mainSum += run * (main.before + size[axis] + main.after) + run * node.spacing
                    k = repetitions.full
                    continue
                }
                mainSum += main.before + size[axis] + main.after
                if k > 0 { mainSum += node.spacing }
                k += 1
            }
            // The absent ones are sized too (whether they overflow their box counts).
            if repetitions.present < node.repetitions { _ = repetitions.size(repetitions.present, &self) }
        } else {
            // Each child is sized exactly once, so sizing is linear in the nodes: first the
            // children whose extent across the group is not a fraction of it, then those that
            // are, against the group's final extent across (its fixed one, or, estimated, the
            // largest other present subitem's). Sizing a fraction child before that extent is
            // known would size its whole subtree twice, and nested groups 2^depth times.
            // Absent subitems (past the end of a partial last instance) are sized too: a group
            // is a template, and they hold the places `place` keeps for them. Only present ones
            // make up an estimated extent.
            var hasCrossFraction = false, hasOtherCross = false
            var child = index + 1
            while child < node.end {
                defer { child = nodes[child].end }
                let childNode = nodes[child]
                if childNode.dimension(cross).isFraction(of: cross) {
                    if isPresent(child) { hasCrossFraction = true }
                    continue
                }
                let size = self.size(child, container: inner, mainOverride: childNode.fitsCount > 0 ? fit : nil, along: axis)
                guard isPresent(child) else { continue }
                hasOtherCross = true
                let across = childNode.edges(cross)
                crossMax = Swift.max(crossMax, across.before + size[cross] + across.after)
            }
            if hasCrossFraction && fixedCross == nil && hasOtherCross { inner[cross] = crossMax }
            child = index + 1
            while child < node.end {
                defer { child = nodes[child].end }
                let childNode = nodes[child]
                guard childNode.dimension(cross).isFraction(of: cross) else { continue }
                let size = self.size(child, container: inner, mainOverride: childNode.fitsCount > 0 ? fit : nil, along: axis)
                guard isPresent(child) else { continue }
                let across = childNode.edges(cross)
                crossMax = Swift.max(crossMax, across.before + size[cross] + across.after)
            }
            // Along the axis, in order: the present children's extents, edge spacings and spacings.
            var present = 0
            child = index + 1
            while child < node.end {
                defer { child = nodes[child].end }
                guard isPresent(child) else { continue }
                let main = nodes[child].edges(axis)
                mainSum += main.before + sizes[child][axis] + main.after
                if present > 0 { mainSum += node.spacing }
                present += 1
            }
        }
        return finish(index, node, mainSum: mainSum, crossMax: crossMax, inner: inner, fixedMain: fixedMain, fixedCross: fixedCross)
    }

    /// A group's size from what its subitems need, recorded; notes an overflow.
    @inline(__always)
    private mutating func finish(
        _ index: Int, _ node: GroupPlan.Node, mainSum: Double, crossMax: Double, inner: Size, fixedMain: Double?, fixedCross: Double?
    ) -> Size {
        let axis = node.axis, cross = axis.other
        if let fixedMain, mainSum > inner[axis] + 1e-9 * Swift.max(1, fixedMain) { overflows = true }
        if let fixedCross, crossMax > inner[cross] + 1e-9 * Swift.max(1, fixedCross) { overflows = true }
        var result = Size.zero
        result[axis] = fixedMain ?? mainSum
        result[cross] = fixedCross ?? crossMax
        sizes[index] = result
        return result
    }

    /// Places node `index` (already sized) with its allotted box at `origin`.
    mutating func place(_ index: Int, at origin: Point, parentAxis: Axis?, frames: UnsafeMutableBufferPointer<Rect>) {
        let node = nodes[index]
        let size = sizes[index]
        // Insets apply along axes whose extent is not estimated (a `count:` copy's main
        // extent is fixed by its group).
        let fitted = node.fitsCount > 0 ? parentAxis : nil
        let insetsX = !node.width.isEstimated || fitted == .horizontal, insetsY = !node.height.isEstimated || fitted == .vertical
        let box = Rect(
            x: origin.x + (insetsX ? node.insets.leading : 0), y: origin.y + (insetsY ? node.insets.top : 0),
            width: Swift.max(0, size.width - (insetsX ? node.insets.horizontal : 0)),
            height: Swift.max(0, size.height - (insetsY ? node.insets.vertical : 0)))
        if node.kind == .item {
            frames[node.firstLeaf + leafBase] = box
            return
        }
        if node.repetitions > 0 {
            placeRepetitions(index, box: box, frames: frames)
            return
        }
        if node.kind == .custom {
            // Frames are relative to the group's corner, its content insets ignored.
            var child = index + 1
            while child < node.end && isPresent(child) {
                defer { child = nodes[child].end }
                place(child, at: Point(x: origin.x + nodes[child].origin.x, y: origin.y + nodes[child].origin.y), parentAxis: nil, frames: frames)
            }
            return
        }
        let axis = node.axis, cross = axis.other
        let contentStart = box.min(axis), contentEnd = box.max(axis), contentCross = box.size[cross]
        // The flexible share comes from every subitem of the template, present or not, so
        // a partial last instance keeps the positions of a full one. Present subitems are
        // a prefix (cells fill an instance in order).
        var used = 0.0, counted = 0, flexibleSlots = 0
        var child = index + 1
        while child < node.end {
            defer { child = nodes[child].end }
            let main = nodes[child].edges(axis)
            used += main.before + sizes[child][axis] + main.after
            if counted > 0 {
                used += node.spacing
                if node.spacingFlexible { flexibleSlots += 1 }
            }
            if main.beforeFlexible { flexibleSlots += 1 }
            if main.afterFlexible { flexibleSlots += 1 }
            counted += 1
        }
        let leftover = box.size[axis] - used
        let extra = leftover > 0 && flexibleSlots > 0 ? leftover / Double(flexibleSlots) : 0
        var cursor = contentStart
        var placed = 0
        child = index + 1
        while child < node.end && isPresent(child) {
            defer { child = nodes[child].end }
            if placed > 0 { cursor += node.spacing + (node.spacingFlexible ? extra : 0) }
            placed += 1
            cursor = placeChild(child, sized: sizes[child], cursor: cursor, extra: extra, in: box, axis: axis, stretches: node.stretches,
                                contentEnd: contentEnd, contentCross: contentCross, frames: frames)
        }
    }

    /// Places child `child` (sized `childSize`) of a group of content `box` after `cursor`
    /// along `axis`; returns the cursor after it.
    @inline(__always)
    private mutating func placeChild(
        _ child: Int, sized size: Size, cursor start: Double, extra: Double, in box: Rect, axis: Axis, stretches: Bool,
        contentEnd: Double, contentCross: Double, frames: UnsafeMutableBufferPointer<Rect>
    ) -> Double {
        let cross = axis.other
        let childNode = nodes[child]
        let main = childNode.edges(axis), across = childNode.edges(cross)
        var cursor = start + main.before + (main.beforeFlexible ? extra : 0)
        var childSize = size
        if stretches && childNode.kind == .item && childNode.dimension(cross).isEstimated {
            childSize[cross] = Swift.max(0, contentCross - across.before - across.after)
        }
        let free = Swift.max(0, contentCross - across.before - childSize[cross] - across.after)
        let crossOffset = across.before + (across.beforeFlexible && across.afterFlexible ? free / 2 : across.beforeFlexible ? free : 0)
        // Ends within rounding error of the content's end end exactly there.
        let end = cursor + childSize[axis]
        if end != contentEnd && Swift.abs(end - contentEnd) <= 1e-9 * Swift.max(1, Swift.abs(contentEnd)) {
            childSize[axis] = contentEnd - cursor
        }
        sizes[child] = childSize
        let childOrigin = axis == .horizontal
            ? Point(x: cursor, y: box.minY + crossOffset)
            : Point(x: box.minX + crossOffset, y: cursor)
        place(child, at: childOrigin, parentAxis: axis, frames: frames)
        cursor += childSize[axis] + main.after + (main.afterFlexible ? extra : 0)
        return cursor
    }

    /// `place` for a `count:` group: the repetitions of its template one after the other,
    /// as its copies would be placed, each sized again before it is placed (the scratch
    /// holds one repetition's subtree at a time).
    private mutating func placeRepetitions(_ index: Int, box: Rect, frames: UnsafeMutableBufferPointer<Rect>) {
        let node = nodes[index]
        let axis = node.axis, cross = axis.other
        let template = index + 1
        let main = nodes[template].edges(axis)
        var repetitions = Repetitions(self, index)
        let count = node.repetitions
        // The flexible share, summed as over copies: each repetition's extent with its edge
        // spacings, then the spacing before it. Only needed when something is flexible.
        var extra = 0.0
        let slotsPerRepetition = (main.beforeFlexible ? 1 : 0) + (main.afterFlexible ? 1 : 0)
        if node.spacingFlexible || slotsPerRepetition > 0 {
            let slots = Double(count) * Double(slotsPerRepetition) + (node.spacingFlexible ? Double(count - 1) : 0)
            var used = 0.0
            let exactly = Swift.min(count, repetitions.present + GroupPlan.exactlySummedRepetitions)
            for k in 0..<exactly {
                used += main.before + repetitions.size(k, &self)[axis] + main.after
                if k > 0 { used += node.spacing }
            }
            if exactly < count {
                let absent = repetitions.size(exactly, &self)[axis]
                let rest = Double(count - exactly)
                used += rest * (main.before + absent + main.after) + rest * node.spacing
            }
            let leftover = box.size[axis] - used
            extra = leftover > 0 && slots > 0 ? leftover / slots : 0
        }
        let contentEnd = box.max(axis), contentCross = box.size[cross]
        let outer = leafBase
        defer { leafBase = outer }
        var cursor = box.min(axis)
        for k in 0..<repetitions.present {
            if k > 0 { cursor += node.spacing + (node.spacingFlexible ? extra : 0) }
            leafBase = outer + k * repetitions.cells
            let size = self.size(template, container: repetitions.inner, mainOverride: repetitions.override, along: axis)
            cursor = placeChild(template, sized: size, cursor: cursor, extra: extra, in: box, axis: axis, stretches: node.stretches,
                                contentEnd: contentEnd, contentCross: contentCross, frames: frames)
        }
    }
}

/// The repetitions of a `count:` group in one evaluation: which are present, and the size
/// of each, sizing a template once for all repetitions that must come out the same.
private struct Repetitions {
    let index: Int
    let template: Int
    /// Cells of one repetition.
    let cells: Int
    /// The cell number of the first repetition's first cell.
    let first: Int
    /// Repetitions holding at least one present cell (a prefix).
    let present: Int
    /// The template measures no cell.
    let uniform: Bool
    /// Repetitions `sameFrom ..< full` come out the same: their cells are all present and
    /// none has a measured size (the template measures nothing, or the measured sizes end
    /// before them, as when a carousel's first group is sized whole to centre it).
    let sameFrom: Int, full: Int
    /// The box every repetition is sized in, and the extent fitted copies share (recorded
    /// by sizing the group).
    let inner: Size, override: Double?
    var fullSize: Size?
    var absentSize: Size?

    init(_ evaluator: Evaluator, _ index: Int) {
        let node = evaluator.nodes[index]
        self.index = index
        template = index + 1
        inner = evaluator.sizes[evaluator.nodes.count + index]
        let fitted = evaluator.sizes[2 * evaluator.nodes.count + index]
        override = evaluator.nodes[template].fitsCount > 0 && fitted.height == 1 ? fitted.width : nil
        cells = evaluator.nodes[template].leafCount
        first = node.firstLeaf + evaluator.leafBase
        let remaining = evaluator.inputs.present - first
        present = remaining <= 0 ? 0 : Swift.min(node.repetitions, (remaining - 1) / cells + 1)
        uniform = !evaluator.nodes[template].measuresCells
        full = remaining > 0 ? Swift.min(node.repetitions, remaining / cells) : 0
        let measured = evaluator.inputs.sizes.count - first
        sameFrom = uniform || measured <= 0 ? 0 : Swift.min(full, (measured - 1) / cells + 1)
    }

    /// The size of repetition `k`, sized by `evaluator` in the group's content box unless
    /// one that comes out the same was sized already.
    mutating func size(_ k: Int, _ evaluator: inout Evaluator) -> Size {
        let isAbsent = k >= present
        let isFull = k >= sameFrom && k < full
        if isAbsent, let absentSize { return absentSize }
        if isFull, let fullSize { return fullSize }
        let outer = evaluator.leafBase
        evaluator.leafBase = outer + k * cells
        let size = evaluator.size(template, container: inner, mainOverride: override, along: evaluator.nodes[index].axis)
        evaluator.leafBase = outer
        if isAbsent { absentSize = size } else if isFull { fullSize = size }
        return size
    }
}
