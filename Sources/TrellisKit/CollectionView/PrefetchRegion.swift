import Trellis

/// Where a collection view looks for items to announce to its prefetch data source: the
/// displayed region grown ahead of the scroll motion, farther the faster it goes, and not
/// behind it (what is behind was just displayed, or is moving away).
///
/// The engine has no clock, so speed is the content offset's change per layout pass. A host
/// lays out once per frame while scrolling (the GTK widget does), which makes that change
/// points per frame. The speed is smoothed over passes so one uneven frame does not shrink
/// the region, and a reversal takes effect at once: the items ahead of the old motion are
/// then cancelled in the same pass.
struct PrefetchMotion {
    /// Passes of travel at the current speed announced beyond the base distance: at a steady
    /// speed an item is announced this many frames earlier than at rest.
    static let leadPasses = 30.0
    /// The lead never exceeds this many base distances (a jump of a hundred screens is not
    /// a speed to extrapolate).
    static let maximumLeadFactor = 4.0
    /// Slower than this (points per pass) counts as at rest: both sides get the base distance.
    static let restingSpeed = 0.5

    /// The offset along the scroll axis at the last pass, nil before the first.
    private(set) var lastOffset: Double?
    /// Smoothed change of the offset per pass; its sign is the direction of motion.
    private(set) var velocity = 0.0

    /// Records the offset of this pass.
    mutating func record(offset: Double) {
        defer { lastOffset = offset }
        guard let lastOffset else { return }
        let step = offset - lastOffset
        if step != 0 && (step > 0) != (velocity > 0) && velocity != 0 {
            velocity = step  // reversed: the old direction's region is stale at once
        } else {
            velocity = 0.5 * velocity + 0.5 * step
        }
    }

    mutating func reset() {
        lastOffset = nil
        velocity = 0
    }

    /// How far before and after `region` (along the scroll axis, in points) to look, for a
    /// base distance `base`.
    func extents(base: Double) -> (before: Double, after: Double) {
        let speed = abs(velocity)
        guard speed >= Self.restingSpeed else { return (base, base) }
        let lead = min(base + speed * Self.leadPasses, base * Self.maximumLeadFactor)
        return velocity > 0 ? (0, lead) : (lead, 0)
    }
}
