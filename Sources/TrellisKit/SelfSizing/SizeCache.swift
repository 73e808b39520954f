import Trellis

/// Measured item sizes keyed by a stable item identity (not the index path, so inserts
/// and moves keep them), valid for the proposal they were measured with and the traits in
/// effect. Each item is measured at most once per (content, proposal, traits): content
/// changes by reloading the item (`removeValue(forIdentity:)`) or by the identity itself
/// changing; a different proposal (a width change) misses; a trait change empties the
/// cache.
public struct SizeCache {
    /// One measured size as kept: 32 bytes. The first baseline is NaN when the item has
    /// none; the proposal is an index into `proposals`, since items are measured under a
    /// handful of proposals (a flow line's width, a grid column), so an entry holds 4 bytes
    /// for it instead of a `FittingProposal`'s 25.
    private struct Entry {
        var width: Double
        var height: Double
        var firstBaseline: Double
        var proposal: UInt32

        var size: ItemSize {
            ItemSize(Size(width: width, height: height), firstBaseline: firstBaseline.isNaN ? nil : firstBaseline)
        }
    }

    /// One entry per identity: the latest proposal wins, which bounds the memory to the
    /// number of items however often the width changes. Index-path identities (a data
    /// source without `identifierForItemAt`, the common case of a large collection) are
    /// kept in pages of their own (`IndexPathPages`): 32 bytes an item measured, and no
    /// table that has to be rehashed as it grows; other identities in a table keyed by
    /// `AnyHashable`.
    private var indexPathEntries = IndexPathPages()
    private var otherEntries: [AnyHashable: Entry] = [:]
    /// Whether `otherEntries` may hold index paths the pages cannot (negative, or past
    /// any count), which `removeIndexPathIdentities()` forgets as well.
    private var otherEntriesMayHoldIndexPaths = false

    /// The distinct proposals entries refer to, and each one's index. Bounded: when a new
    /// proposal finds the table full, proposals no entry refers to any more (the widths of
    /// a window before it was resized) are dropped; the table only grows past
    /// `proposalLimit` when that many are in use.
    private var proposals: [FittingProposal] = []
    private var proposalIndices: [FittingProposal: UInt32] = [:]
    private var proposalLimit = 64

    /// The traits the entries were measured with.
    public private(set) var traits: TraitCollection?

    /// How many times `size(for:proposal:traits:measure:)` had to measure.
    @_spi(Testing) public private(set) var measurementCount = 0
    /// How many times it answered from the cache.
    @_spi(Testing) public private(set) var hitCount = 0

    public init() {}

    /// The number of cached sizes.
    public var count: Int { indexPathEntries.count + otherEntries.count }
    public var isEmpty: Bool { indexPathEntries.count == 0 && otherEntries.isEmpty }

    /// The bytes the cache's tables hold (slots allocated × their size, whether used or
    /// not), for memory checks: what a measured item costs.
    public var retainedByteCount: Int {
        indexPathEntries.retainedByteCount + Self.bytes(otherEntries)
            + proposals.capacity * MemoryLayout<FittingProposal>.stride + Self.bytes(proposalIndices)
    }

    /// The bytes of a native dictionary's storage: capacity / (3/4) slots, a power of two,
    /// each a key and a value, plus a bit per slot for occupancy.
    private static func bytes<Key: Hashable, Value>(_ table: [Key: Value]) -> Int {
        guard table.capacity > 0 else { return 0 }
        var slots = 1
        while slots * 3 / 4 < table.capacity { slots *= 2 }
        return slots * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride) + slots / 8
    }

    /// The cached size for `identity` measured with `proposal` under `traits`, or nil.
    /// - Complexity: O(1) on average.
    public func cachedSize(for identity: AnyHashable, proposal: FittingProposal, traits: TraitCollection) -> ItemSize? {
        guard traits == self.traits, let entry = entry(for: identity), proposals[Int(entry.proposal)] == proposal else { return nil }
        return entry.size
    }

    /// The size for `identity`: from the cache when it was measured with `proposal` under
    /// `traits`, else from `measure`, which is then remembered. A change of traits empties
    /// the cache first.
    /// - Complexity: O(1) on average plus `measure` on a miss.
    public mutating func size(
        for identity: AnyHashable, proposal: FittingProposal, traits: TraitCollection, measure: () throws -> ItemSize
    ) rethrows -> ItemSize {
        if traits != self.traits {
            removeAll()
            self.traits = traits
        }
        let paged = Self.pagedIndexPath(of: identity)
        if let entry = paged.map({ indexPathEntries[$0] }) ?? otherEntries[identity], proposals[Int(entry.proposal)] == proposal {
            hitCount += 1
            return entry.size
        }
        let size = try measure()
        measurementCount += 1
        let entry = Entry(
            width: size.size.width, height: size.size.height, firstBaseline: size.firstBaseline ?? .nan,
            proposal: index(of: proposal))
        if let paged {
            indexPathEntries[paged] = entry
        } else {
            if identity.base is IndexPath { otherEntriesMayHoldIndexPaths = true }
            otherEntries[identity] = entry
        }
        return size
    }

    /// Forgets the size of one item (its content changed).
    /// - Complexity: O(1) on average.
    public mutating func removeValue(forIdentity identity: AnyHashable) {
        if let paged = Self.pagedIndexPath(of: identity) {
            indexPathEntries[paged] = nil
        } else {
            otherEntries.removeValue(forKey: identity)
        }
    }

    /// Forgets every size (traits or the width changed, or everything was reloaded with
    /// identities that are not stable).
    public mutating func removeAll() {
        indexPathEntries = IndexPathPages()
        otherEntries.removeAll()
        otherEntriesMayHoldIndexPaths = false
        proposals.removeAll()
        proposalIndices.removeAll()
    }

    /// Forgets the sizes of items identified only by their index path (a data source
    /// without `identifierForItemAt`): after a reload another item may stand at that path.
    /// - Complexity: O(1) (the pages are freed), plus O(n) for the n other identities when
    ///   an index path outside the pages was measured.
    public mutating func removeIndexPathIdentities() {
        indexPathEntries = IndexPathPages()
        if otherEntriesMayHoldIndexPaths {
            otherEntries = otherEntries.filter { !($0.key.base is IndexPath) }
            otherEntriesMayHoldIndexPaths = false
        }
    }

    private func entry(for identity: AnyHashable) -> Entry? {
        if let paged = Self.pagedIndexPath(of: identity) { return indexPathEntries[paged] }
        return otherEntries[identity]
    }

    /// The index path `identity` is, when the pages keep it (else its entry is in
    /// `otherEntries`).
    private static func pagedIndexPath(of identity: AnyHashable) -> IndexPath? {
        guard let indexPath = identity.base as? IndexPath, IndexPathPages.holds(indexPath) else { return nil }
        return indexPath
    }

    /// The index of `proposal` in the table, added if new.
    private mutating func index(of proposal: FittingProposal) -> UInt32 {
        if let index = proposalIndices[proposal] { return index }
        if proposals.count >= proposalLimit {
            dropUnusedProposals()
            if proposals.count >= proposalLimit { proposalLimit *= 2 }
        }
        let index = UInt32(proposals.count)
        proposals.append(proposal)
        proposalIndices[proposal] = index
        return index
    }

    /// Renumbers the proposals entries refer to and drops the others.
    /// - Complexity: O(n) for n cached sizes; amortised over the `proposalLimit` new
    ///   proposals that filled the table.
    private mutating func dropUnusedProposals() {
        var renumbered = [UInt32](repeating: .max, count: proposals.count)
        var kept: [FittingProposal] = []
        let proposals = self.proposals
        func renumbering(_ entry: Entry) -> Entry {
            let old = Int(entry.proposal)
            if renumbered[old] == .max {
                renumbered[old] = UInt32(kept.count)
                kept.append(proposals[old])
            }
            var entry = entry
            entry.proposal = renumbered[old]
            return entry
        }
        indexPathEntries.updateEach(renumbering)
        otherEntries = otherEntries.mapValues(renumbering)
        self.proposals = kept
        proposalIndices = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, UInt32($0)) })
    }

    /// Sets both counters back to zero.
    @_spi(Testing) public mutating func resetCounters() {
        measurementCount = 0
        hitCount = 0
    }

    /// Entries by index path, each section's items in pages of up to `pageSize`: a page is
    /// made when its first item is measured, grows to its last measured slot, and is freed
    /// with the section's pages.
    ///
    /// Why pages and not a hash table: a collection scrolled through a hundred thousand
    /// items measures them one page of the screen at a time, and a hash table doubles as it
    /// fills — rehashing every entry in one frame (26 ms at 98,304 items in the window's
    /// fling). A page grows to at most 16 KB, so a growth copies at most that, and memory
    /// follows what was measured: 32 bytes an item in a run, at most 16 KB for a lone item
    /// far from the others (a jump to the end of a million items), and a small page for a
    /// section of one item (a list with a section per item).
    ///
    /// Invariant: `count` is the number of slots whose proposal is not `Self.empty`.
    private struct IndexPathPages {
        static let pageShift = 9
        static let pageSize = 1 << pageShift
        /// The proposal of a slot that holds no entry.
        static let empty = UInt32.max

        /// Pages by section, then by `item >> pageShift`, each as long as its last measured
        /// slot; an empty page is one not made.
        private var sections: [[[Entry]]] = []
        private(set) var count = 0

        /// Whether the pages hold `indexPath`: sections and items a collection view can
        /// show (the layout keeps a size for each item of a section). Others, negative,
        /// past 2^20 sections or 2^28 items, go to the table keyed by identity, so that no
        /// lone index path makes more than 8 MB of pointers to sections and pages.
        static func holds(_ indexPath: IndexPath) -> Bool {
            indexPath.section >= 0 && indexPath.section < 1 << 20 && indexPath.item >= 0 && indexPath.item < 1 << 28
        }

        /// Where `indexPath`'s slot is, when its page has been made that long.
        private func madeSlot(of indexPath: IndexPath) -> (page: Int, slot: Int)? {
            let page = indexPath.item >> Self.pageShift, slot = indexPath.item & (Self.pageSize - 1)
            guard indexPath.section < sections.count, page < sections[indexPath.section].count,
                  slot < sections[indexPath.section][page].count
            else { return nil }
            return (page, slot)
        }

        subscript(indexPath: IndexPath) -> Entry? {
            get {
                guard let (page, slot) = madeSlot(of: indexPath) else { return nil }
                let entry = sections[indexPath.section][page][slot]
                return entry.proposal == Self.empty ? nil : entry
            }
            set {
                guard let newValue else {
                    guard let (page, slot) = madeSlot(of: indexPath),
                          sections[indexPath.section][page][slot].proposal != Self.empty
                    else { return }
                    sections[indexPath.section][page][slot].proposal = Self.empty
                    count -= 1
                    return
                }
                let page = indexPath.item >> Self.pageShift, slot = indexPath.item & (Self.pageSize - 1)
                if indexPath.section >= sections.count {
                    sections.append(contentsOf: repeatElement([], count: indexPath.section + 1 - sections.count))
                }
                if page >= sections[indexPath.section].count {
                    sections[indexPath.section].append(contentsOf: repeatElement([], count: page + 1 - sections[indexPath.section].count))
                }
                let length = sections[indexPath.section][page].count
                if slot >= length {
                    let vacant = Entry(width: 0, height: 0, firstBaseline: .nan, proposal: Self.empty)
                    sections[indexPath.section][page].append(contentsOf: repeatElement(vacant, count: slot + 1 - length))
                }
                if sections[indexPath.section][page][slot].proposal == Self.empty { count += 1 }
                sections[indexPath.section][page][slot] = newValue
            }
        }

        /// Replaces every entry with `transform` of it.
        mutating func updateEach(_ transform: (Entry) -> Entry) {
            for section in sections.indices {
                for page in sections[section].indices {
                    for slot in sections[section][page].indices where sections[section][page][slot].proposal != Self.empty {
                        sections[section][page][slot] = transform(sections[section][page][slot])
                    }
                }
            }
        }

        /// The bytes held: the pages made and the arrays that point to them, each array's
        /// storage with its 32-byte header (what a section of one item costs).
        var retainedByteCount: Int {
            let header = 32
            func bytes<Element>(_ array: [Element]) -> Int {
                array.capacity == 0 ? 0 : header + array.capacity * MemoryLayout<Element>.stride
            }
            var total = bytes(sections)
            for pages in sections {
                total += bytes(pages)
                for page in pages { total += bytes(page) }
            }
            return total
        }
    }
}
