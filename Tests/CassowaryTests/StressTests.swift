import Testing
@testable import Cassowary

/// Longer random sessions on larger systems than the oracle can enumerate: after every
/// operation the tableau must stay primal feasible and every required constraint must hold.
@Suite struct StressTests {
    static func expectInvariants(_ solver: Solver, _ live: [Constraint], _ variables: [Variable], _ context: String) {
        for (i, basic) in solver.basics.enumerated() where !basic.isExternal {
            #expect(solver.rows[i].constant >= -1e-7, "\(context): row of \(basic) is infeasible")
        }
        #expect(solver.rows.count == solver.basics.count)
        // Each row's summary covers its symbols: a walk that trusts a clear bit never
        // misses a cell (sessions this long use far more than 64 symbol indices).
        for (i, row) in (solver.rows + solver.objectives).enumerated() {
            for cell in row.cells where !row.mayContain(cell.symbol) {
                Issue.record("\(context): row \(i)'s summary lacks \(cell.symbol)")
            }
        }
        for constraint in live where constraint.priority.isRequired {
            let residual = constraint.expression.terms.reduce(constraint.expression.constant) {
                $0 + $1.coefficient * solver.value(of: $1.variable)
            }
            let holds: Bool
            switch constraint.relation {
            case .equal: holds = abs(residual) <= 1e-6
            case .lessThanOrEqual: holds = residual <= 1e-6
            case .greaterThanOrEqual: holds = residual >= -1e-6
            }
            #expect(holds, "\(context): required \(constraint) violated by \(residual)")
        }
    }

    @Test(arguments: 0..<4)
    func longSessions(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x5EED_0000 + seed)
        let n = 6
        let variables = (0..<n).map { Variable("x\($0)") }
        let solver = Solver()
        var live: [Constraint] = []
        for v in variables {
            for bound in [v |>=| -100, v |<=| 100] {
                try solver.add(bound)
                live.append(bound)
            }
        }
        let boxCount = live.count
        var editing: [Variable] = []
        for step in 0..<400 {
            let context = "seed \(seed) step \(step)"
            switch rng.next() % 10 {
            case 0..<5:
                let row = RandomSystemTests.randomRow(&rng, variables: n)
                let constraint = row.constraint(over: variables)
                if (try? solver.add(constraint)) != nil { live.append(constraint) }
            case 5, 6:
                if live.count > boxCount {
                    let index = boxCount + Int(rng.next() % UInt64(live.count - boxCount))
                    try solver.remove(live.remove(at: index))
                }
            case 7:
                let v = variables[Int(rng.next() % UInt64(n))]
                if solver.hasEditVariable(v) {
                    try solver.removeEditVariable(v)
                    editing.removeAll { $0 === v }
                } else {
                    try solver.addEditVariable(v, priority: Priority(Float(1 + rng.next() % 999)))
                    editing.append(v)
                }
            default:
                if let v = editing.randomElement(using: &rng) {
                    try solver.suggestValue(Double(Int(rng.next() % 401) - 200) / 4, for: v)
                }
            }
            Self.expectInvariants(solver, live, variables, context)
        }
    }

    /// A chain of 100 unknowns, each one more than the one before, the first an edit
    /// variable: several hundred symbols, so many share a summary bit. Every suggestion
    /// moves the whole chain (the answer is plain arithmetic), and the chain's rows stay
    /// right through removals and additions in the middle.
    @Test func aChainLongerThanTheSummaryStaysExact() throws {
        let xs = (0..<100).map { Variable("x\($0)") }
        let solver = Solver()
        var links: [Constraint] = []
        for i in 1..<xs.count {
            let link = xs[i] |==| xs[i - 1] + 1
            try solver.add(link)
            links.append(link)
            try solver.add((xs[i] |>=| 0) ~ .defaultLow)
        }
        try solver.addEditVariable(xs[0], priority: .defaultHigh)
        for start in [0.0, 250, -40, 7.5] {
            try solver.suggestValue(start, for: xs[0])
            for (i, x) in xs.enumerated() { #expect(abs(solver.value(of: x) - (start + Double(i))) <= 1e-9, "x\(i) from \(start)") }
        }
        // Cut the chain at x50 and tie x50 to 1000 instead: the second half follows it.
        try solver.remove(links[49])
        try solver.add(xs[50] |==| 1000)
        try solver.suggestValue(3, for: xs[0])
        for (i, x) in xs.enumerated() {
            #expect(abs(solver.value(of: x) - (i < 50 ? 3 + Double(i) : 1000 + Double(i - 50))) <= 1e-9, "x\(i) after the cut")
        }
        Self.expectInvariants(solver, [], xs, "chain")
    }
}
