import Trellis

/// The options of a grid layout:
///
/// ```
/// {"type": "grid", "scrollDirection": "vertical",
///  "columns": 3,                 // or "minimumColumnWidth": 100
///  "columnSpacing": 8, "rowSpacing": 8,
///  "itemWidth": {"span": 1},     // or {"fraction": 0.48}: every item's default
///  "stretchesItems": false, "displayScale": 2,
///  "sectionInset": {"top": 8, …}, "pinHeaders": true, "pinFooters": false,
///  "background": {"insets": {"top": -4, …}}}
/// ```
///
/// An item may carry its own `"span": k` or `"fraction": f` beside its size.
public struct GridSpec: Sendable {
    public var options = GridLayout.Options()
    /// Items' own widths, by section and item; others take `options.itemWidth`.
    public var itemWidths: [Int: [Int: GridLayout.ItemWidth]] = [:]

    public init() {}

    static let members = ["type", "scrollDirection", "columns", "minimumColumnWidth", "columnSpacing", "rowSpacing",
                          "itemWidth", "stretchesItems", "displayScale"] + sectionStyleMembers
    /// What an item may carry besides its size.
    static let itemMembers = ["span", "fraction"]

    static func decode(_ object: JSONObject) throws(SpecError) -> GridSpec {
        try object.rejectUnknownMembers(members)
        var options = GridLayout.Options()
        options.scrollDirection = try object.scrollDirection()
        options.columns = try object.columnRule(defaults: options.columns)
        try object.read("columnSpacing", into: &options.columnSpacing, expected: nonNegative)
        try object.read("rowSpacing", into: &options.rowSpacing, expected: nonNegative)
        if let field = object.optional("itemWidth") {
            let width = try field.object()
            try width.rejectUnknownMembers(itemMembers)
            guard let itemWidth = try itemWidth(in: width) else {
                throw SpecError(.missingValue, path: field.path, "missing; expected {\"span\": k} or {\"fraction\": f}")
            }
            options.itemWidth = itemWidth
        }
        options.stretchesItems = try object.optional("stretchesItems")?.bool() ?? false
        try object.readScale("displayScale", into: &options.displayScale)
        options.sections = try object.sectionStyle()
        var spec = GridSpec()
        spec.options = try validated(options, in: object) { options throws(LayoutOptionsError) in try options.validate() }
        return spec
    }

    /// `"span": k` or `"fraction": f` of `object` (not both), checked; nil when neither.
    static func itemWidth(in object: JSONObject) throws(SpecError) -> GridLayout.ItemWidth? {
        let span = object.optional("span"), fraction = object.optional("fraction")
        if span != nil && fraction != nil {
            throw SpecError(.invalidValue, path: fraction!.path, "expected either \"span\" or \"fraction\", not both")
        }
        let width: GridLayout.ItemWidth, field: JSONField
        if let span {
            width = .span(try span.wholeNumber(in: 1...DocumentLimits.maximumColumnCount))
            field = span
        } else if let fraction {
            width = .fraction(try fraction.number(expected: "a number in (0, 1]"))
            field = fraction
        } else {
            return nil
        }
        do {
            try width.validate()
        } catch {
            throw SpecError(.invalidValue, path: field.path, "expected \(error.expected), got \(field.value.excerpt)")
        }
        return width
    }

    /// Reads the items' own `span` / `fraction`.
    mutating func decodeItemOptions(_ items: [JSONField], section: Int) throws(SpecError) {
        for (index, item) in items.enumerated() {
            guard case .object = item.value, let width = try Self.itemWidth(in: try item.object()) else { continue }
            itemWidths[section, default: [:]][index] = width
        }
    }

    /// A grid layout with these options and item widths.
    public func makeLayout() -> GridLayout {
        guard !itemWidths.isEmpty else { return GridLayout(options: options) }
        let widths = itemWidths, fallback = options.itemWidth
        return GridLayout(options: options) { indexPath in widths[indexPath.section]?[indexPath.item] ?? fallback }
    }
}
