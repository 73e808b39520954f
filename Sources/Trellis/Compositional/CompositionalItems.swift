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
    /// Views attached to each cell this item places (badges), anchored to the cell's frame;
    /// each kind at most once.
    public var supplementaryItems: [CompositionalSupplementaryItem]

    public init(
        layoutSize: CompositionalSize, contentInsets: EdgeInsets = .zero, edgeSpacing: CompositionalEdgeSpacing? = nil,
        supplementaryItems: [CompositionalSupplementaryItem] = []
    ) {
        self.layoutSize = layoutSize
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }

    /// An item with supplementary items (`NSCollectionLayoutItem(layoutSize:supplementaryItems:)`).
    public init(layoutSize: CompositionalSize, supplementaryItems: [CompositionalSupplementaryItem]) {
        self.init(layoutSize: layoutSize, contentInsets: .zero, edgeSpacing: nil, supplementaryItems: supplementaryItems)
    }

    func problem(_ option: String) -> LayoutOptionsError? {
        if let problem = layoutSize.problem("\(option).layoutSize") ?? edgeSpacing?.problem("\(option).edgeSpacing")
            ?? insetsProblem(contentInsets, "\(option).contentInsets") { return problem }
        var kinds: Set<ElementKind> = []
        for (index, supplementary) in supplementaryItems.enumerated() {
            let path = "\(option).supplementaryItems[\(index)]"
            if supplementary.elementKind.category != .supplementaryView || !kinds.insert(supplementary.elementKind).inserted {
                return LayoutOptionsError(option: "\(path).elementKind", expected: "a supplementary kind used once per item", value: supplementary.elementKind.name)
            }
            if let problem = supplementary.problem(path) { return problem }
        }
        return nil
    }
}

/// Edges of a rectangle, leading and trailing following the layout direction
/// (`NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where a supplementary item is attached to a rectangle (`NSCollectionLayoutAnchor`).
///
/// The anchor's point on a rectangle is, along x, its leading edge when `edges` holds
/// `.leading` alone, its trailing edge with `.trailing` alone, else its centre; along y
/// likewise with `.top` and `.bottom`. So one edge attaches to the middle of that edge, two
/// adjacent edges to a corner. The offset then moves the point: in points (`absoluteOffset`)
/// or in units of the supplementary item's own size (`fractionalOffset`: x 0.3 is 30 % of its
/// width), x towards the trailing edge and y down, mirrored with the layout in right-to-left.
public struct CompositionalAnchor: Hashable, Sendable {
    public var edges: DirectionalRectEdge
    public var offset: Point
    /// The offset is a fraction of the supplementary item's size (else points).
    public var isFractionalOffset: Bool

    public var isAbsoluteOffset: Bool { !isFractionalOffset }

    /// Attached within `edges`, no offset (`init(edges:)`).
    public init(edges: DirectionalRectEdge) {
        self.init(edges: edges, absoluteOffset: Point(x: 0, y: 0))
    }

    /// Moved by `absoluteOffset` points (`init(edges:absoluteOffset:)`).
    public init(edges: DirectionalRectEdge, absoluteOffset: Point) {
        self.edges = edges
        offset = absoluteOffset
        isFractionalOffset = false
    }

    /// Moved by `fractionalOffset` times the supplementary item's size
    /// (`init(edges:fractionalOffset:)`).
    public init(edges: DirectionalRectEdge, fractionalOffset: Point) {
        self.edges = edges
        offset = fractionalOffset
        isFractionalOffset = true
    }

    /// The anchor's point on `rect` (layout space), its offset resolved for a supplementary
    /// item of `size`.
    func point(in rect: Rect, supplementarySize size: Size) -> Point {
        let x = edges.contains(.leading) == edges.contains(.trailing) ? rect.midX : edges.contains(.leading) ? rect.minX : rect.maxX
        let y = edges.contains(.top) == edges.contains(.bottom) ? rect.midY : edges.contains(.top) ? rect.minY : rect.maxY
        return isFractionalOffset
            ? Point(x: x + offset.x * size.width, y: y + offset.y * size.height)
            : Point(x: x + offset.x, y: y + offset.y)
    }

    func problem(_ option: String) -> LayoutOptionsError? {
        if !offset.x.isFinite { return LayoutOptionsError(option: "\(option).offset.x", expected: "a finite number", value: offset.x) }
        if !offset.y.isFinite { return LayoutOptionsError(option: "\(option).offset.y", expected: "a finite number", value: offset.y) }
        return nil
    }
}

/// A view attached to every cell an item places, such as a badge
/// (`NSCollectionLayoutSupplementaryItem`), reported with the cell's index path and its own
/// kind.
///
/// **Where.** The container anchor's point on the cell's frame (the item's area less its
/// content insets) and the item anchor's point on the supplementary item's own frame
/// coincide. Without an item anchor the supplementary item lies within the container
/// anchor's edges (its item anchor takes the container anchor's edges and no offset): with
/// `[.top, .trailing]` its top-trailing corner is the cell's, before the offset. Its
/// `layoutSize` resolves fractions against the cell's size.
///
/// **Self-sizing.** An estimated dimension is used at its estimate until the item's view
/// is measured, then at the measured extent, per cell: a badge "3" and a badge "1,024" each
/// get their own width, as UIKit self-sizes an estimated `NSCollectionLayoutSupplementaryItem`.
/// The anchors are resolved against the size in use (a fractional offset is a fraction of
/// the measured size), and the dimensions that are not estimated stay as resolved. A
/// collection view measures the supplementary views it displays (the layout's
/// `fittingProposal(forSupplementaryElementOfKind:at:)` leaves the estimated extents free);
/// a layout source hands measured sizes in with `sizesForSupplementaryItems(ofKind:inSection:)`.
///
/// It takes no room: cells and groups are where they would be without it, and it may stick
/// out of its cell (Apple's Badges sample hangs a badge over the top-trailing corner).
public struct CompositionalSupplementaryItem: Hashable, Sendable {
    public var layoutSize: CompositionalSize
    public var elementKind: ElementKind
    public var containerAnchor: CompositionalAnchor
    /// The point of the supplementary item placed on the container anchor's; nil: the
    /// container anchor's edges (the item lies inside them).
    public var itemAnchor: CompositionalAnchor?
    /// Trellis's supplementary views draw at 10, above cells (0); UIKit leaves the order
    /// among equal z-indexes unspecified, so a badge that must cover its cell says so.
    public var zIndex: Int

    /// `NSCollectionLayoutSupplementaryItem(layoutSize:elementKind:containerAnchor:)`.
    public init(layoutSize: CompositionalSize, elementKind: ElementKind, containerAnchor: CompositionalAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }

    /// `NSCollectionLayoutSupplementaryItem(layoutSize:elementKind:containerAnchor:itemAnchor:)`.
    public init(layoutSize: CompositionalSize, elementKind: ElementKind, containerAnchor: CompositionalAnchor, itemAnchor: CompositionalAnchor?) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        zIndex = Pinning.supplementaryZIndex
    }

    /// Whether a dimension is estimated (the item is measured).
    var isEstimated: Bool { layoutSize.widthDimension.isEstimated || layoutSize.heightDimension.isEstimated }

    /// Its size on a cell of size `cell`: estimated dimensions at their `measured` extent
    /// when there is one, else at their estimate.
    func size(on cell: Size, measured: Size?) -> Size {
        var size = Size(width: layoutSize.widthDimension.resolvedOrEstimate(in: cell), height: layoutSize.heightDimension.resolvedOrEstimate(in: cell))
        if let measured {
            if layoutSize.widthDimension.isEstimated { size.width = measured.width }
            if layoutSize.heightDimension.isEstimated { size.height = measured.height }
        }
        return size
    }

    /// Its frame (layout space) attached to a cell whose frame is `cell`; `measured`: the
    /// size its view was measured at, if it was.
    func frame(attachedTo cell: Rect, measured: Size? = nil) -> Rect {
        let size = size(on: cell.size, measured: measured)
        let target = containerAnchor.point(in: cell, supplementarySize: size)
        let own = (itemAnchor ?? CompositionalAnchor(edges: containerAnchor.edges)).point(in: Rect(origin: .zero, size: size), supplementarySize: size)
        return Rect(x: target.x - own.x, y: target.y - own.y, width: size.width, height: size.height)
    }

    /// How far, at most, its frame reaches past the cell it is attached to, for a cell no
    /// larger than `container` (queries widen their search by it); `measured`: a size it
    /// was measured at.
    func reach(in container: Size, measured: Size? = nil) -> Double {
        let size = size(on: container, measured: measured)
        func shift(_ anchor: CompositionalAnchor?) -> Double {
            guard let anchor else { return 0 }
            return anchor.isFractionalOffset
                ? Swift.max(Swift.abs(anchor.offset.x) * size.width, Swift.abs(anchor.offset.y) * size.height)
                : Swift.max(Swift.abs(anchor.offset.x), Swift.abs(anchor.offset.y))
        }
        return Swift.max(size.width, size.height) + shift(containerAnchor) + shift(itemAnchor)
    }

    func problem(_ option: String) -> LayoutOptionsError? {
        layoutSize.problem("\(option).layoutSize") ?? containerAnchor.problem("\(option).containerAnchor")
            ?? itemAnchor?.problem("\(option).itemAnchor")
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
    /// A custom group's cells (`custom(layoutSize:itemProvider:)`); nil for a group of
    /// subitems.
    public var customItemProvider: CompositionalGroupCustomItemProvider?
    /// Supplementary items anchored to the group's frame (`supplementaryItems`, which
    /// UIKit anchors "to the group's geometry"): one of each per repetition of the
    /// section's group, placed against that repetition's frame as an item's badges are
    /// against the cell's — a partial last repetition keeps the group's full frame. Each
    /// is at the index path of its repetition's first item. Only the section's own group
    /// takes them (a nested group's are refused by `validate()`), and their kinds may not
    /// be used by the group's items' supplementary items.
    public var supplementaryItems: [CompositionalSupplementaryItem] = []
    /// The custom items the provider returned for the layout's current environment, filled
    /// in when a layout compiles the group.
    var resolvedCustomItems: [CompositionalGroupCustomItem]?

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

    /// A group whose cells are where `itemProvider` says, frames relative to the group's
    /// top-leading corner (`NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)`). The
    /// layout calls the provider with its environment each time it compiles the group (when
    /// it prepares, or when the container changes), not once per repetition: every
    /// repetition holds the same cells, one per custom item, in the order returned. An
    /// estimated extent is the custom items' bounding box. It must return at least one item,
    /// with finite frames of non-negative size.
    public static func custom(
        layoutSize: CompositionalSize, itemProvider: @escaping @Sendable (_ environment: CompositionalEnvironment) -> [CompositionalGroupCustomItem]
    ) -> CompositionalGroup {
        var group = CompositionalGroup(layoutSize: layoutSize, axis: .horizontal, subitems: [])
        group.customItemProvider = CompositionalGroupCustomItemProvider(itemProvider)
        return group
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
        if customItemProvider != nil { return resolvedCustomItems?.count ?? 0 }
        if let count { return count * (subitems.first?.leafCount ?? 0) }
        return subitems.reduce(0) { $0 + $1.leafCount }
    }

    /// `leafCount`, or nil when it passes `Int.max` (counts inside counts multiply).
    var checkedLeafCount: Int? {
        if customItemProvider != nil { return resolvedCustomItems?.count ?? 0 }
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

    /// Why the group cannot be used (named below `option`), or nil. `nested`: the group is
    /// inside another group.
    func problem(_ option: String, nested: Bool = false) -> LayoutOptionsError? {
        if let problem = layoutSize.problem("\(option).layoutSize") { return problem }
        if let problem = supplementaryItemsProblem(option, nested: nested) { return problem }
        if customItemProvider != nil {
            if !subitems.isEmpty || count != nil {
                return LayoutOptionsError(option: "\(option).subitems", expected: "no subitems or count in a custom group", value: "\(subitems.count) subitems")
            }
            return nil
        }
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
                if let problem = group.problem(path, nested: true) { return problem }
            case .item(let item):
                if let problem = item.problem(path) { return problem }
            }
        }
        return nil
    }
}

extension CompositionalGroup {
    /// Why the group's own supplementary items cannot be used, or nil.
    private func supplementaryItemsProblem(_ option: String, nested: Bool) -> LayoutOptionsError? {
        guard !supplementaryItems.isEmpty else { return nil }
        if nested {
            return LayoutOptionsError(
                option: "\(option).supplementaryItems", expected: "no supplementary items on a nested group (only the section's group takes them)",
                value: "\(supplementaryItems.count) items")
        }
        var itemKinds: Set<ElementKind> = []
        func collect(_ subitems: [CompositionalSubitem]) {
            for subitem in subitems {
                switch subitem {
                case .item(let item): for supplementary in item.supplementaryItems { itemKinds.insert(supplementary.elementKind) }
                case .group(let group): collect(group.subitems)
                }
            }
        }
        collect(subitems)
        var kinds: Set<ElementKind> = []
        for (index, supplementary) in supplementaryItems.enumerated() {
            let path = "\(option).supplementaryItems[\(index)]"
            if supplementary.elementKind.category != .supplementaryView || itemKinds.contains(supplementary.elementKind)
                || !kinds.insert(supplementary.elementKind).inserted {
                return LayoutOptionsError(
                    option: "\(path).elementKind", expected: "a supplementary kind used once per group and by none of its items",
                    value: supplementary.elementKind.name)
            }
            if let problem = supplementary.problem(path) { return problem }
        }
        return nil
    }

    /// Whether the group or one nested in it is custom (its cells known only from the
    /// environment).
    var containsCustomGroup: Bool {
        customItemProvider != nil || subitems.contains { if case .group(let group) = $0 { group.containsCustomGroup } else { false } }
    }

    /// The group with every custom group's items asked of its provider for `environment`.
    /// - Precondition: each provider returns at least one item, with finite frames of
    ///   non-negative size.
    func resolvingCustomItems(in environment: CompositionalEnvironment) -> CompositionalGroup {
        var group = self
        if let provider = customItemProvider {
            let items = provider.provide(environment)
            precondition(!items.isEmpty, "CompositionalGroup.custom: the item provider returned no items")
            for item in items {
                let frame = item.frame
                precondition(
                    frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite && frame.width >= 0 && frame.height >= 0,
                    "CompositionalGroup.custom: a custom item's frame must be finite, of non-negative size, not \(frame)")
            }
            group.resolvedCustomItems = items
        }
        group.subitems = subitems.map { subitem in
            if case .group(let nested) = subitem, nested.containsCustomGroup { return .group(nested.resolvingCustomItems(in: environment)) }
            return subitem
        }
        return group
    }
}

/// One cell of a custom group (`NSCollectionLayoutGroupCustomItem`): its frame relative to
/// the group's top-leading corner (x towards the trailing edge, mirrored in right-to-left),
/// and its z-index.
public struct CompositionalGroupCustomItem: Hashable, Sendable {
    public var frame: Rect
    public var zIndex: Int

    /// `NSCollectionLayoutGroupCustomItem(frame:)`.
    public init(frame: Rect) {
        self.init(frame: frame, zIndex: 0)
    }

    /// `NSCollectionLayoutGroupCustomItem(frame:zIndex:)`.
    public init(frame: Rect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// The item provider of a custom group (`NSCollectionLayoutGroupCustomItemProvider`). Two
/// providers are equal when they are the same value (made by one `init`): closures cannot
/// be compared, and a layout reuses what it compiled for a group equal to the one before.
public struct CompositionalGroupCustomItemProvider: Hashable, Sendable {
    private final class Identity: Sendable {}
    private let identity = Identity()
    let provide: @Sendable (CompositionalEnvironment) -> [CompositionalGroupCustomItem]

    public init(_ provide: @escaping @Sendable (_ environment: CompositionalEnvironment) -> [CompositionalGroupCustomItem]) {
        self.provide = provide
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity === rhs.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
}

/// Insets must be finite and not negative.
func insetsProblem(_ insets: EdgeInsets, _ option: String) -> LayoutOptionsError? {
    for (name, value) in [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
    where !(value.isFinite && value >= 0) {
        return LayoutOptionsError(option: "\(option).\(name)", expected: "a finite number ≥ 0", value: value)
    }
    return nil
}
