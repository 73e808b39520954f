/// A request the solver refused. The solver is left exactly as it was before the call.
public struct SolverError: Error, CustomStringConvertible {
    public enum Code: Sendable {
        /// A required constraint cannot hold together with the required constraints listed
        /// (the new constraint is included, last). The list is irreducible: dropping any one
        /// of them would make the rest satisfiable.
        case unsatisfiable(conflicts: [Constraint])
        /// The constraint is already in the solver.
        case duplicateConstraint
        /// The constraint is not in the solver.
        case unknownConstraint
        /// The variable already has an edit constraint.
        case duplicateEditVariable
        /// The variable has no edit constraint.
        case unknownEditVariable
        /// A priority outside 1…1000, or required where it is not allowed (edit variables).
        case invalidPriority(Priority)
        /// A coefficient, constant or suggested value that is NaN or infinite.
        case nonFiniteValue
    }

    public let code: Code
    /// A readable sentence naming what was wrong and where.
    public let message: String
    /// The constraint the failing call was about, if any.
    public let constraint: Constraint?
    /// The variable the failing call was about, if any.
    public let variable: Variable?

    init(_ code: Code, _ message: String, constraint: Constraint? = nil, variable: Variable? = nil) {
        self.code = code
        self.message = message
        self.constraint = constraint
        self.variable = variable
    }

    public var description: String { "SolverError: \(message)" }

    /// The constraints in conflict for an `unsatisfiable` error, otherwise empty.
    public var conflicts: [Constraint] {
        if case .unsatisfiable(let conflicts) = code { return conflicts }
        return []
    }
}
