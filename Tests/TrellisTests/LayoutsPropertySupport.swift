import Testing
@testable import Trellis

// Shared checks for GridLayout, WaterfallLayout and ListLayout: the properties asked
// of every layout, checked against a brute-force model built from the per-element
// queries (not from elements(in:)).

/// The layouts of this package: a `CollectionLayout` that also answers for decorations.
protocol DecoratedLayout: CollectionLayout {
    func attributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?
}

extension GridLayout: DecoratedLayout {}
extension WaterfallLayout: DecoratedLayout {}
extension ListLayout: DecoratedLayout {}

extension SplitMix64 {
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ probability: Double) -> Bool { double(0...1) < probability }
    /// A length with a fractional part, sometimes 0.
    mutating func length(_ range: ClosedRange<Double>) -> Double { chance(0.05) ? 0 : double(range) }
}

enum LayoutChecks {
    /// A random source: 1–4 sections of 0–40 items, optional headers and footers.
    static func randomSource(_ rng: inout SplitMix64, direction: LayoutDirection = .leftToRight) -> StaticLayoutSource {
        let width = rng.double(200...500).rounded()
        let sections = (0..<rng.int(1...4)).map { _ in
            StaticLayoutSource.Section(
                sizes: (0..<rng.int(0...40)).map { _ in Size(width: rng.length(10...300), height: rng.length(5...120)) },
                header: rng.chance(0.6) ? Size(width: 0, height: rng.length(10...50)) : nil,
                footer: rng.chance(0.4) ? Size(width: 0, height: rng.length(10...40)) : nil)
        }
        return StaticLayoutSource(containerSize: Size(width: width, height: 800), layoutDirection: direction, sections: sections)
    }

    static func randomStyle(_ rng: inout SplitMix64, pinning: Bool = false) -> SectionStyle {
        SectionStyle(
            insets: EdgeInsets(top: Double(rng.int(0...20)), leading: Double(rng.int(0...20)), bottom: Double(rng.int(0...20)), trailing: Double(rng.int(0...20))),
            pinsHeaders: pinning, pinsFooters: pinning,
            background: rng.chance(0.5) ? SectionBackground(insets: EdgeInsets(all: rng.double(-5...5))) : nil)
    }

    /// Every element of the layout, from the per-element queries.
    static func allElements(_ layout: some DecoratedLayout, _ source: StaticLayoutSource) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in 0..<source.numberOfSections {
            let path = IndexPath(item: 0, section: section)
            for kind in [ElementKind.header, .footer] {
                if let attributes = layout.attributesForSupplementaryElement(ofKind: kind, at: path) { result.append(attributes) }
            }
            if let background = layout.attributesForDecoration(ofKind: .sectionBackground, at: path) { result.append(background) }
            for item in 0..<source.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                result.append(layout.attributesForItem(at: indexPath)!)
                if let separator = layout.attributesForDecoration(ofKind: .separator, at: indexPath) { result.append(separator) }
            }
        }
        return result
    }

    static func cells(_ layout: some DecoratedLayout, _ source: StaticLayoutSource) -> [LayoutAttributes] {
        allElements(layout, source).filter { $0.kind == .cell }
    }

    /// True when the frames share area beyond the last-bit error of floating-point sums
    /// (a cell's maxY is `top + offset + height` and the next one's minY a different sum of
    /// the same extents: they may cross by an ulp, which is no overlap on any screen).
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        guard let common = a.intersection(b) else { return false }
        return common.width > slop(common.maxX) && common.height > slop(common.maxY)
    }

    /// No two cells overlap; every element lies inside the content size.
    static func expectNoOverlapsAndInsideContent(_ layout: some DecoratedLayout, _ source: StaticLayoutSource, sourceLocation: SourceLocation = #_sourceLocation) {
        let cells = cells(layout, source)
        for i in cells.indices {
            for j in (i + 1)..<cells.count where overlap(cells[i].frame, cells[j].frame) {
                Issue.record("cells \(cells[i]) and \(cells[j]) overlap", sourceLocation: sourceLocation)
            }
        }
        let content = Rect(origin: .zero, size: layout.contentSize)
        for element in allElements(layout, source) where element.kind.category != .decorationView {
            let frame = element.frame
            let inside = frame.minX >= content.minX - 1e-9 && frame.maxX <= content.maxX + 1e-9
                && frame.minY >= content.minY - 1e-9 && frame.maxY <= content.maxY + 1e-9
            if !inside { Issue.record("\(element) lies outside the content \(content)", sourceLocation: sourceLocation) }
        }
    }

    /// `elements(in:)` equals a brute-force filter of every element, for random rects
    /// (and the whole content); cells come in index order.
    static func expectQueriesMatchBruteForce(_ layout: some DecoratedLayout, _ source: StaticLayoutSource, rng: inout SplitMix64, sourceLocation: SourceLocation = #_sourceLocation) {
        let all = allElements(layout, source)
        let content = layout.contentSize
        var rects = [Rect(x: -10, y: -10, width: content.width + 20, height: content.height + 20)]
        for _ in 0..<25 {
            let y = rng.double(-50...(content.height + 50)), height = rng.double(0...400)
            rects.append(Rect(x: rng.double(-20...content.width), y: y, width: rng.double(1...content.width + 40), height: height))
        }
        // Rects starting exactly on element edges: the boundary cases of the search.
        for element in all.prefix(20) {
            rects.append(Rect(x: 0, y: element.frame.maxY, width: content.width, height: 50))
            rects.append(Rect(x: 0, y: element.frame.minY - 50, width: content.width, height: 50))
        }
        for rect in rects {
            let found = layout.elements(in: rect)
            let expected = all.filter { $0.frame.intersects(rect) }
            #expect(Set(found) == Set(expected), "elements(in: \(rect))", sourceLocation: sourceLocation)
            #expect(found.count == Set(found).count, "elements(in: \(rect)) repeats an element", sourceLocation: sourceLocation)
            let cellPaths = found.filter { $0.kind == .cell }.map(\.indexPath)
            #expect(cellPaths == cellPaths.sorted(), "cells out of index order in \(rect)", sourceLocation: sourceLocation)
        }
    }

    /// A random measured height for a random item, and sometimes a new header height.
    static func randomEdit(_ rng: inout SplitMix64, _ source: inout StaticLayoutSource) -> InvalidationContext {
        let nonEmpty = (0..<source.numberOfSections).filter { source.numberOfItems(inSection: $0) > 0 }
        if nonEmpty.isEmpty || rng.chance(0.15) {
            let section = rng.int(0...(source.numberOfSections - 1))
            let size: Size? = rng.chance(0.8) ? Size(width: 0, height: rng.length(0...60)) : nil
            source.sections[section].header = size
            return InvalidationContext(supplementarySizes: [(.header, section, size)])
        }
        var sizes: [(IndexPath, ItemSize)] = []
        for _ in 0..<rng.int(1...3) {
            let section = nonEmpty[rng.int(0...(nonEmpty.count - 1))]
            let item = rng.int(0...(source.numberOfItems(inSection: section) - 1))
            let size = ItemSize(width: rng.length(10...300), height: rng.length(0...150))
            source.setSize(size, at: IndexPath(item: item, section: section))
            sizes.append((IndexPath(item: item, section: section), size))
        }
        return .sizes(sizes)
    }

    /// Prepares `layout`, then applies 1–25 random edits incrementally, editing `source`
    /// in step.
    static func prepareAndEditRandomly(_ layout: some DecoratedLayout, _ source: inout StaticLayoutSource, rng: inout SplitMix64) {
        layout.prepare(from: source)
        for _ in 0..<rng.int(1...25) {
            layout.invalidate(randomEdit(&rng, &source), source: source)
        }
    }

    /// A random layout edited incrementally equals a fresh one (made by `fresh` from it)
    /// prepared from the edited source, and still answers queries like brute force.
    static func expectIncrementalEqualsFresh<Layout: DecoratedLayout>(
        seed: UInt64, make: (inout SplitMix64) -> Layout, fresh: (Layout) -> Layout, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var rng = SplitMix64(seed: seed)
        var source = randomSource(&rng)
        let incremental = make(&rng)
        prepareAndEditRandomly(incremental, &source, rng: &rng)
        let relaid = fresh(incremental)
        relaid.prepare(from: source)
        expectIdentical(incremental, relaid, source, sourceLocation: sourceLocation)
        expectQueriesMatchBruteForce(incremental, source, rng: &rng, sourceLocation: sourceLocation)
    }

    /// A source with widths and heights swapped (and the container's too).
    static func transposed(_ s: StaticLayoutSource) -> StaticLayoutSource {
        func swap(_ size: Size) -> Size { Size(width: size.height, height: size.width) }
        return StaticLayoutSource(
            containerSize: swap(s.containerSize), layoutDirection: s.layoutDirection,
            sections: s.sections.map { section in
                .init(items: .list((0..<section.items.count).map { ItemSize(swap(section.items[$0].size)) }),
                      header: section.header.map(swap), footer: section.footer.map(swap))
            })
    }

    /// A random vertical layout (`make`) and its horizontal twin (`horizontal`, which must
    /// transpose the insets): on a random source, the horizontal layout's frames are the
    /// vertical layout's on the transposed source, transposed; and the horizontal layout
    /// (also right-to-left) holds the properties.
    static func expectHorizontalIsTransposedVertical<Layout: DecoratedLayout>(
        seed: UInt64, make: (inout SplitMix64) -> Layout, horizontal: (Layout) -> Layout, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var rng = SplitMix64(seed: seed)
        let vertical = make(&rng)
        let source = randomSource(&rng)
        vertical.prepare(from: transposed(source))
        let across = horizontal(vertical)
        across.prepare(from: source)
        let expected = allElements(vertical, transposed(source)).map { Rect(x: $0.frame.minY, y: $0.frame.minX, width: $0.frame.height, height: $0.frame.width) }
        #expect(allElements(across, source).map(\.frame) == expected, sourceLocation: sourceLocation)
        #expect(across.contentSize == Size(width: vertical.contentSize.height, height: vertical.contentSize.width), sourceLocation: sourceLocation)
        for direction in LayoutDirection.allCases {
            let directed = StaticLayoutSource(containerSize: source.containerSize, layoutDirection: direction, sections: source.sections)
            let layout = horizontal(vertical)
            layout.prepare(from: directed)
            expectNoOverlapsAndInsideContent(layout, directed, sourceLocation: sourceLocation)
            expectQueriesMatchBruteForce(layout, directed, rng: &rng, sourceLocation: sourceLocation)
        }
    }

    /// Every element and the content size of two layouts are equal, bit for bit.
    static func expectIdentical(_ a: some DecoratedLayout, _ b: some DecoratedLayout, _ source: StaticLayoutSource, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.contentSize == b.contentSize, sourceLocation: sourceLocation)
        let lhs = allElements(a, source), rhs = allElements(b, source)
        #expect(lhs == rhs, sourceLocation: sourceLocation)
        if lhs != rhs, let first = zip(lhs, rhs).first(where: { $0 != $1 }) {
            Issue.record("first difference: \(first.0) vs \(first.1)", sourceLocation: sourceLocation)
        }
    }
}

extension SectionStyle {
    /// The style for the horizontal twin of a vertical layout: insets transposed.
    var transposed: SectionStyle {
        var style = self
        style.insets = insets.transposed
        if let background { style.background = SectionBackground(insets: background.insets.transposed) }
        return style
    }
}

/// The options of a layout here: what its horizontal twin changes.
protocol ScrollableOptions {
    var scrollDirection: ScrollDirection { get set }
    var sections: SectionStyle { get set }
}

extension GridLayout.Options: ScrollableOptions {}
extension WaterfallLayout.Options: ScrollableOptions {}
extension ListLayout.Options: ScrollableOptions {}

extension ScrollableOptions {
    /// The same options scrolling horizontally, insets transposed to keep their meaning.
    var horizontalTwin: Self {
        var options = self
        options.scrollDirection = .horizontal
        options.sections = sections.transposed
        return options
    }
}

/// Thrown by a visitor to stop `forEachElement` early.
struct StopVisiting: Error {}

extension LayoutChecks {
    /// The layout vertical or horizontal (`options.horizontalTwin`), headers and footers
    /// pinned or not, as the seed says: what `expectVisitingMatchesElements` runs on.
    static func variant<Options: ScrollableOptions>(_ options: Options, seed: Int) -> Options {
        var options = seed % 4 == 1 ? options.horizontalTwin : options
        options.sections.pinsHeaders = seed % 2 == 0
        options.sections.pinsFooters = seed % 2 == 0
        return options
    }

    /// Lays out a random source (right-to-left for some seeds) with `make`'s layout, then
    /// checks `expectVisitingMatchesElements`.
    static func expectVisitingMatchesElements<Layout: VisitingCollectionLayout>(
        seed: Int, offset: UInt64, make: (inout SplitMix64) -> Layout, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var rng = SplitMix64(seed: UInt64(seed) &+ offset)
        let source = randomSource(&rng, direction: seed % 3 == 2 ? .rightToLeft : .leftToRight)
        let layout = make(&rng)
        layout.prepare(from: source)
        expectVisitingMatchesElements(layout, rng: &rng, sourceLocation: sourceLocation)
    }

    /// `forEachElement` visits exactly what `elements(in:)` returns, in the same order, for
    /// random rects and visible bounds (pinned supplementaries depend on the latter); a visitor
    /// that throws stops the walk there, with the elements before it visited.
    static func expectVisitingMatchesElements(_ layout: some VisitingCollectionLayout, rng: inout SplitMix64, sourceLocation: SourceLocation = #_sourceLocation) {
        let content = layout.contentSize
        var queries = [(Rect(x: -10, y: -10, width: content.width + 20, height: content.height + 20), Rect(origin: .zero, size: content))]
        for _ in 0..<30 {
            func randomRect() -> Rect {
                Rect(
                    x: rng.double(-50...(content.width + 50)), y: rng.double(-50...(content.height + 50)),
                    width: rng.double(1...(content.width + 40)), height: rng.double(1...(content.height + 40)))
            }
            let rect = randomRect()
            queries.append((rect, rng.chance(0.5) ? rect : randomRect()))
        }
        var nonEmpty = 0
        for (rect, visible) in queries {
            let expected = layout.elements(in: rect, visibleBounds: visible)
            var visited: [LayoutAttributes] = []
            layout.forEachElement(in: rect, visibleBounds: visible) { visited.append($0) }
            #expect(visited == expected, "forEachElement(in: \(rect), visibleBounds: \(visible))", sourceLocation: sourceLocation)
            // Equal to `elements(in:)`, which collects from the visitor: so also check the
            // documented order itself. Section by section: background, header, footer, cells,
            // separators, each kind in index order.
            let rank: [ElementKind: Int] = [.sectionBackground: 0, .header: 1, .footer: 2, .cell: 3, .separator: 4]
            let keys = visited.map { [$0.indexPath.section, rank[$0.kind] ?? 5, $0.indexPath.item] }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "order of forEachElement(in: \(rect))", sourceLocation: sourceLocation)
            guard !expected.isEmpty else { continue }
            nonEmpty += 1
            let stop = rng.int(0...(expected.count - 1))
            var seen: [LayoutAttributes] = []
            #expect(throws: StopVisiting.self, sourceLocation: sourceLocation) {
                try layout.forEachElement(in: rect, visibleBounds: visible) { (element) throws(StopVisiting) -> Void in
                    if seen.count == stop { throw StopVisiting() }
                    seen.append(element)
                }
            }
            #expect(seen == Array(expected.prefix(stop)), "visiting stopped after \(stop) in \(rect)", sourceLocation: sourceLocation)
        }
        #expect(nonEmpty > 0, "no query found an element", sourceLocation: sourceLocation)
    }
}
