import Trellis
import TrellisKit

/// One decoding of an item's image: the item's key and the width in pixels it is decoded
/// at. A feed's loader and cache are keyed by it, so the same photo for a 1× and a 2×
/// screen (or for two column widths) is two requests and two entries, each counted at its
/// own pixels, and asking for the new one never waits for or takes the old.
public struct ImageVariant<Key: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    public var key: Key
    public var pixelWidth: Int

    public init(key: Key, pixelWidth: Int) {
        self.key = key
        self.pixelWidth = pixelWidth
    }

    public var description: String { "\(key) @\(pixelWidth)px" }
}

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
/// Images are decoded `decodeWidth` pixels wide at `scale` pixels a point, so on a 2×
/// screen a photo is drawn from as many pixels as the screen has. When the screen's scale
/// or the width changes (`displayChanged(scale:decodeWidth:)`), the items on screen are
/// asked for at the new width and keep their old pictures until the new ones arrive.
///
/// Main-thread confined (the thread that iterates GLib's default main context).
public final class CollectionImageFeed<Key: Hashable & Sendable>: CollectionViewDataSourcePrefetching {
    /// What to load for an item: its key and file, or nil when it has no image.
    public typealias Source = (IndexPath) -> (key: Key, path: String)?

    public let cache: DecodedImageCache<ImageVariant<Key>>
    public let loader: ImageLoader<ImageVariant<Key>>
    /// Width over height assumed for an image not decoded yet.
    public var estimatedAspectRatio: Double
    /// The width to decode at, in pixels: the widest cell's width in points times `scale`.
    public private(set) var decodeWidth: Int
    /// Pixels per point of the screen the images are shown on (the widget's scale
    /// factor): the scale of the images decoded.
    public private(set) var scale: Double
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
    /// Per key in flight: the width asked for and the item it was asked for (at most one
    /// request a key: asking at a new width cancels the old one).
    private var requested: [Key: (pixelWidth: Int, indexPath: IndexPath)] = [:]
    /// Keys announced by prefetching and not displayed since, with their items.
    private var announced: [Key: IndexPath] = [:]
    /// Keys prefetching loaded (or found cached) and that were not displayed or cancelled
    /// since, with their estimated bytes.
    private var prefetched: [Key: Int] = [:]
    /// Per key, the width of the image the feed last put in the cache (the cache may have
    /// evicted it since): shown while another width is decoded, and removed when it arrives.
    private var cachedWidth: [Key: Int] = [:]

    /// A feed for `collectionView`, made its `prefetchDataSource`.
    public init(collectionView: CollectionView, loader: ImageLoader<ImageVariant<Key>> = ImageLoader(),
                cache: DecodedImageCache<ImageVariant<Key>> = DecodedImageCache(),
                estimatedAspectRatio: Double = 1, decodeWidth: Int, scale: Double = 1, source: @escaping Source) {
        precondition(estimatedAspectRatio > 0 && decodeWidth > 0, "an image feed needs a positive estimated ratio and decode width")
        precondition(scale > 0 && scale.isFinite, "an image feed needs a positive scale")
        self.collectionView = collectionView
        self.loader = loader
        self.cache = cache
        self.estimatedAspectRatio = estimatedAspectRatio
        self.decodeWidth = decodeWidth
        self.scale = scale
        self.source = source
        prefetchByteBudget = cache.byteBudget / 2
        loader.onLoad = { [weak self] variant, result in self?.arrived(variant, result) }
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

    /// The item's decoded image at `decodeWidth` if cached; otherwise its decoding is asked
    /// for ahead of prefetched ones, and the image is the one cached at another width (a
    /// scale that changed) or nil. Call from `cellForItemAt`.
    public func image(forItemAt indexPath: IndexPath) -> Image? {
        guard let (key, path) = source(indexPath) else { return nil }
        let wasAnnounced = announced.removeValue(forKey: key) != nil
        prefetched[key] = nil
        if let image = cache.image(for: ImageVariant(key: key, pixelWidth: decodeWidth)) {
            readyWhenDisplayed += 1
            if wasAnnounced { prefetchedReadyWhenDisplayed += 1 }
            return image
        }
        missingWhenDisplayed += 1
        if wasAnnounced { prefetchedMissingWhenDisplayed += 1 }
        request(key, path: path, for: indexPath, urgent: true)
        return cachedWidth[key].flatMap { cache.image(for: ImageVariant(key: key, pixelWidth: $0)) }
    }

    /// The screen's scale or the width to decode at changed (the window moved to a screen
    /// of another scale, the columns were resized): images are decoded at `decodeWidth`
    /// pixels and `scale` from now on. The items on screen are asked for again at once
    /// (they keep their pictures until the new ones arrive), the items prefetching
    /// announced are asked for at the new width, and what was loading at the old width is
    /// cancelled.
    public func displayChanged(scale: Double, decodeWidth: Int) {
        precondition(scale > 0 && scale.isFinite && decodeWidth > 0, "an image feed needs a positive scale and decode width")
        guard scale != self.scale || decodeWidth != self.decodeWidth else { return }
        self.scale = scale
        self.decodeWidth = decodeWidth
        for (key, request) in requested where request.pixelWidth != decodeWidth {
            loader.cancel(ImageVariant(key: key, pixelWidth: request.pixelWidth))
            requested[key] = nil
        }
        guard let collectionView else { return }
        for indexPath in collectionView.indexPathsForVisibleItems {
            guard let (key, path) = source(indexPath) else { continue }
            if let image = cache.image(for: ImageVariant(key: key, pixelWidth: decodeWidth)) {
                if let cell = collectionView.cellForItem(at: indexPath) { show?(cell, image) }
                collectionView.setNeedsLayout()
            } else {
                request(key, path: path, for: indexPath, urgent: true)
            }
        }
        for (key, indexPath) in announced where requested[key] == nil {
            guard let (_, path) = source(indexPath), !cache.contains(ImageVariant(key: key, pixelWidth: decodeWidth)) else { continue }
            request(key, path: path, for: indexPath, urgent: false)
        }
    }

    /// Asks the loader for `key` at `decodeWidth` for the item at `indexPath`, cancelling a
    /// request of the key at another width.
    private func request(_ key: Key, path: String, for indexPath: IndexPath, urgent: Bool) {
        if let previous = requested[key], previous.pixelWidth != decodeWidth {
            loader.cancel(ImageVariant(key: key, pixelWidth: previous.pixelWidth))
        }
        requested[key] = (decodeWidth, indexPath)
        loader.load(.init(key: ImageVariant(key: key, pixelWidth: decodeWidth), path: path, pixelWidth: decodeWidth, scale: scale), urgent: urgent)
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
            announced[key] = indexPath
            guard !cache.contains(ImageVariant(key: key, pixelWidth: decodeWidth)) else { continue }
            request(key, path: path, for: indexPath, urgent: false)
        }
    }

    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            guard let key = source(indexPath)?.key else { continue }
            announced[key] = nil
            prefetched[key] = nil
            if let request = requested.removeValue(forKey: key) {
                loader.cancel(ImageVariant(key: key, pixelWidth: request.pixelWidth))
            }
        }
    }

    /// The bytes `key`'s image takes decoded at `decodeWidth` (4 a pixel), at its ratio
    /// when known.
    private func estimatedBytes(of key: Key) -> Int {
        let ratio = ratios[key] ?? estimatedAspectRatio
        return decodeWidth * Int((Double(decodeWidth) / ratio).rounded(.up)) * 4
    }

    // MARK: Arrival

    private func arrived(_ variant: ImageVariant<Key>, _ result: Result<Image, ImageError>) {
        let key = variant.key
        guard let request = requested[key], request.pixelWidth == variant.pixelWidth, let collectionView else { return }
        requested[key] = nil
        let indexPath = request.indexPath
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
        // The cache may evict to make room, never an image of a displayed item (at the
        // width it shows, or at the width that replaces it).
        var onScreen = Set<ImageVariant<Key>>()
        for key in collectionView.indexPathsForVisibleItems.compactMap({ source($0)?.key }) {
            onScreen.insert(ImageVariant(key: key, pixelWidth: decodeWidth))
            if let shown = cachedWidth[key] { onScreen.insert(ImageVariant(key: key, pixelWidth: shown)) }
        }
        cache.setOnScreen(onScreen)
        // One image a key: the one at the width it replaces goes.
        if let replaced = cachedWidth[key], replaced != variant.pixelWidth {
            cache.removeImage(for: ImageVariant(key: key, pixelWidth: replaced))
        }
        if case .stored = cache.insert(image, for: variant) { cachedWidth[key] = variant.pixelWidth } else { cachedWidth[key] = nil }
        if let cell = collectionView.cellForItem(at: indexPath) {
            show?(cell, image)
            collectionView.setNeedsLayout()  // the host draws the new pixels
        }
        if ratio != previous { collectionView.invalidateCachedSizes(forItemsAt: [indexPath]) }
    }
}
