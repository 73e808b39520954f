import Testing
import Trellis
import TrellisKit
import TrellisRender
import TrellisText
import TrellisPango

/// A `CollectionView` is a view tree like any other: its self-sized cells render at the
/// frames its layout gave them, scrolled by its content offset.
@Suite("Collection view rendering")
struct CollectionViewRenderTests {
    /// Scenario S1's tag cell: a label pinned 5 pt inside the content view, drawn as a white
    /// pill with a red outline.
    final class TagCell: CollectionViewCell {
        let label = Label(text: "", style: TextStyle(font: Font(family: "DejaVu Sans", size: 17)))

        required init() {
            super.init()
            backgroundColor = .white
            borderColor = .red
            borderWidth = 1
            cornerStyle = .pill
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 5),
                label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -5),
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 5),
                label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -5),
            ])
        }
    }

    final class Tags: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 100 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "TagCell", for: indexPath)
            let index = indexPath.item
            (cell as! TagCell).label.text = index % 2 == 1 ? "A" : (index % 3 != 0 ? "longer" : "much longer")
            return cell
        }
    }

    @Test func selfSizedCellsRenderAtTheirLayoutFrames() throws {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, interitemSpacing: 8, lineSpacing: 8))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 200), layout: layout)
        collection.backgroundColor = .black
        collection.register(TagCell.self, forCellWithReuseIdentifier: "TagCell")
        collection.estimatedItemSize = .automatic
        let tags = Tags()
        collection.dataSource = tags
        try collection.performLayout()
        collection.contentOffset = Point(x: 0, y: 100)
        try collection.performLayout()
        #expect(collection.contentOffset.y == 100)
        let cells = collection.visibleCells
        #expect(!cells.isEmpty)

        let image = try Renderer().rasterize(collection)
        #expect(image.width == 375 && image.height == 200)
        var checked = 0
        for cell in cells {
            // The frame in the collection's visible bounds (content minus the offset).
            let frame = cell.frame.offsetBy(dx: 0, dy: -collection.contentOffset.y)
            guard frame.minY >= 1, frame.maxY <= 199 else { continue }
            let midX = Int(frame.midX)
            // Red on the top edge (a narrow "A" tag is nearly round, so its top is an arc:
            // antialiasing mixes in a little of its white inside).
            let edge = image.pixel(x: midX, y: Int(frame.minY))
            #expect(edge.red == 255 && edge.green <= 40 && edge.green == edge.blue, "\(edge)")
            #expect(image.pixel(x: midX, y: Int(frame.minY) - 1) == Pixel(red: 0, green: 0, blue: 0))
            // Self-sized: as tall as the label's line plus the 5 pt padding.
            #expect(frame.height == cell.contentView.subviews[0].frame.height + 10)
            checked += 1
        }
        #expect(checked >= 10)
        // The data source is held weakly by the collection view; keep it to the end.
        withExtendedLifetime(tags) {}
    }
}

/// A cell placed by hand in a plain view tree is laid out before it is drawn: its label,
/// pinned inside the content view, draws its text (the renderer runs layout passes until
/// no view asks for another, as a run loop would).
@Test func handPlacedCellIsLaidOutBeforeDrawing() throws {
    let root = View(frame: Rect(x: 0, y: 0, width: 120, height: 40))
    root.backgroundColor = .white
    let cell = CollectionViewRenderTests.TagCell()
    cell.label.text = "longer"
    root.addSubview(cell)
    cell.frame = Rect(x: 5, y: 5, width: 70, height: 30)
    let image = try Renderer().rasterize(root)
    #expect(cell.label.frame == Rect(x: 5, y: 5, width: 60, height: 20))
    var ink = 0
    for y in 10..<30 { for x in 10..<70 where image.pixel(x: x, y: y).green < 100 { ink += 1 } }
    #expect(ink > 30)
}
