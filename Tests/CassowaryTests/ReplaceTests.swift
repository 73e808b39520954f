import Testing
@testable import Cassowary

/// `Solver.replace(_:with:)`: a constraint whose constant changes keeps its row and symbols
/// (what a layout engine does when a frame or a target moves), checked after every step
/// against the brute-force optimum, with refusals genuine and atomic; any other replacement
/// is a removal and an addition.
@Suite struct ReplaceTests {
    @Test(arguments: 0..<8)
    func randomReplacementsStayOptimal(batch: Int) throws {
        var rng = SplitMix64(seed: 0xBADC0DE + UInt64(batch))
        var shifted = 0, refused = 0
        for system in 0..<40 {
            let n = 1 + Int(rng.next() % 3)
            let variables = (0..<n).map { Variable("x\($0)") }
            let solver = Solver()
            var live: [(row: LinearRow, constraint: Constraint)] = []
            for row in LinearRow.box(variables: n, halfWidth: 20) {
                let constraint = row.constraint(over: variables)
                try solver.add(constraint)
                live.append((row, constraint))
            }
            let boxCount = live.count
            for _ in 0..<6 {
                let row = RandomSystemTests.randomRow(&rng, variables: n)
                let constraint = row.constraint(over: variables)
                if (try? solver.add(constraint)) != nil { live.append((row, constraint)) }
            }
            for step in 0..<12 {
                let context = "batch \(batch) system \(system) step \(step)"
                // Mostly a new constant for one of the constraints (the box's bounds too);
                // sometimes a different constraint altogether.
                let index = Int(rng.next() % UInt64(live.count))
                var row = live[index].row
                let sameShape = rng.next() % 5 != 0 || index < boxCount
                if sameShape {
                    row.constant = Double(Int(rng.next() % 41) - 20) / (rng.next() % 2 == 0 ? 1 : 4)
                } else {
                    row = RandomSystemTests.randomRow(&rng, variables: n)
                }
                let replacement = row.constraint(over: variables)
                let before = ObservedState(solver, variables: variables)
                let symbols = solver.rowOfSymbol.count
                var rows = live.map(\.row)
                rows[index] = row
                do {
                    try solver.replace(live[index].constraint, with: replacement)
                    live[index] = (row, replacement)
                    #expect(solver.contains(replacement))
                    if sameShape && solver.rowOfSymbol.count == symbols { shifted += 1 }
                    #expect(solver.constraints.count == live.count, "\(context)")
                    RandomSystemTests.expectOptimal(solver, variables, rows, context)
                } catch {
                    refused += 1
                    #expect(row.isRequired, "\(context): refused a non-required replacement: \(error)")
                    #expect(ObservedState(solver, variables: variables) == before, "\(context): state changed")
                    #expect(BruteForceOracle.optimum(of: rows, variableCount: n) == nil, "\(context): refused a satisfiable replacement")
                    RandomSystemTests.expectOptimal(solver, variables, live.map(\.row), context + " after the refusal")
                }
            }
        }
        // The in-place path and the refusals were both exercised.
        #expect(shifted > 100 && refused > 5, "shifted \(shifted), refused \(refused)")
    }

    @Test func aNewConstantMakesNoSymbolAndKeepsTheOrder() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let first = (x |>=| 0).identified("first")
        try solver.add(first)
        var width = x |==| 100
        try solver.add(width)
        try solver.add(y |==| x + 8)
        try solver.add((y |<=| 50) ~ .defaultHigh)
        let symbols = solver.rowOfSymbol.count
        for extent in stride(from: 0.0, through: 2000, by: 7) {
            let next = x |==| extent
            try solver.replace(width, with: next)
            width = next
            #expect(solver.value(of: y) == extent + 8)
        }
        #expect(solver.rowOfSymbol.count == symbols)
        #expect(solver.constraints.first === first && solver.constraints[1] === width)
    }

    @Test func aRefusedReplacementLeavesTheOldConstraint() throws {
        let x = Variable("x")
        let solver = Solver()
        let atMost50 = x |<=| 50
        let width = x |==| 40
        try solver.add(atMost50)
        try solver.add(width)
        let before = ObservedState(solver, variables: [x])
        let tooWide = x |==| 60
        #expect(throws: SolverError.self) { try solver.replace(width, with: tooWide) }
        #expect(ObservedState(solver, variables: [x]) == before)
        #expect(solver.contains(width) && !solver.contains(tooWide))
        #expect(throws: SolverError.self) { try solver.replace(tooWide, with: width) }
        #expect(throws: SolverError.self) { try solver.replace(width, with: atMost50) }
        #expect(ObservedState(solver, variables: [x]) == before)
    }

    /// Removed constraints' columns are used again: adding and removing for ever (a
    /// required and a non-required constraint, an edit variable) keeps the tableau's size.
    @Test func addingAndRemovingForEverKeepsTheTableauSize() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x |>=| 0)
        try solver.add(y |==| x + 8)
        var counts: Set<Int> = []
        for round in 0..<2000 {
            let exact = x |==| Double(round % 50)
            let preferred = (y |<=| 30) ~ .defaultHigh
            try solver.add(exact)
            try solver.add(preferred)
            try solver.addEditVariable(y, priority: 600)
            try solver.suggestValue(Double(round % 13), for: y)
            #expect(solver.value(of: y) == Double(round % 50) + 8)
            try solver.removeEditVariable(y)
            try solver.remove(preferred)
            try solver.remove(exact)
            if round > 0 { counts.insert(solver.rowOfSymbol.count) }
        }
        #expect(counts.count == 1, "symbols: \(counts.sorted())")
    }
}
