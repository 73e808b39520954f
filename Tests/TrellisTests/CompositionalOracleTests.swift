import Testing
@testable import Trellis

/// UIKit's compositional arithmetic, written for the tests from Apple's documentation and
/// nothing of the layout's code: a recursive evaluation of a group description, checked
/// against `CompositionalLayout` over random documents.
///
/// The rules, as Apple states them:
/// - A dimension is a fraction of the containing group's content size (of the section's for
///   the top group), a number of points, or an estimate replaced by the measured size.
/// - `NSCollectionLayoutItem.contentInsets` shrink the item's cell inside its allotted box;
///   "ignored for any axis that uses an estimated value".
/// - `horizontal(layoutSize:subitems:)` / `vertical` "will repeat items until available
///   … space is exhausted"; `repeatingSubitem:count:` repeats the item at its own size;
///   `subitem:count:` (iOS 13) resizes the copies to fit the group with the spacing.
/// - `NSCollectionLayoutSpacing.flexible(x)`: at least x, and it "can grow" to take the
///   space left over, shared by all flexible spacings of the group.
/// - `edgeSpacing` adds space outside the item; flexible top and bottom centre it.
/// - A group of estimated extent is as large as what it holds; the section repeats its
///   group, `interGroupSpacing` apart, inside its `contentInsets`. The last repetition may
///   hold fewer items and keeps the template's positions for them.
enum CompositionalOracle {
    /// One node of an expanded group template.
    final class Node {
        var item: CompositionalItem?
        var group: CompositionalGroup?
        var children: [Node] = []
        /// The extent along the parent's axis imposed by `subitem:count:`.
        var fitted: Double?
        var firstLeaf = 0
        var leafCount = 0
        var size = Size.zero

        init(item: CompositionalItem?, group: CompositionalGroup?) {
            self.item = item
            self.group = group
        }

        var layoutSize: CompositionalSize { item?.layoutSize ?? group!.layoutSize }
        var edges: CompositionalEdgeSpacing? { item?.edgeSpacing ?? group?.edgeSpacing }
        var insets: EdgeInsets { item?.contentInsets ?? group!.contentInsets }
    }

    static func resolve(_ dimension: CompositionalDimension, in container: Size) -> Double? {
        switch dimension {
        case .fractionalWidth(let f): f * container.width
        case .fractionalHeight(let f): f * container.height
        case .absolute(let points): points
        case .estimated: nil
        }
    }

    static func estimate(_ dimension: CompositionalDimension, in container: Size) -> Double {
        resolve(dimension, in: container) ?? dimension.value
    }

    /// Edge spacing minimums before and after along an axis.
    static func edgeMinimums(_ edges: CompositionalEdgeSpacing?, horizontal: Bool) -> (Double, Double) {
        horizontal
            ? (edges?.leading?.minimum ?? 0, edges?.trailing?.minimum ?? 0)
            : (edges?.top?.minimum ?? 0, edges?.bottom?.minimum ?? 0)
    }

    /// The template of `subitem` in `container` (the parent's content size), leaves numbered
    /// from `leaf`.
    static func expand(_ subitem: CompositionalSubitem, container: Size, fitted: Double?, fittedHorizontal: Bool, leaf: inout Int) -> Node {
        switch subitem {
        case .item(let item):
            let node = Node(item: item, group: nil)
            node.fitted = fitted
            node.firstLeaf = leaf
            node.leafCount = 1
            leaf += 1
            return node
        case .group(let group):
            let node = Node(item: nil, group: group)
            node.fitted = fitted
            node.firstLeaf = leaf
            let horizontal = group.axis == .horizontal
            var width = estimate(group.layoutSize.widthDimension, in: container)
            var height = estimate(group.layoutSize.heightDimension, in: container)
            var widthFixed = !group.layoutSize.widthDimension.isEstimated, heightFixed = !group.layoutSize.heightDimension.isEstimated
            if let fitted {
                if fittedHorizontal { width = fitted; widthFixed = true } else { height = fitted; heightFixed = true }
            }
            let inner = Size(
                width: max(0, width - (widthFixed ? group.contentInsets.leading + group.contentInsets.trailing : 0)),
                height: max(0, height - (heightFixed ? group.contentInsets.top + group.contentInsets.bottom : 0)))
            let spacing = group.interItemSpacing?.minimum ?? 0
            var sequence: [CompositionalSubitem] = []
            var copyExtent: Double?
            if let count = group.count {
                sequence = Array(repeating: group.subitems[0], count: count)
                if group.countSizing == .fitsGroup && (horizontal ? widthFixed : heightFixed) {
                    copyExtent = max(0, ((horizontal ? inner.width : inner.height) - spacing * Double(count - 1)) / Double(count))
                }
            } else {
                sequence = group.subitems
                if horizontal ? widthFixed : heightFixed {
                    let room = horizontal ? inner.width : inner.height
                    func footprint(_ subitem: CompositionalSubitem) -> Double {
                        let edges: CompositionalEdgeSpacing?
                        switch subitem {
                        case .item(let item): edges = item.edgeSpacing
                        case .group(let group): edges = group.edgeSpacing
                        }
                        let (before, after) = edgeMinimums(edges, horizontal: horizontal)
                        let dimension = horizontal ? subitem.layoutSize.widthDimension : subitem.layoutSize.heightDimension
                        return before + estimate(dimension, in: inner) + after
                    }
                    var used = group.subitems.map(footprint).reduce(0, +) + spacing * Double(group.subitems.count - 1)
                    var index = 0
                    while used + spacing + footprint(group.subitems[index]) <= room + 1e-9 * max(1, room) {
                        used += spacing + footprint(group.subitems[index])
                        sequence.append(group.subitems[index])
                        index = (index + 1) % group.subitems.count
                    }
                }
            }
            node.children = sequence.map { expand($0, container: inner, fitted: copyExtent, fittedHorizontal: horizontal, leaf: &leaf) }
            node.leafCount = leaf - node.firstLeaf
            return node
        }
    }

    /// Sizes `node` in `container`; `present` cells of the instance exist, `measured` their
    /// sizes (by leaf).
    static func size(_ node: Node, container: Size, parentHorizontal: Bool?, present: Int, measured: [Size]) {
        let layoutSize = node.layoutSize
        var width = resolve(layoutSize.widthDimension, in: container)
        var height = resolve(layoutSize.heightDimension, in: container)
        if let fitted = node.fitted, let parentHorizontal {
            if parentHorizontal { width = fitted } else { height = fitted }
        }
        if node.item != nil {
            let cell = node.firstLeaf < present ? measured[node.firstLeaf] : nil
            node.size = Size(
                width: width ?? cell?.width ?? layoutSize.widthDimension.value,
                height: height ?? cell?.height ?? layoutSize.heightDimension.value)
            return
        }
        let group = node.group!
        let horizontal = group.axis == .horizontal
        let inner = Size(
            width: max(0, (width ?? layoutSize.widthDimension.value) - (width != nil ? group.contentInsets.leading + group.contentInsets.trailing : 0)),
            height: max(0, (height ?? layoutSize.heightDimension.value) - (height != nil ? group.contentInsets.top + group.contentInsets.bottom : 0)))
        var along = 0.0, across = 0.0, count = 0
        for child in node.children {
            size(child, container: inner, parentHorizontal: horizontal, present: present, measured: measured)
            guard child.firstLeaf < present else { continue }
            let (before, after) = edgeMinimums(child.edges, horizontal: horizontal)
            let (top, bottom) = edgeMinimums(child.edges, horizontal: !horizontal)
            along += before + (horizontal ? child.size.width : child.size.height) + after + (count > 0 ? group.interItemSpacing?.minimum ?? 0 : 0)
            across = max(across, top + (horizontal ? child.size.height : child.size.width) + bottom)
            count += 1
        }
        node.size = horizontal
            ? Size(width: width ?? along, height: height ?? across)
            : Size(width: width ?? across, height: height ?? along)
    }

    /// Writes the frames of the present cells under `node`, whose allotted box starts at
    /// `origin`, into `frames` (by leaf).
    static func place(_ node: Node, at origin: Point, parentHorizontal: Bool?, present: Int, frames: inout [Rect]) {
        let layoutSize = node.layoutSize
        let fittedWidth = node.fitted != nil && parentHorizontal == true, fittedHeight = node.fitted != nil && parentHorizontal == false
        let insetsX = !layoutSize.widthDimension.isEstimated || fittedWidth, insetsY = !layoutSize.heightDimension.isEstimated || fittedHeight
        let insets = node.insets
        let box = Rect(
            x: origin.x + (insetsX ? insets.leading : 0), y: origin.y + (insetsY ? insets.top : 0),
            width: max(0, node.size.width - (insetsX ? insets.leading + insets.trailing : 0)),
            height: max(0, node.size.height - (insetsY ? insets.top + insets.bottom : 0)))
        guard let group = node.group else {
            frames[node.firstLeaf] = box
            return
        }
        let horizontal = group.axis == .horizontal
        let spacing = group.interItemSpacing?.minimum ?? 0
        var used = 0.0, flexible = 0
        for (index, child) in node.children.enumerated() {
            let (before, after) = edgeMinimums(child.edges, horizontal: horizontal)
            used += before + (horizontal ? child.size.width : child.size.height) + after
            if index > 0 {
                used += spacing
                if group.interItemSpacing?.isFlexible == true { flexible += 1 }
            }
            let edges = child.edges
            if (horizontal ? edges?.leading : edges?.top)?.isFlexible == true { flexible += 1 }
            if (horizontal ? edges?.trailing : edges?.bottom)?.isFlexible == true { flexible += 1 }
        }
        let room = horizontal ? box.width : box.height
        let share = flexible > 0 && room > used ? (room - used) / Double(flexible) : 0
        var cursor = horizontal ? box.minX : box.minY
        for (index, child) in node.children.enumerated() where child.firstLeaf < present {
            let edges = child.edges
            if index > 0 { cursor += spacing + (group.interItemSpacing?.isFlexible == true ? share : 0) }
            let (before, after) = edgeMinimums(edges, horizontal: horizontal)
            let (top, bottom) = edgeMinimums(edges, horizontal: !horizontal)
            let beforeSpacing = horizontal ? edges?.leading : edges?.top
            let afterSpacing = horizontal ? edges?.trailing : edges?.bottom
            cursor += before + (beforeSpacing?.isFlexible == true ? share : 0)
            let crossRoom = horizontal ? box.height : box.width
            let crossSize = horizontal ? child.size.height : child.size.width
            let free = max(0, crossRoom - top - crossSize - bottom)
            let topSpacing = horizontal ? edges?.top : edges?.leading, bottomSpacing = horizontal ? edges?.bottom : edges?.trailing
            let centred = topSpacing?.isFlexible == true && bottomSpacing?.isFlexible == true
            let crossOffset = top + (centred ? free / 2 : topSpacing?.isFlexible == true ? free : 0)
            let childOrigin = horizontal ? Point(x: cursor, y: box.minY + crossOffset) : Point(x: box.minX + crossOffset, y: cursor)
            place(child, at: childOrigin, parentHorizontal: horizontal, present: present, frames: &frames)
            cursor += (horizontal ? child.size.width : child.size.height) + after + (afterSpacing?.isFlexible == true ? share : 0)
        }
    }

    /// Every cell's frame and the content height of one vertical section of `count` items
    /// (container `width` × `height`, no layout margins).
    static func layOut(_ section: CompositionalSection, width: Double, height: Double, measured: [Size]) -> (frames: [Rect], contentHeight: Double) {
        let insets = section.contentInsets
        let container = Size(width: max(0, width - insets.leading - insets.trailing), height: max(0, height - insets.top - insets.bottom))
        var leaf = 0
        let template = expand(.group(section.group), container: container, fitted: nil, fittedHorizontal: true, leaf: &leaf)
        let perGroup = template.leafCount
        var frames: [Rect] = []
        var y = insets.top
        var first = 0
        while first < measured.count {
            let present = min(perGroup, measured.count - first)
            let slice = Array(measured[first..<(first + present)])
            size(template, container: container, parentHorizontal: nil, present: present, measured: slice)
            var groupFrames = Array(repeating: Rect.zero, count: perGroup)
            place(template, at: Point(x: insets.leading, y: y), parentHorizontal: nil, present: present, frames: &groupFrames)
            frames += groupFrames.prefix(present)
            y += template.size.height
            first += present
            if first < measured.count { y += section.interGroupSpacing }
        }
        return (frames, measured.isEmpty ? insets.top + insets.bottom : y + insets.bottom)
    }
}

/// Random documents in the oracle's scope: repeating groups (one or several subitems),
/// `count` of both kinds, fixed and flexible spacing, flexible edge spacing, partial last
/// groups, nested groups, group and item insets, section insets, fractional, absolute and
/// estimated dimensions.
enum RandomUIKitDocument {
    static func width(_ rng: inout SplitMix64) -> CompositionalDimension {
        rng.chance(0.6) ? .fractionalWidth(Double(rng.int(1...10)) / 20) : .absolute(Double(rng.int(8...90)))
    }

    static func spacing(_ rng: inout SplitMix64) -> CompositionalSpacing? {
        switch rng.int(0...3) {
        case 0: nil
        case 1: .fixed(Double(rng.int(0...12)))
        default: .flexible(Double(rng.int(0...6)))
        }
    }

    static func edges(_ rng: inout SplitMix64) -> CompositionalEdgeSpacing? {
        guard rng.chance(0.4) else { return nil }
        var edges = CompositionalEdgeSpacing()
        edges.leading = rng.chance(0.5) ? .flexible(Double(rng.int(0...4))) : .fixed(Double(rng.int(0...6)))
        if rng.chance(0.5) { edges.trailing = .fixed(Double(rng.int(0...6))) }
        if rng.chance(0.5) { (edges.top, edges.bottom) = (.flexible(0), .flexible(0)) }
        return edges
    }

    static func insets(_ rng: inout SplitMix64) -> EdgeInsets {
        rng.chance(0.3) ? EdgeInsets(top: Double(rng.int(0...4)), leading: Double(rng.int(0...4)), bottom: Double(rng.int(0...4)), trailing: Double(rng.int(0...4))) : .zero
    }

    /// A column of a fixed-height row: items of fixed or fractional heights.
    static func column(_ rng: inout SplitMix64) -> CompositionalGroup {
        let cell = CompositionalItem(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: rng.chance(0.5) ? .fractionalHeight(Double(rng.int(2...5)) / 10) : .absolute(Double(rng.int(10...40)))),
            contentInsets: insets(&rng))
        var group = CompositionalGroup.vertical(
            layoutSize: CompositionalSize(widthDimension: width(&rng), heightDimension: rng.chance(0.7) ? .fractionalHeight(1) : .absolute(Double(rng.int(30...100)))),
            subitems: [cell])
        if rng.chance(0.4) {
            group.count = rng.int(1...3)
            group.countSizing = rng.chance(0.5) ? .fitsGroup : .subitemSize
        }
        group.interItemSpacing = spacing(&rng)
        group.contentInsets = insets(&rng)
        return group
    }

    static func section(_ rng: inout SplitMix64) -> CompositionalSection {
        let selfSizing = rng.chance(0.4)
        let rowHeight: CompositionalDimension = selfSizing ? .estimated(Double(rng.int(20...60))) : .absolute(Double(rng.int(40...120)))
        var subitems: [CompositionalSubitem] = []
        for _ in 0..<rng.int(1...3) {
            if !selfSizing && rng.chance(0.25) {
                subitems.append(.group(column(&rng)))
            } else {
                let height: CompositionalDimension = selfSizing
                    ? (rng.chance(0.7) ? .estimated(Double(rng.int(20...60))) : .absolute(Double(rng.int(10...60))))
                    : (rng.chance(0.5) ? .fractionalHeight(Double(rng.int(3...10)) / 10) : .absolute(Double(rng.int(10...40))))
                subitems.append(.item(CompositionalItem(
                    layoutSize: CompositionalSize(widthDimension: width(&rng), heightDimension: height),
                    contentInsets: insets(&rng), edgeSpacing: edges(&rng))))
            }
        }
        var row = CompositionalGroup.horizontal(
            layoutSize: CompositionalSize(widthDimension: rng.chance(0.8) ? .fractionalWidth(1) : .fractionalWidth(Double(rng.int(10...19)) / 20), heightDimension: rowHeight),
            subitems: subitems)
        if subitems.count == 1 && rng.chance(0.3) {
            row.count = rng.int(1...5)
            row.countSizing = rng.chance(0.5) ? .fitsGroup : .subitemSize
        }
        row.interItemSpacing = spacing(&rng)
        row.contentInsets = insets(&rng)
        var section = CompositionalSection(group: row, interGroupSpacing: Double(rng.int(0...10)), contentInsetsReference: .none)
        section.contentInsets = insets(&rng)
        return section
    }
}

@Suite("CompositionalLayout against an oracle of UIKit's arithmetic")
struct CompositionalOracleTests {
    @Test(arguments: 0..<300)
    func randomDocumentsMatchTheOracle(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0xC0FFEE &+ seed)
        let section = RandomUIKitDocument.section(&rng)
        let width = Double(rng.int(200...600))
        let measured = (0..<rng.int(0...40)).map { _ in Size(width: Double(rng.int(10...200)), height: Double(rng.int(10...90))) }
        let layout = CompositionalLayout(section: section)
        layout.prepare(from: StaticLayoutSource(containerSize: Size(width: width, height: 700), sections: [.init(sizes: measured)]))
        let expected = CompositionalOracle.layOut(section, width: width, height: 700, measured: measured)
        #expect(abs(layout.contentSize.height - expected.contentHeight) <= 1e-6, "content height, width \(width): \(section)")
        for (index, frame) in expected.frames.enumerated() {
            let actual = try #require(layout.attributesForItem(at: IndexPath(item: index, section: 0))).frame
            let close = abs(actual.minX - frame.minX) <= 1e-6 && abs(actual.minY - frame.minY) <= 1e-6
                && abs(actual.width - frame.width) <= 1e-6 && abs(actual.height - frame.height) <= 1e-6
            #expect(close, "item \(index): layout \(actual), oracle \(frame); width \(width), section \(section)")
            if !close { return }
        }
    }

    /// The random documents reach what they are meant to: repetitions, partial last
    /// groups with flexible spacing, both kinds of count, nested groups, self-sizing rows.
    @Test func theDocumentsCoverTheirScope() {
        var repeating = 0, partialFlexible = 0, fits = 0, keeps = 0, nested = 0, estimated = 0
        for seed in 0..<300 as Range<UInt64> {
            var rng = SplitMix64(seed: 0xC0FFEE &+ seed)
            let section = RandomUIKitDocument.section(&rng)
            let width = Double(rng.int(200...600))
            let items = (0..<rng.int(0...40)).map { _ in (rng.int(10...200), rng.int(10...90)) }.count
            let insets = section.contentInsets
            var leaf = 0
            let template = CompositionalOracle.expand(
                .group(section.group), container: Size(width: width - insets.leading - insets.trailing, height: 700 - insets.top - insets.bottom),
                fitted: nil, fittedHorizontal: true, leaf: &leaf)
            if template.children.count > section.group.subitems.count && section.group.count == nil {
                repeating += 1
                if items % template.leafCount != 0 && section.group.interItemSpacing?.isFlexible == true { partialFlexible += 1 }
            }
            if section.group.count != nil { if section.group.countSizing == .fitsGroup { fits += 1 } else { keeps += 1 } }
            if section.group.subitems.contains(where: { if case .group = $0 { true } else { false } }) { nested += 1 }
            if section.group.layoutSize.heightDimension.isEstimated { estimated += 1 }
        }
        #expect(repeating >= 60 && partialFlexible >= 10 && fits >= 10 && keeps >= 10 && nested >= 30 && estimated >= 60,
                "repeating \(repeating), partial flexible \(partialFlexible), fits \(fits), keeps \(keeps), nested \(nested), estimated \(estimated)")
    }
}
