import Testing
@testable import Trellis

/// Every item of every layout gets exactly one frame, including
/// items 0 wide or tall and a container 0 wide; a baseline outside its item is clamped;
/// pixel-aligned flow frames never pass the content size.
@Suite("Every item has one frame")
struct EveryItemHasOneFrameTests {
    /// Sizes that are often 0 along either axis, in a container that is sometimes 0 wide.
    static func degenerateSource(_ rng: inout SplitMix64) -> StaticLayoutSource {
        let width = rng.chance(0.3) ? 0 : rng.double(0...400).rounded()
        let sections = (0..<rng.int(1...3)).map { _ in
            StaticLayoutSource.Section(
                sizes: (0..<rng.int(0...25)).map { _ in
                    Size(width: rng.chance(0.4) ? 0 : rng.double(0...300), height: rng.chance(0.4) ? 0 : rng.double(0...80))
                },
                header: rng.chance(0.4) ? Size(width: 0, height: rng.chance(0.5) ? 0 : 20) : nil,
                footer: rng.chance(0.3) ? Size(width: 0, height: rng.chance(0.5) ? 0 : 15) : nil)
        }
        return StaticLayoutSource(
            containerSize: Size(width: width, height: 600), layoutDirection: rng.chance(0.3) ? .rightToLeft : .leftToRight,
            sections: sections)
    }

    static func layouts(_ rng: inout SplitMix64) -> [any CollectionLayout] {
        let scroll: ScrollDirection = rng.chance(0.3) ? .horizontal : .vertical
        let grid = GridLayout(options: .init(columns: .count(rng.int(1...5)), columnSpacing: rng.double(0...10),
                                             itemWidth: rng.chance(0.5) ? .fraction(0.05) : .span(1), scrollDirection: scroll))
        let waterfall = WaterfallLayout(options: .init(columns: .count(rng.int(1...4)), itemSpacing: rng.double(0...6), scrollDirection: scroll))
        let list = ListLayout(options: .init(rowSpacing: rng.double(0...4), separators: rng.chance(0.5) ? .init(thickness: 1) : nil, scrollDirection: scroll))
        let flow = FlowLayout(scrollDirection: scroll, metrics: FlowMetrics(alignment: .leading))
        return [grid, waterfall, list, flow]
    }

    @Test func everyItemOfEveryLayoutIsListedExactlyOnce() {
        var rng = SplitMix64(seed: 12_005)
        for _ in 0..<80 {
            let source = Self.degenerateSource(&rng)
            for layout in Self.layouts(&rng) {
                layout.prepare(from: source)
                let listed = layout.allElements().filter { $0.kind == .cell }.map(\.indexPath)
                let expected = (0..<source.numberOfSections).flatMap { section in
                    (0..<source.numberOfItems(inSection: section)).map { IndexPath(item: $0, section: section) }
                }
                #expect(listed == expected, "\(type(of: layout)) in a container \(source.containerSize)")
                for indexPath in expected {
                    #expect(layout.allElements().first { $0.indexPath == indexPath && $0.kind == .cell }?.frame
                            == layout.attributesForItem(at: indexPath)?.frame)
                }
            }
        }
    }

    @Test func aListOfHeightsTenZeroZeroHasThreeRows() {
        let list = ListLayout()
        list.prepare(from: StaticLayoutSource(containerSize: Size(width: 300, height: 0), sections: [
            .init(sizes: [Size(width: 1, height: 10), Size(width: 1, height: 0), Size(width: 1, height: 0)]),
        ]))
        #expect(list.allElements().map(\.frame) == [
            Rect(x: 0, y: 0, width: 300, height: 10), Rect(x: 0, y: 10, width: 300, height: 0), Rect(x: 0, y: 10, width: 300, height: 0),
        ])
    }

    @Test func aBaselineBelowItsItemIsClampedWithADiagnostic() {
        let flow = FlowLayout(metrics: FlowMetrics(alignment: .leading, lineAlignment: .baseline, interitemSpacing: 0, lineSpacing: 0))
        flow.prepare(from: StaticLayoutSource(containerSize: Size(width: 20, height: 0), sections: [
            .init(items: .list([ItemSize(Size(width: 10, height: 10), firstBaseline: 1e308), ItemSize(Size(width: 20, height: 10))])),
        ]))
        // The baseline counts as the item's bottom edge: the line is 10 tall, the next one at 10.
        #expect(flow.allElements().map(\.frame) == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 10, width: 20, height: 10)])
        #expect(flow.contentSize.height == 20)
        #expect(flow.diagnostics.map(\.description) == ["sections[0].items[0].baseline: 1e+308 lies below the item's height 10; 10 is used"])
    }

    /// With a display scale, frames are snapped edge by edge; the content size is snapped the
    /// same way, so no frame ever ends past it.
    @Test func pixelAlignedFramesStayInsideTheContentSize() {
        var rng = SplitMix64(seed: 12_008)
        for _ in 0..<600 {
            let scale = [1.0, 2.0, 3.0, 1.5, 2.75][rng.int(0...4)]
            let vertical = rng.chance(0.7)
            let flow = FlowLayout(
                scrollDirection: vertical ? .vertical : .horizontal,
                metrics: FlowMetrics(alignment: [.uikit, .leading, .center, .trailing, .justified][rng.int(0...4)],
                                     lineAlignment: [.top, .center, .bottom, .baseline][rng.int(0...3)],
                                     interitemSpacing: rng.double(0...9), lineSpacing: rng.double(0...9),
                                     sectionInset: EdgeInsets(top: rng.double(0...7), leading: rng.double(0...7), bottom: rng.double(0...7), trailing: rng.double(0...7))))
            flow.displayScale = scale
            let sizes = (0..<rng.int(1...30)).map { _ in
                ItemSize(Size(width: rng.double(1...120), height: rng.double(1...60)), firstBaseline: rng.chance(0.5) ? rng.double(0...1) * 30 : nil)
            }
            let source = StaticLayoutSource(
                containerSize: Size(width: rng.double(50...400), height: rng.double(50...400)),
                layoutDirection: rng.chance(0.3) ? .rightToLeft : .leftToRight,
                sections: [.init(items: .list(sizes), header: rng.chance(0.5) ? Size(width: 0, height: rng.double(0...30)) : nil)])
            flow.prepare(from: source)
            let content = flow.contentSize
            for element in flow.allElements() {
                let frame = element.frame
                #expect(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= content.width && frame.maxY <= content.height,
                        "\(element) past the content \(content) at scale \(scale)")
            }
        }
    }
}
