/// An unknown of a constraint system, compared by identity.
///
/// A variable holds the value its solver last published with `Solver.updateVariables()`.
/// It is `@unchecked Sendable` so constraints (and errors naming them) can cross threads;
/// `value` is written only by `updateVariables()`, so reading it while another thread runs
/// that solver's `updateVariables()` is a data race the caller must avoid, as with any
/// mutable view state.
public final class Variable: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// A name for descriptions and error messages; not required to be unique.
    public let name: String
    /// The value published by the last `Solver.updateVariables()` of a solver that uses it.
    // Written once per variable by every `updateVariables()`: no dynamic exclusivity check.
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    /// The raw symbol the last solver that met this variable gave it. Only a hint: a solver
    /// trusts it after checking that its own table gives that symbol to this very variable,
    /// so a hint from another solver is harmless (it just falls back to a dictionary).
    @exclusivity(unchecked) var symbolHint: Int = -1

    public init(_ name: String = "") {
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 10_000)" : name }
}
