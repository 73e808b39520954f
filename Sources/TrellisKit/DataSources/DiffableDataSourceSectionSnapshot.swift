import Trellis

/// The items of one section as a tree (`NSDiffableDataSourceSectionSnapshot`): root items,
/// each with children in order, each item expanded or collapsed. Build one and hand it to
/// `CollectionViewDiffableDataSource.apply(_:to:animatingDifferences:completion:)`: the
/// section then shows the *visible* items — the roots, and the children of every item
/// whose ancestors are all expanded — in depth-first order, as an outline.
///
/// Items start collapsed, as in UIKit: `append(_:to:)` adds children that stay hidden until
/// their parent is expanded (`expand(_:)`).
///
/// Identifiers must be unique in the snapshot. UIKit raises an exception for a duplicate or
/// for an operation naming an item the snapshot does not have; here the mutating methods
/// keep UIKit's non-throwing shape, leave the snapshot exactly as it was for the whole
/// call, and record the problem in `errors` (`duplicateIdentifier`, `invalidSnapshot`,
/// naming the identifier and where it already is); `apply` then throws the first one and
/// leaves the collection view unchanged.
///
/// A value type: the tree is a table from each item to its parent, its children and its
/// expansion, plus the list of roots, all copy-on-write.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Item = ItemIdentifierType

    /// One item's place in the tree. The children come first: laid out before the
    /// optional parent and the flag, a node of integer items takes 24 bytes, not 32 (the
    /// table of a large outline is most of its memory).
    @usableFromInline
    struct Node: Sendable {
        @usableFromInline var children: [Item] = []
        @usableFromInline var parent: Item?
        @usableFromInline var isExpanded = false

        @inlinable init(parent: Item?) { self.parent = parent }
    }

    /// The items without a parent, in order.
    /// - Complexity: O(1).
    public var rootItems: [ItemIdentifierType] { roots }

    /// The root items. Storage, and everything the building and reading methods touch, is
    /// usable from inlinable code so that those methods are specialised for the app's
    /// item type where they are called (unspecialised, every hash and every node copy
    /// goes through value witnesses: several times slower).
    @usableFromInline var roots: [Item] = []
    /// Every item's node. Invariant: an item is in `nodes` exactly when it is in `roots`
    /// or in the `children` of one other node, and its node's `parent` says which.
    @usableFromInline var nodes: [Item: Node] = [:]

    /// What went wrong while building the snapshot (duplicates, unknown items), in order.
    /// Empty for a snapshot `apply` accepts.
    public private(set) var errors: [CollectionViewError] = []

    /// An empty section snapshot.
    @inlinable public init() {}

    // MARK: Reading

    /// Every item, depth-first: each item followed by its children (expanded or not).
    /// - Complexity: O(n).
    @inlinable public var items: [ItemIdentifierType] { depthFirst(from: roots, visibleOnly: false) }

    /// The items shown: the roots, and the children of items whose ancestors are all
    /// expanded, depth-first. What the section displays once applied.
    /// - Complexity: O(v) for v visible items.
    @inlinable public var visibleItems: [ItemIdentifierType] { depthFirst(from: roots, visibleOnly: true) }

    /// Whether the snapshot has `item`.
    /// - Complexity: O(1) on average.
    @inlinable public func contains(_ item: ItemIdentifierType) -> Bool { nodes[item] != nil }

    /// Whether `item` is expanded (false for an item the snapshot does not have).
    /// - Complexity: O(1) on average.
    @inlinable public func isExpanded(_ item: ItemIdentifierType) -> Bool { nodes[item]?.isExpanded ?? false }

    /// Whether `item` is among `visibleItems`: a root, or an item whose ancestors are all
    /// expanded (false for an item the snapshot does not have).
    /// - Complexity: O(d) for the item's depth d.
    @inlinable public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard var node = nodes[item] else { return false }
        while let parent = node.parent {
            guard let parentNode = nodes[parent], parentNode.isExpanded else { return false }
            node = parentNode
        }
        return true
    }

    /// The position of `item` in `items` (depth-first over all items); nil when absent.
    /// - Complexity: O(n).
    public func index(of item: ItemIdentifierType) -> Int? {
        guard nodes[item] != nil else { return nil }
        return items.firstIndex(of: item)
    }

    /// How deep `item` is: 0 for a root item, 1 for its children, and so on. -1 for an item
    /// the snapshot does not have (UIKit raises an exception).
    /// - Complexity: O(d) for the item's depth d.
    @inlinable public func level(of item: ItemIdentifierType) -> Int {
        guard var node = nodes[item] else { return -1 }
        var level = 0
        while let parent = node.parent, let parentNode = nodes[parent] {
            level += 1
            node = parentNode
        }
        return level
    }

    /// The parent of `child`; nil for a root item or an item the snapshot does not have.
    /// - Complexity: O(1) on average.
    @inlinable public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { nodes[child]?.parent }

    /// A section snapshot of `parent`'s descendants (its children become the roots), or,
    /// with `includingParent`, of `parent` and its descendants. Expansion states are
    /// kept. For an item the snapshot does not have, an empty snapshot whose `errors` say so.
    /// - Complexity: O(k) for the k items copied.
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        var result = Self()
        guard let node = nodes[parent] else {
            result.recordMissing(parent, "snapshot(of:includingParent:)")
            return result
        }
        let roots = includingParent ? [parent] : node.children
        result.roots = roots
        result.nodes.reserveCapacity(roots.count)
        copySubtrees(roots, parent: nil, into: &result.nodes)
        return result
    }

    /// An ASCII picture of the tree: one line an item, indented two spaces a level, with
    /// UIKit's marks: `*` for a visible item, `+` for an expanded item and `-` for a
    /// collapsed one (the expansion mark only on items with children), then the item.
    ///
    ///     * + Food
    ///       * - Fruit
    ///           - 🍏
    ///     *   Drinks
    /// - Complexity: O(n).
    public func visualDescription() -> String {
        var lines: [String] = []
        var stack: [(item: Item, level: Int, visible: Bool)] = roots.reversed().map { ($0, 0, true) }
        while let (item, level, visible) = stack.popLast() {
            let node = nodes[item]!  // every listed item has a node (the invariant)
            let expansion = node.children.isEmpty ? " " : (node.isExpanded ? "+" : "-")
            let indent = String(repeating: "  ", count: level)
            lines.append("\(indent)\(visible ? "*" : " ") \(expansion) \(item)")
            for child in node.children.reversed() { stack.append((child, level + 1, visible && node.isExpanded)) }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Adding items

    /// Adds `items` at the end of `parent`'s children, or of the roots when `parent` is nil.
    /// New items are collapsed. A duplicate (in the snapshot or twice in `items`) or an
    /// unknown `parent` changes nothing and is recorded in `errors`.
    /// - Complexity: O(k) for k items.
    @inlinable
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        let operation = "append(_:to:)"
        if let parent, !existing(parent, operation) { return }
        guard adopt(items, parent: parent, operation) else { return }
        if let parent {
            nodes[parent]!.children.append(contentsOf: items)  // checked above
        } else {
            roots.append(contentsOf: items)
        }
    }

    /// Inserts `items` before `item`, as siblings of it (same parent).
    /// - Complexity: O(k + s) for k items and s siblings.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insertSiblings(items, nextTo: item, after: false, operation: "insert(_:before:)")
    }

    /// Inserts `items` after `item`, as siblings of it (same parent): in `items` order they
    /// come after `item`'s descendants.
    /// - Complexity: O(k + s) for k items and s siblings.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insertSiblings(items, nextTo: item, after: true, operation: "insert(_:after:)")
    }

    /// Adds the trees of `snapshot` (its roots with their descendants and expansion
    /// states) at the end of `parent`'s children, or of the roots.
    /// - Complexity: O(k) for the k items of `snapshot`.
    public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
        let operation = "append(_:to:) of a section snapshot"
        if let parent, !existing(parent, operation) { return }
        guard graft(snapshot, parent: parent, operation) else { return }
        if let parent {
            nodes[parent]!.children.append(contentsOf: snapshot.rootItems)
        } else {
            roots.append(contentsOf: snapshot.roots)
        }
    }

    /// Inserts the trees of `snapshot` before `item`, as its siblings.
    public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
        insertSiblings(snapshot, nextTo: item, after: false, operation: "insert(_:before:) of a section snapshot")
    }

    /// Inserts the trees of `snapshot` after `item`, as its siblings.
    public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
        insertSiblings(snapshot, nextTo: item, after: true, operation: "insert(_:after:) of a section snapshot")
    }

    /// Replaces `parent`'s descendants with the trees of `snapshot` (its roots become
    /// `parent`'s children). `parent` keeps its own expansion state.
    /// - Complexity: O(d + k) for d descendants removed and k items added.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
        let operation = "replace(childrenOf:using:)"
        guard existing(parent, operation) else { return }
        let removed = depthFirst(from: nodes[parent]!.children, visibleOnly: false)
        var saved: [(Item, Node)] = []
        saved.reserveCapacity(removed.count)
        for item in removed { saved.append((item, nodes.removeValue(forKey: item)!)) }
        guard graft(snapshot, parent: parent, operation) else {
            for (item, node) in saved { nodes[item] = node }
            return
        }
        nodes[parent]!.children = snapshot.rootItems
    }

    // MARK: Removing items

    /// Deletes `items` and all their descendants. An item the snapshot does not have
    /// changes nothing and is recorded in `errors`.
    /// - Complexity: O(k + d + s) for k items, d descendants and s siblings of theirs.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items where nodes[item] == nil {
            recordMissing(item, "delete(_:)")
            return
        }
        let doomed = Set(items)
        var parents = Set<Item>()
        var touchesRoots = false
        for item in doomed {
            if let parent = nodes[item]!.parent { parents.insert(parent) } else { touchesRoots = true }
        }
        for gone in depthFirst(from: Array(doomed), visibleOnly: false) { nodes[gone] = nil }
        // A parent that was itself deleted (a descendant of a deleted item) is gone.
        for parent in parents where nodes[parent] != nil { nodes[parent]!.children.removeAll { doomed.contains($0) } }
        if touchesRoots { roots.removeAll { doomed.contains($0) } }
    }

    /// Deletes every item.
    public mutating func deleteAll() {
        roots.removeAll()
        nodes.removeAll()
    }

    // MARK: Expanding and collapsing

    /// Expands `items`: their children become visible when they are themselves visible.
    /// Unknown items change nothing and are recorded in `errors`.
    /// - Complexity: O(k) for k items.
    @inlinable public mutating func expand(_ items: [ItemIdentifierType]) { setExpanded(items, true, operation: "expand(_:)") }

    /// Collapses `items`: their descendants are hidden (each keeps its own expansion
    /// state for when the item is expanded again).
    /// - Complexity: O(k) for k items.
    @inlinable public mutating func collapse(_ items: [ItemIdentifierType]) { setExpanded(items, false, operation: "collapse(_:)") }

    // MARK: Internals

    /// The items below `starts` (themselves included), depth-first; with `visibleOnly`,
    /// without the descendants of collapsed items. An explicit stack: a chain of 100,000
    /// nested items must not exhaust the thread's stack.
    @inlinable
    func depthFirst(from starts: [Item], visibleOnly: Bool) -> [Item] {
        // Every node is a root or some node's child: as many nodes as roots means no item
        // has children, and the roots are the walk.
        if nodes.count == roots.count && starts.count == roots.count { return starts }
        var result: [Item] = []
        result.reserveCapacity(visibleOnly ? starts.count : nodes.count)
        // Each entry: a list of siblings and the next one to visit.
        var stack: [(siblings: [Item], next: Int)] = [(starts, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let (siblings, next) = stack[top]
            guard next < siblings.count else {
                stack.removeLast()
                continue
            }
            stack[top].next = next + 1
            let item = siblings[next]
            result.append(item)
            guard let node = nodes[item], !node.children.isEmpty, !visibleOnly || node.isExpanded else { continue }
            stack.append((node.children, 0))
        }
        return result
    }

    /// Gives each of `items` a node under `parent`, unless one is already in the snapshot
    /// or listed twice: then nothing is added and the duplicate is recorded.
    @inlinable
    mutating func adopt(_ items: [Item], parent: Item?, _ operation: String) -> Bool {
        reserveNodes(items.count)
        for index in items.indices {
            // One hash a new item: the insertion hands back the node a duplicate had,
            // which goes back as it was.
            if let existing = nodes.updateValue(Node(parent: parent), forKey: items[index]) {
                nodes[items[index]] = existing
                rejectDuplicate(items, at: index, parent: parent, operation)
                return false
            }
        }
        return true
    }

    /// Room for `count` more nodes, growing the table geometrically: a dictionary's
    /// `reserveCapacity` sizes it for exactly what is asked, so reserving a little more
    /// on each of many appends (a parent's children at a time) would rebuild it each time.
    @inlinable
    mutating func reserveNodes(_ count: Int) {
        let needed = nodes.count + count
        if needed > nodes.capacity { nodes.reserveCapacity(max(needed, nodes.capacity * 2)) }
    }

    /// Undoes `adopt` up to `items[index]`, the duplicate (its node already restored), and
    /// records it.
    @usableFromInline
    mutating func rejectDuplicate(_ items: [Item], at index: Int, parent: Item?, _ operation: String) {
        let item = items[index]
        let twice = items[..<index].contains(item)
        for added in items[..<index] { nodes[added] = nil }
        let already = twice ? "it appears twice in the same call" : "it is already in the section snapshot \(location(of: item))"
        record(.duplicateIdentifier, "duplicate item identifier \(describe(item)): \(operation) adds it \(placement(parent)), but \(already)")
    }

    /// Copies the nodes of `snapshot`'s trees in, its roots under `parent`, unless one of
    /// its items is already here: then nothing is added and the duplicate is recorded.
    private mutating func graft(_ snapshot: Self, parent: Item?, _ operation: String) -> Bool {
        if let error = snapshot.errors.first {
            record(error.code, "\(operation): the section snapshot given has errors: \(error.message)")
            return false
        }
        for item in snapshot.nodes.keys where nodes[item] != nil {
            record(
                .duplicateIdentifier,
                "duplicate item identifier \(describe(item)): \(operation) adds it \(placement(parent)), but it is already in the section snapshot \(location(of: item))")
            return false
        }
        reserveNodes(snapshot.nodes.count)
        for (item, node) in snapshot.nodes { nodes[item] = node }
        for root in snapshot.rootItems { nodes[root]!.parent = parent }
        return true
    }

    private mutating func insertSiblings(_ items: [Item], nextTo anchor: Item, after: Bool, operation: String) {
        guard existing(anchor, operation) else { return }
        let parent = nodes[anchor]!.parent
        guard adopt(items, parent: parent, operation) else { return }
        placeSiblings(items, nextTo: anchor, after: after)
    }

    private mutating func insertSiblings(_ snapshot: Self, nextTo anchor: Item, after: Bool, operation: String) {
        guard existing(anchor, operation) else { return }
        guard graft(snapshot, parent: nodes[anchor]!.parent, operation) else { return }
        placeSiblings(snapshot.rootItems, nextTo: anchor, after: after)
    }

    /// Puts `items` (already given nodes with `anchor`'s parent) next to `anchor` among its
    /// siblings.
    private mutating func placeSiblings(_ items: [Item], nextTo anchor: Item, after: Bool) {
        if let parent = nodes[anchor]!.parent {
            let position = nodes[parent]!.children.firstIndex(of: anchor)!
            nodes[parent]!.children.insert(contentsOf: items, at: after ? position + 1 : position)
        } else {
            let position = roots.firstIndex(of: anchor)!
            roots.insert(contentsOf: items, at: after ? position + 1 : position)
        }
    }

    @inlinable
    mutating func setExpanded(_ items: [Item], _ expanded: Bool, operation: String) {
        for item in items where nodes[item] == nil {
            recordMissing(item, operation)
            return
        }
        for item in items { nodes[item]!.isExpanded = expanded }
    }

    /// Copies the nodes of `items` and their descendants into `target`, `items` under
    /// `parent`.
    private func copySubtrees(_ items: [Item], parent: Item?, into target: inout [Item: Node]) {
        for item in depthFirst(from: items, visibleOnly: false) { target[item] = nodes[item] }
        for item in items { target[item]!.parent = parent }
    }

    @inlinable
    mutating func existing(_ item: Item, _ operation: String) -> Bool {
        if nodes[item] != nil { return true }
        recordMissing(item, operation)
        return false
    }

    /// Records that `operation` names an item the snapshot does not have.
    @usableFromInline
    mutating func recordMissing(_ item: Item, _ operation: String) {
        record(.invalidSnapshot, "\(operation) names item \(describe(item)), which the section snapshot does not have")
    }

    @usableFromInline
    mutating func record(_ code: CollectionViewError.Code, _ message: String) {
        errors.append(CollectionViewError(code, message))
    }

    private func describe<T>(_ value: T) -> String {
        value is String ? "\"\(value)\"" : "\(value)"
    }

    /// Where a new item goes, for messages: `under "Food"`, `as a root item`.
    private func placement(_ parent: Item?) -> String {
        parent.map { "under \(describe($0))" } ?? "as a root item"
    }

    /// Where an item is, for messages: `under "Food"`, `as a root item`.
    private func location(of item: Item) -> String {
        guard let node = nodes[item] else { return "nowhere" }
        return placement(node.parent)
    }
}

extension DiffableDataSourceSectionSnapshot {
    /// A section snapshot of `items` as root items, none expanded: what a section applied
    /// with a flat snapshot is, seen as a section snapshot.
    init(rootItems items: [Item]) {
        roots = items
        nodes.reserveCapacity(items.count)
        for item in items { nodes[item] = Node(parent: nil) }
    }
}
