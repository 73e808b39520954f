import Trellis

/// A cell of a list (`UICollectionViewListCell`): self-sizing, with accessories beside its
/// content, indentation for outlines, and its separator drawn inside its own bounds, over
/// its bottom hairline, so rows touch as UIKit's do.
///
/// Layout, leading to trailing: the indentation (`indentationLevel × indentationWidth`),
/// the leading accessories (inside the layout margin; with `indentsAccessories` false the
/// indentation comes after them), the content view, the trailing accessories (inside the
/// layout margin). The content view is placed by constraints and the accessories keep
/// their width, so the content shortens to make room for them; the cell is as tall as the
/// content (or the tallest accessory). Layout margins are 16 points leading and trailing
/// (20 in a regular-width environment), 8 top and bottom, as a list gives its cells.
///
/// The separator is a hairline (`1 / displayScale`, `Color.separator`) at the bottom of
/// the cell, from `separatorLayoutGuide`'s leading edge — the content's text by default —
/// to the trailing edge. It shows where the layout puts a separator below the row (a
/// `CompositionalLayout` list section with separators: not below the last row, not in the
/// sidebar appearances); in other layouts, below every row but a section's last.
///
/// Differs from UIKit: the layout's own `.separator` decoration elements are not needed
/// with list cells — register no view for them, or the line is drawn twice.
open class ListCell: CollectionViewCell {
    /// The accessories shown beside the content (`accessories`); see ``CellAccessory``
    /// for their order and widths.
    public var accessories: [CellAccessory] = [] {
        didSet { rebuildAccessories() }
    }

    /// How many levels the content is indented (`indentationLevel`). A diffable data
    /// source showing outlines sets it to the item's level in its section snapshot each
    /// time it hands the cell out, before the registration's handler runs (which may set
    /// another), as UIKit's does.
    public var indentationLevel = 0 {
        didSet { if indentationLevel != oldValue { updateConstraintConstants() } }
    }

    /// The width of one indentation level (`indentationWidth`), 10 points by default.
    public var indentationWidth: Double = 10 {
        didSet { if indentationWidth != oldValue { updateConstraintConstants() } }
    }

    /// Whether the leading accessories are indented with the content (`indentsAccessories`,
    /// true by default).
    public var indentsAccessories = true {
        didSet { if indentsAccessories != oldValue { rebuildAccessoryConstraints() } }
    }

    /// The guide whose leading edge is where the separator starts (`separatorLayoutGuide`):
    /// the text of a list content configuration by default (a constraint at priority 999);
    /// constrain its leading anchor yourself (at `required`) to move it.
    public let separatorLayoutGuide = LayoutGuide(identifier: "separatorLayoutGuide")

    /// The hairline drawn at the bottom of the cell.
    let separatorView = View()
    private var accessoryViews: [AccessoryView] = []
    private var shownAccessories: [AccessoryView] = []
    private var accessoryConstraints: [LayoutConstraint] = []
    private var indentConstraints: [(LayoutConstraint, base: Double)] = []
    /// Whether the layout puts a separator below this row.
    private var layoutShowsSeparator = true

    public required init() {
        super.init()
        layoutMargins = Self.margins(for: traitCollection)
        contentView.translatesAutoresizingMaskIntoConstraints = false
        addLayoutGuide(separatorLayoutGuide)
        LayoutConstraint.activate([
            separatorLayoutGuide.trailingAnchor.constraint(equalTo: trailingAnchor),
            separatorLayoutGuide.bottomAnchor.constraint(equalTo: bottomAnchor),
            separatorLayoutGuide.heightAnchor.constraint(equalToConstant: 0),
            separatorLayoutGuide.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor).withPriority(.defaultLow),
        ])
        separatorView.identifier = "separator"
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        isSettingDefaultBackground = true
        backgroundConfiguration = .listPlainCell()
        isSettingDefaultBackground = false
        rebuildAccessoryConstraints()
    }

    /// A list content configuration for this cell and the list showing it
    /// (`defaultContentConfiguration()`): `sidebarCell()` in a sidebar, `cell()`
    /// otherwise. Set its text and assign it to `contentConfiguration`. The header row of
    /// a list whose `headerMode` is `.firstItemInSection` gets the list's header instead:
    /// `sidebarHeader()` in a sidebar, `groupedHeader()` in a grouped or inset-grouped
    /// list, `plainHeader()` in a plain one.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        if isHeaderRow {
            switch listAppearance {
            case .sidebar?, .sidebarPlain?: return .sidebarHeader()
            case .grouped?, .insetGrouped?: return .groupedHeader()
            case .plain?, nil: return .plainHeader()
            }
        }
        switch listAppearance {
        case .sidebar?, .sidebarPlain?: return .sidebarCell()
        default: return .cell()
        }
    }

    /// The background for the list showing the cell (`defaultBackgroundConfiguration()`):
    /// `listSidebarCell()` in a sidebar, `listGroupedCell()` in a grouped or inset-grouped
    /// list, `listPlainCell()` otherwise (the header row of a `.firstItemInSection` list:
    /// the list's header background). A list cell shows it until you set a
    /// `backgroundConfiguration` of your own, as UIKit's does.
    public func defaultBackgroundConfiguration() -> BackgroundConfiguration {
        if isHeaderRow {
            switch listAppearance {
            case .sidebar?, .sidebarPlain?: return .listSidebarHeader()
            case .grouped?, .insetGrouped?: return .listGroupedHeaderFooter()
            case .plain?, nil: return .listPlainHeaderFooter()
            }
        }
        return switch listAppearance {
        case .sidebar?, .sidebarPlain?: .listSidebarCell()
        case .grouped?, .insetGrouped?: .listGroupedCell()
        case .plain?, nil: .listPlainCell()
        }
    }

    override var configurationIndexPath: IndexPath? {
        didSet {
            // Handed out for an item of an outline: indented to its level.
            guard let indexPath = configurationIndexPath, let level = configurationOwner?.expansionSource?.outlineLevel(at: indexPath) else { return }
            indentationLevel = level
        }
    }

    /// The list configuration of the compositional list section the cell is handed out
    /// for, and the row; nil outside one.
    private var listPlace: (configuration: CompositionalListConfiguration, indexPath: IndexPath)? {
        guard let collectionView = configurationOwner, let indexPath = displayedIndexPath ?? configurationIndexPath,
              let configuration = collectionView.listConfiguration(ofSection: indexPath.section) else { return nil }
        return (configuration, indexPath)
    }

    /// The appearance of the compositional list section the cell is handed out for, nil
    /// outside one.
    private var listAppearance: CompositionalListConfiguration.Appearance? { listPlace?.configuration.appearance }

    /// Whether the cell shows the first item of a section whose first item is its header.
    private var isHeaderRow: Bool {
        guard let place = listPlace else { return false }
        return place.configuration.headerMode == .firstItemInSection && place.indexPath.item == 0
    }

    /// True while the background is the list's default, not one the app set.
    private var showsDefaultBackground = true
    private var isSettingDefaultBackground = false

    public override var backgroundConfiguration: BackgroundConfiguration? {
        didSet {
            if !isSettingDefaultBackground && !isApplyingAutomaticUpdate { showsDefaultBackground = false }
        }
    }

    /// The list's margins for the traits: 16 points leading and trailing, 20 in a regular
    /// width, 8 top and bottom.
    static func margins(for traits: TraitCollection) -> EdgeInsets {
        let side: Double = traits.horizontalSizeClass == .regular ? 20 : 16
        return EdgeInsets(top: 8, leading: side, bottom: 8, trailing: side)
    }

    open override func traitCollectionDidChange(_ previous: TraitCollection?) {
        super.traitCollectionDidChange(previous)
        let margins = Self.margins(for: traitCollection)
        if layoutMargins != margins { layoutMargins = margins }
    }

    open override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        updateConstraintConstants()
    }

    /// The cell's margins where they lie over the content view: none on a side with
    /// accessories (the accessories are inside the margin there). The indentation moves
    /// the margins with the content, so an indented row's text is `level × width` further in.
    var marginsOverContentView: EdgeInsets {
        let leading = shownAccessories.contains { $0.accessory.isLeading }
        let trailing = shownAccessories.contains { !$0.accessory.isLeading }
        return EdgeInsets(
            top: layoutMargins.top, leading: leading ? 0 : layoutMargins.leading,
            bottom: layoutMargins.bottom, trailing: trailing ? 0 : layoutMargins.trailing)
    }

    // MARK: Content view

    override func contentViewDidChange(from old: View) {
        contentView.translatesAutoresizingMaskIntoConstraints = false
        // The separator stays on top.
        if let index = subviews.firstIndex(where: { $0 === separatorView }), index != subviews.count - 1 { addSubview(separatorView) }
        rebuildAccessoryConstraints()
    }

    // MARK: Accessories

    private func rebuildAccessories() {
        for view in accessoryViews { view.removeFromSuperview() }
        accessoryViews = accessories.map { accessory in
            AccessoryView(resolved(accessory)) { [weak self] accessory in self?.accessoryWasPressed(accessory) }
        }
        // The disclosure's glyph is not read: the cell's expanded status says what it shows.
        for view in accessoryViews where view.accessory.isOutlineDisclosure { view.accessibilityElementsHidden = true }
        for view in accessoryViews { insertSubview(view, at: subviews.firstIndex { $0 === separatorView } ?? subviews.count) }
        shownAccessories = []
        rebuildAccessoryConstraints()
        let state = configurationState
        for view in accessoryViews { view.update(for: state) }
    }

    override func configurationStateWillApply(_ state: CellConfigurationState) {
        // The list's default background follows the section the cell is shown in.
        // (Outside a compositional list — no collection view, another layout — the cell
        // keeps the plain default it was made with.)
        if showsDefaultBackground, listAppearance != nil {
            let fitting = defaultBackgroundConfiguration()
            if fitting.style != backgroundConfiguration?.style {
                isSettingDefaultBackground = true
                backgroundConfiguration = fitting
                isSettingDefaultBackground = false
            }
        }
        for view in accessoryViews { view.update(for: state) }
        if shown(for: state).map(ObjectIdentifier.init) != shownAccessories.map(ObjectIdentifier.init) {
            rebuildAccessoryConstraints(state)
        }
    }

    /// The accessories that show in `state`: displayed in its editing mode and not hidden.
    private func shown(for state: CellConfigurationState) -> [AccessoryView] {
        accessoryViews.filter { $0.accessory.displayedState.shows(isEditing: state.isEditing) && !$0.accessory.options.isHidden }
    }

    private func rebuildAccessoryConstraints(_ state: CellConfigurationState? = nil) {
        LayoutConstraint.deactivate(accessoryConstraints)
        indentConstraints = []
        let shown = shown(for: state ?? configurationState)
        shownAccessories = shown
        for view in accessoryViews { view.isHidden = !shown.contains { $0 === view } }
        func byRank(_ views: [AccessoryView]) -> [AccessoryView] {
            views.enumerated().sorted { ($0.element.accessory.rank, $0.offset) < ($1.element.accessory.rank, $1.offset) }.map(\.element)
        }
        let leading = byRank(shown.filter { $0.accessory.isLeading })
        let trailing = byRank(shown.filter { !$0.accessory.isLeading })
        let spacing = 8.0
        var constraints: [LayoutConstraint] = [
            contentView.topAnchor.constraint(equalTo: topAnchor),
            contentView.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]
        var indented: [(LayoutConstraint, Double)] = []
        // Leading, from the edge inward.
        var previous = leadingAnchor
        var gap = layoutMargins.leading
        var first = true
        for view in leading {
            let constraint = view.leadingAnchor.constraint(equalTo: previous, constant: gap)
            constraints.append(constraint)
            if first {
                indented.append((constraint, -1))  // margin + indentation when it indents accessories
                first = false
            }
            previous = view.trailingAnchor
            gap = spacing
        }
        let contentLeading = contentView.leadingAnchor.constraint(equalTo: previous)
        constraints.append(contentLeading)
        indented.append((contentLeading, leading.isEmpty ? 0 : -2))
        // Trailing, from the edge inward.
        var trailingPrevious = trailingAnchor
        var trailingGap = -layoutMargins.trailing
        for view in trailing {
            constraints.append(view.trailingAnchor.constraint(equalTo: trailingPrevious, constant: trailingGap))
            trailingPrevious = view.leadingAnchor
            trailingGap = -spacing
        }
        constraints.append(contentView.trailingAnchor.constraint(equalTo: trailingPrevious))
        for view in leading + trailing {
            constraints += [
                view.centerYAnchor.constraint(equalTo: centerYAnchor),
                view.topAnchor.constraint(greaterThanOrEqualTo: topAnchor, constant: layoutMargins.top),
                view.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor, constant: -layoutMargins.bottom),
            ]
        }
        accessoryConstraints = constraints
        indentConstraints = indented.map { ($0.0, base: $0.1) }
        LayoutConstraint.activate(constraints)
        updateConstraintConstants()
        (contentView as? ListContentView)?.updateMargins()
    }

    /// The constants that follow the indentation and the margins: the first leading
    /// accessory (margin, plus the indentation when `indentsAccessories`) and the content
    /// view (the indentation; after the accessories only when they are not indented).
    private func updateConstraintConstants() {
        let indentation = Double(indentationLevel) * indentationWidth
        for (constraint, base) in indentConstraints {
            let constant: Double
            switch base {
            case -1: constant = layoutMargins.leading + (indentsAccessories ? indentation : 0)
            case -2: constant = indentsAccessories ? 0 : indentation
            default: constant = indentation
            }
            if constraint.constant != constant { constraint.constant = constant }
        }
        (contentView as? ListContentView)?.updateMargins()
    }

    /// The accessory as this row shows it: an `.automatic` outline disclosure is the
    /// header's in the header row of a `.firstItemInSection` list (trailing, the whole row
    /// toggles), the cell's elsewhere.
    private func resolved(_ accessory: CellAccessory) -> CellAccessory {
        guard isHeaderRow, case .outlineDisclosure(var options) = accessory.kind, options.style == .automatic else { return accessory }
        options.style = .header
        return .outlineDisclosure(displayed: accessory.displayedState, options: options, actionHandler: accessory.actionHandler)
    }

    override var showsOutlineDisclosure: Bool {
        shownAccessories.contains { $0.accessory.isOutlineDisclosure }
    }

    override func pressPopUpMenu() -> Bool {
        guard let view = shownAccessories.first(where: { if case .popUpMenu = $0.accessory.kind { true } else { false } }) else {
            return false
        }
        accessoryWasPressed(view.accessory)
        return true
    }

    override func pressOutlineDisclosure() -> Bool {
        guard let view = shownAccessories.first(where: { $0.accessory.isOutlineDisclosure }) else { return false }
        accessoryWasPressed(view.accessory)
        return true
    }

    private func accessoryWasPressed(_ accessory: CellAccessory) {
        if let handler = accessory.actionHandler {
            handler()
            return
        }
        guard let collectionView = configurationOwner, let indexPath = displayedIndexPath ?? configurationIndexPath else { return }
        switch accessory.kind {
        case .outlineDisclosure:
            // A displayed cell's item is always in the data source, so this cannot name a
            // missing item; a data source without outlines has nothing to toggle.
            _ = try? collectionView.expansionSource?.userToggleExpansionOfItem(at: indexPath)
        case .delete:
            _ = collectionView.revealSwipeActions(forItemAt: indexPath, edge: .trailing)
        case .popUpMenu(let menu):
            let view = accessoryViews.first { if case .popUpMenu(let shown) = $0.accessory.kind { shown === menu } else { false } }
            // In the collection view's bounds space: content coordinates.
            let source = view.map { $0.convert($0.bounds, to: collectionView) } ?? convert(bounds, to: collectionView)
            collectionView.presentMenu(MenuPresentation(
                menu: menu, indexPath: indexPath, sourceRect: source, selectionDidChange: accessory.menuSelectionHandler,
                collectionView: collectionView))
        default:
            break
        }
    }

    /// A press anywhere on a cell with a header-style outline disclosure goes to the
    /// disclosure (UIKit's header: the whole row toggles), and on a cell with a pop-up
    /// menu to the menu's button.
    open override func hitTest(_ point: Point) -> View? {
        let hit = super.hitTest(point)
        guard hit != nil, let button = accessoryViews.lazy.compactMap({ $0.outlineHeaderButton ?? $0.popUpMenuButton }).first else { return hit }
        if let hit, hit is Button, hit !== button { return hit }
        return button
    }

    // MARK: Separator

    open override func apply(_ attributes: LayoutAttributes) {
        super.apply(attributes)
        let shows = separatorBelow(attributes.indexPath)
        if shows != layoutShowsSeparator {
            layoutShowsSeparator = shows
            setNeedsLayout()
        }
        placeSeparator()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeSeparator()
    }

    /// Whether the layout draws a separator below the row at `indexPath`.
    private func separatorBelow(_ indexPath: IndexPath) -> Bool {
        guard let collectionView = superview as? CollectionView ?? configurationOwner else { return true }
        if let compositional = collectionView.layout as? CompositionalLayout {
            return compositional.attributesForDecoration(ofKind: .separator, at: indexPath) != nil
        }
        guard indexPath.section < collectionView.numberOfSections else { return true }
        return indexPath.item < collectionView.numberOfItems(inSection: indexPath.section) - 1
    }

    /// The hairline spans the guide, from its leading edge (the text) to the cell's
    /// trailing edge: right of the text left to right, left of it right to left.
    private func placeSeparator() {
        let thickness = 1 / max(1, traitCollection.displayScale)
        let guide = separatorLayoutGuide.layoutFrame
        let start = min(max(0, guide.minX), bounds.width)
        let end = min(max(start, guide.maxX), bounds.width)
        separatorView.isHidden = !layoutShowsSeparator
        let frame = Rect(x: start, y: bounds.height - thickness, width: end - start, height: thickness)
        if separatorView.frame != frame { separatorView.frame = frame }
    }
}
