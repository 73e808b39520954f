import Trellis
import TrellisKit

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
    public init(document: LayoutDocument, selfSizing: Bool = false) {
        self.document = document
        self.selfSizing = selfSizing
        measured = selfSizing ? document : document.measuringTextItems()
        scene = DocumentScene(document: measured)
    }

    /// A collection view showing the document: its layout, registrations, traits
    /// (direction), this object as data source and delegate, and self-sizing as chosen.
    /// The caller keeps this object alive (the collection view holds it weakly).
    public func makeCollectionView() -> CollectionView {
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: document.width, height: document.visibleRect?.height ?? 800),
            layout: document.layout.makeLayout())
        collection.overrideTraitCollection = TraitCollection(layoutDirection: document.direction)
        collection.derivesSizeClassFromWidth = false
        let template = document.cellTemplate
        collection.register(forCellWithReuseIdentifier: Self.textCell) { TemplateCell(template: template) }
        let scene = self.scene
        collection.register(forCellWithReuseIdentifier: Self.boxCell) {
            let cell = CollectionViewCell()
            cell.backgroundColor = scene.sizedItemFill
            cell.borderColor = scene.sizedItemBorder
            cell.borderWidth = 1
            cell.cornerStyle = .radius(3)
            return cell
        }
        for kind in [ElementKind.header, .footer] {
            collection.register(forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.band) {
                let view = ReusableView()
                view.backgroundColor = scene.supplementaryFill
                return view
            }
        }
        for kind in [ElementKind.separator, .sectionBackground] {
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
        return try collectionView.dequeueReusableCell(withReuseIdentifier: Self.boxCell, for: indexPath)
    }

    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.band, for: indexPath)
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
