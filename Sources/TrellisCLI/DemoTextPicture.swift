import Foundation
import Trellis
import TrellisSpec

/// The S1 tag cloud in every flow alignment as text, one row of `[boxes]` per line, for a
/// terminal (`trellis demo --text`). Sizes come from the same sizing cell as the pictures.
enum DemoTextPicture {
    static func render(columns: Int) -> String {
        let texts = DemoScenarios.s1Texts
        let width = DemoScenarios.width
        let textsByIndex = Dictionary(uniqueKeysWithValues: texts.enumerated().map { ($0.offset, $0.element) })
        func source(_ sizes: [ItemSize]) -> StaticLayoutSource {
            StaticLayoutSource(containerSize: Size(width: width, height: 0), sections: [.init(items: .list(sizes))])
        }
        let measured = TemplateCell.measure(texts: [textsByIndex], template: .tag, in: FlowLayout(),
                                            source: source(Array(repeating: ItemSize(.zero), count: texts.count)))[0]
        let sized = source((0..<texts.count).map { measured[$0]! })
        var output = ["S1 tag cloud: \(texts.count) tags, container \(formatted(width)) pt wide, spacing 10, one column ≈ \(String(format: "%.1f", width / Double(columns))) pt"]
        for alignment in FlowAlignment.allCases {
            let layout = FlowLayout(metrics: FlowMetrics(alignment: alignment))
            let elapsed = ContinuousClock().measure { layout.prepare(from: sized) }
            output.append("\n== \(alignment.rawValue) ==")
            let frames = (0..<texts.count).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
            var line: [Int] = []
            for index in texts.indices {
                if let last = line.last, frames[last].minY != frames[index].minY {
                    output.append(picture(of: line, frames: frames, texts: texts, columns: columns, width: width))
                    line.removeAll()
                }
                line.append(index)
            }
            if !line.isEmpty { output.append(picture(of: line, frames: frames, texts: texts, columns: columns, width: width)) }
            let micros = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
            output.append("items \(texts.count), lines \(layout.numberOfLines(inSection: 0)), content height \(formatted(layout.contentSize.height)) pt, layout \(String(format: "%.1f", micros)) µs")
        }
        return output.joined(separator: "\n")
    }

    /// One line of tags as `[A ] [longer   ]`, each box at its position scaled to `columns`.
    static func picture(of items: [Int], frames: [Rect], texts: [String], columns: Int, width: Double) -> String {
        let scale = Double(columns) / width
        var row = [Character](repeating: " ", count: columns)
        for index in items {
            let start = min(columns - 1, Int((frames[index].minX * scale).rounded()))
            let end = max(start + 1, min(columns - 1, Int((frames[index].maxX * scale).rounded()) - 1))
            row[start] = "["
            row[end] = "]"
            for (offset, character) in texts[index].enumerated() where start + 1 + offset < end {
                row[start + 1 + offset] = character
            }
        }
        return String(row)
    }
}
