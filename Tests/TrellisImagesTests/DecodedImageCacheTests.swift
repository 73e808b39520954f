import Testing
import Trellis
import TrellisKit
@testable import TrellisImages

/// The cache against its contract: least recently used first out, the budget never
/// exceeded, an on-screen image never evicted. The oracle is a plain model: the keys in
/// the order of their last use, each with its bytes.
@Suite("DecodedImageCache")
struct DecodedImageCacheTests {
    /// A solid image of `pixels` pixels (4 bytes each).
    func image(pixels: Int) -> Image { Image(pixelWidth: pixels, pixelHeight: 1, color: .black) }

    @Test func evictsTheLeastRecentlyUsedFirst() {
        let cache = DecodedImageCache<Int>(byteBudget: 400)  // room for four 100-byte images
        for key in 0..<4 { cache.insert(image(pixels: 25), for: key) }
        _ = cache.image(for: 0)  // 0 is now the most recently used
        #expect(cache.insert(image(pixels: 25), for: 4) == .stored(evicted: [1]))
        #expect(cache.keysByRecency == [2, 3, 0, 4])
        #expect(cache.insert(image(pixels: 50), for: 5) == .stored(evicted: [2, 3]))
        #expect(cache.keysByRecency == [0, 4, 5])
        #expect(cache.totalBytes == 400)
    }

    @Test func neverEvictsWhatIsOnScreen() {
        let cache = DecodedImageCache<Int>(byteBudget: 400)
        for key in 0..<4 { cache.insert(image(pixels: 25), for: key) }
        cache.setOnScreen([0, 1])
        #expect(cache.insert(image(pixels: 25), for: 4) == .stored(evicted: [2]))
        // Only 3 and 4 may go; 0 and 1 (the least recently used) stay.
        #expect(cache.insert(image(pixels: 50), for: 5) == .stored(evicted: [3, 4]))
        #expect(cache.contains(0) && cache.contains(1))
        // 300 bytes cannot fit without evicting an on-screen image: refused, nothing evicted.
        #expect(cache.insert(image(pixels: 75), for: 6) == .refused)
        #expect(cache.keysByRecency == [0, 1, 5] && cache.totalBytes == 400)
        // Larger than the whole budget: refused.
        #expect(cache.insert(image(pixels: 101), for: 7) == .refused)
        cache.setOnScreen([])
        #expect(cache.insert(image(pixels: 75), for: 6) == .stored(evicted: [0, 1, 5]))
    }

    @Test func theBudgetHoldsThroughRandomUse() {
        // A seeded random walk of inserts, reads and on-screen changes, checked at every
        // step against the model.
        var generator = HashStream(seed: 42)
        let budget = 10_000
        let cache = DecodedImageCache<Int>(byteBudget: budget)
        var recency: [Int] = []  // model: least recently used first
        var bytes: [Int: Int] = [:]
        var onScreen: Set<Int> = []
        for _ in 0..<5_000 {
            let key = Int(generator.next() % 60)
            switch generator.next() % 4 {
            case 0, 1:
                let size = Int(1 + generator.next() % 600) * 4
                // The model: evict least recently used off-screen others until it fits.
                var total = bytes.values.reduce(0, +) - (bytes[key] ?? 0)
                var evicted: [Int] = []
                for candidate in recency where candidate != key && !onScreen.contains(candidate) && total + size > budget {
                    evicted.append(candidate)
                    total -= bytes[candidate]!
                }
                let result = cache.insert(image(pixels: size / 4), for: key)
                if total + size > budget {
                    #expect(result == .refused)
                } else {
                    #expect(result == .stored(evicted: evicted))
                    for victim in evicted { bytes[victim] = nil }
                    recency.removeAll { evicted.contains($0) || $0 == key }
                    recency.append(key)
                    bytes[key] = size
                }
            case 2:
                let held = cache.image(for: key)
                #expect((held != nil) == (bytes[key] != nil))
                if held != nil {
                    recency.removeAll { $0 == key }
                    recency.append(key)
                }
            default:
                let shown = Set((0..<3).map { _ in Int(generator.next() % 60) }).filter { bytes[$0] != nil }
                onScreen = shown
                cache.setOnScreen(shown)
            }
            #expect(cache.totalBytes <= budget)
            #expect(cache.totalBytes == bytes.values.reduce(0, +))
            #expect(cache.keysByRecency == recency)
            #expect(onScreen.allSatisfy { cache.contains($0) })
        }
    }

    @Test func loweringTheBudgetEvictsAllButWhatIsOnScreen() {
        let cache = DecodedImageCache<Int>(byteBudget: 400)
        for key in 0..<4 { cache.insert(image(pixels: 25), for: key) }
        cache.setOnScreen([1, 2])
        cache.byteBudget = 100
        // 0 and 3 go; 1 and 2 stay though over the budget, until they leave the screen.
        #expect(cache.keysByRecency == [1, 2] && cache.totalBytes == 200)
        cache.setOnScreen([2])
        #expect(cache.keysByRecency == [2] && cache.totalBytes == 100)
    }

    @Test func theDefaultBudgetIs64MiB() {
        #expect(DecodedImageCache<Int>().byteBudget == 64 * 1024 * 1024)
    }
}

/// A reproducible stream of pseudo-random numbers: Knuth's multiplicative hash of a
/// counter, so the random walk is the same on every run.
struct HashStream {
    var counter: UInt64
    init(seed: UInt64) { counter = seed }
    mutating func next() -> UInt64 {
        counter += 1
        let product = counter &* 2_654_435_761 &* 0x9E37_79B9
        return product >> 17
    }
}
