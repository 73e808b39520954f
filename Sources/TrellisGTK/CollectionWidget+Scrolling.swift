import CGtk
import CTrellisGtk
import Foundation
import Trellis
import TrellisKit

extension CollectionWidget {
    /// Runs the collection's layout pass; with `keepingTopItem`, then moves the content so
    /// the item that was at the top of the window before this scroll step is `delta` higher
    /// than it was — exactly the scroll the user asked for, whatever measuring the items
    /// that came into view did to the positions above it. Then updates the adjustments.
    func layoutNow(keepingTopItem: Bool, scrolledBy delta: Double = 0, started: UInt64? = nil) {
        let start = started ?? DispatchTime.now().uptimeNanoseconds
        let measuredBefore = collectionView.sizeCache.measurementCount
        let anchor = keepingTopItem ? topItem : nil
        runLayoutPass()
        if let anchor {
            // The collection view anchors the first item visible at the new offset while it
            // measures; the item the user was looking at is the previous top one. A couple of
            // rounds: moving the content may bring more unmeasured items in.
            for _ in 0..<4 {
                guard let frame = collectionView.layoutAttributesForItem(at: anchor.indexPath)?.frame,
                      frame.intersects(collectionView.bounds) else { break }
                let expected = anchor.distance - delta
                let actual = frame.minY - collectionView.contentOffset.y
                let correction = actual - expected
                guard abs(correction) > 1e-9 else { break }
                var offset = collectionView.contentOffset
                offset.y = clampedOffset(offset.y + correction)
                guard offset.y != collectionView.contentOffset.y else { break }
                collectionView.contentOffset = offset
                runLayoutPass()
            }
        }
        topItem = currentTopItem()
        bias = collectionView.contentOffset.y - lastValue
        updateAdjustments()
        pendingMeasurements += collectionView.sizeCache.measurementCount - measuredBefore
        pendingLayoutTime += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private func runLayoutPass() {
        do {
            try collectionView.performLayout()
        } catch {
            debug?.error("\(error)")
            FileHandle.standardError.write(Data("trellis: layout pass failed: \(error)\n".utf8))
        }
    }

    /// The offset within the content (0 … contentHeight − page).
    func clampedOffset(_ y: Double) -> Double {
        let maximum = max(0, collectionView.contentSize.height - collectionView.bounds.height)
        return min(max(0, y), maximum)
    }

    /// The first item (in index order) whose frame intersects the bounds, and its distance
    /// from the top edge.
    func currentTopItem() -> (indexPath: IndexPath, distance: Double)? {
        let bounds = collectionView.bounds
        var found: (IndexPath, Double)?
        for attributes in collectionView.layout.elements(in: bounds) where attributes.kind == .cell {
            if let current = found, current.0 <= attributes.indexPath { continue }
            found = (attributes.indexPath, attributes.frame.minY - bounds.minY)
        }
        return found.map { (indexPath: $0.0, distance: $0.1) }
    }

    /// Sets both adjustments from the collection: vertical `lower = -bias`,
    /// `upper = contentHeight - bias` (the value untouched: see the type's discussion);
    /// horizontal fixed to the width (vertical collections do not scroll sideways).
    func updateAdjustments() {
        guard let widget else { return }
        let page = collectionView.bounds.height
        let content = max(collectionView.contentSize.height, page)
        // GTK's own wheel step is page^(2/3); the step increment is what arrow keys on the
        // scrollbar use.
        trellis_widget_set_adjustment_bounds(
            trellisWidget, 1, -bias, content - bias, page, max(1, page / 10), max(1, page * 0.9))
        let width = collectionView.bounds.width
        trellis_widget_set_adjustment_bounds(trellisWidget, 0, 0, width, width, max(1, width / 10), max(1, width * 0.9))
        _ = widget
    }

    /// Scrolls to `y` now, or, with `whenAllocated` before the widget has a size, once it
    /// gets one (the first frame then shows that offset).
    public func scroll(toOffset y: Double, whenAllocated: Bool) {
        if whenAllocated && allocated == .zero {
            pendingOffset = y
        } else {
            scroll(toOffset: y)
        }
    }

    /// Scrolls so the content offset is `y` (clamped to the content) without animation.
    public func scroll(toOffset y: Double) {
        var offset = collectionView.contentOffset
        offset.y = clampedOffset(y)
        collectionView.contentOffset = offset
        layoutNow(keepingTopItem: false)
        // Now move the value to the offset (bias 0), telling nobody: the layout is done.
        lastValue = collectionView.contentOffset.y
        bias = 0
        updateAdjustments()
        trellis_widget_set_adjustment_value(trellisWidget, 1, lastValue)
        queueDraw()
    }
}
