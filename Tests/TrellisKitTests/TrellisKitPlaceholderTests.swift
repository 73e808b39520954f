import Testing
@testable import TrellisKit

// Replaced by the real suites of this module.
@Test func TrellisKitModuleLoads() { #expect(Bool(true)) }
