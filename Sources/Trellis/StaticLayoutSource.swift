/// A layout source built from values: a container and, for each section, its item sizes
/// and optional header and footer. What tests, the command-line tool and benchmarks use to
/// drive a layout without a collection view.
public struct StaticLayoutSource: LayoutSource, Sendable {
    /// The sizes of a section's items.
    public enum ItemSizes: Sendable {
        /// `count` items of the same size (UIKit's `itemSize`).
        case fixed(count: Int, size: ItemSize)
        /// One size per item (the `sizeForItemAt` delegate, answered in advance).
        case list([ItemSize])
        /// One size per item, computed on demand from the item's index.
        case computed(count: Int, @Sendable (Int) -> ItemSize)

        public var count: Int {
            switch self {
            case .fixed(let count, _), .computed(let count, _): count
            case .list(let sizes): sizes.count
            }
        }

        @inlinable public subscript(item: Int) -> ItemSize {
            switch self {
            case .fixed(_, let size): size
            case .list(let sizes): sizes[item]
            case .computed(_, let size): size(item)
            }
        }
    }

    public struct Section: Sendable {
        public var items: ItemSizes
        public var header: Size?
        public var footer: Size?
        /// The sizes badges (supplementary items attached to cells) were measured at: by
        /// kind, then by item. A layout uses them for badges whose size is estimated.
        public var supplementaryItemSizes: [ElementKind: [Int: Size]] = [:]

        public init(items: ItemSizes, header: Size? = nil, footer: Size? = nil) {
            self.items = items
            self.header = header
            self.footer = footer
        }

        /// A section with one size per item.
        public init(sizes: [Size], header: Size? = nil, footer: Size? = nil) {
            self.init(items: .list(sizes.map { ItemSize($0) }), header: header, footer: footer)
        }
    }

    public var containerSize: Size
    public var layoutDirection: LayoutDirection
    public var sections: [Section]

    public init(containerSize: Size, layoutDirection: LayoutDirection = .leftToRight, sections: [Section]) {
        self.containerSize = containerSize
        self.layoutDirection = layoutDirection
        self.sections = sections
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }

    public func sizeForItem(at indexPath: IndexPath) -> ItemSize { sections[indexPath.section].items[indexPath.item] }

    public func sizeForSupplementaryElement(ofKind kind: ElementKind, inSection section: Int) -> Size? {
        switch kind {
        case .header: sections[section].header
        case .footer: sections[section].footer
        default: nil
        }
    }

    public func sizesForSupplementaryItems(ofKind kind: ElementKind, inSection section: Int) -> [Int: Size] {
        sections[section].supplementaryItemSizes[kind] ?? [:]
    }

    /// Replaces the size of one item, turning the section's sizes into a list if needed.
    public mutating func setSize(_ size: ItemSize, at indexPath: IndexPath) {
        let items = sections[indexPath.section].items
        var sizes: [ItemSize]
        if case .list(let existing) = items { sizes = existing } else { sizes = (0..<items.count).map { items[$0] } }
        sections[indexPath.section].items = .list([])  // release the old array so the write below does not copy it
        sizes[indexPath.item] = size
        sections[indexPath.section].items = .list(sizes)
    }
}
