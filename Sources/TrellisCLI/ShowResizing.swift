import Foundation
import Trellis
import TrellisGTK
import TrellisKit
import TrellisSpec
import TrellisText

/// `trellis show` without `--self-sizing` sizes text items up front for the document's
/// width, as `render` does; when the window's width or GTK's text scale changes they are
/// measured again for the new width or text size (otherwise text would be clipped in a
/// narrower window or at a larger text size, and cells stay as wide as the document in a
/// wider one). The collection gets the document at that width as its
/// data source and delegate; the selection and the item the person was reading, at its
/// distance from the top edge, are kept.
@MainActor
final class ShowResizing {
    private let document: LayoutDocument
    private var collection: DocumentCollection

    init(document: LayoutDocument, collection: DocumentCollection) {
        self.document = document
        self.collection = collection
    }

    /// Measures the text items again for `width` and `category` (nil: as they are).
    func remeasure(in host: CollectionWidget, width: Double? = nil, category: ContentSizeCategory? = nil) {
        let collectionView = host.collectionView
        let width = width ?? collection.document.width, category = category ?? collection.contentSizeCategory
        guard width > 0, width != collection.document.width || category != collection.contentSizeCategory else { return }
        var resized = document
        resized.width = width
        // Where the reader is, in the layout drawn last (still the old width's).
        let reading = host.readingItem
        let distance = reading.flatMap { collectionView.layoutAttributesForItem(at: $0)?.frame.minY }.map { $0 - collectionView.contentOffset.y }
        let selected = collectionView.indexPathsForSelectedItems ?? []
        collection = DocumentCollection(document: resized, contentSizeCategory: category)
        collectionView.dataSource = collection
        collectionView.delegate = collection
        for item in selected { try? collectionView.selectItem(at: item) }
        guard let reading, let distance else { return }
        do {
            // The new sizes are known (measured up front): one pass places the item, the
            // offset puts it back at its distance; the widget's layout follows.
            try collectionView.performLayout()
            if let frame = collectionView.layoutAttributesForItem(at: reading)?.frame {
                collectionView.contentOffset = Point(x: collectionView.contentOffset.x, y: max(0, frame.minY - distance))
            }
        } catch {
            FileHandle.standardError.write(Data("trellis show: \(error)\n".utf8))
        }
    }
}
