/// Coefficients below this magnitude are treated as zero: they are what is left of exact
/// cancellations after floating-point pivots.
let nearZeroTolerance = 1e-8

@inline(__always)
func isNearZero(_ value: Double) -> Bool { value < nearZeroTolerance && value > -nearZeroTolerance }

/// One non-zero coefficient of a row.
struct Cell: Sendable {
    var symbol: Symbol
    var coefficient: Double
}

/// A row of the tableau, `basic = constant + Σ coefficient · symbol`, or, before a basic
/// symbol is chosen, the equation `0 = constant + Σ coefficient · symbol`.
///
/// Cells are kept sorted by symbol in one contiguous array: rows have a handful of cells,
/// where binary search and in-place insertion beat hashing, and iterating them is a linear
/// walk with no reference counting.
struct Row: Sendable {
    var constant: Double
    var cells: [Cell]

    init(constant: Double) {
        self.constant = constant
        self.cells = []
    }

    /// The position of `symbol`, or where it would be inserted (as a negative `-(position + 1)`).
    @inline(__always)
    func position(of symbol: Symbol) -> Int {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) >> 1
            let raw = cells[middle].symbol.raw
            if raw < symbol.raw {
                low = middle + 1
            } else if raw > symbol.raw {
                high = middle
            } else {
                return middle
            }
        }
        return -(low + 1)
    }

    /// The coefficient of `symbol`, zero when absent.
    @inline(__always)
    func coefficient(of symbol: Symbol) -> Double {
        let found = position(of: symbol)
        return found >= 0 ? cells[found].coefficient : 0
    }

    var isConstant: Bool { cells.isEmpty }

    /// Adds `coefficient · symbol`, dropping the cell if the sum cancels.
    mutating func insert(_ symbol: Symbol, coefficient: Double) {
        let found = position(of: symbol)
        if found >= 0 {
            let sum = cells[found].coefficient + coefficient
            if isNearZero(sum) {
                cells.remove(at: found)
            } else {
                cells[found].coefficient = sum
            }
        } else if !isNearZero(coefficient) {
            insertCell(Cell(symbol: symbol, coefficient: coefficient), at: -found - 1)
        }
    }

    /// Adds `factor · other` (constant included), merging cell by cell.
    mutating func insert(_ other: Row, times factor: Double) {
        constant += other.constant * factor
        // Both rows are sorted: walk them together so each insertion position is found by a
        // forward scan from the previous one rather than a fresh search.
        var mine = 0
        for cell in other.cells {
            let contribution = cell.coefficient * factor
            while mine < cells.count && cells[mine].symbol.raw < cell.symbol.raw { mine += 1 }
            if mine < cells.count && cells[mine].symbol.raw == cell.symbol.raw {
                let sum = cells[mine].coefficient + contribution
                if isNearZero(sum) {
                    cells.remove(at: mine)
                } else {
                    cells[mine].coefficient = sum
                    mine += 1
                }
            } else if !isNearZero(contribution) {
                insertCell(Cell(symbol: cell.symbol, coefficient: contribution), at: mine)
                mine += 1
            }
        }
    }

    /// `cells.insert(_:at:)` without the generic range-replacement path it takes: append,
    /// then shift the tail by one.
    @inline(__always)
    mutating func insertCell(_ cell: Cell, at index: Int) {
        cells.append(cell)
        var i = cells.count - 1
        while i > index {
            cells[i] = cells[i - 1]
            i -= 1
        }
        cells[index] = cell
    }

    /// Removes `symbol`, returning its coefficient (zero when absent).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        let found = position(of: symbol)
        guard found >= 0 else { return 0 }
        return cells.remove(at: found).coefficient
    }

    mutating func negate() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = constant + Σ` as `symbol = …`; `symbol` must be present.
    mutating func solve(for symbol: Symbol) {
        let found = position(of: symbol)
        precondition(found >= 0, "Cassowary internal error: solving a row for a symbol it does not contain")
        let factor = -1 / cells.remove(at: found).coefficient
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
    }

    /// Rewrites `lhs = …` (containing `rhs`) as `rhs = …` (containing `lhs`).
    mutating func solve(for rhs: Symbol, replacing lhs: Symbol) {
        insert(lhs, coefficient: -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` with the right-hand side of `row`, if `symbol` occurs here.
    /// - Returns: whether anything changed.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row) -> Bool {
        let found = position(of: symbol)
        guard found >= 0 else { return false }
        let coefficient = cells.remove(at: found).coefficient
        insert(row, times: coefficient)
        return true
    }
}
