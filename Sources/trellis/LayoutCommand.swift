import ArgumentParser
import Foundation
import Trellis
import TrellisSpec

/// `trellis layout FILE|-`: reads a JSON layout description and prints the laid-out frames
/// as JSON. Bad input exits non-zero with a message naming the JSON path.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a JSON description of sections and item sizes; print the frames as JSON.",
        discussion: """
        Input: {"width": 375, "height": 800, "direction": "ltr"|"rtl",
                "layout": {"type": "flow", "scrollDirection", "alignment", "lineAlignment",
                           "interitemSpacing", "lineSpacing", "sectionInset", "maximumLines",
                           "lineBreaking": "greedy"|"balanced", "pinHeaders", "pinFooters"}
                        | {"type": "grid", "columns"|"minimumColumnWidth", "columnSpacing", "rowSpacing",
                           "itemWidth": {"span"}|{"fraction"}, "stretchesItems", "displayScale", …}
                        | {"type": "waterfall", "columns"|"minimumColumnWidth", "columnSpacing",
                           "itemSpacing", "placement": "shortestColumn"|"inOrder", "displayScale", …}
                        | {"type": "list", "rowSpacing", "separators": {"thickness", "insets"}, …}
                  (… grid, waterfall, list: "scrollDirection", "sectionInset", "pinHeaders",
                   "pinFooters", "background": {"insets"}),
                "sections": [{"header": {"width", "height"}, "footer": {…},
                              "items": [{"width", "height", "baseline", grid: "span"|"fraction"}]}],
                "visibleRect": {"x", "y", "width", "height"}}
        Output: {"contentSize", "items", "headers", "footers", "decorations", "hiddenItems", "diagnostics"}.
        """)

    @Argument(help: "The JSON description: a file path, or - for standard input.")
    var input: String

    @Flag(help: "Repeat the layout (not the parsing) and print the median time to standard error.")
    var timing = false

    @Option(name: .customLong("repeat"), help: "How many times --timing lays out.")
    var repetitions = 11

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
    }

    func run() throws {
        let document: LayoutDocument
        switch loadDocument() {
        case .success(let loaded): document = loaded.measuringTextItems()
        case .failure(let error):
            FileHandle.standardError.write(Data("trellis layout: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let layout = document.layout.makeLayout()
        let source = document.source
        layout.prepare(from: source)
        if timing {
            var durations: [Duration] = []
            let clock = ContinuousClock()
            for _ in 0..<repetitions {
                durations.append(clock.measure { layout.prepare(from: source) })
            }
            let median = durations.sorted()[durations.count / 2]
            let nanoseconds = Double(median.components.seconds) * 1e9 + Double(median.components.attoseconds) / 1e9
            let items = document.itemCount
            let perItem = items > 0 ? nanoseconds / Double(items) : 0
            let message = "layout: \(items) items, median \(String(format: "%.3f", nanoseconds / 1e6)) ms, \(String(format: "%.1f", perItem)) ns/item\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
        let result = LayoutResult(layout: layout, visibleRect: document.visibleRect)
        // Documents within the limits cannot overflow; should one, say where instead of
        // printing null.
        if let path = result.firstNonFiniteValue {
            FileHandle.standardError.write(Data("trellis layout: the layout overflowed: \(path) is not finite (see docs/Limits.md)\n".utf8))
            throw ExitCode(1)
        }
        FileHandle.standardOutput.write(Data((JSONWriter.write(result.json, pretty: true) + "\n").utf8))
    }

    func loadDocument() -> Result<LayoutDocument, SpecError> {
        Result { () throws(SpecError) in try LayoutDocument.decode(try readInput(input)) }
    }

}
