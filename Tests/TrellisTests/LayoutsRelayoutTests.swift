import Testing
@testable import Trellis

/// A prepare on a layout that laid out before reuses its storage (what a collection view's
/// relayout does); whatever it held before (more or fewer sections, items, rows, columns),
/// the result equals a fresh layout's bit for bit.
@Suite("Relayout reuses storage")
struct LayoutsRelayoutTests {
    static let seeds: [UInt64] = Array(1...25)

    /// Prepares `reused` from four random sources in turn (some of them repeated, so a
    /// relayout of the same counts is covered too) and compares each with a fresh layout.
    static func check<Layout: DecoratedLayout>(seed: UInt64, make: (inout SplitMix64) -> (Layout, () -> Layout)) {
        var rng = SplitMix64(seed: seed)
        let (reused, fresh) = make(&rng)
        var sources = (0..<3).map { _ in LayoutChecks.randomSource(&rng) }
        sources.insert(sources[1], at: 2)
        for source in sources {
            reused.prepare(from: source)
            let other = fresh()
            other.prepare(from: source)
            LayoutChecks.expectIdentical(reused, other, source)
            #expect(reused.diagnostics == other.diagnostics)
        }
    }

    @Test(arguments: seeds)
    func grid(seed: UInt64) {
        Self.check(seed: seed) { rng in
            let options = GridLayout.Options(
                columns: rng.chance(0.5) ? .count(rng.int(1...5)) : .minimumWidth(rng.double(40...150)), columnSpacing: Double(rng.int(0...10)),
                rowSpacing: Double(rng.int(0...10)), stretchesItems: rng.chance(0.5), displayScale: Double(rng.int(1...3)),
                sections: LayoutChecks.randomStyle(&rng))
            let widths: @Sendable (IndexPath) -> GridLayout.ItemWidth = { $0.item % 5 == 3 ? .fraction(0.48) : .span(1 + $0.item % 2) }
            return (GridLayout(options: options, itemWidth: widths), { GridLayout(options: options, itemWidth: widths) })
        }
    }

    @Test(arguments: seeds)
    func waterfall(seed: UInt64) {
        Self.check(seed: seed) { rng in
            let options = WaterfallLayout.Options(
                columns: .count(rng.int(1...4)), columnSpacing: Double(rng.int(0...10)), itemSpacing: Double(rng.int(0...10)),
                placement: rng.chance(0.5) ? .shortestColumn : .inOrder, sections: LayoutChecks.randomStyle(&rng))
            return (WaterfallLayout(options: options), { WaterfallLayout(options: options) })
        }
    }

    @Test(arguments: seeds)
    func list(seed: UInt64) {
        Self.check(seed: seed) { rng in
            let options = ListLayout.Options(
                rowSpacing: Double(rng.int(0...6)), separators: rng.chance(0.5) ? .init(thickness: 1, insets: EdgeInsets(leading: 12)) : nil,
                sections: LayoutChecks.randomStyle(&rng))
            return (ListLayout(options: options), { ListLayout(options: options) })
        }
    }

    /// A waterfall's relayout with fewer columns than before drops the extra column trees.
    @Test func aWaterfallRelayoutWithFewerColumns() {
        let source = StaticLayoutSource(containerSize: Size(width: 300, height: 500), sections: [.init(sizes: (0..<9).map { Size(width: 0, height: Double(10 + $0)) })])
        let layout = WaterfallLayout(options: .init(columns: .count(3)))
        layout.prepare(from: source)
        layout.options.columns = .count(2)
        layout.invalidate(.init(invalidatesMetrics: true), source: source)
        let fresh = WaterfallLayout(options: .init(columns: .count(2)))
        fresh.prepare(from: source)
        #expect(layout.columnCount == 2)
        LayoutChecks.expectIdentical(layout, fresh, source)
    }
}
