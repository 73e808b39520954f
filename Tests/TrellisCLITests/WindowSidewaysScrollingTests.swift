import Foundation
import Testing

/// An orthogonal section (a carousel) scrolls sideways under the pointer: a horizontal wheel
/// step, Shift with the vertical wheel, and back. Its section's behaviour is group paging,
/// so each step rests on a group's leading edge (one group further once aligned); nothing
/// else on screen moves, and the collection does not scroll vertically.
extension WindowShowTests {
    @Test func carouselsScrollSidewaysUnderThePointer() throws {
        let document = DocumentationSnippetTests.packageRoot.appendingPathComponent("docs/examples/compositional.json")
        let window = try TrellisWindow(show: [document.path])
        let first = window.lastFrame
        let cards = first.order.filter { $0[0] == 1 }.sorted { first.rects[$0]!.x < first.rects[$1]!.x }
        try #require(cards.count >= 2, "the carousel (section 1) shows two cards: \(first.order)")
        let stride = first.rects[cards[1]]!.x - first.rects[cards[0]]!.x
        #expect(stride > 100, "one group of the carousel is \(stride) wide")
        // The pointer over the middle of the card nearest the window's middle.
        let origin = (first.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let card = first.rects[cards[0]]!
        try window.movePointer(x: Int(origin[0] + max(8, card.x + 8)), y: Int(origin[1] + card.y + card.height / 2))

        /// Sends `arguments` to xdotool and returns the frame they caused.
        func step(_ arguments: [String]) throws -> Frame {
            let before = window.lastFrame.number
            try window.xdotool(arguments)
            return try window.frame(where: { $0.number > before && !($0.raw["hover"] == nil && $0.order.isEmpty) }, timeout: 10)
        }
        /// Every item in both frames: the carousel's moved by `dx` (and not vertically), the
        /// others not at all.
        func expectMoved(from previous: Frame, to next: Frame, dx: Double, _ what: String) {
            #expect(next.offset == previous.offset, "\(what): the collection did not scroll vertically")
            var carouselItems = 0
            for item in previous.order where next.rects[item] != nil {
                let from = previous.rects[item]!, to = next.rects[item]!
                let expected = item[0] == 1 ? dx : 0
                if item[0] == 1 { carouselItems += 1 }
                #expect(abs(to.x - from.x - expected) < 0.5 && abs(to.y - from.y) < 0.5,
                        "\(what): item \(item) moved (\(to.x - from.x), \(to.y - from.y)), expected (\(expected), 0)")
            }
            #expect(carouselItems >= 1, "\(what): a card of the carousel is on screen before and after")
        }
        // The document starts the carousel 120 pt in, between groups: the first step rests
        // on the next group's leading edge, at the section's leading inset (12).
        let right = try step(["click", "7"])
        let firstStep = right.rects[cards[1]].map { $0.x - first.rects[cards[1]]!.x } ?? .nan
        #expect(abs((right.rects[cards[1]]?.x ?? .nan) - 12) < 0.5, "the next group rests at the leading inset")
        expectMoved(from: first, to: right, dx: firstStep, "a wheel step to the right")
        #expect(firstStep < 0 && firstStep >= -stride)
        let shifted = try step(["keydown", "shift", "click", "5", "keyup", "shift"])
        expectMoved(from: right, to: shifted, dx: -stride, "Shift and the wheel down")
        let left = try step(["click", "6"])
        expectMoved(from: shifted, to: left, dx: stride, "a wheel step to the left")
        #expect(window.events("sidewaysScroll").count == 3)
        #expect(try window.close() == 0)
    }

    /// The arrow keys move the focus along a carousel past its trailing edge: each card
    /// they focus is scrolled into view sideways (the section rests where its behaviour
    /// says), as a focused cell of an orthogonal section comes into view in UIKit.
    @Test func arrowKeysBringTheFocusedCardIntoView() throws {
        let document = DocumentationSnippetTests.packageRoot.appendingPathComponent("docs/examples/compositional.json")
        let window = try TrellisWindow(show: [document.path])
        let first = window.lastFrame
        let cards = first.order.filter { $0[0] == 1 }.sorted { $0.lexicographicallyPrecedes($1) }
        // A card whose middle is in the window (the click lands on it).
        let start = try #require(cards.first { first.rects[$0]!.x + first.rects[$0]!.width / 2 > 8 && first.rects[$0]!.x + first.rects[$0]!.width / 2 < first.width - 8 },
                                 "a carousel card in view: \(cards.map { first.rects[$0]! })")
        var frame = try window.click(start)
        #expect(frame.focus == start)
        var reachedBeyond = false
        for _ in 0..<6 {
            let previous = window.lastFrame
            frame = try window.press("Right")
            let focused = try #require(frame.focus)
            guard focused[0] == 1 else { break }
            // The card the key reached was not wholly in view before it.
            if let before = previous.rects[focused] {
                if before.x + before.width > previous.width + 0.5 { reachedBeyond = true }
            } else {
                reachedBeyond = true
            }
            let settled = try window.frame(after: frame.number - 1, settle: 0.5)
            let rect = try #require(settled.rects[focused], "the focused card \(focused) is drawn")
            #expect(rect.x >= -0.5 && rect.x + rect.width <= settled.width + 0.5,
                    "the focused card \(focused) is in view: x \(rect.x), width \(rect.width) of \(settled.width)")
        }
        #expect(reachedBeyond, "the keys reached a card that was off the trailing edge")
        #expect(!window.events("sidewaysScroll").isEmpty)
        #expect(try window.close() == 0)
    }

    /// The three resting behaviours the compositional example does not show, each a
    /// carousel of 20 cards (groups 40 % of the width, 10 apart, 12 in from the leading
    /// edge) scrolled one wheel step right, then one left, with the pointer over it. The
    /// oracle is Apple's documentation of `UICollectionLayoutSectionOrthogonalScrollingBehavior`:
    /// - `continuousGroupLeadingBoundary` "scrolls continuously, but comes to rest at the
    ///   leading edge of a group": a group's leading edge at the section's leading inset;
    /// - `paging` "comes to rest at multiples of the container's bounds": every card moved by
    ///   the window's width;
    /// - `groupPagingCentered` "comes to rest with the group centered in the visible bounds":
    ///   a card's centre at the window's centre.
    /// A wheel step is a scroll with a direction: the section moves the way the wheel turned
    /// and comes back on the step the other way, and no other section moves.
    @Test(arguments: ["continuousGroupLeadingBoundary", "paging", "groupPagingCentered"])
    func aCarouselRestsWhereItsBehaviourSays(behavior: String) throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: TrellisWindow.fixture("continuous-carousel.json"))) as! [String: Any]
        var layout = json["layout"] as! [String: Any]
        var sections = layout["sections"] as! [[String: Any]]
        sections[0]["orthogonalScrollingBehavior"] = behavior
        layout["sections"] = sections
        json["layout"] = layout
        let document = FileManager.default.temporaryDirectory.appendingPathComponent("window-carousel-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: json).write(to: document)
        defer { try? FileManager.default.removeItem(at: document) }

        let window = try TrellisWindow(show: [document.path])
        let first = window.lastFrame
        let cards = first.order.filter { $0[0] == 0 }.sorted { $0.lexicographicallyPrecedes($1) }
        try #require(cards.count >= 2, "two cards in view: \(first.order)")
        let stride = first.rects[cards[1]]!.x - first.rects[cards[0]]!.x
        let origin = (first.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let card = first.rects[cards[0]]!
        try window.movePointer(x: Int(origin[0] + first.width / 2), y: Int(origin[1] + card.y + card.height / 2))
        /// Where card 1 is (or would be, off screen) in `frame`: from any card in view.
        func cardsX(_ frame: Frame) -> Double? {
            frame.order.first { $0[0] == 0 }.flatMap { item in frame.rects[item].map { $0.x - Double(item[1]) * stride } }
        }
        func step(_ button: String) throws -> Frame {
            let before = window.lastFrame.number
            try window.xdotool(["click", button])
            _ = try window.frame(where: { $0.number > before }, timeout: 10)
            return try window.frame(after: before, settle: 0.4)
        }
        /// The rest `behavior` documents, in `frame`.
        func expectRests(_ frame: Frame, _ what: String) {
            let rects = frame.order.filter { $0[0] == 0 }.compactMap { frame.rects[$0] }
            switch behavior {
            case "continuousGroupLeadingBoundary":
                #expect(rects.contains { abs($0.x - 12) < 0.5 }, "\(what): a group's leading edge at the inset (12): \(rects.map(\.x))")
            case "paging":
                let x0 = cardsX(frame) ?? .nan, start = cardsX(first) ?? .nan
                let pages = (start - x0) / frame.width
                #expect(abs(pages - pages.rounded()) < 0.5 / frame.width, "\(what): moved \(start - x0), not a multiple of the width \(frame.width)")
            default:
                #expect(rects.contains { abs($0.x + $0.width / 2 - frame.width / 2) < 0.5 }, "\(what): no card centred at \(frame.width / 2): \(rects.map { $0.x + $0.width / 2 })")
            }
            let others = frame.order.filter { $0[0] == 1 }
            #expect(others.allSatisfy { frame.rects[$0]!.x == first.rects[$0]?.x ?? frame.rects[$0]!.x }, "\(what): the list below moved sideways")
            #expect(frame.offset == first.offset, "\(what): the collection scrolled vertically")
        }
        let right = try step("7")
        let movedRight = (cardsX(right) ?? .nan) - (cardsX(first) ?? .nan)
        #expect(movedRight < -0.5, "a step to the right moved the cards \(movedRight)")
        expectRests(right, "a step to the right")
        if behavior == "paging" { #expect(abs(movedRight + right.width) < 0.5, "one page: moved \(movedRight) for a width of \(right.width)") }
        let back = try step("6")
        let movedBack = (cardsX(back) ?? .nan) - (cardsX(right) ?? .nan)
        #expect(movedBack > 0.5, "a step to the left moved the cards \(movedBack)")
        expectRests(back, "a step to the left")
        #expect(try window.close() == 0)
    }
}
