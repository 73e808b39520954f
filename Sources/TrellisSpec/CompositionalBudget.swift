import Trellis

// The whole-document budgets of a compositional layout (docs/Limits.md), computed from the
// descriptions before any group plan is built: how many nodes the plans hold (a `count`
// repetition is its subitem's subtree, built once), how many node evaluations laying out
// every section takes, and how far any frame inside a group can reach. Every value alone
// is within its limit, yet values combine: a fraction of a fraction multiplies, cells of
// a `count` inside a `count` multiply, and only the product says whether the layout fits.

/// Counts of nodes that stop one past the document's budget, so a sum never overflows and
/// is never larger than it needs to be to say it is too large.
enum SaturatingCount {
    static let saturated = DocumentLimits.maximumGroupNodes + 1

    static func adding(_ a: Int, _ b: Int) -> Int { Swift.min(saturated, a + b) }

    static func multiplying(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? saturated : Swift.min(saturated, product)
    }
}

enum CompositionalBudget {
    static func nodesMessage(_ nodes: Int, of what: String) -> String {
        let count = nodes >= SaturatingCount.saturated ? "more than \(DocumentLimits.maximumGroupNodes)" : "\(nodes)"
        return "\(what) holds \(count) distinct groups and items (a count repetition is its subitem's, built once); "
            + "the limit is \(DocumentLimits.maximumGroupNodes) for the whole document (docs/Limits.md)"
    }

    /// What one instance of `subitem` costs: the nodes its plan holds (`count` repetitions
    /// built once, saturating at `SaturatingCount.saturated`), its cells, and the nodes
    /// its cells would be with every repetition expanded (what placing all of them
    /// evaluates). Cells and expanded nodes are `Double`s: products of counts, exact below
    /// 2^53 and finite at any depth a document can hold.
    static func nodes(of subitem: CompositionalSubitem) -> (nodes: Int, leaves: Double, expanded: Double) {
        guard case .group(let group) = subitem else { return (1, 1, 1) }
        var nodes = 1, leaves = 0.0, expanded = 1.0
        if let count = group.count, let child = group.subitems.first {
            let one = Self.nodes(of: child)
            nodes = SaturatingCount.adding(nodes, one.nodes)
            leaves = Swift.min(one.leaves * Double(count), .greatestFiniteMagnitude)
            expanded = Swift.min(expanded + one.expanded * Double(count), .greatestFiniteMagnitude)
        } else {
            for child in group.subitems {
                let one = Self.nodes(of: child)
                nodes = SaturatingCount.adding(nodes, one.nodes)
                leaves = Swift.min(leaves + one.leaves, .greatestFiniteMagnitude)
                expanded = Swift.min(expanded + one.expanded, .greatestFiniteMagnitude)
            }
        }
        return (nodes, leaves, expanded)
    }

    /// The node evaluations of laying out `items` cells in instances of a group of `cost`:
    /// each instance sizes its distinct nodes, and each repetition of a `count` that holds
    /// present cells is sized (and placed) on its own, so a cell costs its share of the
    /// nodes the repetitions add past the distinct ones.
    static func evaluations(of cost: (nodes: Int, leaves: Double, expanded: Double), items: Int) -> Double {
        let instances = (Double(items) / cost.leaves).rounded(.up)
        return instances * Double(cost.nodes) + Double(items) * repeatedNodesPerCell(cost)
    }

    static func repeatedNodesPerCell(_ cost: (nodes: Int, leaves: Double, expanded: Double)) -> Double {
        Swift.max(0, cost.expanded - Double(cost.nodes)) / cost.leaves
    }

    /// A count of cells as a whole number, or in exponent form past 2^53.
    static func cellCount(_ cells: Double) -> String {
        cells < 9_007_199_254_740_992 ? String(Int(cells)) : "\(cells)"
    }

    /// Why one instance of `cost` holds more cells than `Int` counts, or nil.
    static func cellsProblem(_ cost: (nodes: Int, leaves: Double, expanded: Double)) -> String? {
        guard cost.leaves >= 9_223_372_036_854_775_807 else { return nil }
        return "this group holds \(cellCount(cost.leaves)) cells an instance (counts inside counts multiply); "
            + "the limit is 9223372036854775807 (docs/Limits.md)"
    }

    /// How far frames inside `subitem` can reach when it is resolved in `container`: its
    /// own extent, or what its subitems with their spacings and insets need when that is
    /// more (estimated, or overflowing a fixed extent). A group without `count` that
    /// repeats its subitems does so only while they fit its fixed extent, so its subitems
    /// taken once bound it. Monotone in `container` (every
    /// fraction is ≥ 0), so a bound of the container gives a bound of the reach.
    /// - Complexity: O(nodes) with `count` repetitions not expanded.
    static func reach(of subitem: CompositionalSubitem, container: Size) -> Size {
        let size = layoutSize(of: subitem)
        let own = Size(width: resolved(size.widthDimension, in: container), height: resolved(size.heightDimension, in: container))
        guard case .group(let group) = subitem else {
            return own
        }
        let axis: Axis = group.axis == .horizontal ? .horizontal : .vertical, cross = axis.other
        let spacing = group.interItemSpacing?.minimum ?? 0
        let insets = group.contentInsets
        let insetsMain = axis == .horizontal ? insets.horizontal : insets.vertical
        let insetsCross = axis == .horizontal ? insets.vertical : insets.horizontal
        var inner = own
        func edges(_ subitem: CompositionalSubitem) -> (main: Double, cross: Double) {
            let spacing: CompositionalEdgeSpacing?
            switch subitem {
            case .item(let item): spacing = item.edgeSpacing
            case .group(let group): spacing = group.edgeSpacing
            }
            let leading = spacing?.leading?.minimum ?? 0, trailing = spacing?.trailing?.minimum ?? 0
            let top = spacing?.top?.minimum ?? 0, bottom = spacing?.bottom?.minimum ?? 0
            return axis == .horizontal ? (leading + trailing, top + bottom) : (top + bottom, leading + trailing)
        }
        var children: [CompositionalSubitem]
        var repetitions = 1.0
        if let count = group.count, var child = group.subitems.first {
            // Fitted copies share the group's extent along its axis (at most all of it each);
            // copies of their own size keep it.
            if group.countSizing == .fitsGroup && !dimension(of: size, axis).isEstimated { child = replacing(child, axis, with: inner[axis]) }
            children = [child]
            repetitions = Double(count)
        } else {
            children = group.subitems
        }
        // Subitems whose extent across is a fraction of it resolve against the largest
        // other subitem's when the group's is estimated.
        var mainSum = 0.0, crossMax = 0.0
        for child in children where !isFraction(dimension(of: layoutSize(of: child), cross), of: cross) {
            let reach = self.reach(of: child, container: inner), edge = edges(child)
            mainSum += reach[axis] + edge.main
            crossMax = Swift.max(crossMax, reach[cross] + edge.cross)
        }
        inner[cross] = Swift.max(inner[cross], crossMax)
        for child in children where isFraction(dimension(of: layoutSize(of: child), cross), of: cross) {
            let reach = self.reach(of: child, container: inner), edge = edges(child)
            mainSum += reach[axis] + edge.main
            crossMax = Swift.max(crossMax, reach[cross] + edge.cross)
        }
        let subitemCount = repetitions * Double(children.count)
        mainSum = mainSum * repetitions + spacing * Swift.max(0, subitemCount - 1)
        var result = Size.zero
        result[axis] = Swift.max(own[axis], insetsMain + mainSum)
        result[cross] = Swift.max(own[cross], insetsCross + crossMax)
        return result
    }

    static func layoutSize(of subitem: CompositionalSubitem) -> CompositionalSize {
        switch subitem {
        case .item(let item): item.layoutSize
        case .group(let group): group.layoutSize
        }
    }

    static func dimension(of size: CompositionalSize, _ axis: Axis) -> CompositionalDimension {
        axis == .horizontal ? size.widthDimension : size.heightDimension
    }

    /// A dimension resolved in `container`; an estimate stands for itself.
    static func resolved(_ dimension: CompositionalDimension, in container: Size) -> Double {
        switch dimension {
        case .fractionalWidth(let fraction): fraction * container.width
        case .fractionalHeight(let fraction): fraction * container.height
        case .absolute(let value), .estimated(let value): value
        }
    }

    static func isFraction(_ dimension: CompositionalDimension, of axis: Axis) -> Bool {
        switch dimension {
        case .fractionalWidth: axis == .horizontal
        case .fractionalHeight: axis == .vertical
        case .absolute, .estimated: false
        }
    }

    /// `subitem` with its extent along `axis` fixed at `extent`.
    static func replacing(_ subitem: CompositionalSubitem, _ axis: Axis, with extent: Double) -> CompositionalSubitem {
        func fixed(_ size: CompositionalSize) -> CompositionalSize {
            var size = size
            if axis == .horizontal { size.widthDimension = .absolute(extent) } else { size.heightDimension = .absolute(extent) }
            return size
        }
        switch subitem {
        case .item(var item):
            item.layoutSize = fixed(item.layoutSize)
            return .item(item)
        case .group(var group):
            group.layoutSize = fixed(group.layoutSize)
            return .group(group)
        }
    }
}

extension CompositionalSpec {
    /// Checks the whole-document budgets of `DocumentLimits` against the sections' item
    /// counts, before any plan is built: the nodes of every distinct group together, the
    /// node evaluations of one layout pass, and the reach of every group and boundary item in
    /// a container of at most `container`.
    /// - Throws: `SpecError` at the path of the group (or the section) that passes a limit.
    func checkBudgets(container: Size, itemCounts: [Int]) throws(SpecError) {
        guard case .each(let entries) = sections, !entries.isEmpty else { return }
        var costs: [(nodes: Int, leaves: Double, expanded: Double)?] = []
        var totalNodes = 0
        for (index, entry) in entries.enumerated() {
            guard case .section(let section) = entry else {
                costs.append(nil)
                continue
            }
            let path = index < entryPaths.count ? entryPaths[index] : "layout"
            let cost = CompositionalBudget.nodes(of: .group(section.group))
            totalNodes = SaturatingCount.adding(totalNodes, cost.nodes)
            if totalNodes > DocumentLimits.maximumGroupNodes {
                throw SpecError(.invalidValue, path: "\(path).group", CompositionalBudget.nodesMessage(totalNodes, of: "with this group the document"))
            }
            let reach = CompositionalBudget.reach(of: .group(section.group), container: container)
            if let problem = Self.reachProblem(reach, of: "this group") { throw SpecError(.invalidValue, path: "\(path).group", problem) }
            for (item, boundary) in section.boundarySupplementaryItems.enumerated() {
                let size = boundary.layoutSize
                let extent = Size(width: CompositionalBudget.resolved(size.widthDimension, in: container),
                                  height: CompositionalBudget.resolved(size.heightDimension, in: container))
                if let problem = Self.reachProblem(extent, of: "this boundary item") {
                    throw SpecError(.invalidValue, path: "\(path).boundarySupplementaryItems[\(item)].layoutSize", problem)
                }
            }
            costs.append(cost)
        }
        var evaluations = 0.0
        let limit = DocumentLimits.maximumGroupEvaluations
        for (section, items) in itemCounts.enumerated() {
            guard let cost = costs[Swift.min(section, costs.count - 1)], items > 0 else { continue }
            evaluations += CompositionalBudget.evaluations(of: cost, items: items)
            if evaluations > Double(limit) {
                let repeated = CompositionalBudget.repeatedNodesPerCell(cost)
                let perCell = repeated > 0 ? ", and each cell \((repeated * 100).rounded() / 100) more for its count repetitions" : ""
                throw SpecError(.invalidValue, path: "sections[\(section)].items", "laying out the compositional groups up to this section "
                    + "evaluates more than \(limit) group nodes (each group instance: \(cost.nodes) distinct nodes for "
                    + "\(CompositionalBudget.cellCount(cost.leaves)) cells\(perCell)); the limit is \(limit) (docs/Limits.md)")
            }
        }
    }

    static func reachProblem(_ reach: Size, of what: String) -> String? {
        let farthest = Swift.max(reach.width, reach.height)
        guard !(farthest <= DocumentLimits.maximumGroupExtent) else { return nil }
        return "\(what) can place frames \(farthest) points from its origin "
            + "(fractions of fractions, repetitions and spacings multiply); the limit is 1e12 points (docs/Limits.md)"
    }
}
