import Testing
@testable import Trellis

@Suite("CompositionalLayout lists")
struct CompositionalListTests {
    private func source(width: Double = 320, heights: [[Double]], headers: Double? = nil) -> StaticLayoutSource {
        StaticLayoutSource(
            containerSize: Size(width: width, height: 800),
            sections: heights.map { .init(sizes: $0.map { Size(width: 1, height: $0) }, header: headers.map { Size(width: 0, height: $0) }) })
    }

    /// A plain list without headers has ListLayout's rows without gaps (UIKit's rows touch),
    /// and a hairline separator over the bottom of every row but a section's last, from the
    /// margin to the trailing edge.
    @Test func plainListRowsTouchWithSeparatorsInsideThem() {
        let s = source(heights: [[44, 60, 30, 44], [50, 20]])
        let list = ListLayout(options: .init())
        list.prepare(from: s)
        let compositional = CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain))
        compositional.prepare(from: s)
        #expect(compositional.contentSize == list.contentSize)
        let everything = Rect(x: 0, y: 0, width: 320, height: 1000)
        let cells = compositional.elements(in: everything).filter { $0.kind == .cell }.sorted { $0.indexPath < $1.indexPath }
        #expect(cells == list.elements(in: everything).sorted { $0.indexPath < $1.indexPath })
        var expected: [Rect] = []
        for (section, heights) in [[44.0, 60, 30, 44], [50, 20]].enumerated() {
            for row in 0..<(heights.count - 1) {
                let bottom = compositional.attributesForItem(at: IndexPath(item: row, section: section))!.frame.maxY
                expected.append(Rect(x: 16, y: bottom - 1, width: 304, height: 1))
            }
        }
        #expect(compositional.elements(in: everything).filter { $0.kind == .separator }.map(\.frame) == expected)
        #expect(compositional.fittingProposal(forItemAt: IndexPath(item: 1, section: 0)) == FittingProposal(width: .exactly(320), height: .unconstrained))
    }

    @Test func plainListHeadersPin() {
        let s = source(heights: [[44, 44, 44], [44]], headers: 28)
        let layout = CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain, headerMode: .supplementary))
        layout.prepare(from: s)
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 0, y: 28, width: 320, height: 44))
        let header = layout.elements(in: Rect(x: 0, y: 100, width: 320, height: 300)).first { $0.kind == .header && $0.indexPath.section == 0 }
        #expect(header?.frame.minY == 100 && header?.isPinned == true)
    }

    @Test func insetGroupedRowsSitInsideTheMarginsOnABackground() {
        let s = source(heights: [[44, 50], [40]], headers: 30)
        let configuration = CompositionalListConfiguration(appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary)
        let layout = CompositionalLayout.list(using: configuration)
        layout.prepare(from: s)
        // Compact width: 16 pt margins. Header 30 (given), rows 44 + 50 touching, footer 22 (its estimate).
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 16, y: 0, width: 288, height: 30))
        #expect(layout.attributesForItem(at: IndexPath(item: 1, section: 0))!.frame == Rect(x: 16, y: 74, width: 288, height: 50))
        #expect(layout.attributesForDecoration(ofKind: .listBackground, at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 16, y: 30, width: 288, height: 94))
        #expect(layout.attributesForDecoration(ofKind: .separator, at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 32, y: 73, width: 272, height: 1))
        // Sections 20 apart; the footer ends the first.
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))!.frame.minY == 124 + 22 + 20)
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))!.isPinned == false)
    }

    @Test func groupedListHoldsTheProperties() {
        var rng = SplitMix64(seed: 99)
        for appearance in CompositionalListConfiguration.Appearance.allCases {
            let s = LayoutChecks.randomSource(&rng)
            let layout = CompositionalLayout.list(using: CompositionalListConfiguration(appearance: appearance, headerMode: .supplementary, footerMode: .supplementary))
            layout.prepare(from: s)
            LayoutChecks.expectNoOverlapsAndInsideContent(layout, s)
            // Plain lists pin their headers to the queried rect, which brute force does not;
            // the shared brute force knows section backgrounds, not list backgrounds.
            if appearance == .grouped { LayoutChecks.expectQueriesMatchBruteForce(layout, s, rng: &rng) }
        }
    }
}
