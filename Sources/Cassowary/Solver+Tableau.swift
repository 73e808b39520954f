// Building rows and keeping the tableau's bookkeeping (rows, basic symbols, objective
// levels) consistent.

extension Solver {
    /// Sits above every real priority so the artificial objective of phase one dominates.
    static let artificialPriority = Priority(1001)

    struct VariableCheckpoint {
        let symbolCount: Int
        let externalCount: Int
        let freeSymbolCount: Int
    }

    /// What phase one of an addition may change, saved so a failed addition can be undone
    /// bit for bit. Arrays are copy-on-write: saving costs a few retains, and only the rows
    /// phase one actually touches get copied.
    struct TableauSnapshot {
        let rows: [Row]
        let basics: [Symbol]
        let rowOfSymbol: [Int32]
        let infeasible: [Symbol]
        let objectives: [Row]
        let objectivePriorities: [Priority]
        let objectiveUsers: [Int]

        init(of solver: Solver) {
            rows = solver.rows
            basics = solver.basics
            rowOfSymbol = solver.rowOfSymbol
            infeasible = solver.infeasible
            objectives = solver.objectives
            objectivePriorities = solver.objectivePriorities
            objectiveUsers = solver.objectiveUsers
        }

        func restore(into solver: Solver) {
            solver.rows = rows
            solver.basics = basics
            solver.rowOfSymbol = rowOfSymbol
            solver.infeasible = infeasible
            solver.objectives = objectives
            solver.objectivePriorities = objectivePriorities
            solver.objectiveUsers = objectiveUsers
        }
    }

    /// A new column: a recycled index when a removed constraint left one (its marker),
    /// else the next one.
    func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        if freeSymbolCount > 0 {
            freeSymbolCount -= 1
            return Symbol(index: freeSymbols[freeSymbolCount], kind: kind)
        }
        let symbol = Symbol(index: rowOfSymbol.count, kind: kind)
        rowOfSymbol.append(-1)
        variableOfSymbol.append(nil)
        return symbol
    }

    /// The symbol this solver uses for `variable`, if any: the variable's hint when this
    /// solver's own table confirms it, else the dictionary.
    @inline(__always)
    func knownSymbol(for variable: Variable) -> Symbol? {
        let hint = variable.symbolHint
        if hint >= 0 {
            let index = hint >> 2
            if index < variableOfSymbol.count, variableOfSymbol[index] === variable { return Symbol(raw: hint) }
        }
        return symbolOfVariable[ObjectIdentifier(variable)].map(Symbol.init(raw:))
    }

    func symbol(for variable: Variable) -> Symbol {
        if let known = knownSymbol(for: variable) {
            variable.symbolHint = known.raw
            return known
        }
        let symbol = makeSymbol(.external)
        symbolOfVariable[ObjectIdentifier(variable)] = symbol.raw
        variableOfSymbol[symbol.index] = variable
        variable.symbolHint = symbol.raw
        externals.append(External(variable: variable, symbol: symbol))
        return symbol
    }

    /// Forgets the variables and symbols created since `checkpoint` (a failed addition).
    func rollBack(to checkpoint: VariableCheckpoint) {
        for external in externals[checkpoint.externalCount...] {
            symbolOfVariable[ObjectIdentifier(external.variable)] = nil
        }
        externals.removeSubrange(checkpoint.externalCount...)
        rowOfSymbol.removeSubrange(checkpoint.symbolCount...)
        variableOfSymbol.removeSubrange(checkpoint.symbolCount...)
        // Recycled indices taken since are still in the array above the top: give them back.
        freeSymbolCount = checkpoint.freeSymbolCount
    }

    /// Makes the index of a removed constraint's marker available to `makeSymbol`. Only a
    /// marker whose row was just removed: it was basic there, so no other row and no
    /// objective mentions it.
    func recycle(_ symbol: Symbol) {
        if freeSymbolCount < freeSymbols.count {
            freeSymbols[freeSymbolCount] = symbol.index
        } else {
            freeSymbols.append(symbol.index)
        }
        freeSymbolCount += 1
    }

    /// The index of the objective level for `priority`, created empty if new.
    func objectiveLevel(for priority: Priority) -> Int {
        var index = 0
        while index < objectivePriorities.count && objectivePriorities[index] > priority { index += 1 }
        if index < objectivePriorities.count && objectivePriorities[index] == priority { return index }
        objectives.insert(Row(constant: 0), at: index)
        objectivePriorities.insert(priority, at: index)
        objectiveUsers.insert(0, at: index)
        return index
    }

    /// The constraint's row in terms of the current non-basic symbols, with its marker and
    /// error symbols; a non-required constraint's errors are added to its objective level.
    /// The row's constant is made non-negative (phase one needs a feasible start).
    func makeRow(for constraint: Constraint) -> (row: Row, marker: Symbol, other: Symbol?) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        // Room for the substitutions and pivots to come without regrowing.
        row.reserveCapacity(max(8, expression.terms.count + 4))
        for term in expression.terms {
            let symbol = symbol(for: term.variable)
            let basicRow = rowOfSymbol[symbol.index]
            if basicRow >= 0 {
                row.insert(rows[Int(basicRow)], times: term.coefficient)
            } else {
                row.insert(symbol, coefficient: term.coefficient)
            }
        }

        let marker: Symbol
        var other: Symbol? = nil
        let required = constraint.priority.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression ≤ 0  ⇔  expression + slack = 0;  expression ≥ 0  ⇔  expression − slack = 0.
            // A non-required one may also be violated by `error`: expression + slack − error = 0.
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            row.insert(marker, coefficient: sign)
            if !required {
                let error = makeSymbol(.error)
                other = error
                row.insert(error, coefficient: -sign)
                let level = objectiveLevel(for: constraint.priority)
                objectives[level].insert(error, coefficient: 1)
                objectiveUsers[level] += 1
            }
        case .equal:
            if required {
                marker = makeSymbol(.dummy)
                row.insert(marker, coefficient: 1)
            } else {
                // expression = e⁺ − e⁻, both costing one unit at the constraint's level.
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                marker = plus
                other = minus
                row.insert(plus, coefficient: -1)
                row.insert(minus, coefficient: 1)
                let level = objectiveLevel(for: constraint.priority)
                objectives[level].insert(plus, coefficient: 1)
                objectives[level].insert(minus, coefficient: 1)
                objectiveUsers[level] += 1
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, marker, other)
    }

    /// The symbol to make basic for a new row, or nil if phase one is needed.
    ///
    /// A variable is the first choice (it is free in sign) provided making it basic cannot
    /// push another row negative: it is new, or it occurs only in rows of free variables.
    /// Otherwise a slack or error of the constraint with a negative coefficient keeps the
    /// row feasible, because the row's constant is non-negative.
    func chooseSubject(of row: Row, marker: Symbol, other: Symbol?, newSymbolsFrom firstNew: Int) -> Symbol? {
        for cell in row.cells where cell.symbol.isExternal {
            if cell.symbol.index >= firstNew || !occursInRestrictedRow(cell.symbol) { return cell.symbol }
        }
        if marker.isRestricted && row.coefficient(of: marker) < 0 { return marker }
        if let other, other.isRestricted && row.coefficient(of: other) < 0 { return other }
        return nil
    }

    func occursInRestrictedRow(_ symbol: Symbol) -> Bool {
        for i in rows.indices where !basics[i].isExternal && rows[i].mayContain(symbol) && rows[i].position(of: symbol) >= 0 { return true }
        return false
    }

    func appendRow(_ row: Row, basic: Symbol) {
        rowOfSymbol[basic.index] = Int32(rows.count)
        rows.append(row)
        basics.append(basic)
    }

    /// Removes row `index` by moving the last row into its place.
    @discardableResult
    func removeRow(at index: Int) -> Row {
        let basic = basics[index]
        rowOfSymbol[basic.index] = -1
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            basics.swapAt(index, last)
            rowOfSymbol[basics[index].index] = Int32(index)
        }
        basics.removeLast()
        return rows.removeLast()
    }

    /// Replaces `symbol` with `row`'s right-hand side in the objective levels and, when
    /// `substitutingRows`, in every row (a symbol created by this very addition occurs in no
    /// row yet, so the walk is skipped). Rows of restricted symbols that go negative are
    /// queued for the dual simplex.
    func substitute(_ symbol: Symbol, with row: Row, substitutingRows: Bool = true) {
        if substitutingRows {
            for i in rows.indices {
                if rows[i].substitute(symbol, with: row) && rows[i].constant < 0 && !basics[i].isExternal {
                    infeasible.append(basics[i])
                }
            }
        }
        for level in objectives.indices { objectives[level].substitute(symbol, with: row) }
    }

    /// Makes `entering` basic in row `index`, whose basic symbol leaves.
    func pivot(row index: Int, entering: Symbol) {
        // Take the row out of the array so substituting into the others cannot alias it and
        // its cell buffer is never copied.
        var row = Row(constant: 0)
        swap(&row, &rows[index])
        let leaving = basics[index]
        rowOfSymbol[leaving.index] = -1
        row.solve(for: entering, replacing: leaving)
        substitute(entering, with: row)
        rows[index] = row
        basics[index] = entering
        rowOfSymbol[entering.index] = Int32(index)
    }

    /// Phase one for a row with no usable subject: make it basic under an artificial symbol,
    /// minimise that symbol, and keep the row if it reaches zero.
    /// - Returns: nil on success; otherwise the certificate of infeasibility, the symbols
    ///   with non-zero cost in the optimal artificial objective (the tableau is then left
    ///   mid-way; the caller restores its snapshot).
    func addWithArtificialVariable(_ row: Row) -> [Symbol]? {
        let artificial = makeSymbol(.slack)
        appendRow(row, basic: artificial)
        objectives.insert(row, at: 0)
        objectivePriorities.insert(Self.artificialPriority, at: 0)
        objectiveUsers.insert(1, at: 0)
        optimize()
        if !isNearZero(objectives[0].constant) {
            return objectives[0].cells.map(\.symbol)
        }
        objectives.remove(at: 0)
        objectivePriorities.remove(at: 0)
        objectiveUsers.remove(at: 0)

        let artificialRow = rowOfSymbol[artificial.index]
        if artificialRow >= 0 {
            // Still basic (at zero): pivot any other symbol in so the artificial one can go.
            var row = removeRow(at: Int(artificialRow))
            if row.isConstant {
                recycle(artificial)  // it was basic in the row just removed: mentioned nowhere
                return nil
            }
            let entering = row.cells.first(where: { !$0.symbol.isDummy })?.symbol ?? row.cells[0].symbol
            row.solve(for: entering, replacing: artificial)
            substitute(entering, with: row)
            appendRow(row, basic: entering)
        }
        // Non-basic at zero now: dropping its column fixes it at zero.
        for i in rows.indices { rows[i].remove(artificial) }
        for level in objectives.indices { objectives[level].remove(artificial) }
        recycle(artificial)
        return nil
    }

    /// The row in which to pivot a non-basic `marker` so its constraint's row can be removed:
    /// a restricted row that stays feasible by the ratio test if there is one, else any row.
    func markerLeavingRow(for marker: Symbol) -> Int? {
        var bestNegativeRatio = Double.greatestFiniteMagnitude
        var bestPositiveRatio = Double.greatestFiniteMagnitude
        var negative: Int? = nil
        var positive: Int? = nil
        var free: Int? = nil
        for i in rows.indices {
            let coefficient = rows[i].coefficient(of: marker)
            if coefficient == 0 { continue }
            if basics[i].isExternal {
                free = i
            } else if coefficient < 0 {
                let ratio = -rows[i].constant / coefficient
                if ratio < bestNegativeRatio {
                    bestNegativeRatio = ratio
                    negative = i
                }
            } else {
                let ratio = rows[i].constant / coefficient
                if ratio < bestPositiveRatio {
                    bestPositiveRatio = ratio
                    positive = i
                }
            }
        }
        return negative ?? positive ?? free
    }
}
