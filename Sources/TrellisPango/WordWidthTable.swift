import CPango

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shaped words of one font and script, keyed by their UTF-8 bytes: each word's width
/// and its glyphs with their advances (what drawing the word needs), in an open-addressing
/// table over byte and glyph arenas, so a lookup hashes the bytes in place (`ByteHash`,
/// eight at a time) and compares them with `memcmp`, without building a `String` or running
/// SipHash — a `[String: Int32]` spent most of a known word's cost there. It grows with its
/// words (kept at most half full) and is bounded: past `capacity` words it starts over.
struct WordWidthTable {
    private struct Entry {
        var hash: UInt64
        var start: Int32, count: Int32
        var width: Int32
        /// The word's glyphs in `glyphIDs` / `glyphAdvances`; `glyphCount` is -1 when a glyph
        /// is offset from its pen position (a mark), which a plain advance run cannot draw.
        var glyphStart: Int32, glyphCount: Int32
    }

    private var slots = [Int32](repeating: 0, count: 64)  // index into `entries` + 1; 0 = empty
    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    private var glyphIDs: [UInt32] = []
    private var glyphAdvances: [Int32] = []
    private var mask = 63
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { entries.count }

    /// The width stored for `word`, if any.
    func width(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        index(of: word, hash: hash).map { entries[$0].width }
    }

    /// Appends the glyphs stored for `word` to `glyphs` and returns its width; nil when
    /// the word is not stored. When the word's glyphs are not a plain advance run, `glyphs`
    /// is marked not drawable instead.
    func appendGlyphs(of word: UnsafeBufferPointer<UInt8>, hash: UInt64, to glyphs: SingleLineShaper.LineGlyphs) -> Int32? {
        guard let index = index(of: word, hash: hash) else { return nil }
        let entry = entries[index]
        if entry.glyphCount < 0 {
            glyphs.isDrawable = false
        } else {
            let range = Int(entry.glyphStart)..<Int(entry.glyphStart + entry.glyphCount)
            glyphs.ids.append(contentsOf: glyphIDs[range])
            glyphs.advances.append(contentsOf: glyphAdvances[range])
        }
        return entry.width
    }

    private func index(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            let entry = entries[Int(slot) - 1]
            if entry.hash == hash, Int(entry.count) == word.count,
               bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + Int(entry.start), word.baseAddress!, word.count) == 0 }) {
                return Int(slot) - 1
            }
            i = (i + 1) & mask
        }
    }

    /// Stores `word` (not present) as HarfBuzz shaped it — `infos` and `positions` of one
    /// buffer — and returns its width, starting over when full.
    @discardableResult
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, infos: UnsafeBufferPointer<hb_glyph_info_t>,
                         positions: UnsafeBufferPointer<hb_glyph_position_t>) -> Int32 {
        if entries.count >= capacity {
            for i in slots.indices { slots[i] = 0 }
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            glyphIDs.removeAll(keepingCapacity: true)
            glyphAdvances.removeAll(keepingCapacity: true)
        } else if (entries.count + 1) * 2 > slots.count {
            grow()
        }
        var width: Int32 = 0
        var placeable = true
        let glyphStart = Int32(glyphIDs.count)
        for i in 0..<positions.count {
            width &+= positions[i].x_advance
            if positions[i].x_offset != 0 || positions[i].y_offset != 0 { placeable = false }
        }
        if placeable {
            for i in 0..<infos.count {
                glyphIDs.append(infos[i].codepoint)
                glyphAdvances.append(positions[i].x_advance)
            }
        }
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        entries.append(Entry(hash: hash, start: Int32(bytes.count), count: Int32(word.count), width: width,
                             glyphStart: glyphStart, glyphCount: placeable ? Int32(infos.count) : -1))
        bytes.append(contentsOf: word)
        slots[i] = Int32(entries.count)
        return width
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
