import Trellis
import TrellisText

/// The view of a ``ListContentConfiguration`` (`UIListContentView`): an image view and two
/// labels inside the configuration's margins (the arrangement is described on the
/// configuration). The image and the column of texts are placed by constraints, the two
/// labels inside their column by the side-by-side rule, which depends on the width the
/// column gets. Applying another configuration changes constants and content only.
open class ListContentView: View, ContentView {
    /// The image, the text and the secondary text (hidden when not set).
    public let imageView = ImageView()
    public let textLabel: Label
    public let secondaryTextLabel: Label

    /// The configuration shown (typed as `ListContentConfiguration`); setting it updates
    /// the view.
    public var listConfiguration: ListContentConfiguration {
        didSet { apply() }
    }

    public var configuration: any ContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? ListContentConfiguration else {
                preconditionFailure("a ListContentView shows ListContentConfiguration, not \(type(of: newValue))")
            }
            listConfiguration = list
        }
    }

    public func supports(_ configuration: any ContentConfiguration) -> Bool { configuration is ListContentConfiguration }

    /// The reserved room for the image (its size or more).
    private let imageSlot = LayoutGuide(identifier: "imageSlot")
    /// The texts, centred vertically in the margins; they start where the text starts.
    private let textColumn: ListTextColumn
    private var imageWidth: LayoutConstraint!, imageHeight: LayoutConstraint!
    private var slotWidth: LayoutConstraint!, slotHeight: LayoutConstraint!
    private var imagePadding: LayoutConstraint!
    /// Ties a list cell's separator guide to the text (see ``ListCell/separatorLayoutGuide``).
    private var separatorConstraint: LayoutConstraint?

    public init(configuration: ListContentConfiguration) {
        listConfiguration = configuration
        let text = Label(), secondaryText = Label()
        textLabel = text
        secondaryTextLabel = secondaryText
        textColumn = ListTextColumn(textLabel: text, secondaryTextLabel: secondaryText)
        super.init(frame: .zero)
        identifier = "listContentView"
        imageView.identifier = "image"
        textLabel.identifier = "text"
        secondaryTextLabel.identifier = "secondaryText"
        imageView.contentMode = .scaleAspectFit
        for view in [imageView, textColumn] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        addLayoutGuide(imageSlot)
        makeConstraints()
        apply()
    }

    /// A new text size or system font changes the factories' fonts.
    open override func traitCollectionDidChange(_ previous: TraitCollection?) {
        super.traitCollectionDidChange(previous)
        if previous?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory
            || previous?.systemBodyFont != traitCollection.systemBodyFont { apply() }
    }

    /// A transformed inherited tint is worked out from the tint of the views above.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if transformsInheritedTint { apply() }
    }

    /// Whether the image's tint is the inherited one through a transformer.
    private var transformsInheritedTint: Bool {
        listConfiguration.imageProperties.tintColor == nil && listConfiguration.imageProperties.tintColorTransformer != nil
    }

    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if transformsInheritedTint { apply() }
        separatorConstraint = nil  // removed with the old superview, if any
        updateMargins()
        tieSeparator()
    }

    /// Shows the configuration: content, properties, margins and the constraints' constants.
    private func apply() {
        let configuration = listConfiguration
        let imageSize = configuration.image.map(configuration.imageProperties.displayedSize(of:)) ?? .zero

        imageView.image = configuration.image
        imageView.isHidden = configuration.image == nil
        let imageProperties = configuration.imageProperties
        // Nil while nothing is set, so the image view follows the tint of the views above.
        imageView.tintColor = imageProperties.tintColor == nil && imageProperties.tintColorTransformer == nil
            ? nil : imageProperties.resolvedTintColor(for: tintColor)
        imageView.cornerStyle = configuration.imageProperties.cornerRadius > 0 ? .radius(configuration.imageProperties.cornerRadius) : .square
        imageView.clipsToBounds = configuration.imageProperties.cornerRadius > 0
        Self.apply(configuration.textProperties, text: configuration.text, attributed: configuration.attributedText,
                   to: textLabel, traits: traitCollection)
        Self.apply(configuration.secondaryTextProperties, text: configuration.secondaryText,
                   attributed: configuration.secondaryAttributedText, to: secondaryTextLabel, traits: traitCollection)
        textColumn.prefersSideBySide = configuration.prefersSideBySideTextAndSecondaryText
        textColumn.horizontalPadding = configuration.textToSecondaryTextHorizontalPadding
        textColumn.verticalPadding = configuration.textToSecondaryTextVerticalPadding
        textColumn.arrangementDidChange()
        updateMargins()

        let reserved = configuration.imageProperties.resolvedReservedSize()
        imageWidth.constant = imageSize.width
        imageHeight.constant = imageSize.height
        slotWidth.constant = max(reserved.width, imageSize.width)
        slotHeight.constant = max(reserved.height, imageSize.height)
        imagePadding.constant = configuration.image != nil || reserved.width > 0 ? configuration.imageToTextPadding : 0
    }

    private static func apply(_ properties: ListContentConfiguration.TextProperties, text: String?, attributed: AttributedText?,
                              to label: Label, traits: TraitCollection) {
        if let attributed { label.attributedText = attributed } else { label.text = text ?? "" }
        label.isHidden = text == nil && attributed == nil
        label.font = properties.resolvedFont(for: traits)
        label.textColor = properties.resolvedColor()
        label.numberOfLines = properties.numberOfLines
        label.lineBreakMode = properties.lineBreakMode
        switch properties.alignment {
        case .natural, .justified: label.textAlignment = .natural
        case .center: label.textAlignment = .center
        }
    }

    /// The configuration's margins, grown along the preserved axes to the superview's
    /// margins where this view lies under them (a list cell says how far its content view
    /// is from its edges).
    func updateMargins() {
        var margins = listConfiguration.directionalLayoutMargins
        if let superview {
            let preserved = listConfiguration.axesPreservingSuperviewLayoutMargins
            let outer = (superview as? ListCell)?.marginsOverContentView ?? superview.layoutMargins
            if preserved.contains(.horizontal) {
                margins.leading = max(margins.leading, outer.leading)
                margins.trailing = max(margins.trailing, outer.trailing)
            }
            if preserved.contains(.vertical) {
                margins.top = max(margins.top, outer.top)
                margins.bottom = max(margins.bottom, outer.bottom)
            }
        }
        if layoutMargins != margins { layoutMargins = margins }
    }

    /// The image slot leads, centred vertically, the image centred in it; the texts' column
    /// starts after the slot and its padding and ends at the trailing margin, centred
    /// vertically. The row is at least as tall as each; with no text the column is empty
    /// but still holds the row open.
    private func makeConstraints() {
        let margins = layoutMarginsGuide
        imageWidth = imageView.widthAnchor.constraint(equalToConstant: 0)
        imageHeight = imageView.heightAnchor.constraint(equalToConstant: 0)
        slotWidth = imageSlot.widthAnchor.constraint(equalToConstant: 0)
        slotHeight = imageSlot.heightAnchor.constraint(equalToConstant: 0)
        imagePadding = textColumn.leadingAnchor.constraint(equalTo: imageSlot.trailingAnchor)
        var constraints: [LayoutConstraint] = [
            imageWidth, imageHeight, slotWidth, slotHeight,
            imageSlot.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            imageView.centerXAnchor.constraint(equalTo: imageSlot.centerXAnchor),
            imageView.centerYAnchor.constraint(equalTo: imageSlot.centerYAnchor),
            imagePadding, textColumn.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ]
        constraints += Self.centredVertically(imageSlot, within: margins)
        constraints += Self.centredVertically(textColumn, within: margins)
        LayoutConstraint.activate(constraints)
    }

    /// `item` centred vertically in `container` and no taller than it.
    private static func centredVertically(_ item: some LayoutItem, within container: some LayoutItem) -> [LayoutConstraint] {
        [
            item.centerYAnchor.constraint(equalTo: container.centerYAnchor),
            item.topAnchor.constraint(greaterThanOrEqualTo: container.topAnchor),
            item.bottomAnchor.constraint(lessThanOrEqualTo: container.bottomAnchor),
        ]
    }

    /// Inside a list cell, the cell's separator guide starts where the text does (UIKit's
    /// default), below `required` so a constraint of the app's own wins.
    private func tieSeparator() {
        if let separatorConstraint { LayoutConstraint.deactivate([separatorConstraint]) }
        separatorConstraint = nil
        guard let cell = superview as? ListCell else { return }
        // Both texts start at the column's leading edge, side by side or stacked.
        let constraint = cell.separatorLayoutGuide.leadingAnchor.constraint(equalTo: textColumn.leadingAnchor)
            .withPriority(LayoutPriority(999))
        constraint.identifier = "separator-leading-text"
        LayoutConstraint.activate([constraint])
        separatorConstraint = constraint
    }
}
