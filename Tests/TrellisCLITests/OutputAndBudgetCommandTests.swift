import Foundation
import Testing

/// End to end: output that cannot be written ends the tool with a message and exit status
/// 1 (not a trap in Foundation's `FileHandle.write`, exit 132); option values
/// past their bounds are named; inputs whose cost combined past memory or time are refused
/// or handled in bounded memory.
@Suite("trellis output errors and budgets")
struct OutputAndBudgetCommandTests {
    typealias Run = TrellisTool.Run

    static let small = #"{"width": 100, "sections": [{"items": [{"width": 10, "height": 10}]}]}"#

    /// Runs `script` in bash with `$0` the tool, so descriptors can be redirected.
    static func shell(_ script: String, stdin: String = "") throws -> Run {
        try TrellisTool.run(["-c", script, TrellisTool.executable.path], stdin: Data(stdin.utf8), program: URL(fileURLWithPath: "/bin/bash"))
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: [
        (#""$0" layout - > /dev/full"#, "trellis layout: cannot write to standard output: No space left on device\n"),
        (#""$0" layout - >&-"#, "trellis layout: cannot write to standard output: Bad file descriptor\n"),
        (#""$0" measure hello > /dev/full"#, "trellis measure: cannot write to standard output: No space left on device\n"),
        (#""$0" measure --file - >&-"#, "trellis measure: cannot write to standard output: Bad file descriptor\n"),
    ])
    func aStandardOutputThatCannotBeWrittenEndsWithAMessage(_ script: String, _ message: String) throws {
        let run = try Self.shell(script, stdin: Self.small)
        #expect(run.status == 1)
        #expect(run.stderr == message)
    }

    /// `render`'s "wrote …" line, and the frames of `--frames`.
    @Test func renderReportsAFullStandardOutput() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("out.png").path
        let run = try Self.shell(#""$0" render - -o "$1" > /dev/full"#.replacingOccurrences(of: "$1", with: png), stdin: Self.small)
        #expect(run.status == 1)
        #expect(run.stderr == "trellis render: cannot write to standard output: No space left on device\n")
        let frames = try Self.shell(#""$0" render - -o "$1" --frames >&-"#.replacingOccurrences(of: "$1", with: png), stdin: Self.small)
        #expect(frames.status == 1)
        #expect(frames.stderr.hasSuffix("trellis render: cannot write to standard output: Bad file descriptor\n"))
    }

    /// Standard error full or closed: on `--timing`'s line, and on an error path. Nothing
    /// is left to tell, but the status says it, and nothing traps.
    @Test(arguments: [
        (#""$0" layout --timing --repeat 1 - 2> /dev/full"#, small),
        (#""$0" layout --timing --repeat 1 - 2>&-"#, small),
        (#""$0" layout - 2>&-"#, #"{"width": -1, "sections": []}"#),
        (#""$0" layout - 2> /dev/full > /dev/full"#, small),
    ])
    func aStandardErrorThatCannotBeWrittenStillExitsOne(_ script: String, _ stdin: String) throws {
        let run = try Self.shell(script, stdin: stdin)
        #expect(run.status == 1)
    }

    /// A reader gone away while SIGPIPE is ignored (as a parent may leave it): `EPIPE`,
    /// reported as any write error.
    @Test func aClosedPipeWithSIGPIPEIgnoredIsReported() throws {
        let items = Array(repeating: #"{"width": 10, "height": 10}"#, count: 20_000).joined(separator: ",")
        let run = try Self.shell(#"trap '' PIPE; "$0" layout - | head -c 1 > /dev/null; echo "status ${PIPESTATUS[0]}""#,
                                 stdin: #"{"width": 100, "sections": [{"items": [\#(items)]}]}"#)
        #expect(run.stdout == "status 1\n")
        #expect(run.stderr == "trellis layout: cannot write to standard output: Broken pipe\n")
    }

    @Test(arguments: [
        (["measure", "--threads", "-1", "x"], "Error: --threads must be at least 1 (more than the"),
        (["render", "-", "-o", "/tmp/never-written.png", "--scale", "1e-300"],
         "Error: --scale must be a number from 0.01 to 16 pixels per point (docs/Limits.md), got 1e-300"),
        (["layout", "--timing", "--repeat", "1000000000", "-"], "Error: --repeat must be a whole number from 1 to 100000, got 1000000000"),
        (["layout", "--timing", "--repeat", "-5", "-"], "Error: --repeat must be a whole number from 1 to 100000, got -5"),
    ])
    func optionsPastTheirBoundsAreNamed(_ arguments: [String], _ message: String) throws {
        let run = try TrellisTool.run(arguments, stdin: Data(Self.small.utf8))
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.png"))
    }

    /// `--threads` past the cores (and past what `threads × 8` holds) measures on the cores.
    @Test func threadsPastTheCoresMeasureOnTheCores() throws {
        let run = try TrellisTool.run(["measure", "--threads", "1152921504606846976", "hello"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(#"{"text":"hello","#))
    }

    /// A directory gave "NSCocoaErrorDomain error 256".
    @Test func aDirectoryAsInputIsNamed() throws {
        let run = try TrellisTool.run(["layout", "/tmp"])
        #expect(run.status == 1)
        #expect(run.stderr == "trellis layout: /tmp: is a directory; expected a JSON file or - for standard input\n")
        let measure = try TrellisTool.run(["measure", "--file", "/tmp"])
        #expect(measure.status == 1)
        #expect(measure.stderr == "trellis measure: cannot read file '/tmp': is a directory; expected a JSON file or - for standard input\n")
    }

    /// An over-long line of `--file` is named by its line (it was "string 3", counting
    /// arguments), and refused as soon as it passes the limit.
    @Test func anOverLongLineIsNamedByItsLine() throws {
        let lines = "short\n" + "also short\n" + String(repeating: "W", count: 2_000_001) + "\n"
        let run = try TrellisTool.run(["measure", "--size", "50", "--file", "-", "first"], stdin: Data(lines.utf8))
        #expect(run.status == 1)
        #expect(run.stderr == "trellis measure: file '-', line 3: a line longer than 2000000 bytes is past the limit of 1e8 for bytes × font size (docs/Limits.md)\n")
        let argument = try TrellisTool.run(["measure", "--size", "1000", "ok", String(repeating: "W", count: 100_001)])
        #expect(argument.status == 1)
        #expect(argument.stderr.hasPrefix("trellis measure: text argument 2: a text of 100001 bytes at 1000 pt is past the limit"))
    }

    /// A million empty lines took ~450 bytes a line (the whole file's strings and output
    /// were kept); streamed, they fit in a fixed budget.
    @Test func measureStreamsItsFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("empty.txt")
        try Data(repeating: 0x0A, count: 1_000_000).write(to: file)
        let run = try Self.shell(#"ulimit -v 600000; "$0" measure --threads 2 --file "$1" | wc -l"#.replacingOccurrences(of: "$1", with: file.path))
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1000000", "\(run.stderr)")
        #expect(run.stderr.isEmpty)
    }

    /// A group of 1 000 items shared by 100 000 sections was compiled once per section
    /// (15.5 GB); it is compiled once.
    @Test func aGroupSharedByManySectionsIsBuiltOnce() throws {
        let item = #"{"layoutSize": {"widthDimension": {"fractionalWidth": 0.001}, "heightDimension": {"absolute": 10}}}"#
        let group = #"{"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [\#(Array(repeating: item, count: 1_000).joined(separator: ","))]}"#
        let sections = Array(repeating: #"{"items": []}"#, count: 99_999).joined(separator: ",")
        let document = #"{"width": 300, "layout": {"type": "compositional", "sections": [{"group": \#(group)}, {"group": \#(group)}]}, "sections": [\#(sections), {"items": [{"width": 1, "height": 1}]}]}"#
        let run = try Self.shell(#"ulimit -v 3000000; "$0" layout - | grep -c '"item"'"#, stdin: document)
        #expect(run.stdout == "1\n", "\(run.stderr)")
    }

    /// 40 nested vertical groups of `fractionalWidth` 1: each level sized its children
    /// twice, 2^40 sizings (about 18 hours); linear, it takes milliseconds.
    @Test(.timeLimit(.minutes(1)))
    func deeplyNestedFractionalGroupsLayOut() throws {
        var group = #"{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}}"#
        for _ in 0..<40 {
            group = #"{"axis": "vertical", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 10}}, "subitems": [\#(group)]}"#
        }
        let document = #"{"width": 300, "layout": {"type": "compositional", "section": {"group": \#(group)}}, "sections": [{"items": [{"width": 1, "height": 1}, {"width": 1, "height": 1}, {"width": 1, "height": 1}]}]}"#
        let run = try Self.shell(#"timeout 50 "$0" layout -"#, stdin: document)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""contentSize": {"width": 300, "height": 30}"#))
        #expect(run.stdout.components(separatedBy: #""item": "#).count - 1 == 3)
    }
}
