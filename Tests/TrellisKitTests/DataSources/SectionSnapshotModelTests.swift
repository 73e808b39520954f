import Testing
@testable import TrellisKit

/// A section snapshot against a plain model of UIKit's documented outline semantics: every
/// mutation, valid or not, done to both, then every reading compared. The model is a tree
/// of child lists, walked recursively: what `NSDiffableDataSourceSectionSnapshot`'s
/// documentation describes (items depth-first, visible items those whose ancestors are all
/// expanded, new items collapsed, a delete takes the descendants, a bad call changes
/// nothing).
private struct OutlineModel {
    var children: [Int: [Int]] = [:]  // -1: the roots
    var parent: [Int: Int] = [:]
    var expanded: Set<Int> = []

    func contains(_ item: Int) -> Bool { parent[item] != nil }

    mutating func append(_ items: [Int], to parentItem: Int?) -> Bool {
        if let parentItem, !contains(parentItem) { return false }
        guard Set(items).count == items.count, !items.contains(where: contains) else { return false }
        for item in items { parent[item] = parentItem ?? -1 }
        children[parentItem ?? -1, default: []].append(contentsOf: items)
        return true
    }

    mutating func insert(_ items: [Int], nextTo anchor: Int, after: Bool) -> Bool {
        guard contains(anchor), Set(items).count == items.count, !items.contains(where: contains) else { return false }
        let owner = parent[anchor]!
        let position = children[owner]!.firstIndex(of: anchor)! + (after ? 1 : 0)
        children[owner]!.insert(contentsOf: items, at: position)
        for item in items { parent[item] = owner }
        return true
    }

    mutating func delete(_ items: [Int]) -> Bool {
        guard items.allSatisfy(contains) else { return false }
        for item in items where contains(item) {
            let gone = walk(from: [item], visibleOnly: false)
            children[parent[item]!]!.removeAll { $0 == item }
            for removed in gone {
                parent[removed] = nil
                children[removed] = nil
                expanded.remove(removed)
            }
        }
        return true
    }

    mutating func setExpanded(_ items: [Int], _ value: Bool) -> Bool {
        guard items.allSatisfy(contains) else { return false }
        for item in items { if value { expanded.insert(item) } else { expanded.remove(item) } }
        return true
    }

    func walk(from items: [Int], visibleOnly: Bool) -> [Int] {
        items.flatMap { item in
            [item] + (visibleOnly && !expanded.contains(item) ? [] : walk(from: children[item] ?? [], visibleOnly: visibleOnly))
        }
    }

    var all: [Int] { walk(from: children[-1] ?? [], visibleOnly: false) }
    var visible: [Int] { walk(from: children[-1] ?? [], visibleOnly: true) }

    func level(_ item: Int) -> Int {
        var level = 0, current = parent[item]!
        while current != -1 {
            level += 1
            current = parent[current]!
        }
        return level
    }
}

/// A small deterministic generator (a linear congruential one, Knuth's constants).
private struct Steps {
    var state: UInt64
    mutating func below(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// An item whose hash tells little: each value shares its hash with a third of all the
/// others, so finding an item means comparing past many equal hashes.
private struct Colliding: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
    var description: String { String(value) }
}

struct SectionSnapshotModelTests {
    @Test(arguments: 0..<12) func randomEditsAgreeWithTheModel(seed: Int) {
        checkAgainstModel(seed: seed) { $0 }
    }

    /// The same edits on items whose hashes mostly collide: duplicates found, refused
    /// appends taken back and lookups right however long the runs of equal hashes.
    @Test(arguments: 0..<4) func randomEditsAgreeWithTheModelWhenHashesCollide(seed: Int) {
        checkAgainstModel(seed: seed) { Colliding(value: $0) }
    }

    /// 300 random edits, valid or not, to a section snapshot of `wrap`ped numbers and to the
    /// model, every reading compared after each.
    private func checkAgainstModel<Item: Hashable & Sendable>(seed: Int, _ wrap: (Int) -> Item) {
        var steps = Steps(state: UInt64(seed) &* 977 &+ 1)
        var snapshot = DiffableDataSourceSectionSnapshot<Item>()
        var model = OutlineModel()
        var next = 0
        var errors = 0
        for step in 0..<300 {
            let known = model.all
            // An existing item, or now and then one the snapshot does not have.
            func pick() -> Int { known.isEmpty || steps.below(12) == 0 ? 10_000 + steps.below(5) : known[steps.below(known.count)] }
            func fresh() -> [Int] {
                let count = steps.below(4) + 1
                var items = (0..<count).map { _ in defer { next += 1 }; return next }
                if steps.below(15) == 0, let again = known.first { items.append(again) }  // a duplicate
                return items
            }
            let accepted: Bool
            switch steps.below(8) {
            case 0, 1:
                let items = fresh()
                accepted = model.append(items, to: nil)
                snapshot.append(items.map(wrap))
            case 2, 3:
                let items = fresh(), parent = pick()
                accepted = model.append(items, to: parent)
                snapshot.append(items.map(wrap), to: wrap(parent))
            case 4:
                let items = fresh(), anchor = pick(), after = steps.below(2) == 0
                accepted = model.insert(items, nextTo: anchor, after: after)
                if after { snapshot.insert(items.map(wrap), after: wrap(anchor)) } else { snapshot.insert(items.map(wrap), before: wrap(anchor)) }
            case 5:
                let items = [pick()]
                accepted = model.delete(items)
                snapshot.delete(items.map(wrap))
            default:
                let items = [pick(), pick()], value = steps.below(3) != 0
                accepted = model.setExpanded(items, value)
                if value { snapshot.expand(items.map(wrap)) } else { snapshot.collapse(items.map(wrap)) }
            }
            if !accepted { errors += 1 }
            #expect(snapshot.errors.count == errors, "step \(step): errors")
            #expect(snapshot.items == model.all.map(wrap), "step \(step): items")
            #expect(snapshot.visibleItems == model.visible.map(wrap), "step \(step): visible items")
            #expect(snapshot.rootItems == (model.children[-1] ?? []).map(wrap), "step \(step): roots")
        }
        for number in model.all {
            let item = wrap(number)
            #expect(snapshot.level(of: item) == model.level(number))
            #expect(snapshot.parent(of: item) == model.parent[number].flatMap { $0 == -1 ? nil : wrap($0) })
            #expect(snapshot.isVisible(item) == model.visible.contains(number))
            #expect(snapshot.isExpanded(item) == model.expanded.contains(number))
            #expect(snapshot.index(of: item) == model.all.firstIndex(of: number))
            // A subtree copied out holds the item's descendants, expansion kept.
            let subtree = snapshot.snapshot(of: item, includingParent: true)
            #expect(subtree.items == model.walk(from: [number], visibleOnly: false).map(wrap))
            #expect(subtree.visibleItems == model.walk(from: [number], visibleOnly: true).map(wrap))
        }
    }
}
