import Testing
@testable import TrellisRender

// Replaced by the real suites of this module.
@Test func TrellisRenderModuleLoads() { #expect(Bool(true)) }
