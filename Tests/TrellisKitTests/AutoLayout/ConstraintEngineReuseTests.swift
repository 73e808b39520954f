import Testing
import Trellis
@testable import Cassowary
@testable import TrellisKit

/// A reused cell is laid out at a new size and with new text for ever; its constraint
/// engine must not grow. Removing and re-adding the frame and target constraints on every
/// change left dead solver symbols behind (the GTK window's 10,000-frame memory check: the
/// heap grew while scrolling back over measured tags); moving their constants in place
/// (`Solver.replace`) keeps the tableau the same size.
@Suite("Constraint engine under reuse")
struct ConstraintEngineReuseTests {
    @MainActor
    @Test func aReusedCellKeepsATableauOfConstantSize() throws {
        let cell = Readme.TagCell()
        let words = ["a", "tag", "longer tag", "a much longer tag than that", "x y z", "mid"]
        var sizes: [Int] = []
        for round in 0..<300 {
            cell.label.text = words[round % words.count]
            let fitting = cell.systemLayoutSizeFitting(Size(width: 0, height: 0))
            cell.frame = Rect(x: Double(round % 7) * 10, y: Double(round) * 40, width: fitting.width, height: fitting.height)
            cell.layoutIfNeeded()
            #expect(cell.label.frame.width == fitting.width - 10, "round \(round)")
            let engine = try #require(cell.constraintEngine)
            sizes.append(engine.solver.rowOfSymbol.count)
        }
        // Each round fits (the size target free) and lays out (the target exact): the exact
        // target goes and comes back, frames and text move. The tableau stays the size of
        // the first round: moved constants stay in place, removed constraints' columns are
        // used again.
        #expect(Set(sizes).count == 1, "symbols per round: \(sizes.prefix(40))…")
    }
}
