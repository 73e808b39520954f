import Trellis
import TrellisText

/// The view of one ``CellAccessory`` in a list cell: its glyph, text, control or custom
/// view, centred in the width the accessory takes (`reservedLayoutWidth`). Its intrinsic
/// size is that width by its content's height, so the cell's constraints give it its room.
final class AccessoryView: View {
    let accessory: CellAccessory
    /// What shows: a label (indicator, checkmark, label, reorder), a button (outline
    /// disclosure, delete, insert, detail), the app's view, or a multiselect circle.
    let content: View

    init(_ accessory: CellAccessory, action: @escaping (CellAccessory) -> Void) {
        self.accessory = accessory
        let options = accessory.options
        // The default traits' fonts; `applyFonts()` resolves them for the traits the view
        // is shown with, and again whenever they change.
        let body = AccessoryView.systemFont(weight: .regular, for: .default)
        let bold = AccessoryView.systemFont(weight: .semibold, for: .default)
        func label(_ text: String, _ font: Font, _ color: Color) -> Label {
            let label = Label(text: text, style: TextStyle(font: font))
            label.textColor = options.tintColor ?? color
            return label
        }
        func button(_ title: String, _ color: Color, fill: Color?) -> Button {
            let button = AccessoryButton(title: title, textStyle: TextStyle(font: bold))
            button.setTitleColor(options.tintColor ?? color, for: .normal)
            if let fill {
                button.backgroundColor = options.backgroundColor ?? fill
                button.cornerStyle = .pill
                button.contentEdgeInsets = EdgeInsets(top: 1, leading: 6, bottom: 1, trailing: 6)
            }
            button.addAction { _ in action(accessory) }
            return button
        }
        switch accessory.kind {
        case .disclosureIndicator: content = label("›", bold, .secondaryLabel)
        case .checkmark: content = label("✓", bold, .systemTint)
        case .reorder: content = label("≡", bold, .secondaryLabel)
        case .label(let text): content = label(text, options.font ?? body, .secondaryLabel)
        case .multiselect: content = label("○", bold, .secondaryLabel)
        case .outlineDisclosure(let outline):
            let disclosure = button("▸", .systemTint, fill: nil)
            (disclosure as? AccessoryButton)?.coversItsCell = outline.style == .header
            content = disclosure
        case .delete: content = button("−", .white, fill: .red)
        case .insert: content = button("+", .white, fill: Color(red: 52 / 255, green: 199 / 255, blue: 89 / 255))
        case .detail:
            // An "i" in a tinted ring (the symbol's shape without relying on a font having ⓘ).
            let info = button("i", .systemTint, fill: nil)
            info.borderColor = options.tintColor ?? .systemTint
            info.borderWidth = 1.5
            info.cornerStyle = .pill
            info.contentEdgeInsets = EdgeInsets(top: 0, leading: 7, bottom: 0, trailing: 7)
            content = info
        case .customView(let configuration):
            content = configuration.customView
            if let tint = configuration.tintColor { content.tintColor = tint }
        case .popUpMenu(let menu):
            // The selected action's title and a chevron, in the tint colour; the whole
            // cell is the control, as UIKit's pop-up menu accessory.
            let popUp = AccessoryButton(title: AccessoryView.popUpTitle(menu), textStyle: TextStyle(font: body))
            popUp.setTitleColor(options.tintColor ?? .systemTint, for: .normal)
            popUp.coversItsCell = true
            popUp.accessibilityLabel = menu.selectedTitle
            popUp.addAction { _ in action(accessory) }
            content = popUp
        }
        super.init(frame: .zero)
        identifier = "accessory-\(accessory.identifierName)"
        translatesAutoresizingMaskIntoConstraints = false
        setContentHuggingPriority(.required, for: .horizontal)
        setContentCompressionResistancePriority(.required, for: .horizontal)
        setContentCompressionResistancePriority(.required, for: .vertical)
        content.translatesAutoresizingMaskIntoConstraints = true
        addSubview(content)
    }

    /// The accessory's text in the system font: the body text style in `weight`, resolved
    /// for `traits` by the rule of a list content configuration's factory fonts
    /// (``ListContentConfiguration/TextProperties/resolvedFont(for:)``: the desktop's body
    /// font at the person's text size), so a `.label` accessory's text matches a value
    /// cell's secondary text beside it.
    static func systemFont(weight: FontWeight, for traits: TraitCollection) -> Font {
        ListContentConfiguration.TextProperties(textStyle: .body, weight: weight, color: .label).resolvedFont(for: traits)
    }

    /// A new text size or system font changes the fonts of the text the accessory draws.
    override func traitCollectionDidChange(_ previous: TraitCollection?) {
        super.traitCollectionDidChange(previous)
        if previous?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory
            || previous?.systemBodyFont != traitCollection.systemBodyFont { applyFonts() }
    }

    /// Gives the text of the glyph, label or button the system font for the current traits;
    /// a label accessory's font of the app's own (`options.font`) stays as it is. A custom
    /// view keeps its own fonts.
    private func applyFonts() {
        let traits = traitCollection
        let label = content as? Label
        let buttonTitle = (content as? Button)?.titleLabel
        switch accessory.kind {
        case .label:
            label?.font = accessory.options.font ?? Self.systemFont(weight: .regular, for: traits)
        case .disclosureIndicator, .checkmark, .reorder, .multiselect:
            label?.font = Self.systemFont(weight: .semibold, for: traits)
        case .outlineDisclosure, .delete, .insert, .detail:
            buttonTitle?.font = Self.systemFont(weight: .semibold, for: traits)
        case .popUpMenu:
            buttonTitle?.font = Self.systemFont(weight: .regular, for: traits)
        case .customView:
            return
        }
        content.invalidateIntrinsicContentSize()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The content's own size: its intrinsic size, or its frame's for a custom view that
    /// keeps a fixed size or has none.
    private var contentSize: Size {
        if case .customView(let configuration) = accessory.kind {
            let intrinsic = content.intrinsicContentSize
            if configuration.maintainsFixedSize || intrinsic.width < 0 || intrinsic.height < 0 { return content.frame.size }
            return intrinsic
        }
        let intrinsic = content.intrinsicContentSize
        return Size(width: max(0, intrinsic.width), height: max(0, intrinsic.height))
    }

    override var intrinsicContentSize: Size {
        let size = contentSize
        let width: Double
        switch accessory.options.reservedLayoutWidth {
        case .standard: width = max(size.width, CellAccessory.standardWidth)
        case .actual: width = size.width
        case .custom(let reserved): width = max(0, reserved)
        }
        return Size(width: width, height: size.height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = contentSize
        let frame = Rect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        if content.frame != frame { content.frame = frame }
    }

    /// The glyphs that follow the state: the outline disclosure points down while the item
    /// is expanded; the multiselect circle fills while the cell is selected.
    func update(for state: CellConfigurationState) {
        switch accessory.kind {
        case .outlineDisclosure:
            (content as? Button)?.setTitle(state.isExpanded ? "▾" : "▸", for: .normal)
        case .popUpMenu(let menu):
            guard let button = content as? Button else { return }
            button.setTitle(Self.popUpTitle(menu), for: .normal)
            button.accessibilityLabel = menu.selectedTitle
        case .multiselect:
            guard let label = content as? Label else { return }
            label.text = state.isSelected ? "✓" : "○"
            label.textColor = state.isSelected ? .white : accessory.options.tintColor ?? .secondaryLabel
            label.backgroundColor = state.isSelected ? accessory.options.backgroundColor ?? tintColor : nil
            label.cornerStyle = .pill
        default:
            return
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// What a pop-up menu accessory shows: the selected action's title and a chevron.
    static func popUpTitle(_ menu: Menu) -> String {
        menu.selectedTitle.map { $0 + " ▾" } ?? "▾"
    }

    /// The button a press anywhere on a cell with a pop-up menu goes to.
    var popUpMenuButton: Button? {
        guard case .popUpMenu = accessory.kind, !isHidden else { return nil }
        return content as? Button
    }

    /// The button a press anywhere on a header-style outline cell goes to.
    var outlineHeaderButton: Button? {
        guard case .outlineDisclosure(let options) = accessory.kind, options.style == .header, !isHidden else { return nil }
        return content as? Button
    }
}

extension CellAccessory {
    /// A name for diagnostics (`accessory-disclosureIndicator`).
    var identifierName: String {
        switch kind {
        case .disclosureIndicator: "disclosureIndicator"
        case .checkmark: "checkmark"
        case .outlineDisclosure: "outlineDisclosure"
        case .delete: "delete"
        case .insert: "insert"
        case .reorder: "reorder"
        case .multiselect: "multiselect"
        case .label: "label"
        case .detail: "detail"
        case .customView: "customView"
        case .popUpMenu: "popUpMenu"
        }
    }
}

/// An accessory's button. A header-style outline disclosure's covers its whole cell: a
/// press anywhere on the row is a press on it (the cell's hit-test sends it there), and
/// the release anywhere on the row is inside it, so the row toggles as UIKit's header does.
final class AccessoryButton: Button {
    var coversItsCell = false

    override func point(inside point: Point) -> Bool {
        guard coversItsCell, let cell = cell else { return super.point(inside: point) }
        return cell.bounds.contains(convert(point, to: cell))
    }

    /// The cell the button is in.
    private var cell: ListCell? {
        var view = superview
        while let current = view {
            if let cell = current as? ListCell { return cell }
            view = current.superview
        }
        return nil
    }
}
