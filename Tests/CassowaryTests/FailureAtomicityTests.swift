import Testing
@testable import Cassowary

/// Every refused call leaves the solver exactly as it was: the observable state is
/// bit-identical afterwards, and further operations give bit-identical results to a twin
/// solver that never saw the refused call.
@Suite struct FailureAtomicityTests {
    /// A solver with some history (additions, a removal, an edit) and its twin.
    struct Fixture {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        let twin = Solver()
        var variables: [Variable] { [x, y, z] }
        let xAtLeast10: Constraint
        let xAtMost50: Constraint

        init() throws {
            xAtLeast10 = (x |>=| 10).identified("x.min")
            xAtMost50 = (x |<=| 50).identified("x.max")
            let history: [Constraint] = [
                xAtLeast10, xAtMost50, y |==| 2 * x + 1, (z |<=| y - 5) ~ .defaultHigh,
                (x |==| 100) ~ .defaultLow, (z |==| 0) ~ .fittingSizeLevel,
            ]
            for solver in [solver, twin] {
                for constraint in history { try solver.add(constraint) }
                try solver.remove(history[5])
                try solver.addEditVariable(z, priority: 600)
                try solver.suggestValue(12, for: z)
            }
        }

        /// Asserts the twins agree now and after the same further operations (which change
        /// the fixture: call once per fixture).
        func expectSameFuture(sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(ObservedState(solver, variables: variables) == ObservedState(twin, variables: variables), sourceLocation: sourceLocation)
            let extra = (x |==| 30) ~ 700
            let bound = z |>=| 40
            for solver in [solver, twin] {
                try solver.add(extra)
                try solver.suggestValue(90, for: z)
                try solver.add(bound)
                try solver.remove(xAtMost50)
                try solver.suggestValue(-3, for: z)
            }
            #expect(ObservedState(solver, variables: variables) == ObservedState(twin, variables: variables), sourceLocation: sourceLocation)
            solver.updateVariables()
            let published = variables.map(\.value)
            twin.updateVariables()
            #expect(published == variables.map(\.value), sourceLocation: sourceLocation)
        }
    }

    /// Runs `call`, which must throw an error with the expected code, and checks atomicity.
    func expectRefused(
        _ fixture: Fixture, code: (SolverError.Code) -> Bool, sourceLocation: SourceLocation = #_sourceLocation,
        _ call: (Solver) throws -> Void
    ) throws -> SolverError {
        let before = ObservedState(fixture.solver, variables: fixture.variables)
        var caught: SolverError? = nil
        do {
            try call(fixture.solver)
        } catch {
            caught = error as? SolverError
        }
        let error = try #require(caught, "expected the call to be refused with a SolverError", sourceLocation: sourceLocation)
        #expect(code(error.code), "unexpected \(error)", sourceLocation: sourceLocation)
        #expect(ObservedState(fixture.solver, variables: fixture.variables) == before, sourceLocation: sourceLocation)
        try fixture.expectSameFuture(sourceLocation: sourceLocation)
        return error
    }

    @Test func unsatisfiableThroughPhaseOne() throws {
        let fixture = try Fixture()
        let tooSmall = (fixture.x |<=| 5).identified("x.tooSmall")
        let error = try expectRefused(fixture, code: { if case .unsatisfiable = $0 { true } else { false } }) {
            try $0.add(tooSmall)
        }
        #expect(error.conflicts.map(ObjectIdentifier.init) == [fixture.xAtLeast10, tooSmall].map(ObjectIdentifier.init))
        #expect(error.message.contains("Unable to simultaneously satisfy constraints"))
        #expect(error.message.contains("\"x.min\": x >= 10"))
        #expect(!fixture.solver.contains(tooSmall))
    }

    @Test func unsatisfiableThroughAChainOfEqualities() throws {
        let fixture = try Fixture()
        // y == 2x + 1 is already required; with x ≤ 50 and y ≥ 200 it cannot hold.
        let yFromX = fixture.solver.constraints[2]
        let yBig = fixture.y |>=| 200
        let error = try expectRefused(fixture, code: { if case .unsatisfiable = $0 { true } else { false } }) {
            try $0.add(yBig)
        }
        #expect(Set(error.conflicts.map(ObjectIdentifier.init)) == Set([fixture.xAtMost50, yBig].map(ObjectIdentifier.init) + [ObjectIdentifier(yFromX)]))
    }

    @Test func unsatisfiableRequiredEqualitiesOnly() throws {
        // All-dummy rows: the contradiction is among required equalities alone.
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), unrelated = Variable("u")
        let solver = Solver()
        let chain = [a |==| b, b |==| c + 1, c |==| 4, unrelated |==| 9]
        for constraint in chain { try solver.add(constraint) }
        let before = ObservedState(solver, variables: [a, b, c, unrelated])
        let contradiction = a |==| 7
        #expect(throws: SolverError.self) { try solver.add(contradiction) }
        do {
            try solver.add(contradiction)
        } catch {
            #expect(Set(error.conflicts.map(ObjectIdentifier.init)) == Set((chain.prefix(3) + [contradiction]).map(ObjectIdentifier.init)))
        }
        #expect(ObservedState(solver, variables: [a, b, c, unrelated]) == before)
    }

    @Test func conflictSetIsIrreducible() throws {
        // Two independent reasons block the new constraint; only one needs naming, and the
        // named set must be minimal.
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let existing = [x |<=| 10, x |<=| 8, y |==| x, y |<=| 9, x |>=| 0]
        for constraint in existing { try solver.add(constraint) }
        let demand = x + y |>=| 40
        do {
            try solver.add(demand)
            Issue.record("expected a conflict")
        } catch {
            let conflicts = error.conflicts
            #expect(conflicts.last === demand)
            #expect(Solver.isUnsatisfiable(conflicts))
            for i in conflicts.indices.dropLast() {
                var fewer = conflicts
                fewer.remove(at: i)
                #expect(!Solver.isUnsatisfiable(fewer), "conflict set not minimal: \(conflicts)")
            }
        }
    }

    @Test func unsatisfiableByItself() throws {
        let solver = Solver()
        let impossible = Constraint(Expression(5), .lessThanOrEqual, 3.0)
        do {
            try solver.add(impossible)
            Issue.record("expected a conflict")
        } catch {
            #expect(error.conflicts.count == 1 && error.conflicts[0] === impossible)
            #expect(error.message.contains("cannot hold by itself"))
        }
        #expect(solver.constraints.isEmpty)
    }

    @Test func duplicateConstraint() throws {
        let fixture = try Fixture()
        let error = try expectRefused(fixture, code: { if case .duplicateConstraint = $0 { true } else { false } }) {
            try $0.add(fixture.xAtLeast10)
        }
        #expect(error.constraint === fixture.xAtLeast10)
    }

    @Test func unknownConstraint() throws {
        let fixture = try Fixture()
        _ = try expectRefused(fixture, code: { if case .unknownConstraint = $0 { true } else { false } }) {
            try $0.remove(fixture.x |>=| 10)
        }
    }

    @Test func unknownEditVariable() throws {
        let suggesting = try Fixture()
        _ = try expectRefused(suggesting, code: { if case .unknownEditVariable = $0 { true } else { false } }) {
            try $0.suggestValue(3, for: suggesting.x)
        }
        let removing = try Fixture()
        _ = try expectRefused(removing, code: { if case .unknownEditVariable = $0 { true } else { false } }) {
            try $0.removeEditVariable(removing.y)
        }
    }

    @Test func duplicateEditVariable() throws {
        let fixture = try Fixture()
        _ = try expectRefused(fixture, code: { if case .duplicateEditVariable = $0 { true } else { false } }) {
            try $0.addEditVariable(fixture.z, priority: 100)
        }
    }

    @Test(arguments: [Priority(0), Priority(1001), Priority(Float.nan), Priority(-5), .required])
    func invalidEditPriority(priority: Priority) throws {
        let fixture = try Fixture()
        _ = try expectRefused(fixture, code: { if case .invalidPriority = $0 { true } else { false } }) {
            try $0.addEditVariable(fixture.x, priority: priority)
        }
    }

    @Test(arguments: [Priority(0), Priority(1000.5), Priority(Float.nan), Priority(Float.infinity)])
    func invalidConstraintPriority(priority: Priority) throws {
        let fixture = try Fixture()
        let error = try expectRefused(fixture, code: { if case .invalidPriority = $0 { true } else { false } }) {
            try $0.add((fixture.x |>=| 1) ~ priority)
        }
        #expect(error.message.contains("1...1000"))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteInput(value: Double) throws {
        let constant = try Fixture()
        _ = try expectRefused(constant, code: { if case .nonFiniteValue = $0 { true } else { false } }) {
            try $0.add(constant.x |<=| value)
        }
        let coefficient = try Fixture()
        _ = try expectRefused(coefficient, code: { if case .nonFiniteValue = $0 { true } else { false } }) {
            try $0.add(value * coefficient.x |<=| 3)
        }
        let suggestion = try Fixture()
        _ = try expectRefused(suggestion, code: { if case .nonFiniteValue = $0 { true } else { false } }) {
            try $0.suggestValue(value, for: suggestion.z)
        }
    }

    @Test func failedAdditionForgetsNewVariables() throws {
        let fixture = try Fixture()
        let newcomer = Variable("newcomer")
        _ = try expectRefused(fixture, code: { if case .unsatisfiable = $0 { true } else { false } }) {
            // The newcomer's coefficient is below the tolerance, so its row has no usable subject
            // and phase one fails after the newcomer was given a symbol.
            try $0.add(fixture.x + 1e-12 * newcomer |<=| -100)
        }
        fixture.solver.updateVariables()
        #expect(fixture.solver.value(of: newcomer) == 0)
        #expect(!fixture.solver.externals.contains { $0.variable === newcomer })
    }
}
