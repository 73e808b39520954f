#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that it either appears complete or not at all: the bytes go to a
/// temporary file in the same directory (same file system, so the rename is atomic), which
/// is renamed over `path` only once everything was written. On any failure the temporary
/// file is removed and nothing is left at `path`.
///
/// The file written is the one `path` names: when `path` is a symbolic link, the link is
/// followed and its target replaced (the link stays a link, as `cp` or a shell's `>` would
/// leave it); a path naming something that is not a regular file (a device, a FIFO, a
/// directory) is refused rather than replaced by a file.
enum AtomicFile {
    /// - Throws: ``RenderError/Code/unwritableOutput`` naming the path and the system's
    ///   reason.
    static func write(_ bytes: [UInt8], to requestedPath: String) throws {
        let (path, existingMode) = try OutputPath.resolve(requestedPath)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else {
            throw RenderError(.unwritableOutput, "\(path): the output path names a directory, not a file")
        }
        // Unique per process and call, so concurrent renders to one path never share it.
        let temporary = "\(directory).\(name).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw failure(path, "cannot create a file in \(directory.isEmpty ? "." : directory)") }
        // A replaced file keeps its permissions.
        if let existingMode { _ = fchmod(descriptor, existingMode) }
        let code = bytes.withUnsafeBytes { DescriptorWriter.writeAll($0, to: descriptor) }
        if code != 0 {
            errno = code
            let error = failure(path, "cannot write")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if close(descriptor) != 0 {
            let error = failure(path, "cannot finish writing")
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let error = failure(path, "cannot move the written file into place")
            unlink(temporary)
            throw error
        }
    }

    static func failure(_ path: String, _ what: String) -> RenderError {
        let reason = String(cString: strerror(errno))
        return RenderError(.unwritableOutput, "\(path): \(what): \(reason)")
    }
}

/// Where a render's output goes.
public enum OutputPath {
    /// Links followed before giving up (Linux's own limit for path resolution).
    static let maximumLinks = 40

    /// Throws unless writing to `path` would write a regular file: `path` (or the target
    /// of the symbolic links it goes through) is a regular file or does not exist yet.
    /// `trellis render` checks this before it draws.
    /// - Throws: ``RenderError/Code/unwritableOutput`` naming what the path is.
    public static func checkWritable(_ path: String) throws {
        _ = try resolve(path)
    }

    /// The path of the file a write to `path` replaces, following symbolic links (relative
    /// targets against the link's directory), with the permission bits of that file when it
    /// exists.
    static func resolve(_ requested: String) throws -> (path: String, mode: mode_t?) {
        var path = requested
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                if errno == ENOENT { return (path, nil) }  // a new file (or a dangling link's target)
                throw AtomicFile.failure(requested, "cannot inspect \(path)")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return (path, info.st_mode & 0o7777)
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &buffer, buffer.count - 1)
                guard length >= 0 else { throw AtomicFile.failure(requested, "cannot read the link \(path)") }
                let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if target.hasPrefix("/") {
                    path = target
                } else {
                    let slash = path.lastIndex(of: "/")
                    path = (slash.map { String(path[...$0]) } ?? "") + target
                }
            default:
                let kind: String
                switch info.st_mode & S_IFMT {
                case S_IFDIR: kind = "a directory"
                case S_IFCHR: kind = "a character device"
                case S_IFBLK: kind = "a block device"
                case S_IFIFO: kind = "a FIFO"
                case S_IFSOCK: kind = "a socket"
                default: kind = "not a regular file"
                }
                let via = path == requested ? "" : " (the link leads to \(path))"
                throw RenderError(.unwritableOutput, "\(requested): the output path names \(kind)\(via), not a regular file; it is not replaced")
            }
        }
        throw RenderError(.unwritableOutput, "\(requested): more than \(maximumLinks) symbolic links to follow")
    }
}
