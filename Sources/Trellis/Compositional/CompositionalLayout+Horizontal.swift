// A compositional layout that scrolls horizontally (`CompositionalConfiguration.scrollDirection
// = .horizontal`) is the vertical layout of the same description with x and y exchanged:
// sections follow each other along x, a section's groups follow each other along x, a
// group's dimensions resolve against the container as written (a `.fractionalHeight` is a
// fraction of the collection's height less the section's top and bottom insets), and an
// orthogonal section scrolls vertically. So the layout lays out the *transposed* description
// (widths and heights, horizontal and vertical groups, top and leading exchanged) against
// the transposed container in its own vertical machinery, and transposes every frame back.
// Right to left, the transposed result is mirrored across the content's width (sections,
// groups and a horizontal group's items then run from the right).

extension Size {
    @inline(__always) var transposed: Size { Size(width: height, height: width) }
}

extension Rect {
    @inline(__always) var transposed: Rect { Rect(x: minY, y: minX, width: height, height: width) }
}

extension Point {
    var transposed: Point { Point(x: y, y: x) }
}

extension CompositionalDimension {
    var transposed: CompositionalDimension {
        switch self {
        case .fractionalWidth(let f): .fractionalHeight(f)
        case .fractionalHeight(let f): .fractionalWidth(f)
        case .absolute, .estimated: self
        }
    }
}

extension CompositionalSize {
    var transposed: CompositionalSize { CompositionalSize(widthDimension: heightDimension.transposed, heightDimension: widthDimension.transposed) }
}

extension CompositionalEdgeSpacing {
    var transposed: CompositionalEdgeSpacing { CompositionalEdgeSpacing(leading: top, top: leading, trailing: bottom, bottom: trailing) }
}

extension DirectionalRectEdge {
    var transposed: DirectionalRectEdge {
        var edges: DirectionalRectEdge = []
        if contains(.top) { edges.insert(.leading) }
        if contains(.leading) { edges.insert(.top) }
        if contains(.bottom) { edges.insert(.trailing) }
        if contains(.trailing) { edges.insert(.bottom) }
        return edges
    }
}

extension CompositionalAnchor {
    var transposed: CompositionalAnchor {
        isFractionalOffset
            ? CompositionalAnchor(edges: edges.transposed, fractionalOffset: offset.transposed)
            : CompositionalAnchor(edges: edges.transposed, absoluteOffset: offset.transposed)
    }
}

extension CompositionalSupplementaryItem {
    var transposed: CompositionalSupplementaryItem {
        var item = CompositionalSupplementaryItem(
            layoutSize: layoutSize.transposed, elementKind: elementKind, containerAnchor: containerAnchor.transposed, itemAnchor: itemAnchor?.transposed)
        item.zIndex = zIndex
        return item
    }
}

extension CompositionalSubitem {
    var transposed: CompositionalSubitem {
        switch self {
        case .item(let item):
            .item(CompositionalItem(
                layoutSize: item.layoutSize.transposed, contentInsets: item.contentInsets.transposed, edgeSpacing: item.edgeSpacing?.transposed,
                supplementaryItems: item.supplementaryItems.map(\.transposed)))
        case .group(let group): .group(group.transposed)
        }
    }
}

extension CompositionalGroup {
    var transposed: CompositionalGroup {
        var group = self
        group.layoutSize = layoutSize.transposed
        group.axis = axis == .horizontal ? .vertical : .horizontal
        group.subitems = subitems.map(\.transposed)
        group.contentInsets = contentInsets.transposed
        group.edgeSpacing = edgeSpacing?.transposed
        group.supplementaryItems = supplementaryItems.map(\.transposed)
        if let provider = customItemProvider {
            // The provider is asked with the environment as the app sees it, and its frames
            // are transposed into the layout's.
            group.customItemProvider = CompositionalGroupCustomItemProvider { environment in
                provider.provide(environment.transposed).map { CompositionalGroupCustomItem(frame: $0.frame.transposed, zIndex: $0.zIndex) }
            }
        }
        return group
    }
}

extension CompositionalBoundaryItem {
    var transposed: CompositionalBoundaryItem {
        var item = self
        item.layoutSize = layoutSize.transposed
        switch alignment {
        case .top: item.alignment = .leading
        case .leading: item.alignment = .top
        case .bottom: item.alignment = .trailing
        case .trailing: item.alignment = .bottom
        case .topLeading: item.alignment = .topLeading
        case .topTrailing: item.alignment = .bottomLeading
        case .bottomLeading: item.alignment = .topTrailing
        case .bottomTrailing: item.alignment = .bottomTrailing
        }
        item.offset = offset.transposed
        return item
    }
}

extension CompositionalSection {
    /// The section laid out by the vertical machinery for a horizontal layout.
    var transposed: CompositionalSection {
        var section = self
        section.group = group.transposed
        section.contentInsets = contentInsets.transposed
        section.boundarySupplementaryItems = boundarySupplementaryItems.map(\.transposed)
        section.decorationItems = decorationItems.map { item in
            var item = item
            item.contentInsets = item.contentInsets.transposed
            return item
        }
        return section
    }
}

extension CompositionalEnvironment {
    /// The environment in transposed space (its direction left to right: mirroring is done
    /// on the transposed-back frames).
    var transposed: CompositionalEnvironment {
        var environment = self
        environment.containerSize = containerSize.transposed
        environment.layoutDirection = .leftToRight
        environment.safeAreaInsets = safeAreaInsets.transposed
        environment.layoutMargins = layoutMargins.transposed
        environment.readableContentInsets = readableContentInsets.transposed
        return environment
    }
}

/// A source seen with x and y exchanged: what the vertical machinery reads for a
/// horizontal layout. Sizes it answers are measured sizes exactly when the base's are.
struct TransposedLayoutSource<Base: LayoutSource>: MeasuringLayoutSource {
    let base: Base

    var containerSize: Size { base.containerSize.transposed }
    var layoutDirection: LayoutDirection { .leftToRight }
    var numberOfSections: Int { base.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    func sizeForItem(at indexPath: IndexPath) -> ItemSize { ItemSize(base.sizeForItem(at: indexPath).size.transposed) }

    func sizeForSupplementaryElement(ofKind kind: ElementKind, inSection section: Int) -> Size? {
        base.sizeForSupplementaryElement(ofKind: kind, inSection: section)?.transposed
    }

    func measuredSizeForItem(at indexPath: IndexPath) -> ItemSize? {
        if let measuring = base as? any MeasuringLayoutSource { return measuring.measuredSizeForItem(at: indexPath).map { ItemSize($0.size.transposed) } }
        return sizeForItem(at: indexPath)
    }

    func measuredSizeForSupplementaryElement(ofKind kind: ElementKind, inSection section: Int) -> Size? {
        base.measuredSupplementarySize(ofKind: kind, inSection: section)?.transposed
    }

    func sizesForSupplementaryItems(ofKind kind: ElementKind, inSection section: Int) -> [Int: Size] {
        let sizes = base.sizesForSupplementaryItems(ofKind: kind, inSection: section)
        return sizes.isEmpty ? sizes : sizes.mapValues(\.transposed)
    }
}

extension InvalidationContext {
    /// The context with its sizes transposed.
    var transposed: InvalidationContext {
        var context = self
        context.itemSizes = itemSizes.map { ($0.0, ItemSize($0.1.size.transposed)) }
        context.supplementarySizes = supplementarySizes.map { ($0.0, $0.1, $0.2?.transposed) }
        context.supplementaryItemSizes = supplementaryItemSizes.map { ($0.0, $0.1, $0.2?.transposed) }
        return context
    }
}
