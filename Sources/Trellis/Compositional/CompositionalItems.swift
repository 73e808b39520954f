// The description of a compositional layout: dimensions, items and groups. UIKit's
// `NSCollectionLayoutDimension`, `NSCollectionLayoutSize`, `NSCollectionLayoutSpacing`,
// `NSCollectionLayoutEdgeSpacing`, `NSCollectionLayoutItem` and `NSCollectionLayoutGroup`,
// named `Compositional…` because TrellisKit already has a `LayoutItem` (the Auto Layout item
// protocol) and a `LayoutDimension` (an anchor type). They are values: a description is
// compiled by `CompositionalLayout` into flat arrays when the layout prepares.

/// One extent of an item, group or supplementary item (`NSCollectionLayoutDimension`).
public enum CompositionalDimension: Hashable, Sendable {
    /// A fraction of the containing group's content width (of the section's for a group).
    case fractionalWidth(Double)
    /// A fraction of the containing group's content height (of the section's container for
    /// a group: the collection's height minus the section's insets).
    case fractionalHeight(Double)
    /// A fixed number of points.
    case absolute(Double)
    /// A size to start with: an item's measured size replaces it (self-sizing); a group's
    /// extent is computed from its subitems.
    case estimated(Double)

    @inlinable public var isEstimated: Bool {
        if case .estimated = self { return true }
        return false
    }

    /// The number inside (the fraction, the points or the estimate).
    @inlinable public var value: Double {
        switch self {
        case .fractionalWidth(let v), .fractionalHeight(let v), .absolute(let v), .estimated(let v): v
        }
    }

    /// The extent in `container`, or nil for an estimated dimension.
    @inlinable func resolved(in container: Size) -> Double? {
        switch self {
        case .fractionalWidth(let f): f * container.width
        case .fractionalHeight(let f): f * container.height
        case .absolute(let v): v
        case .estimated: nil
        }
    }

    /// The extent in `container`, estimates included.
    @inlinable func resolvedOrEstimate(in container: Size) -> Double { resolved(in: container) ?? value }

    /// Whether the dimension is a fraction of the container's extent along `axis`.
    @inlinable func isFraction(of axis: Axis) -> Bool {
        switch self {
        case .fractionalWidth: axis == .horizontal
        case .fractionalHeight: axis == .vertical
        default: false
        }
    }

    func problem(_ option: String) -> LayoutOptionsError? {
        switch self {
        case .fractionalWidth(let v), .fractionalHeight(let v):
            v.isFinite && v >= 0 ? nil : LayoutOptionsError(option: option, expected: "a finite fraction ≥ 0", value: v)
        case .absolute(let v), .estimated(let v):
            v.isFinite && v >= 0 ? nil : LayoutOptionsError(option: option, expected: "a finite number ≥ 0", value: v)
        }
    }
}

/// A width and a height dimension (`NSCollectionLayoutSize`).
public struct CompositionalSize: Hashable, Sendable {
    public var widthDimension: CompositionalDimension
    public var heightDimension: CompositionalDimension

    public init(widthDimension: CompositionalDimension, heightDimension: CompositionalDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    @inlinable subscript(axis: Axis) -> CompositionalDimension { axis == .horizontal ? widthDimension : heightDimension }

    func problem(_ option: String) -> LayoutOptionsError? {
        widthDimension.problem("\(option).widthDimension") ?? heightDimension.problem("\(option).heightDimension")
    }
}

/// Space between items or around an item (`NSCollectionLayoutSpacing`).
public enum CompositionalSpacing: Hashable, Sendable {
    /// Exactly this many points.
    case fixed(Double)
    /// At least this many points; the room a group has left over along its axis is shared
    /// equally among all its flexible spacings (between items and at items' edges).
    case flexible(Double)

    @inlinable public var minimum: Double {
        switch self {
        case .fixed(let v), .flexible(let v): v
        }
    }

    @inlinable public var isFlexible: Bool {
        if case .flexible = self { return true }
        return false
    }

    func problem(_ option: String) -> LayoutOptionsError? {
        minimum.isFinite && minimum >= 0 ? nil : LayoutOptionsError(option: option, expected: "a finite number ≥ 0", value: minimum)
    }
}

/// Spacing outside an item's edges, within its group (`NSCollectionLayoutEdgeSpacing`).
/// Along the group's axis it adds to the space before and after the item; across it,
/// a flexible top (leading) edge pushes the item to the far side and two flexible edges
/// centre it.
public struct CompositionalEdgeSpacing: Hashable, Sendable {
    public var leading: CompositionalSpacing?
    public var top: CompositionalSpacing?
    public var trailing: CompositionalSpacing?
    public var bottom: CompositionalSpacing?

    public init(leading: CompositionalSpacing? = nil, top: CompositionalSpacing? = nil, trailing: CompositionalSpacing? = nil, bottom: CompositionalSpacing? = nil) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    func problem(_ option: String) -> LayoutOptionsError? {
        leading?.problem("\(option).leading") ?? top?.problem("\(option).top")
            ?? trailing?.problem("\(option).trailing") ?? bottom?.problem("\(option).bottom")
    }
}

/// A cell's place in a group (`NSCollectionLayoutItem`).
public struct CompositionalItem: Hashable, Sendable {
    public var layoutSize: CompositionalSize
    /// Space inside the item's allotted area around the cell. As in UIKit, ignored along an
    /// axis whose dimension is estimated (the measured size is the cell's).
    public var contentInsets: EdgeInsets
    public var edgeSpacing: CompositionalEdgeSpacing?

    public init(layoutSize: CompositionalSize, contentInsets: EdgeInsets = .zero, edgeSpacing: CompositionalEdgeSpacing? = nil) {
        self.layoutSize = layoutSize
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
    }
}

/// An item or a nested group: what a group holds.
public indirect enum CompositionalSubitem: Hashable, Sendable {
    case item(CompositionalItem)
    case group(CompositionalGroup)

    var layoutSize: CompositionalSize {
        switch self {
        case .item(let item): item.layoutSize
        case .group(let group): group.layoutSize
        }
    }

    /// The number of cells one instance holds.
    var leafCount: Int {
        switch self {
        case .item: 1
        case .group(let group): group.leafCount
        }
    }
}

/// Items laid out along an axis (`NSCollectionLayoutGroup`). A section repeats its group
/// until it runs out of items; each repetition takes the next items in order.
///
/// **Which cells a group holds.** With `count`, its one subitem `count` times (sized as
/// `countSizing` says). Without, its subitems in order and then, as UIKit's
/// `horizontal(layoutSize:subitems:)` "will repeat items until available horizontal space is
/// exhausted", again from the first while the next one still fits along the group's axis
/// (its extent, edge spacing and minimum inter-item spacing), when the group's extent along
/// its axis is not estimated; the room left over goes to flexible spacing. Each subitem is
/// always placed once, fitting or not. Estimated subitems count at their estimate: the number
/// of cells a group holds is decided when the layout prepares, not from measured sizes.
public struct CompositionalGroup: Hashable, Sendable {
    public enum Axis: String, Hashable, Sendable, CaseIterable {
        case horizontal
        case vertical
    }

    /// How the `count` copies of a group's subitem are sized along the group's axis.
    public enum CountSizing: String, Hashable, Sendable, CaseIterable {
        /// Each copy keeps its own layout size (`repeatingSubitem:count:`, iOS 16): it is
        /// the description's job to make the group's size hold `count` of them.
        case subitemSize
        /// The copies share the group's extent less the inter-item spacing, their own
        /// dimension along the axis ignored (`subitem:count:`, iOS 13, deprecated in iOS 16).
        case fitsGroup
    }

    public var layoutSize: CompositionalSize
    public var axis: Axis
    public var subitems: [CompositionalSubitem]
    /// With `count`: the one subitem is repeated `count` times, sized as `countSizing` says;
    /// nil for a list of subitems repeated while they fit.
    public var count: Int?
    /// How the `count` copies are sized (ignored without `count`); the factories set it
    /// from UIKit's name, the initializer and JSON documents default to `.fitsGroup`.
    public var countSizing: CountSizing
    /// Space between consecutive subitems along the axis.
    public var interItemSpacing: CompositionalSpacing?
    /// Space inside the group around its subitems (ignored along an estimated axis).
    public var contentInsets: EdgeInsets
    public var edgeSpacing: CompositionalEdgeSpacing?
    /// Trellis addition (UIKit has none): in a horizontal group, items whose height is
    /// estimated are shown as tall as the group (its tallest item, when the group's height is
    /// estimated too); in a vertical group, items whose width is estimated as wide. They
    /// are still measured for their own size.
    public var stretchesItems: Bool

    public init(
        layoutSize: CompositionalSize, axis: Axis, subitems: [CompositionalSubitem], count: Int? = nil,
        countSizing: CountSizing = .fitsGroup, interItemSpacing: CompositionalSpacing? = nil, contentInsets: EdgeInsets = .zero,
        edgeSpacing: CompositionalEdgeSpacing? = nil, stretchesItems: Bool = false
    ) {
        self.layoutSize = layoutSize
        self.axis = axis
        self.subitems = subitems
        self.count = count
        self.countSizing = countSizing
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.stretchesItems = stretchesItems
    }

    /// Subitems side by side, repeated while they fit
    /// (`NSCollectionLayoutGroup.horizontal(layoutSize:subitems:)`).
    public static func horizontal(layoutSize: CompositionalSize, subitems: [CompositionalSubitem]) -> CompositionalGroup {
        CompositionalGroup(layoutSize: layoutSize, axis: .horizontal, subitems: subitems)
    }

    public static func horizontal(layoutSize: CompositionalSize, subitems: [CompositionalItem]) -> CompositionalGroup {
        horizontal(layoutSize: layoutSize, subitems: subitems.map { .item($0) })
    }

    /// `count` copies of one subitem side by side, each at its own size
    /// (`horizontal(layoutSize:repeatingSubitem:count:)`, iOS 16).
    public static func horizontal(layoutSize: CompositionalSize, repeatingSubitem subitem: CompositionalSubitem, count: Int) -> CompositionalGroup {
        CompositionalGroup(layoutSize: layoutSize, axis: .horizontal, subitems: [subitem], count: count, countSizing: .subitemSize)
    }

    public static func horizontal(layoutSize: CompositionalSize, repeatingSubitem item: CompositionalItem, count: Int) -> CompositionalGroup {
        horizontal(layoutSize: layoutSize, repeatingSubitem: .item(item), count: count)
    }

    /// `count` copies of one subitem resized to fit side by side
    /// (`horizontal(layoutSize:subitem:count:)`, iOS 13).
    public static func horizontal(layoutSize: CompositionalSize, subitem: CompositionalSubitem, count: Int) -> CompositionalGroup {
        CompositionalGroup(layoutSize: layoutSize, axis: .horizontal, subitems: [subitem], count: count, countSizing: .fitsGroup)
    }

    public static func horizontal(layoutSize: CompositionalSize, subitem item: CompositionalItem, count: Int) -> CompositionalGroup {
        horizontal(layoutSize: layoutSize, subitem: .item(item), count: count)
    }

    /// Subitems one above the other, repeated while they fit
    /// (`NSCollectionLayoutGroup.vertical(layoutSize:subitems:)`).
    public static func vertical(layoutSize: CompositionalSize, subitems: [CompositionalSubitem]) -> CompositionalGroup {
        CompositionalGroup(layoutSize: layoutSize, axis: .vertical, subitems: subitems)
    }

    public static func vertical(layoutSize: CompositionalSize, subitems: [CompositionalItem]) -> CompositionalGroup {
        vertical(layoutSize: layoutSize, subitems: subitems.map { .item($0) })
    }

    /// `count` copies of one subitem one above the other, each at its own size
    /// (`vertical(layoutSize:repeatingSubitem:count:)`, iOS 16).
    public static func vertical(layoutSize: CompositionalSize, repeatingSubitem subitem: CompositionalSubitem, count: Int) -> CompositionalGroup {
        CompositionalGroup(layoutSize: layoutSize, axis: .vertical, subitems: [subitem], count: count, countSizing: .subitemSize)
    }

    public static func vertical(layoutSize: CompositionalSize, repeatingSubitem item: CompositionalItem, count: Int) -> CompositionalGroup {
        vertical(layoutSize: layoutSize, repeatingSubitem: .item(item), count: count)
    }

    /// `count` copies of one subitem resized to fit one above the other
    /// (`vertical(layoutSize:subitem:count:)`, iOS 13).
    public static func vertical(layoutSize: CompositionalSize, subitem: CompositionalSubitem, count: Int) -> CompositionalGroup {
        CompositionalGroup(layoutSize: layoutSize, axis: .vertical, subitems: [subitem], count: count, countSizing: .fitsGroup)
    }

    public static func vertical(layoutSize: CompositionalSize, subitem item: CompositionalItem, count: Int) -> CompositionalGroup {
        vertical(layoutSize: layoutSize, subitem: .item(item), count: count)
    }

    /// The number of cells one instance holds when each subitem is placed once (with
    /// `count`, exactly the number it holds; without, the least: subitems that fit again
    /// repeat in the layout).
    public var leafCount: Int {
        if let count { return count * (subitems.first?.leafCount ?? 0) }
        return subitems.reduce(0) { $0 + $1.leafCount }
    }

    /// `leafCount`, or nil when it passes `Int.max` (counts inside counts multiply).
    var checkedLeafCount: Int? {
        func cells(_ subitem: CompositionalSubitem) -> Int? {
            guard case .group(let group) = subitem else { return 1 }
            return group.checkedLeafCount
        }
        if let count {
            guard let one = subitems.first.map(cells) ?? 0 else { return nil }
            let (product, overflows) = one.multipliedReportingOverflow(by: count)
            return overflows ? nil : product
        }
        var total = 0
        for subitem in subitems {
            guard let one = cells(subitem) else { return nil }
            let (sum, overflows) = total.addingReportingOverflow(one)
            if overflows { return nil }
            total = sum
        }
        return total
    }

    /// Why the group cannot be used (named below `option`), or nil.
    func problem(_ option: String) -> LayoutOptionsError? {
        if let problem = layoutSize.problem("\(option).layoutSize") { return problem }
        if let count {
            if count < 1 { return LayoutOptionsError(option: "\(option).count", expected: "a whole number ≥ 1", value: String(count)) }
            if subitems.count != 1 {
                return LayoutOptionsError(option: "\(option).subitems", expected: "exactly one subitem with count", value: "\(subitems.count) subitems")
            }
        }
        if subitems.isEmpty { return LayoutOptionsError(option: "\(option).subitems", expected: "at least one subitem", value: "none") }
        if let problem = interItemSpacing?.problem("\(option).interItemSpacing") ?? edgeSpacing?.problem("\(option).edgeSpacing") { return problem }
        if let problem = insetsProblem(contentInsets, "\(option).contentInsets") { return problem }
        for (index, subitem) in subitems.enumerated() {
            let path = "\(option).subitems[\(index)]"
            switch subitem {
            case .group(let group):
                if let problem = group.problem(path) { return problem }
            case .item(let item):
                if let problem = item.layoutSize.problem("\(path).layoutSize") ?? item.edgeSpacing?.problem("\(path).edgeSpacing")
                    ?? insetsProblem(item.contentInsets, "\(path).contentInsets") { return problem }
            }
        }
        return nil
    }
}

/// Insets must be finite and not negative.
func insetsProblem(_ insets: EdgeInsets, _ option: String) -> LayoutOptionsError? {
    for (name, value) in [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
    where !(value.isFinite && value >= 0) {
        return LayoutOptionsError(option: "\(option).\(name)", expected: "a finite number ≥ 0", value: value)
    }
    return nil
}
