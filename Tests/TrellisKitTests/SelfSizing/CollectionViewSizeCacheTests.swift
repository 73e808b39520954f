import Testing
import Trellis
import TrellisText
@_spi(Testing) @testable import TrellisKit

@Suite("CollectionView size cache")
struct CollectionViewSizeCacheTests {
    @Test func cacheIsKeyedByIdentityProposalAndTraits() {
        var cache = SizeCache()
        var measured = 0
        let proposal = FittingProposal(width: .atMost(100), height: .unconstrained)
        func size(_ id: Int, _ proposal: FittingProposal, _ traits: TraitCollection = .default) -> ItemSize {
            cache.size(for: id, proposal: proposal, traits: traits) {
                measured += 1
                return ItemSize(width: Double(id), height: 1)
            }
        }
        _ = size(1, proposal)
        _ = size(1, proposal)
        _ = size(2, proposal)
        #expect(measured == 2 && cache.hitCount == 1 && cache.measurementCount == 2)
        _ = size(1, FittingProposal(width: .atMost(200), height: .unconstrained))
        #expect(measured == 3)
        _ = size(2, proposal, TraitCollection(horizontalSizeClass: .regular))
        #expect(measured == 4 && cache.count == 1)
        cache.removeValue(forIdentity: 2)
        #expect(cache.cachedSize(for: 2, proposal: proposal, traits: TraitCollection(horizontalSizeClass: .regular)) == nil)
    }

    /// The cache is what a collection keeps per newly measured item while it scrolls a
    /// million items; index-path identities measured in a run cost 32 bytes an item (an
    /// entry in a page), plus the one page not yet full and the pages' places.
    @Test func anIndexPathIdentityMeasuredInARunCosts32BytesAnItem() {
        var cache = SizeCache()
        let proposal = FittingProposal(width: .atMost(780), height: .unconstrained)
        var worst = 0.0
        for item in 0..<100_000 {
            _ = cache.size(for: AnyHashable(IndexPath(item: item, section: 0)), proposal: proposal, traits: .default) {
                ItemSize(width: Double(item % 97), height: 30, firstBaseline: item.isMultiple(of: 2) ? 20 : nil)
            }
            let beyondEntries = cache.retainedByteCount - 32 * cache.count
            worst = max(worst, Double(beyondEntries))
        }
        // One page of 512 entries not yet full, each page's array header, and a few KB:
        // the proposals' table and the pages' places (196 pointers, in an array whose
        // capacity malloc rounds up).
        #expect(worst <= 16_384 + 4_096 + 32 * 196, "\(worst) bytes beside 32 an item")
        #expect(cache.count == 100_000)
        // What was stored comes back exactly, a missing baseline included.
        #expect(cache.cachedSize(for: AnyHashable(IndexPath(item: 4_321, section: 0)), proposal: proposal, traits: .default)
            == ItemSize(width: Double(4_321 % 97), height: 30, firstBaseline: nil))
        #expect(cache.cachedSize(for: AnyHashable(IndexPath(item: 4_322, section: 0)), proposal: proposal, traits: .default)
            == ItemSize(width: Double(4_322 % 97), height: 30, firstBaseline: 20))
        cache.removeIndexPathIdentities()
        #expect(cache.isEmpty)
        #expect(cache.retainedByteCount < 1_024, "the pages are freed: \(cache.retainedByteCount) bytes left")
    }

    /// Items measured far apart (a jump to the end of a million, sections measured here and
    /// there) cost at most a page each, not the items between them; forgetting an item frees its
    /// slot for the count, and an item measured again replaces its size.
    @Test func indexPathIdentitiesFarApartAreKeptAndForgottenOneByOne() {
        var cache = SizeCache()
        let proposal = FittingProposal(width: .atMost(500), height: .unconstrained)
        let paths = [IndexPath(item: 0, section: 0), IndexPath(item: 999_999, section: 0), IndexPath(item: 511, section: 0),
                     IndexPath(item: 512, section: 0), IndexPath(item: 7, section: 40)]
        for (index, path) in paths.enumerated() {
            _ = cache.size(for: AnyHashable(path), proposal: proposal, traits: .default) { ItemSize(width: Double(index), height: 1) }
        }
        #expect(cache.count == paths.count)
        // Four pages (items 0 and 511 share one), each at most 512 entries of 32 bytes and
        // none longer than its last measured slot, plus the arrays that point to them
        // (1,954 pages' places in section 0): the million items between are not paid for.
        #expect(cache.retainedByteCount < 4 * 16_384 + 20_000, "\(cache.retainedByteCount) bytes")
        for (index, path) in paths.enumerated() {
            #expect(cache.cachedSize(for: AnyHashable(path), proposal: proposal, traits: .default) == ItemSize(width: Double(index), height: 1))
        }
        // Neighbours in a page that were never measured are not sizes.
        #expect(cache.cachedSize(for: AnyHashable(IndexPath(item: 1, section: 0)), proposal: proposal, traits: .default) == nil)
        #expect(cache.cachedSize(for: AnyHashable(IndexPath(item: 999_998, section: 0)), proposal: proposal, traits: .default) == nil)
        cache.removeValue(forIdentity: AnyHashable(paths[1]))
        cache.removeValue(forIdentity: AnyHashable(paths[1]))
        cache.removeValue(forIdentity: AnyHashable(IndexPath(item: 3, section: 90)))
        #expect(cache.count == paths.count - 1)
        #expect(cache.cachedSize(for: AnyHashable(paths[1]), proposal: proposal, traits: .default) == nil)
        var measured = 0
        _ = cache.size(for: AnyHashable(paths[1]), proposal: proposal, traits: .default) { measured += 1; return ItemSize(width: 9, height: 9) }
        _ = cache.size(for: AnyHashable(paths[1]), proposal: proposal, traits: .default) { measured += 1; return ItemSize(width: 0, height: 0) }
        #expect(measured == 1 && cache.count == paths.count)
        #expect(cache.cachedSize(for: AnyHashable(paths[1]), proposal: proposal, traits: .default) == ItemSize(width: 9, height: 9))
    }

    /// A list with a section per item (a common way to space rows apart) keeps a small page
    /// for each section, not a page of 512 slots.
    @Test func aSectionOfOneItemKeepsASmallPage() {
        var cache = SizeCache()
        let proposal = FittingProposal(width: .atMost(400), height: .unconstrained)
        for section in 0..<10_000 {
            _ = cache.size(for: AnyHashable(IndexPath(item: 0, section: section)), proposal: proposal, traits: .default) {
                ItemSize(width: 400, height: Double(section % 7 + 20))
            }
        }
        #expect(cache.count == 10_000)
        // The section's place, its pages' array and its page of one entry, each array with
        // its header: about 117 bytes, near the 129 a hash table's slot cost at its fullest.
        let perItem = Double(cache.retainedByteCount) / 10_000
        #expect(perItem <= 136, "\(perItem) bytes an item")
        #expect(cache.cachedSize(for: AnyHashable(IndexPath(item: 0, section: 9_999)), proposal: proposal, traits: .default)
            == ItemSize(width: 400, height: Double(9_999 % 7 + 20)))
        #expect(cache.cachedSize(for: AnyHashable(IndexPath(item: 1, section: 9_999)), proposal: proposal, traits: .default) == nil)
    }

    /// An index path no data source can count (negative, or past any section's length) is
    /// still an identity: kept and answered like any other, beside the pages.
    @Test func indexPathsOutsideThePagesAreKeptAsOtherIdentities() {
        var cache = SizeCache()
        let proposal = FittingProposal(width: .atMost(500), height: .unconstrained)
        let odd = [IndexPath(item: -1, section: 0), IndexPath(item: 3, section: -2), IndexPath(item: Int.max, section: 0),
                   IndexPath(item: 1 << 28, section: 0), IndexPath(item: 0, section: Int.max)]
        for (index, path) in odd.enumerated() {
            _ = cache.size(for: AnyHashable(path), proposal: proposal, traits: .default) { ItemSize(width: Double(index), height: 2) }
        }
        #expect(cache.count == odd.count)
        #expect(cache.retainedByteCount < 16_384, "\(cache.retainedByteCount) bytes")
        for (index, path) in odd.enumerated() {
            #expect(cache.cachedSize(for: AnyHashable(path), proposal: proposal, traits: .default) == ItemSize(width: Double(index), height: 2))
        }
        cache.removeValue(forIdentity: AnyHashable(odd[2]))
        #expect(cache.count == odd.count - 1)
        // Forgetting the index-path identities forgets these too (after a reload another
        // item may stand at any index path), and only them.
        _ = cache.size(for: AnyHashable("stable"), proposal: proposal, traits: .default) { ItemSize(width: 5, height: 5) }
        cache.removeIndexPathIdentities()
        #expect(cache.count == 1)
        #expect(cache.cachedSize(for: AnyHashable(odd[0]), proposal: proposal, traits: .default) == nil)
        #expect(cache.cachedSize(for: AnyHashable("stable"), proposal: proposal, traits: .default) == ItemSize(width: 5, height: 5))
    }

    /// Every window width leaves a proposal behind; the table of proposals keeps only those
    /// some item was last measured with, so resizing for ever does not grow it.
    @Test func resizingForEverKeepsTheProposalsBounded() {
        var cache = SizeCache()
        for width in 0..<10_000 {
            let proposal = FittingProposal(width: .atMost(Double(300 + width)), height: .unconstrained)
            for item in 0..<3 {
                _ = cache.size(for: AnyHashable("item \(item)"), proposal: proposal, traits: .default) {
                    ItemSize(width: Double(width), height: Double(item))
                }
            }
            // A header measured once, at the first width, keeps its proposal alive.
            if width == 0 {
                _ = cache.size(for: AnyHashable("header"), proposal: .unconstrained, traits: .default) { ItemSize(width: 1, height: 2) }
            }
        }
        #expect(cache.count == 4)
        #expect(cache.retainedByteCount < 16_384, "\(cache.retainedByteCount) bytes for 4 items")
        #expect(cache.cachedSize(for: AnyHashable("header"), proposal: .unconstrained, traits: .default) == ItemSize(width: 1, height: 2))
        #expect(cache.cachedSize(for: AnyHashable("item 2"), proposal: FittingProposal(width: .atMost(10_299), height: .unconstrained), traits: .default)
            == ItemSize(width: 9_999, height: 2))
        #expect(cache.measurementCount == 30_001)
    }

    @Test func insertingAboveDoesNotRemeasureTheOthers() throws {
        let data = TextDataSource(count: 50)
        let collection = makeCollection(data)
        try collection.performLayout()
        let measured = collection.sizeCache.measurementCount
        data.sections[0].insert(TextItem(id: 1000, text: "new"), at: 0)
        try collection.insertItems(at: [IndexPath(item: 0, section: 0)])
        try collection.performLayout()
        // At the top the top is the anchor: the new item shows there, and it is the only
        // one measured.
        #expect(collection.sizeCache.measurementCount == measured + 1)
        #expect(collection.contentOffset.y == 0)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 0, width: 40, height: 30))
        // Scrolled into the content: the new item goes above, unmeasured, nothing moves.
        collection.contentOffset.y = 200
        try collection.performLayout()
        let measuredThere = collection.sizeCache.measurementCount
        data.sections[0].insert(TextItem(id: 1001, text: "another"), at: 0)
        try collection.insertItems(at: [IndexPath(item: 0, section: 0)])
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == measuredThere)
        #expect(collection.contentOffset.y == 300)
    }

    @Test func reloadDataKeepsSizesOfItemsWithTheSameIdentity() throws {
        let data = TextDataSource(count: 50)
        let collection = makeCollection(data)
        try collection.performLayout()
        let measured = collection.sizeCache.measurementCount
        data.sections[0].reverse()
        collection.reloadData()
        try collection.performLayout()
        // The items now on screen were never measured: only they are.
        let newlyVisible = collection.indexPathsForVisibleItems.filter { data.sections[0][$0.item].id >= measured }.count
        #expect(collection.sizeCache.measurementCount == measured + newlyVisible)
        collection.reloadData()
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == measured + newlyVisible)
    }

    @Test func reloadingAnItemMeasuresOnlyThatItem() throws {
        let data = TextDataSource(count: 50)
        let collection = makeCollection(data)
        try collection.performLayout()
        let measured = collection.sizeCache.measurementCount
        let layout = collection.layout as! StackTestLayout
        let prepares = layout.prepareCount
        data.sections[0][2].text = String(repeating: "y", count: 60)
        try collection.reloadItems(at: [IndexPath(item: 2, section: 0)])
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == measured + 1)
        #expect(layout.prepareCount == prepares, "a reload is an incremental size change")
        // 600 pt of text in a 365 pt line: two lines.
        #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.size == Size(width: 375, height: 50))
        #expect((collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? TextCell)?.text.count == 60)
    }

    /// A width change means new proposals: the visible items are measured again; a height
    /// change keeps every size.
    @Test(arguments: [(Size(width: 300, height: 400), 2), (Size(width: 375, height: 200), 1)])
    func resizingRemeasuresOnlyForANewWidth(newSize: Size, measuringRounds: Int) throws {
        let data = TextDataSource(count: 200)
        let collection = makeCollection(data, size: Size(width: 375, height: 400))
        try collection.performLayout()
        let first = collection.sizeCache.measurementCount
        collection.frame.size = newSize
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == measuringRounds * first)
        collection.frame.size = newSize
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == measuringRounds * first)
    }

    @Test(arguments: [TraitCollection(layoutDirection: .rightToLeft), TraitCollection(preferredContentSizeCategory: .extraLarge)])
    func aTraitChangeRemeasures(traits: TraitCollection) throws {
        let data = TextDataSource(count: 20)
        let collection = makeCollection(data, size: Size(width: 375, height: 400))
        try collection.performLayout()
        let first = collection.sizeCache.measurementCount
        collection.overrideTraitCollection = traits
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == 2 * first)
    }

    /// A change of colour appearance alone (dark mode, contrast, a theme's palette) keeps
    /// every size, as UIKit does: the views hear of it and redraw, nothing is measured.
    @Test func aChangeOfColourAppearanceAloneKeepsTheSizes() throws {
        final class RecordingCell: TextCell {
            var stylesSeen: [UserInterfaceStyle] = []
            override func traitCollectionDidChange(_ previous: TraitCollection?) {
                stylesSeen.append(traitCollection.userInterfaceStyle)
            }
        }
        let data = TextDataSource(count: 20)
        let collection = makeCollection(data, size: Size(width: 375, height: 400))
        collection.register(RecordingCell.self, forCellWithReuseIdentifier: "text")
        try collection.performLayout()
        let first = collection.sizeCache.measurementCount
        let frames = collection.displayedFrames
        let cells = collection.visibleCells.compactMap { $0 as? RecordingCell }
        #expect(!cells.isEmpty)
        collection.overrideTraitCollection = TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high)
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == first)
        #expect(collection.displayedFrames.map(\.1) == frames.map(\.1))
        #expect(cells.allSatisfy { $0.stylesSeen.last == .dark && $0.superview != nil }, "\(cells.map { ($0.stylesSeen, $0.superview == nil) })")
        // Another trait with it still re-measures.
        collection.overrideTraitCollection = TraitCollection(preferredContentSizeCategory: .extraLarge, userInterfaceStyle: .light)
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == 2 * first)
    }

    @Test func aLargerTextSizeCategoryGivesLargerCells() throws {
        /// Scales its 10 pt characters with the text size category, like Dynamic Type.
        final class DynamicTypeCell: TextCell {
            override func sizeThatFits(_ size: Size) -> Size {
                let advance = traitCollection.preferredContentSizeCategory.scaledSize(for: 10)
                return Size(width: Double(text.count) * advance + 10, height: advance * 2 + 10)
            }
        }
        let data = TextDataSource(sections: [[TextItem(id: 0, text: "abcd")]])
        let collection = makeCollection(data)
        collection.register(DynamicTypeCell.self, forCellWithReuseIdentifier: "text")
        try collection.performLayout()
        #expect(collection.visibleCells.first?.frame.size == Size(width: 50, height: 30))
        collection.overrideTraitCollection = TraitCollection(preferredContentSizeCategory: .accessibilityLarge)
        try collection.performLayout()
        let scaled = ContentSizeCategory.accessibilityLarge.scaledSize(for: 10)
        #expect(scaled > 10)
        #expect(collection.visibleCells.first?.frame.size == Size(width: 4 * scaled + 10, height: 2 * scaled + 10))
    }
}
