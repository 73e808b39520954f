import Foundation
import Testing
@testable import Trellis

/// CompositionalLayout against headless Chromium: grids of fractional widths with estimated,
/// stretched and centred items, nested groups of absolute sizes with insets and flexible
/// spacing, and lists, each expressed as CSS flexbox by
/// `scripts/compositional-reference/generate.py`; every cell agrees within 0.01 pt, in
/// every composition where UIKit lays each subitem out once as flexbox does.
@Suite("CompositionalLayout vs Chromium")
struct CompositionalChromiumTests {
    /// A group or an item of the fixture: dimensions as `["fractionalWidth", 0.5]`.
    struct Node: Decodable, Sendable {
        var axis: String?
        var width: [Dimension]
        var height: [Dimension]
        var spacing: Double?
        var flexible: Bool?
        var insets: [Double]?
        var center: Bool?
        var subitems: [Node]?
    }

    /// One element of `["kind", value]`.
    enum Dimension: Decodable, Sendable {
        case kind(String), value(Double)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .kind(text) } else { self = .value(try container.decode(Double.self)) }
        }
    }

    struct Box: Decodable, Sendable {
        var x: Double, y: Double, width: Double, height: Double
    }

    struct Fixture: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var width: Double
        var insets: [Double]
        var interGroupSpacing: Double
        var group: Node
        var sizes: [[Double]]
        var expected: [Box]
        var testDescription: String { name }
    }

    static let fixtures: [Fixture] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?.appendingPathComponent("compositional"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return nil }
            return try? JSONDecoder().decode(Fixture.self, from: data)
        }
    }()

    static func dimension(_ pair: [Dimension]) -> CompositionalDimension {
        guard case .kind(let kind) = pair[0], case .value(let value) = pair[1] else { fatalError("bad dimension in fixture") }
        switch kind {
        case "fractionalWidth": return .fractionalWidth(value)
        case "fractionalHeight": return .fractionalHeight(value)
        case "absolute": return .absolute(value)
        default: return .estimated(value)
        }
    }

    static func insets(_ values: [Double]?) -> EdgeInsets {
        guard let values else { return .zero }
        return EdgeInsets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    }

    static func subitem(_ node: Node) -> CompositionalSubitem {
        let size = CompositionalSize(widthDimension: dimension(node.width), heightDimension: dimension(node.height))
        guard let children = node.subitems else {
            let edges = node.center == true ? CompositionalEdgeSpacing(top: .flexible(0), bottom: .flexible(0)) : nil
            return .item(CompositionalItem(layoutSize: size, contentInsets: insets(node.insets), edgeSpacing: edges))
        }
        let spacing = node.spacing ?? 0
        return .group(CompositionalGroup(
            layoutSize: size, axis: node.axis == "vertical" ? .vertical : .horizontal, subitems: children.map(subitem),
            interItemSpacing: node.flexible == true ? .flexible(spacing) : .fixed(spacing), contentInsets: insets(node.insets)))
    }

    @Test func everyKindHasFixtures() {
        #expect(Self.fixtures.count == 15)
    }

    /// Whether UIKit would repeat some group's subitems in the fixture's composition: a
    /// group without `count` repeats its subitems while they fit, which flexbox cannot
    /// express (the generator lays each subitem out once), so such fixtures are no
    /// reference for the layout.
    static func repeats(_ fixture: Fixture) -> Bool {
        guard case .group(let group) = subitem(fixture.group) else { return false }
        let insets = insets(fixture.insets)
        let container = Size(width: fixture.width - insets.horizontal, height: 800 - insets.vertical)
        return GroupPlan(group, container: container).leafCount != group.leafCount
    }

    /// The nested compositions leave room in their groups, so UIKit repeats their subitems;
    /// grids and lists fill theirs. (Regenerating the nested fixtures needs the generator
    /// to expand repetitions and a browser.)
    @Test func onlyNestedFixturesRepeat() {
        #expect(Self.fixtures.filter(Self.repeats).map(\.name) == ["nested-0", "nested-1", "nested-2", "nested-3"])
    }

    @Test(arguments: fixtures.filter { !repeats($0) })
    func framesMatchTheBrowser(_ fixture: Fixture) throws {
        guard case .group(let group) = Self.subitem(fixture.group) else { Issue.record("the fixture's top node is not a group"); return }
        let section = CompositionalSection(
            group: group, interGroupSpacing: fixture.interGroupSpacing, contentInsets: Self.insets(fixture.insets), contentInsetsReference: .none)
        let layout = CompositionalLayout(section: section)
        layout.prepare(from: StaticLayoutSource(
            containerSize: Size(width: fixture.width, height: 800),
            sections: [.init(sizes: fixture.sizes.map { Size(width: $0[0], height: $0[1]) })]))
        #expect(fixture.expected.count == fixture.sizes.count)
        for (index, box) in fixture.expected.enumerated() {
            let frame = try #require(layout.attributesForItem(at: IndexPath(item: index, section: 0))).frame
            let matches = abs(frame.minX - box.x) <= 0.01 && abs(frame.minY - box.y) <= 0.01
                && abs(frame.width - box.width) <= 0.01 && abs(frame.height - box.height) <= 0.01
            #expect(matches, "item \(index): \(frame) vs browser \(Rect(x: box.x, y: box.y, width: box.width, height: box.height))")
        }
    }
}
