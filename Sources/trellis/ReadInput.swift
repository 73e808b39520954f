import Foundation
import TrellisSpec

/// The bytes of the input file `input`, or of standard input for "-": what `trellis layout`
/// and `trellis render` read their document from.
func readInput(_ input: String) throws(SpecError) -> [UInt8] {
    if input == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
    guard let data = FileManager.default.contents(atPath: input) else {
        throw SpecError(.unreadableInput, path: input, "cannot read the file")
    }
    return [UInt8](data)
}
