import Trellis
import TrellisText

/// The view of a ``ListContentConfiguration`` (`UIListContentView`): an image view and two
/// labels placed by constraints inside the configuration's margins (the arrangement is
/// described on the configuration). Applying a configuration of the same shape (which of
/// image, text and secondary text are set, side by side or not) only changes constants
/// and content; another shape rebuilds the constraints.
open class ListContentView: View, ContentView {
    /// The image, the text and the secondary text (hidden when not set).
    public let imageView = ImageView()
    public let textLabel = Label()
    public let secondaryTextLabel = Label()

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
    /// The texts, centred vertically in the margins.
    private let textBlock = LayoutGuide(identifier: "textBlock")
    private var shape: Shape?
    private var shapeConstraints: [LayoutConstraint] = []
    private var imageWidth: LayoutConstraint?, imageHeight: LayoutConstraint?
    private var slotWidth: LayoutConstraint?, slotHeight: LayoutConstraint?
    private var imagePadding: LayoutConstraint?, textPadding: LayoutConstraint?
    /// Ties a list cell's separator guide to the text (see ``ListCell/separatorLayoutGuide``).
    private var separatorConstraint: LayoutConstraint?

    /// Which parts are shown and how: what the constraints depend on.
    private struct Shape: Equatable {
        var image: Bool, text: Bool, secondary: Bool, sideBySide: Bool
    }

    public init(configuration: ListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        identifier = "listContentView"
        imageView.identifier = "image"
        textLabel.identifier = "text"
        secondaryTextLabel.identifier = "secondaryText"
        imageView.contentMode = .scaleAspectFit
        for view in [imageView, textLabel, secondaryTextLabel] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        addLayoutGuide(imageSlot)
        addLayoutGuide(textBlock)
        apply()
    }

    /// A new text size or system font changes the factories' fonts.
    open override func traitCollectionDidChange(_ previous: TraitCollection?) {
        super.traitCollectionDidChange(previous)
        if previous?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory
            || previous?.systemBodyFont != traitCollection.systemBodyFont { apply() }
    }

    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        separatorConstraint = nil  // removed with the old superview, if any
        updateMargins()
        tieSeparator()
    }

    /// Shows the configuration: content, properties, margins, and the constraints of its
    /// shape.
    private func apply() {
        let configuration = listConfiguration
        let imageSize = configuration.image.map(configuration.imageProperties.displayedSize(of:)) ?? .zero
        let sideBySide = configuration.prefersSideBySideTextAndSecondaryText && configuration.text != nil
            && configuration.secondaryText != nil
        let next = Shape(
            image: configuration.image != nil, text: configuration.text != nil,
            secondary: configuration.secondaryText != nil, sideBySide: sideBySide)

        imageView.image = configuration.image
        imageView.isHidden = configuration.image == nil
        imageView.tintColor = configuration.imageProperties.tintColor
        imageView.cornerStyle = configuration.imageProperties.cornerRadius > 0 ? .radius(configuration.imageProperties.cornerRadius) : .square
        imageView.clipsToBounds = configuration.imageProperties.cornerRadius > 0
        Self.apply(configuration.textProperties, text: configuration.text, to: textLabel, traits: traitCollection)
        Self.apply(configuration.secondaryTextProperties, text: configuration.secondaryText, to: secondaryTextLabel, traits: traitCollection)
        if sideBySide {
            // Trailing against the margin; the text keeps its room first.
            secondaryTextLabel.textAlignment = .right
            secondaryTextLabel.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        } else {
            secondaryTextLabel.setContentCompressionResistancePriority(.defaultHigh, for: .horizontal)
        }
        updateMargins()

        if next != shape {
            shape = next
            rebuildConstraints(next)
        }
        let reserved = configuration.imageProperties.resolvedReservedSize()
        imageWidth?.constant = imageSize.width
        imageHeight?.constant = imageSize.height
        slotWidth?.constant = max(reserved.width, imageSize.width)
        slotHeight?.constant = max(reserved.height, imageSize.height)
        imagePadding?.constant = next.image || reserved.width > 0 ? configuration.imageToTextPadding : 0
        textPadding?.constant = sideBySide ? configuration.textToSecondaryTextHorizontalPadding : configuration.textToSecondaryTextVerticalPadding
    }

    private static func apply(_ properties: ListContentConfiguration.TextProperties, text: String?, to label: Label, traits: TraitCollection) {
        label.text = text ?? ""
        label.isHidden = text == nil
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

    private func rebuildConstraints(_ shape: Shape) {
        LayoutConstraint.deactivate(shapeConstraints)
        let margins = layoutMarginsGuide
        var constraints: [LayoutConstraint] = []
        // The image slot leads, centred vertically; the row is at least as tall as it.
        imageWidth = imageView.widthAnchor.constraint(equalToConstant: 0)
        imageHeight = imageView.heightAnchor.constraint(equalToConstant: 0)
        slotWidth = imageSlot.widthAnchor.constraint(equalToConstant: 0)
        slotHeight = imageSlot.heightAnchor.constraint(equalToConstant: 0)
        constraints += [
            imageWidth!, imageHeight!, slotWidth!, slotHeight!,
            imageSlot.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            imageView.centerXAnchor.constraint(equalTo: imageSlot.centerXAnchor),
            imageView.centerYAnchor.constraint(equalTo: imageSlot.centerYAnchor),
        ]
        constraints += Self.centredVertically(imageSlot, within: margins)
        // The texts' column starts after the slot and its padding.
        imagePadding = textBlock.leadingAnchor.constraint(equalTo: imageSlot.trailingAnchor)
        constraints += [imagePadding!, textBlock.trailingAnchor.constraint(equalTo: margins.trailingAnchor)]
        constraints += Self.centredVertically(textBlock, within: margins)
        // With no text at all, the block is empty but still holds the row open.
        let shown = [shape.text ? textLabel : nil, shape.secondary ? secondaryTextLabel : nil].compactMap { $0 }
        textPadding = nil
        if shown.isEmpty {
            constraints.append(textBlock.heightAnchor.constraint(equalToConstant: 0))
        } else if shape.sideBySide {
            let padding = secondaryTextLabel.leadingAnchor.constraint(greaterThanOrEqualTo: textLabel.trailingAnchor)
            textPadding = padding
            constraints += [
                textLabel.leadingAnchor.constraint(equalTo: textBlock.leadingAnchor),
                secondaryTextLabel.trailingAnchor.constraint(equalTo: textBlock.trailingAnchor),
                padding,
                // The block hugs the taller of the two.
                textBlock.heightAnchor.constraint(equalToConstant: 0).withPriority(.fittingSizeLevel),
            ]
            constraints += Self.centredVertically(textLabel, within: textBlock)
            constraints += Self.centredVertically(secondaryTextLabel, within: textBlock)
        } else {
            // Stacked, each label spanning the column (its alignment places the text).
            for label in shown {
                constraints += [
                    label.leadingAnchor.constraint(equalTo: textBlock.leadingAnchor),
                    label.trailingAnchor.constraint(equalTo: textBlock.trailingAnchor),
                ]
            }
            constraints.append(shown[0].topAnchor.constraint(equalTo: textBlock.topAnchor))
            if shown.count == 2 {
                let padding = shown[1].topAnchor.constraint(equalTo: shown[0].bottomAnchor)
                textPadding = padding
                constraints.append(padding)
            }
            constraints.append(shown[shown.count - 1].bottomAnchor.constraint(equalTo: textBlock.bottomAnchor))
        }
        shapeConstraints = constraints
        LayoutConstraint.activate(constraints)
        separatorConstraint = nil
        tieSeparator()
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
        let anchor = shape?.text == true ? textLabel.leadingAnchor
            : shape?.secondary == true ? secondaryTextLabel.leadingAnchor : textBlock.leadingAnchor
        let constraint = cell.separatorLayoutGuide.leadingAnchor.constraint(equalTo: anchor).withPriority(LayoutPriority(999))
        constraint.identifier = "separator-leading-text"
        LayoutConstraint.activate([constraint])
        separatorConstraint = constraint
    }
}
