/// Auto Layout's constraint priority: 1…1000, where 1000 is required.
///
/// A constraint of higher priority is satisfied in preference to *any* amount of violation
/// of constraints of lower priority (the solver's objective is lexicographic, see
/// docs/Cassowary.md). Constraints of equal priority trade their violations one for one.
///
/// Any `Float` can be written down; the solver rejects values outside 1…1000 (and NaN) with
/// `SolverError.Code.invalidPriority` when the constraint or edit variable is added.
public struct Priority: RawRepresentable, Comparable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ value: Float) { self.rawValue = value }
    public init(floatLiteral value: Float) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    /// 1000: must hold; adding a required constraint that cannot hold is an error.
    public static let required = Priority(1000)
    /// 750: the default content compression resistance.
    public static let defaultHigh = Priority(750)
    /// 250: the default content hugging.
    public static let defaultLow = Priority(250)
    /// 50: what `systemLayoutSizeFitting` uses to pull a size towards the target.
    public static let fittingSizeLevel = Priority(50)

    public var isRequired: Bool { rawValue == 1000 }

    /// Whether the solver accepts this priority: 1…1000, not NaN.
    public var isValid: Bool { rawValue >= 1 && rawValue <= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        rawValue == rawValue.rounded() && abs(rawValue) < 1e6 ? String(Int(rawValue)) : String(rawValue)
    }
}
