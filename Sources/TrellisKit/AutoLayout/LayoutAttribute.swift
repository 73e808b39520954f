/// A part of a layout item's rectangle that a constraint can relate
/// (`NSLayoutConstraint.Attribute`).
public enum LayoutAttribute: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case left, right, top, bottom
    /// The left edge in a left-to-right layout, the right edge in a right-to-left one.
    case leading
    /// The right edge in a left-to-right layout, the left edge in a right-to-left one.
    case trailing
    case width, height, centerX, centerY
    /// The baseline of the first line of text (the bottom edge for views without text).
    case firstBaseline
    /// The baseline of the last line of text (the bottom edge for views without text).
    case lastBaseline

    /// Which kind of quantity the attribute is; constraints relate like with like.
    enum Family { case xPosition, yPosition, dimension }

    var family: Family {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: .xPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: .yPosition
        case .width, .height: .dimension
        }
    }

    /// Leading and trailing follow the layout direction; they cannot be mixed with left and
    /// right in one constraint (UIKit raises for that too).
    var isDirectional: Bool { self == .leading || self == .trailing }
    var isAbsoluteHorizontalEdge: Bool { self == .left || self == .right }
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    public var description: String { rawValue }
}

/// How the first attribute of a constraint relates to the second (`NSLayoutConstraint.Relation`).
public enum LayoutRelation: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
