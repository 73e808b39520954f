import Foundation
import Testing
import Trellis
import TrellisKit
@testable import TrellisSpec

/// `trellis show` puts a document in a live collection view through `DocumentCollection`;
/// what that collection view lays out must be what `trellis render` lays out. The window
/// tests compare pixels for flow documents; these compare frames headlessly, for the
/// layouts whose own dimensions are estimated (compositional), where the window once
/// showed every estimated cell and header at its estimate and no list background.
@Suite("DocumentCollection")
struct DocumentCollectionTests {
    static func exampleDocument(_ name: String) throws -> LayoutDocument {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/examples/\(name)")
        return try LayoutDocument.decode(Array(try Data(contentsOf: url)))
    }

    /// Every displayed cell and header of `view` against the frame render gives it, and no
    /// decoration kind left undrawn.
    @MainActor
    static func expectFramesOfRender(_ view: CollectionView, _ document: LayoutDocument) throws {
        let expected = document.preparedLayout()
        #expect(!view.indexPathsForVisibleItems.isEmpty)
        for indexPath in view.indexPathsForVisibleItems {
            let shown = try #require(view.cellForItem(at: indexPath)).frame
            let drawn = try #require(expected.attributesForItem(at: indexPath)).frame
            #expect(shown == drawn, "item \(indexPath)")
        }
        for section in 0..<view.numberOfSections {
            let indexPath = IndexPath(item: 0, section: section)
            guard let header = view.supplementaryView(forElementKind: .header, at: indexPath) else { continue }
            let drawn = try #require(expected.attributesForSupplementaryElement(ofKind: .header, at: indexPath)).frame
            #expect(header.frame == drawn, "header of section \(section)")
        }
        #expect(view.diagnostics.isEmpty, "\(view.diagnostics)")
    }

    @MainActor
    @Test("the compositional example: estimated cells, headers and the list background as render lays them out")
    func compositionalExampleMatchesRender() throws {
        let document = try Self.exampleDocument("compositional.json")
        let collection = DocumentCollection(document: document)
        let view = collection.makeCollectionView()
        try view.performLayout()
        try Self.expectFramesOfRender(view, document)
        // Scrolled to the bottom, where the inset-grouped list is.
        view.contentOffset.y = view.contentSize.height - view.bounds.height
        try view.performLayout()
        try Self.expectFramesOfRender(view, document)
    }

    @MainActor
    @Test("measured in the window (--self-sizing), the compositional example still lays out as render does")
    func compositionalExampleSelfSizingMatchesRender() throws {
        let document = try Self.exampleDocument("compositional.json")
        let collection = DocumentCollection(document: document, selfSizing: true)
        let view = collection.makeCollectionView()
        view.bounds.size.height = 2000
        try view.performLayout()
        try Self.expectFramesOfRender(view, document)
    }
}
