/// How strongly a constraint, a content hugging or a compression resistance wants to hold:
/// 1…1000, where 1000 is required. `UILayoutPriority`'s values and meaning.
public struct LayoutPriority: Hashable, Sendable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: Float

    public init(_ rawValue: Float) {
        precondition(rawValue >= 1 && rawValue <= 1000, "a layout priority lies in 1...1000, not \(rawValue)")
        self.rawValue = rawValue
    }

    public init(floatLiteral value: Float) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Float(value)) }

    public static let required: LayoutPriority = 1000
    public static let defaultHigh: LayoutPriority = 750
    public static let dragThatCanResizeScene: LayoutPriority = 510
    public static let defaultLow: LayoutPriority = 250
    /// The priority `systemLayoutSizeFitting` gives the target size on an axis that should
    /// be as small (or large) as the content allows.
    public static let fittingSizeLevel: LayoutPriority = 50

    public var isRequired: Bool { rawValue >= 1000 }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(min(1000, lhs.rawValue + rhs)) }
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(max(1, lhs.rawValue - rhs)) }

    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}
