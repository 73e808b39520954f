import Trellis

/// How a collection view sizes items whose size the delegate does not give.
public enum EstimatedItemSize: Hashable, Sendable {
    /// No self-sizing: items take `itemSize` (or the delegate's size).
    case none
    /// Self-sizing, with this size assumed for items not measured yet.
    case fixed(Size)
    /// Self-sizing with UIKit's automatic estimate (50 × 50).
    case automatic

    /// The size assumed for an item not measured yet, or nil without self-sizing.
    public var estimate: Size? {
        switch self {
        case .none: nil
        case .fixed(let size): size
        case .automatic: Size(width: 50, height: 50)
        }
    }
}

/// A headless collection view (`UICollectionView`): a scrolling view whose bounds origin is
/// the content offset, showing the cells of a data source at the frames of a
/// `CollectionLayout`. It is the `LayoutSource` of its layout, and in each layout pass it
/// measures the self-sizing items that come into view, hands their sizes to the layout in
/// one incremental invalidation, keeps the first visible item still (scroll anchoring),
/// and creates, positions and recycles the cells of the visible region.
///
/// Errors: the throwing entry points (`performLayout()`, `performBatchUpdates`,
/// `contentSize(forWidth:)`, dequeuing) throw `CollectionViewError` for bad data-source
/// input; `layoutIfNeeded()`, which cannot throw, stores the error in `lastError` and leaves
/// the collection as it was. Bad counts never crash.
open class CollectionView: View, LayoutSource {
    // MARK: Configuration

    /// Turns sizes into frames. Setting a new layout re-reads everything.
    public var layout: any CollectionLayout {
        didSet { setNeedsReload() }
    }

    /// The data, held weakly. Setting it reloads.
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// Sizes and display events, held weakly. Setting it re-reads the sizes.
    @exclusivity(unchecked)  // read per item while the layout prepares
    public weak var delegate: (any CollectionViewDelegate)? {
        didSet {
            checkedDelegate = nil
            setNeedsReload()
        }
    }

    /// Told about items about to come into view, held weakly. Nil costs nothing.
    public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?

    /// Whether items are announced to `prefetchDataSource` (true by default, as in UIKit).
    /// Turning it off cancels what was announced and not displayed.
    public var isPrefetchingEnabled = true {
        didSet { if isPrefetchingEnabled != oldValue { setNeedsLayout() } }
    }

    /// The direction the content scrolls in: the axis of anchoring, of the content offset's
    /// range and of the margins. The layout's (`CollectionLayout.scrollDirection`), as a
    /// UICollectionView scrolls the way its layout grows; a value set here overrides it.
    public var scrollDirection: ScrollDirection {
        get { scrollDirectionOverride ?? layout.scrollDirection }
        set {
            let previous = scrollDirection
            scrollDirectionOverride = newValue
            if newValue != previous { setNeedsLayout() }
        }
    }
    /// The direction set on the collection view itself (nil: the layout's).
    private var scrollDirectionOverride: ScrollDirection?

    /// Room around the content. The layout gets the bounds minus these insets across the
    /// scroll direction; the content offset may go to minus the leading/top inset.
    public var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { setNeedsLayout() } }
    }

    /// The size of every item when neither the delegate nor self-sizing gives one
    /// (UIKit's flow layout default, 50 × 50).
    @exclusivity(unchecked)  // read per item while the layout prepares
    public var itemSize = Size(width: 50, height: 50) {
        didSet { if itemSize != oldValue { reloadSizes() } }
    }

    /// The size of every section header / footer when the delegate gives none (nil: none).
    public var headerSize: Size? {
        didSet { if headerSize != oldValue { reloadSizes() } }
    }
    public var footerSize: Size? {
        didSet { if footerSize != oldValue { reloadSizes() } }
    }

    /// Self-sizing: `.none`, or an estimate used until an item is measured. Items are
    /// measured when they come within the displayed region, before they are shown.
    @exclusivity(unchecked)  // read per item while the layout prepares
    public var estimatedItemSize: EstimatedItemSize = .none {
        didSet { if estimatedItemSize != oldValue { reloadSizes() } }
    }

    /// Measuring on several threads for ``contentSize(forWidth:)`` when the data source is
    /// a `CollectionViewPrototypeDataSource` (nil, the default: one item after the other on
    /// the calling thread). The sizes are the same either way (see ``ConcurrentSizing``).
    public var concurrentSizing: ConcurrentSizing?

    /// How far beyond the bounds, along the scroll axis, cells are created and measured
    /// ahead of being visible. 0 by default: only what is visible is measured.
    public var preparedMargin: Double = 0 {
        didSet { setNeedsLayout() }
    }

    /// How far beyond the displayed region items are announced to `prefetchDataSource`
    /// at rest (nil: one viewport). While scrolling, the region reaches farther ahead of the
    /// motion, the more so the faster it goes (up to four times this distance), and not
    /// behind it.
    public var prefetchDistance: Double?

    /// When true (the default) the horizontal size class in effect for sizing and for the
    /// cells follows the collection's own width (compact below 600 pt, regular from 600),
    /// as an iPhone or iPad app sees its window.
    public var derivesSizeClassFromWidth = true {
        didSet { if derivesSizeClassFromWidth != oldValue { setNeedsLayout() } }
    }

    /// When true (the default) size changes above the visible region and batch updates
    /// move the content offset so the first visible item stays where it is on screen.
    public var anchorsFirstVisibleItem = true

    /// The edge of the scroll axis the content is held against (a Trellis addition: see
    /// ``ContentAnchor``). `.top` by default, as in UIKit.
    public var contentAnchor: ContentAnchor = .top {
        didSet { if contentAnchor != oldValue { contentAnchorDidChange() } }
    }

    /// How a displayed cell or supplementary view whose content changes gets its size
    /// measured again (`UICollectionView.selfSizingInvalidation`, iOS 16): `.enabled` by
    /// default, as in UIKit.
    public var selfSizingInvalidation: SelfSizingInvalidation = .enabled

    // MARK: State
    //
    // The state is in owned parts with private storage (a size store, the displayed views,
    // the reuse registry, the selection), each changed only through its own narrow API;
    // the few stored properties below are changed only in this file.

    /// The error of the last layout pass run by `layoutIfNeeded()`, nil after a good one.
    public private(set) var lastError: (any Error)?

    /// Every measured size: the size cache, resolved item and supplementary sizes.
    let sizes = SizeStore()
    /// The cells, supplementary and decoration views shown or measured in this pass.
    let displayed = DisplayedViews()
    /// Templates, reuse pools and prototypes.
    let reuse = ReuseRegistry()
    /// The selected items and the interaction in progress.
    let selection = ItemSelection()
    /// The host's layout request handler (see CollectionView+LayoutRequests.swift).
    let layoutRequests = LayoutRequests()
    /// Whether the view follows the end of its content, and the items appended below it
    /// (see CollectionView+ContentAnchor.swift).
    let contentEnd = ContentEndState()

    /// Measured sizes by item identity (see `CollectionViewDataSource`).
    public var sizeCache: SizeCache { sizes.cache }

    /// The item counts of each section as last read from the data source.
    @exclusivity(unchecked)  // read per item while the layout prepares
    private(set) var sectionCounts: [Int] = [] {
        didSet { totalItemCount = sectionCounts.reduce(0, +) }
    }
    /// Every section's items together, as last read: kept with the counts, because a host
    /// that reports it every frame would otherwise add up every section (a chat has one a
    /// day) every frame.
    @_spi(Testing) public private(set) var totalItemCount = 0
    /// True until the counts are read again (a reload, a new layout or delegate).
    private(set) var needsReload = true
    /// The container size and traits the layout was last prepared or invalidated for.
    private(set) var preparedContainerSize = Size.zero
    private(set) var preparedTraits = TraitCollection.default

    struct Template {
        var sizeClass: UserInterfaceSizeClass?
        var make: () -> ReusableView
    }

    struct PoolKey: Hashable {
        var kind: ElementKind
        var identifier: String
        var template: Int
    }

    struct SupplementaryKey: Hashable {
        var kind: ElementKind
        var indexPath: IndexPath
    }

    /// What the layout passes noticed and worked around (decoration kinds shown by the
    /// layout but never registered), each reported once.
    public private(set) var diagnostics: [CollectionViewDiagnostic] = []
    private var reportedDecorationKinds: Set<ElementKind> = []

    /// The item scroll anchoring keeps still instead of the first visible one (set while
    /// `scrollToItem` or a diffable `apply` runs: see ``pinningAnchor(to:_:)``).
    private(set) var anchorItem: IndexPath?

    /// The item the layout passes keep still instead of the first visible one, until set to
    /// nil (a window keeps the item the person was reading through a resize and back: each
    /// new width keeps it where the one before left it, so the round trip returns to it).
    package var keptItem: IndexPath? {
        get { anchorItem }
        set { anchorItem = newValue }
    }

    /// What the last batch update did to the displayed elements.
    public private(set) var lastTransition = BatchUpdateTransition()

    /// See ``updateAnimationHandler`` (Updates/CollectionView+UpdateAnimation.swift).
    var updateAnimationRequests: ((BatchUpdateTransition?) -> Void)?

    /// The item the user is moving, from `beginInteractiveMovementForItem(at:)` to its end
    /// (see CollectionView+InteractiveMovement.swift).
    var interactiveMovement: InteractiveMovement?

    /// The displayed cell a diffable data source is configuring again (`reconfigureItems`):
    /// dequeuing for its index path hands it back, once.
    private var reconfiguringCell: (indexPath: IndexPath, cell: CollectionViewCell)?

    /// Whether the collection view is in editing mode (`isEditing`): list cells show their
    /// `.whenEditing` accessories (delete, reorder…) and hide the `.whenNotEditing` ones;
    /// every displayed cell's configuration state follows (Lists/CollectionView+Lists.swift).
    public var isEditing = false {
        didSet { if isEditing != oldValue { editingDidChange() } }
    }

    /// The item whose swipe actions are revealed (Lists/CollectionView+Swipe.swift).
    var swipeState = SwipeState()

    /// The pop-up menu a cell's accessory asked to show, until a person chooses from it or
    /// it is dismissed (Lists/Menu.swift).
    public internal(set) var presentedMenu: MenuPresentation?

    /// Shows the pop-up menus cells ask for: UIKit shows them itself; here the host does
    /// (a GTK window's `CollectionWidget` sets it to show a popover). Without one the
    /// menu is only ``presentedMenu``, for the app to show.
    public var menuPresenter: ((MenuPresentation) -> Void)?

    // Selection (see Selection/CollectionView+Selection.swift).

    /// Whether items can be selected, by the user or programmatically (default true).
    /// Turning it off deselects every item (no delegate calls) and ends a highlight.
    public var allowsSelection = true {
        didSet { if !allowsSelection && oldValue { clearSelection() } }
    }

    /// Whether more than one item can be selected at a time (default false). Turning it
    /// off keeps only the most recently selected item.
    public var allowsMultipleSelection = false {
        didSet { if !allowsMultipleSelection && oldValue { keepOnlyLastSelectedItem() } }
    }

    // Delegate shapes (see CollectionViewDelegateFlowLayout.swift).
    /// The protocol's defaults that ran while the delegate was probed: what the delegate
    /// does not implement itself.
    private(set) var delegateDefaultsRan: Set<DelegateDefault> = []
    /// The delegate found free of old shapes and probed for the size methods it implements;
    /// nil until the delegate set is (so the per-item and per-section paths need not load
    /// the weak `delegate` to know whether the probe is its).
    private(set) var checkedDelegate: ObjectIdentifier?
    /// Whether `checkedDelegate` implements `collectionView(_:layout:sizeForItemAt:)`.
    private(set) var checkedDelegateSizesItems = true
    /// Whether `checkedDelegate` sizes headers, footers, other supplementary kinds.
    private(set) var checkedDelegateSizesSupplementaries = (header: true, footer: true, other: true)

    /// A collection view with `layout`, the size of `frame`.
    public init(frame: Rect = .zero, layout: any CollectionLayout) {
        self.layout = layout
        super.init(frame: frame)
        contentOffset = Point(x: -contentInset.leading, y: -contentInset.top)
    }

    /// Runs `performLayout()`; an error it throws is kept in `lastError` (this entry point
    /// cannot throw) and the collection stays as it was.
    open override func layoutSubviews() {
        super.layoutSubviews()
        lastError = nil
        do {
            try performLayout()
        } catch {
            lastError = error
        }
    }

    /// Tells the host (see ``layoutRequestHandler``), unless the need arose inside the
    /// collection view's own layout pass, which meets it.
    override func needsLayoutDidBegin() {
        guard !layoutRequests.isLayingOut else { return }
        layoutRequests.handler?()
    }

    // MARK: Changes to the state above (the only writers)

    /// Counts were read and the layout prepared for `containerSize` and `traits`.
    func didLoad(_ counts: [Int], containerSize: Size, traits: TraitCollection) {
        sectionCounts = counts
        needsReload = false
        preparedContainerSize = containerSize
        preparedTraits = traits
    }

    /// The counts while a delegate is checked against them (see `checkDelegateShapes`).
    func setSectionCounts(_ counts: [Int]) { sectionCounts = counts }

    /// The layout was invalidated for `containerSize` and `traits`.
    func didPrepare(containerSize: Size, traits: TraitCollection) {
        preparedContainerSize = containerSize
        preparedTraits = traits
    }

    /// Runs `body` with `item` as the anchor scroll anchoring keeps still (nil: the rules
    /// of ``ScrollAnchor``), then puts the previous one back.
    func pinningAnchor<Result>(to item: IndexPath?, _ body: () throws -> Result) rethrows -> Result {
        let previous = anchorItem
        anchorItem = item
        defer { anchorItem = previous }
        return try body()
    }

    /// Keeps `transition` as the last one and returns it.
    func record(_ transition: BatchUpdateTransition) -> BatchUpdateTransition {
        lastTransition = transition
        requestUpdateAnimation(transition)
        return transition
    }

    /// Runs `body` (a data source configuring `cell` again) with dequeuing for
    /// `indexPath` handing `cell` back once.
    func reconfiguring<Result>(_ cell: CollectionViewCell, at indexPath: IndexPath, _ body: () throws -> Result) rethrows -> Result {
        reconfiguringCell = (indexPath, cell)
        defer { reconfiguringCell = nil }
        return try body()
    }

    /// The displayed cell being reconfigured, when `identifier` and `indexPath` are its:
    /// dequeuing hands it back (UIKit's `reconfigureItems`), once.
    func takeReconfiguringCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell? {
        guard let (path, cell) = reconfiguringCell, path == indexPath, cell.reuseIdentifier == identifier else { return nil }
        reconfiguringCell = nil
        return cell
    }

    /// Adds `diagnostic` unless one of its kind was reported.
    func reportOnce(_ diagnostic: CollectionViewDiagnostic) {
        guard reportedDecorationKinds.insert(diagnostic.kind).inserted else { return }
        diagnostics.append(diagnostic)
    }

    /// A default of the delegate protocol, noted when it runs (see `checkDelegateShapes`).
    enum DelegateDefault: Hashable {
        /// The old `collectionView(_:sizeForItemAt:) -> Size?` shape.
        case oldItemSize
        /// `collectionView(_:layout:sizeForItemAt:)`.
        case itemSize
        /// The header or footer reference size, or `sizeForSupplementaryElementOfKind` (nil).
        case supplementarySize(ElementKind?)
    }

    /// The protocol's default `method` ran (see `checkDelegateShapes`).
    func noteDelegateDefault(_ method: DelegateDefault) { delegateDefaultsRan.insert(method) }

    /// Starts probing a delegate for old shapes.
    func beginDelegateShapeCheck() { delegateDefaultsRan = [] }

    /// The delegate `identity` was found free of old shapes; `sizesItems`: it implements
    /// `collectionView(_:layout:sizeForItemAt:)`.
    func delegateShapesChecked(_ identity: ObjectIdentifier, sizesItems: Bool) {
        checkedDelegate = identity
        checkedDelegateSizesItems = sizesItems
        // A reference size's default asks `sizeForSupplementaryElementOfKind`, so the
        // delegate sizes headers when either of the two is its own.
        func ran(_ kind: ElementKind?) -> Bool { delegateDefaultsRan.contains(.supplementarySize(kind)) }
        checkedDelegateSizesSupplementaries = (
            header: !(ran(.header) && ran(nil)), footer: !(ran(.footer) && ran(nil)), other: !ran(nil))
    }

    /// Whether supplementary sizes of `kind` are asked of the delegate (see
    /// `delegateSizesItems`); when not, a header or footer takes `headerSize` or
    /// `footerSize`, as the protocol's defaults give it.
    func delegateSizesSupplementaries(ofKind kind: ElementKind) -> Bool {
        guard checkedDelegate != nil else { return delegate != nil }
        switch kind {
        case .header: return checkedDelegateSizesSupplementaries.header
        case .footer: return checkedDelegateSizesSupplementaries.footer
        default: return checkedDelegateSizesSupplementaries.other
        }
    }

    /// Whether item sizes are asked of the delegate: it implements
    /// `collectionView(_:layout:sizeForItemAt:)`, or has not been probed yet. UIKit asks
    /// `respondsToSelector:`; a Swift protocol's default cannot be told from an
    /// implementation except by running it, which `checkDelegateShapes()` does once per
    /// delegate. A delegate that does not size items leaves every item at its measured
    /// size or `defaultItemSize`, read without a call per item.
    var delegateSizesItems: Bool {
        checkedDelegate != nil ? checkedDelegateSizesItems : delegate != nil
    }

    // MARK: Scrolling

    /// The point of the content at the top-left of the bounds (the bounds origin).
    /// Setting it scrolls; the next layout pass shows what is there.
    public final var contentOffset: Point {
        get { bounds.origin }
        set {
            if bounds.origin != newValue {
                bounds.origin = newValue
                setNeedsLayout()
            }
        }
    }

    /// The size of all content, as the layout last computed it.
    public var contentSize: Size { layout.contentSize }

    /// The traits sizing and cells use: the inherited ones, with the horizontal size class
    /// following the width when `derivesSizeClassFromWidth`.
    public var effectiveTraits: TraitCollection {
        var traits = traitCollection
        if derivesSizeClassFromWidth { traits.horizontalSizeClass = .horizontal(forWidth: bounds.width) }
        return traits
    }

    // MARK: Reloading

    /// Discards the displayed cells and re-reads counts and sizes at the next layout pass.
    /// Clears the selection and any highlight, as UIKit does (without delegate calls).
    /// Measured sizes stay cached for items with an identity of their own
    /// (`identifierForItemAt`), whose content is known unchanged while the identity is;
    /// sizes of items identified only by their index path are dropped and measured again
    /// (UIKit re-asks every size), since another item may now stand at that path.
    /// - Complexity: O(s) for s selected items, plus O(c) for c cached sizes when some are
    ///   keyed by index path; the next pass re-prepares the layout, O(n).
    public func reloadData() {
        interactiveMovement = nil  // the data is read again as the data source has it
        clearSelection()
        sizes.removeIndexPathIdentities()
        sizes.forgetInvalidations()
        setNeedsReload()
    }

    /// Re-reads counts and sizes at the next pass, keeping the selection (a new layout or
    /// delegate, a configuration that affects sizes).
    func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// Re-reads every size (configuration that affects sizes changed).
    func reloadSizes() {
        sizes.forgetItemSizes(sectionCount: sectionCounts.count)
        sizes.forgetSupplementarySizes()
        setNeedsReload()
    }

    /// Applies `context` to the layout now (spacing or insets changed: `invalidatesMetrics`).
    /// - Complexity: that of the layout's invalidation.
    public func invalidateLayout(_ context: InvalidationContext = .everything) {
        guard !needsReload else { return }
        layout.invalidate(context, source: self)
        setNeedsLayout()
    }

    // MARK: LayoutSource

    /// The room the layout gets: the bounds minus the content insets across the scroll
    /// direction.
    public var containerSize: Size {
        scrollDirection == .vertical
            ? Size(width: max(0, bounds.width - contentInset.horizontal), height: bounds.height)
            : Size(width: bounds.width, height: max(0, bounds.height - contentInset.vertical))
    }

    public var layoutDirection: LayoutDirection { effectiveTraits.layoutDirection }

    public var numberOfSections: Int { sectionCounts.count }

    public func numberOfItems(inSection section: Int) -> Int { sectionCounts[section] }

    /// The measured size when the item has been measured; else the delegate's
    /// `collectionView(_:layout:sizeForItemAt:)`; else `defaultItemSize`.
    public func sizeForItem(at indexPath: IndexPath) -> ItemSize {
        if let measured = resolvedSize(at: indexPath) { return ItemSize(measured) }
        if let delegate, delegateSizesItems { return ItemSize(delegate.collectionView(self, layout: layout, sizeForItemAt: indexPath)) }
        return ItemSize(defaultItemSize)
    }

    /// Every item's extent along `axis` in `section`: as `sizeForItem(at:)`, and without a
    /// call per item when no delegate gives sizes (the estimate, then the measured sizes
    /// over it).
    public func itemLengths(inSection section: Int, along axis: Axis, into lengths: UnsafeMutableBufferPointer<Double>) {
        guard !delegateSizesItems else { return itemLengthsAskingEachItem(inSection: section, along: axis, into: lengths) }
        lengths.update(repeating: defaultItemSize[axis])
        sizes.forEachResolvedSize(inSection: section, below: lengths.count) { item, size in lengths[item] = size[axis] }
    }

    /// The size of an item the delegate gives no size for: the estimate with self-sizing,
    /// else `itemSize` (what UIKit's flow layout uses without a delegate method).
    public var defaultItemSize: Size { estimatedItemSize.estimate ?? itemSize }

    /// Whether displayed cells are measured: an `estimatedItemSize` is set, or the layout
    /// has estimated dimensions of its own (`CollectionLayout.hasEstimatedElements`, as
    /// UIKit's compositional layout self-sizes with no `estimatedItemSize`).
    var selfSizesItems: Bool { estimatedItemSize.estimate != nil || layout.hasEstimatedElements }

    /// The measured size of a self-sized header or footer; else the delegate's reference
    /// size (`.zero`: none); else `headerSize` / `footerSize`. Other kinds: the delegate's
    /// `sizeForSupplementaryElementOfKind`.
    public func sizeForSupplementaryElement(ofKind kind: ElementKind, inSection section: Int) -> Size? {
        if let measured = sizes.supplementarySize(ofKind: kind, inSection: section) { return measured }
        if checkedDelegate != nil && !delegateSizesSupplementaries(ofKind: kind) {
            // What the protocol's defaults give, without a call per section.
            switch kind {
            case .header: return headerSize.flatMap { $0 == .zero ? nil : $0 }
            case .footer: return footerSize.flatMap { $0 == .zero ? nil : $0 }
            default: return nil
            }
        }
        guard let delegate else {
            switch kind {
            case .header: return headerSize
            case .footer: return footerSize
            default: return nil
            }
        }
        let size: Size
        switch kind {
        case .header: size = delegate.collectionView(self, layout: layout, referenceSizeForHeaderInSection: section)
        case .footer: size = delegate.collectionView(self, layout: layout, referenceSizeForFooterInSection: section)
        default: return delegate.collectionView(self, sizeForSupplementaryElementOfKind: kind, inSection: section)
        }
        return size == .zero ? nil : size
    }

    @inline(__always)
    func resolvedSize(at indexPath: IndexPath) -> Size? { sizes.size(at: indexPath) }

    // MARK: Visible elements

    /// The displayed cells, in index-path order.
    /// - Complexity: O(k log k) for k displayed cells.
    public var visibleCells: [CollectionViewCell] {
        indexPathsForVisibleItems.compactMap { displayed.cells[$0] }
    }

    /// The index paths of the displayed cells, in order.
    /// - Complexity: O(k log k) for k displayed cells.
    public var indexPathsForVisibleItems: [IndexPath] { displayed.cells.keys.sorted() }

    /// The displayed cell of an item, or nil when it is not displayed.
    /// - Complexity: O(1) on average.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { displayed.cells[indexPath] }

    /// The item a displayed cell shows, or nil for a cell not displayed.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        cell.displayedIndexPath.flatMap { displayed.cells[$0] === cell ? $0 : nil }
    }

    /// The displayed supplementary view of `kind` at `indexPath`, if any.
    public func supplementaryView(forElementKind kind: ElementKind, at indexPath: IndexPath) -> ReusableView? {
        displayed.supplementaryViews[SupplementaryKey(kind: kind, indexPath: indexPath)]
    }

    /// The displayed decoration view of `kind` at `indexPath`, if any.
    /// - Complexity: O(1) on average.
    public func decorationView(ofKind kind: ElementKind, at indexPath: IndexPath) -> ReusableView? {
        displayed.decorationViews[SupplementaryKey(kind: kind, indexPath: indexPath)]
    }

    /// The item's attributes from the layout: always current, never stale.
    /// - Complexity: that of the layout's `attributesForItem(at:)`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        layout.attributesForItem(at: indexPath)
    }

    /// The number of views in the reuse pools (for tests and diagnostics).
    public var reusePoolCount: Int { reuse.pooledCount }
}
