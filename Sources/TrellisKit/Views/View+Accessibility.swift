import Trellis

/// The kind and state of an accessible element (`UIAccessibilityTraits`), combined as an
/// option set. Trellis has the traits a collection's content uses; a GTK host maps them to
/// accessible roles and states (``View/accessibilityTraits``).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none: AccessibilityTraits = []
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    public static let header = AccessibilityTraits(rawValue: 1 << 2)
    public static let searchField = AccessibilityTraits(rawValue: 1 << 3)
    public static let image = AccessibilityTraits(rawValue: 1 << 4)
    public static let selected = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let staticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 10)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
}

/// Whether an element can expand and whether it is expanded (`UIAccessibility.ExpandedStatus`):
/// an outline row, a disclosure. A GTK host maps it to the accessible `expanded` state
/// (AT-SPI's expandable and expanded).
public enum AccessibilityExpandedStatus: Int, Hashable, Sendable, CaseIterable {
    /// The element does not expand.
    case unsupported
    case expanded
    case collapsed
}

/// What the app set; nil fields take the view's default.
struct AccessibilityOverrides {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var traits: AccessibilityTraits?
    var expandedStatus: AccessibilityExpandedStatus?
    var elementsHidden = false
}

extension View {
    /// Labels and buttons are elements of their own, as in UIKit; other views are
    /// containers of elements.
    var defaultIsAccessibilityElement: Bool {
        self is Label || self is Button
    }

    /// A label's text, a button's title; for any other view, the labels of the accessible
    /// elements below it, in reading order, joined with ", " (VoiceOver's pause): nil when
    /// none has text.
    var defaultAccessibilityLabel: String? {
        if let button = self as? Button { return Self.nonEmpty(button.currentTitle) }
        if let label = self as? Label { return Self.nonEmpty(label.text) }
        let parts = accessibilityElementsInReadingOrder().compactMap(\.accessibilityLabel)
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    var defaultAccessibilityTraits: AccessibilityTraits {
        if let button = self as? Button { return button.isEnabled ? .button : [.button, .notEnabled] }
        if self is Label { return .staticText }
        if let cell = self as? CollectionViewCell, cell.isSelected { return .selected }
        return .none
    }

    /// A cell of an outline: what its outline disclosure shows, or — without one — its
    /// item's expansion when the item has children; `.unsupported` for other views.
    var defaultAccessibilityExpandedStatus: AccessibilityExpandedStatus {
        (self as? CollectionViewCell)?.outlineExpandedStatus ?? .unsupported
    }

    /// The accessible elements below this view (not hidden, not transparent, not under a
    /// view whose `accessibilityElementsHidden` is true; an element's
    /// own subviews are part of it), in reading order: top to bottom, then from the
    /// leading edge (the right in a right-to-left layout). Two elements whose tops are
    /// within half a point are on one line.
    public func accessibilityElementsInReadingOrder() -> [View] {
        var found: [(view: View, frame: Rect)] = []
        func visit(_ view: View) {
            for subview in view.subviews where !subview.isHidden && subview.alpha >= 0.01 && !subview.accessibilityElementsHidden {
                if subview.isAccessibilityElement {
                    found.append((subview, subview.convert(subview.bounds, to: self)))
                } else {
                    visit(subview)
                }
            }
        }
        visit(self)
        let rightToLeft = effectiveLayoutDirection == .rightToLeft
        // A stable order: elements at the same place keep their order in the hierarchy.
        let ordered = found.enumerated().sorted { a, b in
            let (x, y) = (a.element.frame, b.element.frame)
            if abs(x.minY - y.minY) > 0.5 { return x.minY < y.minY }
            let (leadingX, leadingY) = rightToLeft ? (-x.maxX, -y.maxX) : (x.minX, y.minX)
            if abs(leadingX - leadingY) > 0.5 { return leadingX < leadingY }
            return a.offset < b.offset
        }
        return ordered.map(\.element.view)
    }

    /// Something an assistive technology reads of this view, or of a view above it, may
    /// have changed: the reusable view this view is in (or is) is marked for its host to
    /// read again (see `ReusableView.accessibleContentChanged`). Views outside any
    /// reusable view have no host reading them this way.
    /// - Complexity: O(depth) up to the reusable view.
    func accessibleContentDidChange() {
        var current: View? = self
        while let view = current {
            if let reusable = view as? ReusableView {
                reusable.markAccessibleContentChanged()
                return
            }
            current = view.superview
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
