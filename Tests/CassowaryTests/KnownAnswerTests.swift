import Testing
@testable import Cassowary

@Suite struct KnownAnswerTests {
    @Test func requiredEqualityFixesAVariable() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x |==| 10)
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func multipliersAndTwoEquations() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x + y |==| 20)
        try solver.add(x |==| 2 * y)
        solver.updateVariables()
        #expect(abs(x.value - 40.0 / 3) < 1e-9)
        #expect(abs(y.value - 20.0 / 3) < 1e-9)
    }

    @Test func fractionalMultipliersAndDivision() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add(a / 4 + 0.5 * b |==| 3)
        try solver.add(b |==| a * 0.25 - 1)
        solver.updateVariables()
        // a/4 + (a/4 − 1)/2 = 3  ⇒  3a/8 = 3.5
        #expect(abs(a.value - 28.0 / 3) < 1e-9)
        #expect(abs(b.value - (28.0 / 12 - 1)) < 1e-9)
    }

    @Test func inequalitiesBoundAWeakPull() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x |>=| 10)
        try solver.add(x |<=| 20)
        try solver.add((x |==| 0) ~ 1)
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.add((x |==| 35) ~ 2)
        solver.updateVariables()
        #expect(x.value == 20)
    }

    /// (higher, lower, expected): the higher priority wins whichever way round they are.
    @Test(arguments: [
        (Priority.defaultHigh, Priority.defaultLow, 100.0),
        (Priority.defaultLow, Priority.defaultHigh, 50.0),
        (Priority(999), Priority(998), 100.0),
        (Priority(1), Priority(2), 50.0),
        (Priority(500.5), Priority(500), 100.0),
    ])
    func competingPrioritiesHigherWins(atLeast: Priority, atMost: Priority, expected: Double) throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x |>=| 100) ~ atLeast)
        try solver.add((x |<=| 50) ~ atMost)
        solver.updateVariables()
        #expect(x.value == expected)
    }

    @Test func equalPrioritiesTradeOneForOne() throws {
        // Three pulls of equal priority: the optimum is the median.
        let x = Variable("x")
        let solver = Solver()
        for target in [10.0, 20, 20] { try solver.add((x |==| target) ~ 500) }
        solver.updateVariables()
        #expect(x.value == 20)
    }

    @Test func higherPriorityBeatsAnyAmountOfLowerViolation() throws {
        // One unit at priority 2 against a million-fold lever at priority 1: a weighted
        // objective with priority-derived weights would give in; a lexicographic one cannot.
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x |==| 0) ~ 2)
        try solver.add((1_000_000 * x |==| 100_000_000) ~ 1)
        solver.updateVariables()
        #expect(x.value == 0)

        // Many constraints at the lower level add up, and still lose.
        let y = Variable("y")
        try solver.add((y |==| 0) ~ 999)
        for _ in 0..<200 { try solver.add((y |==| 1000) ~ 998) }
        solver.updateVariables()
        #expect(y.value == 0)
    }

    @Test func everyPriorityLevelIsDistinct() throws {
        // 999 pulls at priorities 1…999, each to its own value: the highest must win.
        let x = Variable("x")
        let solver = Solver()
        for priority in 1...999 { try solver.add((x |==| Double(priority)) ~ Priority(Float(priority))) }
        solver.updateVariables()
        #expect(x.value == 999)
        // And a required bound still beats them all.
        try solver.add(x |<=| 3)
        solver.updateVariables()
        #expect(x.value == 3)
    }

    @Test func removalAndReAdding() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let sum = x + y |==| 100
        let pinX = x |==| 30
        let preferY = (y |==| 10) ~ .defaultLow
        try solver.add(sum)
        try solver.add(preferY)
        try solver.add(pinX)
        solver.updateVariables()
        #expect(x.value == 30 && y.value == 70)

        try solver.remove(pinX)
        solver.updateVariables()
        #expect(x.value == 90 && y.value == 10)
        #expect(!solver.contains(pinX))

        try solver.add(pinX)
        solver.updateVariables()
        #expect(x.value == 30 && y.value == 70)

        try solver.remove(sum)
        try solver.remove(preferY)
        solver.updateVariables()
        #expect(x.value == 30 && y.value == 0)
        #expect(solver.constraints.map(ObjectIdentifier.init) == [ObjectIdentifier(pinX)])
    }

    @Test func redundantRequiredEqualitiesAreAccepted() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let first = x |==| 10
        try solver.add(first)
        try solver.add(x |==| 10)
        try solver.add(y |==| 10)
        try solver.add(x + y |==| 20)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 10)
        // Removing one of the duplicates keeps the other in force.
        try solver.remove(first)
        try solver.add((x |==| 50) ~ .defaultHigh)
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func constraintWithoutVariables() throws {
        let solver = Solver()
        try solver.add(Constraint(Expression(5), .lessThanOrEqual, 7.0))
        try solver.add(Constraint(Expression(5), .equal, 5.0))
        #expect(solver.constraints.count == 2)
    }

    @Test(arguments: [(100.0, 110.0, 100.0), (20.0, 40.0, 30.0), (400.0, 300.0, 290.0), (290.0, 300.0, 290.0)])
    func tagCell(textWidth: Double, cellWidth: Double, labelWidth: Double) throws {
        let cell = TagCell()
        let solver = Solver()
        for constraint in cell.constraints(intrinsicWidth: textWidth, intrinsicHeight: 17) { try solver.add(constraint) }
        solver.updateVariables()
        #expect(abs(cell.cellWidth.value - cellWidth) < 1e-9)
        #expect(abs(cell.labelWidth.value - labelWidth) < 1e-9)
        #expect(abs(cell.cellHeight.value - 27) < 1e-9)
        #expect(abs(cell.labelLeft.value - 5) < 1e-9)
    }

    /// kiwi (C++ 1.5.1) aborts with "The objective is unbounded" on this system: removing a
    /// constraint leaves a variable non-basic, and kiwi never lets a variable row bound a
    /// pivot. Here free variables move either way and the result is optimal.
    @Test func removalThatLeavesAVariableNonBasic() throws {
        let x = (0..<3).map { Variable("x\($0)") }
        let rows: [LinearRow] = [
            LinearRow(coefficients: [1, 0, 0], constant: -10, relation: .lessThanOrEqual, priority: 1000),
            LinearRow(coefficients: [1, 0, 0], constant: 10, relation: .greaterThanOrEqual, priority: 1000),
            LinearRow(coefficients: [0, 1, 0], constant: -10, relation: .lessThanOrEqual, priority: 1000),
            LinearRow(coefficients: [0, 1, 0], constant: 10, relation: .greaterThanOrEqual, priority: 1000),
            LinearRow(coefficients: [0, 0, 1], constant: -10, relation: .lessThanOrEqual, priority: 1000),
            LinearRow(coefficients: [0, 0, 1], constant: 10, relation: .greaterThanOrEqual, priority: 1000),
            LinearRow(coefficients: [0, -2, 3], constant: -3, relation: .lessThanOrEqual, priority: 900),
            LinearRow(coefficients: [3, -1, -1], constant: 9, relation: .equal, priority: 500),
            LinearRow(coefficients: [1, 3, 1], constant: 3, relation: .greaterThanOrEqual, priority: 500),
            LinearRow(coefficients: [2, 3, 0], constant: -6, relation: .lessThanOrEqual, priority: 900),
            LinearRow(coefficients: [3, 1, 0], constant: 12, relation: .lessThanOrEqual, priority: 500),
        ]
        let solver = Solver()
        let constraints = rows.map { $0.constraint(over: x) }
        for constraint in constraints { try solver.add(constraint) }
        try solver.remove(constraints[9])
        let edit = LinearRow(coefficients: [0, 1, 0], constant: 2, relation: .equal, priority: 500)
        try solver.addEditVariable(x[1], priority: 500)
        try solver.suggestValue(-2, for: x[1])
        solver.updateVariables()
        var remaining = rows
        remaining.remove(at: 9)
        remaining.append(edit)
        let values = x.map(\.value)
        #expect(BruteForceOracle.isFeasible(remaining, at: values))
        let optimum = try #require(BruteForceOracle.optimum(of: remaining, variableCount: 3))
        let achieved = BruteForceOracle.violations(of: remaining, at: values, levels: BruteForceOracle.levels(of: remaining))
        #expect(zip(achieved, optimum).allSatisfy { abs($0 - $1) < 1e-6 }, "achieved \(achieved), optimum \(optimum)")
    }

    @Test func resetForgetsEverything() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraint = x |==| 3
        try solver.add(constraint)
        try solver.addEditVariable(x, priority: .defaultLow)
        solver.reset()
        #expect(!solver.contains(constraint))
        #expect(!solver.hasEditVariable(x))
        #expect(solver.value(of: x) == 0)
        try solver.add(constraint)
        #expect(solver.value(of: x) == 3)
    }
}
