import Testing
import Trellis
@testable import TrellisKit

/// The animation of an update as a host draws it: a pure function of the curve's progress,
/// begun from what was drawn. The oracles are UIKit's documented behaviour — 0.3 s, the
/// ease-in-out curve (Core Animation's cubic Bézier with control points (0.42, 0) and
/// (0.58, 1)), inserted items fading in at their final frame, deleted ones fading out at
/// their old frame, moved ones sliding, `beginFromCurrentState` — computed here
/// independently of the code under test.
@Suite("Update animation")
struct UpdateAnimationTests {
    /// The ease-in-out curve's y at time x, by walking the Bézier's parameter finely and
    /// interpolating between samples (no root finding: an oracle independent of Newton's).
    private func oracleEaseInOut(_ x: Double) -> Double {
        func point(_ s: Double) -> (x: Double, y: Double) {
            let u = 1 - s
            return (3 * u * u * s * 0.42 + 3 * u * s * s * 0.58 + s * s * s, 3 * u * s * s + s * s * s)
        }
        let steps = 100_000
        var previous = point(0)
        for step in 1...steps {
            let next = point(Double(step) / Double(steps))
            if next.x >= x {
                let share = next.x == previous.x ? 0 : (x - previous.x) / (next.x - previous.x)
                return previous.y + (next.y - previous.y) * share
            }
            previous = next
        }
        return 1
    }

    @Test func theCurveIsUIKitsEaseInOut() {
        let curve = TimingCurve.easeInOut
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-9, "symmetric about the middle")
        var previous = 0.0
        for step in 1...100 {
            let time = Double(step) / 100
            let value = curve.value(at: time)
            #expect(abs(value - oracleEaseInOut(time)) < 1e-4, "at \(time): \(value) against \(oracleEaseInOut(time))")
            #expect(value >= previous, "increasing at \(time)")
            previous = value
        }
        // Slow at both ends, faster than linear past the middle's start.
        #expect(curve.value(at: 0.1) < 0.1 && curve.value(at: 0.9) > 0.9)
        #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1, "time is clamped")
    }

    @Test func aTrackIsAPureFunctionOfProgress() {
        let final = Rect(x: 10, y: 40, width: 100, height: 50)
        let from = Rect(x: 10, y: 100, width: 100, height: 30)
        let item = IndexPath(item: 3, section: 0)
        var animation = UpdateAnimation<Int>(
            tracks: [item: .init(displacement: FrameDisplacement(from: from, to: final), fromAlpha: 0.5, toAlpha: 1)])
        #expect(UpdateAnimation<Int>.defaultDuration == 0.3)
        #expect(animation.progress == 0, "not started: drawn at its start")
        animation.start(at: 7)
        animation.start(at: 9)  // a clock started once keeps its start
        animation.advance(to: 7)
        #expect(animation.presented(item, frame: final).frame == from, "t = 0: where it was")
        #expect(animation.presented(item, frame: final).alpha == 0.5)
        animation.advance(to: 7.15)
        let half = animation.presented(item, frame: final)
        #expect(abs(half.frame.minY - 70) < 1e-6 && abs(half.frame.height - 40) < 1e-6, "t = 0.5 is half way on this curve: \(half.frame)")
        #expect(abs(half.alpha - 0.75) < 1e-6)
        animation.advance(to: 7.075)
        let quarter = animation.presented(item, frame: final)
        #expect(abs(quarter.frame.minY - (100 - 60 * oracleEaseInOut(0.25))) < 1e-3, "t = 0.25 follows the curve: \(quarter.frame)")
        animation.advance(to: 7.3)
        #expect(animation.isFinished)
        #expect(animation.presented(item, frame: final).frame == final, "t = 1: exactly at its frame")
        #expect(animation.presented(item, frame: final).alpha == 1)
        // An item without a track is drawn at its frame whatever the progress.
        let other = Rect(x: 0, y: 0, width: 5, height: 5)
        animation.setTime(0.4)
        #expect(animation.presented(IndexPath(item: 9, section: 0), frame: other) == (other, 1))
        // The frame is read from the layout each time: a content shift moves the item with it.
        let shifted = Rect(x: 10, y: 140, width: 100, height: 50)
        let there = animation.presented(item, frame: shifted)
        let here = animation.presented(item, frame: final)
        #expect(abs((there.frame.minY - here.frame.minY) - 100) < 1e-9)
    }

    @Test func displacementsLandOnWholePixels() {
        let track = UpdateAnimation<Int>.Track(
            displacement: FrameDisplacement(from: Rect(x: 0, y: 33.3, width: 10, height: 10), to: Rect(x: 0, y: 0, width: 10, height: 10)),
            fromAlpha: 1, toAlpha: 1)
        var animation = UpdateAnimation<Int>(tracks: [IndexPath(item: 0, section: 0): track])
        for step in 0...10 {
            animation.setTime(Double(step) / 10)
            let y = animation.presented(IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0.25, width: 10, height: 10), pixelScale: 2).frame.minY
            let moved = (y - 0.25) * 2
            #expect(abs(moved - moved.rounded()) < 1e-9, "moved by whole pixels at scale 2: \(moved)")
        }
    }

    // MARK: Planning from what was drawn

    private func rows(_ items: Range<Int>, top: Double = 0, height: Double = 50) -> [DisplayedElement<Int>] {
        items.map { DisplayedElement(key: $0, indexPath: IndexPath(item: $0, section: 0),
                                     frame: Rect(x: 0, y: top + Double($0) * height, width: 100, height: height)) }
    }

    private func drawn(_ elements: [DisplayedElement<Int>], offset: Double) -> [DrawnElement<Int>] {
        elements.map { DrawnElement(key: $0.key, indexPath: $0.indexPath, frame: $0.frame.offsetBy(dx: 0, dy: -offset), alpha: 1) }
    }

    private func attributes(_ item: Int, y: Double, height: Double = 50) -> LayoutAttributes {
        LayoutAttributes(indexPath: IndexPath(item: item, section: 0), frame: Rect(x: 0, y: y, width: 100, height: height))
    }

    @Test func anInsertInViewSlidesWhatFollowsAndFadesTheNewItemIn() {
        // Rows 0…5 of 50 pt; a row inserted at 2: rows 2…5 become 3…6, drawn by the same views.
        let before = rows(0..<6)
        var after = rows(0..<2)
        after.append(DisplayedElement(key: 100, indexPath: IndexPath(item: 2, section: 0), frame: Rect(x: 0, y: 100, width: 100, height: 50)))
        for old in 2..<6 {
            after.append(DisplayedElement(key: old, indexPath: IndexPath(item: old + 1, section: 0),
                                          frame: Rect(x: 0, y: Double(old + 1) * 50, width: 100, height: 50)))
        }
        var transition = BatchUpdateTransition()
        transition.appearing = [attributes(2, y: 100)]
        transition.moving = (2..<6).map { .init(before: attributes($0, y: Double($0) * 50), after: attributes($0 + 1, y: Double($0 + 1) * 50)) }
        var animation = UpdateAnimation<Int>(
            drawn: drawn(before, offset: 0), drawnOffset: Point(x: 0, y: 0), scrolled: Point(x: 0, y: 0), offset: Point(x: 0, y: 0),
            displayed: after, transition: transition, finalFrame: { _ in nil }, snapshot: { _ in nil })
        #expect(animation.tracks[IndexPath(item: 0, section: 0)] == nil && animation.tracks[IndexPath(item: 1, section: 0)] == nil,
                "what is above does not move")
        #expect(animation.tracks[IndexPath(item: 2, section: 0)] == .init(displacement: .zero, fromAlpha: 0, toAlpha: 1), "the new row fades in")
        for item in 3...6 {
            #expect(animation.tracks[IndexPath(item: item, section: 0)]?.displacement == FrameDisplacement(from: Rect(x: 0, y: Double(item - 1) * 50, width: 100, height: 50), to: Rect(x: 0, y: Double(item) * 50, width: 100, height: 50)))
        }
        animation.setTime(0)
        for element in after where element.key != 100 {
            let original = before[element.key].frame
            #expect(animation.presented(element.indexPath, frame: element.frame).frame == original, "t = 0 draws \(element.key) where it was")
        }
        // An item that comes into view below during the animation (a scroll) slides as the
        // last one planned does; above the first (which stays), nothing moves.
        let scrolledIn = Rect(x: 0, y: 450, width: 100, height: 50)
        #expect(animation.presented(IndexPath(item: 9, section: 0), frame: scrolledIn).frame.minY == 400)
        animation.setTime(1)
        for element in after { #expect(animation.presented(element.indexPath, frame: element.frame) == (element.frame, 1)) }
        #expect(animation.presented(IndexPath(item: 9, section: 0), frame: scrolledIn).frame == scrolledIn)
    }

    @Test func anInsertAboveTheViewportMovesNothing() {
        // Viewport at 1000; 3 rows of 60 inserted above: the content and the offset both move by 180.
        let before = rows(20..<30)
        let after = before.map { DisplayedElement(key: $0.key, indexPath: IndexPath(item: $0.indexPath.item + 3, section: 0), frame: $0.frame.offsetBy(dx: 0, dy: 180)) }
        var transition = BatchUpdateTransition()
        transition.moving = zip(before, after).map { .init(before: attributes($0.indexPath.item, y: $0.frame.minY), after: attributes($1.indexPath.item, y: $1.frame.minY)) }
        let animation = UpdateAnimation<Int>(
            drawn: drawn(before, offset: 1000), drawnOffset: Point(x: 0, y: 1000), scrolled: Point(x: 0, y: 0), offset: Point(x: 0, y: 1180),
            displayed: after, transition: transition, finalFrame: { _ in nil }, snapshot: { _ in nil })
        #expect(animation.isEmpty, "nothing on screen moves: \(animation.tracks)")
    }

    @Test func aDeleteFadesTheItemOutWhereItWasAndSlidesTheRestUp() {
        let before = rows(0..<6)
        // Row 2 deleted: rows 3…5 become 2…4; row 6 comes into view from below.
        var after = rows(0..<2)
        for old in 3..<7 {
            after.append(DisplayedElement(key: old, indexPath: IndexPath(item: old - 1, section: 0), frame: Rect(x: 0, y: Double(old - 1) * 50, width: 100, height: 50)))
        }
        var transition = BatchUpdateTransition()
        var gone = attributes(2, y: 100)
        gone.alpha = 0
        transition.disappearing = [gone]
        transition.moving = (3..<7).map { .init(before: attributes($0, y: Double($0) * 50), after: attributes($0 - 1, y: Double($0 - 1) * 50)) }
        var animation = UpdateAnimation<String>(
            drawn: drawn(before, offset: 0), drawnOffset: Point(x: 0, y: 0), scrolled: Point(x: 0, y: 0), offset: Point(x: 0, y: 0),
            displayed: after, transition: transition, finalFrame: { _ in nil }, snapshot: { "picture of \($0)" })
        #expect(animation.ghosts.count == 1)
        let ghost = try! #require(animation.ghosts.first)
        #expect(ghost.snapshot == "picture of 2")
        animation.setTime(0)
        #expect(animation.presented(ghost, referenceOrigin: Point(x: 0, y: 0)) == (Rect(x: 0, y: 100, width: 100, height: 50), 1))
        animation.setTime(0.5)
        #expect(animation.presented(ghost, referenceOrigin: Point(x: 0, y: 0)) == (Rect(x: 0, y: 100, width: 100, height: 50), 0.5), "fades where it was")
        // Row 6 was not drawn (below the viewport): it slides in from where it was before.
        animation.setTime(0)
        #expect(animation.presented(IndexPath(item: 5, section: 0), frame: Rect(x: 0, y: 250, width: 100, height: 50)).frame.minY == 300)
        #expect(animation.presented(IndexPath(item: 2, section: 0), frame: Rect(x: 0, y: 100, width: 100, height: 50)).frame.minY == 150)
        animation.setTime(1)
        #expect(animation.presented(ghost, referenceOrigin: Point(x: 0, y: 0)).alpha == 0)
    }

    @Test func aNewUpdateStartsFromWhereTheItemsAreDrawn() {
        // A first update moves row 4 from 200 to 400; a quarter through, a second moves it to 0.
        let item = IndexPath(item: 4, section: 0)
        let first = UpdateAnimation<Int>(
            drawn: [DrawnElement(key: 4, indexPath: item, frame: Rect(x: 0, y: 200, width: 100, height: 50), alpha: 1)],
            drawnOffset: Point(x: 0, y: 0), scrolled: Point(x: 0, y: 0), offset: Point(x: 0, y: 0),
            displayed: [DisplayedElement(key: 4, indexPath: item, frame: Rect(x: 0, y: 400, width: 100, height: 50))],
            transition: nil, finalFrame: { _ in nil }, snapshot: { _ in nil })
        var running = first
        running.setTime(0.25)
        let drawnNow = running.presented(item, frame: Rect(x: 0, y: 400, width: 100, height: 50)).frame
        #expect(drawnNow.minY > 200 && drawnNow.minY < 400)
        // The view scrolled by 30 since that frame: the item is drawn 30 higher before the second update.
        var second = UpdateAnimation<Int>(
            drawn: [DrawnElement(key: 4, indexPath: item, frame: drawnNow.offsetBy(dx: 0, dy: -10), alpha: 1)],
            drawnOffset: Point(x: 0, y: 10), scrolled: Point(x: 0, y: 30), offset: Point(x: 0, y: 40),
            displayed: [DisplayedElement(key: 4, indexPath: item, frame: Rect(x: 0, y: 0, width: 100, height: 50))],
            transition: nil, finalFrame: { _ in nil }, snapshot: { _ in nil })
        second.setTime(0)
        #expect(abs(second.presented(item, frame: Rect(x: 0, y: 0, width: 100, height: 50)).frame.minY - drawnNow.minY) < 1e-9,
                "no jump: the second animation starts where the first drew it, in content coordinates")
        second.setTime(1)
        #expect(second.presented(item, frame: Rect(x: 0, y: 0, width: 100, height: 50)).frame.minY == 0)
    }

    @Test func aFadingItemInterruptedGoesOnFromItsDrawnOpacity() {
        let item = IndexPath(item: 0, section: 0)
        let frame = Rect(x: 0, y: 0, width: 100, height: 50)
        let animation = UpdateAnimation<Int>(
            drawn: [DrawnElement(key: 1, indexPath: item, frame: frame, alpha: 0.4)],
            ghosts: [DrawnGhost(snapshot: 9, frame: Rect(x: 0, y: 60, width: 100, height: 50), alpha: 0.3,
                                target: Rect(x: 0, y: 60, width: 100, height: 50), targetAlpha: 0)],
            drawnOffset: Point(x: 0, y: 0), scrolled: Point(x: 0, y: 0), offset: Point(x: 0, y: 0),
            displayed: [DisplayedElement(key: 1, indexPath: item, frame: frame)], transition: nil,
            finalFrame: { _ in nil }, snapshot: { _ in nil })
        #expect(animation.tracks[item] == .init(displacement: .zero, fromAlpha: 0.4, toAlpha: 1))
        #expect(animation.ghosts.count == 1)
        #expect(animation.presented(animation.ghosts[0], referenceOrigin: nil).alpha == 0.3, "the leaving item goes on fading from where it was")
    }

    // MARK: The collection view's requests

    private final class Recorder {
        var requests: [BatchUpdateTransition?] = []
    }

    @Test func changesAskTheHostToAnimateUnlessMadeWithoutAnimation() throws {
        let data = TextDataSource(sections: [(0..<6).map { TextItem(id: $0, text: "row \($0)") }])
        let collection = makeCollection(data, estimated: .none)
        collection.itemSize = Size(width: 100, height: 50)
        try collection.performLayout()
        let recorder = Recorder()
        collection.updateAnimationHandler = { recorder.requests.append($0) }

        data.sections[0].insert(TextItem(id: 100, text: "new"), at: 2)
        let transition = try collection.insertItems(at: [IndexPath(item: 2, section: 0)])
        #expect(recorder.requests.count == 1)
        #expect(recorder.requests.first??.appearing.map(\.indexPath) == [IndexPath(item: 2, section: 0)])
        #expect(recorder.requests.first! == transition)

        #expect(View.areAnimationsEnabled)
        try View.performWithoutAnimation {
            #expect(!View.areAnimationsEnabled)
            data.sections[0].remove(at: 2)
            try collection.deleteItems(at: [IndexPath(item: 2, section: 0)])
        }
        #expect(View.areAnimationsEnabled, "on again after the block")
        #expect(recorder.requests.count == 1, "no request inside performWithoutAnimation")

        // A displayed item's size: a request without a transition; an item out of view: none.
        collection.invalidateCachedSizes(forItemsAt: [IndexPath(item: 1, section: 0)])
        #expect(recorder.requests.count == 2 && recorder.requests.last! == nil)
        try collection.performLayout()
        let big = TextDataSource(sections: [(0..<100).map { TextItem(id: $0, text: "row \($0)") }])
        let long = makeCollection(big, estimated: .none)
        long.itemSize = Size(width: 100, height: 50)
        try long.performLayout()
        long.updateAnimationHandler = { recorder.requests.append($0) }
        long.invalidateCachedSizes(forItemsAt: [IndexPath(item: 90, section: 0)])
        #expect(recorder.requests.count == 2, "an item not displayed changes nothing on screen")
    }

    @Test func aDiffableApplyAnimatesOnlyWhenAnimatingDifferences() throws {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: StackTestLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 100, height: 50)
        let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: collection) { collectionView, indexPath, item in
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TextCell
            cell.text = "\(item)"
            return cell
        }
        var snapshot = CollectionViewDiffableDataSource<Int, Int>.Snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<5))
        try dataSource.apply(snapshot, animatingDifferences: false)
        try collection.performLayout()
        let recorder = Recorder()
        collection.updateAnimationHandler = { recorder.requests.append($0) }
        snapshot.appendItems([5])
        try dataSource.apply(snapshot, animatingDifferences: false)
        #expect(recorder.requests.isEmpty, "animatingDifferences: false reaches the screen in its end state")
        snapshot.appendItems([6])
        try dataSource.apply(snapshot)
        #expect(recorder.requests.count == 1, "UIKit's default animates")
        #expect(recorder.requests.first??.appearing.map(\.indexPath) == [IndexPath(item: 6, section: 0)])
    }
}
