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
    public var owningView: View? { owningViewStorage }

    // Not `weak`, for the reason `View.superview` is not: the owning view holds the guide
    // (`layoutGuides`, `layoutMarginsGuide`), and a weak reference to it would put the
    // view's every retain and release on the slow side-table path. Invariant: non-nil only
    // while the view holds the guide; `removeLayoutGuide` clears it, and so does the
    // view's `deinit` for the guides it still holds.
    #if DEBUG
    private unowned var owningViewStorage: View?
    #else
    private unowned(unsafe) var owningViewStorage: View?
    #endif
    /// The constraints that name this guide (see `LayoutConstraint`'s item storage).
    var referringConstraints = ReferringConstraints()
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
        self.owningViewStorage = view
    }

    deinit { referringConstraints.itemWillDeallocate(self) }

    func attach(to view: View?) { owningViewStorage = view }

    public var owningViewForLayout: View? { owningView }

    public var layoutItemName: String {
        if let identifier { return "\"\(identifier)\"" }
        let owner = owningView.map(\.layoutItemName) ?? "nil"
        return kind == .layoutMargins ? "\(owner).layoutMarginsGuide" : "LayoutGuide(\(owner))"
    }

    public var description: String { "\(layoutItemName) \(layoutFrame)" }
}

/// The constraints that name an item, without owning them: the item's half of the
/// non-owning link between a constraint and its items (see `LayoutConstraint`). A
/// constraint adds itself when it is made and removes itself in its `deinit`, so every
/// entry is a live constraint.
struct ReferringConstraints {
    private var entries: [Unmanaged<LayoutConstraint>] = []

    var count: Int { entries.count }

    mutating func add(_ constraint: LayoutConstraint) {
        entries.append(Unmanaged.passUnretained(constraint))
    }

    /// - Complexity: O(k), k the constraints naming the item.
    mutating func remove(_ constraint: LayoutConstraint) {
        if let index = entries.lastIndex(where: { $0.toOpaque() == Unmanaged.passUnretained(constraint).toOpaque() }) {
            entries.remove(at: index)
        }
    }

    /// Tells every constraint naming `item` that it is going away.
    func itemWillDeallocate(_ item: AnyObject) {
        for entry in entries { entry._withUnsafeGuaranteedRef { $0.itemWillDeallocate(item) } }
    }
}
