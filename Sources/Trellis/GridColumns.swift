/// How many columns a grid or waterfall has: a fixed count, or as many as fit when each is
/// at least a minimum width (`"columns": 3` or `"minimumColumnWidth": 100` in JSON).
public enum ColumnRule: Hashable, Sendable, Codable {
    case count(Int)
    case minimumWidth(Double)

    /// The most columns a grid or waterfall has: a count above it is refused by `validate()`,
    /// and a minimum width gives at most this many. Column geometry is O(columns) per prepare
    /// (and a waterfall keeps a tree per column), so an absurd count would cost gigabytes.
    public static let maximumCount = 1_000

    /// The number of columns for `available` width with `spacing` between columns: the
    /// count, or the most columns of at least the minimum width that fit (at least 1).
    /// - Complexity: O(1).
    public func columnCount(available: Double, spacing: Double) -> Int {
        switch self {
        case .count(let count):
            return count
        case .minimumWidth(let minimum):
            let fitting = ((available + spacing) / (minimum + spacing)).rounded(.down)
            return fitting >= 1 ? Int(Swift.min(fitting, Double(Self.maximumCount))) : 1
        }
    }

    /// Why the rule cannot be used, or nil.
    var problem: LayoutOptionsError? {
        switch self {
        case .count(let count):
            count < 1 ? LayoutOptionsError(option: "columns", expected: "a whole number ≥ 1", value: String(count))
                : count > Self.maximumCount ? LayoutOptionsError(option: "columns", expected: "at most \(Self.maximumCount) columns", value: String(count))
                : nil
        case .minimumWidth(let width):
            width.isFinite && width > 0 ? nil : LayoutOptionsError(option: "minimumColumnWidth", expected: "a finite number > 0", value: width)
        }
    }
}

/// The horizontal geometry of a row of columns, shared by the grid and the waterfall.
///
/// A span of the row is given by fractions of it: the span `[from, to)` starts at
/// `left + from·(W + s)` and ends at `left + to·(W + s) − s` (W the available width, s the
/// column spacing rounded up to whole pixels). So spans whose fractions add up to 1 fill
/// the row exactly with `s` between them, and span k of C columns (`[k/C, (k+1)/C)`) is
/// column k. Start edges are rounded to the pixel grid of `scale` and end edges are the
/// rounded start of what follows minus the spacing, so columns share the grid exactly,
/// their widths differ by at most one pixel, gaps are exactly the (rounded-up) spacing, and
/// a span reaching 1 ends at `left + W` (rounded down to the pixel grid, exactly there when
/// `left + W` is on it).
struct ColumnGeometry {
    let count: Int
    let left: Double
    let available: Double
    /// The spacing rounded *up* to whole pixels, so rounding the edges never makes a gap
    /// narrower than the spacing asked for.
    let spacing: Double
    let scale: Double
    /// The spacing and the row's trailing edge, in whole pixels.
    private let spacingPixels: Double
    private let endPixels: Double
    /// Where each column starts, in whole pixels (`pixel(at:)` of its fraction), so spans
    /// of whole columns cost no rounding.
    private var columnStartPixels: [Double] = []

    init(count: Int, left: Double, available: Double, spacing: Double, scale: Double) {
        self.count = count
        self.left = left
        self.available = available
        self.scale = scale
        // Up, but not for the last-bit error of `spacing * scale` (1/3 at scale 3).
        spacingPixels = (spacing * scale - 1e-9).rounded(.up)
        self.spacing = spacingPixels / scale
        endPixels = ((left + available) * scale).rounded(.down)
        columnStartPixels = (0...count).map { pixel(at: fraction(ofColumn: $0)) }
    }

    /// Columns `first..<end`: the same as `span(from: fraction(ofColumn: first), to:
    /// fraction(ofColumn: end))`, from the cached column starts.
    /// - Complexity: O(1).
    @inline(__always) func columns(_ first: Int, _ end: Int) -> (x: Double, width: Double) {
        let x0 = Swift.min(columnStartPixels[first], endPixels)
        let x1 = end >= count ? endPixels : Swift.min(columnStartPixels[end] - spacingPixels, endPixels)
        return (x0 / scale, Swift.max(0, x1 - x0) / scale)
    }

    /// The leading x and width of the span of fractions `from..<to` of the row.
    ///
    /// Edges are computed in whole pixels: where a span ends is where the next one starts
    /// (the same rounded value) minus the spacing in pixels, so gaps are exactly the
    /// spacing even when an ideal edge falls on a half pixel. A span reaching the end ends
    /// at the trailing edge rounded down (no `+ s − s` residue, never past the trailing
    /// inset); nothing starts past it either (a span squeezed by a spacing wider than the
    /// row has zero width).
    /// - Complexity: O(1).
    @inline(__always) func span(from: Double, to: Double) -> (x: Double, width: Double) {
        let x0 = Swift.min(pixel(at: from), endPixels)
        let x1 = to >= 1 ? endPixels : Swift.min(pixel(at: to) - spacingPixels, endPixels)
        return (x0 / scale, Swift.max(0, x1 - x0) / scale)
    }

    /// The pixel where a span starting at `fraction` of the row starts.
    @inline(__always) private func pixel(at fraction: Double) -> Double {
        ((left + fraction * (available + spacing)) * scale).rounded(.toNearestOrAwayFromZero)
    }

    /// The fraction of the row where column `index` starts (`count` gives 1).
    @inline(__always) func fraction(ofColumn index: Int) -> Double {
        index >= count ? 1 : Double(index) / Double(count)
    }

    /// Column `index`: its leading x and width.
    @inline(__always) func column(_ index: Int) -> (x: Double, width: Double) {
        columns(index, index + 1)
    }
}
