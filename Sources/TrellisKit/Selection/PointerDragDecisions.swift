import Trellis

// The arithmetic a host's pointer-drag gestures decide by (the GTK widget's reorder, swipe and
// carousel drags), kept apart from events and windows so that it can be checked on its own.

/// What a press that moved has become, once it moved past the drag threshold.
package enum PointerDragAxis: Equatable, Sendable {
    /// Not past the threshold yet: still a click (or a long press).
    case undecided
    /// More across than along the vertical: a swipe or a carousel drag.
    case horizontal
    /// More along the vertical: left to the scrolled window.
    case vertical

    /// The axis of a drag that moved (`dx`, `dy`) from its press, past `threshold` (GTK's
    /// `gtk-dnd-drag-threshold`) in either direction; a diagonal exactly at 45° is vertical,
    /// so scrolling wins a tie.
    package init(dx: Double, dy: Double, threshold: Double) {
        if max(abs(dx), abs(dy)) < threshold {
            self = .undecided
        } else {
            self = abs(dx) > abs(dy) ? .horizontal : .vertical
        }
    }
}

/// Scrolling while a dragged item is held near the viewport's top or bottom edge: the speed
/// grows with the depth into the edge zone, quadratically, so that a pointer just inside
/// creeps and one at the edge (or past it) runs at full speed.
package struct EdgeAutoScroll: Equatable, Sendable {
    /// How deep the zone at each edge is, in points (capped to a quarter of the viewport).
    package var zoneDepth: Double = 48
    /// The speed at the edge itself, in points a second.
    package var maximumSpeed: Double = 1_200

    package init(zoneDepth: Double = 48, maximumSpeed: Double = 1_200) {
        self.zoneDepth = zoneDepth
        self.maximumSpeed = maximumSpeed
    }

    /// The scroll velocity (points a second; negative scrolls up) for a pointer at `y`
    /// from the viewport's top edge in a viewport `height` tall: 0 outside both zones.
    package func velocity(pointerY y: Double, viewportHeight height: Double) -> Double {
        let zone = min(zoneDepth, height / 4)
        guard zone > 0, y.isFinite else { return 0 }
        if y < zone {
            let depth = min(1, (zone - y) / zone)
            return -maximumSpeed * depth * depth
        }
        if y > height - zone {
            let depth = min(1, (y - (height - zone)) / zone)
            return maximumSpeed * depth * depth
        }
        return 0
    }

    /// The offset after `seconds` at the velocity for `pointerY`, within `range`; nil when
    /// it does not move (outside the zones, or the content's end reached in that direction).
    package func nextOffset(from offset: Double, pointerY: Double, viewportHeight: Double, seconds: Double,
                            range: ClosedRange<Double>) -> Double? {
        let speed = velocity(pointerY: pointerY, viewportHeight: viewportHeight)
        let next = min(max(range.lowerBound, offset + speed * max(0, seconds)), range.upperBound)
        return next == offset ? nil : next
    }
}

/// Where a swipe of a list row comes to rest when the button comes up, as UIKit decides it:
/// past the full-swipe point the first action is performed (when the configuration allows a
/// full swipe), past half the actions' width the actions stay revealed, else the row closes.
package struct SwipeRelease: Equatable, Sendable {
    package enum Outcome: Equatable, Sendable {
        case close
        case reveal
        case performFirstAction
    }

    /// The width each action's button takes (UIKit's minimum for a titled action).
    package static let actionWidth = 74.0
    /// The fraction of the row's width a swipe must pass for a full swipe.
    package static let fullSwipeFraction = 0.6

    /// The revealed width of `actionCount` actions.
    package static func revealedWidth(actionCount: Int) -> Double {
        Double(max(0, actionCount)) * actionWidth
    }

    /// How far the row's content is shown moved for a drag of `distance` (positive: away
    /// from the swiped edge) with `actionCount` actions: with the pointer up to the
    /// actions' width, then with resistance (half the pointer's motion) when a full swipe
    /// is not allowed, as UIKit's rubber band; never past the row's width.
    package static func displayedDistance(for distance: Double, actionCount: Int, rowWidth: Double, allowsFullSwipe: Bool) -> Double {
        let revealed = revealedWidth(actionCount: actionCount)
        let clamped = max(0, distance)
        guard clamped > revealed, !allowsFullSwipe else { return min(clamped, rowWidth) }
        return min(revealed + (clamped - revealed) / 2, rowWidth)
    }

    /// The action under a point `distance` from the row's swiped edge when `revealed`
    /// points of `actionCount` actions show (they share the strip equally; 0 is nearest the
    /// edge), nil outside the strip.
    package static func actionIndex(distanceFromEdge distance: Double, revealed: Double, actionCount: Int) -> Int? {
        guard actionCount > 0, revealed > 0, distance >= 0, distance < revealed else { return nil }
        return min(actionCount - 1, Int(distance / (revealed / Double(actionCount))))
    }

    /// The outcome of a swipe released after moving the row's content `distance` points
    /// (away from the swiped edge) with `actionCount` actions on a row `rowWidth` wide.
    package static func outcome(distance: Double, actionCount: Int, rowWidth: Double, allowsFullSwipe: Bool) -> Outcome {
        guard actionCount > 0 else { return .close }
        if allowsFullSwipe && distance >= rowWidth * fullSwipeFraction { return .performFirstAction }
        return distance >= revealedWidth(actionCount: actionCount) / 2 ? .reveal : .close
    }
}

/// Where a dragged carousel (an orthogonal section) is headed when released with a
/// velocity: UIKit's scroll view decelerates at the normal rate (0.998 a millisecond), which
/// travels `velocity × 0.998 / (1 − 0.998) / 1000` points — about half a second's worth —
/// before stopping. The section's behaviour then picks the resting offset from there.
package enum CarouselRelease {
    /// UIKit's `UIScrollView.DecelerationRate.normal`, per millisecond.
    package static let decelerationRate = 0.998

    /// The offset a release at `offset` with `velocity` (points a second, in the direction
    /// the offset grows) coasts to.
    package static func projectedOffset(from offset: Double, velocity: Double) -> Double {
        offset + velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }
}

extension ListCell {
    /// Whether `point` (in the cell's coordinates) is on a shown reorder accessory: a press
    /// there followed by a drag lifts the item at once, without the long press.
    package func reorderControlContains(_ point: Point) -> Bool {
        subviews.contains { view in
            guard let accessory = view as? AccessoryView, !accessory.isHidden, case .reorder = accessory.accessory.kind else { return false }
            return accessory.frame.contains(point)
        }
    }
}

extension CollectionView {
    /// Where the item being moved interactively is shown now (nil: no movement): a host
    /// keeps its keyboard focus on the item through the movement.
    package var indexPathOfInteractivelyMovingItem: IndexPath? { interactiveMovement?.current }

    /// Whether `section` is a list section of a compositional list layout: its rows move
    /// only up and down while one is dragged to a new place.
    package func isListSection(_ section: Int) -> Bool {
        listConfiguration(ofSection: section) != nil
    }
}
