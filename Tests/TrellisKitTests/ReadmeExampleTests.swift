import Testing
import Trellis
import TrellisPango
import TrellisText
@testable import TrellisKit

// The README's library example, compiled and run, so the README cannot drift from the API.

/// Namespaced so the README's names do not clash with the scenario tests' cells.
enum Readme {
final class TagCell: CollectionViewCell {
    let label = Label()
    required init() {
        super.init()
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 5),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -5),
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 5),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -5),
        ])
    }
}

final class Tags: CollectionViewDataSource {
    let titles: [String]
    init(_ titles: [String]) { self.titles = titles }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TagCell
        cell.label.text = titles[indexPath.item]
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        titles[indexPath.item] + "#\(indexPath.item)"
    }
}
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test func readmeExampleRuns() throws {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)   // once, at start-up, on Linux
        let tags = Readme.Tags((0..<100).map { $0 % 2 == 1 ? "A" : ($0 % 3 != 0 ? "longer" : "much longer") })

        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: layout)
        collection.register(Readme.TagCell.self, forCellWithReuseIdentifier: "tag")
        collection.estimatedItemSize = .automatic
        collection.dataSource = tags
        try collection.performLayout()

        // Every visible cell sized itself from its text (label + 5 pt on each side), and
        // leading alignment put exactly the minimum spacing between neighbours on a line.
        let cells = collection.visibleCells.compactMap { $0 as? Readme.TagCell }.sorted { collection.indexPath(for: $0)! < collection.indexPath(for: $1)! }
        #expect(!cells.isEmpty)
        let measurer = PangoTextMeasurer.shared
        for cell in cells {
            let text = measurer.measure(cell.label.text, style: cell.label.style, maxWidth: nil, maxLines: 1)
            #expect(abs(cell.frame.width - (Double(text.width).rounded(.up) + 10)) <= 1)
        }
        let frames = cells.map(\.frame)
        for (a, b) in zip(frames, frames.dropFirst()) where a.minY == b.minY {
            #expect(abs(b.minX - a.maxX - 8) < 1e-9)
        }
        // Heights before display: every item measured, at two widths (the collection takes
        // the width it is asked about).
        let wide = try collection.contentSize(forWidth: 375).height
        let height = try collection.contentSize(forWidth: 320).height
        #expect(height > wide)  // narrower → more lines
    }
}
