#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shaped widths of words, keyed by their UTF-8 bytes: an open-addressing table over
/// one byte arena, so a lookup hashes the bytes in place (`ByteHash`, eight at a time) and compares
/// them with `memcmp`, without building a `String` or running SipHash — a `[String: Int32]`
/// spent most of a known word's cost there. It grows with its words (kept at most half
/// full) and is bounded: past `capacity` words it starts over.
struct WordWidthTable {
    private var slots = [Int32](repeating: 0, count: 64)  // index into `entries` + 1; 0 = empty
    private var entries: [(hash: UInt64, start: Int32, count: Int32, width: Int32)] = []
    private var bytes: [UInt8] = []
    private var mask = 63
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { entries.count }

    /// The width stored for `word`, if any.
    func width(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            let entry = entries[Int(slot) - 1]
            if entry.hash == hash, Int(entry.count) == word.count,
               bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + Int(entry.start), word.baseAddress!, word.count) == 0 }) {
                return entry.width
            }
            i = (i + 1) & mask
        }
    }

    /// Stores `width` for `word` (not present), starting over when full.
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, width: Int32) {
        if entries.count >= capacity {
            for i in slots.indices { slots[i] = 0 }
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
        } else if (entries.count + 1) * 2 > slots.count {
            grow()
        }
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        entries.append((hash, Int32(bytes.count), Int32(word.count), width))
        bytes.append(contentsOf: word)
        slots[i] = Int32(entries.count)
    }

    /// Doubles the slots and places every entry again (their hashes are kept).
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var i = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(index + 1)
        }
    }
}
