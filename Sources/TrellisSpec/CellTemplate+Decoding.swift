import Trellis
import TrellisKit
import TrellisPango
import TrellisText

extension CellTemplate {
    static let members = ["font", "size", "weight", "padding", "minWidth", "maxWidth", "lines", "background",
                          "border", "borderWidth", "cornerRadius", "textColor"]

    /// Family names fontconfig resolves to whatever is installed: asking for them is never
    /// a missing font.
    static let genericFamilies: Set<String> = ["sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy"]

    /// Reads the `"cell"` object of a document.
    ///
    /// - Throws: `SpecError` naming the member: an unknown colour (`"#rgb"`, `"#rrggbb"`
    ///   or `"#rrggbbaa"` expected), a font family that is not installed (naming the family
    ///   Pango would draw with instead), a bad number or an unknown member.
    /// - Complexity: O(1) plus one text measurement to check the font.
    public static func decode(_ field: JSONField) throws(SpecError) -> CellTemplate {
        let object = try field.object()
        try object.rejectUnknownMembers(members)
        var template = CellTemplate()
        if let family = object.optional("font") {
            template.font.family = try family.string()
        }
        if let size = object.optional("size") {
            let points = try size.nonNegativeNumber()
            guard points > 0 else { throw size.invalid("a font size greater than 0") }
            guard points <= DocumentLimits.maximumFontSize else {
                throw SpecError(.invalidValue, path: size.path, DocumentLimits.message("a font size", limit: "100000 points", got: size.value.excerpt))
            }
            template.font.size = points
        }
        if let weight = object.optional("weight") {
            let name = try weight.string()
            guard let parsed = FontWeight(parsing: name) else {
                throw weight.invalid("a font weight (100…900, or a name such as \"regular\", \"bold\")")
            }
            template.font.weight = parsed
        }
        if let padding = object.optional("padding") { template.padding = try LayoutDocument.decodeInsets(padding) }
        template.minimumWidth = try object.optional("minWidth")?.nonNegativeNumber()
        if let maximum = object.optional("maxWidth") {
            if case .string("container") = maximum.value {
                template.maximumWidth = .container
            } else {
                guard case .number = maximum.value else { throw maximum.invalid("\"container\" or a non-negative finite number") }
                template.maximumWidth = .points(try maximum.nonNegativeNumber())
            }
        }
        if let lines = object.optional("lines") {
            guard case .number(let count, _) = lines.value, count >= 0, count == count.rounded(),
                  count <= Double(DocumentLimits.maximumLines) else {
                throw lines.invalid("a whole number of lines (0 for unlimited) of at most \(DocumentLimits.maximumLines)")
            }
            template.lines = Int(count)
        }
        if let field = object.optional("background") { template.background = try field.color() }
        if let field = object.optional("border") { template.border = try field.color() }
        if let field = object.optional("textColor") { template.textColor = try field.color() ?? .clear }
        template.borderWidth = try object.optional("borderWidth")?.nonNegativeNumber() ?? template.borderWidth
        if let radius = object.optional("cornerRadius") {
            if case .string("pill") = radius.value {
                template.cornerRadius = .pill
            } else {
                guard case .number = radius.value else { throw radius.invalid("\"pill\" or a non-negative finite number") }
                template.cornerRadius = .points(try radius.nonNegativeNumber())
            }
        }
        if let family = object.optional("font") { try checkInstalled(template.font, field: family) }
        return template
    }

    /// Throws unless Pango draws `font` with the family asked for (fontconfig silently
    /// substitutes another font for a family that is not installed).
    static func checkInstalled(_ font: Font, field: JSONField) throws(SpecError) {
        guard !genericFamilies.contains(font.family.lowercased()) else { return }
        let used = PangoTextMeasurer.shared.measure("A", style: TextStyle(font: font), maxWidth: nil, maxLines: 1).fontFamily
        guard used.lowercased() != font.family.lowercased() else { return }
        throw SpecError(.unknownValue, path: field.path,
                        "font family \(JSONValue.string(font.family).excerpt) is not installed; Pango would draw with \"\(used)\" instead (install the font or name an installed family, e.g. \"DejaVu Sans\")")
    }
}

extension JSONField {
    /// - Throws: `SpecError` unless the value is a string.
    func string() throws(SpecError) -> String {
        guard case .string(let text) = value else { throw invalid("a string") }
        return text
    }

    /// A colour `"#rgb"`, `"#rrggbb"` or `"#rrggbbaa"`, or nil for JSON `null` / `"none"`
    /// (no fill or no outline).
    /// - Throws: `SpecError` naming the value and the accepted forms.
    func color() throws(SpecError) -> Color? {
        if case .null = value { return nil }
        let text = try string()
        if text == "none" { return nil }
        guard let color = Color(hex: text) else {
            throw SpecError(.invalidValue, path: path,
                            "unknown colour \(JSONValue.string(text).excerpt); expected \"#rgb\", \"#rrggbb\", \"#rrggbbaa\" or \"none\"")
        }
        return color
    }
}
