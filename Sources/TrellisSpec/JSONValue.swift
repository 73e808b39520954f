/// A parsed JSON value. Objects keep their members in document order; numbers keep their
/// source text so an error message can quote exactly what was written.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double, text: String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a, _), .number(let b, _)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// A number from a Double (its text is the shortest form that reads back the same).
    public static func number(_ value: Double) -> JSONValue { .number(value, text: JSONWriter.format(value)) }

    /// What the value is, for messages ("a string", "an array" …).
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as written, shortened, for "got …" in messages.
    var excerpt: String {
        switch self {
        case .number(_, let text): return text
        case .array(let elements):
            return elements.isEmpty ? "an empty array" : "an array of \(elements.count) element\(elements.count == 1 ? "" : "s")"
        case .object(let members):
            guard !members.isEmpty else { return "an empty object" }
            return Self.shortened("an object with \(members.map { "\"\($0.key)\"" }.joined(separator: ", "))")
        default:
            return Self.shortened(JSONWriter.write(self))
        }
    }

    /// `text` cut to at most 40 characters ("…" ending a cut one), for messages.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}

