import Trellis

/// The options of a waterfall (masonry) layout:
///
/// ```
/// {"type": "waterfall", "scrollDirection": "vertical",
///  "columns": 2,                        // or "minimumColumnWidth": 160
///  "columnSpacing": 8, "itemSpacing": 8,
///  "placement": "shortestColumn",       // or "inOrder"
///  "displayScale": 2,
///  "sectionInset": {…}, "pinHeaders": false, "pinFooters": false, "background": {…}}
/// ```
public struct WaterfallSpec: Sendable {
    public var options = WaterfallLayout.Options()

    public init() {}

    static let members = ["type", "scrollDirection", "columns", "minimumColumnWidth", "columnSpacing", "itemSpacing",
                          "placement", "displayScale"] + sectionStyleMembers
    /// The JSON names of the placements.
    static let placements: [(String, WaterfallLayout.Placement)] = [("shortestColumn", .shortestColumn), ("inOrder", .inOrder)]

    static func decode(_ object: JSONObject) throws(SpecError) -> WaterfallSpec {
        try object.rejectUnknownMembers(members)
        var options = WaterfallLayout.Options()
        options.scrollDirection = try object.scrollDirection()
        options.columns = try object.columnRule(defaults: options.columns)
        try object.read("columnSpacing", into: &options.columnSpacing, expected: nonNegative)
        try object.read("itemSpacing", into: &options.itemSpacing, expected: nonNegative)
        if let field = object.optional("placement") { options.placement = try field.choice(placements) }
        try object.readScale("displayScale", into: &options.displayScale)
        options.sections = try object.sectionStyle()
        var spec = WaterfallSpec()
        spec.options = try validated(options, in: object) { options throws(LayoutOptionsError) in try options.validate() }
        return spec
    }

    /// A waterfall layout with these options.
    public func makeLayout() -> WaterfallLayout { WaterfallLayout(options: options) }
}
