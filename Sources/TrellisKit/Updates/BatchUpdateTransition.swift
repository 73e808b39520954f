import Trellis

/// What a batch update did to the displayed elements, for animating it: the initial
/// attributes of appearing items, the final attributes of disappearing ones, and the
/// before/after attributes of displayed items that moved. Like UIKit's defaults, appearing
/// items start at their final frame with alpha 0 and disappearing items end at their old
/// frame with alpha 0. Frames are in content coordinates, before and after the update.
public struct BatchUpdateTransition: Hashable, Sendable {
    /// Inserted (or reloaded) items displayed after the update, at their initial attributes.
    public var appearing: [LayoutAttributes] = []
    /// Deleted (or reloaded) items displayed before the update, at their final attributes.
    public var disappearing: [LayoutAttributes] = []
    /// Items displayed before or after whose frame changed: (before, after).
    public var moving: [Moving] = []

    public struct Moving: Hashable, Sendable {
        public var before: LayoutAttributes
        public var after: LayoutAttributes
    }

    public init() {}
}
