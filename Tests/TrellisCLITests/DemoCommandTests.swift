import Foundation
import Testing
import TrellisRender

/// End to end: `trellis demo` writes every scenario picture and a summary.
@Suite("trellis demo")
struct DemoCommandTests {
    static let files = ["s1-uikit-vs-leading.png", "s1-min-max-width.png", "s2-wrapping.png", "s3-grid.png",
                        "s5-tag-rows.png", "s5-tag-rows-rtl.png", "compositional-app-store.png"]

    @Test func writesEveryScenarioAndASummary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-demo-\(UUID().uuidString)/nested")
        let run = try LayoutCommandTests.run(["demo", "--output", directory.path, "--scale", "1"], stdin: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        #expect(written == Self.files.sorted())
        for (index, file) in Self.files.enumerated() {
            let path = directory.appendingPathComponent(file).path
            #expect(run.stdout.contains("[\(index + 1)/\(Self.files.count)] wrote \(path)"))
            let image = try RasterImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(image.width > 300 && image.height > 100, "\(file): \(image)")
        }
        // The summary: one row per picture with items, lines and content height.
        #expect(run.stdout.contains("scenario"))
        #expect(run.stdout.contains("S1 tag cloud, uikit | leading"))
        #expect(run.stdout.contains("7 pictures, "))
        let s1 = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("S1 tag cloud") })
        let numbers = s1.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.first == 200)
    }

    @Test func s1SideBySideShowsBothAlignmentsWithRedOutlines() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-demo-\(UUID().uuidString)")
        #expect(try LayoutCommandTests.run(["demo", "-o", directory.path, "--scale", "1"], stdin: "").status == 0)
        let image = try RasterImage(png: [UInt8](try Data(contentsOf: directory.appendingPathComponent(Self.files[0]))))
        // Two panels, each wider than the 375 pt collection.
        #expect(image.width > 2 * 375)
        var red = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where image.pixel(x: x, y: y) == Pixel(red: 255, green: 0, blue: 0) { red += 1 }
        }
        #expect(red > 500)
    }

    /// The App Store screen: a real collection view on a compositional layout draws the
    /// carousel's cards (#3949ab, the centred one opaque, its neighbours faded), the grid's
    /// white tiles and the list; the content is taller than one carousel.
    @Test func appStoreScreenDrawsItsCarouselGridAndList() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-demo-\(UUID().uuidString)")
        #expect(try LayoutCommandTests.run(["demo", "-o", directory.path, "--scale", "1"], stdin: "").status == 0)
        let image = try RasterImage(png: [UInt8](try Data(contentsOf: directory.appendingPathComponent("compositional-app-store.png"))))
        #expect(image.height > 600)
        var card = 0, faded = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                if pixel == Pixel(red: 0x39, green: 0x49, blue: 0xab) { card += 1 }
                if pixel.blue > 150 && pixel.red > 100 && pixel.red < 200 && pixel.green < 200 && pixel.blue > pixel.red + 30 { faded += 1 }
            }
        }
        #expect(card > 20_000)  // the centred card, about 240 × 110 pt
        #expect(faded > 1_000)  // its faded neighbours at the edges
    }

    @Test func unwritableOutputDirectoryFails() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-demo-file-\(UUID().uuidString)")
        try Data("a file, not a directory".utf8).write(to: blocker)
        let run = try LayoutCommandTests.run(["demo", "--output", blocker.appendingPathComponent("sub").path], stdin: "")
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("trellis demo: cannot create the output directory"))
    }

    @Test func textPictureKeepsTheTerminalView() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-demo-\(UUID().uuidString)")
        let run = try LayoutCommandTests.run(["demo", "-o", directory.path, "--scale", "1", "--text", "--columns", "80"], stdin: "")
        #expect(run.status == 0)
        for alignment in ["uikit", "leading", "center", "trailing", "justified"] { #expect(run.stdout.contains("== \(alignment) ==")) }
        #expect(run.stdout.contains("[much longer"))
    }
}
