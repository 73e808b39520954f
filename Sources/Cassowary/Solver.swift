/// The incremental Cassowary solver (Badros, Borning and Stuckey, 2001) in the dual simplex
/// form kiwi popularised, with Auto Layout's priorities as a lexicographic objective.
///
/// Add and remove constraints one at a time; each change re-optimises from the previous
/// solution. Edit variables take suggested values and re-solve with the dual simplex, which
/// is the cheap path for "same system, new numbers". Values are published to the variables
/// by ``updateVariables()``.
///
/// Every throwing method leaves the solver exactly as it was when it throws.
///
/// A `Solver` is not thread-safe; use one per thread (they are cheap).
public final class Solver {
    struct ConstraintRecord {
        let constraint: Constraint
        /// The symbol that identifies the constraint's row: its slack, dummy or (for
        /// non-required equalities) positive error.
        let marker: Symbol
        /// The second error of a non-required constraint, if any.
        let other: Symbol?
        /// Insertion order, so listings and conflict reports are stable.
        let order: Int
        /// The constraint of an edit variable: not listed, removed only with the edit.
        var isEdit = false
    }

    struct EditRecord {
        let variable: Variable
        let constraint: Constraint
        let marker: Symbol
        let other: Symbol
        var suggestedValue: Double
    }

    struct External {
        let variable: Variable
        let symbol: Symbol
    }

    // MARK: Tableau
    //
    // `@exclusivity(unchecked)`: a `Solver` is single-threaded by contract and its methods
    // never hold two overlapping accesses to one property (rows are swapped out before they
    // are substituted into the others), so the runtime's dynamic exclusivity bookkeeping —
    // a thread-local access set touched on every property access, a fifth of a fresh solve's
    // time when measured — buys nothing here.

    /// Rows of the tableau; `basics[i]` is the basic symbol of `rows[i]`.
    @exclusivity(unchecked) var rows: [Row] = []
    @exclusivity(unchecked) var basics: [Symbol] = []
    /// For each symbol index, the row where it is basic, or -1.
    @exclusivity(unchecked) var rowOfSymbol: [Int32] = []
    /// Basic symbols whose rows may have gone negative and need the dual simplex.
    @exclusivity(unchecked) var infeasible: [Symbol] = []

    /// The objective, one row per priority level in use, highest priority first. Each level
    /// is the sum of the errors of that priority's constraints; levels are compared
    /// lexicographically. During phase one of an addition the artificial objective sits at
    /// index 0 with priority `artificialPriority`.
    @exclusivity(unchecked) var objectives: [Row] = []
    @exclusivity(unchecked) var objectivePriorities: [Priority] = []
    /// How many constraints contribute errors to each level (a level goes when it reaches zero).
    @exclusivity(unchecked) var objectiveUsers: [Int] = []
    /// Scratch for choosing an entering symbol: `judgedStamp[i] == stamp` once symbol `i`
    /// has been judged at a higher objective level in the current search.
    @exclusivity(unchecked) var judgedStamp: [UInt32] = []
    @exclusivity(unchecked) var stamp: UInt32 = 0

    // MARK: Model

    @exclusivity(unchecked) var records: [ObjectIdentifier: ConstraintRecord] = [:]
    @exclusivity(unchecked) var nextOrder = 0
    /// Edit variables, and the position of each in `edits` by variable identity (the
    /// suggestion path looks one up per call, so it avoids `Dictionary`'s SipHash).
    @exclusivity(unchecked) var edits: [EditRecord] = []
    @exclusivity(unchecked) var editIndex = IdentityMap()
    /// Raw symbols by variable identity (the fallback when a variable's hint is stale).
    @exclusivity(unchecked) var symbolOfVariable = IdentityMap()
    @exclusivity(unchecked) var externals: [External] = []
    /// For each symbol index, the variable it stands for (externals only): confirms hints.
    @exclusivity(unchecked) var variableOfSymbol: [Variable?] = []

    /// Indices of removed constraints' markers, for `makeSymbol` to reuse: a stack whose
    /// top is `freeSymbolCount` (entries above it are kept, so a refused addition that took
    /// some gives them back by restoring the count). Without it every removal left a dead
    /// column, and an engine that removes and adds constraints for ever grew without bound.
    @exclusivity(unchecked) var freeSymbols: [Int] = []
    @exclusivity(unchecked) var freeSymbolCount = 0

    /// Scratch for `shiftConstant`: the rows whose constants a shift moved, and their old
    /// constants, so a shift that needs pivots can be undone exactly before the tableau is saved.
    @exclusivity(unchecked) var shiftUndo: [(row: Int, constant: Double)] = []

    /// When false (the scratch solvers that minimise a conflict set), unsatisfiable errors
    /// carry the raw certificate instead of being minimised again.
    @exclusivity(unchecked) var minimisesConflicts = true

    public init() {
        // Room for a typical cell's system, so the first additions neither rehash nor regrow.
        records.reserveCapacity(16)
        rows.reserveCapacity(16)
        basics.reserveCapacity(16)
        rowOfSymbol.reserveCapacity(32)
        variableOfSymbol.reserveCapacity(32)
    }

    // MARK: - Queries

    /// Whether `constraint` is in the solver.
    /// - Complexity: O(1).
    public func contains(_ constraint: Constraint) -> Bool { records[ObjectIdentifier(constraint)] != nil }

    /// Whether `variable` has an edit constraint.
    /// - Complexity: O(1).
    public func hasEditVariable(_ variable: Variable) -> Bool { editIndex[ObjectIdentifier(variable)] != nil }

    /// The constraints in the solver, in the order they were added (edit constraints excluded).
    /// - Complexity: O(n log n) in the number of constraints.
    public var constraints: [Constraint] {
        records.values.filter { !$0.isEdit }.sorted { $0.order < $1.order }.map(\.constraint)
    }

    /// The variables with edit constraints, with their priorities and last suggested values,
    /// in the order they were added.
    /// - Complexity: O(n log n) in the number of edit variables.
    public var editVariables: [(variable: Variable, priority: Priority, suggestedValue: Double)] {
        edits
            .sorted { records[ObjectIdentifier($0.constraint)]!.order < records[ObjectIdentifier($1.constraint)]!.order }
            .map { ($0.variable, $0.constraint.priority, $0.suggestedValue) }
    }

    /// The current solved value of `variable` (0 for a variable no constraint mentions),
    /// without publishing it to `variable.value`.
    /// - Complexity: O(1) expected.
    public func value(of variable: Variable) -> Double {
        guard let symbol = knownSymbol(for: variable) else { return 0 }
        let row = rowOfSymbol[symbol.index]
        return row >= 0 ? rows[Int(row)].constant : 0
    }

    /// Publishes the solution: sets `value` of every variable the solver knows.
    /// - Complexity: O(v) in the number of variables.
    public func updateVariables() {
        for external in externals {
            let row = rowOfSymbol[external.symbol.index]
            external.variable.value = row >= 0 ? rows[Int(row)].constant : 0
        }
    }

    /// Removes every constraint, edit variable and variable.
    /// - Complexity: O(1) amortised (storage is released).
    public func reset() {
        rows = []
        basics = []
        rowOfSymbol = []
        infeasible = []
        objectives = []
        objectivePriorities = []
        objectiveUsers = []
        judgedStamp = []
        records = [:]
        nextOrder = 0
        edits = []
        editIndex = IdentityMap()
        symbolOfVariable = IdentityMap()
        externals = []
        variableOfSymbol = []
        freeSymbols = []
        freeSymbolCount = 0
    }

    // MARK: - Constraints

    /// Adds `constraint` and re-optimises.
    ///
    /// - Throws: ``SolverError`` `duplicateConstraint`, `invalidPriority`, `nonFiniteValue`,
    ///   or `unsatisfiable(conflicts:)` naming an irreducible set of required constraints
    ///   that cannot hold together with it. On any error the solver is unchanged.
    /// - Complexity: one row construction and substitution, O(r · c) for r rows of c cells,
    ///   then the simplex pivots needed to re-optimise (typically a few).
    public func add(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard records[key] == nil else {
            throw SolverError(.duplicateConstraint, "The constraint \(constraint) is already in the solver.", constraint: constraint)
        }
        try validate(constraint)

        let checkpoint = VariableCheckpoint(symbolCount: rowOfSymbol.count, externalCount: externals.count, freeSymbolCount: freeSymbolCount)
        var (row, marker, other) = makeRow(for: constraint)
        var subject = chooseSubject(of: row, marker: marker, other: other, newSymbolsFrom: checkpoint.symbolCount)

        if subject == nil && row.cells.allSatisfy({ $0.symbol.isDummy }) {
            guard isNearZero(row.constant) else {
                // The new equality contradicts a combination of required equalities: the
                // dummies left in its row are exactly the markers of those equalities.
                let certificate = row.cells.map(\.symbol).filter { $0 != marker }
                rollBack(to: checkpoint)
                throw unsatisfiable(constraint, certificate: certificate)
            }
            subject = marker  // redundant with the required equalities already present
        }

        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row, substitutingRows: subject.index < checkpoint.symbolCount)
            appendRow(row, basic: subject)
        } else {
            let saved = TableauSnapshot(of: self)
            if let certificate = addWithArtificialVariable(row) {
                saved.restore(into: self)
                rollBack(to: checkpoint)
                throw unsatisfiable(constraint, certificate: certificate)
            }
        }

        records[key] = ConstraintRecord(constraint: constraint, marker: marker, other: other, order: nextOrder)
        nextOrder += 1
        optimize()
    }

    /// Removes `constraint` and re-optimises.
    /// - Throws: ``SolverError`` `unknownConstraint` if it is not in the solver (or is the
    ///   edit constraint of an edit variable: use ``removeEditVariable(_:)``).
    /// - Complexity: one pivot, O(r · c), then the re-optimising pivots.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard let record = records[key], !record.isEdit else {
            throw SolverError(.unknownConstraint, "The constraint \(constraint) is not in the solver.", constraint: constraint)
        }
        removeRecord(record)
    }

    func removeRecord(_ record: ConstraintRecord) {
        records[ObjectIdentifier(record.constraint)] = nil
        if !record.constraint.priority.isRequired {
            // Take the constraint's errors out of its objective level before its row goes.
            let level = objectiveLevel(for: record.constraint.priority)
            for error in [record.marker, record.other] {
                guard let error, error.kind == .error else { continue }
                let basicRow = rowOfSymbol[error.index]
                if basicRow >= 0 {
                    objectives[level].insert(rows[Int(basicRow)], times: -1)
                } else {
                    objectives[level].insert(error, coefficient: -1)
                }
            }
            objectiveUsers[level] -= 1
            if objectiveUsers[level] == 0 {
                objectives.remove(at: level)
                objectivePriorities.remove(at: level)
                objectiveUsers.remove(at: level)
            }
        }

        let markerRow = rowOfSymbol[record.marker.index]
        if markerRow >= 0 {
            removeRow(at: Int(markerRow))
            recycle(record.marker)
        } else if let leaving = markerLeavingRow(for: record.marker) {
            pivot(row: leaving, entering: record.marker)
            removeRow(at: Int(rowOfSymbol[record.marker.index]))
            recycle(record.marker)
        } else {
            // A marker in no row at all has a zero column: the constraint left no trace to
            // undo. An objective may still mention it; entering it would change no row, so
            // its cost there is dead weight: dropped, the index can be used again.
            for level in objectives.indices { objectives[level].remove(record.marker) }
            recycle(record.marker)
        }
        if let other = record.other, rowOfSymbol[other.index] < 0 {
            // The second error of a non-required constraint, non-basic: it entered every
            // row together with the marker, so eliminating the marker cancelled it; what is
            // left of its column (rounding) is dropped, fixing it at its value, zero.
            for i in rows.indices { rows[i].remove(other) }
            for level in objectives.indices { objectives[level].remove(other) }
            recycle(other)
        }
        optimize()
    }

    /// Replaces `old` with `new` and re-optimises: what a layout engine does when a frame, a
    /// target size or a constant of a constraint changes.
    ///
    /// When the two differ only in their constant (same relation, priority and terms), the
    /// constraint keeps its row and symbols and only the constant moves, the way a suggested
    /// value moves an edit variable: every row mentioning the constraint's marker shifts
    /// its constant, then the dual simplex restores feasibility. No row is built, no symbol
    /// is made, nothing is allocated once the rows have their capacity. Otherwise (or when
    /// the new constant cannot hold with the required constraints) it is ``remove(_:)`` of
    /// `old` followed by ``add(_:)`` of `new`.
    ///
    /// - Throws: ``SolverError`` `unknownConstraint` if `old` is not in the solver (or is an
    ///   edit variable's constraint), `duplicateConstraint` if `new` already is,
    ///   `invalidPriority`, `nonFiniteValue`, or `unsatisfiable(conflicts:)` as
    ///   ``add(_:)``. On any error the solver is unchanged: `old` is still in it.
    /// - Complexity: a new constant: O(r) to shift the rows, then one pivot per row that
    ///   became infeasible (often none). Otherwise as ``remove(_:)`` plus ``add(_:)``.
    public func replace(_ old: Constraint, with new: Constraint) throws(SolverError) {
        let oldKey = ObjectIdentifier(old)
        guard let record = records[oldKey], !record.isEdit else {
            throw SolverError(.unknownConstraint, "The constraint \(old) is not in the solver.", constraint: old)
        }
        if old === new { return }
        guard records[ObjectIdentifier(new)] == nil else {
            throw SolverError(.duplicateConstraint, "The constraint \(new) is already in the solver.", constraint: new)
        }
        try validate(new)
        if old.priority == new.priority, old.hasSameTerms(as: new),
           shiftConstant(of: record, by: new.expression.constant - old.expression.constant) {
            records[oldKey] = nil
            records[ObjectIdentifier(new)] = ConstraintRecord(constraint: new, marker: record.marker, other: record.other, order: record.order)
            return
        }
        // Another shape, or a constant the required constraints refuse: remove, then add,
        // restoring everything if the addition is refused.
        let saved = TableauSnapshot(of: self)
        let savedRecords = records, savedOrder = nextOrder, savedFree = freeSymbolCount
        removeRecord(record)
        do {
            try add(new)
        } catch {
            saved.restore(into: self)
            records = savedRecords
            nextOrder = savedOrder
            freeSymbolCount = savedFree
            throw error
        }
    }


    /// Moves the constant of the constraint of `record` by `delta` in place; false (the
    /// solver unchanged) when the required constraints cannot hold with the new constant
    /// or when the constraint's marker is basic in a redundant required equality.
    ///
    /// The constraint was added as `0 = c + E + k·m` for its marker `m` (`k` its
    /// coefficient: 1 for a dummy, ±1 for a slack, −1 for the positive error of a
    /// non-required equality). With `c + δ` the same equation holds for `m′ = m − δ/k`,
    /// so the tableau, written in terms of `m′`, gains `coefficient(m)·δ/k` in every
    /// row's constant (or loses δ/k in the row where `m` is basic).
    func shiftConstant(of record: ConstraintRecord, by delta: Double) -> Bool {
        if delta == 0 { return true }
        let marker = record.marker
        let k: Double
        switch record.constraint.relation {
        case .equal: k = marker.isDummy ? 1 : -1
        case .lessThanOrEqual: k = 1
        case .greaterThanOrEqual: k = -1
        }
        let shift = delta / k
        let markerRow = rowOfSymbol[marker.index]
        if markerRow >= 0 && marker.isDummy { return false }  // a redundant equality: only its removal and re-addition can say
        let infeasibleBefore = infeasible.count
        shiftUndo.removeAll(keepingCapacity: true)
        func apply() {
            if markerRow >= 0 {
                let row = Int(markerRow)
                shiftUndo.append((row, rows[row].constant))
                rows[row].constant -= shift
                if rows[row].constant < 0 { infeasible.append(marker) }
            } else {
                for i in rows.indices {
                    let coefficient = rows[i].coefficient(of: marker)
                    guard coefficient != 0 else { continue }
                    shiftUndo.append((i, rows[i].constant))
                    rows[i].constant += shift * coefficient
                    if rows[i].constant < 0 && !basics[i].isExternal { infeasible.append(basics[i]) }
                }
            }
        }
        apply()
        // Errors absorb any constant of a non-required constraint, and a shift that leaves
        // every row feasible needs no pivot: the dual simplex cannot fail.
        if !record.constraint.priority.isRequired || infeasible.count == infeasibleBefore {
            dualOptimize()
            return true
        }
        // A required constant may contradict the other required constraints: undo the shift
        // exactly, save the tableau (copy-on-write: only what the pivots touch is copied),
        // shift again and pivot; restore the saved tableau if a row cannot be made feasible.
        for (row, constant) in shiftUndo.reversed() { rows[row].constant = constant }
        infeasible.removeSubrange(infeasibleBefore...)
        let saved = TableauSnapshot(of: self)
        apply()
        if dualOptimize() { return true }
        saved.restore(into: self)
        return false
    }

    // MARK: - Edit variables

    /// Lets `variable` take suggested values at `priority` (which must not be required).
    /// The variable is pulled towards 0 until a value is suggested.
    /// - Throws: ``SolverError`` `duplicateEditVariable` or `invalidPriority`.
    /// - Complexity: as ``add(_:)``.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard editIndex[key] == nil else {
            throw SolverError(.duplicateEditVariable, "The variable \(variable) is already an edit variable.", variable: variable)
        }
        guard priority.isValid, !priority.isRequired else {
            throw SolverError(
                .invalidPriority(priority),
                "An edit variable's priority must be in 1..<1000 (required is not allowed); \(variable) was given \(priority).",
                variable: variable)
        }
        let constraint = Constraint(variable, .equal, 0, priority: priority, identifier: "edit \(variable)")
        try add(constraint)
        records[ObjectIdentifier(constraint)]!.isEdit = true
        let record = records[ObjectIdentifier(constraint)]!
        editIndex[key] = edits.count
        edits.append(EditRecord(variable: variable, constraint: constraint, marker: record.marker, other: record.other!, suggestedValue: 0))
    }

    /// Removes the edit constraint of `variable`.
    /// - Throws: ``SolverError`` `unknownEditVariable`.
    /// - Complexity: as ``remove(_:)``.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let index = editIndex[ObjectIdentifier(variable)] else {
            throw SolverError(.unknownEditVariable, "The variable \(variable) is not an edit variable.", variable: variable)
        }
        let edit = edits[index]
        editIndex[ObjectIdentifier(variable)] = nil
        // Swap-remove, re-pointing the index of the record that moves.
        if index != edits.count - 1 {
            edits.swapAt(index, edits.count - 1)
            editIndex[ObjectIdentifier(edits[index].variable)] = index
        }
        edits.removeLast()
        removeRecord(records[ObjectIdentifier(edit.constraint)]!)
    }

    /// Suggests `value` for the edit variable `variable` and re-solves with the dual simplex.
    /// - Throws: ``SolverError`` `unknownEditVariable` or `nonFiniteValue`.
    /// - Complexity: O(r) to shift the constants, then one pivot per row that became
    ///   infeasible (often none); allocation-free once the rows have their capacity.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard let index = editIndex[key] else {
            throw SolverError(.unknownEditVariable, "The variable \(variable) is not an edit variable.", variable: variable)
        }
        guard value.isFinite else {
            throw SolverError(.nonFiniteValue, "The value \(value) suggested for \(variable) is not finite.", variable: variable)
        }
        let edit = edits[index]
        let delta = value - edit.suggestedValue
        edits[index].suggestedValue = value

        // The edit row is `variable = suggested + e⁺ − e⁻`; moving the suggestion by δ is the
        // same as moving e⁺ by −δ (or e⁻ by +δ) in every row that mentions it.
        let plusRow = rowOfSymbol[edit.marker.index]
        let minusRow = rowOfSymbol[edit.other.index]
        if plusRow >= 0 {
            rows[Int(plusRow)].constant -= delta
            if rows[Int(plusRow)].constant < 0 { infeasible.append(edit.marker) }
        } else if minusRow >= 0 {
            rows[Int(minusRow)].constant += delta
            if rows[Int(minusRow)].constant < 0 { infeasible.append(edit.other) }
        } else {
            for i in rows.indices {
                let coefficient = rows[i].coefficient(of: edit.marker)
                guard coefficient != 0 else { continue }
                rows[i].constant += delta * coefficient
                if rows[i].constant < 0 && !basics[i].isExternal { infeasible.append(basics[i]) }
            }
        }
        dualOptimize()
    }

    // MARK: - Validation

    func validate(_ constraint: Constraint) throws(SolverError) {
        guard constraint.priority.isValid else {
            throw SolverError(
                .invalidPriority(constraint.priority),
                "The constraint \(constraint) has priority \(constraint.priority); priorities must be in 1...1000.",
                constraint: constraint)
        }
        guard constraint.expression.isFinite else {
            throw SolverError(
                .nonFiniteValue, "The constraint \(constraint) has a coefficient or constant that is not finite.",
                constraint: constraint)
        }
    }
}
