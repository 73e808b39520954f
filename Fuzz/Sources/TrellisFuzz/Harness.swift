import CFuzzerDriver
import TrellisSpec

/// libFuzzer's entry point: one input, as `trellis layout` would read it.
///
/// Bytes that are not a document must be refused with a `SpecError`; a document must lay
/// out to a result that `LayoutResult.problem(layingOut:)` accepts (finite numbers only,
/// every item listed exactly once or counted hidden). Anything else — a trap, a crash, a
/// problem — stops the fuzzer with the input saved as a crasher (keep it, minimized, in
/// `Tests/TrellisSpecTests/Fixtures/fuzz-crashers/`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let document = try? LayoutDocument.decode(bytes) else { return 0 }
    let result = document.layOut()
    if let problem = result.problem(layingOut: document) {
        fatalError("invariant broken: \(problem)")
    }
    return 0
}

/// The executable's entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("TrellisFuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
