import Testing
@testable import Trellis

/// `InvalidationContext.insertedSections` on a `ListLayout`: reading only the new sections
/// gives the layout a fresh `prepare` of the changed source gives — every element,
/// separators, headers and footers included — wherever the sections go.
@Suite("ListLayout: sections inserted")
struct ListSectionInsertionTests {
    /// Section `id`: rows 20…68 pt from its id, a header on even ids, a footer on every third.
    private func section(_ id: Int) -> StaticLayoutSource.Section {
        .init(sizes: (0..<(1 + id % 5)).map { Size(width: 10, height: Double(20 + (id * 7 + $0 * 13) % 49)) },
              header: id % 2 == 0 ? Size(width: 0, height: 24) : nil, footer: id % 3 == 0 ? Size(width: 0, height: 12) : nil)
    }

    private func source(_ ids: [Int]) -> StaticLayoutSource {
        StaticLayoutSource(containerSize: Size(width: 320, height: 400), sections: ids.map(section))
    }

    private func makeLayout() -> ListLayout {
        ListLayout(options: .init(separators: .init(thickness: 1, insets: EdgeInsets(leading: 15)),
                                  sections: SectionStyle(insets: EdgeInsets(top: 4, leading: 16, bottom: 6, trailing: 16))))
    }

    @Test("Inserted at the front, in the middle, at the end and in several places", arguments: [
        [0, 1, 2], [4], [10], [0, 5, 12], [3, 4, 5, 6],
        [0, 2, 4, 6, 8, 10, 12, 14, 16, 18],  // more runs than are moved in place: rebuilt
    ])
    func equalsAFreshPrepare(inserted: [Int]) {
        let before = Array(100..<110)
        var after = before
        for (offset, index) in inserted.enumerated() { after.insert(200 + offset, at: index) }
        let layout = makeLayout()
        layout.prepare(from: source(before))
        layout.invalidate(InvalidationContext(invalidatesEverything: true, insertedSections: inserted), source: source(after))
        let fresh = makeLayout()
        fresh.prepare(from: source(after))
        #expect(layout.contentSize == fresh.contentSize)
        #expect(layout.allElements() == fresh.allElements())
        // And it goes on incrementally from there like the fresh one.
        let change = InvalidationContext.sizes([(IndexPath(item: 0, section: 2), ItemSize(width: 10, height: 90))])
        layout.invalidate(change, source: source(after))
        fresh.invalidate(change, source: source(after))
        #expect(layout.allElements() == fresh.allElements())
    }

    @Test("A context that says more changed, or counts that do not fit, prepare everything")
    func fallsBackToPrepare() {
        let layout = makeLayout()
        layout.prepare(from: source([1, 2, 3]))
        // Two sections inserted according to the source, one according to the context.
        layout.invalidate(InvalidationContext(invalidatesEverything: true, insertedSections: [0]), source: source([7, 8, 1, 2, 3]))
        let fresh = makeLayout()
        fresh.prepare(from: source([7, 8, 1, 2, 3]))
        #expect(layout.allElements() == fresh.allElements())
        // Metrics changed as well.
        layout.invalidate(InvalidationContext(invalidatesEverything: true, invalidatesMetrics: true, insertedSections: [0]), source: source([9, 7, 8, 1, 2, 3]))
        fresh.prepare(from: source([9, 7, 8, 1, 2, 3]))
        #expect(layout.allElements() == fresh.allElements())
    }
}
