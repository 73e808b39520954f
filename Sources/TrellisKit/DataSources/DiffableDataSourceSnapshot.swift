import Trellis

/// The state of a collection's data as section and item identifiers
/// (`NSDiffableDataSourceSnapshot`): build one, hand it to
/// `CollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)`, and the
/// data source works out the batch update from the current state to it.
///
/// Identifiers must be unique in the whole snapshot (items across all sections). UIKit
/// raises an exception for a duplicate or for an operation naming an identifier the snapshot
/// does not have; here the mutating methods keep UIKit's non-throwing shape, leave the
/// snapshot as it was for that one operation, and record the problem in `errors`;
/// `apply` then throws the first one (naming the identifier and where it already is) and
/// leaves the collection view unchanged.
///
/// A value type with copy-on-write storage: `dataSource.snapshot()` is a copy to modify.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Section = SectionIdentifierType
    @usableFromInline typealias Item = ItemIdentifierType

    /// The section identifiers in order, and the items of each (parallel arrays).
    /// Usable from inlinable code so that the difference (`batchUpdate(from:)`) and
    /// `replaceItems(ofSection:with:isKept:operation:)` are specialised for the app's
    /// identifier types where they are called. Changed only by this type's methods.
    @usableFromInline internal(set) var sections: [Section] = []
    @usableFromInline internal(set) var itemsBySection: [[Item]] = []
    /// Where each section is in `sections`, and which section holds each item.
    @usableFromInline internal(set) var sectionIndex: [Section: Int] = [:]
    @usableFromInline internal(set) var sectionOfItem: [Item: Section] = [:]

    /// Items and sections whose content changed (see `reloadItems`, `reconfigureItems`,
    /// `reloadSections`). Cleared in the data source's copy once applied.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

    /// What went wrong while building the snapshot (duplicates, unknown identifiers), in
    /// order. Empty for a snapshot `apply` accepts.
    public private(set) var errors: [CollectionViewError] = []

    /// An empty snapshot.
    public init() {}

    // MARK: Reading

    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// - Complexity: O(1).
    public var numberOfItems: Int { sectionOfItem.count }

    /// - Complexity: O(1).
    public var sectionIdentifiers: [SectionIdentifierType] { sections }

    /// Every item, section by section.
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }

    /// The number of items of `section` (0 for a section the snapshot does not have).
    /// - Complexity: O(1) on average.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        sectionIndex[identifier].map { itemsBySection[$0].count } ?? 0
    }

    /// The items of `section`, in order (empty for a section the snapshot does not have).
    /// - Complexity: O(1) on average.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionIndex[identifier].map { itemsBySection[$0] } ?? []
    }

    /// The section holding `identifier`, nil when the snapshot does not have the item.
    /// - Complexity: O(1) on average.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier]
    }

    /// The position of `identifier` in `itemIdentifiers` (all sections), as UIKit's
    /// `indexOfItem(_:)`; nil when absent.
    /// - Complexity: O(s + m): the sections before the item's, and its own section's items.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = sectionOfItem[identifier], let index = sectionIndex[section],
              let item = itemsBySection[index].firstIndex(of: identifier)
        else { return nil }
        return itemsBySection[..<index].reduce(item) { $0 + $1.count }
    }

    /// The position of `identifier` among the sections; nil when absent.
    /// - Complexity: O(1) on average.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    // MARK: Sections

    /// Adds sections at the end.
    /// - Complexity: O(k) for k sections.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sections.count, operation: "appendSections")
    }

    /// Inserts sections before `beforeIdentifier`.
    /// - Complexity: O(s) for s sections.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection beforeIdentifier: SectionIdentifierType) {
        guard let index = existingSection(beforeIdentifier, "insertSections(_:beforeSection:)") else { return }
        insertSections(identifiers, at: index, operation: "insertSections(_:beforeSection:)")
    }

    /// Inserts sections after `afterIdentifier`.
    /// - Complexity: O(s) for s sections.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection afterIdentifier: SectionIdentifierType) {
        guard let index = existingSection(afterIdentifier, "insertSections(_:afterSection:)") else { return }
        insertSections(identifiers, at: index + 1, operation: "insertSections(_:afterSection:)")
    }

    /// Deletes sections and their items. Unknown sections are recorded in `errors`.
    /// - Complexity: O(s + m) for s sections and m items of the deleted ones.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        var doomed = Set<Int>()
        for identifier in identifiers {
            guard let index = existingSection(identifier, "deleteSections") else { continue }
            doomed.insert(index)
        }
        guard !doomed.isEmpty else { return }
        for index in doomed {
            for item in itemsBySection[index] { sectionOfItem[item] = nil }
        }
        var keptSections: [Section] = [], keptItems: [[Item]] = []
        for index in sections.indices where !doomed.contains(index) {
            keptSections.append(sections[index])
            keptItems.append(itemsBySection[index])
        }
        sections = keptSections
        itemsBySection = keptItems
        reindexSections(from: 0)
    }

    /// Moves a section before another.
    /// - Complexity: O(s).
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: false)
    }

    /// Moves a section after another.
    /// - Complexity: O(s).
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: true)
    }

    /// Marks sections as changed: their views and all their items are made and measured
    /// again.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where existingSection(identifier, "reloadSections") != nil {
            reloadedSectionIdentifiers.append(identifier)
        }
    }

    // MARK: Items

    /// Adds items at the end of `section`, or of the last section when nil.
    ///
    /// Inlinable so that the loop is specialised for the app's identifier type where it is
    /// called (a chat builds a million items this way, a day at a time): each new item
    /// costs one hash lookup. A duplicate takes the checked path from where it was found.
    /// - Complexity: O(k) for k items.
    @inlinable
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
        guard let index = sectionIndexForAppending(to: section) else { return }
        let owner = sections[index]
        // No `reserveCapacity` here: it is not specialised (the standard library's entry
        // point is generic), and growing inside `updateValue` doubles as often.
        for position in identifiers.indices {
            if let previous = sectionOfItem.updateValue(owner, forKey: identifiers[position]) {
                sectionOfItem[identifiers[position]] = previous
                appendItemsCheckingDuplicates(identifiers, from: position, into: index)
                return
            }
        }
        itemsBySection[index].append(contentsOf: identifiers)
    }

    /// Where `appendItems(_:toSection:)` appends: the section's index, or the last
    /// section's; nil (with an error recorded) when there is none.
    @usableFromInline
    mutating func sectionIndexForAppending(to section: Section?) -> Int? {
        let operation = "appendItems(_:toSection:)"
        if let section { return existingSection(section, operation) }
        guard !sections.isEmpty else {
            record(.invalidSnapshot, "\(operation) with no section: append a section before its items")
            return nil
        }
        return sections.count - 1
    }

    /// Appends `identifiers` to the section at `index` when the one at `position` is
    /// already in the snapshot: those before it are in `sectionOfItem` already; from it on
    /// each is added unless it is there, which is recorded as an error.
    @usableFromInline
    mutating func appendItemsCheckingDuplicates(_ identifiers: [Item], from position: Int, into index: Int) {
        var accepted = Array(identifiers[..<position])
        accepted += newItems(Array(identifiers[position...]), into: index, "appendItems(_:toSection:)", acceptedBefore: accepted)
        itemsBySection[index].append(contentsOf: accepted)
    }

    /// Inserts items before `beforeIdentifier`, in its section.
    /// - Complexity: O(m + k) for m items of that section and k new ones.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, relativeTo: beforeIdentifier, after: false, "insertItems(_:beforeItem:)")
    }

    /// Inserts items after `afterIdentifier`, in its section.
    /// - Complexity: O(m + k).
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, relativeTo: afterIdentifier, after: true, "insertItems(_:afterItem:)")
    }

    /// Deletes items. Unknown items are recorded in `errors`.
    /// - Complexity: O(k + m) for k identifiers and m items of the sections they are in.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var doomed = Set<Item>()
        var touched = Set<Int>()
        for identifier in identifiers {
            guard let section = sectionOfItem[identifier], let index = sectionIndex[section] else {
                record(.invalidSnapshot, "deleteItems names item \(describe(identifier)), which the snapshot does not have")
                continue
            }
            doomed.insert(identifier)
            touched.insert(index)
            sectionOfItem[identifier] = nil
        }
        for index in touched { itemsBySection[index].removeAll { doomed.contains($0) } }
    }

    /// Deletes every item and every section (as UIKit's `deleteAllItems()`).
    public mutating func deleteAllItems() {
        sections.removeAll()
        itemsBySection.removeAll()
        sectionIndex.removeAll()
        sectionOfItem.removeAll()
    }

    /// Moves an item before another (possibly into another section).
    /// - Complexity: O(m) for the items of the two sections.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    /// Moves an item after another (possibly into another section).
    /// - Complexity: O(m).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }

    /// Marks items whose content changed so that their cells are dequeued, configured and
    /// measured again (their cached sizes are dropped).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers where existingItem(identifier, "reloadItems") {
            reloadedItemIdentifiers.append(identifier)
        }
    }

    /// Marks items whose content changed so that their displayed cells are configured again
    /// in place (the cell provider gets the same cell back, without `prepareForReuse`) and
    /// measured again. Cheaper than `reloadItems`: no new cell.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers where existingItem(identifier, "reconfigureItems") {
            reconfiguredItemIdentifiers.append(identifier)
        }
    }

    // MARK: Internals

    /// Makes `items` the items of `section` (appended when the snapshot has no such
    /// section): what applying a section snapshot does to the whole. `isKept` tells
    /// whether an item the section had is among `items` (the section snapshot answers
    /// without building a set). Returns the error, and leaves the snapshot half-changed,
    /// when an item is in another section: call it on a copy and drop the copy then.
    /// - Complexity: O(m + k) for the m items it had and k new ones, with hashing only for
    ///   the items out of step.
    @inlinable
    mutating func replaceItems(
        ofSection section: Section, with items: [Item], isKept: (Item) -> Bool, operation: String
    ) -> CollectionViewError? {
        let index: Int
        if let existing = sectionIndex[section] {
            index = existing
        } else {
            sections.append(section)
            itemsBySection.append([])
            index = sections.count - 1
            sectionIndex[section] = index
        }
        if sectionOfItem.capacity < sectionOfItem.count + items.count {
            sectionOfItem.reserveCapacity(sectionOfItem.count + items.count)
        }
        // The old and new items in step: equal ones are already this section's and are not
        // hashed (expanding or collapsing a node, or a few changes, leave most in step). Out
        // of step, an old item that is not kept leaves (a collapsed block goes item by item,
        // then the walk is in step again); otherwise the new item is hashed in (one hash:
        // the insertion says whether it was elsewhere) — inserted, or moved here.
        let old = itemsBySection[index]
        var i = 0, j = 0
        while j < items.count {
            if i < old.count && old[i] == items[j] {
                i += 1
                j += 1
            } else if i < old.count && !isKept(old[i]) {
                sectionOfItem[old[i]] = nil
                i += 1
            } else {
                if let other = sectionOfItem.updateValue(section, forKey: items[j]), other != section {
                    return duplicate(items[j], in: other, putIn: section, operation)
                }
                j += 1
            }
        }
        for item in old[i...] where !isKept(item) { sectionOfItem[item] = nil }
        itemsBySection[index] = items
        return nil
    }

    /// The error of `replaceItems` for an item found in another section.
    @usableFromInline
    func duplicate(_ item: Item, in other: Section, putIn section: Section, _ operation: String) -> CollectionViewError {
        CollectionViewError(
            .duplicateIdentifier,
            "duplicate item identifier \(describe(item)): \(operation) puts it in section \(describe(section)), but it is already in section \(describe(other))")
    }

    /// Moves `identifier` to `destination` (an index path of the snapshot after the move):
    /// what an interactive movement the data source is told about does.
    mutating func moveItem(_ identifier: Item, to destination: IndexPath) {
        guard let from = sectionOfItem[identifier].flatMap({ sectionIndex[$0] }),
              let position = itemsBySection[from].firstIndex(of: identifier),
              destination.section >= 0, destination.section < sections.count
        else { return }
        itemsBySection[from].remove(at: position)
        let items = itemsBySection[destination.section]
        itemsBySection[destination.section].insert(identifier, at: min(max(destination.item, 0), items.count))
        sectionOfItem[identifier] = sections[destination.section]
    }

    /// Forgets the reload and reconfigure marks (they describe one apply).
    mutating func clearChangeMarks() {
        reloadedItemIdentifiers.removeAll()
        reconfiguredItemIdentifiers.removeAll()
        reloadedSectionIdentifiers.removeAll()
    }

    private mutating func record(_ code: CollectionViewError.Code, _ message: String) {
        errors.append(CollectionViewError(code, message))
    }

    private func describe<T>(_ value: T) -> String {
        value is String ? "\"\(value)\"" : "\(value)"
    }

    /// Where an item is, for messages: `section "A" at index 3`.
    private func location(of item: Item) -> String {
        guard let section = sectionOfItem[item], let index = sectionIndex[section] else { return "nowhere" }
        let position = itemsBySection[index].firstIndex(of: item).map { " at index \($0)" } ?? ""
        return "section \(describe(section))\(position)"
    }

    private mutating func existingSection(_ identifier: Section, _ operation: String) -> Int? {
        if let index = sectionIndex[identifier] { return index }
        record(.invalidSnapshot, "\(operation) names section \(describe(identifier)), which the snapshot does not have")
        return nil
    }

    private mutating func existingItem(_ identifier: Item, _ operation: String) -> Bool {
        if sectionOfItem[identifier] != nil { return true }
        record(.invalidSnapshot, "\(operation) names item \(describe(identifier)), which the snapshot does not have")
        return false
    }

    private mutating func insertSections(_ identifiers: [Section], at index: Int, operation: String) {
        var accepted: [Section] = []
        var seen = Set<Section>()
        for identifier in identifiers {
            if let existing = sectionIndex[identifier] {
                record(
                    .duplicateIdentifier,
                    "duplicate section identifier \(describe(identifier)): \(operation) adds it again, but it is already section \(existing)")
            } else if !seen.insert(identifier).inserted {
                record(.duplicateIdentifier, "duplicate section identifier \(describe(identifier)): \(operation) names it twice")
            } else {
                accepted.append(identifier)
            }
        }
        guard !accepted.isEmpty else { return }
        sections.insert(contentsOf: accepted, at: index)
        itemsBySection.insert(contentsOf: Array(repeating: [], count: accepted.count), at: index)
        reindexSections(from: index)
    }

    private mutating func reindexSections(from start: Int) {
        if start == 0 { sectionIndex.removeAll(keepingCapacity: true) }
        for index in start..<sections.count { sectionIndex[sections[index]] = index }
    }

    /// The identifiers not in the snapshot yet (recording the others), now in `section`.
    /// `acceptedBefore`: items of the same call taken already (a second one of those is
    /// reported as appearing twice in the call).
    private mutating func newItems(_ identifiers: [Item], into index: Int, _ operation: String, acceptedBefore: [Item] = []) -> [Item] {
        let section = sections[index]
        var accepted: [Item] = []
        accepted.reserveCapacity(identifiers.count)
        sectionOfItem.reserveCapacity(sectionOfItem.count + identifiers.count)
        for identifier in identifiers {
            if sectionOfItem[identifier] == nil {
                sectionOfItem[identifier] = section
                accepted.append(identifier)
            } else {
                let already = accepted.contains(identifier) || acceptedBefore.contains(identifier)
                    ? "it appears twice in the same call" : "it is already in \(location(of: identifier))"
                record(
                    .duplicateIdentifier,
                    "duplicate item identifier \(describe(identifier)): \(operation) adds it to section \(describe(section)), but \(already)")
            }
        }
        return accepted
    }

    private mutating func insertItems(_ identifiers: [Item], relativeTo anchor: Item, after: Bool, _ operation: String) {
        guard existingItem(anchor, operation), let section = sectionOfItem[anchor], let index = sectionIndex[section] else { return }
        let accepted = newItems(identifiers, into: index, operation)
        guard let position = itemsBySection[index].firstIndex(of: anchor) else { return }
        itemsBySection[index].insert(contentsOf: accepted, at: after ? position + 1 : position)
    }

    private mutating func moveItem(_ identifier: Item, relativeTo anchor: Item, after: Bool, _ operation: String) {
        guard existingItem(identifier, operation), existingItem(anchor, operation) else { return }
        guard identifier != anchor else {
            record(.invalidSnapshot, "\(operation) moves item \(describe(identifier)) relative to itself")
            return
        }
        guard let from = sectionOfItem[identifier].flatMap({ sectionIndex[$0] }),
              let position = itemsBySection[from].firstIndex(of: identifier)
        else { return }
        itemsBySection[from].remove(at: position)
        guard let toSection = sectionOfItem[anchor], let to = sectionIndex[toSection],
              let target = itemsBySection[to].firstIndex(of: anchor)
        else { return }
        itemsBySection[to].insert(identifier, at: after ? target + 1 : target)
        sectionOfItem[identifier] = toSection
    }

    private mutating func moveSection(_ identifier: Section, relativeTo anchor: Section, after: Bool) {
        let operation = after ? "moveSection(_:afterSection:)" : "moveSection(_:beforeSection:)"
        guard let from = existingSection(identifier, operation), existingSection(anchor, operation) != nil else { return }
        guard identifier != anchor else {
            record(.invalidSnapshot, "\(operation) moves section \(describe(identifier)) relative to itself")
            return
        }
        let items = itemsBySection.remove(at: from)
        sections.remove(at: from)
        reindexSections(from: 0)
        let target = sectionIndex[anchor]! + (after ? 1 : 0)  // checked above
        sections.insert(identifier, at: target)
        itemsBySection.insert(items, at: target)
        reindexSections(from: 0)
    }
}

extension CollectionViewError.Code {
    /// A snapshot names the same section or item identifier twice.
    public static let duplicateIdentifier = CollectionViewError.Code("duplicateIdentifier")
    /// A snapshot operation names a section or item the snapshot does not have (UIKit
    /// raises an exception), or moves one relative to itself.
    public static let invalidSnapshot = CollectionViewError.Code("invalidSnapshot")
}
