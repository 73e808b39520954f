/// A JSON value with the path that leads to it, so every decoding error names its place.
public struct JSONField: Sendable {
    public let value: JSONValue
    /// Where the value is; rendered as text only when a message needs it (building the
    /// text of every item's path cost more than reading the item).
    let location: Location

    /// `sections[2].items[5].height`; empty for the document itself.
    public var path: String { location.text }

    public init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.location = .text(path)
    }

    init(_ value: JSONValue, location: Location) {
        self.value = value
        self.location = location
    }

    /// The path of member `key` of this value.
    func path(of key: String) -> String { location.member(key).text }

    /// A path whose last one or two steps are kept apart from the text before them, so an
    /// array element and its members get a path without building a string.
    enum Location: Sendable {
        case text(String)
        /// `parent[index]`
        case element(String, Int)
        /// `parent.key`
        case member(String, String)
        /// `parent[index].key`
        case elementMember(String, Int, String)

        var text: String {
            switch self {
            case .text(let text): text
            case .element(let parent, let index): "\(parent)[\(index)]"
            case .member(let parent, let key): parent.isEmpty ? key : "\(parent).\(key)"
            case .elementMember(let parent, let index, let key): "\(parent)[\(index)].\(key)"
            }
        }

        func member(_ key: String) -> Location {
            switch self {
            case .text(let parent): .member(parent, key)
            case .element(let parent, let index): .elementMember(parent, index, key)
            case .member, .elementMember: .member(text, key)
            }
        }

        func element(_ index: Int) -> Location {
            switch self {
            case .text(let parent): .element(parent, index)
            default: .element(text, index)
            }
        }
    }

    func invalid(_ expected: String) -> SpecError {
        SpecError(.invalidValue, path: path, "expected \(expected), got \(value.excerpt)")
    }

    /// For an object that should hold exactly one of several members: says which it holds.
    func invalidShape(_ expected: String, given: [String]) -> SpecError {
        let got = given.isEmpty ? "an object with none of them" : "an object with \(given.map { "\"\($0)\"" }.joined(separator: " and "))"
        return SpecError(.invalidValue, path: path, "expected \(expected), got \(got)")
    }

    /// - Throws: `SpecError` unless the value is a finite number ≥ 0, at most
    ///   `DocumentLimits.maximumLength`.
    public func nonNegativeNumber() throws(SpecError) -> Double {
        guard case .number(let number, _) = value, number.isFinite, number >= 0 else { throw invalid("a non-negative finite number") }
        guard number <= DocumentLimits.maximumLength else { throw overLengthLimit() }
        return number
    }

    /// - Throws: `SpecError` unless the value is a finite number (any sign) whose magnitude
    ///   is at most `DocumentLimits.maximumLength`.
    public func finiteNumber() throws(SpecError) -> Double {
        guard case .number(let number, _) = value, number.isFinite else { throw invalid("a finite number") }
        guard Swift.abs(number) <= DocumentLimits.maximumLength else { throw overLengthLimit() }
        return number
    }

    /// - Throws: `SpecError` unless the value is a whole number from 1 to 999999999999999.
    public func positiveInteger() throws(SpecError) -> Int {
        guard case .number(let number, _) = value, number.isFinite, number >= 1, number == number.rounded(), number < 1e15 else {
            throw invalid("a whole number from 1 to 999999999999999")
        }
        return Int(number)
    }

    public func bool() throws(SpecError) -> Bool {
        guard case .bool(let flag) = value else { throw invalid("true or false") }
        return flag
    }

    /// A string naming one case of `type`.
    /// - Throws: `SpecError` listing the allowed values.
    public func oneOf<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) throws(SpecError) -> Value where Value.RawValue == String {
        let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let text) = value else { throw invalid("one of \(allowed)") }
        guard let result = Value(rawValue: text) else {
            throw SpecError(.unknownValue, path: path, "unknown value \(value.excerpt); expected one of \(allowed)")
        }
        return result
    }

    /// The elements of an array, each with its indexed path.
    public func array() throws(SpecError) -> [JSONField] {
        guard case .array(let elements) = value else { throw invalid("an array") }
        let parent = location.text
        return elements.enumerated().map { JSONField($1, location: .element(parent, $0)) }
    }

    /// The value as an object whose members may be read once each.
    public func object() throws(SpecError) -> JSONObject {
        guard case .object(let members) = value else { throw invalid("an object") }
        return JSONObject(members: members, field: self)
    }
}

/// An object being decoded: members are looked up by name, and members that the decoder
/// does not know are reported (they are usually typos).
public struct JSONObject: Sendable {
    let members: [(key: String, value: JSONValue)]
    let field: JSONField

    public var path: String { field.path }

    /// Member `key`, or nil when absent (an explicit null counts as absent).
    public func optional(_ key: String) -> JSONField? {
        guard let member = members.first(where: { $0.key == key }), member.value != .null else { return nil }
        return JSONField(member.value, location: field.location.member(key))
    }

    /// Member `key`.
    /// - Throws: `SpecError` saying what was expected there when it is absent.
    public func required(_ key: String, expected: String) throws(SpecError) -> JSONField {
        guard let member = optional(key) else {
            throw SpecError(.missingValue, path: field.path(of: key), "missing; expected \(expected)")
        }
        return member
    }

    /// - Throws: `SpecError` for the first member whose name is not in `known`.
    public func rejectUnknownMembers(_ known: [String]) throws(SpecError) {
        for member in members where !known.contains(member.key) {
            // A key is quoted at most 40 characters long: a 100 KB name is not echoed whole.
            throw SpecError(.unknownMember, path: field.path(of: JSONValue.shortened(member.key)),
                            "unknown member; expected one of \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
    }
}
