#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrellisSpec

/// The bytes of the input file `input`, or of standard input for "-": what `trellis layout`
/// and `trellis render` read their document from. Reads at most
/// `DocumentLimits.maximumInputBytes` (a document past it is refused as soon as the limit is
/// passed, so `trellis layout - </dev/zero` stops at once rather than filling memory).
func readInput(_ input: String) throws(SpecError) -> [UInt8] {
    var bytes: [UInt8] = []
    try InputReader(input).forEachChunk { chunk in
        bytes.append(contentsOf: chunk)
        return true
    }
    return bytes
}

/// An input file or standard input read in pieces with `read(2)`, so a failure says what the
/// path is and why (a directory, a file that does not exist, a read error) in the system's
/// words, and the size limit is checked as the bytes come.
struct InputReader {
    let input: String
    /// What messages call the input: its path, or "standard input".
    var name: String { input == "-" ? "standard input" : input }

    init(_ input: String) { self.input = input }

    /// Calls `body` with each piece read (at most 1 MiB), in order, until the end of the
    /// input or until `body` returns false; throws once more than
    /// `DocumentLimits.maximumInputBytes` were read.
    func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) throws(SpecError) {
        let descriptor: Int32
        if input == "-" {
            descriptor = 0
        } else {
            descriptor = open(input, O_RDONLY)
            guard descriptor >= 0 else { throw failure("cannot open the file") }
        }
        defer { if input != "-" { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw SpecError(.unreadableInput, path: name, "is a directory; expected a JSON file or - for standard input")
        }
        let chunkSize = 1 << 20
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = read(descriptor, buffer, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read")
            }
            if count == 0 { return }
            total += count
            try LayoutDocument.checkInputSize(total, path: name)
            guard body(UnsafeBufferPointer(start: buffer, count: count)) else { return }
        }
    }

    private func failure(_ what: String) -> SpecError {
        SpecError(.unreadableInput, path: name, "\(what): \(String(cString: strerror(errno)))")
    }
}
