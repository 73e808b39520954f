import Foundation
import Testing
import Trellis
import TrellisKit
import TrellisText

// A file as a UIKit developer writes it: Foundation imported, `IndexPath` in type
// positions, made with `IndexPath(item:section:)`, read with `.item` / `.section`, and passed
// to the collection view. The module's alias (IndexPath.swift) is all the port needs.

private final class ContactCell: CollectionViewCell {
    let nameLabel = Label()

    required init() {
        super.init()
        contentView.addSubview(nameLabel)
    }

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: nameLabel.intrinsicContentSize.height + 8)
    }
}

private final class ContactsController: CollectionViewDataSource, CollectionViewDelegate {
    let names: [[String]]
    var selected: [IndexPath] = []

    init(names: [[String]]) { self.names = names }

    func numberOfSections(in collectionView: CollectionView) -> Int { names.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        names[section].count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "contact", for: indexPath) as! ContactCell
        cell.nameLabel.text = names[indexPath.section][indexPath.item]
        return cell
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
}

@Suite("IndexPath beside Foundation")
struct UIKitShapedCodeTests {
    @Test func uikitShapedFileCompilesAndRuns() throws {
        // Labels measure with the fixed-advance measurer: this test is about names, not text.
        DefaultTextMeasurer.install(FixedAdvanceTextMeasurer())
        let controller = ContactsController(names: [["Ada", "Alan"], ["Barbara", "Brian", "Bjarne"]])
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: ListLayout())
        collection.register(ContactCell.self, forCellWithReuseIdentifier: "contact")
        collection.estimatedItemSize = .automatic
        collection.dataSource = controller
        collection.delegate = controller
        try collection.performLayout()

        let brian = IndexPath(item: 1, section: 1)
        #expect(brian.item == 1 && brian.section == 1)
        let cell = try #require(collection.cellForItem(at: brian) as? ContactCell)
        #expect(cell.nameLabel.text == "Brian")
        #expect(collection.indexPath(for: cell) == brian)

        try collection.selectItem(at: brian, animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [brian])
        #expect(collection.indexPathsForVisibleItems.contains(IndexPath(item: 0, section: 0)))
        // A user selection reaches the delegate with the same type.
        _ = try collection.userSelectItem(at: IndexPath(item: 0, section: 0), extending: false, toggling: false)
        #expect(controller.selected == [IndexPath(item: 0, section: 0)])
    }

    @Test func foundationsIndexPathIsStillThere() {
        // The alias shadows Foundation's type by name only: it is one qualified name away.
        let foundationPath: Foundation.IndexPath = [1, 2]
        #expect(foundationPath.count == 2)
        #expect(type(of: IndexPath(item: 0, section: 0)) != Foundation.IndexPath.self)
    }
}
