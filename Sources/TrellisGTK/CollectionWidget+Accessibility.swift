import CGtk
import CTrellisGtk
import Trellis
import TrellisKit

/// Screen readers through GTK's own accessibility: GTK 4.8 exposes only widgets to AT-SPI,
/// so each cell shown in the viewport has a light child widget (`TrellisAccessibleCell`)
/// placed at its frame, carrying the cell's role, name, description and states, as
/// `GtkListView` has a row widget for each item it shows. The children draw nothing (the
/// collection widget draws the cells) and take no pointer input (`can-target` is false, so
/// clicks reach the collection widget under them); the keyboard focus is GTK's focus on
/// the focused item's child, so AT-SPI reports a focus event on that cell.
///
/// The children live in one child of the collection widget, the collection as assistive
/// technologies see it (`TrellisAccessibleCollection`: the grid or list, as the scrolled
/// content of a `GtkViewport`). Each child is allocated at its cell's frame in the
/// content's coordinates, from `origin`, and the collection's transform moves them all
/// with the scroll: a scroll allocates only the children whose cells came in or changed.
///
/// Items outside the viewport are not widgets. A flow's lines and a grid's rows, while an
/// assistive technology listens (has subscribed to AT-SPI events), are row widgets holding
/// their cells' children, each given to a line as it comes into view and taken out of the
/// window when it leaves (a few AT-SPI events a line, not a few a cell). Other children
/// are pooled: a cell that leaves the viewport gives its child to a cell that came in, or
/// back to the pool, hidden from assistive technologies (GTK's hidden accessible state:
/// the widget stays shown, so GTK neither unmaps it nor resizes the collection widget for
/// it). The accessible values are sent to GTK only when they change: with an assistive
/// technology listening, each change is an AT-SPI event GTK builds and sends at once, the
/// largest part of the cost (docs/perf/gtk-accessibility.md).
@MainActor
final class AccessibleCells {
    /// One child widget and what it was last told.
    final class Element {
        let widget: UnsafeMutablePointer<GtkWidget>
        /// Where it was last allocated, in the collection accessible's coordinates (nil:
        /// not since it was made or the origin moved).
        var allocation: Allocation?
        var label: String?
        var description: String?
        /// -1: the state is not set (not selectable), else 0 or 1.
        var selected: Int32 = -2
        var disabled: Int32 = -2
        /// -1: the cell does not expand, else 0 (collapsed) or 1 (expanded).
        var expanded: Int32 = -2
        var position: (Int32, Int32) = (-2, -2)
        var indexPath: IndexPath?
        /// The cell whose name, description and states the element has (nil: none yet).
        var describedCell: ObjectIdentifier?

        init(widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
    }

    /// The collection's own accessible name.
    var label: String?
    /// Whether the collection is a list (list items) or a grid (grid cells), fixed when the
    /// widget is made: GTK cannot change the role of an accessible once AT-SPI knows it.
    let isList: Bool
    /// The children of the cells in the viewport, by cell.
    var shown: [ObjectIdentifier: Element] = [:]
    /// Hidden children waiting for a cell.
    var pool: [Element] = []
    /// The rows in view when the cells are grouped in rows (`groupsInRows`), by the items
    /// they hold.
    var rows: [RowKey: Row] = [:]
    /// Rows that left the viewport, out of the window with their cells' children (each
    /// holding a reference of ours), waiting for a line to come in: reusing one saves GTK
    /// making and destroying a row's widgets and AT-SPI contexts.
    var rowPool: [Row] = []
    /// The most rows kept waiting: a viewport's lines (a scroll brings in a line or two a
    /// frame, and turning back brings back the lines just left); beyond, a row that leaves
    /// is destroyed.
    static let rowPoolLimit = 16
    /// Whether the cells' children are grouped in rows (grid → row → cell), decided at each
    /// update from the layout and whether an assistive technology listens.
    var groupsInRows = false
    /// Something other than a scroll changed the collection (an apply, a reload, a new
    /// layout): the items before each section are counted again at the next update.
    var collectionChanged = true
    /// Whether the collection allowed selection at the last update (nil: no update yet):
    /// every cell's selectable state follows a change of it.
    var allowedSelection: Bool?
    /// Per section, the items (list) or grid rows before it, and the total: what the
    /// children's positions are counted from. Read again when the collection changed, not
    /// on every scroll frame: a chat of 25,000 days would otherwise add up the days before
    /// a cell for each cell in view.
    var sectionStarts = SectionStarts()
    /// Whether assistive technologies can read the children (nil: not asked yet; GTK
    /// knows once the widget has its display). Without an accessibility bus GTK gives
    /// each widget a context that exports nothing, for the widget's life: the cells' names
    /// and states are then not read at all, since nothing could ever hear them.
    var exported: Bool?

    struct SectionStarts {
        /// The column count the row starts were counted with (nil: items, a list).
        var columns: Int?
        var starts: [Int] = []
        var total = 0

        init() {}

        /// Counted from `counts`: items before each section, or, with `columns`, the rows
        /// before it (each section starts a row).
        init(counts: [Int], columns: Int?) {
            self.columns = columns
            starts.reserveCapacity(counts.count)
            var running = 0
            for count in counts {
                starts.append(running)
                running += columns.map { (count + max($0, 1) - 1) / max($0, 1) } ?? count
            }
            total = running
        }
    }

    /// A row of cells (a line of a flow, a row of a grid) when the cells are grouped in
    /// rows: a widget of the row role whose children are the line's cells' children, given
    /// to a line that came into view and pooled out of the window when it left.
    final class Row {
        let widget: UnsafeMutablePointer<GtkWidget>
        /// Its cells' children, in index order.
        var elements: [Element]
        /// Its place in the collection accessible's coordinates (its cells' union).
        var allocation: Allocation

        init(widget: UnsafeMutablePointer<GtkWidget>, elements: [Element], allocation: Allocation) {
            self.widget = widget
            self.elements = elements
            self.allocation = allocation
        }
    }

    /// A row's items: its first and last index paths and how many it holds (the rows'
    /// items are consecutive, so these name them all).
    struct RowKey: Hashable {
        var first: IndexPath
        var last: IndexPath
        var count: Int
    }

    /// A child's place and size, in whole points (GTK allocates integers).
    struct Allocation: Equatable {
        var x, y, width, height: Int32

        func hasSize(of other: Allocation) -> Bool { width == other.width && height == other.height }

        /// The smallest allocation holding both.
        func union(_ other: Allocation) -> Allocation {
            let minX = min(x, other.x), minY = min(y, other.y)
            let maxX = max(x + width, other.x + other.width), maxY = max(y + height, other.y + other.height)
            return Allocation(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }

        /// This allocation in the coordinates of a parent allocated at `parent`.
        func relative(to parent: Allocation) -> Allocation {
            Allocation(x: x - parent.x, y: y - parent.y, width: width, height: height)
        }
    }

    /// A cell in the viewport: where its child goes, and the child it kept (nil: it takes
    /// one from the pool).
    typealias CellInView = (cell: CollectionViewCell, indexPath: IndexPath, allocation: Allocation, element: Element?)

    /// The collection as assistive technologies see it: the grid or list whose children
    /// are the cells' (a child of the collection widget, which is a group around it).
    /// Replaced by a new one when the way the children are kept changes (see
    /// `replaceAccessibleCollection()`).
    var collection: UnsafeMutablePointer<GtkWidget>
    /// The content point at the collection accessible's origin (nil: none yet). Re-based
    /// when the scroll offset moves further than `rebaseDistance` from it: GTK's
    /// transforms are single-precision, exact to a point only below 2²⁴.
    var origin: Point?
    static let rebaseDistance = 32_768.0
    /// The row and column counts `collection` was last given (-1: none; -2: not yet).
    var counts: (rows: Int32, columns: Int32) = (-2, -2)

    init(isList: Bool) {
        self.isList = isList
        collection = Self.makeCollection(isList: isList)
    }

    static func makeCollection(isList: Bool) -> UnsafeMutablePointer<GtkWidget> {
        trellis_accessible_collection_new(isList ? GTK_ACCESSIBLE_ROLE_LIST : GTK_ACCESSIBLE_ROLE_GRID)
    }

    /// A child for a cell that came in, still hidden from assistive technologies when
    /// they can listen (the caller presents it once it is in its place among its
    /// siblings): from the pool — when they can listen, one of the same size if there is
    /// one (GTK tells assistive technologies of a realized child's new size) — else a new
    /// child.
    ///
    /// The search is a plain loop, not `lastIndex(where:)`: a closure reading the
    /// main-actor elements checks the executor at each call, and a fling searches a pool
    /// of a page's children for each of a page's new cells.
    func dequeue(sizedFor allocation: Allocation, listening: Bool) -> Element {
        if !pool.isEmpty {
            var index = pool.count - 1
            if listening {
                var candidate = index
                while candidate >= 0 {
                    if let size = pool[candidate].allocation, size.hasSize(of: allocation) {
                        index = candidate
                        break
                    }
                    candidate -= 1
                }
            }
            pool.swapAt(index, pool.count - 1)
            return pool.removeLast()
        }
        let widget = trellis_accessible_cell_new(isList ? GTK_ACCESSIBLE_ROLE_LIST_ITEM : GTK_ACCESSIBLE_ROLE_GRID_CELL)!
        if listening { trellis_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_HIDDEN, 1) }
        gtk_widget_set_parent(widget, collection)
        return Element(widget: widget)
    }

    func element(showing indexPath: IndexPath) -> Element? {
        shown.values.first { $0.indexPath == indexPath }
    }
}

extension CollectionWidget {
    /// The collection's accessible name, what a screen reader says on entering it (a page
    /// title, "Photos"); nil, the default, gives it none, and GTK names it by its type, as
    /// it does a `GtkFlowBox`. The cells' names come from their own
    /// `accessibilityLabel` (by default the text they show).
    public var accessibilityLabel: String? {
        get { accessibleCells.label }
        set {
            accessibleCells.label = newValue
            trellis_accessible_set_label(accessibleCells.collection, newValue, nil)
        }
    }

    /// The accessible role of a collection showing `layout`: a list for a list layout, as
    /// `GtkListView`; a grid for the others (grid, flow, waterfall, compositional), as
    /// `GtkGridView` and `GtkFlowBox`.
    static func isListLayout(_ layout: any CollectionLayout) -> Bool {
        layout is ListLayout
    }

    /// Makes the widget a group around the collection accessible (the grid or list), as a
    /// `GtkViewport` is around the widget it scrolls, called once before GTK realizes its
    /// accessible; and follows the cells' accessible content: a cell changed outside a
    /// layout (a label's text or an accessibility property set by the app) is read on the
    /// next frame.
    func installAccessibility() {
        trellis_accessible_set_role(widget, GTK_ACCESSIBLE_ROLE_GROUP)
        gtk_widget_set_parent(accessibleCells.collection, widget)
        trellis_accessibility_listeners_watch(widget)
        collectionView.accessibleContentChangeHandler = { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.isLayingOut else { return }
                self.queueLayout()
            }
        }
    }

    /// After the frame's layout: a child for each cell in the viewport, allocated at the
    /// cell's frame, with the cell's name, description and states, in index order among
    /// its siblings; the children of cells that left go back to the pool. Then the GTK
    /// focus follows the focused item.
    ///
    /// A cell is read (its name, description, traits and expanded status) only when its
    /// child is new to it or the cell is marked as changed (`accessibleContentChanged`:
    /// TrellisKit marks a cell whenever a change can alter what it reads as). A scroll
    /// reads only the cells that came into view; nothing is polled.
    ///
    /// What an assistive technology holds stays true. GTK 4.8 tells AT-SPI when a child
    /// is presented or hidden (children-changed, with its index) but not when it moves
    /// among its siblings, and libatspi keeps each parent's children in its own list.
    /// - In rows (a flow or a grid, while an assistive technology listens): each line in
    ///   view is a row widget that joined the window when the line came into view and
    ///   left it when the line did (``updateAccessibleRows(_:selectable:everyCell:columns:)``).
    ///   Joining and leaving the window costs GTK more than hiding a child in place, and
    ///   saves events only when something hears them.
    /// - Otherwise the children are pooled, and a child is only ever placed while hidden:
    ///   the children of cells that left are hidden and pooled; a cell that came in takes
    ///   one, which is placed, then presented; and of the children that kept their cells,
    ///   those whose order changed (the fewest: those outside a longest run already in
    ///   order) are hidden, moved and presented again.
    func updateAccessibleCells() {
        let cells = accessibleCells
        if cells.exported == nil { cells.exported = trellis_accessible_is_exported(cells.collection) != 0 }
        let inRows = cells.exported == true && !cells.isList && Self.placesCellsInRows(collectionView.layout)
            && trellis_accessibility_has_listeners() != 0
        if inRows != cells.groupsInRows {
            replaceAccessibleCollection()
            cells.groupsInRows = inRows
        }
        let origin = placeAccessibleCollection(offset: collectionView.contentOffset)
        let selectable = collectionView.allowsSelection
        let everyCell = cells.allowedSelection != selectable
        cells.allowedSelection = selectable
        let columns = (collectionView.layout as? GridLayout)?.columnCount
        let collectionChanged = cells.collectionChanged
        cells.collectionChanged = false
        let sections = collectionView.numberOfSections
        let countedColumns = cells.isList ? nil : columns
        if collectionChanged || cells.sectionStarts.starts.count != sections || cells.sectionStarts.columns != countedColumns {
            cells.sectionStarts = .init(counts: (0..<sections).map { collectionView.numberOfItems(inSection: $0) }, columns: countedColumns)
        }
        let inView = cellsInView(origin: origin)
        if inRows {
            updateAccessibleRows(inView, selectable: selectable, everyCell: everyCell, columns: columns)
        } else {
            updateAccessibleChildren(inView, selectable: selectable, everyCell: everyCell, columns: columns)
        }
        updateAccessibleCounts()
        followFocusWithChild()
    }

    /// Whether the cells of `layout` are grouped in rows for assistive technologies (when
    /// they can listen): a flow's lines and a grid's rows, ARIA's grid → row → grid cell,
    /// as `GtkColumnView` exposes its rows. A waterfall's or a compositional layout's
    /// items form no rows, and a list's rows are its items.
    static func placesCellsInRows(_ layout: any CollectionLayout) -> Bool {
        layout is FlowLayout || layout is GridLayout
    }

    /// The cells' children directly in the collection accessible, pooled: see
    /// ``updateAccessibleCells()``.
    private func updateAccessibleChildren(_ cellsInView: [AccessibleCells.CellInView], selectable: Bool, everyCell: Bool,
                                          columns: Int?) {
        let cells = accessibleCells
        var leaving = cells.shown
        var shown: [ObjectIdentifier: AccessibleCells.Element] = [:]
        shown.reserveCapacity(leaving.count)
        // Without an accessibility bus nothing can ever listen: the children are placed
        // and ordered without hiding them from anyone.
        let listening = cells.exported == true
        var inView = cellsInView
        for index in inView.indices { inView[index].element = leaving.removeValue(forKey: ObjectIdentifier(inView[index].cell)) }
        for element in leaving.values { pool(element, listening: listening) }
        // The children that kept their cells and are already in order stay where they are.
        let kept = inView.indices.filter { inView[$0].element != nil }
        let inOrder = Self.longestIncreasingRun(siblingOrdinals(of: kept.map { inView[$0].element!.widget }))
        var stays = [Bool](repeating: false, count: inView.count)
        for (run, index) in kept.enumerated() where inOrder[run] { stays[index] = true }
        for index in kept where !stays[index] && listening {
            trellis_accessible_set_boolean_state(inView[index].element!.widget, GTK_ACCESSIBLE_STATE_HIDDEN, 1)
        }
        var presented: [AccessibleCells.Element] = []
        var previous: UnsafeMutablePointer<GtkWidget>?
        for (index, entry) in inView.enumerated() {
            let key = ObjectIdentifier(entry.cell)
            let element = entry.element ?? cells.dequeue(sizedFor: entry.allocation, listening: listening)
            shown[key] = element
            element.indexPath = entry.indexPath
            if stays[index] {
                allocate(element, at: entry.allocation)
            } else {
                place(element, at: entry.allocation, after: previous, listening: listening)
                if listening { presented.append(element) }
            }
            previous = element.widget
            if listening { describeIfChanged(element, as: entry.cell, selectable: selectable, everyCell: everyCell) }
            setPosition(of: element, at: entry.indexPath, columns: columns)
        }
        // In index order: GTK gives each its index among the children presented so far,
        // which is where libatspi inserts it.
        for element in presented { trellis_accessible_set_boolean_state(element.widget, GTK_ACCESSIBLE_STATE_HIDDEN, 0) }
        cells.shown = shown
    }

    /// The cells' children in rows (see ``placesCellsInRows(_:)``), while an assistive
    /// technology listens.
    ///
    /// A row that comes into view is built with its cells' children, named and placed
    /// before it joins the collection accessible (``makeRow(_:bounds:after:selectable:columns:)``):
    /// GTK tells AT-SPI nothing of a widget outside the window, so the whole row costs two
    /// events (children-changed and its bounds), and a row that leaves a few more (its
    /// removal, and GTK's notice that its objects are gone) as it leaves the window. A row
    /// that stays keeps its children; a change to one of its cells is sent as it happens.
    private func updateAccessibleRows(_ inView: [AccessibleCells.CellInView], selectable: Bool, everyCell: Bool,
                                      columns: Int?) {
        let cells = accessibleCells
        let lines = Self.rows(of: inView)
        let keys = lines.map {
            AccessibleCells.RowKey(first: inView[$0.lowerBound].indexPath, last: inView[$0.upperBound - 1].indexPath, count: $0.count)
        }
        var leaving = cells.rows
        let kept = keys.map { leaving.removeValue(forKey: $0) }
        for row in leaving.values { removeRow(row) }
        var rows: [AccessibleCells.RowKey: AccessibleCells.Row] = [:]
        rows.reserveCapacity(lines.count)
        var shown: [ObjectIdentifier: AccessibleCells.Element] = [:]
        shown.reserveCapacity(inView.count)
        var previous: UnsafeMutablePointer<GtkWidget>?
        for (index, line) in lines.enumerated() {
            let entries = inView[line]
            let bounds = entries.dropFirst().reduce(entries.first!.allocation) { $0.union($1.allocation) }
            let row: AccessibleCells.Row
            if let existing = kept[index] {
                row = existing
                if row.allocation != bounds {
                    row.allocation = bounds
                    Self.sizeAllocate(row.widget, to: bounds)
                }
                for (element, entry) in zip(row.elements, entries) {
                    allocate(element, at: entry.allocation.relative(to: bounds))
                    describeIfChanged(element, as: entry.cell, selectable: selectable, everyCell: everyCell)
                    setPosition(of: element, at: entry.indexPath, columns: columns)
                }
            } else {
                row = makeRow(entries, bounds: bounds, after: previous, selectable: selectable, columns: columns)
            }
            for (element, entry) in zip(row.elements, entries) {
                element.indexPath = entry.indexPath
                shown[ObjectIdentifier(entry.cell)] = element
            }
            rows[keys[index]] = row
            previous = row.widget
        }
        cells.rows = rows
        cells.shown = shown
    }

    /// The cells in view grouped in rows: runs of consecutive cells of one section whose
    /// frames share height with the run's first (a flow's line, whatever its vertical
    /// alignment, or a grid's row; the next line starts below the last).
    static func rows(of inView: [AccessibleCells.CellInView]) -> [Range<Int>] {
        guard !inView.isEmpty else { return [] }
        var rows: [Range<Int>] = []
        var start = 0
        for index in inView.indices.dropFirst() {
            let first = inView[start], current = inView[index]
            let top = first.allocation.y, bottom = first.allocation.y + first.allocation.height
            let sameRow = current.indexPath.section == first.indexPath.section
                && current.allocation.y < bottom && current.allocation.y + current.allocation.height > top
            if !sameRow {
                rows.append(start..<index)
                start = index
            }
        }
        rows.append(start..<inView.count)
        return rows
    }

    /// A row for a line that came into view — from the pool, else new — with a child for
    /// each of its cells, named and allocated while the row is outside the window (GTK
    /// sends no AT-SPI events for it there), then put after `previous` among the rows,
    /// hidden, given its AT-SPI object, and shown: GTK presents it to AT-SPI with one
    /// children-changed event, then one bounds change as it is allocated (GTK clears a
    /// hidden widget's allocation). Shown at once, GTK 4.8 would tell AT-SPI nothing: the
    /// event names the row's AT-SPI object, which GTK makes only when a client asks for it.
    ///
    /// A pooled row is a new object to a client: GTK drops a widget's AT-SPI object when
    /// the widget leaves the window, and makes one with a new D-Bus path when it is next
    /// needed, for the row and for each of its cells. (A row that stayed in the window,
    /// hidden, would keep its path, and libatspi, which keeps each object's name and
    /// children by path, would read it as its old line.)
    private func makeRow(_ entries: ArraySlice<AccessibleCells.CellInView>, bounds: AccessibleCells.Allocation,
                         after previous: UnsafeMutablePointer<GtkWidget>?, selectable: Bool,
                         columns: Int?) -> AccessibleCells.Row {
        let cells = accessibleCells
        let pooled = cells.rowPool.popLast()
        let row = pooled ?? AccessibleCells.Row(
            widget: trellis_accessible_collection_new(GTK_ACCESSIBLE_ROLE_ROW)!, elements: [], allocation: bounds)
        if pooled == nil { gtk_widget_set_visible(row.widget, 0) }
        while row.elements.count > entries.count { gtk_widget_unparent(row.elements.removeLast().widget) }
        row.elements.reserveCapacity(entries.count)
        while row.elements.count < entries.count {
            let element = AccessibleCells.Element(widget: trellis_accessible_cell_new(GTK_ACCESSIBLE_ROLE_GRID_CELL)!)
            gtk_widget_set_parent(element.widget, row.widget)
            row.elements.append(element)
        }
        for (element, entry) in zip(row.elements, entries) {
            allocate(element, at: entry.allocation.relative(to: bounds))
            describeIfChanged(element, as: entry.cell, selectable: selectable, everyCell: true)
            setPosition(of: element, at: entry.indexPath, columns: columns)
        }
        gtk_widget_insert_after(row.widget, cells.collection, previous)
        // The window's reference keeps it now.
        if pooled != nil { g_object_unref(row.widget) }
        trellis_accessible_realize_context(row.widget)
        gtk_widget_set_visible(row.widget, 1)
        row.allocation = bounds
        Self.sizeAllocate(row.widget, to: bounds)
        return row
    }

    /// Takes a row that left the viewport out of the collection accessible (AT-SPI hears it
    /// removed, and GTK tells it that its objects, and those of the cells a client read,
    /// are gone), and pools it, hidden, with its cells' children, or destroys it when the
    /// pool is full. The widget takes the focus if one of its cells had it.
    private func removeRow(_ row: AccessibleCells.Row) {
        if row.elements.contains(where: { gtk_widget_has_focus($0.widget) != 0 }) {
            trellis_collection_widget_grab_focus_self(trellisWidget)
        }
        guard accessibleCells.rowPool.count < AccessibleCells.rowPoolLimit else {
            gtk_widget_unparent(row.widget)
            return
        }
        g_object_ref(row.widget)
        gtk_widget_unparent(row.widget)
        gtk_widget_set_visible(row.widget, 0)
        for element in row.elements { element.indexPath = nil }
        accessibleCells.rowPool.append(row)
    }

    /// Destroys the pooled rows (the way the children are kept changed, or the widget is
    /// going).
    func releaseAccessibleRowPool() {
        for row in accessibleCells.rowPool { g_object_unref(row.widget) }
        accessibleCells.rowPool = []
    }

    /// When the way the children are kept changes (rows or not), a new collection
    /// accessible in the place of the old one, which is destroyed with every child, pooled
    /// or shown (unless it has none yet); the widget takes the focus if a child had it.
    ///
    /// A new object, not the old one emptied: libatspi keeps a caching client's copy of a
    /// parent's children by index, and after a whole viewport of children was removed and
    /// others added in one frame, its copy of the old grid can list rows twice (GTK's own
    /// answers stay right). A new grid is read afresh, as at start-up. Like a row, it
    /// joins hidden, is given its AT-SPI object, and is shown: one children-changed event
    /// on the group.
    private func replaceAccessibleCollection() {
        let cells = accessibleCells
        if trellis_collection_widget_has_focus(trellisWidget) != 0 && gtk_widget_has_focus(widget) == 0 {
            trellis_collection_widget_grab_focus_self(trellisWidget)
        }
        releaseAccessibleRowPool()
        cells.rows = [:]
        cells.shown = [:]
        cells.pool = []
        let old = cells.collection
        // The first frame's collection has no children yet: nothing to read afresh.
        guard gtk_widget_get_first_child(old) != nil else { return }
        let new = AccessibleCells.makeCollection(isList: cells.isList)
        gtk_widget_set_visible(new, 0)
        if let label = cells.label { trellis_accessible_set_label(new, label, nil) }
        gtk_widget_insert_after(new, widget, old)
        gtk_widget_unparent(old)
        cells.collection = new
        trellis_accessible_realize_context(new)
        gtk_widget_set_visible(new, 1)
        // Placed at the next `placeAccessibleCollection`; its counts are sent again.
        cells.origin = nil
        cells.counts = (-2, -2)
    }

    /// The cells in view, in index order (the order of the children), each with its frame
    /// in the collection accessible's coordinates.
    private func cellsInView(origin: Point) -> [AccessibleCells.CellInView] {
        let bounds = collectionView.bounds
        var inView: [AccessibleCells.CellInView] = []
        for indexPath in collectionView.indexPathsForVisibleItems {
            guard let cell = collectionView.cellForItem(at: indexPath), !cell.isHidden else { continue }
            let frame = cell.frame
            guard frame.intersects(bounds) else { continue }
            let allocation = AccessibleCells.Allocation(
                x: Int32((frame.minX - origin.x).rounded()), y: Int32((frame.minY - origin.y).rounded()),
                width: Int32(max(0, frame.width.rounded())), height: Int32(max(0, frame.height.rounded())))
            inView.append((cell, indexPath, allocation, nil))
        }
        return inView
    }

    private func allocate(_ element: AccessibleCells.Element, at allocation: AccessibleCells.Allocation) {
        guard element.allocation != allocation else { return }
        element.allocation = allocation
        Self.sizeAllocate(element.widget, to: allocation)
    }

    private static func sizeAllocate(_ widget: UnsafeMutablePointer<GtkWidget>, to allocation: AccessibleCells.Allocation) {
        var gtkAllocation = GtkAllocation(x: allocation.x, y: allocation.y, width: allocation.width, height: allocation.height)
        gtk_widget_size_allocate(widget, &gtkAllocation, -1)
    }

    /// Reads the cell into its child when the child is new to it, the cell was marked as
    /// changed, or (`everyCell`) every cell's selectable state changed; marks it read.
    private func describeIfChanged(_ element: AccessibleCells.Element, as cell: CollectionViewCell, selectable: Bool,
                                   everyCell: Bool) {
        guard everyCell || cell.accessibleContentChanged || element.describedCell != ObjectIdentifier(cell) else { return }
        describe(element, as: cell, selectable: selectable)
        cell.accessibleContentWasRead()
    }

    /// Allocates a child and moves it after `previous` (nil: first). When assistive
    /// technologies can listen, the child is hidden from them and is unrealized meanwhile:
    /// GTK tells AT-SPI of a new size only for a realized widget, and the child's new cell
    /// would cost an event for its size beside the one presenting it (an assistive
    /// technology asks for extents when it needs them; libatspi keeps none). It is realized
    /// again before it is named: the name must reach libatspi, which still holds the old
    /// one. (With a listener on the million tags' wheel this halves the frame's accessible
    /// work; docs/perf/gtk-accessibility.md.)
    private func place(_ element: AccessibleCells.Element, at allocation: AccessibleCells.Allocation,
                       after previous: UnsafeMutablePointer<GtkWidget>?, listening: Bool) {
        if listening && gtk_widget_get_realized(element.widget) != 0 { gtk_widget_unrealize(element.widget) }
        allocate(element, at: allocation)
        // (Moving a child realizes and maps it when its parent is.)
        if gtk_widget_get_prev_sibling(element.widget) != previous { gtk_widget_insert_after(element.widget, accessibleCells.collection, previous) }
        if gtk_widget_get_realized(element.widget) == 0 && gtk_widget_get_mapped(accessibleCells.collection) != 0 { gtk_widget_map(element.widget) }
    }

    /// Each of `children`'s place among the collection accessible's children (one walk of
    /// them).
    private func siblingOrdinals(of children: [UnsafeMutablePointer<GtkWidget>]) -> [Int] {
        guard !children.isEmpty else { return [] }
        var ordinals: [UnsafeMutablePointer<GtkWidget>: Int] = [:]
        ordinals.reserveCapacity(children.count + accessibleCells.pool.count)
        var ordinal = 0
        var child = gtk_widget_get_first_child(accessibleCells.collection)
        while let current = child {
            ordinals[current] = ordinal
            ordinal += 1
            child = gtk_widget_get_next_sibling(current)
        }
        return children.map { ordinals[$0] ?? -1 }
    }

    /// Which of `values` form a longest strictly increasing run (not necessarily
    /// contiguous): the children already in order, left in place. Patience sorting,
    /// O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []  // indices into values: the smallest tail of a run of each length
        var before = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { before[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var member = [Bool](repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            member[index] = true
            index = before[index]
        }
        return member
    }

    /// Allocates the collection accessible over the widget, moved by the scroll, and returns
    /// its origin: a content point p is at p − origin in it, and it is at origin − offset in
    /// the widget. A new origin (the first frame, or the offset far from the last) moves
    /// every cell's place in it by more than the re-basing distance, so every child is
    /// allocated again by the comparison with its last allocation.
    private func placeAccessibleCollection(offset: Point) -> Point {
        let cells = accessibleCells
        let far = { (origin: Point) in
            abs(offset.x - origin.x) > AccessibleCells.rebaseDistance || abs(offset.y - origin.y) > AccessibleCells.rebaseDistance
        }
        let origin = cells.origin.flatMap { far($0) ? nil : $0 } ?? Point(x: offset.x.rounded(), y: offset.y.rounded())
        cells.origin = origin
        trellis_widget_allocate_translated(
            cells.collection, Int32(allocated.width), Int32(allocated.height), origin.x - offset.x, origin.y - offset.y)
        return origin
    }

    /// Gives a child back to the pool (its cell left the viewport), hidden from assistive
    /// technologies when they can listen (AT-SPI hears it removed) and unrealized (see
    /// `place`); the widget takes the focus if the child had it.
    private func pool(_ element: AccessibleCells.Element, listening: Bool) {
        if gtk_widget_has_focus(element.widget) != 0 { trellis_collection_widget_grab_focus_self(trellisWidget) }
        element.indexPath = nil
        accessibleCells.pool.append(element)
        if listening {
            trellis_accessible_set_boolean_state(element.widget, GTK_ACCESSIBLE_STATE_HIDDEN, 1)
            gtk_widget_unrealize(element.widget)
        }
    }

    /// Sends the cell's name (its `accessibilityLabel` and `accessibilityValue`),
    /// description (`accessibilityHint`) and states (selected, disabled, and expanded from
    /// its `accessibilityExpandedStatus`: AT-SPI's expandable and expanded) to the child
    /// when they changed.
    private func describe(_ element: AccessibleCells.Element, as cell: CollectionViewCell, selectable: Bool) {
        element.describedCell = ObjectIdentifier(cell)
        let name = [cell.accessibilityLabel, cell.accessibilityValue].compactMap { $0 }.joined(separator: ", ")
        let label: String? = name.isEmpty ? nil : name
        let description = cell.accessibilityHint
        // One property at a time: GTK sends an AT-SPI event for each one it is given.
        if label != element.label {
            element.label = label
            trellis_accessible_set_string_property(element.widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
        }
        if description != element.description {
            element.description = description
            trellis_accessible_set_string_property(element.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
        }
        let expanded: Int32 = switch cell.accessibilityExpandedStatus {
        case .unsupported: -1
        case .collapsed: 0
        case .expanded: 1
        }
        if expanded != element.expanded {
            element.expanded = expanded
            trellis_accessible_set_boolean_state(element.widget, GTK_ACCESSIBLE_STATE_EXPANDED, expanded)
        }
        let traits = cell.accessibilityTraits
        let selected: Int32 = selectable ? (traits.contains(.selected) ? 1 : 0) : -1
        if selected != element.selected {
            element.selected = selected
            trellis_accessible_set_boolean_state(element.widget, GTK_ACCESSIBLE_STATE_SELECTED, selected)
        }
        let disabled: Int32 = traits.contains(.notEnabled) ? 1 : -1
        if disabled != element.disabled {
            element.disabled = disabled
            trellis_accessible_set_boolean_state(element.widget, GTK_ACCESSIBLE_STATE_DISABLED, disabled)
        }
    }

    /// A list item's place: its position among all items (1-based) and the number of items
    /// (ARIA's pos-in-set / set-size).
    private func listPosition(of indexPath: IndexPath) -> (Int32, Int32) {
        let counted = accessibleCells.sectionStarts
        let before = indexPath.section < counted.starts.count ? counted.starts[indexPath.section] : 0
        return (Int32(clamping: before + indexPath.item + 1), Int32(clamping: counted.total))
    }

    /// A grid cell's row and column (0-based, rows counted through the sections, each of
    /// which starts a row).
    private func gridPosition(of indexPath: IndexPath, columns: Int) -> (Int32, Int32) {
        let columns = max(columns, 1)
        let counted = accessibleCells.sectionStarts
        let rows = indexPath.section < counted.starts.count ? counted.starts[indexPath.section] : 0
        return (Int32(clamping: rows + indexPath.item / columns), Int32(clamping: indexPath.item % columns))
    }

    private func setPosition(of element: AccessibleCells.Element, at indexPath: IndexPath, columns: Int?) {
        let position = accessibleCells.isList ? listPosition(of: indexPath)
            : columns.map { gridPosition(of: indexPath, columns: $0) } ?? (-1, -1)
        guard position != element.position else { return }
        element.position = position
        if accessibleCells.isList {
            trellis_accessible_set_integer_relation(element.widget, GTK_ACCESSIBLE_RELATION_POS_IN_SET, position.0)
            trellis_accessible_set_integer_relation(element.widget, GTK_ACCESSIBLE_RELATION_SET_SIZE, position.1)
        } else {
            trellis_accessible_set_integer_relation(element.widget, GTK_ACCESSIBLE_RELATION_ROW_INDEX, position.0)
            trellis_accessible_set_integer_relation(element.widget, GTK_ACCESSIBLE_RELATION_COL_INDEX, position.1)
        }
    }

    /// A grid layout's rows and columns on the collection (ARIA's row and column counts);
    /// none for layouts without a fixed column count (flow, waterfall, compositional).
    private func updateAccessibleCounts() {
        var counts: (rows: Int32, columns: Int32) = (-1, -1)
        if !accessibleCells.isList, let grid = collectionView.layout as? GridLayout {
            // The section starts were counted in rows of this grid's columns in this update.
            counts = (Int32(clamping: accessibleCells.sectionStarts.total), Int32(clamping: max(grid.columnCount, 1)))
        }
        guard counts != accessibleCells.counts else { return }
        accessibleCells.counts = counts
        trellis_accessible_set_integer_relation(accessibleCells.collection, GTK_ACCESSIBLE_RELATION_ROW_COUNT, counts.rows)
        trellis_accessible_set_integer_relation(accessibleCells.collection, GTK_ACCESSIBLE_RELATION_COL_COUNT, counts.columns)
    }

    /// While the focus is in the collection, GTK's focus is on the focused item's child
    /// (or on the widget, when that item has none: nothing focused yet, or scrolled away);
    /// not while a pop-up menu is open.
    func followFocusWithChild() {
        // A pop-up menu's popover (a child) keeps the focus while it is open.
        guard shownMenu == nil, trellis_collection_widget_has_focus(trellisWidget) != 0 else { return }
        if let child = focusedItem.flatMap({ accessibleCells.element(showing: $0) })?.widget {
            if gtk_widget_has_focus(child) == 0 { gtk_widget_grab_focus(child) }
        } else if gtk_widget_has_focus(widget) == 0 {
            trellis_collection_widget_grab_focus_self(trellisWidget)
        }
    }

    /// The child that takes the focus when the widget is asked to (a click, an app's
    /// `gtk_widget_grab_focus`): the focused item's.
    func focusTargetChild() -> UnsafeMutablePointer<GtkWidget>? {
        focusedItem.flatMap { accessibleCells.element(showing: $0) }?.widget
    }

    /// GTK's focus chain reached the widget: Tab into the collection focuses the focused
    /// item (the first shown one when none is, so the focus is visible), and Tab from it
    /// leaves the collection in one step, as from a `GtkListView`.
    func focusChain(_ direction: GtkDirectionType) -> Bool {
        if trellis_collection_widget_has_focus(trellisWidget) != 0 { return false }
        if focusedItem == nil, let first = currentShownItems().map(\.indexPath).min() { focus(first) }
        if let child = focusTargetChild() {
            gtk_widget_grab_focus(child)
        } else {
            trellis_collection_widget_grab_focus_self(trellisWidget)
        }
        queueDraw()
        return true
    }
}
