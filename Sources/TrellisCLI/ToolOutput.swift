import ArgumentParser
import TrellisRender

/// Everything a command prints goes through here, to standard output or standard error,
/// with the same write loop as rendered files (`DescriptorWriter`). A write that fails (a
/// full disk, a closed descriptor, a reader gone away while `SIGPIPE` is ignored) ends the
/// command with exit status 1 and, where standard error still takes it, a message naming
/// the stream and the system's reason, instead of trapping.
///
/// `SIGPIPE` keeps the disposition the tool was started with, as command-line tools leave
/// it: by default a reader that goes away (`trellis layout big.json | head`) ends the tool
/// quietly by the signal; when the parent ignores it, the write fails with `EPIPE` and is
/// reported like any other write error.
struct ToolOutput {
    enum Stream {
        case standardOutput, standardError

        var descriptor: Int32 { self == .standardOutput ? 1 : 2 }
        var name: String { self == .standardOutput ? "standard output" : "standard error" }
    }

    /// How messages start: "trellis layout".
    let command: String

    /// Writes `bytes` to `stream`.
    /// - Throws: `ExitCode(1)` once the failure has been reported (see the type's notes).
    func write(_ bytes: UnsafeRawBufferPointer, to stream: Stream = .standardOutput) throws(ExitCode) {
        let code = DescriptorWriter.writeAll(bytes, to: stream.descriptor)
        guard code == 0 else { throw failedWriting(stream, code) }
    }

    func write(_ text: String, to stream: Stream = .standardOutput) throws(ExitCode) {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(ExitCode) in try write(UnsafeRawBufferPointer(bytes), to: stream) } }
        try result.get()
    }

    func write(_ bytes: [UInt8], to stream: Stream = .standardOutput) throws(ExitCode) {
        let result = bytes.withUnsafeBytes { bytes in Result { () throws(ExitCode) in try write(bytes, to: stream) } }
        try result.get()
    }

    /// Prints "command: message" on standard error (as far as it takes it) and returns the
    /// exit status of a refused input, for `throw output.fail(…)`.
    func fail(_ message: String) -> ExitCode {
        report("\(command): \(message)\n")
        return ExitCode(1)
    }

    private func failedWriting(_ stream: Stream, _ code: Int32) -> ExitCode {
        if stream == .standardOutput {
            report("\(command): cannot write to \(stream.name): \(DescriptorWriter.reason(code))\n")
        }
        return ExitCode(1)
    }

    /// Best effort: standard error may itself be closed or full, and then nothing is left to
    /// tell.
    private func report(_ message: String) {
        var message = message
        message.withUTF8 { bytes in _ = DescriptorWriter.writeAll(UnsafeRawBufferPointer(bytes), to: 2) }
    }
}
