import Trellis

/// The options of a list layout:
///
/// ```
/// {"type": "list", "scrollDirection": "vertical", "rowSpacing": 0,
///  "separators": {"thickness": 0.5, "insets": {"leading": 16, "trailing": 0}},
///  "sectionInset": {…}, "pinHeaders": true, "pinFooters": false, "background": {…}}
/// ```
///
/// `"separators": {}` gives separators 1 point thick, full width.
public struct ListSpec: Sendable {
    public var options = ListLayout.Options()

    public init() {}

    static let members = ["type", "scrollDirection", "rowSpacing", "separators"] + sectionStyleMembers

    static func decode(_ object: JSONObject) throws(SpecError) -> ListSpec {
        try object.rejectUnknownMembers(members)
        var options = ListLayout.Options()
        options.scrollDirection = try object.scrollDirection()
        try object.read("rowSpacing", into: &options.rowSpacing, expected: nonNegative)
        if let field = object.optional("separators") { options.separators = try field.separators() }
        options.sections = try object.sectionStyle()
        var spec = ListSpec()
        spec.options = try validated(options, in: object) { options throws(LayoutOptionsError) in try options.validate() }
        return spec
    }

    /// A list layout with these options.
    public func makeLayout() -> ListLayout { ListLayout(options: options) }
}

extension JSONField {
    /// `{"thickness": t, "insets": {…}}`, both optional: list separators (the list layout's
    /// and a compositional section's).
    func separators() throws(SpecError) -> ListLayout.Separators {
        let separators = try object()
        try separators.rejectUnknownMembers(["thickness", "insets"])
        var value = ListLayout.Separators()
        try separators.read("thickness", into: &value.thickness, expected: positive)
        if let insets = separators.optional("insets") { value.insets = try LayoutDocument.decodeInsets(insets) }
        return value
    }
}
