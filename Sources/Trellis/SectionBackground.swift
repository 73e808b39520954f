/// What every layout of this package does around the items of a section: the section
/// insets, sticky headers and footers, and an optional background decoration. One value
/// shared by `GridLayout`, `WaterfallLayout` and `ListLayout` (in JSON the flat keys
/// `sectionInset`, `pinHeaders`, `pinFooters`, `background`).
public struct SectionStyle: Hashable, Sendable, Codable {
    /// Space around the items of each section, inside the header and the footer (which
    /// span the full width, like UIKit's flow layout).
    public var insets: EdgeInsets
    /// Headers stick to the top of the visible bounds while their section is on screen
    /// (`sectionHeadersPinToVisibleBounds`).
    public var pinsHeaders: Bool
    /// Footers stick to the bottom of the visible bounds while their section is on screen.
    public var pinsFooters: Bool
    /// A decoration of kind `.sectionBackground` behind each section's items, or nil.
    public var background: SectionBackground?

    public init(insets: EdgeInsets = .zero, pinsHeaders: Bool = false, pinsFooters: Bool = false, background: SectionBackground? = nil) {
        self.insets = insets
        self.pinsHeaders = pinsHeaders
        self.pinsFooters = pinsFooters
        self.background = background
    }

    /// Why these options cannot be used, or nil when they can. Options are named by their
    /// JSON keys (`sectionInset.top`, `background.insets.leading`).
    public var problem: LayoutOptionsError? {
        let edges = [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
        for (name, value) in edges where !(value.isFinite && value >= 0) {
            return LayoutOptionsError(option: "sectionInset.\(name)", expected: "a finite number ≥ 0", value: value)
        }
        if let background {
            let edges = [("top", background.insets.top), ("leading", background.insets.leading),
                         ("bottom", background.insets.bottom), ("trailing", background.insets.trailing)]
            for (name, value) in edges where !value.isFinite {
                return LayoutOptionsError(option: "background.insets.\(name)", expected: "a finite number", value: value)
            }
        }
        return nil
    }
}

/// A background decoration behind a section's items (`.decoration("sectionBackground")`,
/// z-index -1, `indexPath.item == 0`). Its frame is the section's items area (inside the
/// section insets, between header and footer) shrunk by `insets`; negative insets grow it
/// into the section insets (and the header and footer), but never out of its section's
/// span or the content width. A section whose background has no area shows none.
public struct SectionBackground: Hashable, Sendable, Codable {
    public var insets: EdgeInsets

    public init(insets: EdgeInsets = .zero) {
        self.insets = insets
    }

    /// The z-index of section backgrounds: beneath the cells.
    public static let zIndex = -1
}

extension ElementKind {
    /// The section background decoration of the layouts in this package.
    public static let sectionBackground = ElementKind.decoration("sectionBackground")
    /// The row separator decoration of `ListLayout`.
    public static let separator = ElementKind.decoration("separator")
}

/// The error a layout's options `validate()` throws: which option, what it must be, and
/// what it was. A JSON reader turns it into an error at the option's path.
public struct LayoutOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option as the JSON names it, dotted below the layout object (`columns`,
    /// `sectionInset.top`, `separators.thickness`).
    public var option: String
    /// What the option must be (`a whole number ≥ 1`).
    public var expected: String
    /// The value given, as text.
    public var value: String

    public init(option: String, expected: String, value: String) {
        self.option = option
        self.expected = expected
        self.value = value
    }

    /// A number given as a whole number when it is one (`0`, not `0.0`).
    public init(option: String, expected: String, value: Double) {
        let text = value.isFinite && value == value.rounded() && Swift.abs(value) < 1e15 ? String(Int(value)) : String(value)
        self.init(option: option, expected: expected, value: text)
    }

    /// `columns must be a whole number ≥ 1, got 0`.
    public var message: String { "\(option) must be \(expected), got \(value)" }

    public var description: String { message }
}

/// Throws when a spacing option is negative or not finite.
func validateSpacing(_ value: Double, _ name: String) throws(LayoutOptionsError) {
    if !(value.isFinite && value >= 0) { throw LayoutOptionsError(option: name, expected: "a finite number ≥ 0", value: value) }
}

/// Throws when a display scale is not a positive finite number.
func validateScale(_ value: Double) throws(LayoutOptionsError) {
    if !(value.isFinite && value > 0) { throw LayoutOptionsError(option: "displayScale", expected: "a finite number > 0", value: value) }
}

/// The message of a failing validation, for a precondition.
func validationMessage(_ validate: () throws(LayoutOptionsError) -> Void) -> String {
    do { try validate(); return "valid" } catch { return error.message }
}
