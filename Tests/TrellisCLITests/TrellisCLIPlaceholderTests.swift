import Testing
import Foundation

// Replaced by the real suites of this module.
@Test func TrellisCLIModuleLoads() { #expect(Bool(true)) }
