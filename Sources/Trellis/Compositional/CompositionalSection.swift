// Sections, their supplementary and decoration items, the environment a section provider
// receives and the layout-wide configuration: UIKit's `NSCollectionLayoutSection`,
// `NSCollectionLayoutBoundarySupplementaryItem`, `NSCollectionLayoutDecorationItem`,
// `NSCollectionLayoutEnvironment` and `UICollectionViewCompositionalLayoutConfiguration`.

/// A header, footer or other supplementary view attached to a section's edge
/// (`NSCollectionLayoutBoundarySupplementaryItem`). Boundary items extend the section: top
/// ones are stacked above the section's content insets in order, bottom ones below.
public struct CompositionalBoundaryItem: Hashable, Sendable {
    /// Where the item lies (UIKit's `NSRectAlignment`, the four edges).
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// Above the section (a header).
        case top
        /// Below the section (a footer).
        case bottom
        /// Before the section's groups along x, at the top of its items area. In an
        /// orthogonally scrolling section it scrolls with the groups (extending the
        /// boundary, the groups start after it); in a vertical section it lies over the
        /// leading edge of the items area and takes no room (a section is as wide as the
        /// container whatever it holds).
        case leading
        /// After the section's groups along x, as `leading` on the other side.
        case trailing
        /// Above the section as `top`, against the leading side of the section's width
        /// (inside the insets when supplementaries follow them).
        case topLeading
        /// Above the section as `top`, against the trailing side.
        case topTrailing
        /// Below the section as `bottom`, against the leading side.
        case bottomLeading
        /// Below the section as `bottom`, against the trailing side.
        case bottomTrailing

        /// Lies along x, beside the groups rather than above or below them.
        public var isSideways: Bool { self == .leading || self == .trailing }

        /// The edge the item lies along: a corner lies along its top or bottom edge.
        public var edge: Alignment {
            switch self {
            case .topLeading, .topTrailing: .top
            case .bottomLeading, .bottomTrailing: .bottom
            case .top, .bottom, .leading, .trailing: self
            }
        }

        /// A corner against the trailing side of its edge.
        var isTrailingCorner: Bool { self == .topTrailing || self == .bottomTrailing }
    }

    /// Its size: the width is resolved against the section's width (inside its leading and
    /// trailing insets when the section's `supplementariesFollowContentInsets`), the height is
    /// absolute, estimated (measured through the source) or a fraction of the container.
    public var layoutSize: CompositionalSize
    public var elementKind: ElementKind
    public var alignment: Alignment
    /// Sticks to the top (a top item) or bottom (a bottom item) of the visible bounds while
    /// its section is on screen (`pinToVisibleBounds`); in an orthogonal section a leading
    /// item sticks to the container's leading edge, a trailing one to its trailing edge,
    /// while the section's groups pass beneath.
    public var pinToVisibleBounds: Bool
    public var zIndex: Int
    /// The item takes room of its own (true, UIKit's default): a header pushes the
    /// section's content down, a leading item in an orthogonal section pushes the groups
    /// along. False: it lies over the content at the section's edge (the top or bottom of
    /// the area inside the section's content insets, the start or end of the groups) and
    /// the section is laid out as without it (`extendsBoundary`).
    public var extendsBoundary = true
    /// Points the item is moved by from where its alignment puts it, x towards the
    /// trailing edge, y down (`offset`, given as `absoluteOffset`): it moves the item
    /// only, the section keeps the room the item takes.
    public var offset: Point = .zero

    public init(
        layoutSize: CompositionalSize, elementKind: ElementKind, alignment: Alignment,
        pinToVisibleBounds: Bool = false, zIndex: Int = Pinning.supplementaryZIndex
    ) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.alignment = alignment
        self.pinToVisibleBounds = pinToVisibleBounds
        self.zIndex = zIndex
    }

    /// An item moved by `absoluteOffset` points from where `alignment` puts it
    /// (`init(layoutSize:elementKind:alignment:absoluteOffset:)`): a corner badge over a
    /// section's edge, say.
    public init(
        layoutSize: CompositionalSize, elementKind: ElementKind, alignment: Alignment, absoluteOffset: Point
    ) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment)
        offset = absoluteOffset
    }

    /// A section header: full width, estimated height, kind `.header`.
    public static func header(height: CompositionalDimension = .estimated(44), pinToVisibleBounds: Bool = false) -> CompositionalBoundaryItem {
        CompositionalBoundaryItem(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: height),
            elementKind: .header, alignment: .top, pinToVisibleBounds: pinToVisibleBounds)
    }

    /// A section footer: full width, estimated height, kind `.footer`.
    public static func footer(height: CompositionalDimension = .estimated(44), pinToVisibleBounds: Bool = false) -> CompositionalBoundaryItem {
        CompositionalBoundaryItem(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: height),
            elementKind: .footer, alignment: .bottom, pinToVisibleBounds: pinToVisibleBounds)
    }
}

/// A decoration behind a section (`NSCollectionLayoutDecorationItem.background`): it covers
/// the section's whole span (boundary items included, the full container width) shrunk by
/// `contentInsets`, at z-index -1, `indexPath.item == 0`. It is clipped to its section.
public struct CompositionalDecorationItem: Hashable, Sendable {
    public var elementKind: ElementKind
    public var contentInsets: EdgeInsets
    public var zIndex: Int
    /// Trellis addition: cover only the items area (inside the section's content insets,
    /// between its top and bottom boundary items) rather than the whole section, as an
    /// inset-grouped list's rounded background does whatever its header measures.
    public var coversItemsOnly: Bool

    public init(elementKind: ElementKind = .sectionBackground, contentInsets: EdgeInsets = .zero, zIndex: Int = SectionBackground.zIndex, coversItemsOnly: Bool = false) {
        self.elementKind = elementKind
        self.contentInsets = contentInsets
        self.zIndex = zIndex
        self.coversItemsOnly = coversItemsOnly
    }

    public static func background(elementKind: ElementKind = .sectionBackground, contentInsets: EdgeInsets = .zero, coversItemsOnly: Bool = false) -> CompositionalDecorationItem {
        CompositionalDecorationItem(elementKind: elementKind, contentInsets: contentInsets, coversItemsOnly: coversItemsOnly)
    }
}

/// How a section scrolls across the layout's scroll direction
/// (`UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
    /// Not at all: groups follow each other down the layout.
    case none
    /// Freely, groups side by side.
    case continuous
    /// Freely, coming to rest with a group's leading edge at the section's leading edge.
    case continuousGroupLeadingBoundary
    /// One page (the section's visible width) at a time.
    case paging
    /// One group at a time, a group's leading edge at the section's leading edge.
    case groupPaging
    /// One group at a time, the group centred (the first group starts centred).
    case groupPagingCentered
}

/// What a section's content insets are measured from (`UIContentInsetsReference`).
public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
    /// The safe area, as UIKit's `.automatic` resolves for sections.
    case automatic
    /// The container's edges.
    case none
    case safeArea
    case layoutMargins
    case readableContent
}

/// What a section provider is told (`NSCollectionLayoutEnvironment`): the container and the
/// traits that decide a section's shape.
public struct CompositionalEnvironment: Hashable, Sendable {
    /// The collection's container size (`container.contentSize`).
    public var containerSize: Size
    public var layoutDirection: LayoutDirection
    /// Compact below 600 pt of width, regular from 600, as the collection view derives it.
    public var horizontalSizeClass: HorizontalSizeClass
    public var displayScale: Double
    public var safeAreaInsets: EdgeInsets
    public var layoutMargins: EdgeInsets
    /// The leading and trailing insets of the readable content guide.
    public var readableContentInsets: EdgeInsets

    public enum HorizontalSizeClass: String, Hashable, Sendable {
        case compact
        case regular
    }

    /// The container width below which the size class is compact.
    public static let regularWidth = 600.0

    /// The leading/trailing insets of `reference`.
    public func insets(for reference: ContentInsetsReference) -> EdgeInsets {
        switch reference {
        case .none: .zero
        case .automatic, .safeArea: safeAreaInsets
        case .layoutMargins: layoutMargins
        case .readableContent: readableContentInsets
        }
    }
}

/// Layout-wide options (`UICollectionViewCompositionalLayoutConfiguration`, plus what a
/// headless layout cannot read from a window: safe area, margins, display scale).
public struct CompositionalConfiguration: Hashable, Sendable {
    /// Space between consecutive sections.
    public var interSectionSpacing: Double
    public var safeAreaInsets: EdgeInsets
    /// Nil: UIKit's system margins, 16 pt leading and trailing in a compact width, 20 in a
    /// regular one (8 top and bottom).
    public var layoutMargins: EdgeInsets?
    /// The widest the readable content guide gets (UIKit: 672 pt at the default text size).
    public var readableContentWidth: Double
    public var displayScale: Double
    /// The axis the content scrolls along (`scrollDirection`). Horizontal: sections follow
    /// each other left to right (right to left in a right-to-left layout), and so do a
    /// section's groups; dimensions resolve as written (a `.fractionalHeight` is a fraction
    /// of the collection's height less the section's top and bottom insets); an orthogonal
    /// section scrolls vertically (its offset is vertical); the roles of the edges follow
    /// the axis: `.leading` and `.trailing` boundary items extend a section along x as
    /// `.top` and `.bottom` items extend it along y in a vertical layout, and top and
    /// bottom items lie over the items area. `contentInsetsReference` then adds to the top
    /// and bottom insets. Headless: a `CollectionView` hosting the layout scrolls
    /// vertically.
    public var scrollDirection: ScrollDirection = .vertical
    /// Headers and footers of the whole layout (`boundarySupplementaryItems`): `.top` items
    /// above the first section, `.bottom` ones below the last (`.leading` and `.trailing`
    /// before and after the sections when scrolling horizontally), at `indexPath` (0, 0)
    /// of their own kinds, which no section may use. Widths resolve against the container;
    /// an estimated height is used at its estimate (these are not measured); pinned ones
    /// stick to the visible bounds while the content reaches them.
    public var boundarySupplementaryItems: [CompositionalBoundaryItem] = []

    public init(
        interSectionSpacing: Double = 0, safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets? = nil,
        readableContentWidth: Double = 672, displayScale: Double = 1
    ) {
        self.interSectionSpacing = interSectionSpacing
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
        self.readableContentWidth = readableContentWidth
        self.displayScale = displayScale
    }

    public func validate() throws(LayoutOptionsError) {
        try validateSpacing(interSectionSpacing, "interSectionSpacing")
        if let problem = insetsProblem(safeAreaInsets, "safeAreaInsets") ?? layoutMargins.flatMap({ insetsProblem($0, "layoutMargins") }) { throw problem }
        if !(readableContentWidth.isFinite && readableContentWidth > 0) {
            throw LayoutOptionsError(option: "readableContentWidth", expected: "a finite number > 0", value: readableContentWidth)
        }
        try validateScale(displayScale)
        var kinds: Set<ElementKind> = []
        for (index, item) in boundarySupplementaryItems.enumerated() {
            if let problem = item.layoutSize.problem("boundarySupplementaryItems[\(index)].layoutSize") { throw problem }
            for (name, value) in [("x", item.offset.x), ("y", item.offset.y)] where !value.isFinite {
                throw LayoutOptionsError(option: "boundarySupplementaryItems[\(index)].absoluteOffset.\(name)", expected: "a finite number", value: value)
            }
            if item.elementKind.category != .supplementaryView || !kinds.insert(item.elementKind).inserted {
                throw LayoutOptionsError(
                    option: "boundarySupplementaryItems[\(index)].elementKind", expected: "a supplementary kind used once", value: item.elementKind.name)
            }
            if item.alignment.isSideways != (scrollDirection == .horizontal) {
                throw LayoutOptionsError(
                    option: "boundarySupplementaryItems[\(index)].alignment",
                    expected: scrollDirection == .horizontal ? "leading or trailing (the layout scrolls horizontally)" : "top or bottom",
                    value: item.alignment.rawValue)
            }
        }
    }

    /// The environment for a container.
    public func environment(containerSize: Size, layoutDirection: LayoutDirection) -> CompositionalEnvironment {
        let regular = containerSize.width >= CompositionalEnvironment.regularWidth
        let margins = layoutMargins ?? EdgeInsets(top: 8, leading: regular ? 20 : 16, bottom: 8, trailing: regular ? 20 : 16)
        let readable = Swift.max(0, (containerSize.width - readableContentWidth) / 2)
        return CompositionalEnvironment(
            containerSize: containerSize, layoutDirection: layoutDirection,
            horizontalSizeClass: regular ? .regular : .compact, displayScale: displayScale,
            safeAreaInsets: safeAreaInsets, layoutMargins: margins,
            readableContentInsets: EdgeInsets(leading: Swift.max(margins.leading, readable), trailing: Swift.max(margins.trailing, readable)))
    }
}

/// What a section's visible-items handler may change on the items it is given, called with
/// the section's orthogonal scroll offset and the environment
/// (`NSCollectionLayoutSectionVisibleItemsInvalidationHandler`): alpha, z-index, frame
/// (scaling), `isHidden`.
public typealias VisibleItemsInvalidationHandler = @Sendable (_ items: inout [LayoutAttributes], _ offset: Point, _ environment: CompositionalEnvironment) -> Void

/// A section (`NSCollectionLayoutSection`): its group repeated until the section's items run
/// out, with spacing, insets, boundary items, decorations and orthogonal scrolling.
public struct CompositionalSection: Sendable {
    public var group: CompositionalGroup
    /// Space between consecutive repetitions of the group.
    public var interGroupSpacing: Double
    public var contentInsets: EdgeInsets
    /// What the leading and trailing content insets add to (top and bottom insets are from
    /// the section's edges).
    public var contentInsetsReference: ContentInsetsReference
    /// Boundary items' widths follow the leading/trailing content insets (true) or span the
    /// container (false), when `supplementaryContentInsetsReference` is `.automatic`
    /// (deprecated in iOS 16 for it).
    public var supplementariesFollowContentInsets: Bool
    /// What top and bottom boundary items' leading and trailing insets are (iOS 16):
    /// `.automatic` the section's own (its `contentInsetsReference` plus its content
    /// insets, or none when `supplementariesFollowContentInsets` is false), `.none` none (the
    /// items span the container), `.safeArea`, `.layoutMargins`, `.readableContent` those
    /// of that guide alone (the section's content insets do not apply).
    public var supplementaryContentInsetsReference: ContentInsetsReference = .automatic
    public var boundarySupplementaryItems: [CompositionalBoundaryItem]
    public var decorationItems: [CompositionalDecorationItem]
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    /// Called while the elements of the section are queried (orthogonal sections only).
    public var visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler?
    /// Trellis addition for list sections: separator decorations between consecutive groups
    /// (kind `.separator`, `indexPath.item` = the first item of the group above), lying
    /// inside the bottom of the group above as UIKit's list cells draw theirs, so they
    /// take no room: groups are `interGroupSpacing` apart with or without them.
    public var separators: ListLayout.Separators?
    /// Trellis addition: the orthogonal scroll offset the section starts at when it first
    /// appears in the layout (afterwards `setOrthogonalScrollOffset` moves it).
    public var initialOrthogonalScrollOffset = 0.0
    /// The list configuration a list section was made from
    /// (`CompositionalSection.list(using:environment:)`), nil for other sections: what a
    /// list cell reads its appearance from and the collection view its swipe actions.
    public var listConfiguration: CompositionalListConfiguration?

    public init(
        group: CompositionalGroup, interGroupSpacing: Double = 0, contentInsets: EdgeInsets = .zero,
        contentInsetsReference: ContentInsetsReference = .automatic, supplementariesFollowContentInsets: Bool = true,
        boundarySupplementaryItems: [CompositionalBoundaryItem] = [], decorationItems: [CompositionalDecorationItem] = [],
        orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
        visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler? = nil, separators: ListLayout.Separators? = nil
    ) {
        self.group = group
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        self.contentInsetsReference = contentInsetsReference
        self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        self.separators = separators
    }

    /// Throws when the section cannot be used, naming the option by its JSON path below the
    /// section (`group.subitems[0].layoutSize.widthDimension`).
    public func validate() throws(LayoutOptionsError) {
        if let problem = group.problem("group") { throw problem }
        guard let cells = group.checkedLeafCount else {
            throw LayoutOptionsError(option: "group", expected: "at most \(Int.max) cells an instance (counts inside counts multiply)", value: "more")
        }
        if cells < 1 && !group.containsCustomGroup { throw LayoutOptionsError(option: "group", expected: "at least one item", value: "none") }
        try validateAllButGroup()
    }

    /// `validate()` without the group, for a section whose group was checked already (a
    /// layout checks each distinct group once, however many sections share it).
    func validateAllButGroup() throws(LayoutOptionsError) {
        try validateSpacing(interGroupSpacing, "interGroupSpacing")
        if let problem = insetsProblem(contentInsets, "contentInsets") { throw problem }
        var kinds: Set<ElementKind> = []
        for (index, item) in boundarySupplementaryItems.enumerated() {
            if let problem = item.layoutSize.problem("boundarySupplementaryItems[\(index)].layoutSize") { throw problem }
            for (name, value) in [("x", item.offset.x), ("y", item.offset.y)] where !value.isFinite {
                throw LayoutOptionsError(option: "boundarySupplementaryItems[\(index)].absoluteOffset.\(name)", expected: "a finite number", value: value)
            }
            if item.elementKind.category != .supplementaryView || !kinds.insert(item.elementKind).inserted {
                throw LayoutOptionsError(
                    option: "boundarySupplementaryItems[\(index)].elementKind", expected: "a supplementary kind used once per section",
                    value: item.elementKind.name)
            }
        }
        var decorationKinds: Set<ElementKind> = []
        for (index, item) in decorationItems.enumerated() {
            if item.elementKind.category != .decorationView || !decorationKinds.insert(item.elementKind).inserted || item.elementKind == .separator {
                throw LayoutOptionsError(
                    option: "decorationItems[\(index)].elementKind", expected: "a decoration kind used once per section (not separator)",
                    value: item.elementKind.name)
            }
            for (name, value) in [("top", item.contentInsets.top), ("leading", item.contentInsets.leading),
                                  ("bottom", item.contentInsets.bottom), ("trailing", item.contentInsets.trailing)] where !value.isFinite {
                throw LayoutOptionsError(option: "decorationItems[\(index)].contentInsets.\(name)", expected: "a finite number", value: value)
            }
        }
        if !initialOrthogonalScrollOffset.isFinite {
            throw LayoutOptionsError(option: "orthogonalScrollOffset", expected: "a finite number", value: initialOrthogonalScrollOffset)
        }
        if let separators {
            if !(separators.thickness.isFinite && separators.thickness > 0) {
                throw LayoutOptionsError(option: "separators.thickness", expected: "a finite number > 0", value: separators.thickness)
            }
            try validateSpacing(separators.insets.leading, "separators.insets.leading")
            try validateSpacing(separators.insets.trailing, "separators.insets.trailing")
        }
    }
}
