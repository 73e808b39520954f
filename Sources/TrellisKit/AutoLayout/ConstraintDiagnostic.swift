/// A required constraint the solver could not satisfy together with others, and what the
/// engine did about it: UIKit's "Unable to simultaneously satisfy constraints" log as a
/// value the caller can read (`View.constraintDiagnostics`).
///
/// Like UIKit, the engine breaks one constraint and carries on: the one whose addition
/// made the system unsatisfiable is kept at priority 999 instead of required, so it still
/// holds as far as the others allow and the layout stays deterministic.
public struct ConstraintDiagnostic: CustomStringConvertible {
    /// The constraint that was broken, when it is one the caller made (nil for the
    /// engine's own: a translated frame, an intrinsic size, a margin or the fitting target).
    public let brokenConstraint: LayoutConstraint?
    /// A description of the broken constraint, with its identifier and items.
    public let broken: String
    /// The caller's constraints among those in conflict (the broken one excluded).
    public let conflictingConstraints: [LayoutConstraint]
    /// Descriptions of every required constraint in conflict (the broken one excluded):
    /// the smallest set that cannot hold together with it.
    public let conflicts: [String]

    public var description: String {
        "Unable to simultaneously satisfy constraints: broke \(broken) (now priority 999); it conflicts with: "
            + conflicts.joined(separator: "; ")
    }
}
