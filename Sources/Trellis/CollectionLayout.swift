/// The size of one item as a layout sees it, with the distance from its top to the first
/// baseline of its text when it has one (used by baseline alignment).
public struct ItemSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var size: Size
    /// Distance from the item's top edge to its first baseline, if it has text.
    public var firstBaseline: Double?

    @inlinable public init(_ size: Size, firstBaseline: Double? = nil) {
        self.size = size
        self.firstBaseline = firstBaseline
    }

    @inlinable public init(width: Double, height: Double, firstBaseline: Double? = nil) {
        self.init(Size(width: width, height: height), firstBaseline: firstBaseline)
    }

    public var description: String {
        firstBaseline.map { "\(size) baseline \(formatPoints($0))" } ?? size.description
    }
}

/// What a collection tells its layout: the container, the counts and the sizes. The
/// portable stand-in for the `UICollectionView` a UIKit layout reads, plus the
/// `sizeForItemAt` delegate. The collection view of TrellisKit implements it; for a layout
/// on its own use `StaticLayoutSource`.
///
/// A layout reads a source in `prepare` and when everything is invalidated, and copies what
/// it needs: it holds no reference to the source afterwards.
public protocol LayoutSource {
    /// The size of the collection's bounds: the width lines wrap at (vertical scrolling)
    /// or the height columns wrap at (horizontal scrolling).
    var containerSize: Size { get }
    var layoutDirection: LayoutDirection { get }
    var numberOfSections: Int { get }
    func numberOfItems(inSection section: Int) -> Int
    /// The item's size: fixed, computed, an estimate or a measured size.
    func sizeForItem(at indexPath: IndexPath) -> ItemSize
    /// The size of a header or footer (or another supplementary kind) of `section`, or nil
    /// when the section has none. Across the scroll direction it spans the section anyway.
    func sizeForSupplementaryElement(ofKind kind: ElementKind, inSection section: Int) -> Size?
    /// Every item's extent along `axis` in `section`, written into `lengths` (as many as
    /// the section's items): what `sizeForItem(at:)` gives, for a whole section at once. A
    /// source that holds its sizes in bulk answers without a call per item (a million
    /// estimated rows are read on every full relayout); the default asks `sizeForItem(at:)`.
    func itemLengths(inSection section: Int, along axis: Axis, into lengths: UnsafeMutableBufferPointer<Double>)
    /// The sizes the source knows (has measured) for the supplementary items of `kind`
    /// attached to the cells of `section` — badges, one per cell — by the cell's item index.
    /// A layout whose badges are estimated uses them in place of its estimate; the cells
    /// not in it keep the estimate. Empty by default.
    func sizesForSupplementaryItems(ofKind kind: ElementKind, inSection section: Int) -> [Int: Size]
}

extension LayoutSource {
    public func sizesForSupplementaryItems(ofKind kind: ElementKind, inSection section: Int) -> [Int: Size] { [:] }

    public func itemLengths(inSection section: Int, along axis: Axis, into lengths: UnsafeMutableBufferPointer<Double>) {
        itemLengthsAskingEachItem(inSection: section, along: axis, into: lengths)
    }

    /// `itemLengths(inSection:along:into:)` by asking `sizeForItem(at:)` for each item: the
    /// default, and what a source that answers in bulk falls back to.
    package func itemLengthsAskingEachItem(inSection section: Int, along axis: Axis, into lengths: UnsafeMutableBufferPointer<Double>) {
        for item in lengths.indices { lengths[item] = sizeForItem(at: IndexPath(item: item, section: section)).size[axis] }
    }
}

/// How much room a layout gives a self-sizing item along one axis.
public enum FittingDimension: Hashable, Sendable {
    /// The layout fixes this extent (a grid column, a list row's width).
    case exactly(Double)
    /// The item may choose up to this extent (a flow line's width).
    case atMost(Double)
    /// The item chooses freely.
    case unconstrained

    /// The largest extent the item may take, or `.infinity`.
    @inlinable public var limit: Double {
        switch self {
        case .exactly(let value), .atMost(let value): value
        case .unconstrained: .infinity
        }
    }
}

/// The room a layout gives a self-sizing item: what `preferredLayoutAttributesFitting`
/// passes on to `systemLayoutSizeFitting` as target size and fitting priorities.
public struct FittingProposal: Hashable, Sendable {
    public var width: FittingDimension
    public var height: FittingDimension

    @inlinable public init(width: FittingDimension, height: FittingDimension) {
        self.width = width
        self.height = height
    }

    public static let unconstrained = FittingProposal(width: .unconstrained, height: .unconstrained)
}

/// What changed, so a layout redoes only that (`UICollectionViewLayoutInvalidationContext`).
public struct InvalidationContext: Sendable {
    /// Counts, the source itself or anything not named below changed: re-read everything.
    public var invalidatesEverything: Bool
    /// Spacing, insets, alignment or other layout properties changed (sizes did not).
    public var invalidatesMetrics: Bool
    /// The container size changed (rotation, split view): lines re-wrap.
    public var invalidatesContainerSize: Bool
    /// New sizes for some items (measured sizes replacing estimates, reloaded content).
    public var itemSizes: [(IndexPath, ItemSize)]
    /// New sizes for supplementary views: kind, section, size (nil removes it).
    public var supplementarySizes: [(ElementKind, Int, Size?)]
    /// New measured sizes for supplementary items attached to cells (badges): kind, the
    /// cell's index path, size (nil: back to the estimate). Badges take no room, so only
    /// the badges themselves move.
    public var supplementaryItemSizes: [(ElementKind, IndexPath, Size?)]
    /// The item the reader is looking at, whose neighbours on screen must not move relative
    /// to it (a Trellis addition; UIKit has no counterpart and re-flows from the section
    /// start). Given, a layout places what changed before the anchor *upwards* from it:
    /// a flow layout keeps the composition of the anchor's line and every later line and
    /// breaks the lines above it backwards; a waterfall grows a column upwards when an item
    /// above the anchor changes. With `invalidatesEverything` or `invalidatesMetrics`
    /// (inserts, deletes, a metrics switch) the flow layout starts a line at the anchor.
    /// The anchor's own distance from the viewport is the collection view's to restore.
    /// nil (the default, and what a collection view at the start of its content sends):
    /// the layout relays out canonically, as `prepare(from:)` would. Ignored with
    /// `invalidatesContainerSize` (a new width re-flows canonically), by layouts whose
    /// placement above an item never moves the items after it (grid, list,
    /// compositional), and when it names no item of the layout.
    public var anchorItem: IndexPath?
    /// With an `anchorItem`: the collection's bounds when the change is made (content
    /// coordinates), what the reader sees and the anchored change keeps still (a Trellis
    /// addition). A layout that can place a changed item's new extent before it or after
    /// it — a waterfall column, growing upwards or downwards — grows upwards an item that
    /// starts before the bounds' leading edge (above the screen, or reaching into it from
    /// above) and downwards one that starts past their trailing edge, whatever its index,
    /// so the items in view in every column keep their places; in the anchor's own column,
    /// and for the items starting in the bounds, the anchor decides. nil (the default): the
    /// layout decides from `anchorItem` alone. A collection view sends it with every change
    /// it anchors.
    public var visibleBounds: Rect?
    /// With `invalidatesEverything` (and neither metrics nor the container changed): the
    /// only change since the layout was last prepared or invalidated is that these sections
    /// (their indices after the change, ascending) were inserted; every other section has
    /// the items, sizes, header and footer it had, at its index shifted past the new ones.
    /// A layout may then read only the new sections — `ListLayout` does, so days of chat
    /// history paged in above cost their own rows, not the million already laid out. A
    /// layout that ignores it re-reads everything, as for any `invalidatesEverything`; the
    /// result is the same either way. (A Trellis addition; empty by default.)
    public var insertedSections: [Int]
    /// Where the item now at an index path was before the change (nil: it is new), for a
    /// change that inserted, deleted or moved items (a collection view's batch update).
    /// With an `anchorItem`, a layout that places items by what came before them (a
    /// waterfall's columns) keeps the items that were there in their places and the anchor's
    /// neighbours on screen where they were. nil: no mapping is known (a layout re-places
    /// everything, as UIKit's do).
    public var previousIndexPath: (@Sendable (IndexPath) -> IndexPath?)?

    public init(
        invalidatesEverything: Bool = false, invalidatesMetrics: Bool = false,
        invalidatesContainerSize: Bool = false, itemSizes: [(IndexPath, ItemSize)] = [],
        supplementarySizes: [(ElementKind, Int, Size?)] = [], supplementaryItemSizes: [(ElementKind, IndexPath, Size?)] = [],
        anchorItem: IndexPath? = nil, visibleBounds: Rect? = nil, insertedSections: [Int] = []
    ) {
        self.invalidatesEverything = invalidatesEverything
        self.invalidatesMetrics = invalidatesMetrics
        self.invalidatesContainerSize = invalidatesContainerSize
        self.itemSizes = itemSizes
        self.supplementarySizes = supplementarySizes
        self.supplementaryItemSizes = supplementaryItemSizes
        self.anchorItem = anchorItem
        self.visibleBounds = visibleBounds
        self.insertedSections = insertedSections
    }

    public static let everything = InvalidationContext(invalidatesEverything: true)

    /// A context carrying new sizes for some items.
    public static func sizes(_ sizes: [(IndexPath, ItemSize)]) -> InvalidationContext {
        InvalidationContext(itemSizes: sizes)
    }

    /// True when the context asks a layout to re-read everything from its source (new
    /// counts, metrics or container), so no incremental update applies.
    var requiresFullRelayout: Bool { invalidatesEverything || invalidatesMetrics || invalidatesContainerSize }

    /// True when the context asks for nothing.
    public var isEmpty: Bool {
        !requiresFullRelayout && itemSizes.isEmpty && supplementarySizes.isEmpty && supplementaryItemSizes.isEmpty
    }
}

/// Something a layout noticed about its input and corrected: never a crash, never an item
/// sticking out. `path` names the input the way the JSON does (`sections[0].items[3].width`).
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, Codable {
        /// An item wider (or taller) than the available room was clamped to it.
        case itemClamped
        /// A size was negative or not finite and was treated as zero.
        case invalidSize
        /// A compositional group stopped repeating its subitems at its cell limit.
        case repetitionLimited
    }

    public var code: Code
    public var indexPath: IndexPath?
    public var path: String
    public var message: String

    public init(code: Code, indexPath: IndexPath?, path: String, message: String) {
        self.code = code
        self.indexPath = indexPath
        self.path = path
        self.message = message
    }

    /// `"path: message"`, the form the command-line tool prints.
    public var description: String { "\(path): \(message)" }
}

/// A layout whose anchored changes settle their differences out of sight in a way a fresh
/// `prepare(from:)` would not (a waterfall's column tops left ragged above the anchor). The
/// collection view asks it to place everything canonically again when nothing the reader
/// saw is on screen: after a jump to the start of the content.
package protocol SettlesOutOfSight: CollectionLayout {
    /// Makes the layout equal a fresh `prepare(from: source)` if it differs from one.
    func settleCanonically(from source: some LayoutSource)
}

/// A layout that grows the anchor itself upwards (before it, along the scroll axis) when a
/// change of the anchor's own size comes with `InvalidationContext.visibleBounds` and the
/// anchor starts before them: the reader sees the anchor's end, not its start, and the
/// layout keeps that end and everything after it in place (a waterfall column). The
/// collection view then keeps the anchor's trailing edge still instead of its leading one.
package protocol GrowsCutAnchorBackward: CollectionLayout {}

/// A layout that places items in lines (the rows of a vertical flow, the columns of a
/// horizontal one) whose extent across the line is that of its largest item, with the
/// others placed inside it (centred, at its far edge, on a shared baseline): a new size of
/// any item of a line can move every other item of it. An item of such a line can lie
/// wholly outside a rect that its neighbours reach into (a narrow item centred in a wide
/// column just past the edge), so a collection view that measured only the items in view
/// would measure it later and move the neighbours already on screen. Where a line ends
/// depends on the item after it too (it did not fit): measured smaller than its estimate,
/// it joins the line. The collection view measures every item of a line any item of which
/// is in its displayed region, and the item after the line, instead.
package protocol PlacesItemsInLines: CollectionLayout {
    /// Calls `body` with every shown item of every line that has an item whose frame
    /// intersects `rect`, and with the item after each such line, in index order, each once.
    /// - Complexity: O(log n + k) for k items of those lines.
    func forEachItemOnLines(meeting rect: Rect, _ body: (IndexPath) -> Void)
}

/// A layout: turns item sizes into frames. The portable `UICollectionViewLayout`.
///
/// Lifecycle: `prepare(from:)` reads a source and computes every frame; queries are then
/// answered from the prepared state; `invalidate(_:source:)` applies a change at once,
/// incrementally where it can, so attributes handed out after it are never stale (there
/// is no "invalidated but not yet prepared" state to observe).
///
/// Layouts are classes (they hold a prepared state and are shared by a collection view)
/// but not thread-safe: use one layout from one thread at a time. Different layouts may
/// run on different threads.
public protocol CollectionLayout: AnyObject {
    /// Reads everything from `source` and computes all frames.
    func prepare(from source: some LayoutSource)

    /// Applies a change. Size changes are incremental; `invalidatesEverything` re-reads the
    /// source. Without an `anchorItem` the result equals a fresh `prepare(from:)` on the
    /// changed source; with one, a layout may keep the items from the anchor on where they
    /// were relative to it and settle the difference above it (see
    /// `InvalidationContext.anchorItem`).
    func invalidate(_ context: InvalidationContext, source: some LayoutSource)

    /// The size of all content, insets included.
    var contentSize: Size { get }

    /// Every element whose frame intersects `rect`, in index order for cells. Pinned
    /// supplementary views are returned at their pinned position for `visibleBounds` (the
    /// collection's bounds; `rect` may be larger, with a prefetch margin).
    /// - Complexity: O(log n + k) for k elements returned, in the layouts of this package.
    func elements(in rect: Rect, visibleBounds: Rect) -> [LayoutAttributes]

    /// Every element at its resting position, whether or not its frame has area: an item
    /// 0 points wide or tall, or in a container 0 wide, still gets its one frame. What a
    /// full listing (`trellis layout` without a visible rect) reports; `elements(in:)`
    /// follows `Rect.intersects`, which a frame without area on the rect's edge does not.
    /// - Complexity: O(n).
    func allElements() -> [LayoutAttributes]

    /// The attributes of one item, or nil if there is no such item.
    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

    /// The attributes of a supplementary view (header, footer) in its unpinned position, or
    /// nil if the section has none of that kind.
    func attributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?

    /// The room this layout gives a self-sizing item (a fixed column width, a maximum line
    /// width …): what the cell is measured against.
    func fittingProposal(forItemAt indexPath: IndexPath) -> FittingProposal

    /// The room a self-sizing supplementary item attached to the cell at `indexPath` (a
    /// badge whose size is estimated) is measured in: its estimated extents free, the others
    /// exactly as laid out. nil when `kind` at `indexPath` is no such item (a header or
    /// footer, measured per section; a badge of fixed size). A collection view measures
    /// such items one per index path and hands their sizes back with
    /// `InvalidationContext.supplementaryItemSizes`. nil by default.
    func fittingProposal(forSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath) -> FittingProposal?

    /// What the last prepare or invalidation corrected in its input.
    var diagnostics: [LayoutDiagnostic] { get }

    /// True when the layout's own description has estimated dimensions (a
    /// `CompositionalLayout` item, group, boundary item or badge sized `.estimated`): a collection
    /// view then measures the cells and headers it displays whatever its
    /// `estimatedItemSize`, as UIKit self-sizes `UICollectionViewCompositionalLayout`'s
    /// estimated items without being told to. False by default: the flow, grid, waterfall
    /// and list layouts take their sizes from the source, estimated or not.
    var hasEstimatedElements: Bool { get }

    /// The direction the content scrolls in (`UICollectionViewFlowLayout.scrollDirection`,
    /// `UICollectionViewCompositionalLayoutConfiguration.scrollDirection`): the axis along
    /// which the content grows past the container, which a collection view scrolls and
    /// anchors along. Vertical by default.
    var scrollDirection: ScrollDirection { get }
}

extension CollectionLayout {
    /// Every element whose frame intersects `rect`, with pinned views pinned to `rect`.
    public func elements(in rect: Rect) -> [LayoutAttributes] {
        elements(in: rect, visibleBounds: rect)
    }

    public var diagnostics: [LayoutDiagnostic] { [] }

    public func fittingProposal(forSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath) -> FittingProposal? { nil }

    public var hasEstimatedElements: Bool { false }

    public var scrollDirection: ScrollDirection { .vertical }

    /// The elements of a rect that encloses the content with a point to spare on every
    /// side, so frames without area on the content's edges intersect it, with headers and
    /// footers at rest (the visible bounds are the content).
    /// - Complexity: that of `elements(in:visibleBounds:)` over the whole content.
    public func allElements() -> [LayoutAttributes] {
        let content = Rect(origin: .zero, size: contentSize)
        let enclosing = Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2)
        return elements(in: enclosing, visibleBounds: content)
    }
}
