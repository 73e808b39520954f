/// A strict JSON parser (RFC 8259) over UTF-8 bytes that reports where the input is
/// malformed as line and column.
///
/// Hand-written for speed and for its messages: it reads a layout document at about the
/// speed of reading the file (see docs/perf/e2e.md, where it is measured against
/// Foundation's `JSONSerialization` and `JSONDecoder`), rejects duplicate member names in
/// linear time, and says where the input went wrong (`line 3, column 14: expected ',' or
/// '}' after an object member, found ']'`).
public struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Members and elements of the containers being parsed, innermost last: each container
    /// is copied out once, at its exact size, when it closes (appending to a fresh array
    /// per object cost two allocations for a two-member object).
    private var memberStack: [(key: String, value: JSONValue)] = []
    private var elementStack: [JSONValue] = []
    /// Nesting limit, so hostile input cannot exhaust the stack.
    private static let maximumDepth = 512
    /// Objects with more members than this check duplicate names with a set instead of a
    /// scan of the members so far (which is quadratic in the member count).
    private static let linearScanLimit = 16

    /// Parses one JSON document.
    /// - Throws: `SpecError` with code `.malformedJSON` naming the line and column.
    /// - Complexity: O(n) in the length of the input.
    public static func parse(_ bytes: [UInt8]) throws(SpecError) -> JSONValue {
        let result: Result<JSONValue, SpecError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return Result { () throws(SpecError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    public static func parse(_ text: String) throws(SpecError) -> JSONValue { try parse(Array(text.utf8)) }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func parseDocument() throws(SpecError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the JSON document") }
        return value
    }

    private func error(_ message: String) -> SpecError {
        var line = 1, column = 1
        for byte in bytes[..<Swift.min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return SpecError(.malformedJSON, path: "line \(line), column \(column)", message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(SpecError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return try parseObject(depth: depth)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(SpecError) {
        let utf8 = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("expected '\(literal)'") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(SpecError) -> JSONValue {
        index += 1
        let first = memberStack.count
        defer { memberStack.removeSubrange(first...) }
        // Names seen so far, once the object is too large for a scan (see linearScanLimit).
        var names: Set<String>? = nil
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes, found \(describeCurrent())") }
            let keyStart = index
            let key = try parseString()
            let isDuplicate: Bool
            if names != nil {
                isDuplicate = !names!.insert(key).inserted
            } else if memberStack.count - first < Self.linearScanLimit {
                isDuplicate = memberStack[first...].contains { $0.key == key }
            } else {
                var set = Set(memberStack[first...].map(\.key))
                isDuplicate = !set.insert(key).inserted
                names = set
            }
            if isDuplicate {
                index = keyStart
                throw error("duplicate member \(JSONValue.string(key).excerpt)")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a member name, found \(describeCurrent())") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            memberStack.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(Array(memberStack[first...])) }
            throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
        }
    }

    private mutating func parseArray(depth: Int) throws(SpecError) -> JSONValue {
        index += 1
        let first = elementStack.count
        defer { elementStack.removeSubrange(first...) }
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            elementStack.append(value)
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(Array(elementStack[first...])) }
            throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
        }
    }

    /// A string; the common case (no escapes) is decoded straight from the input, which is
    /// valid UTF-8 (checked byte by byte: RFC 8259 §8.1 asks for UTF-8, and a byte sequence
    /// that is not is refused at its line and column rather than repaired to U+FFFD).
    private mutating func parseString() throws(SpecError) -> String {
        let opening = index
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(opening: opening, start: start) }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            if byte >= 0x80 { try skipUTF8Sequence(); continue }
            index += 1
        }
        index = opening  // point at where the string began
        throw error("unterminated string")
    }

    /// The rest of a string that has escapes; `index` is at the first backslash.
    private mutating func parseEscapedString(opening: Int, start: Int) throws(SpecError) -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            guard byte == UInt8(ascii: "\\") else {
                let from = index
                if byte >= 0x80 { try skipUTF8Sequence() } else { index += 1 }
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<index]))
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in a \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                utf8.append(contentsOf: UTF8.encode(scalar)!)
            default:
                index -= 1
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        index = opening  // point at where the string began
        throw error("unterminated string")
    }

    /// Moves past the well-formed UTF-8 sequence of 2 to 4 bytes at `index` (Unicode's
    /// table 3-7: no overlong forms such as C0 AF, no encoded surrogates such as CESU-8's
    /// ED A0 80, nothing past U+10FFFF).
    /// - Throws: at the first byte that cannot be part of it.
    private mutating func skipUTF8Sequence() throws(SpecError) {
        let lead = bytes[index]
        let length: Int, second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        default: throw error("invalid UTF-8 in a string: byte 0x\(String(lead, radix: 16, uppercase: true)) cannot start a character")
        }
        for offset in 1..<length {
            let position = index + offset
            let allowed = offset == 1 ? second : 0x80...0xBF
            guard position < bytes.count, allowed.contains(bytes[position]) else {
                let found = position < bytes.count ? "byte 0x\(String(bytes[position], radix: 16, uppercase: true))" : "the end of input"
                throw error("invalid UTF-8 in a string: \(found) after 0x\(String(lead, radix: 16, uppercase: true)) is not a valid continuation (overlong, surrogate or truncated sequence)")
            }
        }
        index += length
    }

    private mutating func parseHex4() throws(SpecError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else { throw error("expected 4 hexadecimal digits after \\u") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Powers of ten that a Double holds exactly (for the fast path of `parseNumber`).
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private mutating func parseNumber() throws(SpecError) -> JSONValue {
        let start = index
        var mantissa: UInt64 = 0
        var significantDigits = 0
        // Counts digits into `mantissa` while it stays exact (at most 15 significant digits).
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                let digit = UInt64(bytes[index] - UInt8(ascii: "0"))
                if mantissa != 0 || digit != 0 { significantDigits += 1 }
                mantissa = mantissa &* 10 &+ digit
                index += 1
            }
            return index - from
        }
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected a digit in a number") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw error("a number must not start with 0")
        }
        var fractionDigits = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digits()
            guard fractionDigits > 0 else { throw error("expected a digit after the decimal point") }
        }
        var hasExponent = false
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            hasExponent = true
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > from else { throw error("expected a digit in the exponent") }
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let text = String(decoding: slice, as: UTF8.self)
        // Exact fast path (Clinger): a mantissa of at most 15 digits and a power of ten a
        // Double holds exactly give a correctly rounded quotient. Everything else goes
        // through Swift's correctly rounded parser; out-of-range values become ±infinity,
        // which the document decoder reports as not finite.
        if !hasExponent, significantDigits <= 15, fractionDigits <= 22 {
            let magnitude = Double(mantissa) / Self.exactPowersOfTen[fractionDigits]
            return .number(negative ? -magnitude : magnitude, text: text)
        }
        guard let value = Double(text) else { throw error("invalid number \(text)") }
        return .number(value, text: text)
    }
}
