/// How a constraint's left side relates to its right side.
public enum Relation: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case equal
    case lessThanOrEqual
    case greaterThanOrEqual

    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}
