import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// Everything a refused batch update must leave as it was, read from a collection view:
/// every section's count, every shown cell (its identity, index path, frame and text),
/// supplementary and decoration views, cached and resolved sizes, reuse pools and
/// prototypes, what is pending, the content offset and size, the subview order and every
/// frame the layout hands out. Compared with `==`: a refused call must leave all of it as it was.
struct CollectionViewState: Equatable {
    struct ShownView: Equatable {
        var view: ObjectIdentifier
        var frame: Rect
        var isHidden: Bool
        var text: String?
    }

    var sectionCounts: [Int]
    var needsReload: Bool
    var preparedContainerSize: Size
    var cells: [IndexPath: ShownView]
    var pendingCells: [IndexPath: ObjectIdentifier]
    var supplementaryViews: [String: ShownView]
    var decorationViews: [String: ShownView]
    var resolvedSizes: [[Size?]]
    var resolvedSupplementarySizes: [String: Size]
    var measuredSupplementarySizeCount: Int
    var sizeCacheCount: Int
    var sizeCacheMeasurements: Int
    var reusePools: [[ObjectIdentifier]]
    var poolCount: Int
    var prototypeCount: Int
    var prefetched: Set<IndexPath>
    var contentOffset: Point
    var contentSize: Size
    var subviews: [ObjectIdentifier]
    var layoutFrames: [String]
    var anchorItem: IndexPath?
    var diagnostics: Int

    init(_ collection: CollectionView) {
        func shown(_ view: ReusableView) -> ShownView {
            ShownView(view: ObjectIdentifier(view), frame: view.frame, isHidden: view.isHidden, text: (view as? TextCell)?.text)
        }
        sectionCounts = collection.sectionCounts
        needsReload = collection.needsReload
        preparedContainerSize = collection.preparedContainerSize
        cells = collection.displayed.cells.mapValues(shown)
        pendingCells = collection.displayed.pendingCells.mapValues(ObjectIdentifier.init)
        supplementaryViews = Dictionary(uniqueKeysWithValues: collection.displayed.supplementaryViews.map { ("\($0.key.kind.name) \($0.key.indexPath)", shown($0.value)) })
        decorationViews = Dictionary(uniqueKeysWithValues: collection.displayed.decorationViews.map { ("\($0.key.kind.name) \($0.key.indexPath)", shown($0.value)) })
        resolvedSizes = collection.sizes.resolvedItemSizes
        resolvedSupplementarySizes = Dictionary(uniqueKeysWithValues: collection.sizes.resolvedSupplementarySizes.map { ("\($0.key.kind.name) \($0.key.section)", $0.value) })
        measuredSupplementarySizeCount = collection.sizes.supplementaryMeasurementCount
        sizeCacheCount = collection.sizeCache.count
        sizeCacheMeasurements = collection.sizeCache.measurementCount
        reusePools = collection.reuse.pools.map { $0.map(ObjectIdentifier.init) }
        poolCount = collection.reuse.poolIndex.count
        prototypeCount = collection.reuse.prototypes.count
        prefetched = collection.displayed.prefetched
        contentOffset = collection.contentOffset
        contentSize = collection.contentSize
        subviews = collection.subviews.map(ObjectIdentifier.init)
        layoutFrames = collection.layout.allElements().map { "\($0.kind.name) \($0.indexPath) \($0.frame)" }
        anchorItem = collection.anchorItem
        diagnostics = collection.diagnostics.count
    }
}

/// Runs `update`, which must be refused with `message`, and checks that the whole state of
/// `collection` is what it was; then runs `corrected` (after `fix` brings the data source in
/// line), which must be accepted and leave the collection showing the data source's items.
func expectRefusedThenCorrected(
    _ collection: CollectionView, _ data: TextDataSource, message: String,
    _ update: (inout BatchUpdate) -> Void,
    fix: (TextDataSource) -> Void = { _ in }, corrected: (inout BatchUpdate) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let before = CollectionViewState(collection)
    let error = try #require(throws: CollectionViewError.self, sourceLocation: sourceLocation) {
        try collection.performBatchUpdates { update(&$0) }
    }
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(CollectionViewState(collection) == before, "a refused update changed the collection view", sourceLocation: sourceLocation)
    // A layout pass after the refusal changes nothing either.
    try collection.performLayout()
    #expect(CollectionViewState(collection) == before, "a layout pass after a refused update changed the collection view", sourceLocation: sourceLocation)
    fix(data)
    try collection.performBatchUpdates { corrected(&$0) }
    try collection.performLayout()
    #expect((0..<collection.numberOfSections).map(collection.numberOfItems(inSection:)) == data.sections.map(\.count), sourceLocation: sourceLocation)
    for indexPath in collection.indexPathsForVisibleItems {
        #expect((collection.cellForItem(at: indexPath) as? TextCell)?.text == data.sections[indexPath.section][indexPath.item].text,
                "\(indexPath) shows the wrong item after the corrected update", sourceLocation: sourceLocation)
    }
}
