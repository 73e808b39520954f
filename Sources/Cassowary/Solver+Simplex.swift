// The primal simplex (re-optimising after a change of constraints) and the dual simplex
// (restoring feasibility after suggested values moved), both over the lexicographic
// objective: a symbol's reduced cost is the vector of its coefficients in the objective
// levels, highest priority first, and vectors are compared lexicographically.

extension Solver {
    /// The entering symbol for the primal simplex and the direction it moves (+1 grows,
    /// −1 shrinks; only free variables shrink), or nil at the optimum.
    ///
    /// A symbol's reduced cost is decided by the highest level where it has a cost, so the
    /// levels are walked from the top and each symbol is judged once, at the first level it
    /// appears in (a per-symbol stamp records that, without allocating). Bland's rule: the
    /// lowest improving symbol wins, which rules out cycling on degenerate pivots.
    /// - Complexity: O(total cells of the objective levels).
    func enteringSymbol(excluding skipped: [Symbol]) -> (symbol: Symbol, direction: Double)? {
        var best: Symbol? = nil
        var bestDirection = 1.0
        if objectives.count > 1 { advanceStamp() }
        for level in objectives.indices {
            for cell in objectives[level].cells {
                let symbol = cell.symbol
                let coefficient = cell.coefficient
                if isNearZero(coefficient) { continue }
                if objectives.count > 1 {
                    if judgedStamp[symbol.index] == stamp { continue }
                    judgedStamp[symbol.index] = stamp
                }
                if symbol.isDummy { continue }
                if let best, symbol.raw >= best.raw { continue }
                if coefficient < 0 || symbol.isExternal {
                    if skipped.contains(symbol) { continue }
                    best = symbol
                    bestDirection = coefficient < 0 ? 1 : -1
                }
            }
        }
        guard let best else { return nil }
        return (best, bestDirection)
    }

    func advanceStamp() {
        if judgedStamp.count < rowOfSymbol.count {
            judgedStamp.append(contentsOf: repeatElement(0, count: rowOfSymbol.count - judgedStamp.count))
        }
        stamp &+= 1
        if stamp == 0 {  // wrapped: old stamps could collide, so clear them
            for i in judgedStamp.indices { judgedStamp[i] = 0 }
            stamp = 1
        }
    }

    /// The row whose restricted basic symbol first reaches zero as `entering` moves in
    /// `direction` (ties to the lowest symbol), or nil if nothing bounds it.
    func leavingRow(for entering: Symbol, direction: Double) -> Int? {
        var bestRatio = Double.greatestFiniteMagnitude
        var found: Int? = nil
        for i in rows.indices where !basics[i].isExternal {
            let rate = rows[i].coefficient(of: entering) * direction
            guard rate < 0 else { continue }
            let ratio = -rows[i].constant / rate
            if ratio < bestRatio || (ratio == bestRatio && found != nil && basics[i] < basics[found!]) {
                bestRatio = ratio
                found = i
            }
        }
        return found
    }

    /// Primal simplex from a feasible tableau until no symbol improves the objective.
    func optimize() {
        // A candidate with no bounding row would mean an unbounded objective, impossible for
        // a sum of non-negative errors; it can only be rounding noise, so it is set aside.
        var skipped: [Symbol] = []
        while let (entering, direction) = enteringSymbol(excluding: skipped) {
            guard let leaving = leavingRow(for: entering, direction: direction) else {
                skipped.append(entering)
                continue
            }
            pivot(row: leaving, entering: entering)
        }
    }

    /// Dual simplex: pivots the queued infeasible rows back to feasibility while keeping the
    /// objective optimal (the tableau is optimal when suggestions are applied).
    /// - Returns: false when a row cannot be made feasible: the required constraints
    ///   conflict (which `add` prevents; `replace` checks it, and then restores its snapshot).
    @discardableResult
    func dualOptimize() -> Bool {
        var feasible = true
        while let leaving = infeasible.popLast() {
            let index = rowOfSymbol[leaving.index]
            guard index >= 0 else { continue }
            let rowIndex = Int(index)
            let constant = rows[rowIndex].constant
            guard constant < 0 && !isNearZero(constant) else { continue }
            guard let entering = dualEnteringSymbol(row: rowIndex) else {
                feasible = false
                continue
            }
            pivot(row: rowIndex, entering: entering)
        }
        return feasible
    }

    /// The symbol of row `rowIndex` whose entering raises the row's basic symbol at the least
    /// lexicographic cost per unit: minimum of (reduced cost vector / coefficient).
    func dualEnteringSymbol(row rowIndex: Int) -> Symbol? {
        var best: Symbol? = nil
        var bestScale = 0.0
        for cell in rows[rowIndex].cells {
            let symbol = cell.symbol
            if symbol.isDummy { continue }
            // Restricted symbols can only grow; a free variable may move either way.
            let scale: Double
            if cell.coefficient > 0 {
                scale = cell.coefficient
            } else if symbol.isExternal && cell.coefficient < 0 {
                scale = -cell.coefficient
            } else {
                continue
            }
            if let current = best {
                if !isLexicographicallyLess(symbol, per: scale, than: current, per: bestScale) { continue }
            }
            best = symbol
            bestScale = scale
        }
        return best
    }

    /// Whether cost(a)/scaleA < cost(b)/scaleB lexicographically, ties to the lower symbol.
    @inline(__always)
    func isLexicographicallyLess(_ a: Symbol, per scaleA: Double, than b: Symbol, per scaleB: Double) -> Bool {
        for level in objectives.indices {
            let ratioA = objectives[level].coefficient(of: a) / scaleA
            let ratioB = objectives[level].coefficient(of: b) / scaleB
            if !isNearZero(ratioA - ratioB) { return ratioA < ratioB }
        }
        return a < b
    }
}
