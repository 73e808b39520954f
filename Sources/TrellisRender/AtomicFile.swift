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
enum AtomicFile {
    /// - Throws: ``RenderError/Code/unwritableOutput`` naming the path and the system's
    ///   reason.
    static func write(_ bytes: [UInt8], to path: String) throws {
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
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc_write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let error = failure(path, "cannot write")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += result
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

    private static func failure(_ path: String, _ what: String) -> RenderError {
        let reason = String(cString: strerror(errno))
        return RenderError(.unwritableOutput, "\(path): \(what): \(reason)")
    }
}

/// `write(2)`, named apart from the `write(_:to:)` above.
@inline(__always)
private func Glibc_write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
