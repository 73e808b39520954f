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

    /// `lhs - rhs`, reduced, built with at most one allocation (none when `rhs` has no
    /// terms and `lhs` is already reduced: the term storage is shared).
    /// - Complexity: O(n²) in the number of terms, which is small.
    static func difference(_ lhs: Expression, _ rhs: Expression) -> Expression {
        let constant = lhs.constant - rhs.constant
        if rhs.terms.isEmpty && lhs.isReduced { return Expression(terms: lhs.terms, constant: constant) }
        var merged: [Term] = []
        merged.reserveCapacity(lhs.terms.count + rhs.terms.count)
        func merge(_ variable: Variable, _ coefficient: Double) {
            for i in merged.indices where merged[i].variable === variable {
                merged[i].coefficient += coefficient
                return
            }
            merged.append(Term(variable, coefficient: coefficient))
        }
        for term in lhs.terms { merge(term.variable, term.coefficient) }
        for term in rhs.terms { merge(term.variable, -term.coefficient) }
        merged.removeAll { $0.coefficient == 0 }
        return Expression(terms: merged, constant: constant)
    }

    /// No variable twice, no zero coefficient.
    var isReduced: Bool {
        for i in terms.indices {
            if terms[i].coefficient == 0 { return false }
            for j in 0..<i where terms[j].variable === terms[i].variable { return false }
        }
        return true
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
    /// How many terms `appendTerms` adds (lets sums allocate once).
    var termCount: Int { get }
    /// The constant part.
    var constantPart: Double { get }
    /// Appends the terms, each coefficient multiplied by `factor`.
    func appendTerms(to terms: inout [Term], times factor: Double)
}

extension Variable: LinearExpressionConvertible {
    public var linearExpression: Expression { Expression(terms: [Term(self)]) }
    public var termCount: Int { 1 }
    public var constantPart: Double { 0 }
    public func appendTerms(to terms: inout [Term], times factor: Double) { terms.append(Term(self, coefficient: factor)) }
}

extension Term: LinearExpressionConvertible {
    public var linearExpression: Expression { Expression(terms: [self]) }
    public var termCount: Int { 1 }
    public var constantPart: Double { 0 }
    public func appendTerms(to terms: inout [Term], times factor: Double) {
        terms.append(Term(variable, coefficient: coefficient * factor))
    }
}

extension Expression: LinearExpressionConvertible {
    public var linearExpression: Expression { self }
    public var termCount: Int { terms.count }
    public var constantPart: Double { constant }
    public func appendTerms(to terms: inout [Term], times factor: Double) {
        if factor == 1 {
            terms.append(contentsOf: self.terms)
        } else {
            for term in self.terms { terms.append(Term(term.variable, coefficient: term.coefficient * factor)) }
        }
    }
}

/// `lhs + factor · rhs` in one allocation.
@inline(__always)
func combine<L: LinearExpressionConvertible, R: LinearExpressionConvertible>(_ lhs: L, _ rhs: R, _ factor: Double) -> Expression {
    var terms: [Term] = []
    terms.reserveCapacity(lhs.termCount + rhs.termCount)
    lhs.appendTerms(to: &terms, times: 1)
    rhs.appendTerms(to: &terms, times: factor)
    return Expression(terms: terms, constant: lhs.constantPart + factor * rhs.constantPart)
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
    combine(lhs, rhs, 1)
}
public func - <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, -1)
}
public func + <L: LinearExpressionConvertible>(lhs: L, constant: Double) -> Expression {
    var expression = lhs.linearExpression
    expression.constant += constant
    return expression
}
public func - <L: LinearExpressionConvertible>(lhs: L, constant: Double) -> Expression { lhs + -constant }
public func + <R: LinearExpressionConvertible>(constant: Double, rhs: R) -> Expression { rhs + constant }
public func - <R: LinearExpressionConvertible>(constant: Double, rhs: R) -> Expression { -rhs + constant }
