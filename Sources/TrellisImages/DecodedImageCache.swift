import TrellisKit

/// Decoded images by key within a byte budget, evicting the least recently used first and
/// never an image whose item is on screen (`NSCache` with a `totalCostLimit`, but with
/// deterministic evictions and the on-screen set as a rule rather than a hint).
///
/// Invariants: `totalBytes <= byteBudget` at all times, except after the budget is lowered
/// below the bytes of the on-screen images, until they leave the screen; an image whose key is in
/// `onScreen` is removed only by `removeImage(for:)` or `removeAll()`. An insertion that
/// cannot fit without evicting an on-screen image is refused (the caller may still show the
/// image it holds; it is just not kept). Confined to one thread (the main thread of the
/// app that shows the images): not `Sendable`.
public final class DecodedImageCache<Key: Hashable> {
    /// What an insertion did.
    public enum Insertion: Equatable {
        /// Stored; these keys were evicted to make room, least recently used first.
        case stored(evicted: [Key])
        /// Not stored: the image alone exceeds the budget, or only on-screen images were
        /// left to evict.
        case refused
    }

    /// 64 MiB, the default budget.
    public static var defaultByteBudget: Int { 64 * 1024 * 1024 }

    /// The most bytes of pixels held. Lowering it evicts at once (never what is on screen).
    public var byteBudget: Int {
        didSet {
            precondition(byteBudget >= 0, "a byte budget cannot be negative")
            trimToBudget()
        }
    }
    /// Bytes of pixels held now (4 a pixel).
    public private(set) var totalBytes = 0
    /// Keys whose items are on screen: their images stay.
    public private(set) var onScreen: Set<Key> = []
    /// Images evicted since the cache was made (a figure for benchmarks).
    public private(set) var evictionCount = 0

    // A doubly linked recency list threaded through `nodes` by index: `head` is the least
    // recently used, `tail` the most. Freed slots are reused through `freeSlots`.
    private struct Node {
        var key: Key
        var image: Image
        var bytes: Int
        var previous: Int
        var next: Int
    }
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    private var head = -1
    private var tail = -1

    public init(byteBudget: Int = DecodedImageCache.defaultByteBudget) {
        precondition(byteBudget >= 0, "a byte budget cannot be negative")
        self.byteBudget = byteBudget
    }

    public var count: Int { slots.count }

    /// The bytes an image takes in the cache.
    public static func bytes(of image: Image) -> Int { image.rgba.count }

    /// The image for `key`, marking it most recently used; nil when not held.
    public func image(for key: Key) -> Image? {
        guard let slot = slots[key] else { return nil }
        moveToTail(slot)
        return nodes[slot].image
    }

    /// Whether an image for `key` is held, without touching its recency.
    public func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// Stores `image` for `key` (replacing what was there) as the most recently used,
    /// evicting least recently used images that are not on screen until it fits.
    @discardableResult
    public func insert(_ image: Image, for key: Key) -> Insertion {
        let bytes = Self.bytes(of: image)
        let replaced = slots[key].map { nodes[$0].bytes } ?? 0
        guard bytes <= byteBudget, let evicted = evict(toFit: bytes - replaced, sparing: key) else { return .refused }
        if let slot = slots[key] {
            totalBytes += bytes - nodes[slot].bytes
            nodes[slot].image = image
            nodes[slot].bytes = bytes
            moveToTail(slot)
        } else {
            let node = Node(key: key, image: image, bytes: bytes, previous: tail, next: -1)
            let slot: Int
            if let free = freeSlots.popLast() {
                nodes[free] = node
                slot = free
            } else {
                nodes.append(node)
                slot = nodes.count - 1
            }
            if tail >= 0 { nodes[tail].next = slot } else { head = slot }
            tail = slot
            slots[key] = slot
            totalBytes += bytes
        }
        return .stored(evicted: evicted)
    }

    /// Makes `keys` the on-screen set: their images are not evicted until they leave it.
    public func setOnScreen(_ keys: Set<Key>) {
        onScreen = keys
        // Images kept over a lowered budget while on screen may go now.
        trimToBudget()
    }

    public func removeImage(for key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        totalBytes -= nodes[slot].bytes
        freeSlots.append(slot)
    }

    public func removeAll() {
        nodes.removeAll()
        freeSlots.removeAll()
        slots.removeAll()
        head = -1
        tail = -1
        totalBytes = 0
    }

    /// Keys from least to most recently used (tests, debugging).
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = head
        while slot >= 0 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].next
        }
        return keys
    }

    // MARK: Recency list

    /// Evicts least recently used images off screen (and not `spared`) until `extra` more
    /// bytes fit in the budget. Returns the evicted keys, or nil (evicting nothing) when
    /// they cannot be made to fit.
    private func evict(toFit extra: Int, sparing spared: Key? = nil) -> [Key]? {
        var excess = totalBytes + extra - byteBudget
        guard excess > 0 else { return [] }
        var victims: [Int] = []
        var slot = head
        while slot >= 0 && excess > 0 {
            let node = nodes[slot]
            if !onScreen.contains(node.key) && node.key != spared {
                victims.append(slot)
                excess -= node.bytes
            }
            slot = node.next
        }
        guard excess <= 0 else { return nil }
        let keys = victims.map { nodes[$0].key }
        for key in keys { removeImage(for: key) }
        evictionCount += keys.count
        return keys
    }

    /// Evicts least recently used images off screen until the total is within the budget
    /// or only on-screen images are left.
    private func trimToBudget() {
        var slot = head
        while slot >= 0 && totalBytes > byteBudget {
            let next = nodes[slot].next
            if !onScreen.contains(nodes[slot].key) {
                removeImage(for: nodes[slot].key)
                evictionCount += 1
            }
            slot = next
        }
    }

    private func unlink(_ slot: Int) {
        let (previous, next) = (nodes[slot].previous, nodes[slot].next)
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
        nodes[slot].previous = -1
        nodes[slot].next = -1
    }

    private func moveToTail(_ slot: Int) {
        guard slot != tail else { return }
        unlink(slot)
        nodes[slot].previous = tail
        if tail >= 0 { nodes[tail].next = slot } else { head = slot }
        tail = slot
    }
}
