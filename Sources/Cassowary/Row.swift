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
///
/// Each row also carries `summary`, one bit per symbol index modulo 64, set for every
/// symbol among its cells (and possibly for some that left: a superset). Most walks over
/// the tableau look for one symbol in every row (a suggestion, a shift, a pivot's
/// substitution, a ratio test) and find it in few; the summary sits inline in the array of
/// rows, so a clear bit answers "absent" without reading the row's cell storage, which in
/// a solver that has been idle (one of a hundred cells laid out per frame) is a cache miss
/// per row.
struct Row: Sendable {
    var constant: Double
    private(set) var cells: [Cell]
    /// Invariant: `summary & bit(s) != 0` for every symbol `s` among `cells`.
    private(set) var summary: UInt64 = 0

    init(constant: Double) {
        self.constant = constant
        self.cells = []
    }

    /// The summary bit of `symbol`.
    @inline(__always)
    static func bit(_ symbol: Symbol) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: symbol.index & 63) }

    /// False when `symbol` is certainly not among the cells (read from the summary alone).
    @inline(__always)
    func mayContain(_ symbol: Symbol) -> Bool { summary & Self.bit(symbol) != 0 }

    /// Recomputes the summary from the cells, dropping the bits of symbols that left.
    @inline(__always)
    mutating func resummarise() {
        var bits: UInt64 = 0
        for cell in cells { bits |= Self.bit(cell.symbol) }
        summary = bits
    }

    mutating func reserveCapacity(_ capacity: Int) { cells.reserveCapacity(capacity) }

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
        guard mayContain(symbol) else { return 0 }
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
        summary |= Self.bit(cell.symbol)
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
        guard mayContain(symbol) else { return 0 }
        let found = position(of: symbol)
        guard found >= 0 else { return 0 }
        let coefficient = cells.remove(at: found).coefficient
        resummarise()
        return coefficient
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
        var bits: UInt64 = 0
        for i in cells.indices {
            cells[i].coefficient *= factor
            bits |= Self.bit(cells[i].symbol)
        }
        summary = bits
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
        guard mayContain(symbol) else { return false }
        let found = position(of: symbol)
        guard found >= 0 else { return false }
        let coefficient = cells.remove(at: found).coefficient
        insert(row, times: coefficient)
        resummarise()
        return true
    }
}
