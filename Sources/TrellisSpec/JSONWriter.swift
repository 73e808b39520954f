/// Writes `JSONValue`s as text: compact objects, and arrays of objects one element per line
/// so a long list of frames stays readable and diffable.
public enum JSONWriter {
    /// The text of `value`. Top-level members go on their own lines; an array whose
    /// elements are objects puts each on its own line.
    /// - Complexity: O(size of the output).
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var output = ""
        append(value, to: &output, level: pretty ? 0 : -1)
        return output
    }

    /// A number in its shortest form: whole numbers without ".0", others as Swift's
    /// shortest round-tripping representation. Non-finite numbers (which JSON cannot hold)
    /// are written as null.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `level` < 0: all on one line. Otherwise the nesting level of `value` in a pretty
    /// document (0: the top-level object).
    private static func append(_ value: JSONValue, to output: inout String, level: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number, _): output += format(number)
        case .string(let text): appendString(text, to: &output)
        case .array(let elements):
            let onePerLine = level >= 0 && elements.contains { if case .object = $0 { true } else { false } }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if onePerLine { output += "\n  " }
                append(element, to: &output, level: -1)
            }
            if onePerLine && !elements.isEmpty { output += "\n" }
            output += "]"
        case .object(let members):
            let membersOnLines = level == 0
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += membersOnLines ? "," : ", " }
                if membersOnLines { output += "\n" }
                appendString(member.key, to: &output)
                output += ": "
                append(member.value, to: &output, level: level >= 0 ? level + 1 : -1)
            }
            if membersOnLines && !members.isEmpty { output += "\n" }
            output += "}"
        }
    }

    private static func appendString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
