import Trellis
import TrellisKit

/// Images for the items of a collection view, whose sizes are known only once decoded (a
/// photo wall): the collection's prefetch data source, an `ImageLoader` decoding off the
/// main thread, a `DecodedImageCache` within its byte budget that never evicts what is on
/// screen, and the aspect ratios learned from decoded images.
///
/// Until an item's image has arrived its cell is sized at `estimatedAspectRatio`; when the
/// image arrives with another ratio, the item's measured size is invalidated
/// (`invalidateCachedSizes(forItemsAt:)`), so the collection measures it again in its next
/// pass and keeps its anchor still: on screen only the items after the grown one move. A
/// displayed cell is handed its image through `show`.
///
/// Main-thread confined (the thread that iterates GLib's default main context).
public final class CollectionImageFeed<Key: Hashable & Sendable>: CollectionViewDataSourcePrefetching {
    /// What to load for an item: its key and file, or nil when it has no image.
    public typealias Source = (IndexPath) -> (key: Key, path: String)?

    public let cache: DecodedImageCache<Key>
    public let loader: ImageLoader<Key>
    /// Width over height assumed for an image not decoded yet.
    public var estimatedAspectRatio: Double
    /// The width to decode at, in pixels (the column's width times the screen's scale).
    public var decodeWidth: Int
    /// Hands a decoded image to the displayed cell of an item: show it, and set what the
    /// cell's size depends on (its ratio), since the cell is measured again, not reconfigured.
    public var show: ((CollectionViewCell, Image) -> Void)?
    /// Called with each error of a decode (the cell keeps its placeholder).
    public var onError: ((IndexPath, ImageError) -> Void)?
    /// The most bytes of images prefetching holds ahead of the scrolling — decoding, or
    /// decoded and not displayed yet — estimated at `decodeWidth` and the ratio known (or
    /// the estimate): half the cache's budget by default, so that what prefetching brings
    /// in is not evicted by what it brings in next before it shows. Announcements beyond it
    /// (the farthest: they come nearest first) are not loaded; an item among them is
    /// loaded when it is displayed.
    public var prefetchByteBudget: Int
    /// The bytes prefetching holds now (see `prefetchByteBudget`).
    public var prefetchedBytes: Int { prefetched.values.reduce(0, +) }

    /// Items whose image was decoded when they were displayed, and those whose was not
    /// (every item, the first screen's included).
    public private(set) var readyWhenDisplayed = 0
    public private(set) var missingWhenDisplayed = 0
    /// The same two counts for the items prefetching announced before they were displayed:
    /// the prefetch hit rate.
    public private(set) var prefetchedReadyWhenDisplayed = 0
    public private(set) var prefetchedMissingWhenDisplayed = 0

    private weak var collectionView: CollectionView?
    private let source: Source
    private var ratios: [Key: Double] = [:]
    /// Where each key in flight was asked for: the image is for that item.
    private var requested: [Key: IndexPath] = [:]
    /// Keys announced by prefetching and not displayed since.
    private var announced: Set<Key> = []
    /// Keys prefetching loaded (or found cached) and that were not displayed or cancelled
    /// since, with their estimated bytes.
    private var prefetched: [Key: Int] = [:]

    /// A feed for `collectionView`, made its `prefetchDataSource`.
    public init(collectionView: CollectionView, loader: ImageLoader<Key> = ImageLoader(), cache: DecodedImageCache<Key> = DecodedImageCache(),
                estimatedAspectRatio: Double = 1, decodeWidth: Int, source: @escaping Source) {
        precondition(estimatedAspectRatio > 0 && decodeWidth > 0, "an image feed needs a positive estimated ratio and decode width")
        self.collectionView = collectionView
        self.loader = loader
        self.cache = cache
        self.estimatedAspectRatio = estimatedAspectRatio
        self.decodeWidth = decodeWidth
        self.source = source
        prefetchByteBudget = cache.byteBudget / 2
        loader.onLoad = { [weak self] key, result in self?.arrived(key, result) }
        collectionView.prefetchDataSource = self
    }

    /// The aspect ratio (width over height) to size the item at: its image's once decoded,
    /// the estimate before.
    public func aspectRatio(forItemAt indexPath: IndexPath) -> Double {
        guard let key = source(indexPath)?.key else { return estimatedAspectRatio }
        return ratios[key] ?? estimatedAspectRatio
    }

    /// Whether the item's image has been decoded once (its ratio is known).
    public func hasArrived(_ indexPath: IndexPath) -> Bool {
        guard let key = source(indexPath)?.key else { return false }
        return ratios[key] != nil
    }

    /// The item's decoded image if cached; otherwise nil, and its decoding is asked for
    /// ahead of prefetched ones. Call from `cellForItemAt`.
    public func image(forItemAt indexPath: IndexPath) -> Image? {
        guard let (key, path) = source(indexPath) else { return nil }
        let wasAnnounced = announced.remove(key) != nil
        prefetched[key] = nil
        if let image = cache.image(for: key) {
            readyWhenDisplayed += 1
            if wasAnnounced { prefetchedReadyWhenDisplayed += 1 }
            return image
        }
        missingWhenDisplayed += 1
        if wasAnnounced { prefetchedMissingWhenDisplayed += 1 }
        requested[key] = indexPath
        loader.load(.init(key: key, path: path, pixelWidth: decodeWidth), urgent: true)
        return nil
    }

    // MARK: CollectionViewDataSourcePrefetching

    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        var held = prefetchedBytes
        for indexPath in indexPaths {
            guard let (key, path) = source(indexPath) else { continue }
            if prefetched[key] == nil {
                let bytes = estimatedBytes(of: key)
                guard held + bytes <= prefetchByteBudget else { break }
                prefetched[key] = bytes
                held += bytes
            }
            announced.insert(key)
            guard !cache.contains(key) else { continue }
            requested[key] = indexPath
            loader.load(.init(key: key, path: path, pixelWidth: decodeWidth))
        }
    }

    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            guard let key = source(indexPath)?.key else { continue }
            announced.remove(key)
            prefetched[key] = nil
            loader.cancel(key)
            requested[key] = nil
        }
    }

    /// The bytes `key`'s image takes decoded at `decodeWidth` (4 a pixel), at its ratio
    /// when known.
    private func estimatedBytes(of key: Key) -> Int {
        let ratio = ratios[key] ?? estimatedAspectRatio
        return decodeWidth * Int((Double(decodeWidth) / ratio).rounded(.up)) * 4
    }

    // MARK: Arrival

    private func arrived(_ key: Key, _ result: Result<Image, ImageError>) {
        guard let indexPath = requested.removeValue(forKey: key), let collectionView else { return }
        let image: Image
        switch result {
        case .success(let decoded): image = decoded
        case .failure(let error):
            prefetched[key] = nil
            onError?(indexPath, error)
            return
        }
        let ratio = Double(image.pixelWidth) / Double(image.pixelHeight)
        let previous = ratios[key] ?? estimatedAspectRatio
        ratios[key] = ratio
        // The cache may evict to make room, never an image of a displayed item.
        cache.setOnScreen(Set(collectionView.indexPathsForVisibleItems.compactMap { source($0)?.key }))
        cache.insert(image, for: key)
        if let cell = collectionView.cellForItem(at: indexPath) {
            show?(cell, image)
            collectionView.setNeedsLayout()  // the host draws the new pixels
        }
        if ratio != previous { collectionView.invalidateCachedSizes(forItemsAt: [indexPath]) }
    }
}
