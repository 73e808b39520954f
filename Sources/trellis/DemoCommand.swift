import ArgumentParser
import Foundation
import Trellis

/// `trellis demo`: the S1 tag cloud laid out in every flow alignment, drawn as text.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Lay out the S1 tag cloud (100 tags) in every alignment and draw the lines as text.")

    @Option(help: "Columns of the text picture (default: $COLUMNS, else 100).")
    var columns: Int?

    /// Text widths of DejaVu Sans at 17 pt, until the text module measures them: the sum of
    /// glyph advances from HarfBuzz,
    /// `hb-shape --font-file="$(fc-match -f '%{file}' 'DejaVu Sans')" --font-size=1700 --output-format=json TEXT`
    /// divided by 100 (a font size of 1700 keeps two decimals of the 17 pt advances). The
    /// line height of DejaVu Sans at 17 pt is about 20 (ascent 15.8 + descent 4.0).
    static let measuredTextWidths: [String: Double] = ["A": 11.63, "longer": 54.13, "much longer": 106.98]
    static let lineHeight = 20.0
    /// The label is pinned this far inside every edge of the cell.
    static let labelInset = 5.0
    static let containerWidth = 375.0

    /// S1: odd index "A", else index not divisible by 3 "longer", else "much longer".
    static func title(_ index: Int) -> String {
        index % 2 == 1 ? "A" : (index % 3 != 0 ? "longer" : "much longer")
    }

    static func itemSize(_ index: Int) -> ItemSize {
        let width = measuredTextWidths[title(index)]! + 2 * labelInset
        return ItemSize(width: width, height: lineHeight + 2 * labelInset, firstBaseline: labelInset + 15.8)
    }

    func validate() throws {
        if let columns, columns < 20 { throw ValidationError("--columns must be at least 20") }
    }

    func run() throws {
        let width = columns ?? ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 100
        let count = 100
        let source = StaticLayoutSource(
            containerSize: Size(width: Self.containerWidth, height: 800),
            sections: [.init(items: .list((0..<count).map(Self.itemSize)))])
        print("S1 tag cloud: \(count) tags, container \(Int(Self.containerWidth)) pt wide, spacing 10, one text column ≈ \(formatted(Self.containerWidth / Double(width))) pt")
        for alignment in FlowAlignment.allCases {
            let layout = FlowLayout(metrics: FlowMetrics(alignment: alignment))
            let clock = ContinuousClock()
            let elapsed = clock.measure { layout.prepare(from: source) }
            print("\n== \(alignment.rawValue) ==")
            let frames = (0..<count).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
            var line: [Int] = []
            func flush() {
                if !line.isEmpty { print(Self.picture(of: line, frames: frames, columns: width)) }
                line.removeAll()
            }
            for index in 0..<count {
                if let last = line.last, frames[last].minY != frames[index].minY { flush() }
                line.append(index)
            }
            flush()
            let micros = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
            print("items \(count), lines \(layout.numberOfLines(inSection: 0)), content height \(formatted(layout.contentSize.height)) pt, layout \(formatted(micros)) µs")
        }
    }

    /// One line of tags as `[A ] [longer   ]`, each box at its position scaled to `columns`.
    static func picture(of items: [Int], frames: [Rect], columns: Int) -> String {
        let scale = Double(columns) / containerWidth
        var row = [Character](repeating: " ", count: columns)
        for index in items {
            let start = Swift.min(columns - 1, Int((frames[index].minX * scale).rounded()))
            let end = Swift.max(start + 1, Swift.min(columns - 1, Int((frames[index].maxX * scale).rounded()) - 1))
            row[start] = "["
            row[end] = "]"
            for (offset, character) in title(index).enumerated() where start + 1 + offset < end {
                row[start + 1 + offset] = character
            }
        }
        return String(row)
    }

    func formatted(_ value: Double) -> String { String(format: "%.1f", value) }
}
