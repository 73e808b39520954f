import Foundation
import Testing
@testable import TrellisSpec

/// Hostile inputs to `trellis layout` (hand-made cases, and anything `make fuzz` finds,
/// minimized) are kept in `Fixtures/fuzz-crashers/` and replayed as the fuzzer does:
/// each must be refused with a `SpecError`, or lay out to a result without a problem.
@Suite("Fuzz crashers")
struct FuzzCrasherTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/fuzz-crashers")

    static var crashers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func theCrashersAreThere() {
        #expect(Self.crashers.count >= 9)
    }

    @Test(arguments: crashers)
    func aCrasherIsRefusedOrLaidOutSoundly(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let document: LayoutDocument
        do {
            document = try LayoutDocument.decode(bytes)
        } catch {
            #expect(!error.message.isEmpty)
            return
        }
        let result = document.layOut()
        #expect(result.problem(layingOut: document) == nil, "\(name)")
    }
}

@Suite("LayoutResult invariant")
struct LayoutResultInvariantTests {
    @Test func nonFiniteNumbersAndLostOrRepeatedItemsAreProblems() throws {
        let document = try LayoutDocument.decode(#"{"width": 100, "sections": [{"items": [{"width": 10, "height": 10}, {"width": 10, "height": 10}]}]}"#)
        let result = document.layOut()
        #expect(result.problem(layingOut: document) == nil)
        var lost = result
        lost.items.removeLast()
        #expect(lost.problem(layingOut: document) == "1 items listed, 2 expected (every item once, hidden ones counted)")
        var repeated = result
        repeated.items[1] = repeated.items[0]
        #expect(repeated.problem(layingOut: document) == "item [0, 0] listed where [0, 1] belongs")
        var overflowed = result
        overflowed.items[1].frame.origin.y = .infinity
        #expect(overflowed.problem(layingOut: document) == "items[1].y is not finite")
        overflowed.contentSize.height = .nan
        #expect(overflowed.firstNonFiniteValue == "contentSize.height")
    }
}
