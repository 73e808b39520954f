import Testing
import Trellis
import TrellisKit
import TrellisPango
import TrellisSpec
import TrellisText

/// Text items are measured on several threads; the sizes must be bit for bit those of one
/// sizing cell measuring every item in order on one thread (what `TemplateCell.measure`
/// did before it spread the work).
@Suite("Text items measured on several threads")
struct TextItemsParallelTests {
    /// Seeded tags: one to three words, some repeated, some long enough to be cut or wrap.
    static func tags(_ count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let syllables = ["ka", "lo", "mi", "tra", "sen", "vo", "du", "é", "ri", "pa", "zu", "ne", "42", "Wa", "To"]
        return (0..<count).map { _ in
            (0..<(1 + next(3))).map { _ in (0..<(1 + next(6))).map { _ in syllables[next(syllables.count)] }.joined() }
                .joined(separator: " ") + (next(40) == 0 ? " and a much longer tail of several words to wrap or cut" : "")
        }
    }

    /// One sizing cell, every item in order, one thread.
    static func serialSizes(texts: [[Int: String]], template: CellTemplate, layout: any CollectionLayout,
                            source: StaticLayoutSource) -> [[Int: ItemSize]] {
        layout.prepare(from: source)
        let cell = TemplateCell(template: template)
        cell.overrideTraitCollection = TraitCollection(layoutDirection: source.layoutDirection)
        return texts.enumerated().map { section, items in
            var sizes: [Int: ItemSize] = [:]
            for (item, text) in items.sorted(by: { $0.key < $1.key }) {
                cell.text = text
                sizes[item] = cell.itemSize(for: layout.fittingProposal(forItemAt: IndexPath(item: item, section: section)))
            }
            return sizes
        }
    }

    static let templates: [CellTemplate] = {
        var wrapping = CellTemplate.tag
        wrapping.lines = 0
        wrapping.maximumWidth = .points(140)
        var minimum = CellTemplate.tag
        minimum.minimumWidth = 44
        minimum.font = Font(family: "DejaVu Sans", size: 13.5, weight: .bold)
        return [.tag, wrapping, minimum]
    }()

    @Test(arguments: templates.indices)
    func severalThreadsGiveTheSizesOfOne(_ templateIndex: Int) {
        if !DefaultTextMeasurer.isInstalled { DefaultTextMeasurer.install(PangoTextMeasurer.shared) }
        let template = Self.templates[templateIndex]
        let tags = Self.tags(3_000, seed: UInt64(templateIndex + 1))
        // Two sections; the second mixes text items with sized items (gaps in the indices).
        var second: [Int: String] = [:]
        for (index, tag) in tags[2_000...].enumerated() where index % 3 != 0 { second[index] = tag }
        let texts: [[Int: String]] = [Dictionary(uniqueKeysWithValues: tags[..<2_000].enumerated().map { ($0, $1) }), second]
        let sections = texts.map { items in
            StaticLayoutSource.Section(items: .list((0..<(items.keys.max()! + 1)).map { _ in ItemSize(width: 50, height: 30) }))
        }
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let source = StaticLayoutSource(containerSize: Size(width: 375, height: 800), layoutDirection: direction, sections: sections)
            let makeLayout = { FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8)) }
            let expected = Self.serialSizes(texts: texts, template: template, layout: makeLayout(), source: source)
            for threads in [1, 2, 4] {
                let measured = TemplateCell.measure(texts: texts, template: template, in: makeLayout(), source: source, threads: threads)
                // Without PangoFontMetricsLock a thread now and then measures some wrapped texts
                // otherwise from its first measurement on (e.g. 140 instead of 136 wide): Pango's
                // font metrics computed on two threads at once.
                #expect(measured == expected, "\(threads) threads, \(direction)")
            }
        }
    }

    /// A text offered the same room again is sized once, and gets the size one sizing cell
    /// gives it; texts spelled with other bytes (precomposed and combining accents) are
    /// sized apart (keyed by bytes: with DejaVu Sans these happen to measure the same).
    @Test func repeatedTextsGiveTheSizesOfOneCell() {
        let texts = ["caf\u{E9}", "cafe\u{301}", "caf\u{E9}", "Wa To", "cafe\u{301}", "Wa To"]
        let items = Dictionary(uniqueKeysWithValues: texts.enumerated().map { ($0, $1) })
        let source = StaticLayoutSource(containerSize: Size(width: 375, height: 800), layoutDirection: .leftToRight,
                                        sections: [StaticLayoutSource.Section(items: .list(texts.map { _ in ItemSize(width: 50, height: 30) }))])
        let makeLayout = { FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8)) }
        let template = CellTemplate(font: Font(family: "DejaVu Sans", size: 40))
        let expected = Self.serialSizes(texts: [items], template: template, layout: makeLayout(), source: source)
        let measured = TemplateCell.measure(texts: [items], template: template, in: makeLayout(), source: source, threads: 2)
        #expect(measured == expected)
        #expect(measured[0][0] == measured[0][2] && measured[0][3] == measured[0][5])
    }
}

