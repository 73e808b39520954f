import Foundation
import Testing

/// S9 in the window: while photos arrive and their cells take their true heights, nothing
/// on screen moves except what grew. For every pair of consecutive frames of the same size:
/// - every item in both keeps its column (x) and width;
/// - in a column where no item in both frames changed height, every item moves by the same
///   amount as every other such item: the scroll;
/// - in a column where items changed height, the items stay packed (the gap between two
///   items adjacent in both frames is unchanged) and one of them keeps an edge with the
///   scroll (the items above the growth, or the grown item's top, or its bottom when it
///   grew upwards above the anchor, or the items below it).
struct PhotoWallCheck {
    var pairs = 0
    var pairsWithGrowth = 0
    /// Items that left their column or changed their distance to a neighbour.
    var violations: [String] = []
    /// Items that moved unlike the scroll (a column shifted as a whole, or no item of a
    /// grown column kept an edge with the scroll).
    var shifts: [String] = []

    init(_ frames: [Frame], tolerance: Double = 0.05) {
        for (previous, next) in zip(frames, frames.dropFirst()) where previous.width == next.width && previous.height == next.height {
            let common = previous.order.filter { next.rects[$0] != nil }
            guard !common.isEmpty else { continue }
            pairs += 1
            var columns: [Double: [[Int]]] = [:]
            for item in common {
                let (a, b) = (previous.rects[item]!, next.rects[item]!)
                if abs(a.x - b.x) > tolerance || abs(a.width - b.width) > tolerance {
                    violations.append("frame \(next.number): item \(item) left its column: \(a) → \(b)")
                }
                columns[a.x, default: []].append(item)
            }
            func grew(_ item: [Int]) -> Bool { abs(previous.rects[item]!.height - next.rects[item]!.height) > tolerance }
            func dy(_ item: [Int]) -> Double { next.rects[item]!.y - previous.rects[item]!.y }
            let steady = columns.values.filter { !$0.contains(where: grew) }.flatMap { $0 }
            if columns.values.contains(where: { $0.contains(where: grew) }) { pairsWithGrowth += 1 }
            guard let reference = steady.first else { continue }  // every column changed: no scroll to compare with
            let scroll = dy(reference)
            for item in steady where abs(dy(item) - scroll) > tolerance {
                shifts.append("frame \(next.number): item \(item) moved \(dy(item)) while the scroll was \(scroll) and nothing in its column grew")
            }
            for (_, items) in columns where items.contains(where: grew) {
                let sorted = items.sorted { previous.rects[$0]!.y < previous.rects[$1]!.y }
                for (upper, lower) in zip(sorted, sorted.dropFirst()) {
                    let gapBefore = previous.rects[lower]!.y - (previous.rects[upper]!.y + previous.rects[upper]!.height)
                    let gapAfter = next.rects[lower]!.y - (next.rects[upper]!.y + next.rects[upper]!.height)
                    if abs(gapBefore - gapAfter) > tolerance {
                        violations.append("frame \(next.number): the gap between items \(upper) and \(lower) went from \(gapBefore) to \(gapAfter)")
                    }
                }
                let keepsAnEdge = sorted.contains { item in
                    let (a, b) = (previous.rects[item]!, next.rects[item]!)
                    return abs((b.y - a.y) - scroll) <= tolerance || abs((b.y + b.height) - (a.y + a.height) - scroll) <= tolerance
                }
                if !keepsAnEdge {
                    let moves = sorted.map { "\($0): \(previous.rects[$0]!) → \(next.rects[$0]!)" }
                    shifts.append("frame \(next.number): in a column no item kept an edge with the scroll (\(scroll)): \(moves)")
                }
            }
        }
    }
}

extension WindowShowTests {
    /// Opens the photo wall on fresh photos (generated as they are needed), wheels down and
    /// up while they arrive, jumps far down by the scrollbar and wheels up, and checks every
    /// frame pair.
    @Test func photoWallMovesNothingButWhatGrewWhileImagesArrive() throws {
        let photos = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-photos-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: photos) }
        let window = try TrellisWindow(tool: ["gallery", "--page", "photos", "--size", "800x600"], environment: ["TRELLIS_PHOTO_DIR": photos])
        let size = try window.geometry()
        let (x, y) = (size.width / 2 + 80, size.height / 2)
        for _ in 0..<20 { _ = try window.wheel(down: true, x: x, y: y) }
        Thread.sleep(forTimeInterval: 1)
        for _ in 0..<12 { _ = try window.wheel(down: false, x: x, y: y) }
        Thread.sleep(forTimeInterval: 1)
        // Far down by the scrollbar, then upwards: the items coming in above are measured for
        // the first time (and their images arrive) above the anchor.
        try window.dragScrollbar(from: 0.3, to: 0.5)
        Thread.sleep(forTimeInterval: 1)
        for _ in 0..<12 { _ = try window.wheel(down: false, x: x, y: y) }
        Thread.sleep(forTimeInterval: 1)
        _ = try window.wheel(down: true, x: x, y: y)
        let frames = window.frames
        let check = PhotoWallCheck(frames)
        #expect(check.violations.isEmpty, "\(check.violations.count) violations in \(check.pairs) frame pairs; first: \(check.violations.prefix(3))")
        // An image arriving for an item measured earlier and now above the screen sends the
        // item back to its estimate through invalidateCachedSizes(forItemsAt:), with the
        // scroll anchor and the bounds: the waterfall grows a column upward where the item
        // starts above the screen, downward where it starts below, and a photo on screen
        // whose image arrived keeps its top — or its bottom when it is the anchor and starts
        // above the screen (right after the scrollbar jump, the first photo of a column cut
        // by the top edge), so the rest of its column does not jump by its change
        // (headless: ImageArrivalStabilityTests, PhotoWallJumpStabilityTests).
        #expect(check.shifts.isEmpty, "\(check.shifts.count) shifts in \(check.pairs) frame pairs; first: \(check.shifts.prefix(3))")
        #expect(check.pairs >= 20, "\(check.pairs) frame pairs compared")
        #expect(check.pairsWithGrowth > 0, "no frame showed an image arriving with another ratio: the check saw no growth")
        // The page's statistics: images were shown, the cache stayed within its budget.
        let wall = try #require(window.events("photoWall").last)
        let bytes = (wall["cacheBytes"] as? NSNumber)?.intValue ?? -1, budget = (wall["budgetBytes"] as? NSNumber)?.intValue ?? -1
        #expect(bytes > 0 && bytes <= budget && budget == 64 * 1024 * 1024, "cache \(bytes) of \(budget) bytes")
        #expect(((wall["readyWhenDisplayed"] as? NSNumber)?.intValue ?? 0) > 0, "no displayed item found its image ready")
        // The photos were written by gdk-pixbuf's savers as they were needed, JPEG and PNG.
        let files = try FileManager.default.contentsOfDirectory(atPath: photos)
        #expect(files.contains { $0.hasSuffix(".jpg") } && files.contains { $0.hasSuffix(".png") })
        #expect(try window.close() == 0)
    }
}
