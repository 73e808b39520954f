// Orthogonally scrolling sections: each has its own scroll offset, kept by the layout, and
// a behaviour that decides where a scroll comes to rest.

extension CompositionalLayout {
    /// The scroll offset of an orthogonal section (0 at rest; a positive offset shows later
    /// groups).
    public func orthogonalScrollOffset(forSection section: Int) -> Double {
        section >= 0 && section < orthogonalOffsets.count ? orthogonalOffsets[section] : 0
    }

    /// Scrolls an orthogonal section: its frames move at once (nothing is laid out again,
    /// the sections around it stay where they are). Kept across prepares while the section
    /// exists. A collection view showing the layout needs a layout pass afterwards
    /// (`setNeedsLayout()`), which measures the cells that came into view.
    /// - Complexity: O(1).
    public func setOrthogonalScrollOffset(_ offset: Double, forSection section: Int) {
        precondition(section >= 0 && section < orthogonalOffsets.count, "setOrthogonalScrollOffset: no section \(section)")
        precondition(offset.isFinite, "setOrthogonalScrollOffset: the offset must be finite, not \(offset)")
        orthogonalOffsets[section] = offset
    }

    /// The scrollable width of an orthogonal section's content, insets included: offsets
    /// run from 0 to `maximumOrthogonalScrollOffset(forSection:)`.
    /// - Complexity: O(b) for b boundary items.
    public func orthogonalContentWidth(forSection section: Int) -> Double {
        let plan = plans[section]
        return plan.left + 2 * plan.centering + plan.leadingExtent + states[section].groups.total + plan.trailingExtent + plan.right
    }

    /// The largest offset that still shows content: `max(0, content width − container width)`.
    public func maximumOrthogonalScrollOffset(forSection section: Int) -> Double {
        Swift.max(0, orthogonalContentWidth(forSection: section) - containerWidth)
    }

    /// Where a scroll of an orthogonal section that would come to rest at `proposedOffset`
    /// (from `currentOffset`) rests, as the section's behaviour decides (UIKit's target
    /// content offset), clamped to `0...maximumOrthogonalScrollOffset`:
    /// - `continuous`: at the proposed offset;
    /// - `continuousGroupLeadingBoundary`: with the group nearest the proposed offset at the
    ///   section's leading inset;
    /// - `paging`: one page (the container's width) from the current page, towards the
    ///   proposed offset (on the current page when they are equal);
    /// - `groupPaging`: one group from the current group, towards the proposed offset, its
    ///   leading edge at the leading inset;
    /// - `groupPagingCentered`: the same, the group centred in the container.
    /// - Complexity: O(log n).
    public func targetOrthogonalScrollOffset(forProposedOffset proposedOffset: Double, currentOffset: Double, inSection section: Int) -> Double {
        let plan = plans[section], state = states[section]
        let maximum = maximumOrthogonalScrollOffset(forSection: section)
        let count = state.groupCount(plan)
        func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, 0), maximum) }
        let direction = proposedOffset > currentOffset ? 1 : proposedOffset < currentOffset ? -1 : 0
        switch plan.section.orthogonalScrollingBehavior {
        case .none, .continuous:
            return clamp(proposedOffset)
        case .paging:
            let page = containerWidth > 0 ? containerWidth : 1
            let current = (currentOffset / page).rounded()
            return clamp((current + Double(direction)) * page)
        case .continuousGroupLeadingBoundary:
            guard count > 0 else { return clamp(proposedOffset) }
            return clamp(groupAnchor(nearestGroup(to: proposedOffset, section: section), section: section))
        case .groupPaging, .groupPagingCentered:
            guard count > 0 else { return clamp(proposedOffset) }
            let current = nearestGroup(to: currentOffset, section: section)
            return clamp(groupAnchor(Swift.min(Swift.max(current + direction, 0), count - 1), section: section))
        }
    }

    /// The offset at which group `index` of an orthogonal section is where its behaviour
    /// rests it: its leading edge at the leading inset, or (centred paging) its centre at
    /// the container's centre.
    func groupAnchor(_ index: Int, section: Int) -> Double {
        let plan = plans[section], state = states[section]
        let leading = plan.centering + plan.leadingExtent + state.groups.offset(of: index)
        guard plan.section.orthogonalScrollingBehavior == .groupPagingCentered else { return leading }
        let width = state.groups[index] - (index < state.groupCount(plan) - 1 ? plan.spacing : 0)
        return plan.left + leading + width / 2 - containerWidth / 2
    }

    /// The group whose anchor is nearest `offset`.
    func nearestGroup(to offset: Double, section: Int) -> Int {
        let plan = plans[section], state = states[section]
        let count = state.groupCount(plan)
        // The group at the section's leading inset, or (centred) at the container's centre.
        let centred = plan.section.orthogonalScrollingBehavior == .groupPagingCentered
        let position = offset - plan.centering - plan.leadingExtent + (centred ? containerWidth / 2 - plan.left : 0)
        let guess = Swift.min(state.groups.index(containing: position), count - 1)
        var best = guess
        for candidate in [guess - 1, guess + 1] where candidate >= 0 && candidate < count {
            if Swift.abs(groupAnchor(candidate, section: section) - offset) < Swift.abs(groupAnchor(best, section: section) - offset) { best = candidate }
        }
        return best
    }
}
