import Testing
@testable import Trellis

// The stability invariant, checked as a collection view would drive a layout: a viewport
// shows some items; sizes change outside it (items above measured, sizes invalidated back
// to their estimate, items inserted or deleted above); the collection view passes the
// anchor (the first item in the viewport, in index order) with each invalidation and moves
// its offset so the anchor keeps its distance from the viewport's top. Then every item that
// was on screen must be on screen again at the same x and at the same distance from the
// anchor, and no other item may have come into view.
//
// The oracle is the viewport itself, not the layout's code: frames before and after,
// compared relative to the anchor. A failing random sequence is shrunk (operations dropped
// one at a time while it still fails) and reported with its seed.

@Suite("Stable viewport: changes above it never move what is on screen")
struct StableViewportPropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]
    static let viewportHeight = 600.0
    static let containerWidth = 390.0
    static let estimate = Size(width: 80, height: 30)

    /// One change outside the viewport. Indices are absolute; an operation that does not
    /// touch only items above the viewport when replayed is skipped (so a shrunk sequence
    /// stays meaningful).
    enum Operation: CustomStringConvertible {
        case measure(IndexPath, Size)
        case invalidate(IndexPath, count: Int)
        case insert(IndexPath, [Size])
        case delete(IndexPath, count: Int)

        var description: String {
            switch self {
            case .measure(let path, let size): "measure \(path) as \(size)"
            case .invalidate(let path, let count): "invalidate \(count) from \(path)"
            case .insert(let path, let sizes): "insert \(sizes.count) at \(path)"
            case .delete(let path, let count): "delete \(count) from \(path)"
            }
        }
    }

    /// A layout under test: how to make one, and how many items an insert or a delete
    /// must move so that the layout's own placement rule can keep what is visible (a grid
    /// row, a compositional group; 0: the layout re-places everything on inserts).
    struct Subject: CustomStringConvertible, Sendable {
        var name: String
        var make: @Sendable () -> any CollectionLayout
        var insertQuantum: Int
        var description: String { name }
    }

    static let subjects: [Subject] = {
        var subjects: [Subject] = []
        for alignment in FlowAlignment.allCases {
            subjects.append(Subject(name: "flow \(alignment)", make: { FlowLayout(metrics: FlowMetrics(alignment: alignment)) }, insertQuantum: 1))
        }
        subjects.append(Subject(name: "flow balanced", make: { FlowLayout(metrics: FlowMetrics(lineBreaking: .balanced)) }, insertQuantum: 1))
        subjects.append(Subject(name: "flow baseline, insets", make: {
            FlowLayout(metrics: FlowMetrics(alignment: .leading, lineAlignment: .baseline, interitemSpacing: 4, lineSpacing: 6,
                                            sectionInset: EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)))
        }, insertQuantum: 1))
        subjects.append(Subject(name: "waterfall", make: {
            WaterfallLayout(options: .init(columns: .count(3), columnSpacing: 8, itemSpacing: 8))
        }, insertQuantum: 0))
        subjects.append(Subject(name: "grid", make: { GridLayout(options: .init(columns: .count(3), columnSpacing: 4, rowSpacing: 4)) }, insertQuantum: 3))
        subjects.append(Subject(name: "list", make: { ListLayout(options: .init(rowSpacing: 2)) }, insertQuantum: 1))
        subjects.append(Subject(name: "compositional", make: {
            let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(44)))
            let group = CompositionalGroup.horizontal(
                layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item, item])
            return CompositionalLayout(section: CompositionalSection(group: group, contentInsetsReference: .none))
        }, insertQuantum: 2))
        return subjects
    }()

    /// Two sections: a short one, and a long one mixing measured sizes with runs of
    /// identical estimates (what a collection view shows before it has measured much).
    static func source(_ rng: inout SplitMix64) -> StaticLayoutSource {
        func sizes(_ count: Int) -> [Size] {
            var sizes: [Size] = []
            while sizes.count < count {
                if rng.chance(0.5) {
                    sizes += repeatElement(estimate, count: rng.int(3...60))
                } else {
                    sizes += (0..<rng.int(1...20)).map { _ in randomSize(&rng) }
                }
            }
            return Array(sizes.prefix(count))
        }
        return StaticLayoutSource(
            containerSize: Size(width: containerWidth, height: viewportHeight),
            sections: [
                .init(sizes: sizes(rng.int(0...30)), header: Size(width: 0, height: 40)),
                .init(sizes: sizes(rng.int(300...500)), header: Size(width: 0, height: 30), footer: Size(width: 0, height: 20)),
            ])
    }

    static func randomSize(_ rng: inout SplitMix64) -> Size {
        Size(width: rng.double(10...300).rounded(), height: rng.double(5...120).rounded())
    }

    /// The viewport and what it shows.
    struct View {
        var top: Double
        var anchor: IndexPath
        /// The visible cells' frames, relative to the anchor's origin.
        var relative: [IndexPath: Rect]

        init?(_ layout: any CollectionLayout, top: Double) {
            let bounds = Rect(x: 0, y: top, width: containerWidth, height: viewportHeight)
            let cells = layout.elements(in: bounds).filter { $0.kind == .cell }
            guard let anchor = cells.map(\.indexPath).min(), let origin = layout.attributesForItem(at: anchor)?.frame.origin else { return nil }
            self.top = top
            self.anchor = anchor
            relative = Dictionary(uniqueKeysWithValues: cells.map {
                ($0.indexPath, Rect(x: $0.frame.minX - origin.x, y: $0.frame.minY - origin.y, width: $0.frame.width, height: $0.frame.height))
            })
        }

        /// True when `frame` lies wholly above the viewport.
        func isAbove(_ frame: Rect) -> Bool { frame.maxY <= top }
    }

    /// Runs `operations` on a fresh layout; the first violation, or nil. `applied` counts
    /// the operations that touched items above the viewport (the others were skipped).
    static func run(_ subject: Subject, seed: UInt64, operations: [Operation], applied: inout Int) -> String? {
        var rng = SplitMix64(seed: seed)
        var source = source(&rng)
        let layout = subject.make()
        layout.prepare(from: source)
        let section = 1
        let target = IndexPath(item: rng.int(150...280), section: section)
        guard let targetFrame = layout.attributesForItem(at: target)?.frame else { return "no frame for \(target)" }
        guard var view = View(layout, top: targetFrame.minY + rng.double(-20...20)) else { return "nothing in the viewport" }
        for (step, operation) in operations.enumerated() {
            // Apply the operation to the source, collecting what the layout is told.
            var context = InvalidationContext(anchorItem: view.anchor)
            var survivor: (IndexPath) -> IndexPath? = { $0 }
            func above(_ path: IndexPath) -> Bool {
                guard let frame = layout.attributesForItem(at: path)?.frame else { return false }
                return view.isAbove(frame)
            }
            switch operation {
            case .measure(let path, let size):
                guard path.section < source.numberOfSections, path.item < source.numberOfItems(inSection: path.section), above(path) else { continue }
                source.setSize(ItemSize(size), at: path)
                context.itemSizes = [(path, ItemSize(size))]
            case .invalidate(let path, let count):
                let paths = (path.item..<(path.item + count)).map { IndexPath(item: $0, section: path.section) }
                guard path.section < source.numberOfSections, path.item + count <= source.numberOfItems(inSection: path.section),
                      paths.allSatisfy(above) else { continue }
                for path in paths { source.setSize(ItemSize(estimate), at: path) }
                context.itemSizes = paths.map { ($0, ItemSize(estimate)) }
            case .insert(let path, let sizes):
                guard path.section < view.anchor.section || path.section == view.anchor.section && path.item <= view.anchor.item,
                      path.item <= source.numberOfItems(inSection: path.section) else { continue }
                var all = (0..<source.numberOfItems(inSection: path.section)).map { source.sizeForItem(at: IndexPath(item: $0, section: path.section)) }
                all.insert(contentsOf: sizes.map { ItemSize($0) }, at: path.item)
                source.sections[path.section].items = .list(all)
                survivor = { $0.section == path.section && $0.item >= path.item ? IndexPath(item: $0.item + sizes.count, section: $0.section) : $0 }
                context.invalidatesEverything = true
            case .delete(let path, let count):
                guard path.section < view.anchor.section || path.section == view.anchor.section && path.item + count <= view.anchor.item,
                      path.item + count <= source.numberOfItems(inSection: path.section),
                      (path.item..<(path.item + count)).allSatisfy({ above(IndexPath(item: $0, section: path.section)) }) else { continue }
                var all = (0..<source.numberOfItems(inSection: path.section)).map { source.sizeForItem(at: IndexPath(item: $0, section: path.section)) }
                all.removeSubrange(path.item..<(path.item + count))
                source.sections[path.section].items = .list(all)
                survivor = { $0.section == path.section && $0.item >= path.item + count ? IndexPath(item: $0.item - count, section: $0.section) : $0 }
                context.invalidatesEverything = true
            }
            applied += 1
            let anchor = survivor(view.anchor)!
            context.anchorItem = anchor
            guard let oldAnchorY = layout.attributesForItem(at: view.anchor)?.frame.minY else { return "step \(step): no anchor frame" }
            layout.invalidate(context, source: source)
            guard let newAnchor = layout.attributesForItem(at: anchor)?.frame else { return "step \(step) (\(operation)): the anchor \(anchor) has no frame" }
            // The collection view restores the anchor's distance from the viewport's top.
            let top = view.top + newAnchor.minY - oldAnchorY
            var expected: [IndexPath: Rect] = [:]
            for (path, frame) in view.relative { expected[survivor(path)!] = frame }
            guard let next = View(layout, top: top) else { return "step \(step) (\(operation)): nothing in the viewport" }
            for (path, frame) in expected.sorted(by: { $0.key < $1.key }) {
                guard let now = next.relative[path] else {
                    let frame = layout.attributesForItem(at: path)?.frame
                    return "step \(step) (\(operation)): \(path) left the viewport (now at \(frame.map(\.description) ?? "nowhere"), viewport top \(top))"
                }
                if !now.isClose(to: frame, tolerance: 1e-9) {
                    return "step \(step) (\(operation)): \(path) moved relative to the anchor \(anchor): was \(frame), is \(now)"
                }
            }
            if let intruder = next.relative.keys.filter({ expected[$0] == nil }).min() {
                return "step \(step) (\(operation)): \(intruder) came into view at \(next.relative[intruder]!)"
            }
            if let problem = consistency(layout, source) { return "step \(step) (\(operation)): \(problem)" }
            view = next
        }
        return nil
    }

    /// What any layout state must satisfy: the per-item query and the rect query agree,
    /// neighbours in index order do not overlap, and everything lies in the content.
    static func consistency(_ layout: any CollectionLayout, _ source: StaticLayoutSource) -> String? {
        let content = layout.contentSize
        for section in 0..<source.numberOfSections {
            let count = source.numberOfItems(inSection: section)
            let frames = (0..<count).map { layout.attributesForItem(at: IndexPath(item: $0, section: section))!.frame }
            for (item, frame) in frames.enumerated() {
                if frame.minX < -1e-9 || frame.maxX > content.width + 1e-9 || frame.minY < -1e-9 || frame.maxY > content.height + 1e-6 {
                    return "\(IndexPath(item: item, section: section)) at \(frame) lies outside the content \(content)"
                }
                for other in (item + 1)..<Swift.min(count, item + 12) where LayoutChecks.overlap(frame, frames[other]) {
                    return "\(IndexPath(item: item, section: section)) at \(frame) overlaps item \(other) at \(frames[other])"
                }
            }
        }
        if let flow = layout as? FlowLayout, let problem = flowStructure(flow) { return problem }
        let listed = layout.elements(in: Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2)).filter { $0.kind == .cell }
        for attributes in listed where !(layout.attributesForItem(at: attributes.indexPath)!.frame.isClose(to: attributes.frame)) {
            return "elements(in:) gives \(attributes.indexPath) \(attributes.frame), attributesForItem \(layout.attributesForItem(at: attributes.indexPath)!.frame)"
        }
        return nil
    }

    /// A flow layout's stored lines are well formed: every line fits (or holds one item),
    /// the line count and the hidden items agree with the lines, and every block holds
    /// lines of identical items that fit.
    static func flowStructure(_ layout: FlowLayout) -> String? {
        for (index, section) in layout.sections.enumerated() {
            let geometry = section.geometry
            let lines = section.lineRanges()
            if section.lineCount != lines.count { return "section \(index) counts \(section.lineCount) lines, has \(lines.count)" }
            for line in lines {
                let extents = section.items[line].map { Swift.min($0.main, geometry.available) }
                if line.count > 1 && LineBreaker.lineWidth(extents, 0..<extents.count, spacing: geometry.metrics.interitemSpacing) > geometry.available {
                    return "section \(index): line \(line) is wider than \(geometry.available)"
                }
            }
            for block in section.blocks {
                if block.lineCount < FlowSection.minimumBlockLines || block.end > section.items.count
                    || section.items[block.start..<block.end].contains(where: { $0 != section.items[block.start] }) {
                    return "section \(index): block \(block) is not periodic lines of identical items"
                }
            }
        }
        return nil
    }

    /// A random sequence of operations for `subject`, drawn from the state the layout has
    /// before each (so most of them touch items above the viewport).
    static func operations(_ subject: Subject, seed: UInt64, count: Int) -> [Operation] {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        var operations: [Operation] = []
        for _ in 0..<count {
            let section = rng.chance(0.15) ? 0 : 1
            let item = rng.int(0...260)
            let path = IndexPath(item: item, section: section)
            let quantum = subject.insertQuantum
            switch rng.int(0...9) {
            case 0...4: operations.append(.measure(path, rng.chance(0.2) ? estimate : randomSize(&rng)))
            case 5...6: operations.append(.invalidate(path, count: rng.int(1...12)))
            case 7: if quantum > 0 { operations.append(.insert(path, (0..<(quantum * rng.int(1...3))).map { _ in randomSize(&rng) })) }
            default: if quantum > 0 { operations.append(.delete(IndexPath(item: item - item % quantum, section: section), count: quantum * rng.int(1...3))) }
            }
        }
        return operations
    }

    @Test(arguments: subjects, seeds)
    func everyVisibleFrameStaysPutRelativeToTheAnchor(subject: Subject, seed: UInt64) {
        let operations = Self.operations(subject, seed: seed, count: 40)
        var applied = 0
        guard let failure = Self.run(subject, seed: seed, operations: operations, applied: &applied) else {
            // Most operations must really change something above the viewport.
            #expect(applied >= 15, "\(subject), seed \(seed): only \(applied) of \(operations.count) operations applied")
            return
        }
        // Shrink: drop operations while the sequence still fails.
        var minimal = operations
        var message = failure
        var index = 0
        while index < minimal.count {
            var shorter = minimal
            shorter.remove(at: index)
            var ignored = 0
            if let failure = Self.run(subject, seed: seed, operations: shorter, applied: &ignored) {
                minimal = shorter
                message = failure
            } else {
                index += 1
            }
        }
        Issue.record("""
            \(subject), seed \(seed): \(message)
            smallest failing sequence (\(minimal.count) of \(operations.count)): \(minimal.map(\.description).joined(separator: "; "))
            """)
    }
}
