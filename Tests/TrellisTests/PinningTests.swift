import Testing
@testable import Trellis

@Suite("Pinning")
struct PinningTests {
    let header = Rect(x: 0, y: 100, width: 320, height: 40)

    @Test func headerRestsWhenItsPlaceIsVisible() {
        let (frame, pinned) = Pinning.pinnedHeader(header, sectionEnd: 600, visibleBounds: Rect(x: 0, y: 50, width: 320, height: 400), axis: .vertical)
        #expect(frame == header && !pinned)
    }

    @Test func headerSticksToTheTopWhileItsSectionIsVisible() {
        let (frame, pinned) = Pinning.pinnedHeader(header, sectionEnd: 600, visibleBounds: Rect(x: 0, y: 300, width: 320, height: 400), axis: .vertical)
        #expect(frame.minY == 300 && pinned)
    }

    @Test func headerIsPushedOutByTheEndOfItsSection() {
        let (frame, _) = Pinning.pinnedHeader(header, sectionEnd: 600, visibleBounds: Rect(x: 0, y: 590, width: 320, height: 400), axis: .vertical)
        #expect(frame.maxY == 600)
    }

    @Test func horizontalHeaderPinsToTheLeadingEdge() {
        let h = Rect(x: 100, y: 0, width: 40, height: 300)
        let (frame, pinned) = Pinning.pinnedHeader(h, sectionEnd: 900, visibleBounds: Rect(x: 250, y: 0, width: 375, height: 300), axis: .horizontal)
        #expect(frame.minX == 250 && pinned)
    }

    @Test func footerSticksToTheBottomAndNeverRisesAboveItsSection() {
        let footer = Rect(x: 0, y: 900, width: 320, height: 30)
        let (mid, pinned) = Pinning.pinnedFooter(footer, sectionStart: 140, visibleBounds: Rect(x: 0, y: 300, width: 320, height: 400), axis: .vertical)
        #expect(mid.maxY == 700 && pinned)
        let (early, _) = Pinning.pinnedFooter(footer, sectionStart: 140, visibleBounds: Rect(x: 0, y: -500, width: 320, height: 400), axis: .vertical)
        #expect(early.minY == 140)
        let (rest, restPinned) = Pinning.pinnedFooter(footer, sectionStart: 140, visibleBounds: Rect(x: 0, y: 800, width: 320, height: 400), axis: .vertical)
        #expect(rest == footer && !restPinned)
    }
}
