import Testing
@testable import Cassowary

/// A tiny deterministic generator (SplitMix64) so random tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A constraint over variables numbered 0..<n: `Σ coefficients[i]·x_i + constant  relation  0`.
/// Shared by the random tests, the brute-force oracle and the kiwi fixture.
struct LinearRow: Sendable {
    var coefficients: [Double]
    var constant: Double
    var relation: Relation
    var priority: Float

    var isRequired: Bool { priority == 1000 }

    func residual(_ x: [Double]) -> Double {
        zip(coefficients, x).reduce(constant) { $0 + $1.0 * $1.1 }
    }

    /// How far `x` is from satisfying this row.
    func violation(_ x: [Double]) -> Double {
        let r = residual(x)
        switch relation {
        case .equal: return abs(r)
        case .lessThanOrEqual: return max(0, r)
        case .greaterThanOrEqual: return max(0, -r)
        }
    }

    /// Required bounds `-halfWidth <= x_i <= halfWidth` for every variable.
    static func box(variables n: Int, halfWidth: Double) -> [LinearRow] {
        (0..<n).flatMap { i -> [LinearRow] in
            var unit = [Double](repeating: 0, count: n)
            unit[i] = 1
            return [
                LinearRow(coefficients: unit, constant: -halfWidth, relation: .lessThanOrEqual, priority: 1000),
                LinearRow(coefficients: unit, constant: halfWidth, relation: .greaterThanOrEqual, priority: 1000),
            ]
        }
    }

    func constraint(over variables: [Variable]) -> Constraint {
        let terms = zip(coefficients, variables).filter { $0.0 != 0 }.map { Term($0.1, coefficient: $0.0) }
        return Constraint(Expression(terms: terms, constant: constant), relation, 0.0, priority: Priority(priority))
    }
}

/// An independent answer for small systems: the lexicographic optimum by brute force.
///
/// With every variable boxed by required bounds, the minimum of the (convex, piecewise
/// linear) weighted objective is reached at a vertex of the arrangement of all the rows'
/// hyperplanes, and for a large enough weight ratio the weighted optimum is the
/// lexicographic one. So the lexicographically smallest violation vector over the feasible
/// vertices is the optimum's.
enum BruteForceOracle {
    static let tolerance = 1e-7

    /// The non-required priorities of `rows`, highest first.
    static func levels(of rows: [LinearRow]) -> [Float] {
        Array(Set(rows.filter { !$0.isRequired }.map(\.priority))).sorted(by: >)
    }

    /// The summed violation at each level of `levels`.
    static func violations(of rows: [LinearRow], at x: [Double], levels: [Float]) -> [Double] {
        levels.map { level in rows.filter { $0.priority == level }.reduce(0) { $0 + $1.violation(x) } }
    }

    static func isFeasible(_ rows: [LinearRow], at x: [Double], tolerance: Double = 1e-6) -> Bool {
        rows.allSatisfy { !$0.isRequired || $0.violation(x) <= tolerance }
    }

    /// The lexicographically smallest violation vector over feasible vertices, or nil if the
    /// required rows are infeasible.
    static func optimum(of rows: [LinearRow], variableCount n: Int) -> [Double]? {
        // A far box makes every non-empty region have vertices without changing the answer
        // for the boxed systems of the tests (their own boxes are much smaller).
        let rows = rows + LinearRow.box(variables: n, halfWidth: 10_000)
        let levels = levels(of: rows)
        let planes = rows.filter { $0.coefficients.contains { $0 != 0 } }
        var best: [Double]? = nil
        forEachSubset(of: planes.count, size: n) { subset in
            guard let x = solve(subset.map { planes[$0] }, n: n), isFeasible(rows, at: x) else { return }
            let candidate = violations(of: rows, at: x, levels: levels)
            if best == nil || isLexicographicallyLess(candidate, best!) { best = candidate }
        }
        return best
    }

    static func isLexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
        for (x, y) in zip(a, b) where abs(x - y) > tolerance { return x < y }
        return false
    }

    static func forEachSubset(of count: Int, size: Int, _ body: ([Int]) -> Void) {
        guard size <= count else { return }
        var indices = Array(0..<size)
        while true {
            body(indices)
            var i = size - 1
            while i >= 0 && indices[i] == count - size + i { i -= 1 }
            if i < 0 { return }
            indices[i] += 1
            for j in (i + 1)..<size { indices[j] = indices[j - 1] + 1 }
        }
    }

    /// The point where the rows' hyperplanes meet (Gaussian elimination), nil if singular.
    static func solve(_ rows: [LinearRow], n: Int) -> [Double]? {
        var a = rows.map { $0.coefficients + [-$0.constant] }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                abs(a[pivot][column]) > 1e-9
            else { return nil }
            a.swapAt(column, pivot)
            for r in 0..<n where r != column {
                let factor = a[r][column] / a[column][column]
                if factor != 0 { for c in column...n { a[r][c] -= factor * a[column][c] } }
            }
        }
        return (0..<n).map { a[$0][n] / a[$0][$0] }
    }
}

/// Everything a caller can observe of a solver, and the whole tableau behind it, compared
/// bit for bit: a refused call must leave every row, the objective, the bookkeeping of
/// symbols, constraints, edits and variables exactly as they were (failure atomicity).
struct ObservedState: Equatable {
    var values: [Double]
    var constraints: [ObjectIdentifier]
    var edits: [EditEntry]
    var tableau: Tableau

    struct EditEntry: Equatable {
        var variable: ObjectIdentifier
        var priority: Priority
        var suggestedValue: Double
    }

    /// The solver's internal state, numbers as bit patterns (so -0.0 and NaN compare exactly).
    struct Tableau: Equatable {
        struct RowState: Equatable {
            var basic: Int
            var constant: UInt64
            var cells: [[UInt64]]  // [symbol, coefficient bits]
        }
        struct Record: Equatable {
            var marker: Int
            var other: Int?
            var order: Int
            var isEdit: Bool
        }
        var rows: [RowState]
        var rowOfSymbol: [Int32]
        var infeasible: [Int]
        var objectives: [[UInt64]]  // [constant bits, then symbol and coefficient bits per cell]
        var objectivePriorities: [UInt32]
        var objectiveUsers: [Int]
        var records: [ObjectIdentifier: Record]
        var nextOrder: Int
        var edits: [[UInt64]]  // variable, marker, other, suggested bits
        var externals: [[UInt64]]  // variable, symbol
        var variableOfSymbol: [ObjectIdentifier?]

        init(_ solver: Solver) {
            func cells(_ row: Row) -> [[UInt64]] { row.cells.map { [UInt64(bitPattern: Int64($0.symbol.raw)), $0.coefficient.bitPattern] } }
            func id(_ object: AnyObject) -> UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue)) }
            rows = zip(solver.basics, solver.rows).map { RowState(basic: $0.raw, constant: $1.constant.bitPattern, cells: cells($1)) }
            rowOfSymbol = solver.rowOfSymbol
            infeasible = solver.infeasible.map { $0.raw }
            objectives = solver.objectives.map { [$0.constant.bitPattern] + cells($0).flatMap { $0 } }
            objectivePriorities = solver.objectivePriorities.map { Float($0.rawValue).bitPattern }
            objectiveUsers = solver.objectiveUsers
            // Edit constraints are made by each solver: they are named by their variable, so a
            // solver and its twin (sharing variables and constraints) compare equal.
            records = Dictionary(uniqueKeysWithValues: solver.records.values.map { record in
                (record.isEdit ? ObjectIdentifier(record.constraint.expression.terms[0].variable) : ObjectIdentifier(record.constraint),
                 Record(marker: record.marker.raw, other: record.other.map { $0.raw }, order: record.order, isEdit: record.isEdit))
            })
            nextOrder = solver.nextOrder
            edits = solver.edits.map { [id($0.variable), UInt64(bitPattern: Int64($0.marker.raw)), UInt64(bitPattern: Int64($0.other.raw)), $0.suggestedValue.bitPattern] }
            externals = solver.externals.map { [id($0.variable), UInt64(bitPattern: Int64($0.symbol.raw))] }
            variableOfSymbol = solver.variableOfSymbol.map { $0.map(ObjectIdentifier.init) }
        }
    }

    init(_ solver: Solver, variables: [Variable]) {
        tableau = Tableau(solver)
        values = variables.map { solver.value(of: $0) }
        constraints = solver.constraints.map(ObjectIdentifier.init)
        edits = solver.editVariables.map {
            EditEntry(variable: ObjectIdentifier($0.variable), priority: $0.priority, suggestedValue: $0.suggestedValue)
        }
    }
}

/// The label-in-a-cell system of the benchmarks: label pinned 5 pt inside the cell,
/// cell width ≥ 40 at 750 and ≤ 300 required, the label's intrinsic size hugged at 250 and
/// resisting compression at 750.
struct TagCell {
    let cellLeft = Variable("cell.left"), cellTop = Variable("cell.top")
    let cellWidth = Variable("cell.width"), cellHeight = Variable("cell.height")
    let labelLeft = Variable("label.left"), labelTop = Variable("label.top")
    let labelWidth = Variable("label.width"), labelHeight = Variable("label.height")

    func constraints(intrinsicWidth: Double, intrinsicHeight: Double) -> [Constraint] {
        constraints(intrinsicWidth: Expression(intrinsicWidth), intrinsicHeight: Expression(intrinsicHeight))
    }

    /// The intrinsic size may be an expression, e.g. an edit variable for the text width.
    func constraints(intrinsicWidth: Expression, intrinsicHeight: Expression) -> [Constraint] {
        [
            cellLeft |==| 0,
            cellTop |==| 0,
            labelLeft |==| cellLeft + 5,
            labelTop |==| cellTop + 5,
            labelLeft + labelWidth |==| cellLeft + cellWidth - 5,
            labelTop + labelHeight |==| cellTop + cellHeight - 5,
            (cellWidth |>=| 40) ~ .defaultHigh,
            cellWidth |<=| 300,
            (labelWidth |<=| intrinsicWidth) ~ .defaultLow,
            (labelWidth |>=| intrinsicWidth) ~ .defaultHigh,
            (labelHeight |<=| intrinsicHeight) ~ .defaultLow,
            (labelHeight |>=| intrinsicHeight) ~ .defaultHigh,
        ]
    }
}
