import Trellis
import TrellisKit
import TrellisText

/// How the cells of text items look and size themselves: the `"cell"` object of a
/// `trellis layout` / `trellis render` document.
///
/// ```json
/// "cell": {"font": "DejaVu Sans", "size": 17, "padding": {"top":5,"leading":5,"bottom":5,"trailing":5},
///          "minWidth": 40, "maxWidth": "container" | 300, "lines": 1, "background": "#ffffff",
///          "border": "#ff0000", "borderWidth": 1, "cornerRadius": "pill" | 6}
/// ```
/// The defaults are scenario S1's tag: DejaVu Sans 17 pt, 5 pt padding, one line, a white
/// pill with a 1 pt red outline.
public struct CellTemplate: Hashable, Sendable {
    /// The widest a cell may be.
    public enum MaximumWidth: Hashable, Sendable {
        /// The room the layout offers (its fitting proposal: the line width of a flow layout,
        /// the column of a grid).
        case container
        case points(Double)
    }

    /// The corner rounding of the cell.
    public enum CornerRadius: Hashable, Sendable {
        /// Half the height: a capsule.
        case pill
        case points(Double)
    }

    public var font: Font
    /// Space between the cell's edges and its label (leading/trailing follow the layout
    /// direction).
    public var padding: EdgeInsets
    /// The narrowest a cell is (at priority 750, so a required maximum wins).
    public var minimumWidth: Double?
    /// The widest a cell is (required); the label is cut with an ellipsis (one line) or
    /// wraps (several lines) to fit.
    public var maximumWidth: MaximumWidth?
    /// The label's line limit: 1 by default, 0 for unlimited.
    public var lines: Int
    public var background: Color?
    public var border: Color?
    public var borderWidth: Double
    public var cornerRadius: CornerRadius
    public var textColor: Color

    public init(
        font: Font = Font(family: "DejaVu Sans", size: 17), padding: EdgeInsets = EdgeInsets(all: 5),
        minimumWidth: Double? = nil, maximumWidth: MaximumWidth? = nil, lines: Int = 1,
        background: Color? = .systemBackground, border: Color? = .red, borderWidth: Double = 1,
        cornerRadius: CornerRadius = .pill, textColor: Color = .label
    ) {
        self.font = font
        self.padding = padding
        self.minimumWidth = minimumWidth
        self.maximumWidth = maximumWidth
        self.lines = lines
        self.background = background
        self.border = border
        self.borderWidth = borderWidth
        self.cornerRadius = cornerRadius
        self.textColor = textColor
    }

    /// Scenario S1's tag cell.
    public static let tag = CellTemplate()

    /// The label's text style: tail truncation, which cuts a single line with "…" and
    /// word-wraps (then cuts the last line) when several lines are allowed — UILabel's
    /// default mode.
    public var textStyle: TextStyle {
        TextStyle(font: font, lineBreakMode: .truncateTail)
    }

    /// The corner style of the cell view.
    public var cornerStyle: CornerStyle {
        switch cornerRadius {
        case .pill: .pill
        case .points(let radius): radius > 0 ? .radius(radius) : .square
        }
    }
}
