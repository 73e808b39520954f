import Testing
@testable import Trellis

/// A `ListLayout` reads only the container's extent across its scroll axis: a container
/// that grows or shrinks along the axis (a window made taller, a chat laid out before its
/// window knew its height) keeps the rows as they are, without reading a size again, and
/// gives what a fresh `prepare` at the new size gives. Any other change still prepares.
@Suite("ListLayout: a new container length")
struct ListContainerLengthTests {
    /// Counts the item sizes a layout reads through it.
    private final class Reads: @unchecked Sendable {
        var count = 0
    }

    /// Sections of 1…5 rows of 20…68 pt, headers on even sections, footers on every third.
    private func source(_ container: Size, direction: LayoutDirection = .leftToRight, sections: Int = 30,
                        reads: Reads? = nil) -> StaticLayoutSource {
        StaticLayoutSource(containerSize: container, layoutDirection: direction, sections: (0..<sections).map { id in
            .init(items: .computed(count: 1 + id % 5) { item in
                      reads?.count += 1
                      return ItemSize(width: 10, height: Double(20 + (id * 7 + item * 13) % 49))
                  },
                  header: id % 2 == 0 ? Size(width: 0, height: 24) : nil, footer: id % 3 == 0 ? Size(width: 0, height: 12) : nil)
        })
    }

    private func makeLayout(_ direction: ScrollDirection = .vertical) -> ListLayout {
        ListLayout(options: .init(separators: .init(thickness: 1, insets: EdgeInsets(leading: 15)),
                                  sections: SectionStyle(insets: EdgeInsets(top: 4, leading: 16, bottom: 6, trailing: 16)),
                                  scrollDirection: direction))
    }

    private func elements(_ layout: ListLayout) -> [LayoutAttributes] {
        layout.elements(in: Rect(x: -1_000, y: -1_000, width: 1e6, height: 1e6))
    }

    @Test("A taller or shorter container reads no size and equals a fresh prepare", arguments: [
        (ScrollDirection.vertical, Size(width: 320, height: 600), Size(width: 320, height: 487)),
        (.vertical, Size(width: 320, height: 400), Size(width: 320, height: 900)),
        (.horizontal, Size(width: 600, height: 320), Size(width: 250, height: 320)),
    ])
    func newLengthKeepsTheRows(direction: ScrollDirection, before: Size, after: Size) {
        let reads = Reads()
        let layout = makeLayout(direction)
        layout.prepare(from: source(before, reads: reads))
        #expect(reads.count > 0)
        reads.count = 0
        layout.invalidate(InvalidationContext(invalidatesContainerSize: true), source: source(after, reads: reads))
        #expect(reads.count == 0)
        let fresh = makeLayout(direction)
        fresh.prepare(from: source(after))
        #expect(layout.contentSize == fresh.contentSize)
        #expect(elements(layout) == elements(fresh))
        // Item sizes in the same context are applied as without the new length.
        let change = InvalidationContext(invalidatesContainerSize: true, itemSizes: [(IndexPath(item: 0, section: 3), ItemSize(width: 10, height: 90))])
        layout.invalidate(change, source: source(after))
        fresh.invalidate(.sizes(change.itemSizes), source: source(after))
        #expect(elements(layout) == elements(fresh))
    }

    @Test("A new width, direction or count prepares everything")
    func otherChangesPrepare() {
        let reads = Reads()
        let layout = makeLayout()
        layout.prepare(from: source(Size(width: 320, height: 600)))
        // Each differs from the one before in one thing only.
        for after in [
            source(Size(width: 300, height: 600), reads: reads),
            source(Size(width: 300, height: 500), direction: .rightToLeft, reads: reads),
            source(Size(width: 300, height: 500), direction: .rightToLeft, sections: 31, reads: reads),
        ] {
            reads.count = 0
            layout.invalidate(InvalidationContext(invalidatesContainerSize: true), source: after)
            #expect(reads.count > 0)
            let fresh = makeLayout()
            fresh.prepare(from: after)
            #expect(elements(layout) == elements(fresh))
        }
    }

    @Test("A width that is no length is corrected with its diagnostic, as a prepare does")
    func unusableWidthIsDiagnosed() {
        let layout = makeLayout()
        layout.prepare(from: source(Size(width: 0, height: 600)))
        #expect(layout.diagnostics.isEmpty)
        // -5 is read as 0, the width the rows have: only a prepare names it.
        layout.invalidate(InvalidationContext(invalidatesContainerSize: true), source: source(Size(width: -5, height: 500)))
        #expect(layout.diagnostics.map(\.path) == ["container.width"])
    }
}
