// Constraint-building operators. They are spelled `|==|`, `|<=|`, `|>=|` rather than
// overloading `==`, `<=`, `>=`, because `Variable` is `Equatable` (by identity): an
// overloaded `==` returning a `Constraint` would make `x == y` ambiguous and break
// `Set<Variable>`, `#expect(x == y)` and friends.

infix operator |==| : ComparisonPrecedence
infix operator |<=| : ComparisonPrecedence
infix operator |>=| : ComparisonPrecedence

/// `lhs == rhs`, required.
public func |==| <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .equal, rhs)
}
/// `lhs <= rhs`, required.
public func |<=| <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .lessThanOrEqual, rhs)
}
/// `lhs >= rhs`, required.
public func |>=| <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .greaterThanOrEqual, rhs)
}
public func |==| <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs, .equal, rhs) }
public func |<=| <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs, .lessThanOrEqual, rhs) }
public func |>=| <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs, .greaterThanOrEqual, rhs) }
public func |==| <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(Expression(lhs), .equal, rhs) }
public func |<=| <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(Expression(lhs), .lessThanOrEqual, rhs) }
public func |>=| <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(Expression(lhs), .greaterThanOrEqual, rhs) }

infix operator ~ : AssignmentPrecedence

/// `(label.width |>=| 40) ~ .defaultHigh`: the same constraint at another priority.
public func ~ (constraint: Constraint, priority: Priority) -> Constraint { constraint.withPriority(priority) }
