/// A variable times a coefficient.
public struct Term: Sendable, CustomStringConvertible {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String { Expression(terms: [self]).description }
}

/// A linear expression: `Σ coefficient · variable + constant`.
///
/// Build one with the arithmetic operators, e.g. `2 * x + y - 10`; a `Variable` or `Term`
/// can stand wherever an expression is expected (``LinearExpressionConvertible``).
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ constant: Double) { self.init(terms: [], constant: constant) }

    /// The same expression with each variable once and no zero coefficients, variables in
    /// order of first appearance.
    /// - Complexity: O(n²) in the number of terms, which is small; avoids hashing.
    public func reduced() -> Expression {
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        for term in terms {
            if let i = merged.firstIndex(where: { $0.variable === term.variable }) {
                merged[i].coefficient += term.coefficient
            } else {
                merged.append(term)
            }
        }
        merged.removeAll { $0.coefficient == 0 }
        return Expression(terms: merged, constant: constant)
    }

    /// Whether every coefficient and the constant are finite numbers.
    public var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    /// The value of the expression with the variables' published values.
    public var value: Double { terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value } }

    public var description: String {
        var text = ""
        for term in terms {
            let magnitude = abs(term.coefficient)
            let sign = term.coefficient < 0 ? "-" : "+"
            if text.isEmpty {
                if term.coefficient < 0 { text += "-" }
            } else {
                text += " \(sign) "
            }
            if magnitude != 1 { text += "\(formatNumber(magnitude)) * " }
            text += term.variable.description
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant != 0 { text += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))" }
        return text
    }
}

/// Prints 40 as "40" and 0.5 as "0.5".
func formatNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// Anything usable as a linear expression: `Variable`, `Term`, `Expression`.
public protocol LinearExpressionConvertible {
    var linearExpression: Expression { get }
}

extension Variable: LinearExpressionConvertible {
    public var linearExpression: Expression { Expression(terms: [Term(self)]) }
}

extension Term: LinearExpressionConvertible {
    public var linearExpression: Expression { Expression(terms: [self]) }
}

extension Expression: LinearExpressionConvertible {
    public var linearExpression: Expression { self }
}

// MARK: - Arithmetic

public func * (coefficient: Double, variable: Variable) -> Term { Term(variable, coefficient: coefficient) }
public func * (variable: Variable, coefficient: Double) -> Term { Term(variable, coefficient: coefficient) }
public func / (variable: Variable, divisor: Double) -> Term { Term(variable, coefficient: 1 / divisor) }
public func * (coefficient: Double, term: Term) -> Term { Term(term.variable, coefficient: term.coefficient * coefficient) }
public func * (term: Term, coefficient: Double) -> Term { Term(term.variable, coefficient: term.coefficient * coefficient) }
public func / (term: Term, divisor: Double) -> Term { Term(term.variable, coefficient: term.coefficient / divisor) }

public func * (coefficient: Double, expression: Expression) -> Expression {
    Expression(terms: expression.terms.map { $0 * coefficient }, constant: expression.constant * coefficient)
}
public func * (expression: Expression, coefficient: Double) -> Expression { coefficient * expression }
public func / (expression: Expression, divisor: Double) -> Expression { (1 / divisor) * expression }

public prefix func - <E: LinearExpressionConvertible>(operand: E) -> Expression { -1 * operand.linearExpression }

public func + <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let left = lhs.linearExpression
    let right = rhs.linearExpression
    return Expression(terms: left.terms + right.terms, constant: left.constant + right.constant)
}
public func - <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + -rhs
}
public func + <L: LinearExpressionConvertible>(lhs: L, constant: Double) -> Expression {
    var expression = lhs.linearExpression
    expression.constant += constant
    return expression
}
public func - <L: LinearExpressionConvertible>(lhs: L, constant: Double) -> Expression { lhs + -constant }
public func + <R: LinearExpressionConvertible>(constant: Double, rhs: R) -> Expression { rhs + constant }
public func - <R: LinearExpressionConvertible>(constant: Double, rhs: R) -> Expression { -rhs + constant }
