import Foundation
import Testing
import TrellisImages
import TrellisKit

/// S9 on a 2× screen: `GDK_SCALE=2` under X11 gives the window two device pixels a point.
/// The photo wall must decode its photos at the screen's pixels — an image as many pixels
/// wide as its cell is device pixels — and draw them 1:1, so a photo on screen is as sharp
/// as its file allows, not a 1× decode stretched twice as large.
///
/// The oracle is gdk-pixbuf itself, called by the test: the photos (sharp-edged tiles,
/// written by the test so that sharpness shows) decoded at the cell's device width, and at
/// half of it scaled up twice (what a 1× decode looks like on this screen). The screenshot
/// of a photo's cell must match the first and differ from the second.
extension WindowShowTests {
    /// A photo of `size` × `size` pixels: tiles of `tile` pixels in two alternating
    /// colours, hard edges.
    static func tiledPhoto(size: Int, tile: Int, index: Int) throws -> Image {
        var rgba = [UInt8](repeating: 255, count: size * size * 4)
        let light: [UInt8] = [230, 200 - UInt8(index % 5) * 20, 90], dark: [UInt8] = [40, 60, 120 + UInt8(index % 4) * 30]
        for y in 0..<size {
            for x in 0..<size {
                let colour = (x / tile + y / tile) % 2 == 0 ? light : dark
                let o = (y * size + x) * 4
                rgba[o] = colour[0]; rgba[o + 1] = colour[1]; rgba[o + 2] = colour[2]
            }
        }
        return try Image(pixelWidth: size, pixelHeight: size, rgba: rgba)
    }

    /// `image` scaled up to `width` × `height` by bilinear interpolation (pixel centres).
    static func scaledUp(_ image: Image, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let sx = Double(image.pixelWidth) / Double(width), sy = Double(image.pixelHeight) / Double(height)
        for y in 0..<height {
            let fy = max(0, min(Double(image.pixelHeight - 1), (Double(y) + 0.5) * sy - 0.5))
            let y0 = Int(fy), y1 = min(image.pixelHeight - 1, y0 + 1), wy = fy - Double(y0)
            for x in 0..<width {
                let fx = max(0, min(Double(image.pixelWidth - 1), (Double(x) + 0.5) * sx - 0.5))
                let x0 = Int(fx), x1 = min(image.pixelWidth - 1, x0 + 1), wx = fx - Double(x0)
                for c in 0..<3 {
                    func at(_ px: Int, _ py: Int) -> Double { Double(image.rgba[(py * image.pixelWidth + px) * 4 + c]) }
                    let top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx, bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx
                    out[(y * width + x) * 4 + c] = UInt8((top * (1 - wy) + bottom * wy).rounded())
                }
            }
        }
        return out
    }

    @Test func photoWallDecodesAtTheScreensScaleAndDrawsSharply() throws {
        let photos = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-photos-2x-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: photos) }
        // The first photos, named as the page names them (every fifth a PNG), 480 pixels a
        // side: more than twice a column of this window, so the decode is never capped.
        for index in 0..<24 {
            let png = index % 5 == 0
            let path = photos + "/photo-" + String(index + 10_000).dropFirst() + (png ? ".png" : ".jpg")
            try PixbufCodec.write(Self.tiledPhoto(size: 480, tile: 24, index: index), to: path, as: png ? .png : .jpeg(quality: 95))
        }
        let window = try TrellisWindow(
            tool: ["gallery", "--page", "photos", "--size", "560x420"], environment: ["TRELLIS_PHOTO_DIR": photos, "GDK_SCALE": "2"])
        try window.movePointerAway()
        let first = window.lastFrame
        #expect((first.raw["scale"] as? NSNumber)?.intValue == 2, "the window's scale: \(first.raw["scale"] ?? "none")")
        // Wait until every photo on screen shows its image and nothing is left to decode.
        let deadline = Date().addingTimeInterval(30)
        var wall: [String: Any] = [:]
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.3)
            guard let last = window.events("photoWall").last else { continue }
            wall = last
            let shown = last["shown"] as? [[NSNumber]] ?? []
            if (last["outstanding"] as? NSNumber)?.intValue == 0 && shown.count >= 2 && shown.count == window.lastFrame.order.count { break }
        }
        #expect((wall["scale"] as? NSNumber)?.doubleValue == 2, "the photo wall decodes at scale \(wall["scale"] ?? "none")")
        let shown = (wall["shown"] as? [[NSNumber]] ?? []).map { (item: $0[0].intValue, pixels: $0[1].intValue, points: $0[2].doubleValue) }
        #expect(shown.count >= 2, "photos shown: \(shown)")
        // Each image is as many pixels wide as its cell is device pixels (the wider column's
        // width: the narrower one is a point less).
        for photo in shown {
            #expect(photo.pixels >= Int(2 * photo.points) && photo.pixels <= Int(2 * photo.points) + 2,
                    "item \(photo.item): \(photo.pixels) pixels for a cell \(photo.points) points wide")
        }

        // A photo on screen, whole, in the wider column, not the focused item (no ring).
        let frame = window.lastFrame
        let origin = (frame.raw["origin"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0]
        let candidate = shown.first { photo in
            guard let rect = frame.rects[[0, photo.item]], photo.pixels == Int(2 * photo.points), frame.focus != [0, photo.item] else { return false }
            return rect.y >= 0 && rect.y + rect.height <= frame.height && photo.item < 24
        }
        let photo = try #require(candidate, "no whole photo of the wider column on screen: \(shown), \(frame.rects)")
        let rect = frame.rects[[0, photo.item]]!
        let path = photos + "/photo-" + String(photo.item + 10_000).dropFirst() + (photo.item % 5 == 0 ? ".png" : ".jpg")
        let atScreen = try PixbufCodec.decode(file: path, pixelWidth: photo.pixels, scale: 2)
        let stretched = Self.scaledUp(try PixbufCodec.decode(file: path, pixelWidth: photo.pixels / 2), width: atScreen.pixelWidth, height: atScreen.pixelHeight)
        let shot = try window.screenshot()
        let left = Int(((origin[0] + rect.x) * 2).rounded()), top = Int(((origin[1] + rect.y) * 2).rounded())
        // The inside of the cell (4 device pixels in from its edges), against both.
        var sharpDifference = 0.0, stretchedDifference = 0.0, count = 0.0
        for y in 4..<(min(atScreen.pixelHeight, Int(rect.height * 2)) - 4) {
            for x in 4..<(atScreen.pixelWidth - 4) {
                let pixel = shot.pixel(x: left + x, y: top + y)
                let sharp = atScreen.pixel(x: x, y: y)
                let o = (y * atScreen.pixelWidth + x) * 4
                for (screen, a, b) in [(pixel.red, sharp.red, stretched[o]), (pixel.green, sharp.green, stretched[o + 1]), (pixel.blue, sharp.blue, stretched[o + 2])] {
                    sharpDifference += abs(Double(screen) - Double(a))
                    stretchedDifference += abs(Double(screen) - Double(b))
                    count += 1
                }
            }
        }
        sharpDifference /= count
        stretchedDifference /= count
        #expect(sharpDifference < 2, "item \(photo.item) differs from its decode at the screen's pixels by \(sharpDifference) a channel")
        #expect(sharpDifference * 4 < stretchedDifference,
                "item \(photo.item): \(sharpDifference) from the 2× decode, \(stretchedDifference) from a 1× decode scaled up")
        #expect(try window.close() == 0)
    }
}
