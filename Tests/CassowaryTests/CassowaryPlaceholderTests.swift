import Testing
@testable import Cassowary

// Replaced by the real suites of this module.
@Test func CassowaryModuleLoads() { #expect(Bool(true)) }
