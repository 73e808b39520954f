#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to an open file descriptor with `write(2)` until all are written: the one
/// write loop of the tool, shared by rendered files (`AtomicFile`) and by standard output and
/// standard error, so a full disk, a closed descriptor or a reader gone away is reported the
/// same way wherever the bytes go, never trapped.
public enum DescriptorWriter {
    /// Writes every byte of `bytes` to `descriptor`, retrying after a signal (`EINTR`) and
    /// after a short write.
    /// - Returns: 0 when everything was written, else the `errno` of the failing write
    ///   (`EPIPE`, `ENOSPC`, `EBADF`, …); the bytes before it may have been written.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard var next = bytes.baseAddress else { return 0 }
        var left = bytes.count
        while left > 0 {
            let result = write(descriptor, next, left)
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            next += result
            left -= result
        }
        return 0
    }

    /// The system's description of `code` ("No space left on device").
    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
