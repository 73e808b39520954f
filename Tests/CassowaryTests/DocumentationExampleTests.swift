import Testing
@testable import Cassowary

/// The usage example of docs/Cassowary.md, kept honest.
@Suite struct DocumentationExampleTests {
    @Test func readmeExample() throws {
        let cellWidth = Variable("cell.width"), labelWidth = Variable("label.width")
        let textWidth = Variable("text.width")
        let solver = Solver()
        try solver.add(labelWidth + 10 |==| cellWidth)
        try solver.add((cellWidth |>=| 40) ~ .defaultHigh)
        try solver.add(cellWidth |<=| 300)
        try solver.add((labelWidth |<=| textWidth) ~ .defaultLow)
        try solver.add((labelWidth |>=| textWidth) ~ .defaultHigh)
        try solver.addEditVariable(textWidth, priority: 999)
        var widths: [Double] = []
        for width in [12.0, 143, 420] {
            try solver.suggestValue(width, for: textWidth)
            solver.updateVariables()
            widths.append(cellWidth.value)
        }
        #expect(widths == [40, 153, 300])
        do {
            try solver.add(cellWidth |>=| 500)
            Issue.record("expected a conflict")
        } catch {
            #expect(error.message == """
                Unable to simultaneously satisfy constraints: the required constraint cell.width >= 500 conflicts with:
                    cell.width <= 300
                """)
        }
    }
}
