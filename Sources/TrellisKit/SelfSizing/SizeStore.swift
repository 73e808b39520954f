import Trellis

/// A header or footer of a section, for measured sizes.
struct SupplementarySizeKey: Hashable {
    var kind: ElementKind
    var section: Int
}

/// A header or footer measured for one proposal (so: once per width).
struct SupplementaryMeasurement: Hashable {
    var kind: ElementKind
    var section: Int
    var proposal: FittingProposal
}

/// Every size a collection view has measured, owned by one collection view:
/// - the size cache, by item identity, proposal and traits (what survives reloads and
///   batch updates);
/// - the resolved item sizes, by index path for the current snapshot and width, which the
///   layout reads in O(1) without asking for identities (nil: not measured; an empty
///   section array: nothing measured in the section yet);
/// - the resolved header and footer sizes for the current width, and the header and footer
///   sizes by proposal (each measured at most once per width);
/// - the resolved sizes of estimated supplementary items attached to cells (badges), by
///   kind and section, then by item, for the current width;
/// - the sizes measured in the current sizing round, handed to the layout in one
///   invalidation, and what the round found unmeasured;
/// - the displayed items whose content asked to be measured again (self-sizing
///   invalidation), measured by the next layout pass.
///
/// Invariant: a resolved item size is the size the layout was last given for that item
/// (or is about to be given, in the current round's changes); the storage is private, so
/// every write goes through the methods below.
final class SizeStore {
    /// Measured sizes by item identity.
    private(set) var cache = SizeCache()

    // Read per item while the layout prepares; `@exclusivity(unchecked)` drops the dynamic
    // checks, sound because the store is used from its collection view's thread and no
    // access to one of these overlaps another.
    @exclusivity(unchecked)
    private var items: [[Size?]] = []
    @exclusivity(unchecked)
    private var supplementary: [SupplementarySizeKey: Size] = [:]
    private var supplementaryByProposal: [SupplementaryMeasurement: Size] = [:]
    /// Badges' sizes: by kind and section, the sizes by item (what the layout reads for a
    /// section at once).
    private var attached: [SupplementarySizeKey: [Int: Size]] = [:]

    // The current sizing round: reused buffers, so a warm pass allocates nothing.
    @exclusivity(unchecked)
    private(set) var itemChanges: [(IndexPath, ItemSize)] = []
    @exclusivity(unchecked)
    private(set) var supplementaryChanges: [(ElementKind, Int, Size?)] = []
    private(set) var attachedChanges: [(ElementKind, IndexPath, Size?)] = []
    @exclusivity(unchecked)
    private(set) var unmeasuredItems: [IndexPath] = []
    @exclusivity(unchecked)
    private(set) var unmeasuredSupplementaries: [LayoutAttributes] = []

    /// Displayed items whose content changed (`invalidateIntrinsicContentSize()` under
    /// `selfSizingInvalidation`), to be measured again by the next layout pass.
    private(set) var invalidatedItems: Set<IndexPath> = []
    /// Displayed headers and footers whose content changed, likewise.
    private(set) var invalidatedSupplementaries: Set<SupplementarySizeKey> = []

    // MARK: Item sizes

    /// The measured size of the item, nil when it has none.
    /// - Complexity: O(1).
    @inline(__always)
    func size(at indexPath: IndexPath) -> Size? {
        guard indexPath.section < items.count else { return nil }
        let sizes = items[indexPath.section]
        guard indexPath.item < sizes.count else { return nil }
        return sizes[indexPath.item]
    }

    /// Calls `body` with each resolved size of `section` below item `count`, in order.
    func forEachResolvedSize(inSection section: Int, below count: Int, _ body: (Int, Size) -> Void) {
        guard section < items.count else { return }
        items[section].withUnsafeBufferPointer { sizes in
            for item in 0..<Swift.min(count, sizes.count) {
                if let size = sizes[item] { body(item, size) }
            }
        }
    }

    /// Every resolved size, by section (for state checks).
    var resolvedItemSizes: [[Size?]] { items }

    /// Records `size` as the item's measured size and as a change for the layout.
    /// `sectionCount` is the section's item count (the section's array is made on its
    /// first measured item).
    func record(_ size: Size, at indexPath: IndexPath, sectionCount: Int) {
        if items[indexPath.section].isEmpty {
            items[indexPath.section] = Array(repeating: nil, count: sectionCount)
        }
        items[indexPath.section][indexPath.item] = size
        itemChanges.append((indexPath, ItemSize(size)))
    }

    /// Marks the item unmeasured (an index path outside the store is ignored).
    func forgetSize(at indexPath: IndexPath) {
        guard indexPath.section < items.count, indexPath.item < items[indexPath.section].count else { return }
        items[indexPath.section][indexPath.item] = nil
    }

    /// Marks every item unmeasured, for `sectionCount` sections.
    func forgetItemSizes(sectionCount: Int) {
        items = Array(repeating: [], count: sectionCount)
    }

    /// Moves the measured sizes to the items' places after a batch update: `oldIndexPaths`
    /// gives, for each new section, the index path each item had before (nil: new);
    /// `reloaded` items (new index paths) lose theirs.
    /// - Complexity: O(n) for n items after the update.
    func remap<Olds: Collection<IndexPath?>>(
        newCounts: [Int], oldIndexPaths: (Int) -> Olds, reloaded: Set<IndexPath>
    ) {
        var remapped: [[Size?]] = []
        remapped.reserveCapacity(newCounts.count)
        for (section, count) in newCounts.enumerated() {
            var sizes: [Size?] = []
            for (item, old) in oldIndexPaths(section).enumerated() {
                guard let old, reloaded.isEmpty || !reloaded.contains(IndexPath(item: item, section: section)),
                      let size = size(at: old)
                else { continue }
                if sizes.isEmpty { sizes = Array(repeating: nil, count: count) }
                sizes[item] = size
            }
            remapped.append(sizes)
        }
        items = remapped
    }

    /// Sections inserted at `inserted` (new indices, ascending) and nothing else changed:
    /// every size, measured header and footer and pending invalidation follows its section
    /// to its new index; the new sections have nothing measured.
    /// - Complexity: O(s) for s sections, plus the measured headers and footers.
    func insertSections(_ inserted: [Int], newSectionCount: Int) {
        let newSection = Self.sectionShift(inserted)
        // One entry per old section (the last ones may have none yet), then the new ones.
        let oldSectionCount = newSectionCount - inserted.count
        if items.count < oldSectionCount { items += Array(repeating: [], count: oldSectionCount - items.count) }
        if items.count > oldSectionCount { items.removeLast(items.count - oldSectionCount) }
        items.insert(Array(repeating: [], count: inserted.count), landingAt: inserted)
        if !supplementary.isEmpty {
            supplementary = Dictionary(uniqueKeysWithValues: supplementary.map { key, size in
                (SupplementarySizeKey(kind: key.kind, section: newSection(key.section)), size)
            })
        }
        if !supplementaryByProposal.isEmpty {
            supplementaryByProposal = Dictionary(uniqueKeysWithValues: supplementaryByProposal.map { key, size in
                (SupplementaryMeasurement(kind: key.kind, section: newSection(key.section), proposal: key.proposal), size)
            })
        }
        if !attached.isEmpty {
            attached = Dictionary(uniqueKeysWithValues: attached.map { key, sizes in
                (SupplementarySizeKey(kind: key.kind, section: newSection(key.section)), sizes)
            })
        }
        if !invalidatedItems.isEmpty {
            invalidatedItems = Set(invalidatedItems.map { IndexPath(item: $0.item, section: newSection($0.section)) })
        }
        if !invalidatedSupplementaries.isEmpty {
            invalidatedSupplementaries = Set(invalidatedSupplementaries.map { SupplementarySizeKey(kind: $0.kind, section: newSection($0.section)) })
        }
    }

    /// The new index of an old section when sections were inserted at `inserted` (new
    /// indices, ascending): past every inserted index at or before where it lands.
    /// - Complexity: O(log k) for k inserted sections.
    static func sectionShift(_ inserted: [Int]) -> (Int) -> Int {
        { old in
            // The number of inserted sections before old section `old`'s new index: the
            // largest j with inserted[j - 1] - (j - 1) <= old (each inserted index minus the
            // inserted ones before it is the old index it lands before).
            var low = 0, high = inserted.count
            while low < high {
                let middle = (low + high) / 2
                if inserted[middle] - middle <= old { low = middle + 1 } else { high = middle }
            }
            return old + low
        }
    }

    // MARK: Header and footer sizes

    /// The measured size of a header or footer for the current width, or nil.
    /// - Complexity: O(1) on average; no hashing while none is measured.
    @inline(__always)
    func supplementarySize(ofKind kind: ElementKind, inSection section: Int) -> Size? {
        supplementary.isEmpty ? nil : supplementary[SupplementarySizeKey(kind: kind, section: section)]
    }

    /// The size measured for `measurement` earlier (at the same width), or nil.
    func supplementarySize(for measurement: SupplementaryMeasurement) -> Size? {
        supplementaryByProposal[measurement]
    }

    /// Records a header or footer's measured size; `changed` (it differs from what the
    /// layout has) makes it a change for the layout.
    func recordSupplementary(_ size: Size, for measurement: SupplementaryMeasurement, changed: Bool) {
        supplementaryByProposal[measurement] = size
        supplementary[SupplementarySizeKey(kind: measurement.kind, section: measurement.section)] = size
        if changed { supplementaryChanges.append((measurement.kind, measurement.section, size)) }
    }

    /// Forgets every header, footer and badge size (reload, trait change, batch update).
    func forgetSupplementarySizes() {
        if !supplementary.isEmpty { supplementary.removeAll() }
        if !supplementaryByProposal.isEmpty { supplementaryByProposal.removeAll() }
        if !attached.isEmpty { attached.removeAll() }
    }

    /// Forgets the header, footer and badge sizes of the current width (a new width);
    /// header and footer sizes by proposal stay, so a width seen before is not measured
    /// again.
    func forgetResolvedSupplementarySizes() {
        supplementary.removeAll()
        attached.removeAll()
    }

    // MARK: Badge sizes

    /// The measured size of the badge of `kind` attached to the cell at `indexPath`, or nil.
    /// - Complexity: O(1) on average; no hashing while no badge is measured.
    @inline(__always)
    func attachedSize(ofKind kind: ElementKind, at indexPath: IndexPath) -> Size? {
        attached.isEmpty ? nil : attached[SupplementarySizeKey(kind: kind, section: indexPath.section)]?[indexPath.item]
    }

    /// The measured badges of `kind` in `section`, by item.
    func attachedSizes(ofKind kind: ElementKind, inSection section: Int) -> [Int: Size] {
        attached.isEmpty ? [:] : attached[SupplementarySizeKey(kind: kind, section: section)] ?? [:]
    }

    /// Records a badge's measured size; `changed` (it differs from what the layout has)
    /// makes it a change for the layout.
    func recordAttached(_ size: Size, ofKind kind: ElementKind, at indexPath: IndexPath, changed: Bool) {
        attached[SupplementarySizeKey(kind: kind, section: indexPath.section), default: [:]][indexPath.item] = size
        if changed { attachedChanges.append((kind, indexPath, size)) }
    }

    /// The number of header and footer sizes kept by proposal (for state checks).
    var supplementaryMeasurementCount: Int { supplementaryByProposal.count }

    /// The resolved header and footer sizes (for state checks).
    var resolvedSupplementarySizes: [SupplementarySizeKey: Size] { supplementary }

    // MARK: What the layout had, saved and put back

    /// The resolved sizes, to be put back after sizing for another width.
    struct Resolved {
        fileprivate var items: [[Size?]]
        fileprivate var supplementary: [SupplementarySizeKey: Size]
        fileprivate var attached: [SupplementarySizeKey: [Int: Size]]
    }

    var resolved: Resolved { Resolved(items: items, supplementary: supplementary, attached: attached) }

    func restore(_ resolved: Resolved) {
        items = resolved.items
        supplementary = resolved.supplementary
        attached = resolved.attached
    }

    // MARK: The sizing round

    /// Starts a round: no changes, nothing found unmeasured.
    func beginRound() {
        itemChanges.removeAll(keepingCapacity: true)
        supplementaryChanges.removeAll(keepingCapacity: true)
        attachedChanges.removeAll(keepingCapacity: true)
        unmeasuredItems.removeAll(keepingCapacity: true)
        unmeasuredSupplementaries.removeAll(keepingCapacity: true)
    }

    func noteUnmeasured(_ indexPath: IndexPath) { unmeasuredItems.append(indexPath) }

    func noteUnmeasured(_ supplementary: LayoutAttributes) { unmeasuredSupplementaries.append(supplementary) }

    var hasChanges: Bool { !itemChanges.isEmpty || !supplementaryChanges.isEmpty || !attachedChanges.isEmpty }

    /// The round's changes as one invalidation.
    var changes: InvalidationContext {
        InvalidationContext(itemSizes: itemChanges, supplementarySizes: supplementaryChanges, supplementaryItemSizes: attachedChanges)
    }

    // MARK: Self-sizing invalidation

    /// Marks a displayed item to be measured again by the next pass. Returns whether it
    /// was not marked yet.
    @discardableResult
    func invalidate(_ indexPath: IndexPath) -> Bool { invalidatedItems.insert(indexPath).inserted }

    /// Marks a displayed header or footer to be measured again by the next pass.
    @discardableResult
    func invalidate(_ key: SupplementarySizeKey) -> Bool { invalidatedSupplementaries.insert(key).inserted }

    /// Takes the marked items and headers (the pass measures them now).
    func takeInvalidations() -> (items: Set<IndexPath>, supplementaries: Set<SupplementarySizeKey>) {
        defer {
            invalidatedItems.removeAll()
            invalidatedSupplementaries.removeAll()
        }
        return (invalidatedItems, invalidatedSupplementaries)
    }

    /// Forgets the header or footer's sizes at every width (its content changed), and the
    /// sizes of the badges of that kind in that section (measured again when displayed).
    func forgetSupplementarySize(_ key: SupplementarySizeKey) {
        supplementary[key] = nil
        if !attached.isEmpty { attached[key] = nil }
        guard !supplementaryByProposal.isEmpty else { return }
        for measurement in supplementaryByProposal.keys where measurement.kind == key.kind && measurement.section == key.section {
            supplementaryByProposal[measurement] = nil
        }
    }

    /// Drops the marks (reload: the items may be others now).
    func forgetInvalidations() {
        if !invalidatedItems.isEmpty { invalidatedItems.removeAll() }
        if !invalidatedSupplementaries.isEmpty { invalidatedSupplementaries.removeAll() }
    }

    // MARK: The size cache

    /// The size for `identity` from the cache, else from `measure` (then cached).
    func size(
        for identity: AnyHashable, proposal: FittingProposal, traits: TraitCollection, measure: () throws -> ItemSize
    ) rethrows -> ItemSize {
        try cache.size(for: identity, proposal: proposal, traits: traits, measure: measure)
    }

    func removeCachedSize(forIdentity identity: AnyHashable) { cache.removeValue(forIdentity: identity) }

    func removeAllCachedSizes() { cache.removeAll() }

    func removeIndexPathIdentities() { cache.removeIndexPathIdentities() }

    /// Puts back a cache saved before an update that was refused.
    func restoreCache(_ saved: SizeCache) { cache = saved }

    func resetCacheCounters() { cache.resetCounters() }
}
