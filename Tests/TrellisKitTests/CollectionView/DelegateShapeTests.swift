import Testing
import Trellis
import TrellisKit

/// A view controller ported from UIKit: it adopts only the delegate protocol and
/// implements UIKit's flow-layout methods in UIKit's shapes.
private final class PortedController: CollectionViewDataSource, CollectionViewDelegate {
    var counts = [4, 3]
    private(set) var asked: Set<String> = []

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> ReusableView {
        try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        asked.insert("sizeForItemAt")
        return Size(width: 100, height: 40)
    }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionLayout, insetForSectionAt section: Int) -> EdgeInsets {
        asked.insert("insetForSectionAt")
        return section == 1 ? EdgeInsets(top: 20, leading: 15) : .zero
    }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionLayout, minimumLineSpacingForSectionAt section: Int) -> Double {
        asked.insert("minimumLineSpacingForSectionAt")
        return 7
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> Double {
        asked.insert("minimumInteritemSpacingForSectionAt")
        return 5
    }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionLayout, referenceSizeForHeaderInSection section: Int) -> Size {
        asked.insert("referenceSizeForHeaderInSection")
        return section == 0 ? Size(width: 375, height: 30) : .zero  // zero: no header, as in UIKit
    }
}

/// A delegate still written in the shape Trellis had before UIKit's. That this compiles
/// without a diagnostic is why the run-time check exists: Swift reports no near-miss for a
/// method whose argument labels differ from a defaulted requirement's
/// (`collectionView(_:sizeForItemAt:)` beside `collectionView(_:layout:sizeForItemAt:)`), so
/// without the check the method would be silently never called and every item would take
/// the default size.
private final class OldShapeDelegate: CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> Size? { Size(width: 10, height: 10) }
}

/// Adopts the flow-layout protocol to choose what UIKit has no method for.
private final class CenteredSections: CollectionViewDelegateFlowLayout {
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionLayout, insetForSectionAt section: Int) -> EdgeInsets {
        EdgeInsets(top: 0, leading: 30)
    }
    func collectionView(_ collectionView: CollectionView, metricsForSection section: Int, defaults: FlowMetrics) -> FlowMetrics {
        var metrics = collectionView.metricsFromDelegateMethods(self, section: section, defaults: defaults)
        metrics.alignment = .center
        return metrics
    }
}

/// A delegate for selection only: it implements none of the size methods.
private final class SelectionOnly: CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
}

private func makeFlow(_ source: some CollectionViewDataSource) -> CollectionView {
    let collection = CollectionView(
        frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: FlowLayout(metrics: FlowMetrics(alignment: .leading)))
    collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
    collection.register(HeaderView.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "header")
    collection.dataSource = source
    return collection
}

@Suite("Delegate shapes")
struct DelegateShapeTests {
    @Test func uikitShapedFlowDelegateMethodsAreCalledOnAPlainDelegate() throws {
        let controller = PortedController()
        let collection = makeFlow(controller)
        collection.delegate = controller
        try collection.performLayout()
        #expect(controller.asked == ["sizeForItemAt", "insetForSectionAt", "minimumLineSpacingForSectionAt",
                                     "minimumInteritemSpacingForSectionAt", "referenceSizeForHeaderInSection"])
        let frames = collection.displayedFrames.map(\.1)
        // Section 0: header 30 high, three items a line 5 apart, lines 7 apart.
        #expect(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 0, y: 0, width: 375, height: 30))
        #expect(Array(frames.prefix(4)) == [
            Rect(x: 0, y: 30, width: 100, height: 40), Rect(x: 105, y: 30, width: 100, height: 40),
            Rect(x: 210, y: 30, width: 100, height: 40), Rect(x: 0, y: 77, width: 100, height: 40),
        ])
        // Section 1: no header (zero reference size), inset 20 at the top and 15 leading.
        #expect(collection.layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1)) == nil)
        #expect(Array(frames.suffix(3)) == [
            Rect(x: 15, y: 137, width: 100, height: 40), Rect(x: 120, y: 137, width: 100, height: 40),
            Rect(x: 225, y: 137, width: 100, height: 40),
        ])
    }

    @Test func theOldShapeIsReportedNotSilentlyIgnored() throws {
        let controller = PortedController()
        let collection = makeFlow(controller)
        let old = OldShapeDelegate()
        collection.delegate = old
        let error = try #require(throws: CollectionViewError.self) { try collection.performLayout() }
        #expect(error.code == .delegateShape)
        #expect(error.message.contains("OldShapeDelegate implements collectionView(_:sizeForItemAt:) -> Size?"))
        #expect(error.message.contains("collectionView(_:layout:sizeForItemAt:)"))
        #expect(collection.visibleCells.isEmpty)
        collection.layoutIfNeeded()
        #expect((collection.lastError as? CollectionViewError)?.code == .delegateShape)
        // With the delegate in UIKit's shape the same collection works.
        collection.delegate = controller
        try collection.performLayout()
        #expect(collection.visibleCells.count == 7)
    }

    @Test func aFlowLayoutDelegateChoosesWholeSectionMetrics() throws {
        let controller = PortedController()
        controller.counts = [2]
        let collection = makeFlow(controller)
        let centered = CenteredSections()
        collection.delegate = centered
        try collection.performLayout()
        // Two 50-pt default items centred in 375 − 30 leading: (345 − 100 − 10) / 2 = 117.5 from 30.
        let frames = collection.displayedFrames.map(\.1)
        #expect(frames.count == 2)
        #expect(frames.first?.minX == 147.5)
        #expect(frames.allSatisfy { $0.size == Size(width: 50, height: 50) })
    }

    /// UIKit asks a delegate for item sizes only when it implements the method
    /// (`respondsToSelector:`): one that only handles selection leaves every item at the
    /// layout's size. Switching between the two delegates must follow each one.
    @Test func aDelegateThatDoesNotSizeItemsLeavesThemAtTheLayoutsSize() throws {
        let controller = PortedController()
        controller.counts = [3]
        let collection = makeFlow(controller)
        let selectionOnly = SelectionOnly()
        collection.delegate = selectionOnly
        try collection.performLayout()
        // FlowLayout's default item size (50 × 50), 10 apart (UIKit's default spacing).
        #expect(collection.displayedFrames.map(\.1) == [
            Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 60, y: 0, width: 50, height: 50), Rect(x: 120, y: 0, width: 50, height: 50),
        ])
        #expect(collection.sizeForItem(at: IndexPath(item: 2, section: 0)).size == Size(width: 50, height: 50))
        collection.delegate = controller
        try collection.performLayout()
        #expect(collection.displayedFrames.map(\.1).map(\.size) == Array(repeating: Size(width: 100, height: 40), count: 3))
        collection.delegate = selectionOnly
        try collection.performLayout()
        #expect(collection.displayedFrames.map(\.1).map(\.size) == Array(repeating: Size(width: 50, height: 50), count: 3))
        collection.delegate = nil
        try collection.performLayout()
        #expect(collection.displayedFrames.map(\.1).map(\.size) == Array(repeating: Size(width: 50, height: 50), count: 3))
    }

    /// The same for headers: a delegate without the reference-size methods leaves headers
    /// at the collection view's `headerSize`; one with them sizes each section's.
    @Test func aDelegateThatDoesNotSizeHeadersLeavesThemAtHeaderSize() throws {
        final class KindSizes: CollectionViewDelegate {
            func collectionView(_ collectionView: CollectionView, sizeForSupplementaryElementOfKind kind: ElementKind, inSection section: Int) -> Size? {
                kind == .header ? Size(width: 375, height: 12) : nil
            }
        }
        let controller = PortedController()
        let collection = makeFlow(controller)
        collection.headerSize = Size(width: 375, height: 25)
        func headerHeights() -> [Double?] {
            (0..<2).map { collection.layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: $0))?.frame.height }
        }
        let selectionOnly = SelectionOnly(), kindSizes = KindSizes()
        collection.delegate = selectionOnly
        try collection.performLayout()
        #expect(headerHeights() == [25, 25])
        collection.delegate = controller  // 30 for section 0, zero (no header) for section 1
        try collection.performLayout()
        #expect(headerHeights() == [30, nil])
        collection.delegate = kindSizes
        try collection.performLayout()
        #expect(headerHeights() == [12, 12])
        collection.delegate = selectionOnly
        try collection.performLayout()
        #expect(headerHeights() == [25, 25])
    }
}
