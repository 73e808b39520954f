/// Writes `JSONValue`s as text: compact objects, and arrays of objects one element per line
/// so a long list of frames stays readable and diffable.
public enum JSONWriter {
    /// The text of `value`. Top-level members go on their own lines; an array whose
    /// elements are objects puts each on its own line.
    /// - Complexity: O(size of the output).
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        String(decoding: bytes(value, pretty: pretty), as: UTF8.self)
    }

    /// ``write(_:pretty:)`` as UTF-8 bytes (what a file or a pipe receives, without the
    /// copy a `String` costs).
    public static func bytes(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
        var output = JSONOutput()
        append(value, to: &output, level: pretty ? 0 : -1)
        return output.bytes
    }

    /// A number in its shortest form: whole numbers without ".0", others as Swift's
    /// shortest round-tripping representation. Non-finite numbers (which JSON cannot hold)
    /// are written as null.
    public static func format(_ value: Double) -> String {
        var output = JSONOutput(capacity: 32)
        output.append(number: value)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// `level` < 0: all on one line. Otherwise the nesting level of `value` in a pretty
    /// document (0: the top-level object).
    public static func append(_ value: JSONValue, to output: inout JSONOutput, level: Int) {
        switch value {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .number(let number, _): output.append(number: number)
        case .string(let text): output.append(string: text)
        case .array(let elements):
            let onePerLine = level >= 0 && elements.contains { if case .object = $0 { true } else { false } }
            output.append(byte: UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(byte: UInt8(ascii: ",")) }
                if onePerLine { output.append("\n  ") }
                append(element, to: &output, level: -1)
            }
            if onePerLine && !elements.isEmpty { output.append(byte: UInt8(ascii: "\n")) }
            output.append(byte: UInt8(ascii: "]"))
        case .object(let members):
            let membersOnLines = level == 0
            output.append(byte: UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(membersOnLines ? "," : ", ") }
                if membersOnLines { output.append(byte: UInt8(ascii: "\n")) }
                output.append(string: member.key)
                output.append(": ")
                append(member.value, to: &output, level: level >= 0 ? level + 1 : -1)
            }
            if membersOnLines && !members.isEmpty { output.append(byte: UInt8(ascii: "\n")) }
            output.append(byte: UInt8(ascii: "}"))
        }
    }
}

/// A growing buffer of UTF-8 JSON text, with the number and string forms ``JSONWriter``
/// uses; writers of large results (``LayoutResult``) append to it directly instead of
/// building a ``JSONValue`` first. (Raw memory in a non-copyable struct: appending
/// through an `Array`'s generic `append(contentsOf:)`, or to a class, whose stored
/// properties are checked for exclusive access at run time, cost a third of writing 1M
/// frames.)
public struct JSONOutput: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes were written.
    public private(set) var count = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// A copy of what was written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// What was written, without copying it (valid only inside `body`).
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    public mutating func append(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Literal text (no escaping).
    @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    private mutating func append(_ raw: UnsafeBufferPointer<UInt8>) {
        reserve(raw.count)
        (storage + count).update(from: raw.baseAddress!, count: raw.count)
        count += raw.count
    }

    /// A number in ``JSONWriter/format(_:)``'s form.
    public mutating func append(number value: Double) {
        guard value.isFinite else { return append("null") }
        if value == value.rounded(), abs(value) < 1e15 {
            append(integer: Int64(value))
        } else {
            var text = value.description
            text.withUTF8 { append($0) }
        }
    }

    /// A whole number in decimal.
    public mutating func append(integer value: Int64) {
        reserve(20)
        if value < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt64 = 10
        while digits < 20, magnitude >= power {
            digits += 1
            if power > UInt64.max / 10 { break }
            power &*= 10
        }
        var position = count + digits
        count = position
        repeat {
            position -= 1
            storage[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// A string literal: quotes, backslashes and control characters escaped.
    public mutating func append(string text: String) {
        append(byte: UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    append("\\u00")
                    append(byte: hex.utf8Start[Int(byte >> 4)])
                    append(byte: hex.utf8Start[Int(byte & 0xF)])
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(byte: UInt8(ascii: "\""))
    }
}
