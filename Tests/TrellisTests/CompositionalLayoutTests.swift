import Testing
@testable import Trellis

extension CompositionalLayout: DecoratedLayout {}

/// Shorthands for the tests.
private func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
    CompositionalSize(widthDimension: width, heightDimension: height)
}

private func item(_ width: CompositionalDimension, _ height: CompositionalDimension, insets: EdgeInsets = .zero, edges: CompositionalEdgeSpacing? = nil) -> CompositionalSubitem {
    .item(CompositionalItem(layoutSize: size(width, height), contentInsets: insets, edgeSpacing: edges))
}

private func source(width: Double = 300, height: Double = 600, sections: [[Size]], headers: [Double?] = [], direction: LayoutDirection = .leftToRight) -> StaticLayoutSource {
    StaticLayoutSource(
        containerSize: Size(width: width, height: height), layoutDirection: direction,
        sections: sections.enumerated().map { index, sizes in
            .init(sizes: sizes, header: index < headers.count ? headers[index].map { Size(width: 0, height: $0) } : nil)
        })
}

private func frames(_ layout: CompositionalLayout, _ count: Int, section: Int = 0) -> [Rect] {
    (0..<count).map { layout.attributesForItem(at: IndexPath(item: $0, section: section))!.frame }
}

/// Random compositions that never overflow their groups: fractions of a row that sum to at
/// most 1 (leaving room for fixed spacing), heights absolute, estimated or a fraction of
/// the row, nested vertical groups, `count:` repetitions, flexible spacing and edge spacing.
enum RandomComposition {
    static func height(_ rng: inout SplitMix64, allowFraction: Bool) -> CompositionalDimension {
        switch rng.int(0...(allowFraction ? 3 : 2)) {
        case 0: .absolute(Double(rng.int(5...80)))
        case 3: .fractionalHeight(1)
        default: .estimated(Double(rng.int(10...60)))
        }
    }

    static func group(_ rng: inout SplitMix64) -> CompositionalGroup {
        let insets = rng.chance(0.3) ? EdgeInsets(all: Double(rng.int(0...4))) : .zero
        if rng.chance(0.25) {
            // count: copies sized to fit.
            let count = rng.int(1...4)
            var group = CompositionalGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .estimated(40)),
                subitem: item(.absolute(1), height(&rng, allowFraction: true), insets: insets), count: count)
            group.interItemSpacing = rng.chance(0.5) ? .fixed(Double(rng.int(0...6))) : nil
            group.stretchesItems = rng.chance(0.3)
            return group
        }
        if rng.chance(0.2) {
            // A vertical group of rows.
            let rows = (0..<rng.int(1...3)).map { _ in item(.fractionalWidth(1), height(&rng, allowFraction: false), insets: insets) }
            var group = CompositionalGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: rows)
            group.interItemSpacing = .fixed(Double(rng.int(0...5)))
            return group
        }
        let count = rng.int(1...4)
        let fixedSpacing = rng.chance(0.5)
        let total = fixedSpacing ? 0.8 : 1.0
        let weights = (0..<count).map { _ in rng.double(0.5...2) }
        let sum = weights.reduce(0, +)
        var subitems: [CompositionalSubitem] = []
        for weight in weights {
            let fraction = total * weight / sum
            if rng.chance(0.25) {
                let rows = (0..<rng.int(1...3)).map { _ in item(.fractionalWidth(1), height(&rng, allowFraction: false)) }
                var nested = CompositionalGroup.vertical(layoutSize: size(.fractionalWidth(fraction), .estimated(30)), subitems: rows)
                nested.interItemSpacing = .fixed(Double(rng.int(0...4)))
                subitems.append(.group(nested))
            } else {
                let edges = rng.chance(0.3) ? CompositionalEdgeSpacing(top: .flexible(0), bottom: .flexible(0)) : nil
                subitems.append(item(.fractionalWidth(fraction), height(&rng, allowFraction: true), insets: insets, edges: edges))
            }
        }
        var group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), rng.chance(0.8) ? .estimated(44) : .absolute(120)), subitems: subitems)
        if case .absolute = group.layoutSize.heightDimension {
            // Fixed rows: children must fit, so they take fractions of its height.
            group.subitems = subitems.map { subitem in
                guard case .item(var item) = subitem else { return .item(CompositionalItem(layoutSize: size(subitem.layoutSize.widthDimension, .fractionalHeight(1)))) }
                item.layoutSize.heightDimension = .fractionalHeight(rng.double(0.3...1))
                return .item(item)
            }
        }
        group.interItemSpacing = fixedSpacing ? .fixed(Double(rng.int(0...8))) : .flexible(0)
        group.stretchesItems = rng.chance(0.3)
        return group
    }

    static func section(_ rng: inout SplitMix64, pinning: Bool = false) -> CompositionalSection {
        var section = CompositionalSection(group: group(&rng))
        section.interGroupSpacing = Double(rng.int(0...10))
        section.contentInsets = EdgeInsets(top: Double(rng.int(0...12)), leading: Double(rng.int(0...12)), bottom: Double(rng.int(0...12)), trailing: Double(rng.int(0...12)))
        section.contentInsetsReference = rng.chance(0.7) ? .none : .layoutMargins
        section.supplementariesFollowContentInsets = rng.chance(0.5)
        section.boundarySupplementaryItems = [.header(height: .estimated(30), pinToVisibleBounds: pinning), .footer(height: rng.chance(0.5) ? .absolute(20) : .estimated(25), pinToVisibleBounds: pinning)]
        if rng.chance(0.5) { section.decorationItems = [.background(contentInsets: EdgeInsets(all: Double(rng.int(-4...6))))] }
        if rng.chance(0.3) { section.separators = ListLayout.Separators(thickness: 1, insets: EdgeInsets(leading: 8)) }
        return section
    }

    /// A layout whose section i is `sections[i % 4]`, and a maker of fresh twins of it.
    static func layout(_ rng: inout SplitMix64, pinning: Bool = false) -> (CompositionalLayout, () -> CompositionalLayout) {
        let sections = (0..<4).map { _ in section(&rng, pinning: pinning) }
        let configuration = CompositionalConfiguration(interSectionSpacing: Double(rng.int(0...10)))
        let make = { CompositionalLayout(configuration: configuration) { index, _ in sections[index % sections.count] } }
        return (make(), make)
    }
}

@Suite("CompositionalLayout")
struct CompositionalLayoutTests {
    // MARK: Dimensions and groups

    @Test func fractionsSummingToOneFillTheirGroupExactly() {
        let cases: [[Double]] = [[1.0 / 3, 1.0 / 3, 1.0 / 3], [0.25, 0.5, 0.25], [0.1, 0.2, 0.3, 0.4], Array(repeating: 1.0 / 7, count: 7)]
        for fractions in cases {
            for width in [300.0, 317, 375.5, 1000.3] {
                let group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: fractions.map { item(.fractionalWidth($0), .fractionalHeight(1)) })
                let section = CompositionalSection(group: group, contentInsets: EdgeInsets(leading: 7, trailing: 9), contentInsetsReference: .none)
                let layout = CompositionalLayout(section: section)
                layout.prepare(from: source(width: width, sections: [Array(repeating: Size(width: 1, height: 1), count: fractions.count)]))
                let rects = frames(layout, fractions.count)
                #expect(rects.first!.minX == 7)
                #expect(rects.last!.maxX == width - 9, "\(fractions) in \(width)")
                for (a, b) in zip(rects, rects.dropFirst()) { #expect(a.maxX == b.minX) }
            }
        }
        // count: 7 copies sized to fit, with spacing.
        let repeated = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(20)), subitem: CompositionalItem(layoutSize: size(.absolute(1), .fractionalHeight(1))), count: 7)
        var section = CompositionalSection(group: repeated, contentInsetsReference: .none)
        section.group.interItemSpacing = .fixed(3)
        let layout = CompositionalLayout(section: section)
        layout.prepare(from: source(width: 331.7, sections: [Array(repeating: Size(width: 1, height: 1), count: 7)]))
        let rects = frames(layout, 7)
        #expect(rects.last!.maxX == 331.7)
        for (a, b) in zip(rects, rects.dropFirst()) { #expect(abs(b.minX - a.maxX - 3) < 1e-9 && abs(a.width - b.width) < 1e-9) }
    }

    @Test func horizontalGroupHeightIsItsTallestMeasuredItem() {
        // Three estimated items; the group's estimated height becomes the tallest measured.
        let group = CompositionalGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .estimated(44)),
            subitems: [item(.fractionalWidth(0.5), .estimated(44)), item(.fractionalWidth(0.25), .estimated(44)), item(.fractionalWidth(0.25), .fractionalHeight(1))])
        let layout = CompositionalLayout(section: CompositionalSection(group: group, contentInsetsReference: .none))
        var s = source(width: 400, sections: [[Size(width: 9, height: 30), Size(width: 9, height: 70), Size(width: 9, height: 999), Size(width: 9, height: 20)]])
        layout.prepare(from: s)
        #expect(frames(layout, 4) == [
            Rect(x: 0, y: 0, width: 200, height: 30), Rect(x: 200, y: 0, width: 100, height: 70),
            Rect(x: 300, y: 0, width: 100, height: 70),  // a fraction of the group's height: stretched to it
            Rect(x: 0, y: 70, width: 200, height: 20),
        ])
        // A measured size grows the row and moves the next one.
        s.setSize(ItemSize(width: 9, height: 90), at: IndexPath(item: 0, section: 0))
        layout.invalidate(.sizes([(IndexPath(item: 0, section: 0), ItemSize(width: 9, height: 90))]), source: s)
        #expect(frames(layout, 4)[3] == Rect(x: 0, y: 90, width: 200, height: 20))
        #expect(layout.contentSize == Size(width: 400, height: 110))
        // The proposal: widths fixed, heights free.
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 1, section: 0)) == FittingProposal(width: .exactly(100), height: .unconstrained))
        // stretchesItems shows every estimated item as tall as the row.
        var stretched = group
        stretched.stretchesItems = true
        let stretchedLayout = CompositionalLayout(section: CompositionalSection(group: stretched, contentInsetsReference: .none))
        stretchedLayout.prepare(from: s)
        #expect(frames(stretchedLayout, 3).map(\.height) == [90, 90, 90])
    }

    @Test func nestedGroupsWithAbsoluteSizes() {
        // App Store style: a large item left, two stacked small ones right, insets and spacing.
        let right = CompositionalGroup(
            layoutSize: size(.absolute(100), .absolute(200)), axis: .vertical,
            subitems: [item(.fractionalWidth(1), .absolute(90)), item(.fractionalWidth(1), .absolute(90))],
            interItemSpacing: .flexible(4))
        let group = CompositionalGroup(
            layoutSize: size(.absolute(320), .absolute(200)), axis: .horizontal,
            subitems: [item(.absolute(200), .fractionalHeight(1), insets: EdgeInsets(all: 5)), .group(right)],
            interItemSpacing: .fixed(10), contentInsets: EdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5))
        let section = CompositionalSection(group: group, interGroupSpacing: 8, contentInsets: EdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 0), contentInsetsReference: .none)
        let layout = CompositionalLayout(section: section)
        layout.prepare(from: source(width: 400, sections: [Array(repeating: Size(width: 1, height: 1), count: 5)]))
        #expect(frames(layout, 5) == [
            Rect(x: 30, y: 15, width: 190, height: 190),
            Rect(x: 235, y: 10, width: 100, height: 90),
            Rect(x: 235, y: 120, width: 100, height: 90),  // flexible spacing: the 20 left over
            Rect(x: 30, y: 223, width: 190, height: 190),
            Rect(x: 235, y: 218, width: 100, height: 90),
        ])
        #expect(layout.contentSize.height == 10 + 200 + 8 + 200 + 10)
    }

    @Test func edgeSpacingCentresAndFlexibleSpacingSharesTheRest() {
        let centred = CompositionalEdgeSpacing(leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0))
        let group = CompositionalGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            subitems: [item(.absolute(50), .absolute(40), edges: centred), item(.absolute(210), .absolute(40), edges: CompositionalEdgeSpacing(top: .flexible(0)))])
        let layout = CompositionalLayout(section: CompositionalSection(group: group, contentInsetsReference: .none))
        layout.prepare(from: source(width: 300, sections: [[Size(width: 1, height: 1), Size(width: 1, height: 1)]]))
        // 50 + 210 leave 40 (too little to repeat the first item), shared by the 2 flexible
        // edges of item 0: 20 each.
        #expect(frames(layout, 2) == [Rect(x: 20, y: 30, width: 50, height: 40), Rect(x: 90, y: 60, width: 210, height: 40)])
    }

    @Test func contentInsetsReferenceAndItemInsets() {
        let group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item(.fractionalWidth(1), .fractionalHeight(1), insets: EdgeInsets(all: 4))])
        for (reference, left) in [(ContentInsetsReference.none, 10.0), (.layoutMargins, 26), (.safeArea, 13), (.readableContent, 26)] {
            let section = CompositionalSection(group: group, contentInsets: EdgeInsets(leading: 10, trailing: 10), contentInsetsReference: reference)
            let layout = CompositionalLayout(section: section, configuration: CompositionalConfiguration(safeAreaInsets: EdgeInsets(leading: 3, trailing: 3)))
            layout.prepare(from: source(width: 300, sections: [[Size(width: 1, height: 1)]]))
            #expect(frames(layout, 1) == [Rect(x: left + 4, y: 4, width: 300 - 2 * left - 8, height: 42)], "\(reference)")
        }
        // Readable content in a wide container: at most 672 wide, centred.
        let readable = CompositionalLayout(section: CompositionalSection(group: group, contentInsetsReference: .readableContent))
        readable.prepare(from: source(width: 1000, sections: [[Size(width: 1, height: 1)]]))
        #expect(frames(readable, 1)[0].width == 672 - 8)
        #expect(readable.environment.horizontalSizeClass == .regular)
    }

    @Test func insetsAreIgnoredAlongEstimatedAxes() {
        let group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(10)), subitems: [item(.fractionalWidth(1), .estimated(10), insets: EdgeInsets(all: 5))])
        let layout = CompositionalLayout(section: CompositionalSection(group: group, contentInsetsReference: .none))
        layout.prepare(from: source(width: 100, sections: [[Size(width: 1, height: 33)]]))
        #expect(frames(layout, 1) == [Rect(x: 5, y: 0, width: 90, height: 33)])
    }

    // MARK: Sections

    @Test func boundaryItemsBackgroundsAndPinning() {
        let group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1)), item(.fractionalWidth(0.5), .fractionalHeight(1))])
        var section = CompositionalSection(group: group, interGroupSpacing: 10, contentInsets: EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10), contentInsetsReference: .none)
        section.boundarySupplementaryItems = [.header(height: .estimated(30), pinToVisibleBounds: true), .footer(height: .absolute(20))]
        section.decorationItems = [.background(contentInsets: EdgeInsets(all: 2))]
        let layout = CompositionalLayout(section: section, configuration: CompositionalConfiguration(interSectionSpacing: 12))
        // Section 0's header measured (25); section 1's not (its estimate, 30).
        let s = source(width: 200, sections: [[Size(width: 1, height: 1), Size(width: 1, height: 1), Size(width: 1, height: 1)], [Size(width: 1, height: 1)]], headers: [25, nil])
        layout.prepare(from: s)
        let header0 = layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))!
        #expect(header0.frame == Rect(x: 10, y: 0, width: 180, height: 25))
        #expect(frames(layout, 3) == [Rect(x: 10, y: 30, width: 90, height: 40), Rect(x: 100, y: 30, width: 90, height: 40), Rect(x: 10, y: 80, width: 90, height: 40)])
        let footer0 = layout.attributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))!
        #expect(footer0.frame == Rect(x: 10, y: 125, width: 180, height: 20))
        #expect(layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))!.frame == Rect(x: 10, y: 157, width: 180, height: 30))
        #expect(layout.attributesForDecoration(ofKind: .sectionBackground, at: IndexPath(item: 0, section: 0))!.frame == Rect(x: 2, y: 2, width: 196, height: 141))
        #expect(layout.contentSize.height == 145 + 12 + 30 + 5 + 40 + 5 + 20)
        // Scrolled to y = 60: section 0's header pinned there.
        let visible = Rect(x: 0, y: 60, width: 200, height: 100)
        let pinned = layout.elements(in: visible).first { $0.kind == .header && $0.indexPath.section == 0 }!
        #expect(pinned.frame.minY == 60 && pinned.isPinned && pinned.zIndex == Pinning.pinnedZIndex)
        // A measured header height moves everything after it.
        layout.invalidate(InvalidationContext(supplementarySizes: [(.header, 0, Size(width: 180, height: 35))]), source: s)
        #expect(frames(layout, 1)[0].minY == 40)
        // A fixed height ignores measurements.
        layout.invalidate(InvalidationContext(supplementarySizes: [(.footer, 0, Size(width: 180, height: 99))]), source: s)
        #expect(layout.attributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))!.frame.height == 20)
    }

    @Test func sectionProviderGetsTheIndexAndTheEnvironment() {
        final class Seen: @unchecked Sendable { var calls: [(Int, Double, CompositionalEnvironment.HorizontalSizeClass)] = [] }
        let seen = Seen()
        let layout = CompositionalLayout { index, environment in
            seen.calls.append((index, environment.containerSize.width, environment.horizontalSizeClass))
            let columns = environment.horizontalSizeClass == .compact ? 2 : 4
            let group = CompositionalGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .absolute(Double(10 * (index + 1)))),
                subitem: CompositionalItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1))), count: columns)
            return CompositionalSection(group: group, contentInsetsReference: .none)
        }
        let items = Array(repeating: Size(width: 1, height: 1), count: 4)
        layout.prepare(from: source(width: 400, sections: [items, items]))
        #expect(seen.calls.map(\.0) == [0, 1])
        #expect(seen.calls.allSatisfy { $0.1 == 400 && $0.2 == .compact })
        #expect(frames(layout, 4, section: 1)[2] == Rect(x: 0, y: 40, width: 200, height: 20))
        layout.prepare(from: source(width: 800, sections: [items, items]))
        #expect(frames(layout, 4, section: 1)[3] == Rect(x: 600, y: 10, width: 200, height: 20))
    }

    @Test func rightToLeftMirrors() {
        let group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item(.absolute(60), .fractionalHeight(1)), item(.absolute(40), .fractionalHeight(1))])
        let layout = CompositionalLayout(section: CompositionalSection(group: group, contentInsets: EdgeInsets(leading: 10), contentInsetsReference: .none))
        layout.prepare(from: source(width: 200, sections: [[Size(width: 1, height: 1), Size(width: 1, height: 1)]], direction: .rightToLeft))
        #expect(frames(layout, 2) == [Rect(x: 130, y: 0, width: 60, height: 40), Rect(x: 90, y: 0, width: 40, height: 40)])
    }

    @Test func badSizesBecomeZeroWithADiagnostic() {
        let group = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(40)), subitems: [item(.fractionalWidth(1), .estimated(40))])
        let layout = CompositionalLayout(section: CompositionalSection(group: group))
        layout.prepare(from: source(sections: [[Size(width: 10, height: -5), Size(width: 10, height: .nan)]]))
        #expect(layout.diagnostics.map(\.path) == ["sections[0].items[0].height", "sections[0].items[1].height"])
        #expect(frames(layout, 2).map(\.height) == [0, 0])
    }

    @Test func invalidDescriptionsNameTheOption() {
        func problem(_ section: CompositionalSection) -> String? {
            do { try section.validate(); return nil } catch { return error.option }
        }
        let ok = CompositionalGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        var bad = ok
        bad.subitems = [item(.fractionalWidth(-1), .absolute(1))]
        #expect(problem(CompositionalSection(group: bad)) == "group.subitems[0].layoutSize.widthDimension")
        bad = ok
        bad.subitems = []
        #expect(problem(CompositionalSection(group: bad)) == "group.subitems")
        bad = ok
        bad.count = 0
        #expect(problem(CompositionalSection(group: bad)) == "group.count")
        #expect(problem(CompositionalSection(group: ok, interGroupSpacing: -1)) == "interGroupSpacing")
        #expect(problem(CompositionalSection(group: ok, boundarySupplementaryItems: [.header(), .header()])) == "boundarySupplementaryItems[1].elementKind")
        #expect(problem(CompositionalSection(group: ok)) == nil)
    }

    // MARK: Properties shared with the other layouts

    static let seeds: [UInt64] = Array(1...30)

    @Test(arguments: seeds)
    func noOverlapInsideContentAndQueriesMatchBruteForce(seed: UInt64) {
        var rng = SplitMix64(seed: seed &+ 7000)
        let (layout, _) = RandomComposition.layout(&rng)
        let s = LayoutChecks.randomSource(&rng, direction: seed % 3 == 0 ? .rightToLeft : .leftToRight)
        layout.prepare(from: s)
        LayoutChecks.expectNoOverlapsAndInsideContent(layout, s)
        LayoutChecks.expectQueriesMatchBruteForce(layout, s, rng: &rng)
    }

    @Test(arguments: seeds)
    func incrementalEqualsFullRelayout(seed: UInt64) {
        var twins: [ObjectIdentifier: () -> CompositionalLayout] = [:]
        LayoutChecks.expectIncrementalEqualsFresh(seed: seed &+ 7100, make: { rng in
            let (layout, fresh) = RandomComposition.layout(&rng)
            twins[ObjectIdentifier(layout)] = fresh
            return layout
        }, fresh: { twins[ObjectIdentifier($0)]!() })
    }

    @Test(arguments: seeds)
    func visitingMatchesElements(seed: UInt64) {
        LayoutChecks.expectVisitingMatchesElements(seed: Int(seed), offset: 7200) { RandomComposition.layout(&$0, pinning: seed % 2 == 0).0 }
    }

    @Test(arguments: seeds)
    func relayoutReusesStorage(seed: UInt64) {
        LayoutsRelayoutTests.check(seed: seed &+ 7300) { RandomComposition.layout(&$0) }
    }

    // MARK: Orthogonal sections

    /// A grid, a carousel of 50 cards 80 % of the width, a list.
    private func carouselLayout(_ behavior: OrthogonalScrollingBehavior = .continuous, handler: VisibleItemsInvalidationHandler? = nil) -> CompositionalLayout {
        CompositionalLayout(configuration: CompositionalConfiguration(interSectionSpacing: 10)) { index, _ in
            switch index {
            case 1:
                let card = CompositionalGroup.vertical(
                    layoutSize: size(.fractionalWidth(0.8), .absolute(100)),
                    subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5)), item(.fractionalWidth(1), .fractionalHeight(0.5))])
                var section = CompositionalSection(group: card, interGroupSpacing: 10, contentInsets: EdgeInsets(leading: 20, trailing: 20), contentInsetsReference: .none)
                section.orthogonalScrollingBehavior = behavior
                section.visibleItemsInvalidationHandler = handler
                section.boundarySupplementaryItems = [.header(height: .absolute(30))]
                return section
            default:
                let row = size(.fractionalWidth(1), .estimated(40))
                return CompositionalSection(group: .horizontal(layoutSize: row, subitems: [CompositionalItem(layoutSize: row)]), contentInsetsReference: .none)
            }
        }
    }

    private let carouselSource = source(width: 300, sections: [
        Array(repeating: Size(width: 1, height: 40), count: 3), Array(repeating: Size(width: 1, height: 77), count: 100),
        Array(repeating: Size(width: 1, height: 40), count: 3),
    ])

    @Test func orthogonalSectionScrollsByItsOwnOffset() {
        let layout = carouselLayout()
        layout.prepare(from: carouselSource)
        // Cards are 0.8 × 260 = 208 wide, 218 apart; the section is 30 + 100 tall (measured
        // heights are ignored in an orthogonal section).
        #expect(layout.attributesForItem(at: IndexPath(item: 2, section: 1))!.frame == Rect(x: 238, y: 160, width: 208, height: 50))
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 2))!.frame.minY == 120 + 10 + 130 + 10)
        #expect(layout.orthogonalContentWidth(forSection: 1) == 20 + 50 * 218 - 10 + 20)
        layout.setOrthogonalScrollOffset(1000, forSection: 1)
        #expect(layout.orthogonalScrollOffset(forSection: 1) == 1000)
        #expect(layout.attributesForItem(at: IndexPath(item: 2, section: 1))!.frame.minX == 238 - 1000)
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 2))!.frame.minY == 270)
        // The visible cards at that offset: groups 4 and 5 (x from -108 to 420).
        let visible = layout.elements(in: Rect(x: 0, y: 0, width: 300, height: 600)).filter { $0.indexPath.section == 1 && $0.kind == .cell }
        #expect(visible.map(\.indexPath.item) == [8, 9, 10, 11])
        // The offset survives a relayout; the measured size of a card does not move section 2.
        layout.invalidate(.sizes([(IndexPath(item: 10, section: 1), ItemSize(width: 5, height: 500))]), source: carouselSource)
        layout.prepare(from: carouselSource)
        #expect(layout.orthogonalScrollOffset(forSection: 1) == 1000)
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 2))!.frame.minY == 270)
    }

    @Test func pagingBehavioursChooseWhereAScrollRests() {
        func target(_ behavior: OrthogonalScrollingBehavior, _ proposed: Double, from current: Double) -> Double {
            let layout = carouselLayout(behavior)
            layout.prepare(from: carouselSource)
            return layout.targetOrthogonalScrollOffset(forProposedOffset: proposed, currentOffset: current, inSection: 1)
        }
        #expect(target(.continuous, 1234.5, from: 0) == 1234.5)
        #expect(target(.continuous, -50, from: 0) == 0)
        let maximum: Double = 20 + 50 * 218 - 10 + 20 - 300
        #expect(target(.continuous, 1e9, from: 0) == maximum)
        #expect(target(.paging, 100, from: 0) == 300)
        #expect(target(.paging, 500, from: 600) == 300)
        #expect(target(.continuousGroupLeadingBoundary, 500, from: 0) == 436)  // group 2 starts at 436
        #expect(target(.groupPaging, 5000, from: 218) == 436)  // one group at a time
        #expect(target(.groupPaging, 100, from: 218) == 0)
        // Centred: the first group starts centred (26 pt extra inset), and pages centre groups.
        let centred = carouselLayout(.groupPagingCentered)
        centred.prepare(from: carouselSource)
        let first = centred.attributesForItem(at: IndexPath(item: 0, section: 1))!.frame
        #expect(first.midX == 150)
        let next = centred.targetOrthogonalScrollOffset(forProposedOffset: 400, currentOffset: 0, inSection: 1)
        centred.setOrthogonalScrollOffset(next, forSection: 1)
        #expect(centred.attributesForItem(at: IndexPath(item: 2, section: 1))!.frame.midX == 150)
    }

    @Test func visibleItemsHandlerScalesTheCardsOfItsSection() {
        final class Calls: @unchecked Sendable { var offsets: [Double] = []; var counts: [Int] = [] }
        let calls = Calls()
        let layout = carouselLayout(.continuous) { items, offset, environment in
            calls.offsets.append(offset.x)
            calls.counts.append(items.count)
            for index in items.indices {
                // Scale by the distance of the card's centre from the container's centre.
                let distance = abs(items[index].frame.midX - environment.containerSize.width / 2)
                items[index].alpha = max(0.5, 1 - distance / 600)
            }
        }
        layout.prepare(from: carouselSource)
        layout.setOrthogonalScrollOffset(218, forSection: 1)
        let elements = layout.elements(in: Rect(x: 0, y: 0, width: 300, height: 600))
        #expect(calls.offsets == [218])
        let cards = elements.filter { $0.indexPath.section == 1 && $0.kind == .cell }
        #expect(calls.counts == [cards.count])
        #expect(cards.allSatisfy { $0.alpha < 1 && $0.alpha >= 0.5 })
        #expect(elements.filter { $0.indexPath.section != 1 }.allSatisfy { $0.alpha == 1 })
    }

    /// Random layouts with orthogonal sections at random offsets: cells never overlap, lie
    /// within the content's height, `elements(in:)` equals brute force; measuring cells of an
    /// orthogonal section changes nothing outside it; incremental equals fresh.
    @Test(arguments: seeds)
    func orthogonalSectionsHoldTheProperties(seed: UInt64) {
        var rng = SplitMix64(seed: seed &+ 7400)
        var sections = (0..<4).map { _ in RandomComposition.section(&rng) }
        let behaviors = OrthogonalScrollingBehavior.allCases.filter { $0 != .none }
        for index in [1, 3] {
            sections[index].orthogonalScrollingBehavior = behaviors[rng.int(0...(behaviors.count - 1))]
            sections[index].group.layoutSize.widthDimension = rng.chance(0.5) ? .fractionalWidth(rng.double(0.3...0.9)) : .estimated(Double(rng.int(50...150)))
            if case .estimated = sections[index].group.layoutSize.widthDimension {
                sections[index].group.subitems = [item(.estimated(Double(rng.int(20...100))), .estimated(30))]
            }
        }
        let described = sections
        let make = { CompositionalLayout { index, _ in described[index % described.count] } }
        var s = LayoutChecks.randomSource(&rng)
        let layout = make()
        layout.prepare(from: s)
        for section in 0..<s.numberOfSections where layout.plans[section].orthogonal {
            layout.setOrthogonalScrollOffset(rng.double(0...400), forSection: section)
        }
        let cells = LayoutChecks.cells(layout, s)
        for i in cells.indices {
            for j in (i + 1)..<cells.count where LayoutChecks.overlap(cells[i].frame, cells[j].frame) {
                Issue.record("cells \(cells[i]) and \(cells[j]) overlap")
            }
        }
        #expect(LayoutChecks.allElements(layout, s).allSatisfy { $0.frame.minY >= -1e-9 && $0.frame.maxY <= layout.contentSize.height + 1e-9 })
        LayoutChecks.expectQueriesMatchBruteForce(layout, s, rng: &rng)
        // Measure cells of the orthogonal sections 1 and 3 only: the sections before them
        // do not move (those after follow the orthogonal sections' measured heights).
        let before = LayoutChecks.allElements(layout, s).filter { $0.indexPath.section == 0 }
        for _ in 0..<10 {
            let section = rng.chance(0.5) ? 1 : 3
            guard section < s.numberOfSections, s.numberOfItems(inSection: section) > 0 else { continue }
            let indexPath = IndexPath(item: rng.int(0...(s.numberOfItems(inSection: section) - 1)), section: section)
            let measured = ItemSize(width: rng.length(10...300), height: rng.length(0...150))
            s.setSize(measured, at: indexPath)
            layout.invalidate(.sizes([(indexPath, measured)]), source: s)
        }
        #expect(LayoutChecks.allElements(layout, s).filter { $0.indexPath.section == 0 } == before)
        let fresh = make()
        fresh.prepare(from: s)
        for section in 0..<s.numberOfSections { fresh.setOrthogonalScrollOffset(layout.orthogonalScrollOffset(forSection: section), forSection: section) }
        LayoutChecks.expectIdentical(layout, fresh, s)
    }

    /// The storage budget: a grid of estimated cells keeps its sizes (16 bytes) and a tree
    /// of rows; well under 64 bytes an item (the benchmark reports the figure at 1M).
    @Test func storageStaysWithinTheBudget() {
        let row = CompositionalGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .estimated(100)), subitem: CompositionalItem(layoutSize: size(.fractionalWidth(1), .estimated(100))), count: 3)
        let layout = CompositionalLayout(section: CompositionalSection(group: row))
        let items = 30_000
        layout.prepare(from: source(width: 375, sections: [(0..<items).map { Size(width: 10, height: Double(50 + $0 % 100)) }]))
        #expect(layout.retainedByteCount < 32 * items)
    }

    /// An orthogonal section of self-sizing cards is as tall as its measured cards (UIKit
    /// sizes the section to its items): cards estimated 50, measured 120, make the section
    /// 120 tall and the next section starts below it; the cards are measured with their
    /// height free.
    @Test func orthogonalSectionOfSelfSizingCardsTakesTheirMeasuredHeight() {
        let card = CompositionalItem(layoutSize: size(.fractionalWidth(1), .estimated(50)))
        var carousel = CompositionalSection(
            group: .horizontal(layoutSize: size(.absolute(200), .estimated(50)), subitems: [card]), interGroupSpacing: 10, contentInsetsReference: .none)
        carousel.orthogonalScrollingBehavior = .continuous
        let rows = CompositionalSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(30)), subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]), contentInsetsReference: .none)
        let layout = CompositionalLayout { index, _ in index == 0 ? carousel : rows }
        var s = source(width: 320, sections: [Array(repeating: Size(width: 200, height: 50), count: 4), [Size(width: 1, height: 1)]])
        layout.prepare(from: s)
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 0, section: 0)) == FittingProposal(width: .exactly(200), height: .unconstrained))
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 1))!.frame.minY == 50)
        var sizes: [(IndexPath, ItemSize)] = []
        for item in 0..<4 {
            let measured = ItemSize(width: 200, height: item == 2 ? 120 : 90)
            s.setSize(measured, at: IndexPath(item: item, section: 0))
            sizes.append((IndexPath(item: item, section: 0), measured))
        }
        layout.invalidate(.sizes(sizes), source: s)
        #expect(layout.attributesForItem(at: IndexPath(item: 2, section: 0))!.frame == Rect(x: 420, y: 0, width: 200, height: 120))
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 1))!.frame.minY == 120)
        #expect(layout.contentSize.height == 150)
        let fresh = CompositionalLayout { index, _ in index == 0 ? carousel : rows }
        fresh.prepare(from: s)
        LayoutChecks.expectIdentical(layout, fresh, s)
    }
}
