/// How many columns a grid or waterfall has: a fixed count, or as many as fit when each is
/// at least a minimum width (`"columns": 3` or `"minimumColumnWidth": 100` in JSON).
public enum ColumnRule: Hashable, Sendable, Codable {
    case count(Int)
    case minimumWidth(Double)

    /// The number of columns for `available` width with `spacing` between columns: the
    /// count, or the most columns of at least the minimum width that fit (at least 1).
    /// - Complexity: O(1).
    public func columnCount(available: Double, spacing: Double) -> Int {
        switch self {
        case .count(let count):
            return count
        case .minimumWidth(let minimum):
            let fitting = ((available + spacing) / (minimum + spacing)).rounded(.down)
            return fitting >= 1 ? Int(Swift.min(fitting, 100_000)) : 1
        }
    }

    /// Why the rule cannot be used, or nil.
    var problem: String? {
        switch self {
        case .count(let count):
            count >= 1 ? nil : "columns must be at least 1, got \(count)"
        case .minimumWidth(let width):
            width.isFinite && width > 0 ? nil : "minimumColumnWidth must be a finite number > 0, got \(width)"
        }
    }
}

/// The horizontal geometry of a row of columns, shared by the grid and the waterfall.
///
/// A span of the row is given by fractions of it: the span `[from, to)` starts at
/// `left + from·(W + s)` and ends at `left + to·(W + s) − s` (W the available width, s the
/// column spacing). So spans whose fractions add up to 1 fill the row exactly with `s`
/// between them, and span k of C columns (`[k/C, (k+1)/C)`) is column k. Every edge is
/// rounded to the pixel grid of `scale` on its own, so columns share the grid exactly, their
/// widths differ by at most one pixel, and a span reaching 1 ends exactly at `left + W`.
struct ColumnGeometry {
    let count: Int
    let left: Double
    let available: Double
    let spacing: Double
    let scale: Double

    /// The leading x and width of the span of fractions `from..<to` of the row.
    /// - Complexity: O(1).
    @inline(__always) func span(from: Double, to: Double) -> (x: Double, width: Double) {
        let stride = available + spacing
        let x0 = (left + from * stride).roundedToPixel(scale: scale)
        // A span reaching the end ends exactly at the trailing edge (no `+ s − s` residue).
        let x1 = (to >= 1 ? left + available : left + to * stride - spacing).roundedToPixel(scale: scale)
        return (x0, Swift.max(0, x1 - x0))
    }

    /// The fraction of the row where column `index` starts (`count` gives 1).
    @inline(__always) func fraction(ofColumn index: Int) -> Double {
        index >= count ? 1 : Double(index) / Double(count)
    }

    /// Column `index`: its leading x and width.
    @inline(__always) func column(_ index: Int) -> (x: Double, width: Double) {
        span(from: fraction(ofColumn: index), to: fraction(ofColumn: index + 1))
    }
}
