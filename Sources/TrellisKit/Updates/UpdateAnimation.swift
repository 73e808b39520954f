import Trellis

/// A cubic Bézier timing function from (0, 0) to (1, 1), as Core Animation's
/// `CAMediaTimingFunction` and CSS's `cubic-bezier()` define it: the time is the curve's x,
/// the progress its y.
package struct TimingCurve: Hashable, Sendable {
    package let x1: Double, y1: Double, x2: Double, y2: Double

    /// UIKit's default curve for view animations (`UIView.AnimationCurve.easeInOut`,
    /// `kCAMediaTimingFunctionEaseInEaseOut`): control points (0.42, 0) and (0.58, 1).
    package static let easeInOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// A curve with control points (x1, y1) and (x2, y2); x1 and x2 in 0…1 keep the time
    /// increasing along the curve.
    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "a timing curve's control points lie within 0…1 in time")
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// The progress at `time` (clamped to 0…1).
    package func value(at time: Double) -> Double {
        let x = min(1, max(0, time))
        if x == 0 || x == 1 { return x }
        return Self.bezier(parameter(forTime: x), y1, y2)
    }

    /// One coordinate of the curve at parameter `s` (Bernstein form, end points 0 and 1).
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The parameter whose x is `x`: Newton's method from s = x, which converges in a few
    /// steps on these curves; where the slope flattens or a step leaves 0…1, bisection
    /// (x(s) increases with s, so it always converges).
    private func parameter(forTime x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-9 { return s }
            let slope = Self.derivative(s, x1, x2)
            guard abs(slope) > 1e-6 else { break }
            let next = s - error / slope
            guard next >= 0 && next <= 1 else { break }
            s = next
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}

/// How far an element's frame is from its final frame: origin and size.
package struct FrameDisplacement: Hashable, Sendable {
    package var dx = 0.0, dy = 0.0, dw = 0.0, dh = 0.0

    package static let zero = FrameDisplacement()

    /// The displacement of `from` relative to `to`.
    package init(from: Rect, to: Rect) {
        dx = from.minX - to.minX
        dy = from.minY - to.minY
        dw = from.width - to.width
        dh = from.height - to.height
    }

    package init() {}

    package var isZero: Bool { dx == 0 && dy == 0 && dw == 0 && dh == 0 }

    /// `frame` displaced by this much times `share`, each component rounded to whole
    /// pixels at `pixelScale` pixels per point (0: not rounded), so an element drawn
    /// displaced lands on the same fraction of a pixel as at its frame.
    package func applied(to frame: Rect, share: Double, pixelScale: Double) -> Rect {
        func part(_ value: Double) -> Double {
            let moved = value * share
            return pixelScale > 0 ? (moved * pixelScale).rounded() / pixelScale : moved
        }
        return Rect(x: frame.minX + part(dx), y: frame.minY + part(dy),
                    width: max(0, frame.width + part(dw)), height: max(0, frame.height + part(dh)))
    }
}

/// An animated update as a host draws it: for each element, where it is drawn and how
/// opaque, as a pure function of the animation's progress — UIKit's presentation layer.
/// The layout holds the end state from the start (the frame's one layout pass placed it);
/// the animation only changes what is drawn.
///
/// Displayed items are kept as a displacement from their frame in the layout, read again
/// on every frame: a scroll, or anchoring moving the content's coordinates while items
/// above are measured, moves them with the content, and an item whose frame did not change
/// has no track and is drawn exactly at its frame. Items that left (deleted, or pushed out
/// of view) are drawn from the picture the host kept of them (`Snapshot`), placed relative
/// to a reference item of the layout for the same reason.
package struct UpdateAnimation<Snapshot> {
    /// UIKit's duration for collection view updates: 0.3 s.
    package static var defaultDuration: Double { 0.3 }

    /// One displayed element's animation.
    package struct Track: Hashable, Sendable {
        /// Where it starts, relative to its frame in the layout.
        package var displacement: FrameDisplacement
        package var fromAlpha: Double
        package var toAlpha: Double
    }

    /// An element no longer displayed, drawn from its picture until the end.
    package struct Ghost {
        package var snapshot: Snapshot
        /// From and to, in content coordinates relative to `referenceOrigin`.
        package var from: Rect, to: Rect
        package var fromAlpha: Double, toAlpha: Double
    }

    /// Seconds from start to end.
    package var duration: Double
    package var curve: TimingCurve
    /// Displayed elements that animate, by index path (those without one are at their frame).
    package private(set) var tracks: [IndexPath: Track]
    package private(set) var ghosts: [Ghost]
    /// The item ghosts are placed relative to, and its frame's origin when they were made.
    package private(set) var reference: (indexPath: IndexPath, origin: Point)?
    /// How the content beyond the elements planned moves: an item that comes into view
    /// during the animation (a scroll) before the first of them moves as the first does,
    /// one after the last as the last does — the view's own shift (a view following the
    /// end of its content) or the slide of what follows a change reaches it too.
    package var leading: (indexPath: IndexPath, displacement: FrameDisplacement)?
    package var trailing: (indexPath: IndexPath, displacement: FrameDisplacement)?
    /// When the first frame was drawn (seconds, the host's clock); nil before.
    package private(set) var startTime: Double?
    /// The share of the duration gone (0…1).
    package private(set) var time = 0.0

    package init(tracks: [IndexPath: Track] = [:], ghosts: [Ghost] = [], reference: (indexPath: IndexPath, origin: Point)? = nil,
                 duration: Double = Self.defaultDuration, curve: TimingCurve = .easeInOut) {
        self.tracks = tracks
        self.ghosts = ghosts
        self.reference = reference
        self.duration = duration
        self.curve = curve
    }

    /// The curve's progress (0…1) at the current time.
    package var progress: Double { curve.value(at: time) }

    package var isFinished: Bool { time >= 1 }

    /// Nothing to animate.
    package var isEmpty: Bool { tracks.isEmpty && ghosts.isEmpty }

    /// Starts the clock at `time` (seconds), unless it started already.
    package mutating func start(at time: Double) {
        if startTime == nil { startTime = time }
    }

    /// Moves the animation to `now` (seconds); the first call starts it.
    package mutating func advance(to now: Double) {
        let start = startTime ?? now
        startTime = start
        // Within a nanosecond of the end is the end: clock times in seconds do not add up
        // exactly (7.3 − 7 is not 0.3), and the last frame must draw the end state.
        let share = duration > 0 ? (now - start) / duration : 1
        time = share >= 1 - 1e-9 ? 1 : max(0, share)
    }

    /// Draws the item at `indexPath` at its frame from now on (an item the user holds under
    /// the pointer follows the pointer, not the animation).
    package mutating func removeTrack(for indexPath: IndexPath) {
        tracks[indexPath] = nil
    }

    /// Sets the time share directly (0…1).
    package mutating func setTime(_ share: Double) {
        time = min(1, max(0, share))
    }

    /// Where the item at `indexPath`, whose frame in the layout is `frame`, is drawn now and
    /// how opaque: its frame and 1 unless it animates. Displacements are rounded to whole
    /// pixels at `pixelScale` (0: not rounded).
    package func presented(_ indexPath: IndexPath, frame: Rect, pixelScale: Double = 0) -> (frame: Rect, alpha: Double) {
        guard let track = track(of: indexPath) else { return (frame, 1) }
        let eased = progress
        return (track.displacement.applied(to: frame, share: 1 - eased, pixelScale: pixelScale),
                track.fromAlpha + (track.toAlpha - track.fromAlpha) * eased)
    }

    /// Where a view that moves with the item at `indexPath` (its section's header or
    /// footer) is drawn now, its own frame being `frame`: displaced as the item is (its
    /// size unchanged), as opaque as the item.
    package func presented(following indexPath: IndexPath, frame: Rect, pixelScale: Double = 0) -> (frame: Rect, alpha: Double) {
        guard var track = track(of: indexPath) else { return (frame, 1) }
        track.displacement.dw = 0
        track.displacement.dh = 0
        let eased = progress
        return (track.displacement.applied(to: frame, share: 1 - eased, pixelScale: pixelScale),
                track.fromAlpha + (track.toAlpha - track.fromAlpha) * eased)
    }

    /// The item's track, or, beyond the elements planned, the motion of the nearest edge
    /// (position only).
    private func track(of indexPath: IndexPath) -> Track? {
        if let track = tracks[indexPath] { return track }
        var beyond: FrameDisplacement?
        if let leading, indexPath < leading.indexPath { beyond = leading.displacement }
        if let trailing, indexPath > trailing.indexPath { beyond = trailing.displacement }
        guard var displacement = beyond, !displacement.isZero else { return nil }
        displacement.dw = 0
        displacement.dh = 0
        return Track(displacement: displacement, fromAlpha: 1, toAlpha: 1)
    }

    /// Where `ghost` is drawn now and how opaque, given the reference item's origin in the
    /// layout now (nil: the reference is gone; the ghost stays in content coordinates).
    package func presented(_ ghost: Ghost, referenceOrigin: Point?) -> (frame: Rect, alpha: Double) {
        let eased = progress
        var shiftX = 0.0, shiftY = 0.0
        if let referenceOrigin, let reference {
            shiftX = referenceOrigin.x - reference.origin.x
            shiftY = referenceOrigin.y - reference.origin.y
        }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * eased }
        let frame = Rect(x: mix(ghost.from.minX, ghost.to.minX) + shiftX, y: mix(ghost.from.minY, ghost.to.minY) + shiftY,
                         width: mix(ghost.from.width, ghost.to.width), height: mix(ghost.from.height, ghost.to.height))
        return (frame, mix(ghost.fromAlpha, ghost.toAlpha))
    }
}

// MARK: Planning an animation from what was drawn

/// An element as the host drew it in its last frame.
package struct DrawnElement<Key: Hashable>: Sendable where Key: Sendable {
    /// The view that drew it (a cell's identity): a cell the update kept still shows its item.
    package var key: Key
    /// The item it showed.
    package var indexPath: IndexPath
    /// Where it was drawn, in the viewport's coordinates (the presentation, mid-animation).
    package var frame: Rect
    package var alpha: Double

    package init(key: Key, indexPath: IndexPath, frame: Rect, alpha: Double) {
        self.key = key
        self.indexPath = indexPath
        self.frame = frame
        self.alpha = alpha
    }
}

/// A ghost as the host drew it in its last frame, with where it was heading (viewport
/// coordinates of that frame).
package struct DrawnGhost<Snapshot> {
    package var snapshot: Snapshot
    package var frame: Rect, alpha: Double
    package var target: Rect, targetAlpha: Double

    package init(snapshot: Snapshot, frame: Rect, alpha: Double, target: Rect, targetAlpha: Double) {
        self.snapshot = snapshot
        self.frame = frame
        self.alpha = alpha
        self.target = target
        self.targetAlpha = targetAlpha
    }
}

/// An element the layout displays now, at its final frame (content coordinates).
package struct DisplayedElement<Key: Hashable>: Sendable where Key: Sendable {
    package var key: Key
    package var indexPath: IndexPath
    package var frame: Rect

    package init(key: Key, indexPath: IndexPath, frame: Rect) {
        self.key = key
        self.indexPath = indexPath
        self.frame = frame
    }
}

extension UpdateAnimation {
    /// The animation of a change from what the last frame drew to what the layout shows
    /// now, begun from the drawn state (UIKit's `beginFromCurrentState`: an update that
    /// interrupts another starts where the elements are drawn).
    ///
    /// What was on screen is taken to stay where it was on screen unless the layout moved
    /// it there: a drawn frame is carried into the new content coordinates through the
    /// viewport (minus the scroll the person made since that frame), so an insert above the
    /// viewport, which the layout's anchoring answers by moving the content offset with the
    /// content, moves nothing, and what the update did move slides from where it was seen.
    ///
    /// - Parameters:
    ///   - drawn: the elements of the last frame, by the view that drew them.
    ///   - ghosts: the previous animation's ghosts as drawn in that frame; they go on to
    ///     where they were heading.
    ///   - drawnOffset: the content offset of the last frame (in the coordinates of the
    ///     content before the change, those of `transition`'s before frames).
    ///   - scrolled: how far the person scrolled since the last frame.
    ///   - offset: the content offset now.
    ///   - displayed: what the layout displays now, by view.
    ///   - transition: the batch update's transition (its appearing and disappearing items,
    ///     and where moved items were before); nil for a change of sizes, whose items keep
    ///     their index paths.
    ///   - finalFrame: an item's frame in the layout now (for an element that left the view).
    ///   - snapshot: the picture of what a view drew in the last frame (nil: none kept; the
    ///     element is then not drawn as it leaves).
    package init<Key: Hashable & Sendable>(
        drawn: [DrawnElement<Key>], ghosts drawnGhosts: [DrawnGhost<Snapshot>] = [], drawnOffset: Point, scrolled: Point,
        offset: Point, displayed: [DisplayedElement<Key>], transition: BatchUpdateTransition?,
        finalFrame: (IndexPath) -> Rect?, snapshot: (Key) -> Snapshot?,
        duration: Double = Self.defaultDuration, curve: TimingCurve = .easeInOut
    ) {
        /// A viewport rectangle of the last frame in the content coordinates of now.
        func content(_ viewport: Rect) -> Rect {
            Rect(x: viewport.minX - scrolled.x + offset.x, y: viewport.minY - scrolled.y + offset.y,
                 width: viewport.width, height: viewport.height)
        }
        var drawnByKey: [Key: DrawnElement<Key>] = [:]
        for element in drawn { drawnByKey[element.key] = element }
        let appearing = Set(transition?.appearing.map(\.indexPath) ?? [])
        let disappearing = Set(transition?.disappearing.map(\.indexPath) ?? [])
        var beforeByNew: [IndexPath: Rect] = [:], afterByOld: [IndexPath: IndexPath] = [:]
        for item in (transition?.surviving ?? []) + (transition?.moving ?? []) {
            beforeByNew[item.after.indexPath] = item.before.frame
            afterByOld[item.before.indexPath] = item.after.indexPath
        }
        /// Whether the view that drew `seen` shows the same item now, at `indexPath`: a
        /// change of sizes keeps index paths; a batch update moves them as it says (a view
        /// showing another item was reused, by the update or by a scroll in the same frame).
        func keepsItem(_ seen: DrawnElement<Key>, at indexPath: IndexPath) -> Bool {
            guard let transition else { return seen.indexPath == indexPath }
            if disappearing.contains(seen.indexPath) { return false }
            if let after = afterByOld[seen.indexPath] { return after == indexPath }
            // A transition made without the items' places (built by hand): index paths
            // that did not change.
            return transition.surviving.isEmpty && seen.indexPath == indexPath
        }

        var tracks: [IndexPath: Track] = [:]
        var kept = Set<Key>()
        for element in displayed {
            let final = element.frame
            if appearing.contains(element.indexPath) {
                tracks[element.indexPath] = Track(displacement: .zero, fromAlpha: 0, toAlpha: 1)
            } else if let seen = drawnByKey[element.key], keepsItem(seen, at: element.indexPath) {
                // The view kept its item through the update: from where it was drawn.
                kept.insert(element.key)
                let track = Track(displacement: FrameDisplacement(from: content(seen.frame), to: final), fromAlpha: seen.alpha, toAlpha: 1)
                if !track.displacement.isZero || track.fromAlpha != 1 { tracks[element.indexPath] = track }
            } else if let before = beforeByNew[element.indexPath] {
                // Came into view: from its place before the update, through the viewport
                // (an item the update did not move, scrolled into view, has no motion).
                // One with no place before (not displayed then) is drawn at its frame.
                let viewport = Rect(x: before.minX - drawnOffset.x, y: before.minY - drawnOffset.y, width: before.width, height: before.height)
                let track = Track(displacement: FrameDisplacement(from: content(viewport), to: final), fromAlpha: 1, toAlpha: 1)
                if !track.displacement.isZero { tracks[element.indexPath] = track }
            }
        }

        var ghosts: [Ghost] = []
        for element in drawn where !kept.contains(element.key) {
            guard let picture = snapshot(element.key) else { continue }
            let from = content(element.frame)
            // Still an item, out of view now: it slides to its place; deleted or
            // replaced: it fades out where it was.
            let newIndexPath = disappearing.contains(element.indexPath) ? nil
                : transition == nil ? element.indexPath : afterByOld[element.indexPath]
            if let newIndexPath, let to = finalFrame(newIndexPath) {
                ghosts.append(Ghost(snapshot: picture, from: from, to: to, fromAlpha: element.alpha, toAlpha: element.alpha))
            } else {
                ghosts.append(Ghost(snapshot: picture, from: from, to: from, fromAlpha: element.alpha, toAlpha: 0))
            }
        }
        for ghost in drawnGhosts where ghost.alpha > 0 || ghost.targetAlpha > 0 {
            ghosts.append(Ghost(snapshot: ghost.snapshot, from: content(ghost.frame), to: content(ghost.target),
                                fromAlpha: ghost.alpha, toAlpha: ghost.targetAlpha))
        }
        let reference = displayed.first.map { (indexPath: $0.indexPath, origin: $0.frame.origin) }
        self.init(tracks: tracks, ghosts: ghosts, reference: reference, duration: duration, curve: curve)
        // The edges: the first and last displayed items that do not appear (their motion,
        // none included, continues beyond them).
        let placed = displayed.filter { !appearing.contains($0.indexPath) }.map(\.indexPath).sorted()
        if let first = placed.first, let last = placed.last {
            leading = (first, tracks[first]?.displacement ?? .zero)
            trailing = (last, tracks[last]?.displacement ?? .zero)
        }
    }
}
