import Testing
@testable import TrellisText

// Replaced by the real suites of this module.
@Test func TrellisTextModuleLoads() { #expect(Bool(true)) }
