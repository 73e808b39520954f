import Foundation
import Testing

/// Hostile input to `trellis layout`, `render` and `measure` exits 1
/// with a message naming the value (never a signal), and output goes where the path says.
@Suite("trellis hardening")
struct HardeningCommandTests {
    typealias Run = TrellisTool.Run

    static func run(_ arguments: [String], stdin: String = "") throws -> Run {
        try TrellisTool.run(arguments, stdin: Data(stdin.utf8))
    }

    static let crashers: [([String], String, String)] = [
        (["layout", "-"], #"{"width":8,"cell":{"font":"","size":100002},"sections":[{"items":[]}]}"#,
         "trellis layout: cell.size: expected a font size of at most 100000 points (docs/Limits.md), got 100002\n"),
        (["render", "-", "-o", "/tmp/never-written.png"], #"{"width":8,"cell":{"size":1e308},"sections":[{"items":[{"text":"W"}]}]}"#,
         "trellis render: cell.size: expected a number of at most 1e9 (docs/Limits.md), got 1e308\n"),
        (["layout", "-"], #"{"width":300,"layout":{"type":"grid","columns":100000000000000},"sections":[{"items":[]}]}"#,
         "trellis layout: layout.columns: expected a whole number from 1 to 1000, got 100000000000000\n"),
        (["render", "-", "-o", "/tmp/never-written.png"], #"{"width":1e300,"sections":[{"items":[{"width":1,"height":1}]}]}"#,
         "trellis render: width: expected a number of at most 1e9 (docs/Limits.md), got 1e300\n"),
        (["render", "-", "-o", "/tmp/never-written.png", "--scale", "16"], #"{"width":1e9,"sections":[{"items":[{"width":1,"height":1}]}]}"#,
         "trellis render: a 1000000000×1 canvas at scale 16 is 16000000000×16 pixels; PNG output is limited to 32767 pixels a side (lower --scale or use --visible-only)\n"),
        (["render", "-", "-o", "/tmp/never-written.png", "--visible-only"],
         #"{"width":10,"sections":[{"items":[{"width":1,"height":1}]}],"visibleRect":{"x":0,"y":0,"width":1e9,"height":1e9}}"#,
         "trellis render: a 1000000000×1000000000 canvas at scale 1 is 1000000000×1000000000 pixels; PNG output is limited to 32767 pixels a side (lower --scale or use --visible-only)\n"),
        (["render", "-", "-o", "/tmp/never-written.png"], #"{"width":20000,"sections":[{"items":[{"width":1,"height":20000}]}]}"#,
         "trellis render: a 20000×20000 canvas at scale 1 is 20000×20000 pixels; PNG output is limited to 134217728 pixels (lower --scale or use --visible-only)\n"),
        (["render", "-", "-o", "/tmp/never-written.svg"], #"{"width":1e9,"sections":[{"items":[{"width":1,"height":1}]}]}"#,
         "trellis render: a 1000000000×1 canvas is larger than the 8388607 points a side SVG output can hold (use --visible-only)\n"),
    ]

    /// Items 1–4: each of these exited with a signal (132 or 133) or an allocation failure.
    @Test(arguments: crashers)
    func inputsThatTrappedAreRefused(_ arguments: [String], _ stdin: String, _ message: String) throws {
        let run = try Self.run(arguments, stdin: stdin)
        #expect(run.status == 1)
        #expect(run.stderr == message)
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.png"))
    }

    /// `demo`'s "wrote …" lines go through the same output path as every command: a full
    /// or closed standard output ends it with exit status 1 and a message, never a trap.
    @Test(arguments: [
        (" > /dev/full", "trellis demo: cannot write to standard output: No space left on device\n"),
        (" >&-", "trellis demo: cannot write to standard output: Bad file descriptor\n"),
    ])
    func demoReportsAStandardOutputItCannotWrite(_ redirection: String, _ message: String) throws {
        let directory = try OutputAndBudgetCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try OutputAndBudgetCommandTests.shell(#""$0" demo --output "$1""#.replacingOccurrences(of: "$1", with: directory.path)
                                                        + redirection)
        #expect(run.status == 1)
        #expect(run.stderr == message)
    }

    /// A file of many lines with a thread count past the cores, under a memory limit:
    /// threads were made per 256 lines (7 812 for 2 000 000 lines) until GLib aborted
    /// creating one; they are bounded by the cores and the file is streamed.
    @Test func manyLinesWithAHugeThreadCountMeasureUnderAMemoryLimit() throws {
        let directory = try OutputAndBudgetCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("lines.txt")
        try Data(repeating: 0x0A, count: 1_000_000).write(to: file)
        let run = try OutputAndBudgetCommandTests.shell(
            #"ulimit -v 600000; "$0" measure --threads 1000000000 --file "$1" | wc -l"#.replacingOccurrences(of: "$1", with: file.path))
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1000000", "\(run.stderr)")
        #expect(run.stderr.isEmpty)
    }

    @Test func measureRefusesALineCountPastItsLimit() throws {
        let run = try Self.run(["measure", "--lines", "2147483649", "--max-width", "100", "hello"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --lines must be 0 (unlimited) or more, at most 1000000, got 2147483649\n"))
    }

    /// Item 11: standard input is read with a bound, not until memory runs out.
    @Test func endlessStandardInputStopsAtTheLimit() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let run = try TrellisTool.run(["-c", "exec \"$0\" layout - < /dev/zero", TrellisTool.executable.path], program: shell)
        #expect(run.status == 1)
        #expect(run.stderr == "trellis layout: standard input: the input is larger than the limit of 268435456 bytes (256 MiB, docs/Limits.md)\n")
    }

    /// Item 5: the list of heights 10, 0, 0 prints three items.
    @Test func zeroHeightRowsAreListed() throws {
        let run = try Self.run(["layout", "-"], stdin: #"{"width":300,"layout":{"type":"list"},"sections":[{"items":[{"width":1,"height":10},{"width":1,"height":0},{"width":1,"height":0}]}]}"#)
        #expect(run.status == 0)
        #expect(run.stdout.components(separatedBy: #""item": "#).count - 1 == 3)
    }

    static let small = #"{"width": 20, "sections": [{"items": [{"width": 10, "height": 10}]}]}"#

    /// Item 9: `-o` through a symbolic link writes the link's target; the link stays.
    @Test func renderingThroughASymlinkWritesItsTarget() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-hardening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.png"), link = directory.appendingPathComponent("link.png")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.png")
        let run = try Self.run(["render", "-", "-o", link.path], stdin: Self.small)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.png")
        let written = try Data(contentsOf: target)
        #expect(written.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.png", "target.png"])
    }

    /// Item 9: a device node (here through a link, since devices have no .png name) or a
    /// FIFO is refused and left as it is.
    @Test func deviceNodesAndFIFOsAreRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-hardening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("null.png")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/null")
        let run = try Self.run(["render", "-", "-o", device.path], stdin: Self.small)
        #expect(run.status == 1)
        #expect(run.stderr == "trellis render: \(device.path): the output path names a character device (the link leads to /dev/null), not a regular file; it is not replaced\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: device.path) == "/dev/null")
        let fifo = directory.appendingPathComponent("fifo.png")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let fifoRun = try Self.run(["render", "-", "-o", fifo.path], stdin: Self.small)
        #expect(fifoRun.status == 1)
        #expect(fifoRun.stderr == "trellis render: \(fifo.path): the output path names a FIFO, not a regular file; it is not replaced\n")
    }
}
