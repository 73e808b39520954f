// memcmp, from whichever C library this platform has.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#elseif canImport(WASILibc)
import WASILibc
#endif

/// The key of a cached measurement. Texts are compared byte for byte (not by Swift's
/// canonical equivalence: "é" and "e\u{301}" are different strings to Pango and may
/// measure differently).
struct CacheKey {
    var text: String
    var style: TextStyle
    var maxWidth: Double?
    var maxLines: Int

    func matches(_ other: CacheKey) -> Bool {
        maxLines == other.maxLines && maxWidth == other.maxWidth && style == other.style
            && Self.sameBytes(text, other.text)
    }

    @inline(__always)
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        if count == 0 { return true }
        if let equal = a.utf8.withContiguousStorageIfAvailable({ x in
            b.utf8.withContiguousStorageIfAvailable { y in memcmp(x.baseAddress!, y.baseAddress!, count) == 0 }
        }), let equal { return equal }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// The text's bytes, then the other fields, seeded per cache (``ByteHash``). The
    /// per-instance seed keeps collisions from being planned in advance.
    @inline(__always)
    func hash(seed: UInt64) -> UInt64 {
        let start: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        var h = text.utf8.withContiguousStorageIfAvailable { ByteHash.mix($0, into: start) }
            ?? Array(text.utf8).withUnsafeBufferPointer { ByteHash.mix($0, into: start) }
        // The length, so texts that differ only by trailing NUL bytes hash apart.
        h = ByteHash.step(h, UInt64(truncatingIfNeeded: text.utf8.count))
        h = ByteHash.step(h, style.font.size.bitPattern)
        h = ByteHash.step(h, UInt64(truncatingIfNeeded: style.font.weight.rawValue))
        h = ByteHash.step(h, maxWidth?.bitPattern ?? 0x7FF8_0000_0000_0001)
        h = ByteHash.step(h, UInt64(truncatingIfNeeded: maxLines))
        return ByteHash.finish(h)
    }
}

/// An open-addressing hash index from keys to slot numbers (linear probing, deletion by
/// backward shift, so there are no tombstones and probe chains stay short). Its storage
/// is allocated once for a fixed number of slots: lookups, inserts and removals never
/// allocate. The keys themselves live with the owner, in slots it numbers; the index keeps
/// each slot's hash (``ByteHash`` for text keys) and asks the owner to compare keys.
package struct CacheIndex: Sendable {
    /// slot + 1 per bucket; 0 = empty.
    private var buckets: [Int32]
    private var hashes: [UInt64]
    private let mask: Int
    /// The most slots held at once, and how many are held: past the capacity the table
    /// would fill up, and probing a full table never ends.
    private let capacity: Int
    private var count = 0

    /// An index for at most `capacity` slots (the table is kept at most half full).
    ///
    /// - Parameter capacity: the most slots it will hold at once.
    package init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        buckets = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        mask = size - 1
        self.capacity = capacity
    }

    /// The slot of the key with `hash` for which `isMatch(slot)` holds.
    ///
    /// - Parameters:
    ///   - hash: the key's hash.
    ///   - isMatch: whether the key in a slot of the same hash is the one looked for.
    /// - Returns: that slot, or nil when no slot holds the key.
    /// - Complexity: O(1) expected.
    @inline(__always)
    package func find(hash: UInt64, where isMatch: (Int) -> Bool) -> Int? {
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = buckets[i]
            if entry == 0 { return nil }
            if hashes[i] == hash, isMatch(Int(entry) - 1) { return Int(entry) - 1 }
            i = (i + 1) & mask
        }
    }

    /// Records `slot` under `hash`. The slot must not be present, and the index must hold
    /// fewer than its capacity (a programmer error otherwise: it stops the program rather
    /// than let the table fill up, where every probe would loop for ever).
    ///
    /// - Parameters:
    ///   - slot: the owner's number for the key (0 ≤ slot < `Int32.max`).
    ///   - hash: the key's hash.
    package mutating func insert(slot: Int, hash: UInt64) {
        precondition(count < capacity, "CacheIndex.insert: the index already holds its capacity of \(capacity) slots")
        precondition(slot >= 0 && slot < Int(Int32.max), "CacheIndex.insert: slot \(slot) is out of 0..<Int32.max")
        count += 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while buckets[i] != 0 { i = (i + 1) & mask }
        buckets[i] = Int32(slot + 1)
        hashes[i] = hash
    }

    /// Removes `slot`, recorded under `hash`.
    mutating func remove(slot: Int, hash: UInt64) {
        var i = Int(truncatingIfNeeded: hash) & mask
        while buckets[i] != Int32(slot + 1) {
            precondition(buckets[i] != 0, "CacheIndex.remove: slot \(slot) is not in the index")
            i = (i + 1) & mask
        }
        // Backward shift: move later entries of the probe chain into the hole when their
        // home bucket is not between the hole and their position.
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            if buckets[j] == 0 { break }
            let home = Int(truncatingIfNeeded: hashes[j]) & mask
            let homeIsOutside = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j)
            if homeIsOutside {
                buckets[hole] = buckets[j]
                hashes[hole] = hashes[j]
                hole = j
            }
        }
        buckets[hole] = 0
        count -= 1
    }

    /// Empties the index, keeping its storage.
    mutating func removeAll() {
        for i in buckets.indices { buckets[i] = 0 }
        count = 0
    }
}
