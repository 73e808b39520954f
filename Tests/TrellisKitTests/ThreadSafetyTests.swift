import Dispatch
import Testing
import Cassowary
import Trellis
import TrellisPango
import TrellisText
@testable import TrellisKit
@testable import TrellisText

// What docs/Concurrency.md promises, exercised on several threads at once. `make tsan`
// runs every suite whose name contains "ThreadSafety" under ThreadSanitizer; a data race
// anywhere below fails that step even when the results happen to be right.

/// A tag cell measured through the shared measurer given to it.
private final class SharedMeasurerTagCell: CollectionViewCell {
    let label: Label
    init(measurer: any TextMeasurer) {
        label = Label(text: "", style: TextStyle(font: Font(family: "DejaVu Sans", size: 17)), textMeasurer: measurer)
        super.init()
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        pin(label, to: contentView, inset: 5)
    }
    required init() { fatalError("made by the data source with a measurer") }
}

private final class Words: CollectionViewDataSource {
    let words: [String]
    let measurer: any TextMeasurer
    init(_ words: [String], measurer: any TextMeasurer) { self.words = words; self.measurer = measurer }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { words.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! SharedMeasurerTagCell
        cell.label.text = words[indexPath.item]
        return cell
    }
    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        words[indexPath.item]
    }
}

/// Builds a collection view on the calling thread (views are confined to the thread that
/// made them), sizes every item and returns the frames.
private func layOutTags(_ words: [String], width: Double, measurer: any TextMeasurer) throws -> [Rect] {
    let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: 600), layout: layout)
    collection.register(forCellWithReuseIdentifier: "tag") { SharedMeasurerTagCell(measurer: measurer) }
    collection.estimatedItemSize = .automatic
    let source = Words(words, measurer: measurer)
    collection.dataSource = source
    _ = try collection.contentSize(forWidth: width)
    return (0..<words.count).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
}

private let words = (0..<240).map { index in
    let syllables = ["ka", "lo", "mi", "ren", "tsu", "va", "dor", "pel", "qui", "zen"]
    return (0...(index % 3)).map { syllables[(index * 7 + $0 * 3) % syllables.count] }.joined()
        + (index % 4 == 0 ? " \(syllables[index % syllables.count])" : "")
}

@Suite("ThreadSafety: layout and measuring on several threads at once")
struct ThreadSafetyTests {
    /// Four threads each lay out their own collection view, sharing one cache in front of
    /// the shared Pango measurer: the frames equal those of one thread alone.
    @Test func collectionViewsOnSeveralThreadsShareOneMeasurer() throws {
        let shared = CachingTextMeasurer(wrapping: PangoTextMeasurer.shared, capacity: 128)
        let expected = try layOutTags(words, width: 375, measurer: PangoTextMeasurer.shared)
        let results = Locked([Int: [Rect]]())
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let frames = try? layOutTags(words, width: 375, measurer: shared)
            results.withLock { $0[thread] = frames }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 4)
        for thread in 0..<4 { #expect(all[thread] == expected, "thread \(thread)") }
    }

    /// Layouts and solvers are not shared, but nothing in them is global: many run at once.
    @Test func layoutsAndSolversRunOnSeveralThreadsAtOnce() {
        let sizes: [Size] = (0..<2_000).map { (index: Int) -> Size in
            Size(width: Double(20 + index % 90), height: Double(20 + index % 7))
        }
        let source = StaticLayoutSource(containerSize: Size(width: 375, height: 800), sections: [.init(sizes: sizes)])
        let reference = FlowLayout(metrics: FlowMetrics(alignment: .uikit))
        reference.prepare(from: source)
        let expected = reference.elements(in: Rect(x: 0, y: 0, width: 375, height: 5_000)).map(\.frame)
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let layout: any CollectionLayout = thread % 2 == 0
                ? FlowLayout(metrics: FlowMetrics(alignment: .uikit)) : GridLayout()
            layout.prepare(from: source)
            if thread % 2 == 0, layout.elements(in: Rect(x: 0, y: 0, width: 375, height: 5_000)).map(\.frame) != expected {
                mismatches.withLock { $0 += 1 }
            }
            let solver = Solver(), width = Variable("width")
            try? solver.add(width |>=| 40)
            try? solver.add(width |<=| 300)
            try? solver.addEditVariable(width, priority: .defaultHigh)
            for value in stride(from: 0.0, to: 400, by: 7) {
                try? solver.suggestValue(value, for: width)
                solver.updateVariables()
                let solved = width.value
                if solved < 40 || solved > 300 { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
