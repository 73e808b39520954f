/// The items of a section snapshot by slot, and each item's slot by item: the items and
/// their hashes in two arrays indexed by slot, and an open-addressing table (linear
/// probing) of slot numbers over them.
///
/// What it is built for: a snapshot's slots are only ever added at the end (a removal
/// rebuilds the whole snapshot), so the table needs no tombstones, and the slots added by
/// a call that turns out to be refused are taken back exactly by `removeLast(_:)`. Each
/// item is hashed once, when it is added: growing the table and copying items from another
/// snapshot reuse the stored hashes (`hashValue` is stable within a process).
///
/// Invariants: `items` and `hashes` have one entry per slot; `buckets` is empty or a power
/// of two long and at most half full; every slot s is in the bucket its hash leads to or
/// after it, with no empty bucket between (`s + 1` is stored, 0 is empty); no two slots
/// hold equal items.
@usableFromInline
struct SlotTable<Item: Hashable & Sendable>: Sendable {
    /// The item in each slot.
    @usableFromInline var items: [Item] = []
    /// The low 32 bits of each slot's item's `hashValue`: where its search starts, and a
    /// cheap comparison before `==`.
    @usableFromInline var hashes: [UInt32] = []
    /// A slot + 1 per bucket, 0 for none.
    @usableFromInline var buckets: [UInt32] = []

    @inlinable init() {}

    /// How many slots there are.
    @inlinable var count: Int { items.count }

    /// The item in `slot`.
    @inlinable subscript(slot: Int32) -> Item { items[Int(slot)] }

    /// The hash a slot keeps for `item`.
    @inlinable static func hash(_ item: Item) -> UInt32 { UInt32(truncatingIfNeeded: item.hashValue) }

    /// The slot of `item`, or nil.
    /// - Complexity: O(1) on average.
    @inlinable
    func slot(of item: Item) -> Int32? {
        guard !buckets.isEmpty else { return nil }
        return slot(of: item, hash: Self.hash(item))
    }

    /// The slot of `item`, whose hash is `hash`, or nil.
    @inlinable
    func slot(of item: Item, hash: UInt32) -> Int32? {
        guard !buckets.isEmpty else { return nil }
        return find(item, hash: hash).slot
    }

    /// The slot of `item` (hash `hash`) if it has one, else the empty bucket where its
    /// search ended (where it goes).
    /// - Precondition: `buckets` is not empty.
    @inlinable
    func find(_ item: Item, hash: UInt32) -> (slot: Int32?, bucket: Int) {
        buckets.withUnsafeBufferPointer { buckets in
            hashes.withUnsafeBufferPointer { hashes in
                items.withUnsafeBufferPointer { items in
                    let mask = buckets.count - 1
                    var bucket = Int(hash) & mask
                    while true {
                        let entry = buckets[bucket]
                        if entry == 0 { return (nil, bucket) }
                        let slot = Int(entry &- 1)
                        if hashes[slot] == hash && items[slot] == item { return (Int32(truncatingIfNeeded: slot), bucket) }
                        bucket = (bucket + 1) & mask
                    }
                }
            }
        }
    }

    /// Room for `extra` more slots without growing, growing geometrically: reserving a few
    /// more on each of many calls (a parent's children at a time) must not rebuild the
    /// table each time.
    @inlinable
    mutating func reserve(_ extra: Int) {
        let needed = count + extra
        if items.capacity < needed {
            let capacity = Swift.max(needed, items.capacity * 2)
            items.reserveCapacity(capacity)
            hashes.reserveCapacity(capacity)
        }
        if needed * 2 > buckets.count { rebuildBuckets(holding: Swift.max(needed, buckets.count)) }
    }

    /// Adds `item` in a new slot (the next), unless an equal item has one: then returns
    /// that slot and changes nothing.
    @inlinable
    mutating func insert(_ item: Item) -> Int32? {
        let hash = Self.hash(item)
        if (count + 1) * 2 > buckets.count { rebuildBuckets(holding: Swift.max(count + 1, buckets.count)) }
        let (existing, bucket) = find(item, hash: hash)
        if let existing { return existing }
        buckets[bucket] = UInt32(truncatingIfNeeded: count + 1)
        items.append(item)
        hashes.append(hash)
        return nil
    }

    /// Adds `item`, known to be absent, in a new slot, with the hash it had in another
    /// table (no hashing).
    @inlinable
    mutating func insertNew(_ item: Item, hash: UInt32) {
        if (count + 1) * 2 > buckets.count { rebuildBuckets(holding: Swift.max(count + 1, buckets.count)) }
        let slot = count
        buckets.withUnsafeMutableBufferPointer { buckets in
            let mask = buckets.count - 1
            var bucket = Int(hash) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = UInt32(truncatingIfNeeded: slot + 1)
        }
        items.append(item)
        hashes.append(hash)
    }

    /// The hash kept for `slot`'s item.
    @inlinable func hash(ofSlot slot: Int32) -> UInt32 { hashes[Int(slot)] }

    /// Removes the last `k` slots. Exact because they were added last: no slot added
    /// before them was placed past their buckets, and they go newest first.
    @inlinable
    mutating func removeLast(_ k: Int) {
        guard k > 0 else { return }
        let end = count
        buckets.withUnsafeMutableBufferPointer { buckets in
            hashes.withUnsafeBufferPointer { hashes in
                let mask = buckets.count - 1
                for slot in stride(from: end - 1, through: end - k, by: -1) {
                    var bucket = Int(hashes[slot]) & mask
                    let entry = UInt32(truncatingIfNeeded: slot + 1)
                    while buckets[bucket] != entry { bucket = (bucket + 1) & mask }
                    buckets[bucket] = 0
                }
            }
        }
        items.removeLast(k)
        hashes.removeLast(k)
    }

    /// Removes every slot.
    @inlinable
    mutating func removeAll() {
        items.removeAll()
        hashes.removeAll()
        buckets.removeAll()
    }

    /// A table of at least twice `capacity` buckets, refilled from the stored hashes in slot
    /// order (so the last slots are still the last placed, for `removeLast`).
    @usableFromInline
    mutating func rebuildBuckets(holding capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        precondition(size <= 1 << 32, "a section snapshot's table holds at most 2³¹ items")
        buckets = []  // the old table's memory goes back before the new one is taken
        buckets = Array(repeating: 0, count: size)
        let mask = size - 1
        buckets.withUnsafeMutableBufferPointer { buckets in
            hashes.withUnsafeBufferPointer { hashes in
                for slot in hashes.indices {
                    var bucket = Int(hashes[slot]) & mask
                    while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
                    buckets[bucket] = UInt32(truncatingIfNeeded: slot + 1)
                }
            }
        }
    }
}
