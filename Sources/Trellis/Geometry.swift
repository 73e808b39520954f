// Geometry in points. Double everywhere, like CGFloat on 64-bit Apple platforms.
// No Foundation: these types sit in every hot path of the layouts.

/// A location in a two-dimensional coordinate system, y growing downwards.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }

    /// The extent along `axis`: width for horizontal, height for vertical.
    @inlinable public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// Horizontal or vertical; used by layouts that run along either axis.
public enum Axis: Hashable, Sendable, Codable {
    case horizontal
    case vertical

    @inlinable public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// A rectangle given by its origin (top-left) and size. Sizes are expected non-negative.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }

    /// True when the rectangle has no area.
    @inlinable public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The smallest coordinate along `axis`.
    @inlinable public func min(_ axis: Axis) -> Double { axis == .horizontal ? minX : minY }
    /// The largest coordinate along `axis`.
    @inlinable public func max(_ axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }

    /// True when the two rectangles share interior area (touching edges do not count),
    /// the same rule as `CGRect.intersects`.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `point` lies inside (min edges inclusive, max edges exclusive).
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when `other` lies entirely inside this rectangle.
    @inlinable public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The overlap of the two rectangles, or nil when they do not intersect.
    @inlinable public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), x1 = Swift.min(maxX, other.maxX)
        let y0 = Swift.max(minY, other.minY), y1 = Swift.min(maxY, other.maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both.
    @inlinable public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), x1 = Swift.max(maxX, other.maxX)
        let y0 = Swift.min(minY, other.minY), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` (edges resolved for `direction`). Never negative.
    @inlinable public func inset(by insets: EdgeInsets, direction: LayoutDirection = .leftToRight) -> Rect {
        let left = insets.left(in: direction), right = insets.right(in: direction)
        return Rect(
            x: minX + left, y: minY + insets.top,
            width: Swift.max(0, width - left - right),
            height: Swift.max(0, height - insets.top - insets.bottom))
    }

    /// Mirrors the rectangle horizontally inside a container of `containerWidth`
    /// (what right-to-left layout does to a left-to-right frame).
    @inlinable public func mirroredHorizontally(inWidth containerWidth: Double) -> Rect {
        Rect(x: containerWidth - maxX, y: minY, width: width, height: height)
    }

    public var description: String {
        "(\(formatPoints(minX)), \(formatPoints(minY)), \(formatPoints(width)), \(formatPoints(height)))"
    }
}

/// Left-to-right or right-to-left: decides which physical edge is "leading".
public enum LayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// The direction in which a collection scrolls. Lines of a flow layout run across it.
public enum ScrollDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case vertical
    case horizontal

    /// The axis along which content grows (and scrolls).
    @inlinable public var axis: Axis { self == .vertical ? .vertical : .horizontal }
}

/// Insets with leading and trailing edges, resolved to left and right by a layout direction
/// (like `NSDirectionalEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    @inlinable public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on all four edges.
    @inlinable public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    public static let zero = EdgeInsets()

    /// The physical left inset for `direction`.
    @inlinable public func left(in direction: LayoutDirection) -> Double {
        direction == .leftToRight ? leading : trailing
    }

    /// The physical right inset for `direction`.
    @inlinable public func right(in direction: LayoutDirection) -> Double {
        direction == .leftToRight ? trailing : leading
    }

    /// leading + trailing.
    @inlinable public var horizontal: Double { leading + trailing }
    /// top + bottom.
    @inlinable public var vertical: Double { top + bottom }

    /// The sum of the two insets across `axis` (horizontal: leading + trailing).
    @inlinable public func total(along axis: Axis) -> Double { axis == .horizontal ? horizontal : vertical }

    public var description: String {
        "(top \(formatPoints(top)), leading \(formatPoints(leading)), bottom \(formatPoints(bottom)), trailing \(formatPoints(trailing)))"
    }
}

/// Formats a coordinate without a trailing ".0" for whole numbers ("12", "12.5").
@usableFromInline
func formatPoints(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
