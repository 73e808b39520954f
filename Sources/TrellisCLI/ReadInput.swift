import Foundation
import TrellisSpec

/// The bytes of the input file `input`, or of standard input for "-": what `trellis layout`
/// and `trellis render` read their document from. Reads at most
/// `DocumentLimits.maximumInputBytes` (a document past it is refused as soon as the limit is
/// passed, so `trellis layout - </dev/zero` stops at once rather than filling memory).
func readInput(_ input: String) throws(SpecError) -> [UInt8] {
    let handle: FileHandle
    if input == "-" {
        handle = FileHandle.standardInput
    } else {
        guard let file = FileHandle(forReadingAtPath: input) else {
            throw SpecError(.unreadableInput, path: input, "cannot read the file")
        }
        handle = file
    }
    defer { if input != "-" { try? handle.close() } }
    var bytes: [UInt8] = []
    while true {
        let chunk: Data?
        do {
            chunk = try handle.read(upToCount: 1 << 20)
        } catch {
            throw SpecError(.unreadableInput, path: input == "-" ? "standard input" : input, "cannot read: \(error.localizedDescription)")
        }
        guard let chunk, !chunk.isEmpty else { return bytes }
        bytes.append(contentsOf: chunk)
        try LayoutDocument.checkInputSize(bytes.count, path: input == "-" ? "standard input" : input)
    }
}
