/// A group description compiled into flat arrays (nodes in preorder) and the evaluation of
/// one instance of it: the allotted size of every node, then the frame of every cell.
///
/// **Compiling** resolves the description in the section's content size once: `count:`
/// copies are expanded, and a group without `count` whose extent along its axis is fixed
/// repeats its subitems while the next one fits (see `CompositionalGroup`), so an instance
/// is a fixed template of cells.
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
        /// The index after this node's subtree (children are the nodes in between).
        var end = 0
        /// A custom group's cell: its origin relative to the group's.
        var origin = Point.zero
        var firstLeaf = 0
        var leafCount = 0

        @inline(__always) func dimension(_ axis: Axis) -> CompositionalDimension { axis == .horizontal ? width : height }
        @inline(__always) var axis: Axis { kind == .vertical ? .vertical : .horizontal }

        /// Edge spacing before and after along `axis`.
        @inline(__always) func edges(_ axis: Axis) -> (before: Double, beforeFlexible: Bool, after: Double, afterFlexible: Bool) {
            axis == .horizontal ? (leading, leadingFlexible, trailing, trailingFlexible) : (top, topFlexible, bottom, bottomFlexible)
        }
    }

    private(set) var nodes: [Node] = []
    /// Per leaf (cell of one instance), its node.
    private(set) var leafNodes: [Int] = []
    /// True when some cell's dimension is estimated (the layout then keeps measured sizes).
    private(set) var hasEstimatedItems = false
    /// Per axis: true when some dimension along it is estimated (horizontal, vertical).
    private(set) var estimatedAlong: (horizontal: Bool, vertical: Bool) = (false, false)

    /// The supplementary items attached to cells of an instance, by leaf, ascending; only
    /// leaves whose item has some.
    private(set) var attachments: [(leaf: Int, items: [CompositionalSupplementaryItem])] = []
    /// Per leaf, the z-index of its cell (a custom item's); empty while every one is 0.
    private(set) var leafZIndexes: [Int] = []

    var hasZIndexes: Bool { !leafZIndexes.isEmpty }

    /// The z-index of cell `leaf` of an instance.
    @inline(__always) func zIndex(ofLeaf leaf: Int) -> Int { leafZIndexes.isEmpty ? 0 : leafZIndexes[leaf] }

    var leafCount: Int { leafNodes.count }
    /// True when some group stopped repeating its subitems at `maximumLeafCount` cells
    /// although more would have fitted.
    private(set) var isRepetitionLimited = false

    /// The most cells one instance holds by repeating subitems: beyond it a description
    /// whose subitems are vanishingly small would take unbounded memory.
    static let maximumLeafCount = 100_000

    /// Compiles `group` as an instance resolved in `container` (the section's content size,
    /// which fixes how many times groups without `count` repeat their subitems).
    init(_ group: CompositionalGroup, container: Size) {
        append(.group(group), container: container, fitsCount: 0, mainOverride: nil)
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
    private mutating func append(_ subitem: CompositionalSubitem, container: Size, fitsCount: Int, mainOverride: (axis: Axis, extent: Double)?) -> Int {
        let index = nodes.count
        let size = subitem.layoutSize
        var node = Node(kind: .item, width: size.widthDimension, height: size.heightDimension, insets: .zero)
        node.fitsCount = fitsCount
        node.firstLeaf = leafNodes.count
        let edgeSpacing: CompositionalEdgeSpacing?
        switch subitem {
        case .item(let item):
            node.insets = item.contentInsets
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
            leafNodes.append(index)
            if !item.supplementaryItems.isEmpty { attachments.append((leafNodes.count - 1, item.supplementaryItems)) }
            if !leafZIndexes.isEmpty { leafZIndexes.append(0) }
            if size.widthDimension.isEstimated || size.heightDimension.isEstimated { hasEstimatedItems = true }
        case .group(let group) where group.resolvedCustomItems != nil:
            // Cells of fixed sizes at fixed origins in the group.
            for custom in group.resolvedCustomItems! {
                let frame = custom.frame
                let child = append(
                    .item(CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(frame.width), heightDimension: .absolute(frame.height)))),
                    container: container, fitsCount: 0, mainOverride: nil)
                nodes[child].origin = frame.origin
                if custom.zIndex != 0 && leafZIndexes.isEmpty { leafZIndexes = Array(repeating: 0, count: leafNodes.count) }
                if !leafZIndexes.isEmpty { leafZIndexes[leafNodes.count - 1] = custom.zIndex }
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
                if group.countSizing == .fitsGroup {
                    let fit = mainFixed ? Swift.max(0, (inner[axis] - node.spacing * Double(count - 1)) / Double(count)) : nil
                    for _ in 0..<count {
                        let copy = append(child, container: inner, fitsCount: count, mainOverride: fit.map { (axis, $0) })
                        nodes[copy].fitsAxis = axis
                    }
                } else {
                    for _ in 0..<count { append(child, container: inner, fitsCount: 0, mainOverride: nil) }
                }
            } else {
                let sequence = repeatedSubitems(of: group, inner: inner, mainFixed: mainFixed)
                for (position, child) in sequence.enumerated() {
                    // Repetitions stop once the instance holds `maximumLeafCount` cells
                    // (nested repeating groups multiply).
                    if position >= group.subitems.count && leafNodes.count + child.leafCount > Self.maximumLeafCount {
                        isRepetitionLimited = true
                        break
                    }
                    append(child, container: inner, fitsCount: 0, mainOverride: nil)
                }
            }
        }
        nodes[index].end = nodes.count
        nodes[index].leafCount = leafNodes.count - nodes[index].firstLeaf
        return index
    }

    /// Whether a cell's extent along `axis` is estimated (measured).
    /// - Complexity: O(1).
    func isEstimated(leaf: Int, along axis: Axis) -> Bool {
        let node = nodes[leafNodes[leaf]]
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
    /// The top group's allotted size for `inputs`, every node's size written to `sizes`
    /// (`nodes.count` elements), and whether some subitems need more room than a fixed
    /// extent gives them (then cells may stick out of the group: `layOut` tells how far).
    /// - Complexity: O(nodes).
    func size(_ inputs: GroupInputs, into sizes: UnsafeMutableBufferPointer<Size>) -> (size: Size, overflows: Bool) {
        nodes.withUnsafeBufferPointer { nodes in
            var evaluator = Evaluator(nodes: nodes, sizes: sizes, inputs: inputs)
            let size = evaluator.size(0, container: inputs.container, mainOverride: nil, along: .horizontal)
            return (size, evaluator.overflows)
        }
    }

    /// Sizes the instance and writes the frame of each present cell, relative to `origin`
    /// (the group's top-left), into `frames` (`leafCount` elements); `sizes` is scratch
    /// (`nodes.count`). Returns the group's size.
    /// - Complexity: O(nodes).
    @discardableResult
    func layOut(_ inputs: GroupInputs, origin: Point, sizes: UnsafeMutableBufferPointer<Size>, frames: UnsafeMutableBufferPointer<Rect>) -> Size {
        nodes.withUnsafeBufferPointer { nodes in
            var evaluator = Evaluator(nodes: nodes, sizes: sizes, inputs: inputs)
            let size = evaluator.size(0, container: inputs.container, mainOverride: nil, along: .horizontal)
            evaluator.place(0, at: origin, parentAxis: nil, frames: frames)
            return size
        }
    }

    /// Runs `body` with scratch buffers sized for this plan (node sizes, cell frames).
    @inline(__always)
    func withScratch<R, E: Error>(_ body: (UnsafeMutableBufferPointer<Size>, UnsafeMutableBufferPointer<Rect>) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeTemporaryAllocation(of: Size.self, capacity: nodes.count) { sizes in
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: leafCount) { frames in
                do throws(E) { return .success(try body(sizes, frames)) } catch { return .failure(error) }
            }
        }
        return try result.get()
    }
}

private struct Evaluator {
    let nodes: UnsafeBufferPointer<GroupPlan.Node>
    let sizes: UnsafeMutableBufferPointer<Size>
    let inputs: GroupInputs
    /// Set when subitems need more than a fixed extent of their group.
    var overflows = false

    init(nodes: UnsafeBufferPointer<GroupPlan.Node>, sizes: UnsafeMutableBufferPointer<Size>, inputs: GroupInputs) {
        self.nodes = nodes
        self.sizes = sizes
        self.inputs = inputs
    }

    @inline(__always) func isPresent(_ index: Int) -> Bool { nodes[index].firstLeaf < inputs.present }

    /// The extent along `axis` of node `index` when it is not estimated (or overridden).
    @inline(__always) func fixedExtent(_ node: GroupPlan.Node, _ axis: Axis, container: Size, override: Double?) -> Double? {
        override ?? node.dimension(axis).resolved(in: container)
    }

    /// Sizes node `index` in `container`; `mainOverride` replaces its extent along `parentAxis`
    /// (a `count:` copy). Records and returns its allotted size.
    mutating func size(_ index: Int, container: Size, mainOverride: Double?, along parentAxis: Axis) -> Size {
        let node = nodes[index]
        let fixedWidth = fixedExtent(node, .horizontal, container: container, override: parentAxis == .horizontal ? mainOverride : nil)
        let fixedHeight = fixedExtent(node, .vertical, container: container, override: parentAxis == .vertical ? mainOverride : nil)
        if node.kind == .item {
            let leaf = node.firstLeaf
            var width = fixedWidth ?? node.width.value
            var height = fixedHeight ?? node.height.value
            if leaf < inputs.sizes.count {
                let measured = inputs.sizes[leaf]
                if measured.width >= 0 {
                    if fixedWidth == nil { width = measured.width }
                    if fixedHeight == nil { height = measured.height }
                }
            }
            let size = Size(width: width, height: height)
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
        // Each child is sized exactly once, so sizing is linear in the nodes: first the
        // children whose extent across the group is not a fraction of it, then those that
        // are, against the group's final extent across (its fixed one, or, estimated, the
        // largest other present subitem's). Sizing a fraction child before that extent is
        // known would size its whole subtree twice, and nested groups 2^depth times.
        // Absent subitems (past the end of a partial last instance) are sized too: a group
        // is a template, and they hold the places `place` keeps for them. Only present ones
        // make up an estimated extent.
        var mainSum = 0.0, crossMax = 0.0
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
        if let fixedMain, mainSum > inner[axis] + 1e-9 * Swift.max(1, fixedMain) { overflows = true }
        if let fixedCross, crossMax > inner[cross] + 1e-9 * Swift.max(1, fixedCross) { overflows = true }
        var result = Size.zero
        result[axis] = fixedMain ?? mainSum
        result[cross] = fixedCross ?? crossMax
        sizes[index] = result
        return result
    }

    /// Places node `index` (already sized) with its allotted box at `origin`.
    func place(_ index: Int, at origin: Point, parentAxis: Axis?, frames: UnsafeMutableBufferPointer<Rect>) {
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
            frames[node.firstLeaf] = box
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
            let childNode = nodes[child]
            let main = childNode.edges(axis), across = childNode.edges(cross)
            if placed > 0 { cursor += node.spacing + (node.spacingFlexible ? extra : 0) }
            placed += 1
            cursor += main.before + (main.beforeFlexible ? extra : 0)
            var childSize = sizes[child]
            if node.stretches && childNode.kind == .item && childNode.dimension(cross).isEstimated {
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
        }
    }
}
