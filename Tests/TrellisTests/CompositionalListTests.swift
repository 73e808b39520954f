import Testing
@testable import Trellis

@Suite("CompositionalLayout lists")
struct CompositionalListTests {
    private func source(width: Double = 320, heights: [[Double]], headers: Double? = nil) -> StaticLayoutSource {
        StaticLayoutSource(
            containerSize: Size(width: width, height: 800),
            sections: heights.map { .init(sizes: $0.map { Size(width: 1, height: $0) }, header: headers.map { Size(width: 0, height: $0) }) })
    }

    /// A plain list without headers is ListLayout with hairline separators at the margin:
    /// the same rows and separators, frame for frame.
    @Test func plainListEqualsListLayoutWithSeparators() {
        let s = source(heights: [[44, 60, 30, 44], [50, 20]])
        let list = ListLayout(options: .init(separators: .init(thickness: 1, insets: EdgeInsets(leading: 16))))
        list.prepare(from: s)
        let compositional = CompositionalLayout.list(using: CompositionalListConfiguration(appearance: .plain))
        compositional.prepare(from: s)
        LayoutChecks.expectIdentical(list, compositional, s)
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
        // Compact width: 16 pt margins. Header 30 (given), rows 44 + 1 + 50, footer 22 (its estimate).
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 16, y: 0, width: 288, height: 30))
        #expect(layout.attributesForItem(at: IndexPath(item: 1, section: 0))!.frame == Rect(x: 16, y: 75, width: 288, height: 50))
        #expect(layout.attributesForDecoration(ofKind: .listBackground, at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 16, y: 30, width: 288, height: 95))
        #expect(layout.attributesForDecoration(ofKind: .separator, at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 32, y: 74, width: 272, height: 1))
        // Sections 20 apart; the footer ends the first.
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))!.frame.minY == 125 + 22 + 20)
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
