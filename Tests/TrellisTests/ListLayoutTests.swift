import Testing
@testable import Trellis

@Suite("ListLayout")
struct ListLayoutTests {
    @Test func rowsSeparatorsHeadersAndFooters() {
        // Container 320, insets leading 16 trailing 16: rows are 288 wide from x 16. Header
        // 28. Rows 44, 60, 30 with separators of 1 (gap = max(0, 1) = 1): row tops 28, 73,
        // 134; separators at 72 and 133, inset 15 from the leading edge (x 31, width 273).
        // Footer at 164.
        let style = SectionStyle(insets: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        let layout = ListLayout(options: .init(separators: .init(thickness: 1, insets: EdgeInsets(leading: 15)), sections: style))
        let s = StaticLayoutSource(
            containerSize: Size(width: 320, height: 500),
            sections: [.init(sizes: [44, 60, 30].map { Size(width: 10, height: $0) }, header: Size(width: 0, height: 28), footer: Size(width: 0, height: 18))])
        layout.prepare(from: s)
        let rows = (0..<3).map { layout.attributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(rows == [Rect(x: 16, y: 28, width: 288, height: 44), Rect(x: 16, y: 73, width: 288, height: 60), Rect(x: 16, y: 134, width: 288, height: 30)])
        let separators = (0..<3).map { layout.attributesForDecoration(ofKind: .separator, at: IndexPath(item: $0, section: 0))?.frame }
        #expect(separators == [Rect(x: 31, y: 72, width: 273, height: 1), Rect(x: 31, y: 133, width: 273, height: 1), nil])
        #expect(layout.attributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 164, width: 320, height: 18))
        #expect(layout.contentSize == Size(width: 320, height: 182))
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 0)) == FittingProposal(width: .exactly(288), height: .unconstrained))
        let all = layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 500))
        #expect(all.filter { $0.kind == .separator }.count == 2)
        #expect(all.filter { $0.kind == .separator }.allSatisfy { $0.zIndex == ListLayout.Separators.zIndex })
    }

    @Test func separatorsAreCentredInAWiderGapAndMirroredForRightToLeft() {
        // Row spacing 9, thickness 1: the separator sits 4 below the row (y 10 + 4).
        let layout = ListLayout(options: .init(rowSpacing: 9, separators: .init(thickness: 1, insets: EdgeInsets(leading: 20))))
        let s = StaticLayoutSource(containerSize: Size(width: 100, height: 100), layoutDirection: .rightToLeft,
                                   sections: [.init(sizes: [Size(width: 1, height: 10), Size(width: 1, height: 10)])])
        layout.prepare(from: s)
        #expect(layout.attributesForDecoration(ofKind: .separator, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 14, width: 80, height: 1))
        #expect(layout.attributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 19)
    }

    @Test func aMeasuredRowMovesTheRowsBelowAndLaterSections() {
        let layout = ListLayout()
        var s = StaticLayoutSource(containerSize: Size(width: 100, height: 100), sections: [
            .init(sizes: Array(repeating: Size(width: 1, height: 44), count: 3)),
            .init(sizes: [Size(width: 1, height: 44)], header: Size(width: 0, height: 20)),
        ])
        layout.prepare(from: s)
        // The estimate 44 of row 1 becomes 100: row 2 moves 56 down, and so does section 1.
        let size = ItemSize(width: 1, height: 100)
        s.setSize(size, at: IndexPath(item: 1, section: 0))
        layout.invalidate(.sizes([(IndexPath(item: 1, section: 0), size)]), source: s)
        #expect(layout.attributesForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 144)
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))?.frame.minY == 188)
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 208)
        #expect(layout.contentSize.height == 252)
    }

    /// Scenario S5's nested case: a table whose rows each embed a tag collection. Each tag is
    /// ceil(text width) + 2 × 10 wide and 30 tall, tags are 8 apart on a line and lines 8
    /// apart; a row is its tag collection plus 12 above and below. The row height is known
    /// before anything is shown, from the line breaks, and it is cached per row model.
    @Test func tableOfTagCollectionsSizesEveryRowFromItsTags() {
        let models: [[String]] = [
            ["Swift", "Linux", "Layouts"],
            ["A", "longer", "much longer", "A", "longer", "much longer", "A", "longer"],
            [],
            Array(repeating: "tag", count: 30),
        ]
        let tagWidth = { (text: String) in (Double(text.count) * 7.3).rounded(.up) + 2 * 10 }
        let inner = 320.0 - 2 * 16  // the collection inside the row's 16-point margins
        var cache: [[String]: Double] = [:]
        func rowHeight(_ tags: [String]) -> Double {
            if let cached = cache[tags] { return cached }
            let lines = LineBreaker.greedyBreaks(tags.map(tagWidth), available: inner, spacing: 8).count
            let height = 12 + Double(lines) * 30 + Double(Swift.max(0, lines - 1)) * 8 + 12
            cache[tags] = height
            return height
        }
        // The same height computed the way a flow layout places tags: x advances until the
        // next tag does not fit.
        func placedLines(_ tags: [String]) -> Int {
            var lines = 0, x = 0.0
            for width in tags.map(tagWidth) {
                if lines == 0 || x + 8 + width > inner { lines += 1; x = width } else { x += 8 + width }
            }
            return lines
        }
        let layout = ListLayout(options: .init(separators: .init()))
        let s = StaticLayoutSource(containerSize: Size(width: 320, height: 600), sections: [
            .init(sizes: models.map { Size(width: 320, height: rowHeight($0)) }),
        ])
        layout.prepare(from: s)
        for (row, tags) in models.enumerated() {
            let lines = placedLines(tags)
            let expected = 24 + Double(lines) * 30 + Double(Swift.max(0, lines - 1)) * 8
            #expect(layout.attributesForItem(at: IndexPath(item: row, section: 0))?.frame.height == expected)
        }
        // Row 1: widths 28, 64, 101, 28, 64, 101, 28, 64 in 288 with spacing 8: lines
        // 28+64+101+28 (+3·8 = 245), 64+101+28+64 (+24 = 281): two lines, 12+68+12 = 92.
        #expect(layout.attributesForItem(at: IndexPath(item: 1, section: 0))?.frame.height == 92)
        #expect(cache.count == models.count)
    }

    @Test func badInputBecomesZeroWithDiagnosticsNamingIt() {
        // A container of NaN width, a header of -5 and a row of infinite height: all become
        // 0, each reported with the path of the input; nothing crashes or sticks out.
        let s = StaticLayoutSource(containerSize: Size(width: .nan, height: 100), sections: [
            .init(sizes: [Size(width: 1, height: 20), Size(width: 1, height: .infinity)], header: Size(width: 0, height: -5)),
        ])
        let layout = ListLayout()
        layout.prepare(from: s)
        #expect(layout.diagnostics.map(\.path) == ["container.width", "sections[0].items[1].height", "sections[0].header.height"])
        #expect(layout.diagnostics.allSatisfy { $0.code == .invalidSize })
        #expect(layout.attributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 0, y: 20, width: 0, height: 0))
        #expect(layout.contentSize == Size(width: 0, height: 20))
        // A measured size that is bad is reported by the invalidation that brings it.
        let bad = ItemSize(width: 1, height: -1)
        layout.invalidate(.sizes([(IndexPath(item: 0, section: 0), bad)]), source: s)
        #expect(layout.diagnostics.map(\.path) == ["sections[0].items[0].height"])
        #expect(layout.contentSize.height == 0)
    }

    @Test func optionsAreValidated() {
        #expect(throws: LayoutOptionsError.self) { try ListLayout.Options(separators: .init(thickness: 0)).validate() }
        #expect(throws: LayoutOptionsError.self) { try ListLayout.Options(rowSpacing: -2).validate() }
        #expect(throws: Never.self) { try ListLayout.Options(separators: .init()).validate() }
    }

    // MARK: Properties on random inputs

    private func randomList(_ rng: inout SplitMix64, pinning: Bool = false) -> ListLayout {
        ListLayout(options: .init(
            rowSpacing: rng.double(0...6),
            separators: rng.chance(0.6) ? .init(thickness: rng.double(0.5...3), insets: EdgeInsets(leading: rng.double(0...30), trailing: rng.double(0...10))) : nil,
            sections: LayoutChecks.randomStyle(&rng, pinning: pinning)))
    }

    @Test(arguments: 0..<40)
    func randomLayoutsHoldTheProperties(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 7000)
        let s = LayoutChecks.randomSource(&rng, direction: seed % 4 == 3 ? .rightToLeft : .leftToRight)
        let layout = randomList(&rng)
        layout.prepare(from: s)
        LayoutChecks.expectNoOverlapsAndInsideContent(layout, s)
        LayoutChecks.expectQueriesMatchBruteForce(layout, s, rng: &rng)
        let cells = LayoutChecks.cells(layout, s)
        for (a, b) in zip(cells, cells.dropFirst()) where a.indexPath.section == b.indexPath.section {
            #expect(b.frame.minY - a.frame.maxY >= layout.options.rowSpacing - 1e-9)
        }
        // Separators lie in the gaps: they never overlap a row.
        for separator in LayoutChecks.allElements(layout, s) where separator.kind == .separator {
            #expect(!cells.contains { LayoutChecks.overlap($0.frame, separator.frame) })
        }
    }

    @Test(arguments: 0..<15)
    func horizontalListsAreTransposedVerticalOnesAndHoldTheProperties(seed: Int) {
        LayoutChecks.expectHorizontalIsTransposedVertical(
            seed: UInt64(seed) &+ 7300, make: { randomList(&$0) },
            horizontal: { vertical in
                var options = vertical.options.horizontalTwin
                options.separators?.insets = vertical.options.separators?.insets.transposed ?? .zero
                return ListLayout(options: options)
            })
    }

    @Test(arguments: 0..<20)
    func pinnedHeadersStayInsideTheirSection(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 7500)
        let s = LayoutChecks.randomSource(&rng)
        let layout = randomList(&rng, pinning: true)
        layout.prepare(from: s)
        for _ in 0..<20 {
            let visible = Rect(x: 0, y: rng.double(-100...(layout.contentSize.height + 100)), width: s.containerSize.width, height: rng.double(50...400))
            for element in layout.elements(in: visible, visibleBounds: visible) where element.kind.category == .supplementaryView {
                let section = element.indexPath.section
                let resting = layout.attributesForSupplementaryElement(ofKind: element.kind, at: element.indexPath)!.frame
                let header = layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: section))?.frame
                let footer = layout.attributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: section))?.frame
                let sectionTop = header?.minY ?? -.infinity, sectionBottom = footer?.maxY ?? .infinity
                #expect(element.frame.minY >= sectionTop - 1e-9 && element.frame.maxY <= sectionBottom + 1e-9)
                if element.kind == .header {
                    #expect(element.isPinned == (element.frame.minY != resting.minY))
                    #expect(element.frame.minY >= resting.minY)
                    if let footer {
                        // Pinned: at the top of the visible bounds, or pushed up by the footer.
                        let expected = max(resting.minY, min(visible.minY, footer.minY - resting.height))
                        #expect(abs(element.frame.minY - expected) < 1e-9)
                    }
                }
            }
        }
    }

    @Test(arguments: 0..<30)
    func incrementalUpdatesEqualAFullRelayout(seed: Int) {
        LayoutChecks.expectIncrementalEqualsFresh(
            seed: UInt64(seed) &+ 8000, make: { randomList(&$0) }, fresh: { ListLayout(options: $0.options) })
    }

    @Test(arguments: 0..<16)
    func forEachElementVisitsWhatElementsReturnsInOrder(seed: Int) {
        LayoutChecks.expectVisitingMatchesElements(seed: seed, offset: 9300) { rng in
            let layout = randomList(&rng)
            layout.options = LayoutChecks.variant(layout.options, seed: seed)
            return layout
        }
    }
}
