import Trellis

/// What a document may ask for (docs/Limits.md). Every limit is checked while the document
/// is read, before any layout, measuring or drawing, and a value past one is a `SpecError`
/// at its JSON path that names the limit.
///
/// Why these numbers: every length is at most `maximumLength` and there are at most
/// `maximumItemCount` items and `maximumSectionCount` sections, so every sum a layout makes
/// (a content height is at most a few lengths per item and per section) stays below 1e18
/// and finite, and no output number is ever `null`; the counts bound the memory a layout
/// keeps (about 50 bytes an item).
public enum DocumentLimits {
    /// The largest document, in bytes (files and standard input are read up to it).
    public static let maximumInputBytes = 256 << 20
    /// The most items in all sections together.
    public static let maximumItemCount = 10_000_000
    /// The most sections.
    public static let maximumSectionCount = 100_000
    /// The largest magnitude of any length or coordinate, in points (widths, heights,
    /// baselines, spacings, insets, the visible rect, cell template lengths, display scales).
    public static let maximumLength = 1e9
    /// The largest font size of the cell template, in points (what TrellisText measures).
    public static let maximumFontSize = 100_000.0
    /// The most columns of a grid or waterfall (`ColumnRule.maximumCount`).
    public static let maximumColumnCount = ColumnRule.maximumCount
    /// A waterfall keeps one offset tree per column in every section: columns × sections is
    /// at most this.
    public static let maximumWaterfallColumnSections = 1_000_000
    /// The largest text a text item (or `trellis measure`) may hold, as its UTF-8 bytes
    /// times its font size in points: at two ems a byte at most, 2e8 points, which Pango
    /// lays out at 1/256 scale (a text 5.8 MB long at 17 pt, or 1 000 bytes at 100 000 pt).
    public static let maximumTextExtent = 1e8
    /// The most lines of the cell template (`"lines"`).
    public static let maximumLines = 1_000_000

    /// The smallest display scale (`displayScale`, `trellis render --scale`), in pixels per
    /// point: frames snap to multiples of 1/scale, so a scale near 0 makes one pixel (a
    /// separator, a rounded frame) astronomically large, and 1/5e-324 is infinite.
    public static let minimumScale = 0.01
    /// The smallest width a layout divides by (`minimumColumnWidth`, `readableContentWidth`),
    /// in points: the quotient stays finite and the column count meaningful.
    public static let minimumDividingWidth = 0.01

    /// The largest `count` of a compositional group. A repetition is its subitem's plan,
    /// built once, so a count costs no memory; the cells of nested counts multiply, and a
    /// group whose cells pass `Int.max` is refused.
    public static let maximumGroupCount = 1_000_000_000
    /// The most nodes (groups and items) of all the distinct compositional groups of a
    /// document together: what the layout's group plans hold (each distinct group's plan is
    /// built once, however many sections use it, and a `count` repetition is its subitem's
    /// subtree, built once, however large the count).
    public static let maximumGroupNodes = 1_000_000
    /// The most group nodes a compositional layout evaluates to lay out every section once:
    /// for each section, its group's distinct nodes × the instances its items fill, plus
    /// its items × the nodes a cell's `count` repetitions add past the distinct ones (each
    /// repetition holding present cells is sized and placed on its own). Bounds the time of
    /// a layout whose groups hold many nodes per cell.
    public static let maximumGroupEvaluations = 200_000_000
    /// The farthest any frame inside one compositional group instance (or a boundary item)
    /// may reach from its origin, in points: fractions of fractions multiply, so each value
    /// within `maximumLength` can still place a cell 1e300 points away. With at most
    /// `maximumItemCount` instances a section, every coordinate stays below 1e20.
    public static let maximumGroupExtent = 1e12

    /// `"… is past the limit of …"`, the message of a value over a limit.
    static func message(_ what: String, limit: String, got: String) -> String {
        "expected \(what) of at most \(limit) (docs/Limits.md), got \(got)"
    }
}

extension JSONField {
    /// A `SpecError` for a number whose magnitude is past `DocumentLimits.maximumLength`.
    func overLengthLimit() -> SpecError {
        SpecError(.invalidValue, path: path, DocumentLimits.message("a number", limit: "1e9", got: value.excerpt))
    }
}

extension DocumentLimits {
    /// The most UTF-8 bytes a text at `fontSize` may have (see `maximumTextExtent`).
    public static func longestText(fontSize: Double) -> Int {
        let bytes = (maximumTextExtent / fontSize).rounded(.down)
        return bytes >= Double(maximumInputBytes) ? maximumInputBytes : Int(bytes)
    }

    /// The message for a line longer than `longest` bytes.
    public static func lineProblem(_ longest: Int) -> String {
        "a line longer than \(longest) bytes is past the limit of 1e8 for bytes × font size (docs/Limits.md)"
    }

    /// Why `text` at `fontSize` is past `maximumTextExtent`, or nil.
    public static func textProblem(_ text: String, fontSize: Double) -> String? {
        let bytes = text.utf8.count
        guard Double(bytes) * fontSize > maximumTextExtent else { return nil }
        return "a text of \(bytes) bytes at \(JSONValue.number(fontSize).excerpt) pt is past the limit of 1e8 for bytes × font size (docs/Limits.md)"
    }
}
