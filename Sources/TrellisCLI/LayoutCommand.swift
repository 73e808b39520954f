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

    /// The most samples --timing keeps (it sorts them for the median).
    static let maximumRepetitions = 100_000

    @Option(name: .customLong("repeat"), parsing: .unconditional,
            help: "How many times --timing lays out (1…\(maximumRepetitions)).")
    var repetitions = 11

    func validate() throws {
        guard (1...Self.maximumRepetitions).contains(repetitions) else {
            throw ValidationError("--repeat must be a whole number from 1 to \(Self.maximumRepetitions), got \(repetitions)")
        }
    }

    func run() throws {
        keepFreedMemory()
        let output = ToolOutput(command: "trellis layout")
        let document: LayoutDocument
        switch loadDocument() {
        case .success(let loaded): document = loaded.measuringTextItems()
        case .failure(let error): throw output.fail("\(error)")
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
            try output.write(message, to: .standardError)
        }
        let result = LayoutResult(layout: layout, visibleRect: document.visibleRect)
        // Documents within the limits cannot overflow; should one, say where instead of
        // printing null.
        if let path = result.firstNonFiniteValue {
            throw output.fail("the layout overflowed: \(path) is not finite (see docs/Limits.md)")
        }
        var json = JSONOutput(capacity: 80 * result.items.count + 1024)
        result.writeJSON(to: &json)
        json.append(byte: UInt8(ascii: "\n"))
        try json.withUnsafeBytes { bytes throws(ExitCode) in try output.write(UnsafeRawBufferPointer(bytes)) }
    }

    func loadDocument() -> Result<LayoutDocument, SpecError> {
        Result { () throws(SpecError) in try LayoutDocument.decode(try readInput(input)) }
    }


    /// Tells glibc's malloc to keep freed memory for reuse instead of handing it back to
    /// the kernel: the JSON tree of a large document is freed before the layout and the
    /// output are built, and faulting those pages in again cost a third of the time of
    /// `trellis layout` at a million items (docs/perf/e2e.md). The process is short-lived.
    private func keepFreedMemory() {
        #if os(Linux)
        // mallopt is declared in <malloc.h>, which Swift's Glibc module does not import.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3   // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 32 << 20)   // glibc's largest
        _ = mallopt(trimThreshold, Int32.max)
        #endif
    }
}
