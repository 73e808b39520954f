// Explaining an unsatisfiable required constraint, the way Auto Layout's "Unable to
// simultaneously satisfy constraints" log does: name the required constraints that cannot
// hold together with the new one.

extension Solver {
    /// The error for `constraint`, whose infeasibility is certified by `certificate`: symbols
    /// of the final phase-one objective (or of an all-dummy row). Each such symbol that marks
    /// a required constraint names a row used by the Farkas combination that proves the
    /// system infeasible, so those constraints plus the new one cannot hold together. A
    /// deletion filter then removes any that are not needed, leaving an irreducible set.
    func unsatisfiable(_ constraint: Constraint, certificate: [Symbol]) -> SolverError {
        let symbols = Set(certificate)
        var conflicting = records.values
            .filter { $0.constraint.priority.isRequired && symbols.contains($0.marker) }
            .sorted { $0.order < $1.order }
            .map(\.constraint)
        if minimisesConflicts {
            conflicting = Self.irreducibleSubset(of: conflicting, with: constraint)
        }
        conflicting.append(constraint)
        var message = "Unable to simultaneously satisfy constraints: the required constraint \(constraint) "
        if conflicting.count == 1 {
            message += "cannot hold by itself."
        } else {
            message += "conflicts with:"
            for other in conflicting.dropLast() { message += "\n    \(other)" }
        }
        return SolverError(.unsatisfiable(conflicts: conflicting), message, constraint: constraint)
    }

    /// A subset of `candidates` that is still unsatisfiable together with `constraint` but
    /// no longer is once any one member is dropped (checked in fresh scratch solvers).
    /// - Complexity: O(k²) constraint additions for k candidates; runs only on errors.
    static func irreducibleSubset(of candidates: [Constraint], with constraint: Constraint) -> [Constraint] {
        var kept = candidates
        var index = 0
        while index < kept.count {
            var trial = kept
            trial.remove(at: index)
            if isUnsatisfiable(trial + [constraint]) {
                kept = trial
            } else {
                index += 1
            }
        }
        return kept
    }

    static func isUnsatisfiable(_ constraints: [Constraint]) -> Bool {
        let scratch = Solver()
        scratch.minimisesConflicts = false
        for constraint in constraints {
            do {
                try scratch.add(constraint)
            } catch {
                if case .unsatisfiable = error.code { return true }
            }
        }
        return false
    }
}
