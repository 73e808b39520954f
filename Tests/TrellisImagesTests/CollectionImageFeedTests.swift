import CGdkPixbuf
import Foundation
import Testing
import Trellis
import TrellisKit
@testable import TrellisImages

/// The collection's index path, as a UIKit file that imports Foundation names it
/// (docs/Architecture.md, "IndexPath and Foundation").
typealias IndexPath = Trellis.IndexPath

/// A photo wall headless: a waterfall of cells sized by their image's aspect ratio, an
/// estimate until the image, decoded by gdk-pixbuf off the main thread, arrives. Each
/// arrival is followed by a layout pass, and every item on screen before and after is
/// checked against the rule a reader sees: nothing moves except what grew — an item in
/// another column than the one that grew stays exactly where it was on screen, and in the
/// grown item's column either the items above it stay (and those below move by the
/// growth) or the items below stay (it grew upwards, above the anchor).
extension MainContextSuites {
    @Suite("CollectionImageFeed", .serialized)
    struct CollectionImageFeedTests {
        /// A cell whose height is its width over the feed's ratio for the item.
        final class PhotoCell: CollectionViewCell {
            let imageView = ImageView()
            var aspectRatio = 1.0
            required init() {
                super.init()
                contentView.addSubview(imageView)
            }
            override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
                var fitted = attributes
                fitted.frame.size.height = (attributes.frame.width / aspectRatio).rounded()
                return fitted
            }
        }

        final class Wall: CollectionViewDataSource {
            let paths: [String]
            var feed: CollectionImageFeed<Int>!
            init(paths: [String]) { self.paths = paths }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { paths.count }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
                let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! PhotoCell
                cell.aspectRatio = feed.aspectRatio(forItemAt: indexPath)
                cell.imageView.image = feed.image(forItemAt: indexPath)
                return cell
            }
        }

        /// `count` small images of varied ratios (0.5 to 2), JPEG and PNG, in a new folder.
        static func writePhotos(count: Int) throws -> [String] {
            let directory = NSTemporaryDirectory() + "trellis-wall-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let ratios = [0.5, 0.75, 1.0, 1.5, 2.0, 0.6, 1.33]
            return try (0..<count).map { index in
                let width = 120
                let height = Int((Double(width) / ratios[index % ratios.count]).rounded())
                let path = directory + "/\(index).\(index % 2 == 0 ? "jpg" : "png")"
                try PixbufCodec.write(Image(pixelWidth: 4, pixelHeight: 4, color: Color(red: Double(index % 7) / 7, green: 0.5, blue: 0.5)),
                                      to: path, as: index % 2 == 0 ? .jpeg(quality: 80) : .png, pixelSize: (width, height))
                return path
            }
        }

        /// The frames of the displayed items relative to the bounds (what the reader sees).
        func onScreen(_ collection: CollectionView) -> [Int: Rect] {
            var frames: [Int: Rect] = [:]
            for indexPath in collection.indexPathsForVisibleItems {
                frames[indexPath.item] = collection.cellForItem(at: indexPath)!.frame.offsetBy(dx: -collection.bounds.minX, dy: -collection.bounds.minY)
            }
            return frames
        }

        @Test func arrivingImagesMoveNothingOnScreenButWhatGrew() throws {
            let paths = try Self.writePhotos(count: 300)
            let wall = Wall(paths: paths)
            let collection = CollectionView(
                frame: Rect(x: 0, y: 0, width: 600, height: 800),
                layout: WaterfallLayout(options: .init(columns: .count(3), columnSpacing: 8, itemSpacing: 8)))
            collection.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
            collection.estimatedItemSize = .fixed(Size(width: 195, height: 195))
            let cache = DecodedImageCache<ImageVariant<Int>>(byteBudget: 2 * 1024 * 1024)
            wall.feed = CollectionImageFeed(collectionView: collection, cache: cache, estimatedAspectRatio: 1, decodeWidth: 195) {
                ($0.item, paths[$0.item])
            }
            wall.feed.show = { cell, image in
                let cell = cell as! PhotoCell
                cell.imageView.image = image
                cell.aspectRatio = Double(image.pixelWidth) / Double(image.pixelHeight)
            }
            collection.dataSource = wall
            try collection.performLayout()
            // Start in the middle of the wall, so that images arrive above the screen too.
            collection.contentOffset = Point(x: 0, y: 6000)
            try collection.performLayout()

            var checkedArrivals = 0
            var moved = 0
            var before = onScreen(collection)
            var failure: String?
            var offScreenFailure: String?
            let arrive = wall.feed.loader.onLoad!
            /// The item's frame in the layout relative to the bounds, displayed or not.
            func layoutFrame(_ item: Int) -> Rect? {
                collection.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
                    .offsetBy(dx: -collection.bounds.minX, dy: -collection.bounds.minY)
            }
            wall.feed.loader.onLoad = { variant, result in
                let key = variant.key
                let grownBefore = layoutFrame(key)
                arrive(variant, result)
                do { try collection.performLayout() } catch { failure = "layout failed: \(error)" }
                let after = onScreen(collection)
                let grownAfter = layoutFrame(key)
                let onScreenBefore = grownBefore.map { $0.maxY > 0 && $0.minY < collection.bounds.height } ?? false
                let onScreenAfter = grownAfter.map { $0.maxY > 0 && $0.minY < collection.bounds.height } ?? false
                if let problem = Self.movedWrongly(
                    before: before, after: after, grown: key, grownBefore: grownBefore, grownAfter: grownAfter,
                    grownOnScreen: onScreenBefore || onScreenAfter) {
                    if !onScreenBefore && !onScreenAfter {
                        offScreenFailure = offScreenFailure ?? problem
                    } else {
                        failure = failure ?? problem
                    }
                }
                moved += after.filter { before[$0.key] != nil && before[$0.key] != $0.value }.count
                checkedArrivals += 1
                before = after
            }
            // Scroll down a screen in steps, letting images arrive between steps.
            for step in 0..<12 {
                let deadline = Date().addingTimeInterval(30)
                while wall.feed.loader.outstandingCount > 0 && Date() < deadline {
                    if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
                }
                if step < 11 {
                    collection.contentOffset.y += 70
                    try collection.performLayout()
                    before = onScreen(collection)
                }
            }
            #expect(failure == nil, "\(failure ?? "")")
            // An image arriving for an item measured earlier and now off screen (here: the first
            // screen's items, decoded after the jump to the middle) sends the item back to its
            // estimate through invalidateCachedSizes(forItemsAt:), which gives the layout the
            // scroll anchor: the waterfall grows that column upward, and nothing on screen moves.
            #expect(offScreenFailure == nil, "\(offScreenFailure ?? "")")
            #expect(checkedArrivals > 20, "only \(checkedArrivals) images arrived")
            #expect(moved > 0, "no item ever moved: the check saw no growth")
            // Every displayed item now shows its image at its true ratio.
            for indexPath in collection.indexPathsForVisibleItems {
                let cell = collection.cellForItem(at: indexPath) as! PhotoCell
                #expect(cell.imageView.image != nil, "item \(indexPath.item) has no image")
                #expect(wall.feed.hasArrived(indexPath))
            }
            #expect(cache.totalBytes <= cache.byteBudget)
            #expect(wall.feed.readyWhenDisplayed + wall.feed.missingWhenDisplayed > 0)
            // Every decode finishes between the 70-pt steps, so an item prefetching announced
            // finds its image ready when displayed unless the 2 MiB cache (about 13 of these
            // images; the region announced ahead holds more, and the nearest, decoded first,
            // are the least recently used) evicted it first.
            #expect(wall.feed.prefetchedMissingWhenDisplayed <= cache.evictionCount)
        }

        /// Nil when the change from `before` to `after` obeys the rule, else what broke it.
        /// `grownBefore` and `grownAfter` are the arrived item's frames in the layout relative to
        /// the bounds, `grownOnScreen` whether it was on screen before or after.
        static func movedWrongly(
            before: [Int: Rect], after: [Int: Rect], grown: Int, grownBefore: Rect?, grownAfter: Rect?, grownOnScreen: Bool
        ) -> String? {
            let common = before.keys.filter { after[$0] != nil }
            guard grownOnScreen, let grownBefore, let grownAfter, grownBefore != grownAfter else {
                // The item that arrived is off screen or did not change: nothing on screen may move.
                for item in common where before[item] != after[item] {
                    return "item \(grown) arrived (off screen or unchanged) and item \(item) moved from \(before[item]!) to \(after[item]!)"
                }
                return nil
            }
            let growth = grownAfter.height - grownBefore.height
            let keptTop = grownAfter.minY == grownBefore.minY
            let keptBottom = grownAfter.maxY == grownBefore.maxY
            guard keptTop || keptBottom else { return "item \(grown) grew from \(grownBefore) to \(grownAfter), keeping neither edge" }
            for item in common where item != grown {
                let (old, new) = (before[item]!, after[item]!)
                let sameColumn = old.minX == grownBefore.minX
                let expected: Double
                if !sameColumn {
                    expected = 0
                } else if old.minY > grownBefore.minY {
                    expected = keptTop ? growth : 0  // below the grown item
                } else {
                    expected = keptTop ? 0 : -growth  // above it
                }
                if new.minY - old.minY != expected || new.size != old.size || new.minX != old.minX {
                    return "item \(grown) grew by \(growth) and item \(item) moved from \(old) to \(new) (expected a shift of \(expected))"
                }
            }
            return nil
        }

        /// Prefetching holds at most its byte budget ahead of the scrolling (half the cache's by
        /// default): the farthest announcements beyond it are not loaded; a displayed or
        /// cancelled item gives its share back.
        @Test func prefetchingStaysWithinItsShareOfTheCache() throws {
            let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 240, height: 240), layout: ListLayout())
            let image = Image(pixelWidth: 120, pixelHeight: 120, color: .red)
            let loader = ImageLoader<ImageVariant<Int>>(threads: 1) { _ in image }
            let oneImage = 120 * 120 * 4
            let feed = CollectionImageFeed<Int>(
                collectionView: collection, loader: loader, cache: DecodedImageCache(byteBudget: 10 * oneImage), decodeWidth: 120
            ) { ($0.item, "photo \($0.item)") }
            #expect(feed.prefetchByteBudget == 5 * oneImage)
            let ahead = (0..<20).map { IndexPath(item: $0, section: 0) }
            feed.collectionView(collection, prefetchItemsAt: ahead)
            #expect(feed.prefetchedBytes == 5 * oneImage)
            // Item 0 is displayed: its share goes back, and the next announcement takes one more.
            _ = feed.image(forItemAt: ahead[0])
            #expect(feed.prefetchedBytes == 4 * oneImage)
            feed.collectionView(collection, prefetchItemsAt: Array(ahead[5...]))
            #expect(feed.prefetchedBytes == 5 * oneImage)
            feed.collectionView(collection, cancelPrefetchingForItemsAt: [ahead[1], ahead[2]])
            #expect(feed.prefetchedBytes == 3 * oneImage)
            // A larger budget lets the rest in.
            feed.prefetchByteBudget = 100 * oneImage
            feed.collectionView(collection, prefetchItemsAt: Array(ahead[6...]))
            #expect(feed.prefetchedBytes == 17 * oneImage)
        }

        /// A screen of another scale (a window moved to a 2× monitor): the items on screen are
        /// decoded again at the screen's pixels and keep their pictures until the new ones
        /// arrive; the cache holds one image a key, counted at its own pixels.
        @Test func aNewScaleDecodesTheItemsOnScreenAtTheScreensPixels() throws {
            let wall = Wall(paths: (0..<40).map { "photo \($0)" })
            let collection = CollectionView(
                frame: Rect(x: 0, y: 0, width: 240, height: 240), layout: WaterfallLayout(options: .init(columns: .count(2))))
            collection.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
            collection.estimatedItemSize = .fixed(Size(width: 120, height: 120))
            // Square pictures of the width and scale asked for.
            let loader = ImageLoader<ImageVariant<Int>>(threads: 1) { request in
                Image(pixelWidth: request.pixelWidth, pixelHeight: request.pixelWidth, scale: request.scale, color: .red)
            }
            wall.feed = CollectionImageFeed(collectionView: collection, loader: loader, cache: DecodedImageCache(byteBudget: 4 << 20), decodeWidth: 120) {
                ($0.item, wall.paths[$0.item])
            }
            wall.feed.show = { cell, image in (cell as! PhotoCell).imageView.image = image }
            collection.dataSource = wall
            try collection.performLayout()
            func deliver() throws {
                let deadline = Date().addingTimeInterval(30)
                while wall.feed.loader.outstandingCount > 0 && Date() < deadline {
                    if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
                }
                while g_main_context_iteration(nil, 0) != 0 {}
                try collection.performLayout()
            }
            func shown(_ indexPath: IndexPath) -> Image? { (collection.cellForItem(at: indexPath) as? PhotoCell)?.imageView.image }
            try deliver()
            let onScreen = collection.indexPathsForVisibleItems
            #expect(onScreen.count == 4)
            #expect(onScreen.allSatisfy { shown($0)?.pixelWidth == 120 && shown($0)?.scale == 1 })

            wall.feed.displayChanged(scale: 2, decodeWidth: 240)
            #expect(onScreen.allSatisfy { shown($0)?.pixelWidth == 120 }, "the old pictures stay until the new ones arrive")
            try deliver()
            for indexPath in onScreen {
                let image = try #require(shown(indexPath))
                #expect(image.pixelWidth == 240 && image.scale == 2 && image.size.width == 120, "item \(indexPath.item): \(image)")
                #expect(!wall.feed.cache.contains(ImageVariant(key: indexPath.item, pixelWidth: 120)), "item \(indexPath.item)'s 1× image is still held")
                #expect(wall.feed.cache.contains(ImageVariant(key: indexPath.item, pixelWidth: 240)))
            }
            let held = wall.feed.cache.keysByRecency
            #expect(Set(held.map(\.key)).count == held.count, "one image a key: \(held)")
            // The bytes are the pixels held: 4 a pixel, at each image's own size.
            let pixels = held.reduce(0) { $0 + $1.pixelWidth * $1.pixelWidth * 4 }
            #expect(wall.feed.cache.totalBytes == pixels)
            // Displayed again after a reload, an item finds its 2× picture ready.
            let ready = wall.feed.readyWhenDisplayed
            collection.reloadData()
            try collection.performLayout()
            #expect(wall.feed.readyWhenDisplayed == ready + 4)
        }
    }
}
