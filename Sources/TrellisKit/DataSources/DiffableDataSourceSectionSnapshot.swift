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
/// A value type: a flat table, copy-on-write. Each item has a slot (one hash a new item,
/// kept with it: a `SlotTable` of items, their hashes and the slot of each item); a slot's
/// links — parent, first and last child, next and previous sibling, expansion — are small
/// integers in one array. Appending children links them in place (no array per parent),
/// walking the tree follows the links (no hashing), expanding or collapsing copies and
/// touches only the links, and copying trees between snapshots reuses the items' hashes.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Item = ItemIdentifierType

    /// A slot's place in the tree.
    @usableFromInline
    struct Links: Sendable {
        @usableFromInline var parent: Int32
        @usableFromInline var firstChild: Int32 = -1
        @usableFromInline var lastChild: Int32 = -1
        @usableFromInline var next: Int32 = -1
        @usableFromInline var previous: Int32 = -1
        @usableFromInline var isExpanded = false

        @inlinable init(parent: Int32) { self.parent = parent }
    }

    /// No slot.
    @inlinable static var none: Int32 { -1 }

    // Invariants: `table` has exactly the snapshot's items, one a slot; the lists linked
    // from `firstRoot` and from each slot's `firstChild` through `next` hold every slot
    // exactly once; `previous` mirrors `next`; `parent` is the slot whose list holds it
    // (`none` for a root); `lastChild` / `lastRoot` end the lists.

    /// The item in each slot and the slot of each item.
    @usableFromInline var table = SlotTable<Item>()
    @usableFromInline var links: [Links] = []
    @usableFromInline var firstRoot: Int32 = -1
    @usableFromInline var lastRoot: Int32 = -1

    /// What went wrong while building the snapshot (duplicates, unknown items), in order.
    /// Empty for a snapshot `apply` accepts.
    public private(set) var errors: [CollectionViewError] = []

    /// An empty section snapshot.
    @inlinable public init() {}

    // MARK: Reading

    /// How many items the snapshot has.
    @inlinable var count: Int { table.count }

    /// The items without a parent, in order.
    /// - Complexity: O(r) for r root items.
    @inlinable public var rootItems: [ItemIdentifierType] { siblings(from: firstRoot) }

    /// Every item, depth-first: each item followed by its children (expanded or not).
    /// - Complexity: O(n).
    @inlinable public var items: [ItemIdentifierType] { walkedItems(visibleOnly: false) }

    /// The items shown: the roots, and the children of items whose ancestors are all
    /// expanded, depth-first. What the section displays once applied.
    /// - Complexity: O(v) for v visible items.
    @inlinable public var visibleItems: [ItemIdentifierType] { walkedItems(visibleOnly: true) }

    /// Whether the snapshot has `item`.
    /// - Complexity: O(1) on average.
    @inlinable public func contains(_ item: ItemIdentifierType) -> Bool { table.slot(of: item) != nil }

    /// Whether `item` is expanded (false for an item the snapshot does not have).
    /// - Complexity: O(1) on average.
    @inlinable public func isExpanded(_ item: ItemIdentifierType) -> Bool {
        guard let slot = table.slot(of: item) else { return false }
        return links[Int(slot)].isExpanded
    }

    /// Whether `item` has children (expanded or not).
    @inlinable func hasChildren(_ item: ItemIdentifierType) -> Bool {
        guard let slot = table.slot(of: item) else { return false }
        return links[Int(slot)].firstChild != Self.none
    }

    /// Whether `item` is among `visibleItems`: a root, or an item whose ancestors are all
    /// expanded (false for an item the snapshot does not have).
    /// - Complexity: O(d) for the item's depth d.
    @inlinable public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard var slot = table.slot(of: item) else { return false }
        while links[Int(slot)].parent != Self.none {
            slot = links[Int(slot)].parent
            guard links[Int(slot)].isExpanded else { return false }
        }
        return true
    }

    /// The position of `item` in `items` (depth-first over all items); nil when absent.
    /// - Complexity: O(n).
    public func index(of item: ItemIdentifierType) -> Int? {
        guard let target = table.slot(of: item) else { return nil }
        var position = 0, found: Int?
        walk(from: firstRoot, single: false, visibleOnly: false) { slot in
            if slot == target { found = position }
            position += 1
        }
        return found
    }

    /// How deep `item` is: 0 for a root item, 1 for its children, and so on. -1 for an item
    /// the snapshot does not have (UIKit raises an exception).
    /// - Complexity: O(d) for the item's depth d.
    @inlinable public func level(of item: ItemIdentifierType) -> Int {
        guard let slot = table.slot(of: item) else { return -1 }
        return depth(of: slot)
    }

    /// The parent of `child`; nil for a root item or an item the snapshot does not have.
    /// - Complexity: O(1) on average.
    @inlinable public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
        guard let slot = table.slot(of: child) else { return nil }
        let parent = links[Int(slot)].parent
        return parent == Self.none ? nil : table[parent]
    }

    /// A section snapshot of `parent`'s descendants (its children become the roots), or,
    /// with `includingParent`, of `parent` and its descendants. Expansion states are
    /// kept. For an item the snapshot does not have, an empty snapshot whose `errors` say so.
    /// - Complexity: O(k) for the k items copied.
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        var result = Self()
        guard let slot = table.slot(of: parent) else {
            result.recordMissing(parent, "snapshot(of:includingParent:)")
            return result
        }
        let first = includingParent ? slot : links[Int(slot)].firstChild
        result.copyTrees(of: self, from: first, single: includingParent, under: Self.none, before: Self.none)
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
    /// - Complexity: O(n × d) for depth d.
    public func visualDescription() -> String {
        var lines: [String] = []
        walk(from: firstRoot, single: false, visibleOnly: false) { slot in
            let node = links[Int(slot)]
            let expansion = node.firstChild == Self.none ? " " : (node.isExpanded ? "+" : "-")
            let indent = String(repeating: "  ", count: depth(of: slot))
            lines.append("\(indent)\(isVisible(slot: slot) ? "*" : " ") \(expansion) \(table[slot])")
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
        var parentSlot = Self.none
        if let parent {
            guard let slot = existingSlot(parent, operation) else { return }
            parentSlot = slot
        }
        guard let first = adopt(items, operation, parent: parentSlot) else { return }
        linkRun(first, count: items.count, under: parentSlot, before: Self.none)
    }

    /// Inserts `items` before `item`, as siblings of it (same parent).
    /// - Complexity: O(k) for k items.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insertSiblings(items, nextTo: item, after: false, operation: "insert(_:before:)")
    }

    /// Inserts `items` after `item`, as siblings of it (same parent): in `items` order they
    /// come after `item`'s descendants.
    /// - Complexity: O(k) for k items.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insertSiblings(items, nextTo: item, after: true, operation: "insert(_:after:)")
    }

    /// Adds the trees of `snapshot` (its roots with their descendants and expansion
    /// states) at the end of `parent`'s children, or of the roots.
    /// - Complexity: O(k) for the k items of `snapshot`.
    public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
        let operation = "append(_:to:) of a section snapshot"
        var parentSlot = Self.none
        if let parent {
            guard let slot = existingSlot(parent, operation) else { return }
            parentSlot = slot
        }
        guard canGraft(snapshot, parent: parentSlot, operation) else { return }
        copyTrees(of: snapshot, from: snapshot.firstRoot, single: false, under: parentSlot, before: Self.none)
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
    /// - Complexity: O(n + k) for n items here and k added.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
        let operation = "replace(childrenOf:using:)"
        guard let slot = existingSlot(parent, operation) else { return }
        var descendants = Set<Int32>()
        walk(from: links[Int(slot)].firstChild, single: false, visibleOnly: false) { descendants.insert($0) }
        // Items of `snapshot` may be among the descendants it replaces, not elsewhere.
        guard canGraft(snapshot, parent: slot, operation, except: descendants) else { return }
        let parentItem = table[slot]
        removeSlots(descendants)
        let newSlot = table.slot(of: parentItem)!  // the parent stays
        copyTrees(of: snapshot, from: snapshot.firstRoot, single: false, under: newSlot, before: Self.none)
    }

    // MARK: Removing items

    /// Deletes `items` and all their descendants. An item the snapshot does not have
    /// changes nothing and is recorded in `errors`.
    /// - Complexity: O(n) for the n items of the snapshot.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        var doomed = Set<Int32>()
        for item in items {
            guard let slot = table.slot(of: item) else {
                recordMissing(item, "delete(_:)")
                return
            }
            doomed.insert(slot)
        }
        var gone = Set<Int32>()
        for slot in doomed where !gone.contains(slot) { walk(from: slot, single: true, visibleOnly: false) { gone.insert($0) } }
        removeSlots(gone)
    }

    /// Deletes every item.
    public mutating func deleteAll() {
        table.removeAll()
        links.removeAll()
        firstRoot = Self.none
        lastRoot = Self.none
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

    /// The items of the sibling list starting at `first`.
    @inlinable
    func siblings(from first: Int32) -> [Item] {
        var result: [Item] = []
        var slot = first
        while slot != Self.none {
            result.append(table[slot])
            slot = links[Int(slot)].next
        }
        return result
    }

    @inlinable
    func walkedItems(visibleOnly: Bool) -> [Item] {
        var result: [Item] = []
        result.reserveCapacity(table.count)
        walk(from: firstRoot, single: false, visibleOnly: visibleOnly) { result.append(table[$0]) }
        return result
    }

    /// Visits, depth-first, the tree of `first` (`single`) or the trees of `first` and the
    /// siblings after it; with `visibleOnly`, without the descendants of collapsed items.
    /// Follows the links: no stack, no hashing.
    @inlinable
    func walk(from first: Int32, single: Bool, visibleOnly: Bool, _ body: (Int32) -> Void) {
        guard first != Self.none else { return }
        let top = links[Int(first)].parent
        links.withUnsafeBufferPointer { links in
            var slot = first
            while true {
                body(slot)
                let node = links[Int(slot)]
                if node.firstChild != Self.none && (!visibleOnly || node.isExpanded) {
                    slot = node.firstChild
                    continue
                }
                // Up until there is a next sibling within the walk.
                var current = slot
                while true {
                    if single && current == first { return }
                    let next = links[Int(current)].next
                    if next != Self.none {
                        slot = next
                        break
                    }
                    let parent = links[Int(current)].parent
                    if parent == top { return }
                    current = parent
                }
            }
        }
    }

    @inlinable
    func depth(of slot: Int32) -> Int {
        var level = 0, current = links[Int(slot)].parent
        while current != Self.none {
            level += 1
            current = links[Int(current)].parent
        }
        return level
    }

    func isVisible(slot: Int32) -> Bool {
        var current = links[Int(slot)].parent
        while current != Self.none {
            guard links[Int(current)].isExpanded else { return false }
            current = links[Int(current)].parent
        }
        return true
    }

    /// Gives each of `items` a new slot (consecutive, unlinked, `parent` recorded) unless
    /// one is already in the snapshot or listed twice: then nothing is added and the
    /// duplicate is recorded. Returns the first new slot.
    @inlinable
    mutating func adopt(_ items: [Item], _ operation: String, parent: Int32) -> Int32? {
        let first = table.count
        precondition(first + items.count < Int(Int32.max), "a section snapshot holds fewer than \(Int32.max) items")
        reserveSlots(items.count)
        for item in items {
            // One hash a new item: the insertion finds a duplicate's slot on the way.
            if let existing = table.insert(item) {
                let added = table.count - first
                table.removeLast(added)
                rejectDuplicate(item, twice: Int(existing) >= first, parent: parent, operation)
                return nil
            }
        }
        links.append(contentsOf: repeatElement(Links(parent: parent), count: items.count))
        return Int32(first)
    }

    /// Room for `count` more items in the table and the links, growing geometrically:
    /// reserving a little more on each of many appends (a parent's children at a time)
    /// must not copy everything each time.
    @inlinable
    mutating func reserveSlots(_ count: Int) {
        let needed = table.count + count
        table.reserve(count)
        if links.capacity < needed { links.reserveCapacity(max(needed, links.capacity * 2)) }
    }

    /// Links the `count` consecutive slots from `first` (new, unlinked) into `parent`'s
    /// children (the roots for `none`), in order, before `sibling` (at the end for `none`).
    @inlinable
    mutating func linkRun(_ first: Int32, count: Int, under parent: Int32, before sibling: Int32) {
        guard count > 0 else { return }
        let last = first + Int32(count) - 1
        let previous = sibling != Self.none ? links[Int(sibling)].previous : (parent == Self.none ? lastRoot : links[Int(parent)].lastChild)
        links.withUnsafeMutableBufferPointer { links in
            for slot in first...last {
                links[Int(slot)].parent = parent
                links[Int(slot)].previous = slot == first ? previous : slot - 1
                links[Int(slot)].next = slot == last ? sibling : slot + 1
            }
        }
        if previous != Self.none {
            links[Int(previous)].next = first
        } else if parent == Self.none {
            firstRoot = first
        } else {
            links[Int(parent)].firstChild = first
        }
        if sibling != Self.none {
            links[Int(sibling)].previous = last
        } else if parent == Self.none {
            lastRoot = last
        } else {
            links[Int(parent)].lastChild = last
        }
    }

    /// Links the single slot `slot` (new, unlinked) as `linkRun` does.
    @inlinable
    mutating func link(_ slot: Int32, under parent: Int32, before sibling: Int32) { linkRun(slot, count: 1, under: parent, before: sibling) }

    /// Records that `item` is a duplicate: listed `twice` in the same call, or already in
    /// the snapshot (which is as it was before the call).
    @usableFromInline
    mutating func rejectDuplicate(_ item: Item, twice: Bool, parent: Int32, _ operation: String) {
        let already = twice ? "it appears twice in the same call" : "it is already in the section snapshot \(location(of: item))"
        record(.duplicateIdentifier, "duplicate item identifier \(describe(item)): \(operation) adds it \(placement(parent)), but \(already)")
    }

    /// Whether the items of `snapshot` can be added here: none with errors, none already
    /// here (but those in `except`, about to go); records why not.
    private mutating func canGraft(_ snapshot: Self, parent: Int32, _ operation: String, except: Set<Int32> = []) -> Bool {
        if let error = snapshot.errors.first {
            record(error.code, "\(operation): the section snapshot given has errors: \(error.message)")
            return false
        }
        for (item, hash) in zip(snapshot.table.items, snapshot.table.hashes) {
            if let slot = table.slot(of: item, hash: hash), !except.contains(slot) {
                record(
                    .duplicateIdentifier,
                    "duplicate item identifier \(describe(item)): \(operation) adds it \(placement(parent)), but it is already in the section snapshot \(location(of: item))")
                return false
            }
        }
        return true
    }

    /// Copies the tree of `first` (`single`) or the trees of `first` and its following
    /// siblings from `source`, with their expansion states, under `parent`, before
    /// `sibling`. The items must be new here (`canGraft`).
    mutating func copyTrees(of source: Self, from first: Int32, single: Bool, under parent: Int32, before sibling: Int32) {
        guard first != Self.none else { return }
        reserveSlots(source.count)
        // The copy of each source slot's parent, found as the walk goes down: the walk
        // visits a parent before its children.
        var copied: [Int32: Int32] = [:]
        let top = source.links[Int(first)].parent
        source.walk(from: first, single: single, visibleOnly: false) { from in
            let node = source.links[Int(from)]
            let slot = Int32(table.count)
            table.insertNew(source.table[from], hash: source.table.hash(ofSlot: from))
            var links = Links(parent: Self.none)
            links.isExpanded = node.isExpanded
            self.links.append(links)
            if node.firstChild != Self.none { copied[from] = slot }
            if node.parent == top {
                link(slot, under: parent, before: sibling)
            } else {
                link(slot, under: copied[node.parent]!, before: Self.none)  // the walk copied the parent first
            }
        }
    }

    private mutating func insertSiblings(_ items: [Item], nextTo anchor: Item, after: Bool, operation: String) {
        guard let anchorSlot = existingSlot(anchor, operation) else { return }
        let parent = links[Int(anchorSlot)].parent
        guard let first = adopt(items, operation, parent: parent) else { return }
        linkRun(first, count: items.count, under: parent, before: after ? links[Int(anchorSlot)].next : anchorSlot)
    }

    private mutating func insertSiblings(_ snapshot: Self, nextTo anchor: Item, after: Bool, operation: String) {
        guard let anchorSlot = existingSlot(anchor, operation) else { return }
        let parent = links[Int(anchorSlot)].parent
        guard canGraft(snapshot, parent: parent, operation) else { return }
        copyTrees(of: snapshot, from: snapshot.firstRoot, single: false, under: parent, before: after ? links[Int(anchorSlot)].next : anchorSlot)
    }

    /// Removes `gone` (whole subtrees: every descendant of a slot in it is in it): the
    /// table is rebuilt from the items that stay, in walk order, keeping the tree.
    private mutating func removeSlots(_ gone: Set<Int32>) {
        guard !gone.isEmpty else { return }
        var kept = Self()
        kept.errors = errors
        kept.reserveSlots(count - gone.count)
        var copied: [Int32: Int32] = [:]
        walk(from: firstRoot, single: false, visibleOnly: false) { from in
            guard !gone.contains(from) else { return }
            let node = links[Int(from)]
            // A slot whose parent is gone is gone too (subtrees go whole), so its parent
            // was copied before it.
            let parent = node.parent == Self.none ? Self.none : copied[node.parent]!
            let slot = Int32(kept.table.count)
            kept.table.insertNew(table[from], hash: table.hash(ofSlot: from))
            var links = Links(parent: Self.none)
            links.isExpanded = node.isExpanded
            kept.links.append(links)
            kept.link(slot, under: parent, before: Self.none)
            if node.firstChild != Self.none { copied[from] = slot }
        }
        self = kept
    }

    @inlinable
    mutating func setExpanded(_ items: [Item], _ expanded: Bool, operation: String) {
        var found: [Int32] = []
        found.reserveCapacity(items.count)
        for item in items {
            guard let slot = table.slot(of: item) else {
                recordMissing(item, operation)
                return
            }
            found.append(slot)
        }
        for slot in found { links[Int(slot)].isExpanded = expanded }
    }

    @inlinable
    mutating func existingSlot(_ item: Item, _ operation: String) -> Int32? {
        if let slot = table.slot(of: item) { return slot }
        recordMissing(item, operation)
        return nil
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
    private func placement(_ parent: Int32) -> String {
        parent == Self.none ? "as a root item" : "under \(describe(table[parent]))"
    }

    /// Where an item is, for messages: `under "Food"`, `as a root item`.
    private func location(of item: Item) -> String {
        guard let slot = table.slot(of: item) else { return "nowhere" }
        return placement(links[Int(slot)].parent)
    }
}

extension DiffableDataSourceSectionSnapshot {
    /// A section snapshot of `items` as root items, none expanded: what a section applied
    /// with a flat snapshot is, seen as a section snapshot.
    init(rootItems items: [Item]) {
        self.init()
        append(items)
    }
}
