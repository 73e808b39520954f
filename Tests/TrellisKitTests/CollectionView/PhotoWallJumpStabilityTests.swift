import Testing
import Trellis
@testable import TrellisKit

/// The photo wall driven as the window drives it: wheel steps (several in one frame at
/// times), scrollbar jumps far away into content nothing measured, and images arriving
/// between frames for any item near the view — displayed or only announced by
/// prefetching, above or below the anchor, in both columns, several at once.
@Suite("CollectionView: a photo wall after a scrollbar jump moves nothing but what grew")
struct PhotoWallJumpStabilityTests {
    typealias Wall = ImageArrivalStabilityTests.Wall
    typealias Generator = ImageArrivalStabilityTests.Generator

    /// One frame: `wheel` steps and `arrivals` in a random order, then the widget's layout.
    static func frame(_ collection: CollectionView, _ wall: Wall, wheel: [Double], arrivals: [Int], generator: inout Generator) throws {
        var events: [Int?] = wheel.indices.map { _ in nil } + arrivals.map { $0 }
        events.shuffle(using: &generator)
        var steps = wheel.makeIterator()
        for event in events {
            if let item = event {
                wall.arrive(item, in: collection)
            } else if let step = steps.next() {
                let range = collection.contentOffsetRange
                collection.contentOffset.y = Swift.min(range.upperBound, Swift.max(range.lowerBound, collection.contentOffset.y + step))
            }
        }
        try collection.performLayout()
    }

    static func drive(width: Double, seed: UInt64, frames: Int) throws -> String? {
        var generator = Generator(state: seed)
        let (collection, wall) = try ImageArrivalStabilityTests.makeWall(width: width)
        var direction = 1.0
        for number in 0..<frames {
            let before = ImageArrivalStabilityTests.onScreen(collection)
            let bounds = collection.bounds
            let jump = Int.random(in: 0..<40, using: &generator) == 0
            if jump {
                collection.contentOffset.y = Double.random(in: 0...1, using: &generator) * Swift.max(0, collection.contentSize.height - bounds.height)
                direction = Bool.random(using: &generator) ? 1 : -1
                try collection.performLayout()
                continue
            }
            if Int.random(in: 0..<12, using: &generator) == 0 { direction = -direction }
            let wheel = (0..<Int.random(in: 0...3, using: &generator)).map { _ in direction * 71.14 }
            let near = collection.layout.elements(in: Rect(x: 0, y: bounds.minY - 2 * bounds.height, width: bounds.width, height: 5 * bounds.height))
                .map(\.indexPath.item).filter { wall.known[$0] == nil }
            var arrivals: [Int] = []
            for _ in 0..<Int.random(in: 0...3, using: &generator) where !near.isEmpty {
                arrivals.append(near.randomElement(using: &generator)!)
            }
            try frame(collection, wall, wheel: wheel, arrivals: arrivals, generator: &generator)
            // As the window's check sees it: an item that left the screen counts for nothing
            // (a column whose only grown item shrank out of view must still move with the
            // scroll: the reader sees the rest of it jump).
            let frameAfter = { (item: Int) in before[item] }
            if let objection = ImageArrivalStabilityTests.objection(before, ImageArrivalStabilityTests.onScreen(collection), frameAfter: frameAfter) {
                return "frame \(number), offset \(collection.contentOffset.y), wheel \(wheel), arrivals \(arrivals): \(objection)"
            }
        }
        return nil
    }

    @Test(arguments: [800.0, 609])
    func wheelJumpsAndArrivalsMoveNothingButWhatGrew(width: Double) throws {
        var failures: [String] = []
        for seed in UInt64(1)...40 {
            if let objection = try Self.drive(width: width, seed: seed, frames: 300) { failures.append("seed \(seed): \(objection)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of 40 drives: \(failures.prefix(5).joined(separator: "\n"))")
    }
}
