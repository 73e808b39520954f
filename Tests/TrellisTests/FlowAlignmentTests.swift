import Testing
@testable import Trellis

/// Every alignment × layout direction × scroll direction × line alignment, on one input
/// with mixed widths, heights and baselines. Each combination is checked for what its
/// alignments promise, and against the vertical left-to-right layout it must equal after
/// mirroring (right-to-left) and transposing (horizontal scrolling).
@Suite("FlowLayout alignment table")
struct FlowAlignmentTests {
    static let sizes: [ItemSize] = [
        ItemSize(width: 60, height: 24, firstBaseline: 18), ItemSize(width: 90, height: 30, firstBaseline: 20),
        ItemSize(width: 45, height: 20), ItemSize(width: 120, height: 36, firstBaseline: 30),
        ItemSize(width: 75, height: 24, firstBaseline: 16), ItemSize(width: 30, height: 44, firstBaseline: 12),
        ItemSize(width: 150, height: 20, firstBaseline: 15), ItemSize(width: 66, height: 28),
        ItemSize(width: 40, height: 24, firstBaseline: 18),
    ]
    static let inset = EdgeInsets(top: 4, leading: 11, bottom: 6, trailing: 7)
    static let extent = 300.0

    static let combinations: [(FlowAlignment, LayoutDirection, ScrollDirection, FlowLineAlignment)] =
        FlowAlignment.allCases.flatMap { alignment in
            LayoutDirection.allCases.flatMap { direction in
                ScrollDirection.allCases.flatMap { scroll in
                    FlowLineAlignment.allCases.map { (alignment, direction, scroll, $0) }
                }
            }
        }

    /// Frames of the input laid out with the given combination. For horizontal scrolling the
    /// item sizes and the insets are transposed, so the result must be the transposed
    /// vertical layout.
    static func frames(_ alignment: FlowAlignment, _ direction: LayoutDirection, _ scroll: ScrollDirection, _ lineAlignment: FlowLineAlignment) -> (FlowLayout, [Rect]) {
        let vertical = scroll == .vertical
        let sizes = sizes.map { vertical ? $0 : ItemSize(width: $0.size.height, height: $0.size.width, firstBaseline: $0.firstBaseline) }
        let inset = vertical ? inset : EdgeInsets(top: inset.leading, leading: inset.top, bottom: inset.trailing, trailing: inset.bottom)
        let metrics = FlowMetrics(alignment: alignment, lineAlignment: lineAlignment, interitemSpacing: 8, lineSpacing: 5, sectionInset: inset)
        let (layout, _) = FlowFixture.layout(
            width: vertical ? extent : 900, height: vertical ? 900 : extent, direction: direction, scroll: scroll,
            metrics: metrics, sections: [.init(items: .list(sizes))])
        return (layout, FlowFixture.frames(layout))
    }

    @Test(arguments: combinations)
    func combination(_ alignment: FlowAlignment, _ direction: LayoutDirection, _ scroll: ScrollDirection, _ lineAlignment: FlowLineAlignment) {
        let (layout, frames) = Self.frames(alignment, direction, scroll, lineAlignment)
        // Baseline alignment has no meaning for columns: they align to the top.
        let effectiveLineAlignment = scroll == .horizontal && lineAlignment == .baseline ? FlowLineAlignment.top : lineAlignment
        let (_, reference) = Self.frames(alignment, .leftToRight, .vertical, effectiveLineAlignment)
        let (verticalLayout, _) = Self.frames(alignment, .leftToRight, .vertical, effectiveLineAlignment)
        var expected = reference
        if scroll == .horizontal { expected = expected.map(\.transposed) }
        if direction == .rightToLeft { expected = expected.map { $0.mirroredHorizontally(inWidth: layout.contentSize.width) } }
        #expect(frames == expected)
        #expect(layout.contentSize == (scroll == .vertical ? verticalLayout.contentSize
                                       : Size(width: verticalLayout.contentSize.height, height: verticalLayout.contentSize.width)))
        Self.checkPromises(of: alignment, lineAlignment: effectiveLineAlignment, frames: reference, layout: verticalLayout)
    }

    /// What each alignment promises, checked on the vertical left-to-right frames.
    static func checkPromises(of alignment: FlowAlignment, lineAlignment: FlowLineAlignment, frames: [Rect], layout: FlowLayout) {
        let section = layout.sections[0]
        let left = inset.leading, right = extent - inset.trailing
        let lines = section.lineRanges()
        for (line, range) in lines.enumerated() {
            let lineFrames = Array(frames[range])
            let isLast = line == lines.count - 1
            let gaps = zip(lineFrames, lineFrames.dropFirst()).map { $1.minX - $0.maxX }
            #expect(gaps.allSatisfy { $0 >= 8 - 1e-9 })
            switch alignment {
            case .leading:
                #expect(lineFrames.first!.minX == left)
                #expect(gaps.allSatisfy { $0.isClose(to: 8) })
            case .trailing:
                #expect(lineFrames.last!.maxX.isClose(to: right))
                #expect(gaps.allSatisfy { $0.isClose(to: 8) })
            case .center:
                #expect((lineFrames.first!.minX - left).isClose(to: right - lineFrames.last!.maxX))
                #expect(gaps.allSatisfy { $0.isClose(to: 8) })
            case .justified:
                #expect(lineFrames.first!.minX == left)
                if isLast || lineFrames.count == 1 {
                    #expect(gaps.allSatisfy { $0.isClose(to: 8) })
                } else {
                    #expect(lineFrames.last!.maxX.isClose(to: right))
                    #expect(gaps.allSatisfy { $0.isClose(to: gaps[0]) })
                }
            case .uikit:
                if !isLast && lineFrames.count == 1 {
                    #expect((lineFrames[0].minX - left).isClose(to: right - lineFrames[0].maxX))
                } else if !isLast {
                    #expect(lineFrames.first!.minX == left && lineFrames.last!.maxX.isClose(to: right))
                } else {
                    #expect(lineFrames.first!.minX == left)
                }
            }
            let lineTop = lineFrames.map(\.minY).min()!, lineBottom = lineFrames.map(\.maxY).max()!
            let items = range.map { sizes[$0] }
            switch lineAlignment {
            case .top: #expect(lineFrames.allSatisfy { $0.minY == lineTop })
            case .bottom: #expect(lineFrames.allSatisfy { $0.maxY == lineBottom })
            case .center: #expect(lineFrames.allSatisfy { $0.midY.isClose(to: (lineTop + lineBottom) / 2) })
            case .baseline:
                let baselines = zip(lineFrames, items).map { $0.minY + ($1.firstBaseline ?? $1.size.height) }
                #expect(baselines.allSatisfy { $0 == baselines[0] })
                #expect(lineTop == section.lineOffset(ofLineStartingAt: range.lowerBound))
            }
        }
    }
}
