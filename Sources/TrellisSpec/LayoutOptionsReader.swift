import Trellis

// Reading the options of the grid, waterfall and list layouts. Values are read with their
// JSON type checked here (a number, a whole number, an object…) and their range left to
// the options' own `validate()`, whose `LayoutOptionsError` names the option by its JSON
// key; `LayoutOptionsError.specError(in:)` turns it into a `SpecError` at that key's path.
// Enums are mapped from explicit string tables, never through synthesized `Codable`.

/// The members every grid, waterfall and list layout object shares.
let sectionStyleMembers = ["sectionInset", "pinHeaders", "pinFooters", "background"]

extension JSONField {
    /// Any JSON number (the options' `validate()` judges its range) whose magnitude, when
    /// finite, is at most `DocumentLimits.maximumLength`.
    /// - Throws: `SpecError` unless the value is a number within that limit.
    func number(expected: String) throws(SpecError) -> Double {
        guard case .number(let number, _) = value else { throw invalid(expected) }
        if number.isFinite && Swift.abs(number) > DocumentLimits.maximumLength { throw overLengthLimit() }
        return number
    }

    /// A whole JSON number of any sign (the options' `validate()` judges its range) whose
    /// magnitude is below 1e15.
    /// - Throws: `SpecError` unless the value is a whole number, saying the bound when it is
    ///   a whole number past it.
    func wholeNumber(expected: String) throws(SpecError) -> Int {
        guard case .number(let number, _) = value, number.isFinite, number == number.rounded() else { throw invalid(expected) }
        guard Swift.abs(number) < 1e15 else { throw invalid("\(expected), of magnitude at most 999999999999999") }
        return Int(number)
    }

    /// A whole JSON number in `range`.
    /// - Throws: `SpecError` naming both bounds and the value.
    func wholeNumber(in range: ClosedRange<Int>) throws(SpecError) -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let number, _) = value, number.isFinite, number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else { throw invalid(expected) }
        return Int(number)
    }

    /// A number of at least `minimum` and at most `DocumentLimits.maximumLength` (a scale,
    /// or a width a layout divides by: near 0 its reciprocal is astronomically large).
    /// - Throws: `SpecError` naming `what`, both bounds and the value.
    func atLeast(_ minimum: Double, _ what: String, unit: String) throws(SpecError) -> Double {
        let expected = "\(what) from \(minimum) to 1e9 \(unit) (docs/Limits.md)"
        let number = try self.number(expected: expected)
        guard number.isFinite, number >= minimum else { throw invalid(expected) }
        return number
    }

    /// One of the strings of `choices`, mapped to its value.
    /// - Throws: `SpecError` listing the allowed strings.
    func choice<Value>(_ choices: [(String, Value)]) throws(SpecError) -> Value {
        let allowed = choices.map { "\"\($0.0)\"" }.joined(separator: ", ")
        guard case .string(let text) = value else { throw invalid("one of \(allowed)") }
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw SpecError(.unknownValue, path: path, "unknown value \(value.excerpt); expected one of \(allowed)")
        }
        return match.1
    }

    /// `{"top": t, "leading": l, "bottom": b, "trailing": r}` of finite numbers of any sign,
    /// each optional (0): the insets of a section background, which may grow it.
    func signedInsets() throws(SpecError) -> EdgeInsets {
        let object = try self.object()
        try object.rejectUnknownMembers(["top", "leading", "bottom", "trailing"])
        func edge(_ name: String) throws(SpecError) -> Double { try object.optional(name)?.finiteNumber() ?? 0 }
        return EdgeInsets(top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"), trailing: try edge("trailing"))
    }
}

/// What spacings and scales must be, as `validate()` says it.
let nonNegative = "a finite number ≥ 0", positive = "a finite number > 0"

extension JSONObject {
    /// Reads member `key`, when present, as a number into `value` (its range is left to
    /// `validate()`; `expected` is for a value that is not a number).
    func read(_ key: String, into value: inout Double, expected: String) throws(SpecError) {
        if let field = optional(key) { value = try field.number(expected: expected) }
    }

    /// Reads member `key`, when present, as a display scale of at least
    /// `DocumentLimits.minimumScale` pixels per point.
    func readScale(_ key: String, into value: inout Double) throws(SpecError) {
        if let field = optional(key) { value = try field.atLeast(DocumentLimits.minimumScale, "a display scale", unit: "pixels per point") }
    }

    /// Reads member `key`, when present, as a width a layout divides by, at least
    /// `DocumentLimits.minimumDividingWidth` points.
    func readDividingWidth(_ key: String, into value: inout Double) throws(SpecError) {
        if let field = optional(key) { value = try field.atLeast(DocumentLimits.minimumDividingWidth, "a width", unit: "points") }
    }

    /// The field at a dotted path below this object (`separators.thickness`), or nil.
    func field(atPath dotted: String) -> JSONField? {
        var object = self
        var result: JSONField?
        for key in dotted.split(separator: ".") {
            if result != nil {
                guard let nested = try? result!.object() else { return nil }
                object = nested
            }
            guard let next = object.optional(String(key)) else { return nil }
            result = next
        }
        return result
    }

    /// `"columns": n` or `"minimumColumnWidth": w` (not both); `defaults` when neither.
    func columnRule(defaults: ColumnRule) throws(SpecError) -> ColumnRule {
        let count = optional("columns"), minimum = optional("minimumColumnWidth")
        if count != nil && minimum != nil {
            throw SpecError(.invalidValue, path: minimum!.path, "expected either \"columns\" or \"minimumColumnWidth\", not both")
        }
        if let count { return .count(try count.wholeNumber(in: 1...DocumentLimits.maximumColumnCount)) }
        if let minimum { return .minimumWidth(try minimum.atLeast(DocumentLimits.minimumDividingWidth, "a width", unit: "points")) }
        return defaults
    }

    /// The members of `sectionStyleMembers`: `"sectionInset": {…}`, `"pinHeaders"`,
    /// `"pinFooters"`, `"background": {"insets": {…}}` (`{}` for a background flush with the
    /// items area).
    func sectionStyle() throws(SpecError) -> SectionStyle {
        var style = SectionStyle()
        if let field = optional("sectionInset") { style.insets = try LayoutDocument.decodeInsets(field) }
        style.pinsHeaders = try optional("pinHeaders")?.bool() ?? false
        style.pinsFooters = try optional("pinFooters")?.bool() ?? false
        if let field = optional("background") {
            let background = try field.object()
            try background.rejectUnknownMembers(["insets"])
            style.background = SectionBackground(insets: try background.optional("insets")?.signedInsets() ?? .zero)
        }
        return style
    }

    /// `"scrollDirection": "vertical" | "horizontal"`, vertical when absent.
    func scrollDirection() throws(SpecError) -> ScrollDirection {
        try optional("scrollDirection")?.oneOf(ScrollDirection.self) ?? .vertical
    }
}

extension LayoutOptionsError {
    /// The error as a `SpecError` at the option's path below `layout` (`layout.columns`),
    /// quoting the value as the document wrote it.
    func specError(in layout: JSONObject) -> SpecError {
        let field = layout.field(atPath: option)
        let path = field?.path ?? (layout.path.isEmpty ? option : "\(layout.path).\(option)")
        return SpecError(.invalidValue, path: path, "expected \(expected), got \(field?.value.excerpt ?? value)")
    }
}

/// Runs an options' `validate()`, turning its error into a `SpecError` under `layout`.
func validated<Options>(_ options: Options, in layout: JSONObject, _ validate: (Options) throws(LayoutOptionsError) -> Void) throws(SpecError) -> Options {
    do {
        try validate(options)
    } catch {
        throw error.specError(in: layout)
    }
    return options
}
