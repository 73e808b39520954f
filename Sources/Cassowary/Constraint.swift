/// A linear relation between two expressions with a priority, compared by identity.
///
/// Immutable: to change a priority, make a new constraint (``withPriority(_:)``) and swap it
/// in the solver. Build one with the initialiser or with the operators `|==|`, `|<=|`,
/// `|>=|` (see `Constraint+Operators.swift`); the ordinary `==` keeps its `Equatable`
/// meaning.
public final class Constraint: Hashable, CustomStringConvertible, Sendable {
    /// The left side as written, kept for descriptions.
    public let lhs: Expression
    /// The right side as written, kept for descriptions.
    public let rhs: Expression
    public let relation: Relation
    public let priority: Priority
    /// An optional name shown in descriptions and error messages.
    public let identifier: String?
    /// `lhs - rhs`, reduced: the solver works on `expression relation 0`.
    public let expression: Expression

    public init(
        _ lhs: some LinearExpressionConvertible, _ relation: Relation, _ rhs: some LinearExpressionConvertible,
        priority: Priority = .required, identifier: String? = nil
    ) {
        self.lhs = lhs.linearExpression
        self.rhs = rhs.linearExpression
        self.relation = relation
        self.priority = priority
        self.identifier = identifier
        self.expression = Expression.difference(self.lhs, self.rhs)
    }

    /// Shares the (copy-on-write) expressions of an existing constraint.
    private init(sharing other: Constraint, priority: Priority, identifier: String?) {
        lhs = other.lhs
        rhs = other.rhs
        relation = other.relation
        expression = other.expression
        self.priority = priority
        self.identifier = identifier
    }

    public convenience init(
        _ lhs: some LinearExpressionConvertible, _ relation: Relation, _ constant: Double,
        priority: Priority = .required, identifier: String? = nil
    ) {
        self.init(lhs, relation, Expression(constant), priority: priority, identifier: identifier)
    }

    /// A new constraint with the same relation and identifier at `priority`.
    public func withPriority(_ priority: Priority) -> Constraint {
        Constraint(sharing: self, priority: priority, identifier: identifier)
    }

    /// A new constraint with the same relation and priority named `identifier`.
    public func identified(_ identifier: String) -> Constraint {
        Constraint(sharing: self, priority: priority, identifier: identifier)
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `"name": label.width >= 40 (priority 750)`; required constraints omit the priority.
    public var description: String {
        var text = "\(lhs) \(relation) \(rhs)"
        if !priority.isRequired { text += " (priority \(priority))" }
        if let identifier { text = "\"\(identifier)\": " + text }
        return text
    }
}

extension Constraint {
    /// Whether `other` has the same relation and terms (the same variables with the same
    /// coefficients, in order): the two may differ in their constant and priority. What
    /// `Solver.replace(_:with:)` moves in place, and what a layout engine compares before
    /// replacing a constraint whose numbers may have changed.
    /// - Parameter other: the constraint to compare with.
    /// - Returns: true when the relation and every term are the same.
    public func hasSameTerms(as other: Constraint) -> Bool {
        guard relation == other.relation, expression.terms.count == other.expression.terms.count else { return false }
        for (x, y) in zip(expression.terms, other.expression.terms) where x.variable !== y.variable || x.coefficient != y.coefficient {
            return false
        }
        return true
    }
}
