import Benchmark
import CPango
import Trellis
import TrellisKit
import TrellisRender
#if canImport(Glibc)
import Glibc
#endif

// Scenario S9's frame target, headless: the per-frame work of the GTK window scrolling the
// photo wall (`trellis gallery --page photos`) — an 800×600 two-column waterfall of photo
// cells (an image view filling the cell, aspect fill, clipped), each photo a decoded image
// of its own at the column's width (386 px, ratios 1:2 to 2:1, as the gallery's library) —
// without GTK and without decoding (decoding runs on worker threads in the window). One
// iteration is one frame: a wheel step (page^(2/3) ≈ 71 pt), the layout pass (a photo
// coming into view is measured at its ratio), drawing the visible cells into an 800×600
// Cairo image surface through the window's `CellDrawingCache`. Every photo coming into view
// is a new image (its own pixel storage), as a decoded photo is: nothing is drawn from a
// picture of another item. Target: p99 ≤ 4 ms.

/// The gallery's photo cell: an image view filling the cell over a placeholder colour;
/// its height is the column's width over the photo's ratio.
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

/// Photos as decoded images: item i has a ratio from 1:2 to 2:1 (a hash of i) and gets a
/// fresh image of its own, `columnPixels` wide, the first time it is shown; images of items
/// far behind are dropped, as a decoded-image cache within its budget would.
final class PhotoSource: CollectionViewDataSource {
    let count: Int
    let columnPixels: Int
    /// A few sample pictures to copy pixels from (a gradient each), by ratio bucket.
    private var samples: [Image] = []
    private var images: [Int: Image] = [:]

    init(count: Int, columnPixels: Int) {
        self.count = count
        self.columnPixels = columnPixels
        for bucket in 0..<8 {
            let height = Int((Double(columnPixels) / Self.ratio(bucket: bucket)).rounded())
            var rgba = [UInt8](repeating: 255, count: columnPixels * height * 4)
            for y in 0..<height {
                for x in 0..<columnPixels {
                    let offset = (y * columnPixels + x) * 4
                    rgba[offset] = UInt8(truncatingIfNeeded: x &* 3 &+ bucket &* 29)
                    rgba[offset + 1] = UInt8(truncatingIfNeeded: y &* 2)
                    rgba[offset + 2] = UInt8(truncatingIfNeeded: (x ^ y) &+ bucket)
                }
            }
            samples.append(try! Image(pixelWidth: columnPixels, pixelHeight: height, rgba: rgba))
        }
    }

    static func ratio(bucket: Int) -> Double { 0.5 + 1.5 * Double(bucket) / 7 }
    static func bucket(_ item: Int) -> Int { Int(((UInt64(truncatingIfNeeded: item) &* 2_654_435_761) >> 7) % 8) }
    static func ratio(item: Int) -> Double { ratio(bucket: bucket(item)) }

    func image(_ item: Int) -> Image {
        if let image = images[item] { return image }
        // A new storage, as a decoded photo has: a copy of the sample's pixels.
        let sample = samples[Self.bucket(item)]
        let image = try! Image(pixelWidth: sample.pixelWidth, pixelHeight: sample.pixelHeight, rgba: sample.rgba.withUnsafeBufferPointer { Array($0) })
        images[item] = image
        if images.count > 200 { images = images.filter { $0.key > item - 100 } }
        return image
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! PhotoCell
        cell.aspectRatio = Self.ratio(item: indexPath.item)
        cell.imageView.image = image(indexPath.item)
        return cell
    }
}

let benchmarks: @Sendable () -> Void = {
    let frames = getenv("PHOTO_WALL_BENCH_FRAMES").flatMap { Int(String(cString: $0)) } ?? 3_000
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        warmupIterations: 0, maxDuration: .seconds(3_600), maxIterations: frames)

    let layout = WaterfallLayout(options: WaterfallLayout.Options(
        columns: .count(2), columnSpacing: 8, itemSpacing: 8, sections: SectionStyle(insets: EdgeInsets(all: 10))))
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), layout: layout)
    collection.derivesSizeClassFromWidth = false
    collection.estimatedItemSize = .fixed(Size(width: 150, height: 150))
    collection.backgroundColor = .white
    collection.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
    let source = PhotoSource(count: 1_000_000, columnPixels: 386)
    collection.dataSource = source
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
    let cairo = cairo_create(surface)!
    let renderer = Renderer(options: RenderOptions(scale: 1, background: .white))
    let cache = CellDrawingCache()
    let step = pow(600.0, 2.0 / 3.0)

    func frame(by delta: Double) throws {
        let end = max(0, collection.contentSize.height - collection.bounds.height)
        collection.contentOffset = Point(x: 0, y: min(max(0, collection.contentOffset.y + delta), end))
        try collection.performLayout()
        renderer.draw(collection, into: cairo, cache: cache)
    }

    Benchmark(
        "S9 photo wall, 800×600: scroll a wheel step, lay out, draw (new photos coming into view)",
        configuration: .init(setup: { try? frame(by: 0) })
    ) { [source] benchmark in
        // The collection view holds its data source weakly, as UIKit's.
        withExtendedLifetime(source) {}
        let before = collection.contentOffset.y
        try frame(by: step)
        benchmark.stopMeasurement()
        precondition(collection.contentOffset.y > before, "the wall did not scroll: at \(before) of \(collection.contentSize.height)")
        precondition(cache.cellsCopied >= 2, "\(cache.cellsCopied) photos drawn")  // one a column at least
    }
}
