import Foundation
import Testing

/// Animated updates in a real window, with GTK's default settings (animations on): a
/// message arriving in the chat (`trellis gallery --page chat`, Ctrl+N: one animated
/// diffable `apply`) while the reader is at the bottom. Every frame line of the animation
/// is checked: the messages already on screen slide up together, by the same amount in
/// every frame pair, never back, and end where the layout has them; the new message fades
/// in at its final place without moving; the curve's progress is UIKit's ease-in-out of
/// the frame clock's time over 0.3 s. With animations off the end state is drawn at once.
/// Part of the serialized window suite.
extension WindowShowTests {
    /// UIKit's ease-in-out (cubic Bézier (0.42, 0), (0.58, 1)) at time `x`, by walking the
    /// curve's parameter finely: an oracle independent of the widget's root finding.
    static func easeInOut(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        func point(_ s: Double) -> (x: Double, y: Double) {
            let u = 1 - s
            return (3 * u * u * s * 0.42 + 3 * u * s * s * 0.58 + s * s * s, 3 * u * s * s + s * s * s)
        }
        var previous = point(0)
        for step in 1...20_000 {
            let next = point(Double(step) / 20_000)
            if next.x >= x { return previous.y + (next.y - previous.y) * (x - previous.x) / max(1e-12, next.x - previous.x) }
            previous = next
        }
        return 1
    }

    @Test func aNewMessageSlidesInAnimatedFrameByFrame() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "chat", "--size", "800x600"], animations: true)
        let first = window.lastFrame
        #expect(first.isAtEnd, "the chat opens at its end")
        let before = window.frames.count
        _ = try window.press("ctrl+n")
        _ = try window.frame(where: { $0.total == first.total + 1 && $0.raw["updateProgress"] == nil }, timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)  // any frame after the end (there should be no motion in it)
        let frames = Array(window.frames[(before - 1)...])
        let last = frames.last!
        let animated = frames.filter { $0.raw["updateProgress"] != nil }
        #expect(animated.count >= 4, "\(animated.count) animated frames")
        #expect(last.isAtEnd, "the view stuck to the bottom")

        // 990,000 messages are 24,750 days of 40: the new one opens day 24,750.
        let newMessage = [24_750, 0]
        let end = try #require(last.rects[newMessage], "the new message is shown at the end")
        #expect(abs(end.y + end.height - last.height) < 0.5, "it ends at the bottom edge")
        let old = frames.first!
        let shift = try #require(old.order.first { last.rects[$0] != nil }.map { last.rects[$0]!.y - old.rects[$0]!.y })
        #expect(shift < -10, "the messages above moved up to make room: \(shift)")

        // The messages already there: together, monotonically, from where they were to where they end.
        var moved = 0.0
        for (previous, next) in zip(frames, frames.dropFirst()) {
            let common = previous.order.filter { next.rects[$0] != nil && $0 != newMessage }
            guard let reference = common.first else { continue }
            let dy = next.rects[reference]!.y - previous.rects[reference]!.y
            #expect(dy <= 0.05, "frame \(next.number): the messages moved back down by \(dy)")
            for item in common {
                let (a, b) = (previous.rects[item]!, next.rects[item]!)
                #expect(abs((b.y - a.y) - dy) <= 0.05 && abs(b.x - a.x) <= 0.05 && abs(b.height - a.height) <= 0.05,
                        "frame \(next.number): message \(item) moved (\(b.x - a.x), \(b.y - a.y)) while \(reference) moved (0, \(dy))")
            }
            moved += dy
        }
        #expect(abs(moved - shift) <= 0.5, "the slides add up to the move: \(moved) of \(shift)")

        // The new message: at its final place in every frame that shows it, fading in.
        var alphas: [Double] = []
        for frame in animated {
            if let rect = frame.rects[newMessage] {
                #expect(abs(rect.y - end.y) <= 0.05 && abs(rect.x - end.x) <= 0.05, "frame \(frame.number): the new message at \(rect), not \(end)")
            }
            let entry = (frame.raw["alphas"] as? [[NSNumber]] ?? []).first { $0[0].intValue == newMessage[0] && $0[1].intValue == newMessage[1] }
            alphas.append(entry?[2].doubleValue ?? 1)
        }
        #expect(alphas.first.map { $0 < 0.2 } ?? false, "it starts transparent: \(alphas)")
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "and only grows more opaque: \(alphas)")
        #expect(alphas.last == 1)

        // The curve and the duration, on the frame clock: the progress is the ease-in-out of
        // the time share, and the end is reached 0.3 s after the start (a frame or two late
        // on a loaded machine), not before.
        for frame in animated {
            let elapsed = (frame.raw["updateElapsed"] as? NSNumber)?.doubleValue ?? -1
            let progress = (frame.raw["updateProgress"] as? NSNumber)?.doubleValue ?? -1
            #expect(abs(progress - Self.easeInOut(elapsed / 0.3)) < 1e-3, "frame \(frame.number): progress \(progress) at \(elapsed) s")
        }
        let reached = try #require(animated.first { ($0.raw["updateProgress"] as? NSNumber)?.doubleValue == 1 })
        let duration = (reached.raw["updateElapsed"] as? NSNumber)?.doubleValue ?? 0
        #expect(duration >= 0.3 && duration < 0.6, "the end was reached after \(duration) s")
        #expect(try window.close() == 0)
    }

    @Test func withAnimationsOffANewMessageLandsInTheNextFrame() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "chat", "--size", "800x600"], animations: false)
        let first = window.lastFrame
        let before = window.frames.count
        _ = try window.press("ctrl+n")
        _ = try window.frame(where: { $0.total == first.total + 1 }, timeout: 30)
        let next = window.frames.first { $0.number > first.number && $0.total == first.total + 1 }
        let frames = window.frames[before...]
        #expect(frames.allSatisfy { $0.raw["updateProgress"] == nil }, "no frame animates")
        // The first frame with the new message is the end state: the message at the bottom.
        let landed = try #require(next)
        let rect = try #require(landed.rects[[24_750, 0]], "the new message is in the first frame after it arrived")
        #expect(abs(rect.y + rect.height - landed.height) < 0.5 && landed.isAtEnd)
        Thread.sleep(forTimeInterval: 0.5)
        for later in window.frames where later.number > landed.number {
            #expect(later.rects[[24_750, 0]].map { abs($0.y - rect.y) < 0.05 } ?? false, "frame \(later.number): nothing moves after the first")
        }
        #expect(try window.close() == 0)
    }
}

extension WindowShowTests {
    /// "Read more" with animations on: a reader who scrolled up a little clicks a long
    /// message; its cell grows where it is and what follows slides down, frame by frame,
    /// while every message above it stays exactly still.
    @Test func readMoreGrowsTheMessageWhereItIsAndSlidesWhatFollows() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "chat", "--size", "800x600"], animations: true)
        let size = try window.geometry()
        // Away from the end (the end would stay the anchor), until a collapsed long
        // message (eight lines and "Read more": taller than 140 pt) is in view whole.
        var long: [Int]?
        for _ in 0..<40 {
            let frame = try window.wheel(down: false, x: size.width / 2, y: size.height / 2)
            long = frame.order.first { item in
                let rect = frame.rects[item]!
                return rect.height > 140 && rect.y > 40 && rect.y + rect.height < frame.height - 40
            }
            if long != nil { break }
        }
        let item = try #require(long, "no long message came into view")
        Thread.sleep(forTimeInterval: 0.4)  // the wheel's last frames
        let start = window.lastFrame
        let tapped = start.rects[item]!
        let above = start.order.filter { start.rects[$0]!.y + start.rects[$0]!.height <= tapped.y }
        let below = start.order.filter { start.rects[$0]!.y >= tapped.y + tapped.height }
        #expect(!above.isEmpty && !below.isEmpty)
        let before = window.frames.count
        _ = try window.click(item)
        _ = try window.frame(where: { $0.number > start.number && $0.rects[item].map { $0.height > tapped.height + 10 } ?? false
                                      && $0.raw["updateProgress"] == nil }, timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)
        let frames = Array(window.frames[(before - 1)...])
        let animated = frames.filter { $0.raw["updateProgress"] != nil }
        #expect(animated.count >= 3, "\(animated.count) animated frames")
        for (previous, next) in zip(frames, frames.dropFirst()) {
            for key in above where previous.rects[key] != nil && next.rects[key] != nil {
                let (a, b) = (previous.rects[key]!, next.rects[key]!)
                #expect(a.x == b.x && a.y == b.y && a.height == b.height, "frame \(next.number): message \(key) above moved: \(a) → \(b)")
            }
            if let a = previous.rects[item], let b = next.rects[item] {
                #expect(a.y == b.y, "frame \(next.number): the tapped message moved: \(a.y) → \(b.y)")
                #expect(b.height >= a.height - 0.05, "frame \(next.number): the tapped message shrank: \(a.height) → \(b.height)")
            }
            let sliding = below.filter { previous.rects[$0] != nil && next.rects[$0] != nil }
            if let reference = sliding.first {
                let dy = next.rects[reference]!.y - previous.rects[reference]!.y
                #expect(dy >= -0.05, "frame \(next.number): the messages below moved up by \(dy)")
                for key in sliding {
                    let moved = next.rects[key]!.y - previous.rects[key]!.y
                    #expect(abs(moved - dy) <= 0.05, "frame \(next.number): message \(key) moved \(moved) while \(reference) moved \(dy)")
                }
                // What follows stays packed under the tapped message as it grows.
                if let grown = next.rects[item], let first = next.rects[reference], reference == below.first {
                    let gap = first.y - (grown.y + grown.height)
                    let startGap = start.rects[reference]!.y - (tapped.y + tapped.height)
                    #expect(abs(gap - startGap) <= 1.05, "frame \(next.number): the gap under the tapped message is \(gap), was \(startGap)")
                }
            }
        }
        let end = frames.last!
        #expect(end.rects[item].map { $0.y == tapped.y && $0.height > tapped.height } ?? false, "expanded where it was")
        #expect(try window.close() == 0)
    }
}

extension WindowShowTests {
    /// Wheel steps while a new message animates in (animations on): nothing jumps. In
    /// every frame pair the messages already there move together, and the new one — which
    /// only fades — moves by exactly the scroll: its place relative to the content is kept
    /// on every frame, while the others go on interpolating in content coordinates.
    @Test func scrollingDuringAnAnimationMovesEverythingWithTheContent() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "chat", "--size", "800x600"], animations: true)
        let first = window.lastFrame
        let size = try window.geometry()
        try window.movePointer(x: size.width / 2, y: size.height / 2)
        try window.focus()
        let before = window.frames.count
        // The steps once the animation has begun (a step that reaches the widget in the
        // frame the message lands in is applied at once, with the update).
        _ = try window.xdotool(["key", "ctrl+n"])
        _ = try window.frame(where: { $0.raw["updateProgress"] != nil }, timeout: 30)
        for _ in 0..<2 { _ = try window.xdotool(["click", "4"]) }
        _ = try window.frame(where: { $0.total == first.total + 1 && $0.raw["updateProgress"] == nil }, timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)
        let frames = Array(window.frames[(before - 1)...])
        let newMessage = [24_750, 0]
        var scrolledWhileAnimating = 0
        for (previous, next) in zip(frames, frames.dropFirst()) {
            let scroll = next.offset - previous.offset
            if previous.raw["updateProgress"] != nil && next.raw["updateProgress"] != nil && abs(scroll) > 0.5 { scrolledWhileAnimating += 1 }
            let fading = (next.raw["alphas"] as? [[NSNumber]] ?? []).map { [$0[0].intValue, $0[1].intValue] }
            #expect(fading.allSatisfy { $0 == newMessage }, "frame \(next.number): only the new message fades; \(fading) did")
            if let a = previous.rects[newMessage], let b = next.rects[newMessage] {
                #expect(abs((b.y - a.y) + scroll) <= 0.05 && abs(b.x - a.x) <= 0.05,
                        "frame \(next.number): the new message moved \(b.y - a.y) while the content scrolled \(scroll)")
            }
            let common = previous.order.filter { next.rects[$0] != nil && $0 != newMessage }
            guard let reference = common.first else { continue }
            let dy = next.rects[reference]!.y - previous.rects[reference]!.y
            for item in common {
                let moved = next.rects[item]!.y - previous.rects[item]!.y
                #expect(abs(moved - dy) <= 0.05, "frame \(next.number): message \(item) moved \(moved) while \(reference) moved \(dy)")
            }
        }
        #expect(scrolledWhileAnimating > 0, "no wheel step reached the window while the message animated")
        #expect(window.lastFrame.offset < first.offset, "the wheel scrolled up")
        // The end state: back at the end, everything is where the message landing without
        // animation puts it.
        _ = try window.press("End")
        let end = try window.frame(where: { $0.isAtEnd && !$0.animating }, timeout: 10)
        let settled = try window.frame(after: end.number - 1, settle: 0.5)
        #expect(try window.close() == 0)
        let reference = try Self.chatEndWithoutAnimations(afterMessages: 1)
        #expect(Self.placements(settled) == Self.placements(reference), "animated and scrolled:\n\(Self.placements(settled))\nwithout animation:\n\(Self.placements(reference))")
    }
}

extension WindowShowTests {
    /// The chat's frame at its end after `count` messages arrived with GTK's animations
    /// off (each lands in one frame): the end state an animation must reach.
    static func chatEndWithoutAnimations(afterMessages count: Int) throws -> Frame {
        let window = try TrellisWindow(tool: ["gallery", "--page", "chat", "--size", "800x600"], animations: false)
        let first = window.lastFrame
        for _ in 0..<count { _ = try window.press("ctrl+n") }
        let end = try window.frame(where: { $0.total == first.total + count }, timeout: 30)
        let settled = try window.frame(after: end.number - 1, settle: 0.5)
        #expect(try window.close() == 0)
        return settled
    }

    /// Every item of `frame` and where it is drawn, top first.
    static func placements(_ frame: Frame) -> [String] {
        frame.order.map { "\($0): \(frame.rects[$0]!)" }
    }

    /// A second message arriving while the first one animates in (Ctrl+N twice, the second
    /// press once the first animation has drawn a frame; animations on): the second update
    /// takes over from where the first has got to, as UIKit's `performBatchUpdates` started
    /// during another animates from the presentation state. In every frame pair the messages
    /// that were there before both move together (StabilityCheck), never back down; at the
    /// end both new messages are at the bottom in arrival order, the view at its end, and
    /// nothing moves afterwards.
    @Test func aSecondMessageDuringTheAnimationEndsWithBothAtTheBottom() throws {
        let window = try TrellisWindow(tool: ["gallery", "--page", "chat", "--size", "800x600"], animations: true)
        let first = window.lastFrame
        #expect(first.isAtEnd, "the chat opens at its end")
        try window.focus()
        let before = window.frames.count
        try window.xdotool(["key", "ctrl+n"])
        let midway = try window.frame(where: { $0.number > first.number && $0.raw["updateProgress"] != nil }, timeout: 30)
        try window.xdotool(["key", "ctrl+n"])
        let landed = try window.frame(where: { $0.total == first.total + 2 && $0.raw["updateProgress"] == nil }, timeout: 30)
        Thread.sleep(forTimeInterval: 0.5)
        let frames = Array(window.frames[(before - 1)...])
        let interrupted = frames.filter { $0.number > midway.number && $0.total == first.total + 1 && $0.raw["updateProgress"] != nil }
        let progress = interrupted.compactMap { ($0.raw["updateProgress"] as? NSNumber)?.doubleValue }
        // The second message came before the first animation had finished.
        #expect(((midway.raw["updateProgress"] as? NSNumber)?.doubleValue ?? 1) < 1, "the first animation had ended before the second message")
        #expect(!progress.contains(1), "the first animation reached its end before the second message: \(progress)")

        // 990,000 messages are 24,750 days of 40: the new ones open day 24,750.
        let (one, two) = ([24_750, 0], [24_750, 1])
        let last = frames.last!
        let a = try #require(last.rects[one], "the first new message is shown"), b = try #require(last.rects[two], "the second is shown")
        #expect(abs(b.y + b.height - last.height) < 0.5 && last.isAtEnd, "the second ends at the bottom edge: \(b)")
        #expect(a.y + a.height <= b.y + 0.05 && a.y < b.y, "the first above the second: \(a), \(b)")

        // The messages that were there before: the frames without the two new ones.
        let old = frames.map { frame -> Frame in
            var kept = frame
            kept.order = frame.order.filter { $0 != one && $0 != two }
            return kept
        }
        let check = StabilityCheck(old)
        #expect(check.violations.isEmpty, "\(check.summary)")
        #expect(check.pairs >= 4, "\(check.pairs) frame pairs compared")
        // The second update animates too, on from where the first had got to: no jump. The
        // whole way up is two messages' room; no frame pair covers half of it (a jump to
        // the end state would, in one).
        let second = frames.filter { $0.total == first.total + 2 && $0.raw["updateProgress"] != nil }
        #expect(second.count >= 3, "\(second.count) animated frames of the second message")
        let reference = try #require(old.first!.order.first { last.rects[$0] != nil }, "a message in view from start to end")
        let whole = last.rects[reference]!.y - old.first!.rects[reference]!.y
        #expect(whole < -(b.height + 10), "the messages moved up by two messages' room: \(whole)")
        for (previous, next) in zip(old, old.dropFirst()) {
            guard let item = previous.order.first(where: { next.rects[$0] != nil }) else { continue }
            let dy = next.rects[item]!.y - previous.rects[item]!.y
            #expect(dy <= 0.05, "frame \(next.number): the messages moved back down by \(dy)")
            #expect(dy > whole / 2, "frame \(next.number): the messages jumped \(dy) of \(whole)")
        }
        for later in window.frames where later.number > landed.number {
            #expect(later.rects[two].map { abs($0.y - b.y) < 0.05 } ?? false, "frame \(later.number): something moved after the end")
        }
        #expect(try window.close() == 0)
        // Where the two messages landing without animation put everything.
        let unanimated = try Self.chatEndWithoutAnimations(afterMessages: 2)
        #expect(Self.placements(last) == Self.placements(unanimated), "animated:\n\(Self.placements(last))\nwithout animation:\n\(Self.placements(unanimated))")
    }
}
