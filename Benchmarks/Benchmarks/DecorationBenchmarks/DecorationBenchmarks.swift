import Benchmark
import Trellis
import TrellisKit

// Decoration views in the collection view: a warm scroll step of a list with separators
// (one decoration per row) with separator views registered, against the same list with no
// views registered for them (skipped, reported once). The difference is the cost of
// placing, reusing and z-ordering the decoration views; the malloc count shows that they
// add no allocation (ListLayout's own `elements(in:)` arrays remain).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3))

    for (name, registersViews) in [
        ("Scroll one screen, 100k-row list with separator views, warm", true),
        ("Scroll one screen, 100k-row list, separators not registered, warm", false),
    ] {
        let source = RowSource(count: 100_000)
        let collection = makeList(source, registersViews: registersViews)
        Benchmark(name, configuration: .init(maxIterations: 5_000, setup: { try? warm(collection, registersViews) })) { _ in
            blackHole(source)  // the collection holds its data source weakly
            let y = collection.contentOffset.y + 800
            collection.contentOffset = Point(x: 0, y: y > collection.contentSize.height - 800 ? 0 : y)
            try collection.performLayout()
        }
    }
}

final class RowCell: CollectionViewCell {}
final class SeparatorView: ReusableView {}

final class RowSource: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
    }
}

func makeList(_ source: RowSource, registersViews: Bool) -> CollectionView {
    let layout = ListLayout(options: .init(separators: .init(thickness: 1), sections: SectionStyle(background: SectionBackground())))
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: layout)
    collection.register(RowCell.self, forCellWithReuseIdentifier: "row")
    if registersViews {
        collection.register(SeparatorView.self, forDecorationViewOfKind: .separator)
        collection.register(SeparatorView.self, forDecorationViewOfKind: .sectionBackground)
    }
    collection.itemSize = Size(width: 375, height: 44)
    collection.dataSource = source
    return collection
}

/// Scrolls four screens so pools and scratch storage reach their steady size.
func warm(_ collection: CollectionView, _ registersViews: Bool) throws {
    try collection.performLayout()
    for _ in 0..<4 {
        collection.contentOffset = Point(x: 0, y: collection.contentOffset.y + 800)
        try collection.performLayout()
    }
    precondition(!collection.visibleCells.isEmpty, "nothing displayed")
    let separators = collection.subviews.filter { $0 is SeparatorView && !$0.isHidden }.count
    precondition(registersViews ? separators > 10 : separators == 0, "\(separators) separator views displayed")
    precondition(registersViews ? collection.diagnostics.isEmpty : collection.diagnostics.count == 2)  // separators and backgrounds
}
