import CPango
import TrellisKit

/// Cairo surfaces of the images drawn recently, so that an image drawn again (a cell
/// scrolled back into view, redrawn for a selection) is not converted again, within a
/// byte budget, least recently drawn first out.
///
/// An image is a value whose pixels live in an array's storage: an entry is keyed by that
/// storage's address and holds the image, so the storage (and its address) cannot be
/// reused by another image while the entry lives. Not thread-safe: one belongs to one
/// window's `CellDrawingCache` (its main thread).
public final class ImageSurfaces {
    /// The most bytes of surfaces kept; a surface larger than this is made for one draw
    /// and not kept.
    public let byteBudget: Int
    /// Bytes of surfaces kept.
    public private(set) var byteCount = 0
    /// Images converted to surfaces (each conversion walks every pixel).
    public private(set) var conversions = 0

    private struct Key: Hashable {
        let storage: UInt
        let pixelWidth: Int
    }

    private final class Entry {
        let image: Image
        let surface: OpaquePointer
        let bytes: Int
        var lastUse: Int

        init(image: Image, surface: OpaquePointer, bytes: Int, lastUse: Int) {
            self.image = image
            self.surface = surface
            self.bytes = bytes
            self.lastUse = lastUse
        }

        deinit { cairo_surface_destroy(surface) }
    }

    private var entries: [Key: Entry] = [:]
    private var clock = 0

    public init(byteBudget: Int = 32 << 20) {
        self.byteBudget = byteBudget
    }

    /// A surface showing `image` (a new reference: the caller destroys it).
    func surface(for image: Image) -> OpaquePointer? {
        clock &+= 1
        let key = Key(storage: image.rgba.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, pixelWidth: image.pixelWidth)
        if let entry = entries[key] {
            entry.lastUse = clock
            return cairo_surface_reference(entry.surface)
        }
        guard let surface = Self.makeSurface(image) else { return nil }
        conversions += 1
        let bytes = Int(cairo_image_surface_get_stride(surface)) * image.pixelHeight
        guard bytes <= byteBudget else { return surface }
        while byteCount + bytes > byteBudget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            byteCount -= oldest.value.bytes
            entries.removeValue(forKey: oldest.key)
        }
        entries[key] = Entry(image: image, surface: cairo_surface_reference(surface), bytes: bytes, lastUse: clock)
        byteCount += bytes
        return surface
    }

    /// Frees every kept surface.
    public func removeAll() {
        entries.removeAll()
        byteCount = 0
    }

    /// A new ARGB32 surface with `image`'s pixels, premultiplied as Cairo wants them (native
    /// 32-bit words); nil when Cairo cannot make one.
    static func makeSurface(_ image: Image) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.pixelWidth), Int32(image.pixelHeight)) else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = image.pixelWidth
        image.rgba.withUnsafeBufferPointer { rgba in
            let source = rgba.baseAddress!
            for y in 0..<image.pixelHeight {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let pixels = source + y * width * 4
                for x in 0..<width {
                    let pixel = pixels + x * 4
                    let alpha = UInt32(pixel[3])
                    let red = UInt32(pixel[0]), green = UInt32(pixel[1]), blue = UInt32(pixel[2])
                    if alpha == 255 {
                        row[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
                    } else {
                        // Rounded division by 255, exact for products of two bytes.
                        func premultiplied(_ component: UInt32) -> UInt32 {
                            let product = component * alpha + 128
                            return (product + product >> 8) >> 8
                        }
                        row[x] = alpha << 24 | premultiplied(red) << 16 | premultiplied(green) << 8 | premultiplied(blue)
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
