import Testing
@testable import Cassowary

/// Random small systems, built and changed incrementally, checked after every step against
/// the brute-force lexicographic optimum: required constraints hold, each priority level's
/// violation is optimal, and every refusal is genuine, minimal and atomic.
@Suite struct RandomSystemTests {
    static let priorities: [Float] = [1000, 1000, 999, 750, 500, 250, 1]

    static func randomRow(_ rng: inout SplitMix64, variables n: Int) -> LinearRow {
        var coefficients = (0..<n).map { _ in Double(Int(rng.next() % 7) - 3) }
        if coefficients.allSatisfy({ $0 == 0 }) { coefficients[Int(rng.next() % UInt64(n))] = 1 }
        return LinearRow(
            coefficients: coefficients,
            constant: Double(Int(rng.next() % 25) - 12),
            relation: Relation.allCases[Int(rng.next() % 3)],
            priority: priorities[Int(rng.next() % UInt64(priorities.count))])
    }

    /// Checks the solver's current solution against the oracle for `rows`.
    static func expectOptimal(_ solver: Solver, _ variables: [Variable], _ rows: [LinearRow], _ context: String) {
        let values = variables.map { solver.value(of: $0) }
        #expect(BruteForceOracle.isFeasible(rows, at: values), "required violated: \(context) at \(values)")
        guard let optimum = BruteForceOracle.optimum(of: rows, variableCount: variables.count) else {
            Issue.record("oracle finds no feasible point: \(context)")
            return
        }
        let achieved = BruteForceOracle.violations(of: rows, at: values, levels: BruteForceOracle.levels(of: rows))
        let matches = zip(achieved, optimum).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($1)) }
        #expect(matches, "not optimal: \(context): achieved \(achieved), optimum \(optimum)")
    }

    @Test(arguments: 0..<8)
    func incrementalRandomSystems(batch: Int) throws {
        var rng = SplitMix64(seed: 0xC0FFEE + UInt64(batch))
        for system in 0..<40 {
            let n = 1 + Int(rng.next() % 3)
            let variables = (0..<n).map { Variable("x\($0)") }
            let solver = Solver()
            var live: [(row: LinearRow, constraint: Constraint)] = []
            var rowOf: [ObjectIdentifier: LinearRow] = [:]
            var edit: (variable: Int, row: LinearRow)? = nil
            func currentRows() -> [LinearRow] { live.map(\.row) + (edit.map { [$0.row] } ?? []) }

            for row in LinearRow.box(variables: n, halfWidth: 20) {
                let constraint = row.constraint(over: variables)
                try solver.add(constraint)
                live.append((row, constraint))
                rowOf[ObjectIdentifier(constraint)] = row
            }
            let boxCount = live.count
            for step in 0..<10 {
                let context = "batch \(batch) system \(system) step \(step)"
                let choice = rng.next() % 10
                if choice < 6 || live.count == boxCount {
                    let row = Self.randomRow(&rng, variables: n)
                    let constraint = row.constraint(over: variables)
                    let before = ObservedState(solver, variables: variables)
                    do {
                        try solver.add(constraint)
                        live.append((row, constraint))
                        rowOf[ObjectIdentifier(constraint)] = row
                    } catch {
                        // Refused: it must really conflict, name a minimal conflicting set,
                        // and leave the solver untouched.
                        #expect(row.isRequired, "\(context): refused a non-required constraint: \(error)")
                        #expect(ObservedState(solver, variables: variables) == before, "\(context): state changed")
                        #expect(BruteForceOracle.optimum(of: currentRows() + [row], variableCount: n) == nil, "\(context): refused a satisfiable constraint")
                        var conflictRows = error.conflicts.dropLast().compactMap { rowOf[ObjectIdentifier($0)] }
                        #expect(conflictRows.count == error.conflicts.count - 1, "\(context): conflict names an unknown constraint")
                        conflictRows.append(row)
                        #expect(BruteForceOracle.optimum(of: conflictRows, variableCount: n) == nil, "\(context): conflicts are satisfiable")
                        for i in conflictRows.indices.dropLast() {
                            var fewer = conflictRows
                            fewer.remove(at: i)
                            #expect(BruteForceOracle.optimum(of: fewer, variableCount: n) != nil, "\(context): conflict set not minimal: \(conflictRows), dropping \(i)")
                        }
                    }
                } else if choice < 8 {
                    let index = boxCount + Int(rng.next() % UInt64(live.count - boxCount))
                    try solver.remove(live[index].constraint)
                    live.remove(at: index)
                } else if let current = edit {
                    let value = Double(Int(rng.next() % 61) - 30) / 2
                    try solver.suggestValue(value, for: variables[current.variable])
                    edit!.row.constant = -value
                } else {
                    let index = Int(rng.next() % UInt64(n))
                    let priority: Float = [999, 600, 2][Int(rng.next() % 3)]
                    try solver.addEditVariable(variables[index], priority: Priority(priority))
                    var unit = [Double](repeating: 0, count: n)
                    unit[index] = 1
                    edit = (index, LinearRow(coefficients: unit, constant: 0, relation: .equal, priority: priority))
                }
                Self.expectOptimal(solver, variables, currentRows(), context)
            }
        }
    }
}
