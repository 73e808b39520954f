/// A hash map from object identity to an integer, for the solver's variable-to-symbol
/// lookups. Not generic on purpose: a generic version paid for runtime metadata lookups
/// that cost more than the hashing it saved.
///
/// `Dictionary<ObjectIdentifier, _>` pays for a full SipHash per lookup, which was a tenth
/// of building a cell's solver. Object addresses are already unique and well spread once
/// multiplied by a Fibonacci constant, so this open-addressing table (linear probing,
/// backward-shift deletion, at most half full) hashes with one multiplication.
struct IdentityMap {
    /// Object addresses; 0 marks an empty slot (no object lives at address 0).
    private var keys: [UInt]
    private var slots: [Int]
    private(set) var count = 0
    /// `64 - log2(capacity)`: the hash keeps the product's top bits.
    private var shift: UInt

    /// An empty map that allocates nothing until the first insertion.
    init() {
        keys = []
        slots = []
        shift = 64
    }

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        slots = Array(repeating: 0, count: size)
        shift = UInt(64 - size.trailingZeroBitCount)
    }

    @inline(__always)
    private func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always)
    private func slot(of key: UInt) -> (index: Int, found: Bool) {
        let mask = keys.count - 1
        var index = home(of: key)
        while true {
            let stored = keys[index]
            if stored == key { return (index, true) }
            if stored == 0 { return (index, false) }
            index = (index + 1) & mask
        }
    }

    subscript(object: ObjectIdentifier) -> Int? {
        get {
            if keys.isEmpty { return nil }
            let found = slot(of: UInt(bitPattern: object))
            return found.found ? slots[found.index] : nil
        }
        set {
            let key = UInt(bitPattern: object)
            if let newValue {
                if keys.isEmpty { self = IdentityMap(capacity: 8) }
                let found = slot(of: key)
                if found.found {
                    slots[found.index] = newValue
                    return
                }
                if (count + 1) * 2 > keys.count {
                    grow()
                    insertNew(key, newValue)
                } else {
                    keys[found.index] = key
                    slots[found.index] = newValue
                }
                count += 1
            } else {
                remove(key)
            }
        }
    }

    /// The stored values, in no particular order.
    var values: [Int] { keys.indices.filter { keys[$0] != 0 }.map { slots[$0] } }

    mutating func removeAll() {
        for i in keys.indices where keys[i] != 0 {
            keys[i] = 0
        }
        count = 0
    }

    private mutating func insertNew(_ key: UInt, _ value: Int) {
        let found = slot(of: key)
        keys[found.index] = key
        slots[found.index] = value
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldSlots = slots
        let size = keys.count * 2
        keys = Array(repeating: 0, count: size)
        slots = Array(repeating: 0, count: size)
        shift -= 1
        for i in oldKeys.indices where oldKeys[i] != 0 { insertNew(oldKeys[i], oldSlots[i]) }
    }

    /// Backward-shift deletion: later members of the probe run move up, so lookups never
    /// need tombstones.
    private mutating func remove(_ key: UInt) {
        if keys.isEmpty { return }
        let found = slot(of: key)
        guard found.found else { return }
        let mask = keys.count - 1
        var hole = found.index
        var next = (hole + 1) & mask
        while keys[next] != 0 {
            let ideal = home(of: keys[next])
            // Move `next` into the hole if its home is not in (hole, next] cyclically.
            let distanceToNext = (next - ideal) & mask
            let distanceToHole = (hole - ideal) & mask
            if distanceToHole < distanceToNext {
                keys[hole] = keys[next]
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        count -= 1
    }
}
