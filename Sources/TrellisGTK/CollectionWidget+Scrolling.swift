import CGtk
import CTrellisGtk
import Foundation
import Trellis
@_spi(Testing) import TrellisKit

extension CollectionWidget {
    /// Runs the collection's layout pass; with `keepingTopItem`, then moves the content so
    /// the item at the top of the window — the first item shown before this scroll step
    /// that is still in view after it — is exactly `delta` higher than it was: the scroll
    /// the user asked for, whatever measuring the items that came into view did to the
    /// positions above it. Keeps the offset within the content, then updates the
    /// adjustments.
    func layoutNow(keepingTopItem: Bool, scrolledBy delta: Double = 0, started: UInt64? = nil) {
        let start = started ?? DispatchTime.now().uptimeNanoseconds
        let measuredBefore = collectionView.sizeCache.measurementCount
        let height = collectionView.bounds.height
        // The collection view anchors the first item visible at the new offset while it
        // measures; the item the user was looking at is one shown before the step.
        // A scroll to the very end (End, the scrollbar dragged down) stays at the end while
        // the items shown there are measured and the content's length changes.
        let toEnd = keepingTopItem && delta > 0
            && collectionView.contentOffset.y >= collectionView.contentSize.height - height - 0.5
        let anchor = keepingTopItem && !toEnd
            ? shownItems.first { $0.distance - delta + $0.height > 0 && $0.distance - delta < height }
            : nil
        runLayoutPass()
        // A few rounds: moving the content may bring more unmeasured items in, and the
        // content may end before the offset.
        for _ in 0..<4 {
            var target = collectionView.contentOffset.y
            if let anchor, let frame = collectionView.layoutAttributesForItem(at: anchor.indexPath)?.frame {
                target = frame.minY - (anchor.distance - delta)
            }
            if toEnd { target = collectionView.contentSize.height - height }
            target = clampedOffset(target)
            guard abs(target - collectionView.contentOffset.y) > 1e-9 else { break }
            var offset = collectionView.contentOffset
            offset.y = target
            collectionView.contentOffset = offset
            runLayoutPass()
        }
        shownItems = currentShownItems()
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

    /// The displayed cells intersecting the bounds, top first (then in index order), with
    /// their distance from the top edge and their height.
    func currentShownItems() -> [ShownItem] {
        let bounds = collectionView.bounds
        var items: [ShownItem] = []
        for cell in collectionView.visibleCells {
            guard let indexPath = collectionView.indexPath(for: cell),
                  let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame, frame.intersects(bounds) else { continue }
            items.append(ShownItem(indexPath: indexPath, distance: frame.minY - bounds.minY, minX: frame.minX - bounds.minX,
                                   width: frame.width, height: frame.height))
        }
        items.sort { ($0.distance, $0.indexPath) < ($1.distance, $1.indexPath) }
        return items
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
        trellis_collection_widget_set_adjustment_bounds(
            trellisWidget, 1, -bias, content - bias, page, max(1, page / 10), max(1, page * 0.9))
        let width = collectionView.bounds.width
        trellis_collection_widget_set_adjustment_bounds(trellisWidget, 0, 0, width, width, max(1, width / 10), max(1, width * 0.9))
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
        trellis_collection_widget_set_adjustment_value(trellisWidget, 1, lastValue)
        queueDraw()
    }
}

/// A cell in view: which item, how far below the top edge and right of the leading edge,
/// how big.
struct ShownItem {
    var indexPath: IndexPath
    var distance: Double
    var minX: Double
    var width: Double
    var height: Double
}
