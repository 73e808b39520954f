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

    @Option(help: "How many threads measure (default: one per available core). The output does not depend on it.")
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
            throw ValidationError("--weight must be 100…900 or one of \(FontWeight.named.map(\.name).joined(separator: ", ")), got '\(weight)'")
        }
        guard Self.lineBreakMode(lineBreak) != nil else {
            throw ValidationError("--line-break must be one of \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(lineBreak)'")
        }
        if let threads, threads < 1 {
            throw ValidationError("--threads must be at least 1, got \(threads)")
        }
        guard !text.isEmpty || file != nil else {
            throw ValidationError("nothing to measure: give TEXT arguments or --file")
        }
        if let bad = Self.firstArgumentThatIsNotUTF8() {
            throw ValidationError("argument \(bad) is not valid UTF-8")
        }
    }

    func run() throws {
        var strings = text
        if let file { strings += try Self.lines(ofFile: file) }
        let style = TextStyle(
            font: Font(family: font, size: size, weight: FontWeight(parsing: weight)!, italic: italic),
            lineBreakMode: Self.lineBreakMode(lineBreak)!)
        let maxLines = lines ?? (maxWidth == nil ? 1 : 0)
        for (index, string) in strings.enumerated() {
            if let problem = DocumentLimits.textProblem(string, fontSize: size) {
                throw MeasureInputError.tooLong(index: index + 1, problem: problem)
            }
        }
        // Measured on every core (each thread has its own Pango objects); the lines are
        // printed in input order, so the output is the one thread's.
        let maxWidth = maxWidth
        let lines = parallelMap(strings, threads: threads ?? ConcurrentSizing.availableProcessors) { string in
            let m = PangoTextMeasurer.shared.measure(string, style: style, maxWidth: maxWidth, maxLines: maxLines)
            return MeasurementJSON.line(text: string, measurement: m)
        }
        var output: [UInt8] = []
        output.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            output += line.utf8
            output.append(0x0A)
        }
        FileHandle.standardOutput.write(Data(output))
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

    /// The lines of a UTF-8 file (LF or CRLF; a final line break does not add a string).
    static func lines(ofFile path: String) throws -> [String] {
        // Read with the documents' bound, so `--file - </dev/zero` stops at the limit.
        let data: [UInt8]
        do {
            data = try readInput(path)
        } catch {
            throw MeasureInputError.unreadableFile(path: path, reason: error.message)
        }
        var pieces = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        return try pieces.enumerated().map { number, piece in
            let line = piece.last == 0x0D ? piece.dropLast() : piece
            guard let string = String(validating: line, as: UTF8.self) else {
                throw MeasureInputError.invalidUTF8(path: path, line: number + 1)
            }
            return string
        }
    }
}

/// Input `trellis measure` cannot use; the message names the file and the line.
enum MeasureInputError: Error, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    case invalidUTF8(path: String, line: Int)
    case tooLong(index: Int, problem: String)

    var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "cannot read file '\(path)': \(reason)"
        case .invalidUTF8(let path, let line): "file '\(path)', line \(line): not valid UTF-8"
        case .tooLong(let index, let problem): "string \(index): \(problem)"
        }
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
