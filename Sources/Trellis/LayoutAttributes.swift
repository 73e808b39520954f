/// What an element of a collection is: a cell, a supplementary view (header, footer) or a
/// decoration (separator, section background).
public enum ElementCategory: String, Hashable, Sendable, Codable {
    case cell
    case supplementaryView
    case decorationView
}

/// The kind of an element: its category and, for supplementary and decoration views, a
/// name (`"header"`, `"footer"`, `"separator"` …). The equivalent of UIKit's
/// `representedElementCategory` plus `representedElementKind`.
public struct ElementKind: Hashable, Sendable, Codable, CustomStringConvertible {
    public let category: ElementCategory
    public let name: String

    @inlinable public init(category: ElementCategory, name: String) {
        self.category = category
        self.name = name
    }

    public static let cell = ElementKind(category: .cell, name: "cell")
    /// A section header (`UICollectionView.elementKindSectionHeader`).
    public static let header = ElementKind(category: .supplementaryView, name: "header")
    /// A section footer (`UICollectionView.elementKindSectionFooter`).
    public static let footer = ElementKind(category: .supplementaryView, name: "footer")

    /// A supplementary view kind of your own.
    public static func supplementary(_ name: String) -> ElementKind {
        ElementKind(category: .supplementaryView, name: name)
    }

    /// A decoration view kind (separators, section backgrounds).
    public static func decoration(_ name: String) -> ElementKind {
        ElementKind(category: .decorationView, name: name)
    }

    public var description: String { category == .cell ? "cell" : name }
}

/// Where and how one element is shown: the portable `UICollectionViewLayoutAttributes`.
/// A value: layouts hand out copies, never shared mutable objects.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
    /// The item's index path; for supplementary and decoration views, `item` is the index
    /// of the element within its section (0 for headers and footers).
    public var indexPath: IndexPath
    public var kind: ElementKind
    public var frame: Rect
    /// Drawing order: higher is on top. Cells 0, supplementary views 10 (pinned ones 20),
    /// decorations -1 by the layouts in this package.
    public var zIndex: Int
    /// True when a header or footer is shown at its pinned (sticky) position rather than
    /// where it sits in the content.
    public var isPinned: Bool
    /// Opacity, used by initial and final attributes of appearing and disappearing items.
    public var alpha: Double
    /// True for an element that is laid out but not shown (beyond `maximumLines`).
    public var isHidden: Bool

    @inlinable public init(
        indexPath: IndexPath, kind: ElementKind = .cell, frame: Rect, zIndex: Int = 0,
        isPinned: Bool = false, alpha: Double = 1, isHidden: Bool = false
    ) {
        self.indexPath = indexPath
        self.kind = kind
        self.frame = frame
        self.zIndex = zIndex
        self.isPinned = isPinned
        self.alpha = alpha
        self.isHidden = isHidden
    }

    /// The size of the frame.
    @inlinable public var size: Size { frame.size }

    public var description: String {
        "\(kind) \(indexPath) \(frame)\(isPinned ? " pinned" : "")\(isHidden ? " hidden" : "")"
    }
}
