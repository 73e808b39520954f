import Testing
@testable import TrellisSpec

// Replaced by the real suites of this module.
@Test func TrellisSpecModuleLoads() { #expect(Bool(true)) }
