import Testing
import Trellis
@_spi(Testing) @testable import TrellisKit

/// A menu entry of Apple's "Implementing Modern Collection Views" Outline screen
/// (`OutlineViewController`): identified by an id of its own, as the sample's items are by
/// UUID (two entries share the title "Reorderable List").
private struct OutlineItem: Hashable, Sendable, CustomStringConvertible {
    let id: Int
    let title: String
    var description: String { title }
}

/// The Outline screen's menu, as a tree of titles.
private indirect enum Menu {
    case leaf(String)
    case group(String, [Menu])

    var title: String {
        switch self {
        case .leaf(let title), .group(let title, _): title
        }
    }
    var subitems: [Menu] {
        if case .group(_, let subitems) = self { return subitems }
        return []
    }
}

private let outlineMenu: [Menu] = [
    .group("Compositional Layout", [
        .group("Getting Started", [
            .leaf("Grid"), .leaf("Inset Items Grid"), .leaf("Two-Column Grid"),
            .group("Per-Section Layout", [.leaf("Distinct Sections"), .leaf("Adaptive Sections")]),
        ]),
        .group("Advanced Layouts", [
            .group("Supplementary Views", [.leaf("Item Badges"), .leaf("Section Headers/Footers"), .leaf("Pinned Section Headers")]),
            .leaf("Section Background Decoration"), .leaf("Nested Groups"),
            .group("Orthogonal Sections", [.leaf("Orthogonal Sections"), .leaf("Orthogonal Section Behaviors")]),
        ]),
        .group("Conference App", [.leaf("Videos"), .leaf("News")]),
    ]),
    .group("Diffable Data Source", [
        .leaf("Mountains Search"), .leaf("Settings: Wi-Fi"), .leaf("Insertion Sort Visualization"), .leaf("Reorderable List"),
    ]),
    .group("Lists", [.leaf("Simple List"), .leaf("Reorderable List"), .leaf("List Appearances"), .leaf("List with Custom Cells")]),
    .group("Outlines", [.leaf("Emoji Explorer"), .leaf("Emoji Explorer - List")]),
    .group("Cell Configurations", [.leaf("Custom Configurations")]),
]

/// The menu as items (ids in depth-first order), with the oracle's own view of it: which
/// item is whose child. The oracle answers from the menu tree and Apple's documented rule
/// (an item is visible when every ancestor is expanded), never from the snapshot.
private struct OutlineModel {
    var roots: [OutlineItem] = []
    var children: [OutlineItem: [OutlineItem]] = [:]
    var parents: [OutlineItem: OutlineItem] = [:]
    var byTitlePath: [String: OutlineItem] = [:]  // "Lists/Reorderable List"

    init(_ menu: [Menu]) {
        var next = 0
        func add(_ entries: [Menu], under parent: OutlineItem?, path: String) -> [OutlineItem] {
            entries.map { entry in
                let item = OutlineItem(id: next, title: entry.title)
                next += 1
                let itemPath = path.isEmpty ? entry.title : path + "/" + entry.title
                byTitlePath[itemPath] = item
                if let parent { parents[item] = parent }
                children[item] = add(entry.subitems, under: item, path: itemPath)
                return item
            }
        }
        roots = add(menu, under: nil, path: "")
    }

    subscript(_ path: String) -> OutlineItem { byTitlePath[path]! }

    /// The sample's `initialSnapshot()`: each level appended to its parent, recursively.
    func initialSnapshot() -> DiffableDataSourceSectionSnapshot<OutlineItem> {
        var snapshot = DiffableDataSourceSectionSnapshot<OutlineItem>()
        func addItems(_ items: [OutlineItem], to parent: OutlineItem?) {
            snapshot.append(items, to: parent)
            for item in items where !(children[item] ?? []).isEmpty { addItems(children[item]!, to: item) }
        }
        addItems(roots, to: nil)
        return snapshot
    }

    func all() -> [OutlineItem] { walk(roots) { _ in true } }
    func visible(expanded: Set<OutlineItem>) -> [OutlineItem] { walk(roots) { expanded.contains($0) } }
    func level(_ item: OutlineItem) -> Int { parents[item].map { level($0) + 1 } ?? 0 }

    private func walk(_ items: [OutlineItem], descendInto: (OutlineItem) -> Bool) -> [OutlineItem] {
        items.flatMap { item in [item] + (descendInto(item) ? walk(children[item] ?? [], descendInto: descendInto) : []) }
    }
}

@Suite("Section snapshots and outlines")
struct SectionSnapshotTests {
    typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<Int>

    // MARK: The section snapshot on its own

    @Test func theOutlineScreenStartsCollapsedAndShowsChildrenOnlyUnderExpandedAncestors() {
        let model = OutlineModel(outlineMenu)
        var snapshot = model.initialSnapshot()
        #expect(snapshot.errors.isEmpty)
        #expect(snapshot.items == model.all())
        #expect(snapshot.items.count == 36)
        #expect(snapshot.rootItems.map(\.title) == ["Compositional Layout", "Diffable Data Source", "Lists", "Outlines", "Cell Configurations"])
        #expect(snapshot.visibleItems == snapshot.rootItems)  // appended items start collapsed

        var expanded: Set<OutlineItem> = []
        func expand(_ path: String) {
            snapshot.expand([model[path]])
            expanded.insert(model[path])
            #expect(snapshot.visibleItems == model.visible(expanded: expanded), "after expanding \(path)")
        }
        func collapse(_ path: String) {
            snapshot.collapse([model[path]])
            expanded.remove(model[path])
            #expect(snapshot.visibleItems == model.visible(expanded: expanded), "after collapsing \(path)")
        }
        expand("Compositional Layout/Advanced Layouts")  // its parent is collapsed: nothing shows
        #expect(snapshot.visibleItems == snapshot.rootItems)
        #expect(!snapshot.isVisible(model["Compositional Layout/Advanced Layouts"]))
        expand("Compositional Layout")
        #expect(snapshot.visibleItems.map(\.title).prefix(8) == [
            "Compositional Layout", "Getting Started", "Advanced Layouts", "Supplementary Views", "Section Background Decoration",
            "Nested Groups", "Orthogonal Sections", "Conference App",
        ])
        expand("Lists")
        collapse("Compositional Layout")  // hides the grandchildren too; Advanced Layouts stays expanded itself
        #expect(snapshot.isExpanded(model["Compositional Layout/Advanced Layouts"]))
        #expect(snapshot.visibleItems.map(\.title) == [
            "Compositional Layout", "Diffable Data Source", "Lists", "Simple List", "Reorderable List", "List Appearances",
            "List with Custom Cells", "Outlines", "Cell Configurations",
        ])
        expand("Compositional Layout")  // Advanced Layouts' children show again

        for item in model.all() {
            #expect(snapshot.level(of: item) == model.level(item))
            #expect(snapshot.parent(of: item) == model.parents[item])
            #expect(snapshot.index(of: item) == model.all().firstIndex(of: item))
            #expect(snapshot.isVisible(item) == model.visible(expanded: expanded).contains(item))
            #expect(snapshot.contains(item))
        }
        #expect(snapshot.level(of: model["Compositional Layout/Getting Started/Per-Section Layout/Distinct Sections"]) == 3)
    }

    @Test func snapshotOfAParentHasItsDescendantsWithTheirExpansion() {
        let model = OutlineModel(outlineMenu)
        var snapshot = model.initialSnapshot()
        let advanced = model["Compositional Layout/Advanced Layouts"]
        snapshot.expand([model["Compositional Layout/Advanced Layouts/Orthogonal Sections"]])
        let children = snapshot.snapshot(of: advanced)
        #expect(children.rootItems == model.children[advanced])
        #expect(children.items == Array(model.all().drop { $0 != advanced }.dropFirst().prefix(9)))
        #expect(children.parent(of: model["Compositional Layout/Advanced Layouts/Nested Groups"]) == nil)
        #expect(children.visibleItems.map(\.title) == [
            "Supplementary Views", "Section Background Decoration", "Nested Groups", "Orthogonal Sections", "Orthogonal Sections",
            "Orthogonal Section Behaviors",
        ])
        let withParent = snapshot.snapshot(of: advanced, includingParent: true)
        #expect(withParent.rootItems == [advanced])
        #expect(withParent.level(of: model["Compositional Layout/Advanced Layouts/Supplementary Views/Item Badges"]) == 2)
        #expect(withParent.visibleItems == [advanced])
        let missing = snapshot.snapshot(of: OutlineItem(id: 999, title: "Nope"))
        #expect(missing.items.isEmpty && missing.errors.map(\.code) == [.invalidSnapshot])
    }

    @Test func insertDeleteAndReplaceKeepSiblingsInOrder() {
        var snapshot = SectionSnapshot()
        snapshot.append([1, 2, 3])
        snapshot.append([10, 11], to: 1)
        snapshot.append([100], to: 10)
        snapshot.insert([5], before: 2)
        snapshot.insert([6], after: 1)  // after 1's descendants, a root
        snapshot.insert([12], after: 10)
        snapshot.insert([9], before: 10)
        #expect(snapshot.errors.isEmpty)
        #expect(snapshot.items == [1, 9, 10, 100, 12, 11, 6, 5, 2, 3])
        #expect(snapshot.rootItems == [1, 6, 5, 2, 3])
        #expect(snapshot.parent(of: 12) == 1 && snapshot.parent(of: 9) == 1 && snapshot.parent(of: 100) == 10)

        snapshot.expand([1, 10])
        #expect(snapshot.visibleItems == [1, 9, 10, 100, 12, 11, 6, 5, 2, 3])
        var replacement = SectionSnapshot()
        replacement.append([20, 21])
        replacement.append([30], to: 21)
        replacement.expand([21])
        snapshot.replace(childrenOf: 1, using: replacement)
        #expect(snapshot.items == [1, 20, 21, 30, 6, 5, 2, 3])
        #expect(!snapshot.contains(10) && !snapshot.contains(100))
        #expect(snapshot.isExpanded(1) && snapshot.isExpanded(21) && snapshot.level(of: 30) == 2)

        snapshot.delete([21, 5])  // with 21's child
        #expect(snapshot.items == [1, 20, 6, 2, 3])
        #expect(!snapshot.contains(30) && snapshot.level(of: 30) == -1)
        snapshot.deleteAll()
        #expect(snapshot.items.isEmpty && snapshot.rootItems.isEmpty && snapshot.errors.isEmpty)
    }

    @Test func duplicatesAndUnknownItemsAreTypedErrorsThatChangeNothing() {
        var snapshot = SectionSnapshot()
        snapshot.append([1, 2])
        snapshot.append([10], to: 1)
        let before = snapshot
        snapshot.append([3, 10], to: 2)  // 10 is under 1 already: 3 is not added either
        snapshot.append([4, 4])
        snapshot.insert([5, 1], before: 2)
        snapshot.append([6], to: 99)
        snapshot.delete([2, 99])
        snapshot.expand([1, 98])
        var other = SectionSnapshot()
        other.append([7, 2])
        snapshot.replace(childrenOf: 1, using: other)
        #expect(snapshot.items == before.items && snapshot.visibleItems == before.visibleItems)
        #expect(!snapshot.contains(3) && !snapshot.contains(4) && !snapshot.contains(5) && !snapshot.contains(7))
        #expect(!snapshot.isExpanded(1))
        #expect(snapshot.contains(10))  // the failed replace put the children it removed back
        #expect(snapshot.errors.map(\.code) == [
            .duplicateIdentifier, .duplicateIdentifier, .duplicateIdentifier, .invalidSnapshot, .invalidSnapshot, .invalidSnapshot,
            .duplicateIdentifier,
        ])
        #expect(snapshot.errors[0].message == "duplicate item identifier 10: append(_:to:) adds it under 2, but it is already in the section snapshot under 1")
        #expect(snapshot.errors[1].message.contains("appears twice in the same call"))
        #expect(snapshot.errors[3].message.contains("item 99"))
    }

    @Test func visualDescriptionMarksVisibleExpandedAndCollapsedItems() {
        var snapshot = DiffableDataSourceSectionSnapshot<String>()
        snapshot.append(["Food", "Drinks"])
        snapshot.append(["Fruit", "Bread"], to: "Food")
        snapshot.append(["Apple"], to: "Fruit")
        snapshot.expand(["Food"])
        #expect(snapshot.visualDescription() == """
            * + Food
              * - Fruit
                    Apple
              *   Bread
            *   Drinks
            """)
    }

    // MARK: Applying to a diffable data source

    fileprivate typealias OutlineDataSource = CollectionViewDiffableDataSource<String, OutlineItem>

    /// The Outline screen's collection: rows 44 pt tall, one a row, each cell showing its
    /// item's title, fed as the sample feeds it (a cell registration, a diffable data source).
    private func makeOutlineScreen(height: Double = 440) -> (CollectionView, OutlineDataSource) {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: height), layout: StackTestLayout())
        collection.itemSize = Size(width: 375, height: 44)
        let registration = CollectionView.CellRegistration<TextCell, OutlineItem> { cell, _, item in cell.text = item.title }
        let dataSource = OutlineDataSource(collectionView: collection) { collectionView, indexPath, item in
            try collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        return (collection, dataSource)
    }

    private func shownTitles(_ collection: CollectionView) -> [String] {
        collection.visibleCells.map { ($0 as! TextCell).text }
    }

    @Test func applyingASectionSnapshotShowsItsVisibleItemsAndKeepsTheHiddenOnes() throws {
        let model = OutlineModel(outlineMenu)
        let (collection, dataSource) = makeOutlineScreen()
        try dataSource.apply(model.initialSnapshot(), to: "main", animatingDifferences: false)
        try collection.performLayout()
        #expect(dataSource.snapshot().sectionIdentifiers == ["main"])  // the section was appended
        #expect(dataSource.snapshot().itemIdentifiers == model.roots)  // the flat snapshot has the visible items only
        #expect(shownTitles(collection) == model.roots.map(\.title))
        #expect(dataSource.snapshot(for: "main").items == model.all())  // the hidden ones are in the section snapshot

        var outline = dataSource.snapshot(for: "main")
        outline.expand([model["Compositional Layout"], model["Lists"]])
        try dataSource.apply(outline, to: "main")
        let expected = model.visible(expanded: [model["Compositional Layout"], model["Lists"]])
        #expect(dataSource.snapshot().itemIdentifiers == expected)
        #expect(dataSource.indexPath(for: model["Lists/Simple List"]) == IndexPath(item: 6, section: 0))
        #expect(shownTitles(collection) == Array(expected.map(\.title).prefix(10)))  // 440 pt: ten rows
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 0, y: 44, width: 375, height: 44))

        // A whole snapshot that leaves the section alone keeps its outline; one that changes
        // its items makes it flat.
        var flat = dataSource.snapshot()
        flat.appendSections(["more"])
        flat.appendItems([OutlineItem(id: 500, title: "Extra")], toSection: "more")
        try dataSource.apply(flat)
        #expect(dataSource.snapshot(for: "main").items == model.all())
        flat.deleteItems([model["Lists"]])
        try dataSource.apply(flat)
        #expect(dataSource.snapshot(for: "main").rootItems == dataSource.snapshot().itemIdentifiers(inSection: "main"))
        #expect(dataSource.snapshot(for: "main").visibleItems.count == 11)  // Lists' children stay, as roots
        #expect(dataSource.snapshot(for: "absent").items.isEmpty)
    }

    @Test func expandingAndCollapsingKeepWhatIsAboveStill() throws {
        let model = OutlineModel(outlineMenu)
        let (collection, dataSource) = makeOutlineScreen(height: 220)  // five rows
        var outline = model.initialSnapshot()
        outline.expand([model["Compositional Layout"], model["Compositional Layout/Getting Started"], model["Lists"]])
        try dataSource.apply(outline, to: "main")
        try collection.performLayout()
        // 0 Compositional Layout, 1 Getting Started, 2 Grid, 3 Inset Items Grid, 4 Two-Column Grid,
        // 5 Per-Section Layout, 6 Advanced Layouts, 7 Conference App, 8 Diffable Data Source, 9 Lists …
        collection.contentOffset = Point(x: 0, y: 5 * 44)
        try collection.performLayout()
        #expect(shownTitles(collection) == ["Per-Section Layout", "Advanced Layouts", "Conference App", "Diffable Data Source", "Lists"])

        // Expanding an item in view: the rows above it and the item stay; its children
        // come right after it and push the rest down.
        #expect(try dataSource.userExpand(model["Compositional Layout/Advanced Layouts"]))
        try collection.performLayout()
        #expect(collection.contentOffset == Point(x: 0, y: 5 * 44))
        #expect(shownTitles(collection) == [
            "Per-Section Layout", "Advanced Layouts", "Supplementary Views", "Section Background Decoration", "Nested Groups",
        ])
        #expect(collection.cellForItem(at: IndexPath(item: 6, section: 0))?.frame == Rect(x: 0, y: 6 * 44, width: 375, height: 44))

        // The first row in view expanded: it stays at the top, its children follow it.
        #expect(try dataSource.userExpand(model["Compositional Layout/Getting Started/Per-Section Layout"]))
        try collection.performLayout()
        #expect(collection.contentOffset == Point(x: 0, y: 5 * 44))
        #expect(shownTitles(collection) == [
            "Per-Section Layout", "Distinct Sections", "Adaptive Sections", "Advanced Layouts", "Supplementary Views",
        ])

        // Collapsing and expanding an item above the viewport: the rows in view stay where
        // they are on screen (the offset moves by the six rows removed, then inserted,
        // above them; Per-Section Layout keeps its own expansion while hidden).
        collection.contentOffset = Point(x: 0, y: 8 * 44)  // Advanced Layouts at the top
        try collection.performLayout()
        let inView = ["Advanced Layouts", "Supplementary Views", "Section Background Decoration", "Nested Groups", "Orthogonal Sections"]
        #expect(shownTitles(collection) == inView)
        #expect(try dataSource.userCollapse(model["Compositional Layout/Getting Started"]))
        try collection.performLayout()
        #expect(collection.contentOffset == Point(x: 0, y: 2 * 44))
        #expect(shownTitles(collection) == inView)
        #expect(try dataSource.userExpand(model["Compositional Layout/Getting Started"]))
        try collection.performLayout()
        #expect(collection.contentOffset == Point(x: 0, y: 8 * 44))
        #expect(shownTitles(collection) == inView)
        #expect(collection.visibleCells.first?.frame == Rect(x: 0, y: 8 * 44, width: 375, height: 44))
    }

    @Test func userExpansionAsksAndTellsTheHandlersAsUIKitDoes() throws {
        let model = OutlineModel(outlineMenu)
        let (collection, dataSource) = makeOutlineScreen()
        try dataSource.apply(model.initialSnapshot(), to: "main")
        try collection.performLayout()
        var calls: [String] = []
        dataSource.sectionSnapshotHandlers.shouldExpandItem = { item in
            calls.append("shouldExpand \(item.title)")
            return item.title != "Outlines"
        }
        dataSource.sectionSnapshotHandlers.willExpandItem = { calls.append("willExpand \($0.title)") }
        dataSource.sectionSnapshotHandlers.shouldCollapseItem = { item in
            calls.append("shouldCollapse \(item.title)")
            return true
        }
        dataSource.sectionSnapshotHandlers.willCollapseItem = { calls.append("willCollapse \($0.title)") }
        // Children loaded lazily: "Cell Configurations" gets a second entry when expanded.
        let lazyChild = OutlineItem(id: 900, title: "Lazy Configurations")
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
            calls.append("snapshotForExpanding \(parent.title) with \(children.items.map(\.title))")
            var loaded = children
            if parent.title == "Cell Configurations" { loaded.append([lazyChild]) }
            return loaded
        }

        #expect(try dataSource.userExpand(model["Outlines"]) == false)  // refused
        #expect(dataSource.snapshot().itemIdentifiers == model.roots)
        #expect(try dataSource.userExpand(model["Cell Configurations"]))
        #expect(calls == [
            "shouldExpand Outlines",
            "shouldExpand Cell Configurations", "willExpand Cell Configurations",
            "snapshotForExpanding Cell Configurations with [\"Custom Configurations\"]",
        ])
        #expect(dataSource.snapshot().itemIdentifiers.suffix(3).map(\.title) == ["Cell Configurations", "Custom Configurations", "Lazy Configurations"])
        #expect(dataSource.snapshot(for: "main").parent(of: lazyChild) == model["Cell Configurations"])
        #expect(try dataSource.userExpand(model["Cell Configurations"]) == false)  // already expanded: not asked
        calls.removeAll()
        #expect(try dataSource.userToggleExpansion(of: model["Cell Configurations"]))
        #expect(calls == ["shouldCollapse Cell Configurations", "willCollapse Cell Configurations"])
        #expect(dataSource.snapshot().itemIdentifiers == model.roots)
        #expect(throws: CollectionViewError.self) { try dataSource.userExpand(model["Lists/Simple List"]) }  // not shown
    }

    @Test func aBadSectionSnapshotIsATypedErrorAndNothingChanges() throws {
        let model = OutlineModel(outlineMenu)
        let (collection, dataSource) = makeOutlineScreen()
        var whole = DiffableDataSourceSnapshot<String, OutlineItem>()
        whole.appendSections(["recent", "main"])
        whole.appendItems([model["Lists/Simple List"]], toSection: "recent")
        try dataSource.apply(whole)
        try dataSource.apply(model.initialSnapshot(), to: "main")
        try collection.performLayout()
        let before = dataSource.snapshot()
        let framesBefore = collection.displayedFrames.map(\.1)

        var outline = dataSource.snapshot(for: "main")
        outline.expand([model["Lists"]])  // shows Simple List, which "recent" has
        do {
            try dataSource.apply(outline, to: "main")
            Issue.record("a visible item in another section was accepted")
        } catch let error as CollectionViewError {
            #expect(error.code == .duplicateIdentifier)
            #expect(error.message.contains("Simple List") && error.message.contains("section \"recent\""))
        }
        var broken = dataSource.snapshot(for: "main")
        broken.append([model["Lists"]])
        #expect(throws: CollectionViewError.self) { try dataSource.apply(broken, to: "main") }
        try collection.performLayout()
        #expect(dataSource.snapshot().itemIdentifiers == before.itemIdentifiers)
        #expect(!dataSource.snapshot(for: "main").isExpanded(model["Lists"]))
        #expect(collection.displayedFrames.map(\.1) == framesBefore)
    }

    /// Random section snapshots applied one after the other, two sections: the whole
    /// snapshot must say of every item which section has it (the table the difference and
    /// `sectionIdentifier(containingItem:)` read), and forget the items that left.
    @Test func randomAppliesKeepTheItemTableExact() throws {
        var state: UInt64 = 0xA77
        func below(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 440), layout: StackTestLayout())
        collection.itemSize = Size(width: 375, height: 44)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "text")
        let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: collection) { collectionView, indexPath, _ in
            try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
        }
        var other = DiffableDataSourceSnapshot<String, Int>()
        other.appendSections(["other", "outline"])
        other.appendItems([1_000, 1_001], toSection: "other")
        try dataSource.apply(other)
        try collection.performLayout()
        for round in 0..<60 {
            // Roots and children drawn from 0..<60: some stay, some go, some come back,
            // in shuffled order; some parents expanded.
            var pool = Array(0..<60)
            for index in pool.indices.reversed() { pool.swapAt(index, below(index + 1)) }
            let roots = Array(pool.prefix(5 + below(15)))
            var outline = SectionSnapshot()
            outline.append(roots)
            var rest = pool.dropFirst(roots.count)
            for root in roots where below(2) == 0 {
                let children = Array(rest.prefix(below(6)))
                rest = rest.dropFirst(children.count)
                outline.append(children, to: root)
                if below(2) == 0 { outline.expand([root]) }
            }
            if round % 7 == 3 { outline.append([1_000]) }  // in the other section: refused
            let before = dataSource.snapshot()
            do {
                try dataSource.apply(outline, to: "outline")
                #expect(round % 7 != 3, "a duplicate of another section was accepted")
            } catch let error as CollectionViewError {
                #expect(round % 7 == 3 && error.code == .duplicateIdentifier)
                #expect(dataSource.snapshot().itemIdentifiers == before.itemIdentifiers)
                continue
            }
            let whole = dataSource.snapshot()
            #expect(whole.itemIdentifiers(inSection: "outline") == outline.visibleItems)
            #expect(whole.numberOfItems == outline.visibleItems.count + 2)
            for item in 0..<60 {
                let expected: String? = outline.isVisible(item) ? "outline" : nil
                #expect(whole.sectionIdentifier(containingItem: item) == expected, "round \(round), item \(item)")
            }
            #expect(whole.sectionIdentifier(containingItem: 1_000) == "other")
            try collection.performLayout()
            #expect(collection.numberOfItems(inSection: 1) == outline.visibleItems.count)
        }
    }

    /// Random operations on the section snapshot and on the oracle's own tree (a plain
    /// recursive model of Apple's rules), compared after every step.
    @Test func randomOperationsAgreeWithATreeModel() {
        final class Node {
            let id: Int
            var children: [Node] = []
            var expanded = false
            weak var parent: Node?
            init(_ id: Int) { self.id = id }
        }
        var state: UInt64 = 0x5EC7
        func below(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20 {
            var snapshot = SectionSnapshot()
            var roots: [Node] = []
            var byID: [Int: Node] = [:]
            var nextID = 0
            func siblings(of node: Node) -> [Node] { node.parent?.children ?? roots }
            func setSiblings(of node: Node, _ list: [Node]) {
                if let parent = node.parent { parent.children = list } else { roots = list }
            }
            func walk(_ nodes: [Node], visibleOnly: Bool) -> [Int] {
                nodes.flatMap { [$0.id] + (!visibleOnly || $0.expanded ? walk($0.children, visibleOnly: visibleOnly) : []) }
            }
            func remove(_ node: Node) {
                byID[node.id] = nil
                node.children.forEach(remove)
            }
            for _ in 0..<60 {
                let existing = Array(byID.values)
                let target = existing.isEmpty ? nil : existing[below(existing.count)]
                let fresh = (0..<(1 + below(3))).map { _ in Node({ nextID += 1; return nextID }()) }
                switch below(6) {
                case 0, 1:  // append, under a random item or at the root
                    let parent = below(4) == 0 ? nil : target
                    snapshot.append(fresh.map(\.id), to: parent?.id)
                    fresh.forEach { $0.parent = parent; byID[$0.id] = $0 }
                    if let parent { parent.children += fresh } else { roots += fresh }
                case 2:
                    guard let target else { continue }
                    let after = below(2) == 0
                    if after { snapshot.insert(fresh.map(\.id), after: target.id) } else { snapshot.insert(fresh.map(\.id), before: target.id) }
                    fresh.forEach { $0.parent = target.parent; byID[$0.id] = $0 }
                    var list = siblings(of: target)
                    let position = list.firstIndex { $0 === target }! + (after ? 1 : 0)
                    list.insert(contentsOf: fresh, at: position)
                    setSiblings(of: target, list)
                case 3:
                    guard let target else { continue }
                    snapshot.delete([target.id])
                    setSiblings(of: target, siblings(of: target).filter { $0 !== target })
                    remove(target)
                default:
                    guard let target else { continue }
                    let expand = below(3) != 0
                    if expand { snapshot.expand([target.id]) } else { snapshot.collapse([target.id]) }
                    target.expanded = expand
                }
                #expect(snapshot.errors.isEmpty)
                #expect(snapshot.items == walk(roots, visibleOnly: false))
                #expect(snapshot.visibleItems == walk(roots, visibleOnly: true))
                #expect(snapshot.rootItems == roots.map(\.id))
                for node in byID.values {
                    #expect(snapshot.parent(of: node.id) == node.parent?.id)
                }
            }
        }
    }
}
