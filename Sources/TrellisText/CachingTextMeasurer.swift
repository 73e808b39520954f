/// A bounded, thread-safe cache of measurements in front of any ``TextMeasurer``.
///
/// Entries are keyed by text, style, maximum width and line limit. The cache holds at
/// most `capacity` entries and at most `maxTextBytes` bytes of UTF-8 text (a longer text
/// is measured but not stored); when full it evicts with the CLOCK algorithm (a
/// second-chance approximation of least-recently-used that needs no list surgery on a
/// hit). A hit takes one lock, one hash of the key and allocates nothing.
///
/// A text whose unconstrained measurement is already cached and fits on one line within
/// the maximum width is answered from that entry (a "derived hit"): a line that fits is
/// laid out the same whatever the width, so short labels measured once are not shaped
/// again at every new width. (This assumes the wrapped measurer lays a fitting line out
/// the same at any width, as Pango and ``FixedAdvanceTextMeasurer`` do; texts ending in
/// white space are excluded.)
///
/// Measuring on a miss happens outside the lock, so threads that miss at once measure in
/// parallel.
public final class CachingTextMeasurer: TextMeasurer, @unchecked Sendable {
    /// Counters since creation (or the last ``removeAll()``).
    public struct Statistics: Hashable, Sendable {
        /// Measurements answered from their own entry.
        public var hits: Int
        /// Measurements answered from the unconstrained entry of the same text.
        public var derivedHits: Int
        /// Measurements passed to the wrapped measurer.
        public var misses: Int
        /// Entries removed to make room.
        public var evictions: Int
        /// Entries held now.
        public var count: Int
        /// UTF-8 bytes of text held now.
        public var textBytes: Int
        /// The share of measurements answered without the wrapped measurer (0 when none).
        public var hitRate: Double {
            let total = hits + derivedHits + misses
            return total == 0 ? 0 : Double(hits + derivedHits) / Double(total)
        }
    }

    struct Key: Hashable {
        var text: String
        var style: TextStyle
        var maxWidth: Double?
        var maxLines: Int
    }

    struct Entry {
        var key: Key
        var value: TextMeasurement
        /// CLOCK's second-chance bit, set by a hit.
        var referenced: Bool
    }

    /// The measurer asked on a miss.
    public let base: any TextMeasurer
    /// The most entries held at once.
    public let capacity: Int
    /// The most UTF-8 bytes of text held at once.
    public let maxTextBytes: Int

    private let lock = Lock()
    // All of the following are guarded by `lock`.
    private var slotOfKey: [Key: Int]
    private var slots: [Entry?]
    private var freeSlots: [Int]
    private var clockHand = 0
    private var textBytes = 0
    private var hits = 0, derivedHits = 0, misses = 0, evictions = 0

    /// A cache of at most `capacity` measurements and `maxTextBytes` bytes of text in front
    /// of `base`. All storage is reserved here, so inserting never grows a table.
    public init(wrapping base: any TextMeasurer, capacity: Int = 4096, maxTextBytes: Int = 4 << 20) {
        precondition(capacity > 0, "capacity must be positive, got \(capacity)")
        precondition(maxTextBytes > 0, "maxTextBytes must be positive, got \(maxTextBytes)")
        self.base = base
        self.capacity = capacity
        self.maxTextBytes = maxTextBytes
        slotOfKey = Dictionary(minimumCapacity: capacity)
        slots = Array(repeating: nil, count: capacity)
        freeSlots = Array((0..<capacity).reversed())
    }

    /// The measurement from the cache, or from the wrapped measurer (then stored).
    ///
    /// - Complexity: a hit is O(n) in the length of `text` for hashing and comparing the
    ///   key, without allocating; a miss adds the wrapped measurer's cost and amortised
    ///   O(1) eviction.
    public func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        let key = Key(text: text, style: style, maxWidth: maxWidth, maxLines: maxLines)
        let cached: TextMeasurement? = lock.withLock {
            if let slot = slotOfKey[key] {
                slots[slot]!.referenced = true
                hits += 1
                return slots[slot]!.value
            }
            if let maxWidth, !Self.endsWithWhiteSpace(text),
               let slot = slotOfKey[Key(text: text, style: style, maxWidth: nil, maxLines: 0)] {
                let unconstrained = slots[slot]!.value
                if unconstrained.lineCount == 1, unconstrained.width <= maxWidth {
                    slots[slot]!.referenced = true
                    derivedHits += 1
                    return unconstrained
                }
            }
            misses += 1
            return nil
        }
        if let cached { return cached }
        let measured = base.measure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
        let bytes = text.utf8.count
        guard bytes <= maxTextBytes else { return measured }
        lock.withLock {
            if let slot = slotOfKey[key] {
                // Another thread measured the same key meanwhile.
                slots[slot]!.value = measured
                return
            }
            while freeSlots.isEmpty || textBytes + bytes > maxTextBytes { evictOne() }
            let slot = freeSlots.removeLast()
            slots[slot] = Entry(key: key, value: measured, referenced: false)
            slotOfKey[key] = slot
            textBytes += bytes
        }
        return measured
    }

    /// Trailing white space may be measured on an unconstrained line but dropped at a
    /// line end when a width is set, so such texts never take the derived path.
    @inline(__always)
    private static func endsWithWhiteSpace(_ text: String) -> Bool {
        text.unicodeScalars.last?.properties.isWhitespace ?? false
    }

    /// Removes the entry under the clock hand that has not been used since the hand last
    /// passed it. Caller holds the lock and the cache is not empty.
    private func evictOne() {
        while true {
            let slot = clockHand
            clockHand = (clockHand + 1) % capacity
            guard let entry = slots[slot] else { continue }
            if entry.referenced {
                slots[slot]!.referenced = false
                continue
            }
            slotOfKey.removeValue(forKey: entry.key)
            textBytes -= entry.key.text.utf8.count
            slots[slot] = nil
            freeSlots.append(slot)
            evictions += 1
            return
        }
    }

    /// The counters and the current size.
    public var statistics: Statistics {
        lock.withLock {
            Statistics(hits: hits, derivedHits: derivedHits, misses: misses, evictions: evictions,
                       count: slotOfKey.count, textBytes: textBytes)
        }
    }

    /// Empties the cache and resets the counters (after a font or text-size change).
    ///
    /// - Complexity: O(capacity).
    public func removeAll() {
        lock.withLock {
            slotOfKey.removeAll(keepingCapacity: true)
            for slot in slots.indices { slots[slot] = nil }
            freeSlots.removeAll(keepingCapacity: true)
            freeSlots.append(contentsOf: (0..<capacity).reversed())
            clockHand = 0
            textBytes = 0
            hits = 0; derivedHits = 0; misses = 0; evictions = 0
        }
    }
}
