import Testing
@testable import Trellis

@Suite("GridLayout")
struct GridLayoutTests {
    private func source(width: Double, heights: [Double], header: Double? = nil, footer: Double? = nil, direction: LayoutDirection = .leftToRight) -> StaticLayoutSource {
        StaticLayoutSource(
            containerSize: Size(width: width, height: 600), layoutDirection: direction,
            sections: [.init(sizes: heights.map { Size(width: 999, height: $0) },
                             header: header.map { Size(width: 0, height: $0) }, footer: footer.map { Size(width: 0, height: $0) })])
    }

    private func frames(_ layout: GridLayout, _ count: Int, section: Int = 0) -> [Rect] {
        (0..<count).map { layout.attributesForItem(at: IndexPath(item: $0, section: section))!.frame }
    }

    @Test func threeColumnsRowsAsTallAsTheirTallestItem() {
        // 300 wide, 3 columns of 100, no spacing. Heights 10, 30, 20 | 5: row 0 is 30 tall,
        // row 1 starts at 30; the source's widths (999) are ignored.
        let layout = GridLayout(options: .init(columns: .count(3)))
        let s = source(width: 300, heights: [10, 30, 20, 5])
        layout.prepare(from: s)
        #expect(frames(layout, 4) == [
            Rect(x: 0, y: 0, width: 100, height: 10), Rect(x: 100, y: 0, width: 100, height: 30),
            Rect(x: 200, y: 0, width: 100, height: 20), Rect(x: 0, y: 30, width: 100, height: 5),
        ])
        #expect(layout.contentSize == Size(width: 300, height: 35))
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 1, section: 0)) == FittingProposal(width: .exactly(100), height: .unconstrained))
    }

    /// The self-sizing loop with a grid (scenario S3's three-column case): items start with an
    /// estimated height, each is measured at the width `fittingProposal` gives (a third of
    /// the collection), and the measured heights come back as an invalidation. The result
    /// equals a layout prepared with the measured heights from the start.
    @Test func selfSizingCellsMeasuredAtTheProposedWidth() {
        let texts = (0..<12).map { String(repeating: "word ", count: 1 + ($0 * 7) % 9) }
        // A stand-in for text measurement: 7 points a character, 16-point lines, 8 of padding.
        func measure(_ text: String, width: Double) -> Double {
            let perLine = max(1, Int((width - 16) / 7))
            return Double((text.count + perLine - 1) / perLine) * 16 + 16
        }
        let layout = GridLayout(options: .init(columns: .count(3), columnSpacing: 6, rowSpacing: 6))
        var s = source(width: 330, heights: Array(repeating: 44, count: texts.count))
        layout.prepare(from: s)
        var measured: [(IndexPath, ItemSize)] = []
        for item in texts.indices {
            let path = IndexPath(item: item, section: 0)
            guard case .exactly(let width) = layout.fittingProposal(forItemAt: path).width else {
                Issue.record("a grid proposes an exact width")
                return
            }
            #expect(width == 106)  // (330 − 2·6) / 3
            let size = ItemSize(width: width, height: measure(texts[item], width: width))
            measured.append((path, size))
            s.setSize(size, at: path)
        }
        layout.invalidate(.sizes(measured), source: s)
        let fresh = GridLayout(options: layout.options)
        fresh.prepare(from: s)
        #expect(frames(layout, texts.count) == frames(fresh, texts.count))
        #expect(frames(layout, texts.count)[3].minY == 6 + measured[0...2].map(\.1.size.height).max()!)
    }

    @Test func stretchedItemsTakeTheRowHeight() {
        let layout = GridLayout(options: .init(columns: .count(3), stretchesItems: true))
        layout.prepare(from: source(width: 300, heights: [10, 30, 20, 5]))
        #expect(frames(layout, 4).map(\.height) == [30, 30, 30, 5])
    }

    @Test(arguments: [
        // 100 points in 3 columns at scale 1: ideal edges 0, 33.3|33.3, 66.7|66.7, 100
        // round to 0–33, 33–67, 67–100: widths 33, 34, 33.
        (1.0, [(0.0, 33.0), (33.0, 34.0), (67.0, 33.0)]),
        // At scale 2 the edges round to half points: 33.5, 66.5.
        (2.0, [(0.0, 33.5), (33.5, 33.0), (66.5, 33.5)]),
    ])
    func columnEdgesSnapToThePixelGridAndSumToTheWidth(scale: Double, expected: [(Double, Double)]) {
        let layout = GridLayout(options: .init(columns: .count(3), displayScale: scale))
        layout.prepare(from: source(width: 100, heights: [10, 10, 10]))
        let frames = frames(layout, 3)
        #expect(frames.map(\.minX) == expected.map(\.0))
        #expect(frames.map(\.width) == expected.map(\.1))
        #expect(frames.map(\.width).reduce(0, +) == 100)
    }

    @Test(arguments: [8, 40])  // within and beyond the table of whole-column spans (32)
    func spansGiveTheSameEdgesWithOrWithoutTheSpanTable(columns: Int) {
        // 400 wide, spacing 2: every span of k columns from column j has the edges of a
        // fraction k/C starting at j/C, and span 2 from column 0 ends where column 1 does.
        let widths: [GridLayout.ItemWidth] = [.span(1), .span(2), .span(columns - 3), .fraction(1.0 / Double(columns)), .span(2)]
        let layout = GridLayout(options: .init(columns: .count(columns), columnSpacing: 2), itemWidth: { widths[$0.item] })
        layout.prepare(from: source(width: 400, heights: [10, 10, 10, 10, 10]))
        let frames = frames(layout, 5)
        #expect(frames.map(\.minY) == [0, 0, 0, 10, 10])
        #expect(frames[1].minX == layout.columnFrame(1).x)
        #expect(frames[2].maxX == 400)
        #expect(frames[3] == Rect(x: 0, y: 10, width: layout.columnFrame(0).width, height: 10))
        #expect(frames[4].minX == layout.columnFrame(1).x && frames[4].maxX == layout.columnFrame(2).x + layout.columnFrame(2).width)
    }

    @Test func minimumColumnWidthGivesTheCount() {
        // (375 + 10) / (100 + 10) = 3.5: three columns.
        let layout = GridLayout(options: .init(columns: .minimumWidth(100), columnSpacing: 10))
        layout.prepare(from: source(width: 375, heights: [1]))
        #expect(layout.columnCount == 3)
        #expect(ColumnRule.minimumWidth(500).columnCount(available: 375, spacing: 10) == 1)
    }

    @Test func fractionsOf48PercentPackTwoToARow() {
        // W = 375, s = 10: a fraction f is f·385 − 10 wide. 0.48 → 174.8 → edges 0–175 and
        // 184.8–359.6 → 185–360. A third 0.48 does not fit (1.44 > 1): a new row.
        let layout = GridLayout(options: .init(columnSpacing: 10, rowSpacing: 4, itemWidth: .fraction(0.48)))
        layout.prepare(from: source(width: 375, heights: [50, 60, 70]))
        #expect(frames(layout, 3) == [
            Rect(x: 0, y: 0, width: 175, height: 50), Rect(x: 185, y: 0, width: 175, height: 60),
            Rect(x: 0, y: 64, width: 175, height: 70),
        ])
    }

    @Test func thirdsFillARowExactly() {
        // W = 320, s = 10: (320 + 10) / 3 = 110 per third: 0–100, 110–210, 220–320.
        let layout = GridLayout(options: .init(columnSpacing: 10, itemWidth: .fraction(1.0 / 3)))
        layout.prepare(from: source(width: 320, heights: [1, 1, 1, 1]))
        #expect(frames(layout, 4).map(\.minX) == [0, 110, 220, 0])
        #expect(frames(layout, 4).map(\.maxX) == [100, 210, 320, 100])
    }

    @Test func spansAndFractionsMix() {
        // 4 columns in 400 (no spacing): a span of 2 then a fraction 0.25 then a span 1.
        let widths: [GridLayout.ItemWidth] = [.span(2), .fraction(0.25), .span(1), .span(3), .span(2)]
        let layout = GridLayout(options: .init(columns: .count(4)), itemWidth: { widths[$0.item] })
        layout.prepare(from: source(width: 400, heights: [10, 10, 10, 10, 10]))
        #expect(frames(layout, 5).map(\.minX) == [0, 200, 300, 0, 0])
        #expect(frames(layout, 5).map(\.width) == [200, 100, 100, 300, 200])
        #expect(frames(layout, 5).map(\.minY) == [0, 0, 0, 10, 20])
    }

    @Test func badWidthsAreClampedWithADiagnostic() {
        let widths: [GridLayout.ItemWidth] = [.span(7), .fraction(-1), .fraction(2)]
        let layout = GridLayout(options: .init(columns: .count(3)), itemWidth: { widths[$0.item] })
        layout.prepare(from: source(width: 300, heights: [10, .nan, 10]))
        #expect(frames(layout, 3).map(\.width) == [300, 100, 300])
        #expect(frames(layout, 3)[1].height == 0)
        #expect(Set(layout.diagnostics.map(\.path)) == [
            "sections[0].items[0].span", "sections[0].items[1].fraction", "sections[0].items[1].height", "sections[0].items[2].fraction",
        ])
    }

    @Test func rightToLeftMirrorsTheColumns() {
        let layout = GridLayout(options: .init(columns: .count(3)))
        layout.prepare(from: source(width: 300, heights: [10, 10, 10], direction: .rightToLeft))
        #expect(frames(layout, 3).map(\.minX) == [200, 100, 0])
        #expect(layout.columnFrame(0).x == 200)
    }

    @Test func headersFootersInsetsAndBackground() {
        // Container 340, insets 10/20/10/20: items 300 wide from x 20. Header 50 spans the
        // width at y 0; items start at 50 + 10; two rows of 40 and 30 with 5 between: the
        // body is 75; the footer starts at 60 + 75 + 10 = 145. Background: the items area
        // (20, 60, 300, 75) grown by 4.
        let style = SectionStyle(insets: EdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20), background: SectionBackground(insets: EdgeInsets(all: -4)))
        let layout = GridLayout(options: .init(columns: .count(2), rowSpacing: 5, sections: style))
        layout.prepare(from: source(width: 340, heights: [40, 20, 30], header: 50, footer: 25))
        #expect(frames(layout, 3) == [
            Rect(x: 20, y: 60, width: 150, height: 40), Rect(x: 170, y: 60, width: 150, height: 20), Rect(x: 20, y: 105, width: 150, height: 30),
        ])
        let path = IndexPath(item: 0, section: 0)
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: path)?.frame == Rect(x: 0, y: 0, width: 340, height: 50))
        #expect(layout.attributesForSupplementaryElement(ofKind: .footer, at: path)?.frame == Rect(x: 0, y: 145, width: 340, height: 25))
        let background = layout.attributesForDecoration(ofKind: .sectionBackground, at: path)
        #expect(background?.frame == Rect(x: 16, y: 56, width: 308, height: 83))
        #expect(background?.zIndex == -1)
        #expect(layout.contentSize.height == 170)
    }

    @Test func pinnedHeaderSticksWhileItsSectionIsVisible() {
        // Two sections, each: header 40, 10 rows of 50 → 540 tall. Scrolled to y 300, the
        // first header sits at 300; at 520 it is pushed up by its section's end (540).
        let section = StaticLayoutSource.Section(sizes: Array(repeating: Size(width: 0, height: 50), count: 10), header: Size(width: 0, height: 40))
        let s = StaticLayoutSource(containerSize: Size(width: 100, height: 400), sections: [section, section])
        let layout = GridLayout(options: .init(columns: .count(1), sections: SectionStyle(pinsHeaders: true)))
        layout.prepare(from: s)
        func header(_ y: Double, section: Int) -> LayoutAttributes? {
            let visible = Rect(x: 0, y: y, width: 100, height: 400)
            return layout.elements(in: visible, visibleBounds: visible).first { $0.kind == .header && $0.indexPath.section == section }
        }
        #expect(header(300, section: 0)?.frame.minY == 300)
        #expect(header(300, section: 0)?.isPinned == true)
        #expect(header(520, section: 0)?.frame.maxY == 540)
        #expect(header(520, section: 1)?.frame.minY == 540)
        #expect(header(0, section: 0)?.isPinned == false)
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))?.frame.minY == 540)
    }

    @Test func horizontalScrollingTransposesTheGrid() {
        // Container 400×300, 3 "columns" of 100 down the height; the items' widths (10, 30,
        // 20 | 5) are their extents along the scroll axis; a header 40 wide comes first.
        let s = StaticLayoutSource(
            containerSize: Size(width: 400, height: 300),
            sections: [.init(sizes: [10, 30, 20, 5].map { Size(width: $0, height: 999) }, header: Size(width: 40, height: 0))])
        let layout = GridLayout(options: .init(columns: .count(3), scrollDirection: .horizontal))
        layout.prepare(from: s)
        #expect(frames(layout, 4) == [
            Rect(x: 40, y: 0, width: 10, height: 100), Rect(x: 40, y: 100, width: 30, height: 100),
            Rect(x: 40, y: 200, width: 20, height: 100), Rect(x: 70, y: 0, width: 5, height: 100),
        ])
        #expect(layout.contentSize == Size(width: 75, height: 300))
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 0, width: 40, height: 300))
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 0)) == FittingProposal(width: .unconstrained, height: .exactly(100)))
        #expect(layout.columnFrame(2) == (x: 200, width: 100))
        // Right-to-left: the content runs from the right edge leftwards.
        let rtl = StaticLayoutSource(containerSize: s.containerSize, layoutDirection: .rightToLeft, sections: s.sections)
        layout.prepare(from: rtl)
        #expect(frames(layout, 4).map(\.maxX) == [35, 35, 35, 5])  // each "row" starts at the right
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame.minX == 35)
    }

    @Test(arguments: 0..<20)
    func horizontalLayoutsAreTransposedVerticalOnesAndHoldTheProperties(seed: Int) {
        LayoutChecks.expectHorizontalIsTransposedVertical(
            seed: UInt64(seed) &+ 2500, make: { randomGrid(&$0) },
            horizontal: { GridLayout(options: $0.options.horizontalTwin, itemWidth: $0.itemWidth) })
    }

    @Test(arguments: 0..<10)
    func horizontalIncrementalUpdatesEqualAFullRelayout(seed: Int) {
        LayoutChecks.expectIncrementalEqualsFresh(
            seed: UInt64(seed) &+ 3500,
            make: { rng in
                let layout = randomGrid(&rng)
                layout.options.scrollDirection = .horizontal
                return layout
            },
            fresh: { GridLayout(options: $0.options, itemWidth: $0.itemWidth) })
    }

    @Test func optionsAreValidated() {
        #expect(throws: LayoutOptionsError.self) { try GridLayout.Options(columns: .count(0)).validate() }
        #expect(throws: LayoutOptionsError.self) { try GridLayout.Options(columnSpacing: -1).validate() }
        #expect(throws: LayoutOptionsError.self) { try GridLayout.Options(itemWidth: .fraction(1.5)).validate() }
        #expect(throws: LayoutOptionsError.self) { try GridLayout.Options(displayScale: 0).validate() }
        #expect(throws: LayoutOptionsError.self) { try GridLayout.Options(sections: SectionStyle(insets: EdgeInsets(top: .nan))).validate() }
        #expect(throws: Never.self) { try GridLayout.Options().validate() }
    }

    // MARK: Properties on random inputs

    private func randomGrid(_ rng: inout SplitMix64) -> GridLayout {
        let columnRule: ColumnRule = rng.chance(0.5) ? .count(rng.int(1...6)) : .minimumWidth(rng.double(40...150))
        let fractions: [Double] = [0.25, 1.0 / 3, 0.48, 0.5, 2.0 / 3, 1]
        let mixed = rng.chance(0.5)
        let spanSeed = rng.next()
        let columnSpacing = Double(rng.int(0...12)), rowSpacing = rng.double(0...10)
        let stretches = rng.chance(0.3)
        let scale: Double = [1, 2, 3][rng.int(0...2)]
        let style = LayoutChecks.randomStyle(&rng)
        let options = GridLayout.Options(
            columns: columnRule, columnSpacing: columnSpacing, rowSpacing: rowSpacing,
            stretchesItems: stretches, displayScale: scale, sections: style)
        // A deterministic per-item width: a span of 1–2 or one of the fractions.
        let perItem: @Sendable (IndexPath) -> GridLayout.ItemWidth = { path in
            let h = Int(((UInt64(path.item) &* 0x9E37_79B9) ^ spanSeed) % 8)
            return h < 2 ? .span(h + 1) : .fraction(fractions[h - 2])
        }
        return GridLayout(options: options, itemWidth: mixed ? perItem : nil)
    }

    @Test(arguments: 0..<40)
    func randomLayoutsHoldTheProperties(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let direction: LayoutDirection = seed % 4 == 3 ? .rightToLeft : .leftToRight
        let s = LayoutChecks.randomSource(&rng, direction: direction)
        let layout = randomGrid(&rng)
        layout.prepare(from: s)
        LayoutChecks.expectNoOverlapsAndInsideContent(layout, s)
        LayoutChecks.expectQueriesMatchBruteForce(layout, s, rng: &rng)

        let scale = layout.options.displayScale
        let spacing = layout.options.columnSpacing
        for section in 0..<s.numberOfSections {
            let cells = (0..<s.numberOfItems(inSection: section)).map { layout.attributesForItem(at: IndexPath(item: $0, section: section))!.frame }
            // Every edge lies on the pixel grid.
            for frame in cells {
                // (Up to the last bit: at scale 3 a mirrored edge is W − k/3.)
                #expect(abs((frame.minX * scale).rounded() - frame.minX * scale) < 1e-9)
                #expect(abs((frame.maxX * scale).rounded() - frame.maxX * scale) < 1e-9)
            }
            // Rows: items of one row share their top; gaps never below the spacing; rows
            // are at least rowSpacing apart.
            let rows = Dictionary(grouping: cells.indices, by: { cells[$0].minY }).sorted { $0.key < $1.key }
            for (_, members) in rows {
                let ordered = members.map { cells[$0] }.filter { $0.width > 0 }.sorted { $0.minX < $1.minX }
                for (a, b) in zip(ordered, ordered.dropFirst()) { #expect(b.minX - a.maxX >= spacing - 1e-9) }
            }
            for (upper, lower) in zip(rows, rows.dropFirst()) {
                let bottom = upper.value.map { cells[$0].maxY }.max()!
                #expect(lower.key - bottom >= layout.options.rowSpacing - 1e-6)
            }
        }
    }

    @Test(arguments: 0..<20)
    func columnsAlignAndWidthsDifferByAtMostAPixel(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
        let columns = rng.int(1...7), scale = [1.0, 2, 3][rng.int(0...2)]
        let spacing = Double(rng.int(0...3)) / scale
        let width = Double(rng.int(200...600))
        let layout = GridLayout(options: .init(columns: .count(columns), columnSpacing: spacing, displayScale: scale))
        let s = source(width: width, heights: (0..<(columns * 4)).map { _ in rng.double(1...80) })
        layout.prepare(from: s)
        let frames = frames(layout, columns * 4)
        for column in 0..<columns {
            let inColumn = stride(from: column, to: frames.count, by: columns).map { frames[$0] }
            #expect(Set(inColumn.map(\.minX)).count == 1 && Set(inColumn.map(\.maxX)).count == 1)
        }
        let widths = frames.prefix(columns).map(\.width)
        #expect(widths.max()! - widths.min()! <= 1 / scale + 1e-9)
        // The columns and the gaps between them fill the available width exactly.
        #expect(abs(widths.reduce(0, +) + Double(columns - 1) * spacing - width) < 1e-9)
        #expect(frames[0].minX == 0 && frames[columns - 1].maxX == width)
    }

    @Test(arguments: 0..<20)
    func fractionsSummingToOneFillTheWidth(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 2000)
        // Random partitions of 1 into pieces of k/12.
        var widths: [GridLayout.ItemWidth] = []
        for _ in 0..<6 {
            var left = 12
            while left > 0 {
                let piece = rng.int(1...left)
                widths.append(.fraction(Double(piece) / 12))
                left -= piece
            }
        }
        let spacing = Double(rng.int(0...10)), width = Double(rng.int(200...500))
        let captured = widths
        let layout = GridLayout(options: .init(columnSpacing: spacing), itemWidth: { captured[$0.item] })
        let s = source(width: width, heights: Array(repeating: 10, count: widths.count))
        layout.prepare(from: s)
        let frames = frames(layout, widths.count)
        for (_, row) in Dictionary(grouping: frames, by: \.minY) {
            let sorted = row.sorted { $0.minX < $1.minX }
            #expect(sorted.first!.minX == 0 && sorted.last!.maxX == width)
            #expect(sorted.map(\.width).reduce(0, +) + Double(sorted.count - 1) * spacing == width)
        }
        #expect(Set(frames.map(\.minY)).count == 6)
    }

    @Test(arguments: 0..<30)
    func incrementalUpdatesEqualAFullRelayout(seed: Int) {
        LayoutChecks.expectIncrementalEqualsFresh(
            seed: UInt64(seed) &+ 3000, make: { randomGrid(&$0) },
            fresh: { GridLayout(options: $0.options, itemWidth: $0.itemWidth) })
    }

    @Test(arguments: 0..<16)
    func forEachElementVisitsWhatElementsReturnsInOrder(seed: Int) {
        LayoutChecks.expectVisitingMatchesElements(seed: seed, offset: 9100) { rng in
            let layout = randomGrid(&rng)
            layout.options = LayoutChecks.variant(layout.options, seed: seed)
            return layout
        }
    }
}
