/// A fast, non-cryptographic hash of byte strings, for hash tables keyed by text bytes
/// (the measurement cache, `trellis layout`'s table of distinct texts): the bytes are taken
/// eight at a time (a multiply-and-rotate step per word, as FxHash does) and the result
/// finished with SplitMix64's mixer. A byte-at-a-time FNV-1a spent most of a cache hit in
/// its chain of multiplies (one per byte); this needs one per eight bytes.
///
/// It is not Swift's `Hasher`: texts are compared by their bytes, not by canonical
/// equivalence ("é" and "e\u{301}" are different strings to a shaper and may measure
/// differently), and the table owner picks the seed (per instance, so collisions cannot be
/// planned in advance).
package enum ByteHash {
    /// The hash of `bytes` and their count, started from `seed`.
    ///
    /// - Parameters:
    ///   - bytes: the bytes to hash.
    ///   - seed: the starting state (a table's own seed, or a small number that keeps apart
    ///     keys that share their bytes).
    /// - Returns: a well-mixed 64-bit hash.
    @inlinable
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        finish(step(mix(bytes, into: 0xcbf2_9ce4_8422_2325 ^ seed), UInt64(truncatingIfNeeded: bytes.count)))
    }

    /// One multiply-and-rotate step folding `word` into `h`.
    ///
    /// - Parameters:
    ///   - h: the state so far.
    ///   - word: what to fold in (eight bytes of text, a length, a field's bits).
    /// - Returns: the new state.
    @inlinable @inline(__always)
    package static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let m = (h ^ word) &* 0x517C_C1B7_2722_0A95
        return m << 23 | m >> 41
    }

    /// `bytes` folded into `seed` eight at a time; the last 1–7 bytes as one zero-padded word.
    ///
    /// - Parameters:
    ///   - bytes: the bytes to fold in.
    ///   - seed: the state to start from.
    /// - Returns: the new state (not finished: fold in the length and other fields, then
    ///   ``finish(_:)``).
    @inlinable @inline(__always)
    package static func mix(_ bytes: UnsafeBufferPointer<UInt8>, into seed: UInt64) -> UInt64 {
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

    /// SplitMix64's finishing mixer: every bit of `h` affects every bit of the result.
    ///
    /// - Parameter h: the state after the last step.
    /// - Returns: the finished hash.
    @inlinable @inline(__always)
    package static func finish(_ h: UInt64) -> UInt64 {
        var h = h
        h ^= h >> 30; h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 27; h &*= 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
