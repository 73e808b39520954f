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
}
