/// Why a document could not be read: what was wrong and where. `path` names the place the
/// way the document is written (`sections[2].items[5].height`), or a line and column for
/// malformed JSON.
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// Not JSON at all (a syntax error); `path` is "line L, column C".
        case malformedJSON
        /// A required member is absent.
        case missingValue
        /// A value of the wrong type, or a number out of range.
        case invalidValue
        /// A string that is not one of the allowed names.
        case unknownValue
        /// A member the document does not define (usually a typo).
        case unknownMember
        /// The input could not be read (a file that does not exist …).
        case unreadableInput
    }

    public var code: Code
    public var path: String
    public var message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `"path: message"`, what the command-line tool prints.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
