/// A bounded, thread-safe cache of measurements in front of any ``TextMeasurer``.
///
/// Entries are keyed by text, style, maximum width and line limit. The cache holds at
/// most `capacity` entries and at most `maxTextBytes` bytes of UTF-8 text (a longer text
/// is measured but not stored); when full it evicts with the CLOCK algorithm (a
/// second-chance approximation of least-recently-used that needs no list surgery on a
/// hit). A hit takes one lock, one hash of the key (FNV-1a, see `CacheKey`) and one
/// probe of a preallocated open-addressing index, and allocates nothing. Texts are keyed
/// by their bytes, not by canonical equivalence.
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

    /// The measurer asked on a miss.
    public let base: any TextMeasurer
    /// The most entries held at once.
    public let capacity: Int
    /// The most UTF-8 bytes of text held at once.
    public let maxTextBytes: Int

    private let seed: UInt64
    private let storage: Locked<CacheStorage>

    /// A cache of at most `capacity` measurements and `maxTextBytes` bytes of text in front
    /// of `base`. All storage is reserved here, so inserting never grows a table.
    public init(wrapping base: any TextMeasurer, capacity: Int = 4096, maxTextBytes: Int = 4 << 20) {
        precondition(capacity > 0, "capacity must be positive, got \(capacity)")
        precondition(maxTextBytes > 0, "maxTextBytes must be positive, got \(maxTextBytes)")
        self.base = base
        self.capacity = capacity
        self.maxTextBytes = maxTextBytes
        seed = UInt64.random(in: .min ... .max)
        storage = Locked(CacheStorage(capacity: capacity))
    }

    /// The measurement from the cache, or from the wrapped measurer (then stored).
    ///
    /// - Complexity: a hit is O(n) in the length of `text` for hashing and comparing the
    ///   key, without allocating; a miss adds the wrapped measurer's cost and amortised
    ///   O(1) eviction.
    public func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        let key = CacheKey(text: text, style: style, maxWidth: maxWidth, maxLines: maxLines)
        let hash = key.hash(seed: seed)
        if let hit = storage.withLock({ cache in cache.hit(key, hash: hash) }) { return hit }
        return measureWithoutOwnEntry(key, hash: hash)
    }

    /// Attributed text: plain text (no run with attributes of its own) from the cache as
    /// its string; other text from the wrapped measurer each time (not cached: the key
    /// would have to hold the runs).
    public func measureAttributed(_ text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        if text.isPlain { return measure(text.string, style: style, maxWidth: maxWidth, maxLines: maxLines) }
        return base.measureAttributed(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
    }

    /// The rest of ``measure(_:style:maxWidth:maxLines:)`` when the key has no entry: kept
    /// out of line so the hit path stays small (inlined, it gave the hit a frame of 1.4 KB).
    @inline(never)
    private func measureWithoutOwnEntry(_ key: CacheKey, hash: UInt64) -> TextMeasurement {
        let (text, style, maxWidth, maxLines) = (key.text, key.style, key.maxWidth, key.maxLines)
        // Not its own entry: perhaps the unconstrained one (looked up in a second, rarer
        // critical section, so a hit does nothing but its own lookup).
        let derivable = maxWidth != nil && !Self.endsWithWhiteSpace(text)
        let unconstrained = CacheKey(text: text, style: style, maxWidth: nil, maxLines: 0)
        let unconstrainedHash = derivable ? unconstrained.hash(seed: seed) : 0
        let cached: TextMeasurement? = storage.withLock { cache in
            // Another thread may have stored it meanwhile.
            if let hit = cache.hit(key, hash: hash) { return hit }
            if derivable, let maxWidth,
               let derived = cache.derivedHit(unconstrained, hash: unconstrainedHash, maxWidth: maxWidth) {
                return derived
            }
            cache.misses += 1
            return nil
        }
        if let cached { return cached }
        let measured = base.measure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
        let bytes = text.utf8.count
        guard bytes <= maxTextBytes else { return measured }
        storage.withLock { cache in cache.insert(key, hash: hash, value: measured, bytes: bytes, maxTextBytes: maxTextBytes) }
        return measured
    }

    /// Trailing white space may be measured on an unconstrained line but dropped at a
    /// line end when a width is set, so such texts never take the derived path.
    @inline(__always)
    private static func endsWithWhiteSpace(_ text: String) -> Bool {
        text.unicodeScalars.last?.properties.isWhitespace ?? false
    }

    /// The counters and the current size.
    public var statistics: Statistics {
        storage.withLock { cache in
            Statistics(hits: cache.hits, derivedHits: cache.derivedHits, misses: cache.misses, evictions: cache.evictions,
                       count: cache.count, textBytes: cache.textBytes)
        }
    }

    /// Empties the cache and resets the counters (after a font or text-size change).
    ///
    /// - Complexity: O(capacity).
    public func removeAll() {
        storage.withLock { cache in cache.removeAll() }
    }
}

/// The entries of a `CachingTextMeasurer`, always accessed under its lock. Entries live
/// in slots (parallel arrays, so a hit touches only its value and one bit); the index
/// maps keys to slots.
struct CacheStorage {
    private var index: CacheIndex
    private var keys: [CacheKey?]
    private var keyHashes: [UInt64]
    private var values: [TextMeasurement]
    /// CLOCK's second-chance bits, set by a hit.
    private var referenced: [Bool]
    private var freeSlots: [Int]
    private var clockHand = 0
    private(set) var count = 0
    private(set) var textBytes = 0
    private(set) var hits = 0, derivedHits = 0, evictions = 0
    var misses = 0

    init(capacity: Int) {
        index = CacheIndex(capacity: capacity)
        keys = Array(repeating: nil, count: capacity)
        keyHashes = Array(repeating: 0, count: capacity)
        values = Array(repeating: TextMeasurement(width: 0, height: 0, lineCount: 0, firstBaseline: 0, lastBaseline: 0,
                                                  isTruncated: false, fontFamily: ""), count: capacity)
        referenced = Array(repeating: false, count: capacity)
        freeSlots = Array((0..<capacity).reversed())
    }

    @inline(__always)
    private func slot(of key: CacheKey, hash: UInt64) -> Int? {
        keys.withUnsafeBufferPointer { keys in index.find(hash: hash) { keys[$0]?.matches(key) == true } }
    }

    /// The stored measurement of `key`, marked as used.
    @inline(__always)
    mutating func hit(_ key: CacheKey, hash: UInt64) -> TextMeasurement? {
        guard let slot = slot(of: key, hash: hash) else { return nil }
        referenced[slot] = true
        hits += 1
        return values[slot]
    }

    /// The stored unconstrained measurement, if it is one line no wider than `maxWidth`.
    mutating func derivedHit(_ unconstrained: CacheKey, hash: UInt64, maxWidth: Double) -> TextMeasurement? {
        guard let slot = slot(of: unconstrained, hash: hash) else { return nil }
        let value = values[slot]
        guard value.lineCount == 1, value.width <= maxWidth else { return nil }
        referenced[slot] = true
        derivedHits += 1
        return value
    }

    /// Stores a measurement, evicting until it fits.
    mutating func insert(_ key: CacheKey, hash: UInt64, value: TextMeasurement, bytes: Int, maxTextBytes: Int) {
        if let slot = slot(of: key, hash: hash) {
            // Another thread measured the same key meanwhile.
            values[slot] = value
            return
        }
        while freeSlots.isEmpty || textBytes + bytes > maxTextBytes { evictOne() }
        let slot = freeSlots.removeLast()
        keys[slot] = key
        keyHashes[slot] = hash
        values[slot] = value
        referenced[slot] = false
        index.insert(slot: slot, hash: hash)
        count += 1
        textBytes += bytes
    }

    /// Removes the entry under the clock hand that has not been used since the hand last
    /// passed it. The cache is not empty.
    private mutating func evictOne() {
        while true {
            let slot = clockHand
            clockHand = (clockHand + 1) % keys.count
            guard let key = keys[slot] else { continue }
            if referenced[slot] {
                referenced[slot] = false
                continue
            }
            index.remove(slot: slot, hash: keyHashes[slot])
            count -= 1
            textBytes -= key.text.utf8.count
            keys[slot] = nil
            freeSlots.append(slot)
            evictions += 1
            return
        }
    }

    mutating func removeAll() {
        index.removeAll()
        for slot in keys.indices {
            keys[slot] = nil
            referenced[slot] = false
        }
        freeSlots.removeAll(keepingCapacity: true)
        freeSlots.append(contentsOf: (0..<keys.count).reversed())
        clockHand = 0
        count = 0
        textBytes = 0
        hits = 0; derivedHits = 0; misses = 0; evictions = 0
    }
}
