import Foundation
import Testing
@testable import TrellisPango

/// The reference values made by scripts/text-reference/generate.py with hb-shape and
/// headless Chromium (never by the code under test).
struct ReferenceFixture: Decodable {
    struct SingleLine: Decodable, CustomTestStringConvertible {
        var text: String
        var size: Double
        var weight: Int
        var italic: Bool
        /// hb-shape's advances at units-per-em, scaled to the size.
        var width: Double
        /// Chromium's canvas `measureText` width.
        var browserWidth: Double
        var testDescription: String { "\(text) @\(size) w\(weight)\(italic ? " italic" : "")" }
    }
    struct Wrapping: Decodable, CustomTestStringConvertible {
        var text: String
        var size: Double
        var maxWidth: Double
        /// The line count of a Chromium `<div>` of that width.
        var lines: Int
        var greedyLines: Int
        var knifeEdgeMargin: Double
        var testDescription: String { "\(text.prefix(20))… @\(size) in \(maxWidth)" }
    }
    var family: String
    var singleLine: [SingleLine]
    var wrapping: [Wrapping]

    static let shared: ReferenceFixture = {
        let url = Bundle.module.url(forResource: "text-reference", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(ReferenceFixture.self, from: Data(contentsOf: url))
    }()
}

