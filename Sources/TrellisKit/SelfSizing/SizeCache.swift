import Trellis

/// Measured item sizes keyed by a stable item identity (not the index path, so inserts
/// and moves keep them), valid for the proposal they were measured with and the traits in
/// effect. Each item is measured at most once per (content, proposal, traits): content
/// changes by reloading the item (`removeValue(forIdentity:)`) or by the identity itself
/// changing; a different proposal (a width change) misses; a trait change empties the
/// cache.
public struct SizeCache {
    private struct Entry {
        var proposal: FittingProposal
        var size: ItemSize
    }

    /// One entry per identity: the latest proposal wins, which bounds the memory to the
    /// number of items however often the width changes.
    private var entries: [AnyHashable: Entry] = [:]

    /// The traits the entries were measured with.
    public private(set) var traits: TraitCollection?

    /// How many times `size(for:proposal:traits:measure:)` had to measure.
    public private(set) var measurementCount = 0
    /// How many times it answered from the cache.
    public private(set) var hitCount = 0

    public init() {}

    /// The number of cached sizes.
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The cached size for `identity` measured with `proposal` under `traits`, or nil.
    /// - Complexity: O(1) on average.
    public func cachedSize(for identity: AnyHashable, proposal: FittingProposal, traits: TraitCollection) -> ItemSize? {
        guard traits == self.traits, let entry = entries[identity], entry.proposal == proposal else { return nil }
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
            entries.removeAll()
            self.traits = traits
        }
        if let entry = entries[identity], entry.proposal == proposal {
            hitCount += 1
            return entry.size
        }
        let size = try measure()
        measurementCount += 1
        entries[identity] = Entry(proposal: proposal, size: size)
        return size
    }

    /// Forgets the size of one item (its content changed).
    /// - Complexity: O(1) on average.
    public mutating func removeValue(forIdentity identity: AnyHashable) {
        entries.removeValue(forKey: identity)
    }

    /// Forgets every size (traits or the width changed, or everything was reloaded with
    /// identities that are not stable).
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// Forgets the sizes of items identified only by their index path (a data source
    /// without `identifierForItemAt`): after a reload another item may stand at that path.
    /// - Complexity: O(n) for n cached sizes.
    public mutating func removeIndexPathIdentities() {
        guard entries.keys.contains(where: { $0.base is IndexPath }) else { return }
        entries = entries.filter { !($0.key.base is IndexPath) }
    }

    /// Sets both counters back to zero.
    public mutating func resetCounters() {
        measurementCount = 0
        hitCount = 0
    }
}
