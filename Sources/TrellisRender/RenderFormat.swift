/// The file formats the renderer writes.
///
/// PNG is a raster image whose pixel size is the canvas size in points times the scale;
/// SVG and PDF are vector documents measured in points (the scale does not apply to them).
public enum RenderFormat: String, Hashable, Sendable, CaseIterable {
    case png
    case svg
    case pdf

    /// The format named by the extension of `path` (case-insensitive).
    ///
    /// - Throws: ``RenderError/Code/unknownFormat`` naming the path and the extensions
    ///   that are accepted.
    public init(path: String) throws {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), name.index(after: dot) != name.endIndex else {
            throw RenderError(.unknownFormat, "\(path): the output file needs an extension: .png, .svg or .pdf")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = RenderFormat(rawValue: ext) else {
            throw RenderError(.unknownFormat, "\(path): unknown output extension .\(ext); use .png, .svg or .pdf")
        }
        self = format
    }
}
