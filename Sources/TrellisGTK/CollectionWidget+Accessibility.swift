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
/// The children are pooled: a cell that leaves the viewport gives its child back, hidden,
/// and the next cell to come in takes it; items outside the viewport are not widgets. The
/// accessible values are sent to GTK only when they change, so a scroll that shows the same
/// cells costs one allocation a cell.
@MainActor
final class AccessibleCells {
    /// One child widget and what it was last told.
    final class Element {
        let widget: UnsafeMutablePointer<GtkWidget>
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
    /// Whether assistive technologies can read the children (nil: not known until the
    /// first child exists). Without an accessibility bus GTK gives each widget a context
    /// that exports nothing, for the widget's life: the cells' names and states are then
    /// not read at all, since nothing could ever hear them.
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

    init(isList: Bool) { self.isList = isList }

    func dequeue(in parent: UnsafeMutablePointer<GtkWidget>) -> Element {
        if let element = pool.popLast() {
            gtk_widget_set_visible(element.widget, 1)
            return element
        }
        let widget = trellis_accessible_cell_new(isList ? GTK_ACCESSIBLE_ROLE_LIST_ITEM : GTK_ACCESSIBLE_ROLE_GRID_CELL)!
        gtk_widget_set_parent(widget, parent)
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
            trellis_accessible_set_label(widget, newValue, nil)
        }
    }

    /// The accessible role of a collection showing `layout`: a list for a list layout, as
    /// `GtkListView`; a grid for the others (grid, flow, waterfall, compositional), as
    /// `GtkGridView` and `GtkFlowBox`.
    static func isListLayout(_ layout: any CollectionLayout) -> Bool {
        layout is ListLayout
    }

    /// Sets the widget's own role, called once before GTK realizes its accessible, and
    /// follows the cells' accessible content: a cell changed outside a layout (a label's
    /// text or an accessibility property set by the app) is read on the next frame.
    func installAccessibility() {
        trellis_accessible_set_role(widget, accessibleCells.isList ? GTK_ACCESSIBLE_ROLE_LIST : GTK_ACCESSIBLE_ROLE_GRID)
        collectionView.accessibleContentChangeHandler = { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.isLayingOut else { return }
                self.queueLayout()
            }
        }
    }

    /// After the frame's layout: a child for each cell in the viewport, allocated at the
    /// cell's frame in the widget, with the cell's name, description and states; the
    /// children of cells that left go back to the pool. Then the GTK focus follows the
    /// focused item.
    ///
    /// A cell is read (its name, description, traits and expanded status) only when its
    /// child is new to it or the cell is marked as changed (`accessibleContentChanged`:
    /// TrellisKit marks a cell whenever a change can alter what it reads as). A scroll
    /// reads only the cells that came into view; nothing is polled.
    func updateAccessibleCells() {
        let cells = accessibleCells
        var leaving = cells.shown
        var shown: [ObjectIdentifier: AccessibleCells.Element] = [:]
        shown.reserveCapacity(leaving.count)
        var ordered: [UnsafeMutablePointer<GtkWidget>] = []
        do {
            let bounds = collectionView.bounds
            let offset = collectionView.contentOffset
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
            // The cells in view; those that kept their child first, so that the children
            // of cells that left go straight to the cells that came in: a child hidden
            // and shown again costs GTK a resize of the widget and AT-SPI two
            // children-changed events.
            // In index order, the order the children are kept in.
            var inView: [(cell: CollectionViewCell, indexPath: IndexPath, element: AccessibleCells.Element?)] = []
            for indexPath in collectionView.indexPathsForVisibleItems {
                guard let cell = collectionView.cellForItem(at: indexPath), !cell.isHidden, cell.frame.intersects(bounds) else { continue }
                inView.append((cell, indexPath, leaving.removeValue(forKey: ObjectIdentifier(cell))))
            }
            // (Not the focused child: the focus stays with its cell, or goes to the widget.)
            var reusable = leaving.values.filter { gtk_widget_has_focus($0.widget) == 0 }
            leaving = leaving.filter { gtk_widget_has_focus($0.value.widget) != 0 }
            ordered.reserveCapacity(inView.count)
            for entry in inView {
                let (cell, indexPath) = (entry.cell, entry.indexPath)
                let key = ObjectIdentifier(cell)
                let element = entry.element ?? reusable.popLast() ?? cells.dequeue(in: widget)
                shown[key] = element
                ordered.append(element.widget)
                element.indexPath = indexPath
                if cells.exported == nil { cells.exported = trellis_accessible_is_exported(element.widget) != 0 }
                if cells.exported == true && (everyCell || cell.accessibleContentChanged || element.describedCell != key) {
                    describe(element, as: cell, selectable: selectable)
                    cell.accessibleContentWasRead()
                }
                let position = cells.isList ? listPosition(of: indexPath) : columns.map { gridPosition(of: indexPath, columns: $0) }
                setPosition(position ?? (-1, -1), of: element)
                let frame = cell.frame
                var allocation = GtkAllocation(
                    x: Int32((frame.minX - offset.x).rounded()), y: Int32((frame.minY - offset.y).rounded()),
                    width: Int32(max(0, frame.width.rounded())), height: Int32(max(0, frame.height.rounded())))
                gtk_widget_size_allocate(element.widget, &allocation, -1)
            }
            for element in reusable { hide(element) }
        }
        for element in leaving.values { hide(element) }
        cells.shown = shown
        orderAccessibleChildren(ordered)
        updateAccessibleCounts()
        followFocusWithChild()
    }

    /// Gives a child back to the pool, hidden (its cell left the viewport); the widget
    /// takes the focus if the child had it.
    private func hide(_ element: AccessibleCells.Element) {
        if gtk_widget_has_focus(element.widget) != 0 { trellis_collection_widget_grab_focus_self(trellisWidget) }
        element.indexPath = nil
        gtk_widget_set_visible(element.widget, 0)
        accessibleCells.pool.append(element)
    }

    /// Keeps the children in index order (an assistive technology reads them in the order
    /// of the widget's children, and a cell's child is wherever the pool had it); moves
    /// only the children that are out of place. `children` are the shown cells' children
    /// in index order, as the cells were walked: nothing is sorted on a frame.
    private func orderAccessibleChildren(_ children: [UnsafeMutablePointer<GtkWidget>]) {
        var previous: UnsafeMutablePointer<GtkWidget>?
        for child in children {
            if gtk_widget_get_prev_sibling(child) != previous { gtk_widget_insert_after(child, widget, previous) }
            previous = child
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

    private func setPosition(_ position: (Int32, Int32), of element: AccessibleCells.Element) {
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
        guard counts != accessibleCounts else { return }
        accessibleCounts = counts
        trellis_accessible_set_integer_relation(widget, GTK_ACCESSIBLE_RELATION_ROW_COUNT, counts.rows)
        trellis_accessible_set_integer_relation(widget, GTK_ACCESSIBLE_RELATION_COL_COUNT, counts.columns)
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
