#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CGdkPixbuf
import TrellisKit

extension ImageError.Code {
    /// gdk-pixbuf could not decode the file (unknown format, damaged or truncated data).
    public static let undecodable = ImageError.Code("undecodable")
    /// gdk-pixbuf could not write the file.
    public static let unwritable = ImageError.Code("unwritable")
}

/// Decoding and encoding JPEG and PNG (and whatever else gdk-pixbuf has a loader for) with
/// gdk-pixbuf, found through pkg-config. Why gdk-pixbuf: GTK already links it, it wraps
/// libjpeg-turbo and libpng behind one call, and it scales while decoding (libjpeg's DCT
/// scaling for JPEG), so a 4000-pixel photo shown 300 pixels wide never exists at full size.
/// Every function may run on any thread: gdk-pixbuf's loaders are thread-safe.
public enum PixbufCodec {
    /// The pixel size stored in the file's header, read without decoding the pixels.
    /// - Throws: `ImageError` `unreadableFile` or `undecodable`, naming the path.
    public static func pixelSize(ofFile path: String) throws -> (width: Int32, height: Int32) {
        var width: Int32 = 0
        var height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil, width > 0, height > 0 else {
            throw ImageError(.undecodable, "\(path): not an image gdk-pixbuf can read")
        }
        return (width, height)
    }

    /// Decodes the image at `path` scaled while decoding to `pixelWidth` pixels wide (never
    /// enlarged), keeping its aspect ratio, as an `Image` of the given scale.
    /// - Throws: `ImageError` `undecodable` (naming the path and gdk-pixbuf's reason) or
    ///   `invalidPixels` for a width that is not positive.
    public static func decode(file path: String, pixelWidth: Int, scale: Double = 1) throws -> Image {
        guard pixelWidth > 0, pixelWidth <= Int(Int32.max) else {
            throw ImageError(.invalidPixels, "\(path): a decoded width must be positive, not \(pixelWidth)")
        }
        let natural = try pixelSize(ofFile: path)
        let width = min(Int32(pixelWidth), natural.width)
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, width, -1, 1, &error) else {
            throw ImageError(.undecodable, "\(path): \(take(error))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        return try image(of: pixbuf, scale: scale)
    }

    /// The file formats `write` takes.
    public enum Format: Sendable {
        case png
        /// JPEG at a quality from 0 to 100.
        case jpeg(quality: Int)
    }

    /// Writes `image` to `path` (its alpha is dropped for JPEG), first scaled smoothly
    /// (bilinear) to `pixelSize` when one is given.
    /// - Throws: `ImageError` `unwritable`, naming the path and gdk-pixbuf's reason.
    public static func write(_ image: Image, to path: String, as format: Format, pixelSize: (width: Int, height: Int)? = nil) throws {
        let alpha = if case .png = format { true } else { false }
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(image.pixelWidth), Int32(image.pixelHeight)) else {
            throw ImageError(.unwritable, "\(path): no memory for a \(image.pixelWidth)×\(image.pixelHeight) image")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = alpha ? 4 : 3
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        image.rgba.withUnsafeBufferPointer { rgba in
            for y in 0..<image.pixelHeight {
                let row = pixels + y * stride
                for x in 0..<image.pixelWidth {
                    for c in 0..<channels { row[x * channels + c] = rgba[(y * image.pixelWidth + x) * 4 + c] }
                }
            }
        }
        var written = pixbuf
        if let pixelSize, pixelSize.width != image.pixelWidth || pixelSize.height != image.pixelHeight {
            guard pixelSize.width > 0, pixelSize.height > 0,
                  let scaled = gdk_pixbuf_scale_simple(pixbuf, Int32(pixelSize.width), Int32(pixelSize.height), GDK_INTERP_BILINEAR)
            else { throw ImageError(.unwritable, "\(path): cannot scale to \(pixelSize.width)×\(pixelSize.height) pixels") }
            written = scaled
        }
        defer { if written != pixbuf { g_object_unref(UnsafeMutableRawPointer(written)) } }
        var error: UnsafeMutablePointer<GError>?
        let saved: gboolean
        switch format {
        case .png:
            saved = gdk_pixbuf_savev(written, path, "png", nil, nil, &error)
        case .jpeg(let quality):
            saved = withCStrings(["quality"]) { keys in
                withCStrings(["\(max(0, min(100, quality)))"]) { values in
                    gdk_pixbuf_savev(written, path, "jpeg", keys, values, &error)
                }
            }
        }
        guard saved != 0 else { throw ImageError(.unwritable, "\(path): \(take(error))") }
    }

    /// The pixbuf's pixels as straight-alpha RGBA (gdk-pixbuf's are straight too).
    static func image(of pixbuf: OpaquePointer, scale: Double) throws -> Image {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
              let pixels = gdk_pixbuf_read_pixels(pixbuf)
        else { throw ImageError(.undecodable, "a decoded image in a layout other than 8-bit RGB or RGBA") }
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            var offset = 0
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width {
                    let pixel = row + x * channels
                    buffer[offset] = pixel[0]
                    buffer[offset + 1] = pixel[1]
                    buffer[offset + 2] = pixel[2]
                    buffer[offset + 3] = channels == 4 ? pixel[3] : 255
                    offset += 4
                }
            }
            count = width * height * 4
        }
        return try Image(pixelWidth: width, pixelHeight: height, scale: scale, rgba: rgba)
    }

    /// The message of a GError, freeing it.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "gdk-pixbuf gave no reason" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "gdk-pixbuf gave no reason"
    }

    /// A NULL-terminated array of C strings alive for `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
