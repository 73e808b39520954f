import CGtk
import Foundation
import Trellis
import TrellisGTK
import TrellisImages
import TrellisKit
import TrellisSpec
import TrellisText

/// The photo wall's images (scenario S9): `count` photos of varied sizes (480 to 1,120
/// pixels wide) and aspect ratios (1:2 to 2:1), JPEG and every fifth PNG, each made from
/// its index alone — a few coloured patches scaled up smoothly, so they look like blurred
/// photographs — and written with gdk-pixbuf's savers the first time it is needed, by the
/// decoding thread, into `directory`. Nothing is downloaded; a second run reads the files.
struct PhotoLibrary: Sendable {
    static let count = 3_000
    /// Width over height, from tall to wide.
    static let ratios = [0.5, 9.0 / 16, 2.0 / 3, 0.75, 0.8, 1, 1.25, 4.0 / 3, 1.5, 16.0 / 9, 2]
    let directory: String

    /// `TRELLIS_PHOTO_DIR` if set, else `photo-wall-1` in the user's cache folder
    /// (`$XDG_CACHE_HOME/trellis`, or `~/.cache/trellis`). The suffix is the generator's
    /// version: a change to the pictures gets a new folder.
    static func defaultDirectory() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["TRELLIS_PHOTO_DIR"], !chosen.isEmpty { return chosen }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache"
        return cache + "/trellis/photo-wall-1"
    }

    /// A reproducible 64-bit mix of the index and a salt (SplitMix64's finaliser).
    static func mix(_ index: Int, _ salt: UInt64) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 &+ salt
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func isPNG(_ index: Int) -> Bool { index % 5 == 0 }

    /// The photo's size in pixels.
    static func pixelSize(_ index: Int) -> (width: Int, height: Int) {
        let width = 480 + Int(mix(index, 1) % 5) * 160
        let ratio = ratios[Int(mix(index, 2) % UInt64(ratios.count))]
        return (width, max(1, Int((Double(width) / ratio).rounded())))
    }

    func path(_ index: Int) -> String {
        directory + "/photo-" + String(index + 10_000).dropFirst() + (Self.isPNG(index) ? ".png" : ".jpg")
    }

    /// Writes the photo if its file is missing (to a temporary name, then renamed, so a
    /// reader never sees half a file).
    func ensure(_ index: Int) throws {
        let target = path(index)
        guard !FileManager.default.fileExists(atPath: target) else { return }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (patchesAcross, patchesDown) = (4, 3)
        var rgba: [UInt8] = []
        let hue = Double(Self.mix(index, 3) % 360) / 360
        for patch in 0..<(patchesAcross * patchesDown) {
            let shift = Double(Self.mix(index, 10 + UInt64(patch)) % 100) / 100 * 0.25
            let light = 0.35 + Double(Self.mix(index, 40 + UInt64(patch)) % 100) / 100 * 0.5
            let (r, g, b) = Self.rgb(hue: (hue + shift).truncatingRemainder(dividingBy: 1), saturation: 0.55, lightness: light)
            rgba += [r, g, b, 255]
        }
        let small = try Image(pixelWidth: patchesAcross, pixelHeight: patchesDown, rgba: rgba)
        let temporary = target + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try PixbufCodec.write(small, to: temporary, as: Self.isPNG(index) ? .png : .jpeg(quality: 82), pixelSize: Self.pixelSize(index))
        guard rename(temporary, target) == 0 else {
            unlink(temporary)
            throw ImageError(.unwritable, "\(target): cannot move the written photo into place: \(String(cString: strerror(errno)))")
        }
    }

    /// HSL to 8-bit RGB.
    static func rgb(hue: Double, saturation: Double, lightness: Double) -> (UInt8, UInt8, UInt8) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue * 6
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(sector) % 6 {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}

/// A photo: an image view filling the cell, over a placeholder colour until the image
/// arrives. Its height is its width over `aspectRatio` (the estimate, then the image's).
final class PhotoCell: CollectionViewCell {
    let imageView = ImageView()
    var aspectRatio = 1.0

    required init() {
        super.init()
        contentView.backgroundColor = Color(hex: "#dfe3e8")!
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        contentView.addSubview(imageView)
    }

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        var fitted = attributes
        fitted.frame.size.height = (attributes.frame.width / aspectRatio).rounded()
        return fitted
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
    }
}

/// `trellis gallery --page photos`: S9, a waterfall of `PhotoLibrary.count` photos whose
/// ratios are known only once decoded. Cells start square (the estimate); the
/// `CollectionImageFeed` decodes off the main thread what is on screen first, then what
/// the prefetching announces ahead of the scrolling, and re-measures an item when its
/// image arrives with another ratio.
///
/// As the page's delegate it answers `sizeForItemAt` — the estimate of an item not measured
/// yet, or measured again — at the item's ratio as far as it is known: an item measured
/// earlier and off screen when its image arrives goes back to that estimate, which is its
/// true size, so the column does not move (with one fixed estimate it moved by the
/// difference until the item was measured again).
final class PhotoWallPage: GalleryPage, CollectionViewDelegate {
    let library: PhotoLibrary
    /// The feed of the page's collection view (one per page: the gallery makes one).
    private(set) var feed: CollectionImageFeed<Int>?
    /// The collection view the feed serves.
    private weak var shownCollection: CollectionView?

    init(library: PhotoLibrary) {
        self.library = library
        let caption = CellTemplate(font: Font(family: "DejaVu Sans", size: 13), padding: EdgeInsets(all: 4), background: .white)
        super.init(name: "photos", title: "S9 · photo wall", count: PhotoLibrary.count, template: caption, layout: .waterfall,
                   estimate: Size(width: 150, height: 150)) { "photo \($0)" }
    }

    override func makeCollectionView(width: Double, height: Double = 600) -> CollectionView {
        let collection = super.makeCollectionView(width: width, height: height)
        collection.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
        let library = self.library
        let loader = ImageLoader<ImageVariant<Int>> { request in
            try library.ensure(request.key.key)
            return try PixbufCodec.decode(file: request.path, pixelWidth: request.pixelWidth, scale: request.scale)
        }
        let feed = CollectionImageFeed(collectionView: collection, loader: loader, decodeWidth: Self.decodeWidth(collection, scale: 1)) {
            ($0.item, library.path($0.item))
        }
        feed.show = { cell, image in
            guard let cell = cell as? PhotoCell else { return }
            cell.imageView.image = image
            cell.aspectRatio = Double(image.pixelWidth) / Double(image.pixelHeight)
        }
        self.feed = feed
        self.shownCollection = collection
        collection.delegate = self
        reportStatisticsIfAsked()
        return collection
    }

    /// Follows the scale factor of the widget showing the page: photos are decoded at the
    /// screen's pixels (a 2× screen gets twice as many a side), and again when the window
    /// moves to a screen of another scale.
    @MainActor func follow(_ host: CollectionWidget) {
        host.onScaleFactorChange = { [weak self] scale in self?.screenScaleChanged(to: Double(scale)) }
        screenScaleChanged(to: Double(host.scaleFactor))
    }

    private func screenScaleChanged(to scale: Double) {
        guard let feed, let collection = shownCollection else { return }
        feed.displayChanged(scale: scale, decodeWidth: Self.decodeWidth(collection, scale: scale))
    }

    /// With `TRELLIS_GTK_DEBUG=1`, a debug line every 250 ms on the main loop:
    /// `{"event":"photoWall", ...}` with the items whose image was ready when they were
    /// displayed and those whose was not, the same for the items prefetching announced
    /// first (the prefetch hit rate), the cache's bytes and budget, its evictions, the
    /// decodes outstanding, the scale and width decoded at, and for each displayed photo
    /// `[item, pixel width of its image, width of its cell in points]`.
    private func reportStatisticsIfAsked() {
        guard ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" else { return }
        let tick: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
            let page = Unmanaged<PhotoWallPage>.fromOpaque(context!).takeUnretainedValue()
            guard let feed = page.feed else { return 1 }
            let shown = (page.shownCollection?.visibleCells ?? []).compactMap { cell -> String? in
                guard let photo = cell as? PhotoCell, let image = photo.imageView.image,
                      let item = page.shownCollection?.indexPath(for: cell)?.item else { return nil }
                return "[\(item),\(image.pixelWidth),\(photo.frame.width)]"
            }
            FileHandle.standardOutput.write(Data((
                "{\"event\":\"photoWall\",\"readyWhenDisplayed\":\(feed.readyWhenDisplayed),\"missingWhenDisplayed\":\(feed.missingWhenDisplayed),"
                + "\"prefetchedReadyWhenDisplayed\":\(feed.prefetchedReadyWhenDisplayed),\"prefetchedMissingWhenDisplayed\":\(feed.prefetchedMissingWhenDisplayed),"
                + "\"cacheBytes\":\(feed.cache.totalBytes),\"budgetBytes\":\(feed.cache.byteBudget),\"evictions\":\(feed.cache.evictionCount),"
                + "\"outstanding\":\(feed.loader.outstandingCount),\"scale\":\(feed.scale),\"decodeWidth\":\(feed.decodeWidth),"
                + "\"shown\":[\(shown.joined(separator: ","))]}\n").utf8))
            return 1  // G_SOURCE_CONTINUE
        }
        // The page lives as long as the window (its widget retains it).
        g_timeout_add(250, tick, Unmanaged.passUnretained(self).toOpaque())
    }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: Trellis.IndexPath) -> Size {
        // The width of the item's column as the layout gives it (the columns' edges are on
        // whole points, so the two can differ by one): the estimate is then the size the
        // cell measures, and an item whose image arrived does not change again when it is
        // measured. Before the layout has placed the item: the width less the section
        // insets and the spacing, halved (GalleryLayout.waterfall: two columns, 8 apart, 10
        // inside), on whole points.
        let column: Double
        if let waterfall = collectionViewLayout as? WaterfallLayout,
           case .exactly(let width) = waterfall.fittingProposal(forItemAt: indexPath).width, width > 0 {
            column = width
        } else {
            column = ((collectionView.containerSize.width - 20 - 8) / 2).rounded(.down)
        }
        let ratio = feed?.aspectRatio(forItemAt: indexPath) ?? 1
        return Size(width: column, height: (column / ratio).rounded())
    }

    /// The pixel width to decode at: the wider column's width (the layout puts the column
    /// edges on whole points, so the two differ by a point at most: this is the half width
    /// rounded up) times the screen's scale, rounded up, at least 1.
    static func decodeWidth(_ collection: CollectionView, scale: Double) -> Int {
        let column = ((collection.containerSize.width - 20 - 8) / 2).rounded(.up)
        return max(1, Int((column * scale).rounded(.up)))
    }

    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: Trellis.IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! PhotoCell
        guard let feed else { return cell }
        // A new width (the window resized) decodes at the new column width.
        let width = Self.decodeWidth(collectionView, scale: feed.scale)
        if width != feed.decodeWidth { feed.displayChanged(scale: feed.scale, decodeWidth: width) }
        cell.aspectRatio = feed.aspectRatio(forItemAt: indexPath)
        cell.imageView.image = feed.image(forItemAt: indexPath)
        return cell
    }
}
