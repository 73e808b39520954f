import Testing
@testable import Trellis

/// `count:` repetitions (`subitem:count:`, `repeatingSubitem:count:`) held once in a group
/// plan: the compact plan evaluates to the frames of the plan with every copy expanded, bit
/// for bit, and to UIKit's arithmetic (the oracle of `CompositionalOracleTests`), while its
/// size does not grow with the count.
@Suite("Compositional count repetitions")
struct CompositionalRepetitionTests {
    static func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSize {
        CompositionalSize(widthDimension: width, heightDimension: height)
    }

    static func item(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSubitem {
        .item(CompositionalItem(layoutSize: size(width, height)))
    }

    /// Random groups reaching what repetitions must reproduce: counts of both kinds inside
    /// counts, estimated items inside repeated subitems, flexible inter-item and edge
    /// spacing, fractions across the axis, insets, groups overflowing a fixed extent.
    enum RandomNesting {
        static func dimension(_ rng: inout SplitMix64, fraction: Bool) -> CompositionalDimension {
            switch rng.int(0...(fraction ? 4 : 2)) {
            case 0: .absolute(Double(rng.int(0...40)))
            case 1, 2: .estimated(Double(rng.int(5...40)))
            case 3: .fractionalWidth(Double(rng.int(1...10)) / 10)
            default: .fractionalHeight(Double(rng.int(1...10)) / 10)
            }
        }

        static func spacing(_ rng: inout SplitMix64) -> CompositionalSpacing? {
            switch rng.int(0...3) {
            case 0: nil
            case 1: .fixed(Double(rng.int(0...6)))
            default: .flexible(Double(rng.int(0...4)))
            }
        }

        static func subitem(_ rng: inout SplitMix64, depth: Int) -> CompositionalSubitem {
            guard depth > 0 && rng.chance(0.6) else {
                var item = CompositionalItem(layoutSize: size(dimension(&rng, fraction: true), dimension(&rng, fraction: true)))
                if rng.chance(0.3) { item.contentInsets = EdgeInsets(all: Double(rng.int(0...3))) }
                if rng.chance(0.3) { item.edgeSpacing = CompositionalEdgeSpacing(leading: spacing(&rng), top: spacing(&rng), trailing: spacing(&rng), bottom: spacing(&rng)) }
                return .item(item)
            }
            return .group(group(&rng, depth: depth - 1))
        }

        static func group(_ rng: inout SplitMix64, depth: Int) -> CompositionalGroup {
            let size = CompositionalRepetitionTests.size(dimension(&rng, fraction: true), dimension(&rng, fraction: true))
            let axis: CompositionalGroup.Axis = rng.chance(0.5) ? .horizontal : .vertical
            var group: CompositionalGroup
            if rng.chance(0.7) {
                group = CompositionalGroup(layoutSize: size, axis: axis, subitems: [subitem(&rng, depth: depth)], count: rng.int(1...7),
                                           countSizing: rng.chance(0.5) ? .fitsGroup : .subitemSize)
            } else {
                // Estimated along the axis so the subitems are held once each (a list that
                // repeats to fill is compiled one by one, with or without counts).
                var list = CompositionalGroup(layoutSize: size, axis: axis, subitems: (0..<rng.int(1...3)).map { _ in subitem(&rng, depth: depth) })
                if axis == .horizontal { list.layoutSize.widthDimension = .estimated(30) } else { list.layoutSize.heightDimension = .estimated(30) }
                group = list
            }
            group.interItemSpacing = spacing(&rng)
            if rng.chance(0.3) { group.contentInsets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4) }
            if rng.chance(0.2) { group.edgeSpacing = CompositionalEdgeSpacing(leading: .flexible(1), top: .flexible(0)) }
            group.stretchesItems = rng.chance(0.3)
            return group
        }
    }

    /// The frames, sizes and overflow of an instance of `plan` with `present` cells.
    static func evaluate(_ plan: GroupPlan, container: Size, present: Int, measured: [Size]) -> (size: Size, overflows: Bool, frames: [Rect]) {
        measured.withUnsafeBufferPointer { measured in
            plan.withScratch(cells: present) { sizes, frames in
                let inputs = GroupInputs(container: container, present: present,
                                         sizes: plan.hasEstimatedItems ? UnsafeBufferPointer(rebasing: measured[0..<present]) : UnsafeBufferPointer(start: nil, count: 0))
                let (size, overflows) = plan.size(inputs, into: sizes)
                plan.layOut(inputs, origin: Point(x: 7, y: 11), sizes: sizes, frames: frames)
                return (size, overflows, Array(frames.prefix(present)))
            }
        }
    }

    /// Over random nestings, partial and full instances and measured sizes (some cells
    /// unmeasured), the compact plan gives exactly what the expanded copies give.
    @Test(arguments: 0..<400)
    func compactPlansEvaluateExactlyAsExpandedCopies(seed: UInt64) {
        var rng = SplitMix64(seed: 0x5EED_C0DE &+ seed)
        let group = RandomNesting.group(&rng, depth: 3)
        guard let cells = group.checkedLeafCount, cells <= 20_000 else { return }
        let container = Size(width: Double(rng.int(0...500)), height: Double(rng.int(0...500)))
        let compact = GroupPlan(group, container: container)
        let expanded = GroupPlan(group, container: container, expandingCounts: true)
        #expect(compact.leafCount == expanded.leafCount)
        #expect(compact.hasEstimatedItems == expanded.hasEstimatedItems)
        let measured = (0..<cells).map { _ in rng.chance(0.2) ? Size(width: -1, height: -1) : Size(width: Double(rng.int(0...90)), height: Double(rng.int(0...90))) }
        for present in Set([1, cells, rng.int(1...cells), rng.int(1...cells)]) {
            let a = Self.evaluate(compact, container: container, present: present, measured: measured)
            let b = Self.evaluate(expanded, container: container, present: present, measured: measured)
            #expect(a.size == b.size && a.overflows == b.overflows, "present \(present) of \(cells): \(group)")
            #expect(a.frames == b.frames, "present \(present) of \(cells): \(group)")
            for leaf in Set([0, present - 1, rng.int(0...(present - 1))]) {
                for axis in [Axis.horizontal, .vertical] {
                    #expect(compact.isEstimated(leaf: leaf, along: axis) == expanded.isEstimated(leaf: leaf, along: axis), "cell \(leaf)")
                }
            }
            if a.frames != b.frames { return }
        }
    }

    /// The random nestings reach their scope.
    @Test func theNestingsCoverTheirScope() {
        var countInCount = 0, estimatedInCount = 0, flexible = 0, partial = 0
        for seed in 0..<400 as Range<UInt64> {
            var rng = SplitMix64(seed: 0x5EED_C0DE &+ seed)
            let group = RandomNesting.group(&rng, depth: 3)
            guard let cells = group.checkedLeafCount, cells <= 20_000 else { continue }
            let plan = GroupPlan(group, container: Size(width: 300, height: 300))
            let repeated = plan.nodes.indices.filter { plan.nodes[$0].repetitions > 1 }
            if repeated.contains(where: { outer in repeated.contains { $0 > outer && $0 < plan.nodes[outer].end } }) { countInCount += 1 }
            if repeated.contains(where: { plan.nodes[$0 + 1].measuresCells }) { estimatedInCount += 1 }
            if repeated.contains(where: { plan.nodes[$0].spacingFlexible }) { flexible += 1 }
            if cells > 1 { partial += 1 }
        }
        #expect(countInCount >= 40 && estimatedInCount >= 80 && flexible >= 60 && partial >= 150,
                "count in count \(countInCount), estimated in count \(estimatedInCount), flexible \(flexible), partial \(partial)")
    }

    /// Twenty million copies of an item were twenty million nodes (5.3 GB through a
    /// document); the plan holds two nodes, and a count inside a count three.
    @Test func aPlanDoesNotGrowWithItsCounts() {
        let huge = CompositionalGroup.vertical(layoutSize: Self.size(.fractionalWidth(1), .estimated(10)),
                                               repeatingSubitem: Self.item(.fractionalWidth(1), .absolute(10)), count: 20_000_000)
        let plan = GroupPlan(huge, container: Size(width: 300, height: 600))
        #expect(plan.nodes.count == 2 && plan.leafCount == 20_000_000)
        let inner = CompositionalGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(10)),
                                                  subitem: Self.item(.absolute(1), .absolute(10)), count: 1_000_000_000)
        let outer = CompositionalGroup.vertical(layoutSize: Self.size(.fractionalWidth(1), .estimated(10)), repeatingSubitem: .group(inner), count: 1_000_000_000)
        let nested = GroupPlan(outer, container: Size(width: 300, height: 600))
        #expect(nested.nodes.count == 3 && nested.leafCount == 1_000_000_000_000_000_000)
        #expect(nested.isEstimated(leaf: 999_999_999_999_999_999, along: .vertical) == false)
    }

    /// Finding a cell's item node searches each group's subitems: in a group holding a
    /// count among many subitems that repeat to fill it, every cell finds its own node.
    @Test func everyCellFindsItsItemNode() {
        let estimated = CompositionalItem(layoutSize: Self.size(.estimated(3), .absolute(10)))
        let fixed = CompositionalItem(layoutSize: Self.size(.absolute(3), .estimated(10)))
        let pair = CompositionalGroup.horizontal(layoutSize: Self.size(.estimated(6), .absolute(10)), repeatingSubitem: .item(estimated), count: 2)
        let row = CompositionalGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(10)), subitems: [.group(pair), .item(fixed)])
        let plan = GroupPlan(row, container: Size(width: 9_000, height: 100))
        #expect(plan.leafCount == 3_000)
        for leaf in 0..<plan.leafCount {
            let widthMeasured = leaf % 3 != 2
            #expect(plan.isEstimated(leaf: leaf, along: .horizontal) == widthMeasured && plan.isEstimated(leaf: leaf, along: .vertical) == !widthMeasured, "cell \(leaf)")
        }
    }

    /// Counts whose product passes `Int.max` are refused by `validate()`, not trapped on.
    @Test func countsPastIntAreRefused() {
        let inner = CompositionalGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(10)), subitem: Self.item(.absolute(1), .absolute(10)), count: 1 << 40)
        let outer = CompositionalGroup.vertical(layoutSize: Self.size(.fractionalWidth(1), .estimated(10)), repeatingSubitem: .group(inner), count: 1 << 40)
        #expect(throws: LayoutOptionsError.self) { try CompositionalSection(group: outer).validate() }
    }

    /// A section of ten items in a group of twenty million rows: the layout keeps O(items)
    /// and answers every query from the one template.
    @Test func aSectionOfAFewItemsInAHugeCountLaysOutThoseItems() {
        let group = CompositionalGroup.vertical(layoutSize: Self.size(.fractionalWidth(1), .estimated(10)),
                                                repeatingSubitem: Self.item(.fractionalWidth(1), .absolute(10)), count: 20_000_000)
        let layout = CompositionalLayout(section: CompositionalSection(group: group))
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(sizes: Array(repeating: Size(width: 1, height: 1), count: 10))]))
        #expect(layout.contentSize == Size(width: 300, height: 100))
        #expect(layout.retainedByteCount < 4_096)
        for item in 0..<10 {
            #expect(layout.attributesForItem(at: IndexPath(item: item, section: 0))?.frame == Rect(x: 0, y: Double(item) * 10, width: 300, height: 10))
        }
        let visible = layout.elements(in: Rect(x: 0, y: 25, width: 300, height: 30), visibleBounds: Rect(x: 0, y: 0, width: 300, height: 600))
        #expect(visible.map(\.indexPath.item) == [2, 3, 4, 5])
    }

    /// Each repetition has its own cells and measured sizes: rows of two self-sizing cells,
    /// `count` 50 rows to a group, against UIKit's arithmetic before and after some cells
    /// are measured again.
    @Test func estimatedCellsInsideARepeatedSubitemKeepTheirOwnSizes() throws {
        let row = CompositionalGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .estimated(40)),
                                                repeatingSubitem: Self.item(.fractionalWidth(0.5), .estimated(40)), count: 2)
        var column = CompositionalGroup.vertical(layoutSize: Self.size(.fractionalWidth(1), .estimated(40)), repeatingSubitem: .group(row), count: 50)
        column.interItemSpacing = .fixed(3)
        let section = CompositionalSection(group: column, interGroupSpacing: 5)
        var measured = (0..<237).map { Size(width: 150, height: Double(10 + ($0 * 37) % 60)) }
        let layout = CompositionalLayout(section: section)
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(sizes: measured)]))
        try Self.expectOracle(layout, section, measured)
        var context = InvalidationContext()
        for item in [0, 99, 101, 230] {
            measured[item].height = 200 + Double(item)
            context.itemSizes.append((IndexPath(item: item, section: 0), ItemSize(measured[item])))
        }
        layout.invalidate(context, source: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(sizes: measured)]))
        try Self.expectOracle(layout, section, measured)
        #expect(layout.fittingProposal(forItemAt: IndexPath(item: 233, section: 0)) == FittingProposal(width: .exactly(150), height: .unconstrained))
    }

    /// Past `exactlySummedRepetitions` present repetitions that measure nothing, a group's
    /// estimated extent adds the rest of the run as one product: within rounding of UIKit's
    /// sum, and a billion-fold count in a centred carousel is sized at once.
    @Test func longRunsOfIdenticalRepetitionsAreOneProduct() throws {
        var column = CompositionalGroup.vertical(layoutSize: Self.size(.fractionalWidth(1), .estimated(10)),
                                                 repeatingSubitem: Self.item(.fractionalWidth(1), .absolute(10.1)), count: 3_000)
        column.interItemSpacing = .fixed(0.3)
        let section = CompositionalSection(group: column, interGroupSpacing: 7)
        let measured = Array(repeating: Size(width: 1, height: 1), count: 7_500)
        let layout = CompositionalLayout(section: section)
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(sizes: measured)]))
        let expected = CompositionalOracle.layOut(section, width: 300, height: 600, measured: measured)
        #expect(abs(layout.contentSize.height - expected.contentHeight) <= 1e-6 * expected.contentHeight)
        for item in [0, 1_023, 1_024, 2_999, 3_000, 7_499] {
            let frame = try #require(layout.attributesForItem(at: IndexPath(item: item, section: 0))).frame
            #expect(abs(frame.minY - expected.frames[item].minY) <= 1e-6 * expected.contentHeight, "item \(item)")
        }

        var row = CompositionalGroup.horizontal(layoutSize: Self.size(.estimated(10), .absolute(10)),
                                                repeatingSubitem: Self.item(.absolute(1), .absolute(10)), count: 1_000_000_000)
        row.interItemSpacing = .fixed(1)
        var carousel = CompositionalSection(group: row)
        carousel.orthogonalScrollingBehavior = .groupPagingCentered
        let wide = CompositionalLayout(section: carousel)
        wide.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(sizes: Array(repeating: Size(width: 1, height: 1), count: 5))]))
        #expect((0..<5).map { wide.attributesForItem(at: IndexPath(item: $0, section: 0))?.frame.minX } == [0, 2, 4, 6, 8])
        #expect(wide.orthogonalContentWidth(forSection: 0) == 9)
        // Self-sizing cards: sized whole to centre it, the group has no measured sizes.
        var cards = CompositionalGroup.horizontal(layoutSize: Self.size(.estimated(10), .estimated(10)),
                                                  repeatingSubitem: Self.item(.estimated(1), .estimated(10)), count: 1_000_000_000)
        cards.interItemSpacing = .fixed(1)
        carousel.group = cards
        let measuredCards = CompositionalLayout(section: carousel)
        measuredCards.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 600), sections: [.init(sizes: Array(repeating: Size(width: 3, height: 5), count: 4))]))
        #expect((0..<4).map { measuredCards.attributesForItem(at: IndexPath(item: $0, section: 0))?.frame.minX } == [0, 4, 8, 12])
        #expect(measuredCards.orthogonalContentWidth(forSection: 0) == 15)
    }

    static func expectOracle(_ layout: CompositionalLayout, _ section: CompositionalSection, _ measured: [Size]) throws {
        let expected = CompositionalOracle.layOut(section, width: 300, height: 600, measured: measured)
        #expect(abs(layout.contentSize.height - expected.contentHeight) <= 1e-6)
        for (index, frame) in expected.frames.enumerated() {
            let actual = try #require(layout.attributesForItem(at: IndexPath(item: index, section: 0))).frame
            #expect(actual == frame, "item \(index)")
            if actual != frame { return }
        }
    }
}
