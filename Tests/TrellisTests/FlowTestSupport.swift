@testable import Trellis

/// Builds and prepares flow layouts for the tests from plain values.
enum FlowFixture {
    static func layout(
        width: Double = 320, height: Double = 480, direction: LayoutDirection = .leftToRight,
        scroll: ScrollDirection = .vertical, metrics: FlowMetrics = FlowMetrics(),
        sections: [StaticLayoutSource.Section]
    ) -> (FlowLayout, StaticLayoutSource) {
        let source = StaticLayoutSource(containerSize: Size(width: width, height: height), layoutDirection: direction, sections: sections)
        let layout = FlowLayout(scrollDirection: scroll, metrics: metrics)
        layout.prepare(from: source)
        return (layout, source)
    }

    /// One section of items with the given widths, all `height` tall.
    static func layout(
        widths: [Double], height: Double = 20, containerWidth: Double = 320, direction: LayoutDirection = .leftToRight,
        metrics: FlowMetrics = FlowMetrics()
    ) -> FlowLayout {
        layout(width: containerWidth, direction: direction, metrics: metrics,
               sections: [.init(sizes: widths.map { Size(width: $0, height: height) })]).0
    }

    /// The frames of every item of section 0, in index order.
    static func frames(_ layout: FlowLayout, section: Int = 0) -> [Rect] {
        (0..<layout.numberOfItems(inSection: section)).map { layout.attributesForItem(at: IndexPath(item: $0, section: section))!.frame }
    }

    /// Everything a layout answers, for "incremental equals full" comparisons.
    static func snapshot(_ layout: FlowLayout) -> [LayoutAttributes] {
        var all: [LayoutAttributes] = []
        for section in 0..<layout.numberOfSections {
            for item in 0..<layout.numberOfItems(inSection: section) {
                all.append(layout.attributesForItem(at: IndexPath(item: item, section: section))!)
            }
            for kind in [ElementKind.header, .footer] {
                if let a = layout.attributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: section)) { all.append(a) }
            }
        }
        return all
    }
}

extension Double {
    /// Equal within a tolerance that absorbs the rounding of spread spacing.
    func isClose(to other: Double, tolerance: Double = 1e-9) -> Bool { abs(self - other) <= tolerance * Swift.max(1, abs(other)) }
}

extension Rect {
    func isClose(to other: Rect, tolerance: Double = 1e-9) -> Bool {
        minX.isClose(to: other.minX, tolerance: tolerance) && minY.isClose(to: other.minY, tolerance: tolerance)
            && width.isClose(to: other.width, tolerance: tolerance) && height.isClose(to: other.height, tolerance: tolerance)
    }

    /// The frame with x and y (and width and height) swapped: a vertical layout seen as a
    /// horizontal one.
    var transposed: Rect { Rect(x: minY, y: minX, width: height, height: width) }
}

extension FlowSection {
    /// The items of every line, hidden lines included.
    func lineRanges() -> [Range<Int>] {
        let starts = lineStarts()
        return starts.indices.map { starts[$0]..<(($0 + 1 < starts.count) ? starts[$0 + 1] : items.count) }
    }

    /// The items of the shown lines.
    func shownLineRanges() -> [Range<Int>] { lineRanges().filter { $0.lowerBound < firstHiddenItem } }
}
