import Testing
@testable import Cassowary

@Suite struct EditVariableTests {
    @Test func suggestionsAreFollowedWithinRequiredBounds() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x |<=| 100)
        try solver.addEditVariable(x, priority: .defaultHigh)
        for (suggestion, expected) in [(50.0, 50.0), (150, 100), (-20, -20), (100, 100), (99.5, 99.5)] {
            try solver.suggestValue(suggestion, for: x)
            solver.updateVariables()
            #expect(x.value == expected)
        }
    }

    @Test func editsCompeteByPriority() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.add(right |==| left + width)
        try solver.add(width |>=| 0)
        try solver.addEditVariable(left, priority: 900)
        try solver.addEditVariable(right, priority: 800)
        try solver.addEditVariable(width, priority: 700)
        try solver.suggestValue(10, for: left)
        try solver.suggestValue(50, for: right)
        try solver.suggestValue(5, for: width)
        solver.updateVariables()
        // width is the weakest: it gives way.
        #expect(left.value == 10 && right.value == 50 && width.value == 40)
        try solver.suggestValue(5, for: right)
        solver.updateVariables()
        // right cannot go below left (width ≥ 0 is required): right gives way to left.
        #expect(left.value == 10 && right.value == 10 && width.value == 0)
    }

    /// Re-solving one solver through an edit gives what a fresh solver gives.
    @Test func editReSolveMatchesFreshSolve() throws {
        let cell = TagCell()
        let textWidth = Variable("text.width")
        let solver = Solver()
        for constraint in cell.constraints(intrinsicWidth: textWidth.linearExpression, intrinsicHeight: Expression(17)) {
            try solver.add(constraint)
        }
        try solver.addEditVariable(textWidth, priority: 999)

        var rng = SplitMix64(seed: 4)
        for _ in 0..<60 {
            let width = Double(rng.next() % 4000) / 10
            try solver.suggestValue(width, for: textWidth)
            let reSolved = solver.value(of: cell.cellWidth)
            let fresh = Solver()
            for constraint in cell.constraints(intrinsicWidth: width, intrinsicHeight: 17) { try fresh.add(constraint) }
            #expect(abs(reSolved - fresh.value(of: cell.cellWidth)) < 1e-9, "text width \(width)")
            #expect(abs(solver.value(of: cell.labelWidth) - fresh.value(of: cell.labelWidth)) < 1e-9)
        }
    }

    @Test func removingAnEditVariableReleasesIt() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x |==| 7) ~ .defaultLow)
        try solver.addEditVariable(x, priority: .defaultHigh)
        try solver.suggestValue(42, for: x)
        #expect(solver.value(of: x) == 42)
        try solver.removeEditVariable(x)
        #expect(solver.value(of: x) == 7)
        #expect(!solver.hasEditVariable(x))
        // It can be made an edit variable again, starting from a suggestion of 0.
        try solver.addEditVariable(x, priority: .defaultHigh)
        #expect(solver.value(of: x) == 0)
        #expect(solver.editVariables.map(\.suggestedValue) == [0])
    }

    @Test func editConstraintsAreNotListedAndCannotBeRemovedDirectly() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addEditVariable(x, priority: .defaultLow)
        #expect(solver.constraints.isEmpty)
        #expect(solver.editVariables.count == 1)
        #expect(solver.editVariables[0].priority == .defaultLow)
    }
}
