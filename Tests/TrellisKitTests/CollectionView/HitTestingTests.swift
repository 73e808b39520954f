import Testing
import Trellis
import TrellisKit

/// A cell with a button-like subview inside its content view, 10 pt in, and a label.
final class ButtonCell: TextCell {
    let button = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
    let caption = Label(text: "caption")
    required init() {
        super.init()
        contentView.addSubview(caption)
        contentView.addSubview(button)
        caption.frame = Rect(x: 50, y: 10, width: 100, height: 20)
    }
}

@Suite("Hit-testing")
struct HitTestingTests {
    @Test func viewHitTestFollowsUIKitsRules() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 100, y: 100, width: 150, height: 150))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(child)
        #expect(root.hitTest(Point(x: 150, y: 150)) === front)  // front to back
        #expect(root.hitTest(Point(x: 115, y: 115)) === child)  // in the child's coordinates
        #expect(root.hitTest(Point(x: 50, y: 50)) === back)
        #expect(root.hitTest(Point(x: 280, y: 280)) === root)
        #expect(root.hitTest(Point(x: 300, y: 10)) == nil)     // outside (max edge exclusive)
        front.isHidden = true
        #expect(root.hitTest(Point(x: 150, y: 150)) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(root.hitTest(Point(x: 115, y: 115)) === back)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 115, y: 115)) === back)
        front.isUserInteractionEnabled = true
        // A subview reaching beyond its superview is hit only inside the superview.
        let overhang = View(frame: Rect(x: 250, y: 250, width: 100, height: 100))
        root.addSubview(overhang)
        #expect(root.hitTest(Point(x: 290, y: 290)) === overhang)
        #expect(root.hitTest(Point(x: 320, y: 320)) == nil)
        // The point is in the bounds' coordinates: a scrolled view (bounds origin 0, 100).
        root.bounds.origin = Point(x: 0, y: 100)
        #expect(root.hitTest(Point(x: 50, y: 150)) === back)
        #expect(root.hitTest(Point(x: 50, y: 50)) == nil)
        // Labels take no presses by default, as in UIKit.
        #expect(!Label(text: "x").isUserInteractionEnabled)
    }

    @Test func collectionHitTestFindsTheCellUnderThePointAfterScrolling() throws {
        let source = SelectableSource(count: 1000)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: StackTestLayout(spacing: 10))
        collection.register(ButtonCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 375, height: 50)
        collection.dataSource = source
        collection.delegate = source
        collection.contentOffset.y = 6000  // rows every 60 pt: row 100 at 6000
        try collection.performLayout()
        // Points in the collection view's own coordinates (content coordinates).
        #expect(collection.indexPathForItem(at: Point(x: 200, y: 6000)) == IndexPath(item: 100, section: 0))
        #expect(collection.indexPathForItem(at: Point(x: 200, y: 6049.9)) == IndexPath(item: 100, section: 0))
        #expect(collection.indexPathForItem(at: Point(x: 200, y: 6055)) == nil)  // the spacing
        #expect(collection.indexPathForItem(at: Point(x: 200, y: 6060)) == IndexPath(item: 101, section: 0))
        #expect(collection.indexPathForItem(at: Point(x: 400, y: 6000)) == nil)
        // The layout answers for items not displayed too.
        #expect(collection.indexPathForItem(at: Point(x: 5, y: 10)) == IndexPath(item: 0, section: 0))

        let cell = try #require(collection.cellForItem(at: IndexPath(item: 102, section: 0)) as? ButtonCell)
        #expect(collection.hitTest(Point(x: 15, y: 6120 + 15)) === cell.button)
        #expect(collection.hitTest(Point(x: 60, y: 6120 + 15)) === cell.contentView)  // the label passes
        #expect(collection.hitTest(Point(x: 200, y: 6175)) === collection)  // between rows
        #expect(collection.hitTest(Point(x: 200, y: 5990)) == nil)  // above the bounds
        cell.contentView.isUserInteractionEnabled = false
        #expect(collection.hitTest(Point(x: 15, y: 6135)) === cell)
        // Undo it: any pooled cell may be the one reused for item 2 below (pool order is
        // not fixed), and a cell that ignores touches would answer instead of its button.
        cell.contentView.isUserInteractionEnabled = true
        // Pooled cells are hidden and never hit.
        collection.contentOffset.y = 0
        try collection.performLayout()
        #expect(collection.hitTest(Point(x: 15, y: 6135)) == nil)
        #expect(collection.hitTest(Point(x: 15, y: 135)) === (collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? ButtonCell)?.button)
    }

    @Test func itemsAreFoundAnywhereInALongFlow() throws {
        let source = SelectableSource(count: 10_000)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: FlowLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        collection.itemSize = Size(width: 375, height: 44)  // one item a line, lines 10 pt apart
        collection.dataSource = source
        try collection.performLayout()
        for step in 0..<200 {
            let y = (Double(step) * 2_713.37).truncatingRemainder(dividingBy: collection.contentSize.height)
            let line = Int(y / 54)
            let expected = y - Double(line) * 54 < 44 ? IndexPath(item: line, section: 0) : nil
            #expect(collection.indexPathForItem(at: Point(x: 30, y: y)) == expected, "y = \(y)")
        }
    }

    @Test func pinnedHeadersAreFoundWhereTheyShowAndAboveTheItems() throws {
        let data = TextDataSource(sections: (0..<3).map { s in (0..<30).map { TextItem(id: s * 100 + $0, text: "t") } })
        let layout = FlowLayout(metrics: FlowMetrics(interitemSpacing: 0, lineSpacing: 0), pinsHeaders: true)
        let collection = makeCollection(data, estimated: .none)
        collection.layout = layout
        collection.itemSize = Size(width: 375, height: 40)
        collection.headerSize = Size(width: 375, height: 30)
        try collection.performLayout()
        // Section 0: header 0…30, items 30…1230; section 1's header at 1230.
        #expect(collection.indexPathForSupplementaryElement(ofKind: .header, at: Point(x: 10, y: 10)) == IndexPath(item: 0, section: 0))
        #expect(collection.indexPathForSupplementaryElement(ofKind: .header, at: Point(x: 10, y: 40)) == nil)
        #expect(collection.indexPathForItem(at: Point(x: 10, y: 40)) == IndexPath(item: 0, section: 0))
        collection.contentOffset.y = 500
        try collection.performLayout()
        // Pinned at the top of the bounds, over item 11 (y 470…510).
        let point = Point(x: 10, y: 505)
        #expect(collection.indexPathForSupplementaryElement(ofKind: .header, at: point) == IndexPath(item: 0, section: 0))
        #expect(collection.indexPathForSupplementaryElement(ofKind: .header, at: Point(x: 10, y: 10)) == nil)
        #expect(collection.indexPathForItem(at: point) == IndexPath(item: 11, section: 0))
        let topmost = try #require(collection.layoutAttributesForElement(at: point))
        #expect(topmost.kind == .header && topmost.isPinned)
        let header = try #require(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 0)))
        #expect(collection.hitTest(point) === header)
        #expect(collection.indexPathsForVisibleSupplementaryElements(ofKind: .header) == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
    }
}
