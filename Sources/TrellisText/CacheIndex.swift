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

    /// The text's bytes taken eight at a time (a multiply-and-rotate step per word, as
    /// FxHash does), then the other fields, seeded per cache and finished with a SplitMix64
    /// mixer. A byte-at-a-time FNV-1a spent most of a hit in its chain of multiplies (one
    /// per byte); this needs one per eight bytes. The per-instance seed keeps collisions
    /// from being planned in advance.
    @inline(__always)
    func hash(seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        let seed = h
        h = text.utf8.withContiguousStorageIfAvailable { Self.mix($0, into: seed) }
            ?? Array(text.utf8).withUnsafeBufferPointer { Self.mix($0, into: seed) }
        // The length, so texts that differ only by trailing NUL bytes hash apart.
        h = Self.step(h, UInt64(truncatingIfNeeded: text.utf8.count))
        h = Self.step(h, style.font.size.bitPattern)
        h = Self.step(h, UInt64(truncatingIfNeeded: style.font.weight.rawValue))
        h = Self.step(h, maxWidth?.bitPattern ?? 0x7FF8_0000_0000_0001)
        h = Self.step(h, UInt64(truncatingIfNeeded: maxLines))
        h ^= h >> 30; h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 27; h &*= 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return h
    }

    @inline(__always)
    private static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
        ((h ^ word) &* 0x517C_C1B7_2722_0A95).rotatedLeft(by: 23)
    }

    /// The bytes folded in eight at a time; the last 1–7 bytes as one zero-padded word.
    @inline(__always)
    private static func mix(_ bytes: UnsafeBufferPointer<UInt8>, into seed: UInt64) -> UInt64 {
        var h = seed
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            h = step(h, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                last |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            h = step(h, last)
        }
        return h
    }

}

private extension UInt64 {
    @inline(__always)
    func rotatedLeft(by amount: UInt64) -> UInt64 { self << amount | self >> (64 - amount) }
}

/// An open-addressing hash index from keys to slot numbers (linear probing, deletion by
/// backward shift, so there are no tombstones and probe chains stay short). Its storage
/// is allocated once for a fixed number of slots: lookups, inserts and removals never
/// allocate.
struct CacheIndex {
    /// slot + 1 per bucket; 0 = empty.
    private var buckets: [Int32]
    private var hashes: [UInt64]
    private let mask: Int

    /// An index for at most `capacity` slots (the table is kept at most half full).
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        buckets = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The slot of the key with `hash` for which `isMatch(slot)` holds.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func find(hash: UInt64, where isMatch: (Int) -> Bool) -> Int? {
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = buckets[i]
            if entry == 0 { return nil }
            if hashes[i] == hash, isMatch(Int(entry) - 1) { return Int(entry) - 1 }
            i = (i + 1) & mask
        }
    }

    /// Records `slot` under `hash`. The slot must not be present.
    mutating func insert(slot: Int, hash: UInt64) {
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
    }

    /// Empties the index, keeping its storage.
    mutating func removeAll() {
        for i in buckets.indices { buckets[i] = 0 }
    }
}
