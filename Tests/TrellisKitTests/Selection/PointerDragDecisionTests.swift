import Testing
import Trellis
@testable import TrellisKit

// The decisions a window's pointer drags make (GTK widget: reorder, swipe, carousel), each
// against figures worked out by hand from the rules the type documents: GTK's drag
// threshold, an edge zone whose speed grows with the square of the depth, UIKit's swipe
// thresholds (half the actions to stay open, a full swipe past 60% of the row) and UIKit's
// normal deceleration rate.
@MainActor
struct PointerDragDecisionTests {
    @Test func aPressIsNotADragUntilItPassesTheThreshold() {
        #expect(PointerDragAxis(dx: 7.9, dy: -7.9, threshold: 8) == .undecided)
        #expect(PointerDragAxis(dx: 0, dy: 0, threshold: 8) == .undecided)
        #expect(PointerDragAxis(dx: -8, dy: 3, threshold: 8) == .horizontal)
        #expect(PointerDragAxis(dx: 3, dy: 8, threshold: 8) == .vertical)
        // Exactly diagonal: scrolling wins.
        #expect(PointerDragAxis(dx: 10, dy: -10, threshold: 8) == .vertical)
    }

    @Test func edgeScrollingGrowsWithTheSquareOfTheDepth() {
        let scroll = EdgeAutoScroll(zoneDepth: 50, maximumSpeed: 1_000)
        // A 400 pt viewport: zones 0..<50 and 350...400.
        #expect(scroll.velocity(pointerY: 200, viewportHeight: 400) == 0)
        #expect(scroll.velocity(pointerY: 50, viewportHeight: 400) == 0)
        #expect(scroll.velocity(pointerY: 350, viewportHeight: 400) == 0)
        #expect(scroll.velocity(pointerY: 375, viewportHeight: 400) == 250)   // half way in: (1/2)² of full speed
        #expect(scroll.velocity(pointerY: 25, viewportHeight: 400) == -250)
        #expect(scroll.velocity(pointerY: 400, viewportHeight: 400) == 1_000)
        // Past the edge (the pointer outside the window while the button is held): full speed.
        #expect(scroll.velocity(pointerY: 460, viewportHeight: 400) == 1_000)
        #expect(scroll.velocity(pointerY: -30, viewportHeight: 400) == -1_000)
        // Deeper is faster, all through the zone.
        let speeds = stride(from: 351.0, through: 400, by: 7).map { scroll.velocity(pointerY: $0, viewportHeight: 400) }
        #expect(zip(speeds, speeds.dropFirst()).allSatisfy { $0 < $1 })
        // A short viewport keeps a middle where nothing scrolls: the zone is at most a quarter.
        #expect(scroll.velocity(pointerY: 30, viewportHeight: 100) == 0)
        #expect(scroll.velocity(pointerY: 20, viewportHeight: 100) == -40)   // 5 of 25 deep: (1/5)² × 1000
    }

    @Test func edgeScrollingStopsAtTheEndsOfTheContent() {
        let scroll = EdgeAutoScroll(zoneDepth: 50, maximumSpeed: 1_000)
        // 1/60 s at full speed: 16.67 pt.
        let next = scroll.nextOffset(from: 100, pointerY: 400, viewportHeight: 400, seconds: 1.0 / 60, range: 0...1_000)
        #expect(abs((next ?? 0) - (100 + 1_000.0 / 60)) < 1e-9)
        #expect(scroll.nextOffset(from: 995, pointerY: 400, viewportHeight: 400, seconds: 1.0 / 60, range: 0...1_000) == 1_000)
        #expect(scroll.nextOffset(from: 1_000, pointerY: 400, viewportHeight: 400, seconds: 1.0 / 60, range: 0...1_000) == nil)
        #expect(scroll.nextOffset(from: 0, pointerY: 0, viewportHeight: 400, seconds: 1.0 / 60, range: 0...1_000) == nil)
        #expect(scroll.nextOffset(from: 500, pointerY: 200, viewportHeight: 400, seconds: 1.0 / 60, range: 0...1_000) == nil)
    }

    @Test func aSwipeRestsOpenPastHalfItsActionsAndPerformsPastAFullSwipe() {
        // One action: 74 pt revealed; a 390 pt row: a full swipe from 234 pt.
        #expect(SwipeRelease.revealedWidth(actionCount: 1) == 74)
        #expect(SwipeRelease.outcome(distance: 36, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == .close)
        #expect(SwipeRelease.outcome(distance: 37, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == .reveal)
        #expect(SwipeRelease.outcome(distance: 233, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == .reveal)
        #expect(SwipeRelease.outcome(distance: 234, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == .performFirstAction)
        // Without a full swipe the row stays open however far it went.
        #expect(SwipeRelease.outcome(distance: 390, actionCount: 1, rowWidth: 390, allowsFullSwipe: false) == .reveal)
        // Two actions: 148 pt revealed, open from 74.
        #expect(SwipeRelease.outcome(distance: 73, actionCount: 2, rowWidth: 390, allowsFullSwipe: true) == .close)
        #expect(SwipeRelease.outcome(distance: 74, actionCount: 2, rowWidth: 390, allowsFullSwipe: true) == .reveal)
        #expect(SwipeRelease.outcome(distance: 300, actionCount: 0, rowWidth: 390, allowsFullSwipe: true) == .close)
    }

    @Test func aClickOnTheStripFindsTheActionUnderIt() {
        // Two actions revealed over 148 pt: 0..<74 from the edge is the first, 74..<148 the second.
        #expect(SwipeRelease.actionIndex(distanceFromEdge: 0, revealed: 148, actionCount: 2) == 0)
        #expect(SwipeRelease.actionIndex(distanceFromEdge: 73.9, revealed: 148, actionCount: 2) == 0)
        #expect(SwipeRelease.actionIndex(distanceFromEdge: 74, revealed: 148, actionCount: 2) == 1)
        #expect(SwipeRelease.actionIndex(distanceFromEdge: 147.9, revealed: 148, actionCount: 2) == 1)
        #expect(SwipeRelease.actionIndex(distanceFromEdge: 148, revealed: 148, actionCount: 2) == nil)
        #expect(SwipeRelease.actionIndex(distanceFromEdge: -1, revealed: 148, actionCount: 2) == nil)
        #expect(SwipeRelease.actionIndex(distanceFromEdge: 10, revealed: 0, actionCount: 2) == nil)
        #expect(SwipeRelease.actionIndex(distanceFromEdge: 10, revealed: 74, actionCount: 0) == nil)
    }

    @Test func aSwipeFollowsThePointerAndResistsPastItsActionsWithoutAFullSwipe() {
        #expect(SwipeRelease.displayedDistance(for: -20, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == 0)
        #expect(SwipeRelease.displayedDistance(for: 50, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == 50)
        #expect(SwipeRelease.displayedDistance(for: 300, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == 300)
        #expect(SwipeRelease.displayedDistance(for: 500, actionCount: 1, rowWidth: 390, allowsFullSwipe: true) == 390)
        // 74 with the pointer, then half: 74 + 26 / 2.
        #expect(SwipeRelease.displayedDistance(for: 100, actionCount: 1, rowWidth: 390, allowsFullSwipe: false) == 87)
    }

    @Test func aCarouselCoastsHalfASecondsWorthAtUIKitsNormalRate() {
        #expect(CarouselRelease.projectedOffset(from: 300, velocity: 0) == 300)
        // 1,000 pt/s × 0.998 / 0.002 / 1000 = 499 pt.
        #expect(abs(CarouselRelease.projectedOffset(from: 300, velocity: 1_000) - 799) < 1e-6)
        #expect(abs(CarouselRelease.projectedOffset(from: 300, velocity: -200) - (300 - 99.8)) < 1e-6)
    }

    @Test func aReorderAccessoryIsFoundUnderThePointer() throws {
        let cell = ListCell()
        var content = cell.defaultContentConfiguration()
        content.text = "Task"
        cell.contentConfiguration = content
        cell.accessories = [.reorder(displayed: .always)]
        let size = cell.fittingSize(for: FittingProposal(width: .exactly(390), height: .unconstrained))
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        let handle = try #require(cell.subviews.compactMap { $0 as? AccessoryView }.first)
        #expect(handle.frame.maxX > 300, "the reorder handle is at the trailing edge: \(handle.frame)")
        #expect(cell.reorderControlContains(Point(x: handle.frame.midX, y: handle.frame.midY)))
        #expect(!cell.reorderControlContains(Point(x: 20, y: size.height / 2)))
        // While editing only (UIKit's default), a cell not editing shows no handle to drag.
        cell.accessories = [.reorder()]
        cell.layoutIfNeeded()
        #expect(!cell.reorderControlContains(Point(x: handle.frame.midX, y: handle.frame.midY)))
    }
}
