import Testing
@testable import Cassowary

@Suite struct ExpressionTests {
    @Test func operatorsBuildExpressions() {
        let x = Variable("x"), y = Variable("y")
        let expression = 2 * x + y - 10
        #expect(expression.terms.map(\.coefficient) == [2, 1])
        #expect(expression.terms[0].variable === x && expression.terms[1].variable === y)
        #expect(expression.constant == -10)
        #expect((x - y / 2).terms.map(\.coefficient) == [1, -0.5])
        #expect((-(x + 3)).constant == -3)
        #expect((3 * (x + 1)).constant == 3)
        #expect((5 - x).terms[0].coefficient == -1)
    }

    @Test func reducedMergesRepeatedVariables() {
        let x = Variable("x"), y = Variable("y")
        let reduced = (x + y + 2 * x - y).reduced()
        #expect(reduced.terms.count == 1)
        #expect(reduced.terms[0].variable === x && reduced.terms[0].coefficient == 3)
    }

    @Test func variablesStayEquatableByIdentity() {
        let a = Variable("same"), b = Variable("same")
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test(arguments: [
        ("label.width >= 40 (priority 750)", (Variable("label.width") |>=| 40) ~ .defaultHigh),
        ("cell.width <= 300", Variable("cell.width") |<=| 300),
        ("\"pin\": a + 5 == 2 * b - 1.5", (Variable("a") + 5 |==| 2 * Variable("b") - 1.5).identified("pin")),
        ("-x == 0 (priority 50)", (-Variable("x") |==| 0) ~ .fittingSizeLevel),
    ])
    func constraintDescriptions(expected: String, constraint: Constraint) {
        #expect(constraint.description == expected)
    }

    @Test func prioritiesCompareAndValidate() {
        #expect(Priority.required > .defaultHigh && Priority.defaultHigh > .defaultLow && Priority.defaultLow > .fittingSizeLevel)
        #expect(Priority.required.isRequired && !Priority(999).isRequired)
        #expect(Priority(1).isValid && Priority(1000).isValid)
        #expect(!Priority(0.5).isValid && !Priority(1001).isValid && !Priority(Float.nan).isValid)
        let literal: Priority = 999.5
        #expect(literal.rawValue == 999.5)
    }
}
