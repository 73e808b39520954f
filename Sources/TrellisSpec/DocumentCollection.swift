import Trellis
import TrellisKit
import TrellisText

/// A `trellis layout` document as the data source and delegate of a live
/// `CollectionView` — what `trellis show` puts in its window. Cells look as
/// ``DocumentScene`` draws them for `trellis render`: text items are ``TemplateCell``s of
/// the document's template, sized items grey boxes, headers and footers bands, separators
/// and section backgrounds thin fills.
///
/// Sizes: by default every item has the size `trellis render` gives it (the document
/// measured up front by ``LayoutDocument/measuringTextItems()``), so the window draws
/// exactly what `trellis render --visible-only` draws. With `selfSizing`, text items are
/// instead measured by the collection view as they come into view, starting from
/// `estimatedItemSize` — what a live app does with a large document.
public final class DocumentCollection: CollectionViewDataSource, CollectionViewDelegate {
    public let document: LayoutDocument
    public let measured: LayoutDocument
    public let selfSizing: Bool
    let scene: DocumentScene

    static let textCell = "text", boxCell = "box", band = "band"

    /// - Parameters:
    ///   - document: the decoded document to show.
    ///   - selfSizing: measure text items in the collection view (from the
    ///     collection's `estimatedItemSize`) instead of up front.
    ///   - contentSizeCategory: the person's text size for text measured up front: the
    ///     template's font is scaled for it as a body font (with `selfSizing` the cells
    ///     follow the collection view's traits instead).
    public init(document: LayoutDocument, selfSizing: Bool = false, contentSizeCategory: ContentSizeCategory = .large) {
        self.document = document
        self.selfSizing = selfSizing
        self.contentSizeCategory = contentSizeCategory
        if selfSizing {
            measured = document
        } else {
            var scaled = document
            if contentSizeCategory != .large, document.hasTextItems {
                var template = document.cellTemplate
                template.font = contentSizeCategory.scaledFont(template.font)
                scaled.cell = template
            }
            measured = scaled.measuringTextItems()
        }
        scene = DocumentScene(document: measured)
    }

    /// The text size the text items were measured up front for.
    public let contentSizeCategory: ContentSizeCategory

    /// A collection view showing the document: its layout, registrations, traits
    /// (direction), this object as data source and delegate, and self-sizing as chosen.
    /// The caller keeps this object alive (the collection view holds it weakly).
    public func makeCollectionView() -> CollectionView {
        let containerSize = Size(width: document.width, height: document.visibleRect?.height ?? document.height ?? 800)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: containerSize.width, height: containerSize.height),
                                        layout: document.layout.makeLayout())
        collection.overrideTraitCollection = TraitCollection(layoutDirection: document.direction)
        collection.derivesSizeClassFromWidth = false
        let template = measured.cellTemplate
        // Measured by the collection view, the text follows the person's text size; sized
        // up front, it has the document's sizes (a host measures the document again for
        // another text size, see ``contentSizeCategory``).
        let selfSizing = self.selfSizing
        collection.register(forCellWithReuseIdentifier: Self.textCell) {
            let cell = TemplateCell(template: template)
            cell.adjustsFontForContentSizeCategory = selfSizing
            return cell
        }
        let scene = self.scene
        collection.register(forCellWithReuseIdentifier: Self.boxCell) {
            let cell = DocumentSizedCell()
            cell.backgroundColor = scene.sizedItemFill
            cell.borderColor = scene.sizedItemBorder
            cell.borderWidth = 1
            cell.cornerStyle = .radius(3)
            return cell
        }
        for kind in [ElementKind.header, .footer] {
            collection.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.band) {
                let view = DocumentSizedBand()
                view.backgroundColor = scene.supplementaryFill
                return view
            }
        }
        for kind in document.layout.decorationKinds(containerSize: containerSize, layoutDirection: document.direction) {
            collection.register(forDecorationViewOfKind: kind) {
                let view = ReusableView()
                view.backgroundColor = scene.decorationFill
                return view
            }
        }
        if selfSizing && document.hasTextItems && collection.estimatedItemSize == .none {
            collection.estimatedItemSize = .automatic
        }
        collection.dataSource = self
        collection.delegate = self
        return collection
    }

    // MARK: Data source

    public func numberOfSections(in collectionView: CollectionView) -> Int { measured.sections.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        measured.sections[section].items.count
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        if let text = measured.sections[indexPath.section].texts[indexPath.item] {
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: Self.textCell, for: indexPath)
            if let cell = cell as? TemplateCell {
                cell.text = text
                if case .points(let maximum) = cell.template.maximumWidth { cell.setMaximumWidth(maximum) } else { cell.setMaximumWidth(nil) }
            }
            return cell
        }
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: Self.boxCell, for: indexPath)
        (cell as? DocumentSizedCell)?.documentSize = measured.sections[indexPath.section].items[indexPath.item].size
        return cell
    }

    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        let view = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.band, for: indexPath)
        (view as? DocumentSizedBand)?.documentSize = self.collectionView(collectionView, sizeForSupplementaryElementOfKind: kind, inSection: indexPath.section)
        return view
    }

    // MARK: Delegate

    /// Sized items always; text items when measured up front; the collection's estimate
    /// (then the measured size) for text items with self-sizing.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size {
        let section = measured.sections[indexPath.section]
        if selfSizing && section.texts[indexPath.item] != nil { return collectionView.defaultItemSize }
        return section.items[indexPath.item].size
    }

    public func collectionView(
        _ collectionView: CollectionView, sizeForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
    ) -> Size? {
        switch kind {
        case .header: measured.sections[section].header
        case .footer: measured.sections[section].footer
        default: nil
        }
    }
}

// A sized item's box and a header's or footer's band answer the size the document gives
// them when they are measured: a layout whose own dimensions are estimated (a
// compositional `.estimated` item or header) takes that size from the view, as UIKit's
// does, and `trellis render` lays the document out with those sizes. Without a size from
// the document they answer the room they were given, so nothing moves.

/// A sized item of the document (a grey box).
final class DocumentSizedCell: CollectionViewCell {
    var documentSize: Size?

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        DocumentCollection.preferring(documentSize, attributes, proposal: proposal)
    }
}

/// A header or footer band of the document.
final class DocumentSizedBand: ReusableView {
    var documentSize: Size?

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        DocumentCollection.preferring(documentSize, attributes, proposal: proposal)
    }
}

extension DocumentCollection {
    /// `attributes` with the document's size, where the proposal leaves an extent free.
    static func preferring(_ size: Size?, _ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        var preferred = attributes
        guard let size else { return preferred }
        if case .exactly(let width) = proposal.width { preferred.frame.size.width = width } else { preferred.frame.size.width = size.width }
        if case .exactly(let height) = proposal.height { preferred.frame.size.height = height } else { preferred.frame.size.height = size.height }
        return preferred
    }
}

extension LayoutSpec {
    /// Every decoration kind the layout can show: separators and section backgrounds, and a
    /// compositional layout's own kinds (`decorationItems`, a list's `listBackground`), so
    /// the window draws each of them as `trellis render` does. Sections are built in the
    /// document's own environment: a section can depend on the container's width.
    func decorationKinds(containerSize: Size, layoutDirection: LayoutDirection) -> [ElementKind] {
        var kinds: [ElementKind] = [.separator, .sectionBackground]
        guard case .compositional(let spec) = self else { return kinds }
        let environment = spec.configuration.environment(containerSize: containerSize, layoutDirection: layoutDirection)
        let sections: [CompositionalSection]
        switch spec.sections {
        case .each(let entries): sections = entries.map { $0.section(in: environment) }
        case .list(let list): sections = [CompositionalSection.list(using: list, environment: environment)]
        }
        for section in sections {
            for item in section.decorationItems where !kinds.contains(item.elementKind) { kinds.append(item.elementKind) }
        }
        return kinds
    }
}
