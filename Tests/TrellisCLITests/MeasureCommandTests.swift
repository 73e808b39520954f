import Foundation
import Testing

/// Runs the built `trellis` tool. It sits next to the test bundle (`swift build` puts
/// every product of a configuration in one folder).
private enum MeasureTool {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout parsed as JSON lines.
        var objects: [[String: Any]] {
            stdout.split(separator: "\n").map {
                try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }
    }

    static func run(_ arguments: [String], stdin: Data? = nil, executable: URL = TrellisTool.executable) throws -> Result {
        let run = try TrellisTool.run(arguments, stdin: stdin, program: executable)
        return Result(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    static func measure(_ arguments: [String]) throws -> Result { try run(["measure"] + arguments) }

    static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-measure-\(UUID().uuidString).txt")
        try Data(bytes).write(to: url)
        return url
    }
}

@Suite struct MeasureCommandTests {
    @Test func defaultsPrintOneJSONObjectPerString() throws {
        let result = try MeasureTool.measure(["Hello, World", "AV"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"text":"Hello, World","font":"DejaVu Sans","width":"#))
        let objects = result.objects
        #expect(objects.count == 2)
        // hb-shape: DejaVu Sans at 17 pt (Tests/TrellisTextTests/Fixtures/text-reference.json).
        #expect(abs((objects[0]["width"] as! Double) - 102.6142578125) <= 0.01)
        #expect(abs((objects[1]["width"] as! Double) - 22.17138671875) <= 0.01)
        #expect(objects[0]["lines"] as? Int == 1)
        #expect(objects[0]["truncated"] as? Bool == false)
        #expect(abs((objects[0]["height"] as! Double) - 17.0 * 2384 / 2048) < 0.001)
        #expect(abs((objects[0]["baseline"] as! Double) - 17.0 * 1901 / 2048) < 0.001)
        #expect(Set(objects[0].keys) == ["text", "font", "width", "height", "lines", "baseline", "truncated"])
    }

    @Test func maxWidthWrapsAndLinesTruncate() throws {
        let text = "The most common complaint about layout libraries is a measured size that differs from the drawn text."
        let wrapped = try MeasureTool.measure(["--max-width", "150", text]).objects[0]
        #expect((wrapped["lines"] as! Int) > 3)
        #expect((wrapped["width"] as! Double) <= 150)
        #expect(wrapped["truncated"] as? Bool == false)
        let cut = try MeasureTool.measure(["--max-width", "150", "--lines", "2", text]).objects[0]
        #expect(cut["lines"] as? Int == 2)
        #expect(cut["truncated"] as? Bool == true)
        #expect((cut["width"] as! Double) <= 150)
    }

    @Test func fontOptionsChangeTheMeasurement() throws {
        let regular = try MeasureTool.measure(["Hello"]).objects[0]["width"] as! Double
        let big = try MeasureTool.measure(["--size", "34", "Hello"]).objects[0]["width"] as! Double
        let bold = try MeasureTool.measure(["--weight", "bold", "Hello"]).objects[0]["width"] as! Double
        let serif = try MeasureTool.measure(["--font", "DejaVu Serif", "Hello"]).objects[0]
        #expect(abs(big - 2 * regular) < 0.01)
        #expect(bold > regular)
        #expect(serif["font"] as? String == "DejaVu Serif")
    }

    @Test func fileGivesOneStringPerLine() throws {
        let file = try MeasureTool.temporaryFile(Array("first\r\nsecond \"quoted\"\n\nשלום\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try MeasureTool.measure(["--file", file.path])
        #expect(result.status == 0)
        let objects = result.objects
        #expect(objects.map { $0["text"] as! String } == ["first", "second \"quoted\"", "", "שלום"])
        #expect(objects[2]["width"] as? Double == 0)
    }

    /// A long file is measured on every core; the output is the one thread's, byte for
    /// byte and in the file's order.
    @Test func severalThreadsPrintWhatOneThreadPrints() throws {
        let syllables = ["ka", "lo", "mi", "tra", "sen", "vo", "é", "Wa", "To", "42", "ß"]
        var state: UInt64 = 3
        let lines = (0..<3_000).map { _ in
            (0..<3).map { _ -> String in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return syllables[Int((state >> 33) % UInt64(syllables.count))] + syllables[Int((state >> 40) % UInt64(syllables.count))]
            }.joined(separator: (state >> 50) % 7 == 0 ? "\u{05D0} " : " ")
        }
        let file = try MeasureTool.temporaryFile(Array((lines.joined(separator: "\n") + "\n").utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let one = try MeasureTool.measure(["--threads", "1", "--max-width", "90", "--file", file.path])
        let many = try MeasureTool.measure(["--threads", "4", "--max-width", "90", "--file", file.path])
        #expect(one.status == 0 && many.status == 0)
        #expect(one.objects.count == 3_000)
        #expect(many.stdout == one.stdout)
        #expect(try MeasureTool.measure(["--threads", "0", "x"]).stderr.contains("--threads must be at least 1"))
    }

    @Test func fileDashReadsStandardInput() throws {
        let result = try MeasureTool.run(["measure", "--file", "-", "--max-width", "50"], stdin: Data("one two three four\nAV\n".utf8))
        #expect(result.status == 0)
        let objects = result.objects
        #expect(objects.map { $0["text"] as! String } == ["one two three four", "AV"])
        #expect((objects[0]["lines"] as! Int) > 1)      // unlimited lines with a maximum width
    }

    @Test func controlCharactersAreEscaped() throws {
        let result = try MeasureTool.measure(["tab\there \\ back"])
        #expect(result.stdout.contains(#""text":"tab\there \\ back""#))
        #expect(result.objects[0]["text"] as? String == "tab\there \\ back")
    }

    @Test(arguments: [
        (["--size=-3", "x"], "--size"),
        (["--size", "0", "x"], "--size"),
        (["--max-width=-1", "x"], "--max-width"),
        (["--lines=-2", "x"], "--lines"),
        (["--weight", "heavyish", "x"], "--weight"),
        (["--line-break", "wrapish", "x"], "--line-break"),
        ([], "nothing to measure"),
        (["--file", "/nonexistent/trellis/strings.txt"], "/nonexistent/trellis/strings.txt"),
    ])
    func badInputFailsWithAClearMessage(arguments: [String], mention: String) throws {
        let result = try MeasureTool.measure(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(mention), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidUTF8InAFileNamesTheLine() throws {
        let file = try MeasureTool.temporaryFile(Array("fine\n".utf8) + [0x61, 0xFF, 0x62, 0x0A])
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try MeasureTool.measure(["--file", file.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("line 2"))
        #expect(result.stderr.contains("UTF-8"))
    }

    @Test func invalidUTF8InAnArgumentIsRejected() throws {
        // Foundation's Process only passes valid strings, so a shell passes the raw bytes.
        let result = try MeasureTool.run(
            ["-c", #""$0" measure ok "$(printf 'a\377b')""#, TrellisTool.executable.path],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status != 0)
        #expect(result.stderr.contains("argument 3 is not valid UTF-8"), "stderr: \(result.stderr)")
    }
}
