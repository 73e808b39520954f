import ArgumentParser
import Foundation
import TrellisKit
import TrellisPango
import TrellisSpec
import TrellisText

/// `trellis measure`: measures strings with Pango and prints one JSON object per string.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text with Pango; print one JSON object per string.",
        discussion: """
            Each string is measured with the font, maximum width and line limit given and \
            printed as {"text":…,"font":…,"width":…,"height":…,"lines":…,"baseline":…,"truncated":…}. \
            "font" is the family actually used (after fallback), widths are unrounded \
            points (1 pt = 1 px), "baseline" is the first line's baseline from the top.
            """)

    @Option(help: "The font family.")
    var font = "DejaVu Sans"

    @Option(help: "The font size in points.")
    var size = 17.0

    @Option(help: "The weight: 100…900 or thin, ultralight, light, regular, medium, semibold, bold, heavy, black.")
    var weight = "regular"

    @Flag(help: "Use the italic face.")
    var italic = false

    @Option(name: .customLong("max-width"), help: "The width lines wrap (or are truncated) at, in points.")
    var maxWidth: Double?

    @Option(help: "The most lines to show, 0 = unlimited (default: 1 without --max-width, else 0).")
    var lines: Int?

    @Option(name: .customLong("line-break"),
            help: "wordWrap, charWrap, truncateHead, truncateMiddle, truncateTail or clip.")
    var lineBreak = "truncateTail"

    @Option(help: "A UTF-8 file with one string per line ('-' reads standard input).")
    var file: String?

    @Option(parsing: .unconditional,
            help: "How many threads measure, at most the number of cores (default and above it: one per core). The output does not depend on it.")
    var threads: Int?

    @Argument(help: "The strings to measure.")
    var text: [String] = []

    func validate() throws {
        guard size.isFinite, size > 0, size <= 100_000 else {
            throw ValidationError("--size must be a number of points in (0, 100000], got \(size)")
        }
        if let maxWidth, !(maxWidth.isFinite && maxWidth >= 0) {
            throw ValidationError("--max-width must be a finite width of at least 0 points, got \(maxWidth)")
        }
        if let lines, lines < 0 || lines > DocumentLimits.maximumLines {
            throw ValidationError("--lines must be 0 (unlimited) or more, at most \(DocumentLimits.maximumLines), got \(lines)")
        }
        if let maxWidth, maxWidth > DocumentLimits.maximumLength {
            throw ValidationError("--max-width must be at most 1e9 points (docs/Limits.md), got \(maxWidth)")
        }
        guard FontWeight(parsing: weight) != nil else {
            throw ValidationError("--weight must be 100…900 or one of \(FontWeight.named.map(\.name).joined(separator: ", ")), got '\(String(weight.prefix(40)))'")
        }
        guard Self.lineBreakMode(lineBreak) != nil else {
            throw ValidationError("--line-break must be one of \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(String(lineBreak.prefix(40)))'")
        }
        if let threads, threads < 1 {
            throw ValidationError("--threads must be at least 1 (more than the \(ConcurrentSizing.availableProcessors) cores counts as \(ConcurrentSizing.availableProcessors)), got \(threads)")
        }
        guard !text.isEmpty || file != nil else {
            throw ValidationError("nothing to measure: give TEXT arguments or --file")
        }
        if let bad = Self.firstArgumentThatIsNotUTF8() {
            throw ValidationError("argument \(bad) is not valid UTF-8")
        }
    }

    /// Lines measured together: a batch is measured on every core, then printed, so memory
    /// stays bounded however long the file is, and output appears as the file is read.
    static let batchLines = 4_096
    static let batchBytes = 4 << 20

    func run() throws {
        let output = ToolOutput(command: "trellis measure")
        let style = TextStyle(
            font: Font(family: font, size: size, weight: FontWeight(parsing: weight)!, italic: italic),
            lineBreakMode: Self.lineBreakMode(lineBreak)!)
        let maxLines = lines ?? (maxWidth == nil ? 1 : 0)
        // One thread per core at most: more only adds threads that wait for a core.
        let threads = Swift.min(self.threads ?? ConcurrentSizing.availableProcessors, ConcurrentSizing.availableProcessors)
        var batch = MeasureBatch(style: style, maxWidth: maxWidth, maxLines: maxLines, threads: threads)
        for (index, string) in text.enumerated() {
            if let problem = DocumentLimits.textProblem(string, fontSize: size) {
                throw output.fail("text argument \(index + 1): \(problem)")
            }
            batch.strings.append(string)
        }
        if let file {
            let longest = DocumentLimits.longestText(fontSize: size)
            var bytes = batch.strings.reduce(0) { $0 + $1.utf8.count }
            do throws(MeasureInputError) {
                try FileLines(path: file, longestLine: longest).forEach { line throws(MeasureInputError) in
                    batch.strings.append(line)
                    bytes += line.utf8.count
                    if batch.strings.count >= Self.batchLines || bytes >= Self.batchBytes {
                        do throws(ExitCode) { try output.write(batch.measure()) } catch { throw .output(error) }
                        bytes = 0
                    }
                }
            } catch {
                if case .output(let exit) = error { throw exit }
                // What was measured before the bad line is printed, as it is for any line.
                try output.write(batch.measure())
                throw output.fail("\(error)")
            }
        }
        try output.write(batch.measure())
    }

    /// A line break mode by its name, in camel case or with hyphens ("truncate-tail").
    static func lineBreakMode(_ name: String) -> LineBreakMode? {
        let key = name.replacingOccurrences(of: "-", with: "").lowercased()
        return LineBreakMode.allCases.first { $0.rawValue.lowercased() == key }
    }

    /// The 1-based position of the first command-line argument that is not valid UTF-8.
    /// `CommandLine.arguments` repairs bad bytes silently, so the raw `argv` is checked.
    static func firstArgumentThatIsNotUTF8() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: raw) == nil { return index }
        }
        return nil
    }
}

/// Input `trellis measure` cannot use; the message names the file and the line.
enum MeasureInputError: Error, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    case invalidUTF8(path: String, line: Int)
    case tooLong(path: String, line: Int, problem: String)
    /// Writing the output failed (already reported).
    case output(ExitCode)

    var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "cannot read file '\(path)': \(reason)"
        case .invalidUTF8(let path, let line): "file '\(path)', line \(line): not valid UTF-8"
        case .tooLong(let path, let line, let problem): "file '\(path)', line \(line): \(problem)"
        case .output: "cannot write the output"
        }
    }
}

/// Strings measured together and printed in their order; each distinct string of a batch
/// is measured once (a file of repeated lines costs one measurement per distinct line).
struct MeasureBatch {
    let style: TextStyle
    let maxWidth: Double?
    let maxLines: Int
    let threads: Int
    var strings: [String] = []

    init(style: TextStyle, maxWidth: Double?, maxLines: Int, threads: Int) {
        self.style = style
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.threads = threads
    }

    /// The JSON lines of the strings, in order; empties the batch.
    mutating func measure() -> [UInt8] {
        defer { strings.removeAll(keepingCapacity: true) }
        var slots: [String: Int] = [:]
        var distinct: [String] = []
        let order = strings.map { string in
            if let slot = slots[string] { return slot }
            slots[string] = distinct.count
            distinct.append(string)
            return distinct.count - 1
        }
        let style = style, maxWidth = maxWidth, maxLines = maxLines
        let lines = parallelMap(distinct, threads: threads) { string in
            let m = PangoTextMeasurer.shared.measure(string, style: style, maxWidth: maxWidth, maxLines: maxLines)
            return Array(MeasurementJSON.line(text: string, measurement: m).utf8)
        }
        var output: [UInt8] = []
        output.reserveCapacity(order.reduce(0) { $0 + lines[$1].count + 1 })
        for slot in order {
            output += lines[slot]
            output.append(0x0A)
        }
        return output
    }
}

/// The lines of a UTF-8 file (LF or CRLF; a final line break does not add a string), read
/// in pieces and handed out one by one: memory holds one line, at most `longestLine` bytes
/// (a longer line is refused as soon as it passes that, with its number).
struct FileLines {
    let path: String
    let longestLine: Int

    func forEach(_ body: (String) throws(MeasureInputError) -> Void) throws(MeasureInputError) {
        var line: [UInt8] = []
        var number = 1
        func finish() throws(MeasureInputError) {
            if line.last == 0x0D { line.removeLast() }
            if line.count > longestLine { throw .tooLong(path: path, line: number, problem: DocumentLimits.lineProblem(longestLine)) }
            guard let string = String(validating: line, as: UTF8.self) else {
                throw .invalidUTF8(path: path, line: number)
            }
            line.removeAll(keepingCapacity: line.capacity <= 1 << 16)
            try body(string)
            number += 1
        }
        var failure: MeasureInputError?
        do throws(SpecError) {
            try InputReader(path).forEachChunk { chunk in
                var start = 0
                while start < chunk.count {
                    let newline = chunk[start...].firstIndex(of: 0x0A)
                    let end = newline ?? chunk.count
                    // A CR ending the line is not counted against the limit.
                    if line.count + (end - start) > longestLine + 1 {
                        failure = .tooLong(path: path, line: number, problem: DocumentLimits.lineProblem(longestLine))
                        return false
                    }
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<end]))
                    start = end
                    if newline != nil {
                        start += 1
                        do throws(MeasureInputError) { try finish() } catch {
                            failure = error
                            return false
                        }
                    }
                }
                return true
            }
        } catch {
            throw .unreadableFile(path: path, reason: error.message)
        }
        if let failure { throw failure }
        if !line.isEmpty { try finish() }
    }
}

/// The JSON line printed for one measurement, keys in a fixed order.
enum MeasurementJSON {
    static func line(text: String, measurement m: TextMeasurement) -> String {
        "{\"text\":\(quoted(text)),\"font\":\(quoted(m.fontFamily)),\"width\":\(m.width),\"height\":\(m.height),"
            + "\"lines\":\(m.lineCount),\"baseline\":\(m.firstBaseline),\"truncated\":\(m.isTruncated)}"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
