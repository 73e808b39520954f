import Trellis
import TrellisKit

/// How the elements of a laid-out document are drawn: text items as their template cells,
/// sized items as grey boxes, headers and footers as bands, decorations (list separators)
/// as thin fills. Used by `trellis render` and `trellis demo`; the views are ordinary
/// TrellisKit views, so any renderer of view trees can draw them.
public struct DocumentScene {
    public let document: LayoutDocument
    public var sizedItemFill = Color(hex: "#e4e7ec")!
    public var sizedItemBorder = Color(hex: "#9aa3af")!
    public var supplementaryFill = Color(hex: "#f1f3f5")!
    public var decorationFill = Color(hex: "#d0d4da")!

    /// `document` should be the measured document (``LayoutDocument/measuringTextItems()``)
    /// the layout was prepared from.
    public init(document: LayoutDocument) {
        self.document = document
    }

    /// The view for one element of the layout, configured but not yet placed.
    public func makeView(for attributes: LayoutAttributes) -> View? {
        let traits = TraitCollection(layoutDirection: document.direction)
        let view: View
        switch attributes.kind.category {
        case .cell:
            let section = attributes.indexPath.section, item = attributes.indexPath.item
            guard section < document.sections.count else { return nil }
            if let text = document.sections[section].texts[item] {
                view = TemplateCell(template: document.cellTemplate, text: text)
            } else {
                view = View()
                view.backgroundColor = sizedItemFill
                view.borderColor = sizedItemBorder
                view.borderWidth = 1
                view.cornerStyle = .radius(3)
            }
        case .supplementaryView:
            view = View()
            view.backgroundColor = supplementaryFill
        case .decorationView:
            view = View()
            view.backgroundColor = decorationFill
        }
        view.overrideTraitCollection = traits
        return view
    }

    /// Every element of a prepared layout, or those intersecting `visibleRect`.
    /// - Complexity: O(n), or the layout's query cost with a visible rect.
    public static func elements(of layout: any CollectionLayout, visibleRect: Rect?) -> [LayoutAttributes] {
        if let visibleRect { return layout.elements(in: visibleRect) }
        return layout.allElements()
    }
}
