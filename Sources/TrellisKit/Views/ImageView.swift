import Trellis

/// How a view fits its content into its bounds (`UIView.ContentMode`, the modes an image
/// view uses).
public enum ContentMode: Hashable, Sendable {
    /// Stretched to fill the bounds exactly (UIKit's default).
    case scaleToFill
    /// Scaled, keeping its aspect ratio, until it touches the bounds: all of it shows,
    /// centred, with empty bands on two sides.
    case scaleAspectFit
    /// Scaled, keeping its aspect ratio, until it covers the bounds: centred, the overflow
    /// is cut by `clipsToBounds` (and shows beyond the bounds without it, as in UIKit).
    case scaleAspectFill
    /// At its own size, centred.
    case center
}

/// A view showing an image (`UIImageView`): its intrinsic size is the image's size in
/// points, and `contentMode` places the image in the bounds. Drawn by the renderer
/// (TrellisRender).
open class ImageView: View {
    /// The image shown, nil for none. Setting it updates the intrinsic size.
    public var image: Image? {
        didSet { if image?.size != oldValue?.size { invalidateIntrinsicContentSize() } }
    }

    /// How the image is placed in the bounds (default `.scaleToFill`, as in UIKit).
    public var contentMode: ContentMode = .scaleToFill

    public init(image: Image? = nil) {
        self.image = image
        super.init(frame: image.map { Rect(origin: .zero, size: $0.size) } ?? .zero)
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// The image's size in points; `noIntrinsicMetric` on both axes without an image.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// Where the image is drawn, in the view's bounds coordinates, for `contentMode`.
    /// May extend beyond the bounds (`.scaleAspectFill`, `.center` with a larger image).
    public var imageRect: Rect? {
        guard let image else { return nil }
        return Self.rect(for: image.size, in: bounds, contentMode: contentMode)
    }

    /// The rectangle `contentMode` gives content of `size` in `bounds`.
    public static func rect(for size: Size, in bounds: Rect, contentMode: ContentMode) -> Rect {
        guard size.width > 0, size.height > 0 else { return Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0) }
        let fitted: Size
        switch contentMode {
        case .scaleToFill:
            return bounds
        case .center:
            fitted = size
        case .scaleAspectFit, .scaleAspectFill:
            let factors = (bounds.width / size.width, bounds.height / size.height)
            let factor = contentMode == .scaleAspectFit ? min(factors.0, factors.1) : max(factors.0, factors.1)
            fitted = Size(width: size.width * factor, height: size.height * factor)
        }
        return Rect(
            x: bounds.minX + (bounds.width - fitted.width) / 2, y: bounds.minY + (bounds.height - fitted.height) / 2,
            width: fitted.width, height: fitted.height)
    }
}
