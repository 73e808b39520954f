/// Why a render failed: a code to switch on, and a message that says what and where.
///
/// External problems (an output path that cannot be written, an unknown file extension,
/// a size Cairo cannot make a surface for) are reported with this error, never a crash and
/// never a half-written file.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// The output file's extension is not one of png, svg, pdf.
        case unknownFormat
        /// The output file could not be created, written or moved into place.
        case unwritableOutput
        /// The canvas size is empty, not finite or too large for a surface.
        case invalidCanvas
        /// Cairo reported an error while drawing or encoding.
        case cairoFailure
        /// Bytes given as a PNG image could not be decoded.
        case invalidImage
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
