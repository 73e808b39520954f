import Trellis

/// Something constraints can position: a ``View`` or a ``LayoutGuide``. Each item has a
/// rectangle the solver works out (left, top, width and height); every anchor of the item
/// is a linear expression of those four unknowns.
public protocol LayoutItem: AnyObject {
    /// The view whose hierarchy the item belongs to: the view itself, or the view that
    /// owns a guide. Activation uses it to find the view a constraint is installed on.
    var owningViewForLayout: View? { get }
    /// A name for diagnostics.
    var layoutItemName: String { get }
}

/// A rectangle that takes part in Auto Layout without being a view (`UILayoutGuide`):
/// spacers, or the layout margins of a view (``View/layoutMarginsGuide``).
public final class LayoutGuide: LayoutItem, CustomStringConvertible {
    /// What defines the guide's rectangle besides the constraints the caller makes.
    enum Kind {
        /// Positioned only by constraints.
        case free
        /// Inset from the owning view's bounds by its `layoutMargins`.
        case layoutMargins
    }

    let kind: Kind
    /// The view the guide was added to.
    public private(set) weak var owningView: View?
    /// A name for diagnostics.
    public var identifier: String?
    /// The rectangle the last layout pass found, in the owning view's coordinates.
    public internal(set) var layoutFrame: Rect = .zero

    /// A guide positioned by constraints; add it to a view with ``View/addLayoutGuide(_:)``.
    public init(identifier: String? = nil) {
        self.kind = .free
        self.identifier = identifier
    }

    init(marginsOf view: View) {
        self.kind = .layoutMargins
        self.owningView = view
    }

    func attach(to view: View?) { owningView = view }

    public var owningViewForLayout: View? { owningView }

    public var layoutItemName: String {
        if let identifier { return "\"\(identifier)\"" }
        let owner = owningView.map(\.layoutItemName) ?? "nil"
        return kind == .layoutMargins ? "\(owner).layoutMarginsGuide" : "LayoutGuide(\(owner))"
    }

    public var description: String { "\(layoutItemName) \(layoutFrame)" }
}
