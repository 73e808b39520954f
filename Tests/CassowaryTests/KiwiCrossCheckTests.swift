import Foundation
import Testing
@testable import Cassowary

/// Replays random systems solved by kiwisolver (the C++ kiwi) — see
/// scripts/kiwi_crosscheck.py — and compares: the same required constraints refused, and
/// the same value within 1e-6 for every variable kiwi's optimum pins down.
@Suite struct KiwiCrossCheckTests {
    struct Fixture: Decodable {
        let kiwisolver: String
        let systems: [System]
        let kiwiAborted: [System]
    }

    struct System: Decodable {
        struct ConstraintSpec: Decodable {
            let terms: [[Double]]
            let constant: Double
            let relation: String
            let priority: Float
        }
        struct EditSpec: Decodable {
            let variable: Int
            let priority: Float
            let value: Double
        }
        let name: String
        let variables: Int
        let constraints: [ConstraintSpec]
        let removed: [Int]
        let edits: [EditSpec]
        let rejected: [Bool]?
        let values: [Double]?
        let unique: [Bool]?

        func rows() -> [LinearRow] {
            constraints.map { spec in
                var coefficients = [Double](repeating: 0, count: variables)
                for term in spec.terms { coefficients[Int(term[0])] += term[1] }
                let relation: Relation = spec.relation == "==" ? .equal : spec.relation == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
                return LinearRow(coefficients: coefficients, constant: spec.constant, relation: relation, priority: spec.priority)
            }
        }

        /// Replays the system; returns which constraints were refused, the values, and the
        /// rows in force at the end.
        func replay() throws -> (rejected: [Bool], values: [Double], rowsInForce: [LinearRow]) {
            let x = (0..<variables).map { Variable("x\($0)") }
            let solver = Solver()
            let rows = rows()
            let constraints = rows.map { $0.constraint(over: x) }
            var rejected: [Bool] = []
            for constraint in constraints {
                do {
                    try solver.add(constraint)
                    rejected.append(false)
                } catch {
                    rejected.append(true)
                }
            }
            var inForce = Set(rows.indices.filter { !rejected[$0] })
            for index in removed where !rejected[index] {
                try solver.remove(constraints[index])
                inForce.remove(index)
            }
            var rowsInForce = inForce.sorted().map { rows[$0] }
            for edit in edits {
                try solver.addEditVariable(x[edit.variable], priority: Priority(edit.priority))
                try solver.suggestValue(edit.value, for: x[edit.variable])
                var unit = [Double](repeating: 0, count: variables)
                unit[edit.variable] = 1
                rowsInForce.append(LinearRow(coefficients: unit, constant: -edit.value, relation: .equal, priority: edit.priority))
            }
            solver.updateVariables()
            return (rejected, x.map(\.value), rowsInForce)
        }
    }

    static let fixture: Fixture = {
        guard let url = Bundle.module.url(forResource: "kiwi_crosscheck", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url)
        else { fatalError("Fixtures/kiwi_crosscheck.json is missing; run scripts/kiwi_crosscheck.py") }
        do {
            return try JSONDecoder().decode(Fixture.self, from: data)
        } catch {
            fatalError("Fixtures/kiwi_crosscheck.json does not decode: \(error)")
        }
    }()

    @Test func fixtureIsSubstantial() {
        #expect(Self.fixture.systems.count >= 300)
        #expect(Self.fixture.systems.reduce(0) { $0 + ($1.unique ?? []).filter { $0 }.count } >= 300)
        #expect(Self.fixture.systems.contains { ($0.rejected ?? []).contains(true) })
    }

    @Test func agreesWithKiwi() throws {
        var compared = 0
        for system in Self.fixture.systems {
            let (rejected, values, _) = try system.replay()
            #expect(rejected == system.rejected, "\(system.name): refused \(rejected), kiwi \(system.rejected ?? [])")
            for (i, isUnique) in (system.unique ?? []).enumerated() where isUnique {
                let expected = system.values![i]
                #expect(abs(values[i] - expected) <= 1e-6, "\(system.name) x\(i): \(values[i]), kiwi \(expected)")
                compared += 1
            }
        }
        #expect(compared >= 300)
    }

    /// Systems on which kiwi itself aborted ("The objective is unbounded"): checked against
    /// the brute-force optimum instead.
    @Test func solvesWhatKiwiAbortsOn() throws {
        #expect(!Self.fixture.kiwiAborted.isEmpty)
        for system in Self.fixture.kiwiAborted {
            let (_, values, rows) = try system.replay()
            #expect(BruteForceOracle.isFeasible(rows, at: values), "\(system.name)")
            let optimum = try #require(BruteForceOracle.optimum(of: rows, variableCount: system.variables))
            let achieved = BruteForceOracle.violations(of: rows, at: values, levels: BruteForceOracle.levels(of: rows))
            #expect(zip(achieved, optimum).allSatisfy { abs($0 - $1) < 1e-6 }, "\(system.name): \(achieved) vs \(optimum)")
        }
    }
}
