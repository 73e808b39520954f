import Testing
@testable import Trellis

// The layouts of Apple's "Implementing Modern Collection Views" sample, written as the
// sample's view controllers write them (UIKit's names mapped to Trellis's: see
// CompositionalLayout's header), each checked against the frames UIKit's documented
// arithmetic gives. The expected frames are worked out here by hand from Apple's
// documentation, never from the layout's code: fractional dimensions are fractions of the
// containing group (of the section's content size, less its insets, for the top group);
// `subitem:count:` copies share the group's extent; item content insets shrink the cell
// inside its allotted area; an anchor's fractional offset is in units of the supplementary
// item's own size.

/// An iPhone-sized container (points).
private let screen = Size(width: 390, height: 844)

private func source(_ counts: [Int], container: Size = screen) -> StaticLayoutSource {
    StaticLayoutSource(containerSize: container, sections: counts.map { .init(items: .fixed(count: $0, size: ItemSize(width: 10, height: 10))) })
}

private func prepared(_ layout: CompositionalLayout, _ counts: [Int], container: Size = screen) -> CompositionalLayout {
    layout.prepare(from: source(counts, container: container))
    return layout
}

private func cell(_ layout: CompositionalLayout, _ item: Int, _ section: Int = 0) -> Rect {
    layout.attributesForItem(at: IndexPath(item: item, section: section))!.frame
}

/// Frames equal within rounding error (fractions of 390 are not exact in binary).
private func close(_ a: Rect, _ b: Rect) -> Bool {
    func near(_ x: Double, _ y: Double) -> Bool { Swift.abs(x - y) <= 1e-9 * Swift.max(1, Swift.abs(x), Swift.abs(y)) }
    return near(a.minX, b.minX) && near(a.minY, b.minY) && near(a.width, b.width) && near(a.height, b.height)
}

private func expectFrame(_ actual: Rect, _ expected: Rect, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(close(actual, expected), "\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
}

@Suite struct ModernCollectionViewsSampleTests {
    // MARK: Grid, Inset Items Grid, Two-Column

    /// GridViewController: five square cells a row, 94 items.
    @Test func grid() {
        let itemSize = CompositionalSize(widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1.0))
        let item = CompositionalItem(layoutSize: itemSize)
        let groupSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2))
        let group = CompositionalGroup.horizontal(layoutSize: groupSize, subitems: [item])
        let section = CompositionalSection(group: group)
        let layout = prepared(CompositionalLayout(section: section), [94])
        let side = 390 * 0.2
        for index in 0..<94 {
            expectFrame(cell(layout, index), Rect(x: side * Double(index % 5), y: side * Double(index / 5), width: side, height: side), "item \(index)")
        }
        // 19 rows (the last holds 4): 1,482 pt, five items a row as Apple's Grid screen shows.
        #expect(Swift.abs(layout.contentSize.height - 19 * side) < 1e-9)
        #expect(Swift.abs(layout.contentSize.height - 1482) < 1e-9)
    }

    /// InsetItemsGridViewController: the grid with 2-pt content insets on every item.
    @Test func insetItemsGrid() {
        let itemSize = CompositionalSize(widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1.0))
        var item = CompositionalItem(layoutSize: itemSize)
        item.contentInsets = EdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let groupSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2))
        let group = CompositionalGroup.horizontal(layoutSize: groupSize, subitems: [item])
        let layout = prepared(CompositionalLayout(section: CompositionalSection(group: group)), [94])
        let side = 78.0
        for index in [0, 1, 4, 5, 47, 93] {
            let area = Rect(x: side * Double(index % 5), y: side * Double(index / 5), width: side, height: side)
            expectFrame(cell(layout, index), Rect(x: area.minX + 2, y: area.minY + 2, width: side - 4, height: side - 4), "item \(index)")
        }
    }

    /// TwoColumnViewController: `subitem:count: 2`, 10-pt gutters and sides.
    @Test func twoColumn() {
        let itemSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        let item = CompositionalItem(layoutSize: itemSize)
        let groupSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        var group = CompositionalGroup.horizontal(layoutSize: groupSize, subitem: item, count: 2)
        let spacing = 10.0
        group.interItemSpacing = .fixed(spacing)
        var section = CompositionalSection(group: group)
        section.interGroupSpacing = spacing
        section.contentInsets = EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        let layout = prepared(CompositionalLayout(section: section), [94])
        // Content 370 wide: (370 − 10) / 2 = 180 a column, the second at 10 + 180 + 10.
        for index in 0..<94 {
            let row = Double(index / 2)
            expectFrame(cell(layout, index), Rect(x: index % 2 == 0 ? 10 : 200, y: row * 54, width: 180, height: 44), "item \(index)")
        }
        #expect(layout.contentSize.height == 47 * 44 + 46 * 10)
    }

    // MARK: Distinct and Adaptive Sections

    enum SectionLayoutKind: Int, CaseIterable {
        case list, grid5, grid3

        var columnCount: Int {
            switch self {
            case .grid3: 3
            case .grid5: 5
            case .list: 1
            }
        }

        func columnCount(for width: Double) -> Int {
            let wideMode = width > 800
            switch self {
            case .grid3: return wideMode ? 6 : 3
            case .grid5: return wideMode ? 10 : 5
            case .list: return wideMode ? 2 : 1
            }
        }
    }

    /// The section of DistinctSectionsViewController and AdaptiveSectionsViewController.
    static func distinctSection(_ kind: SectionLayoutKind, columns: Int) -> CompositionalSection {
        let itemSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        var item = CompositionalItem(layoutSize: itemSize)
        item.contentInsets = EdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let groupHeight: CompositionalDimension = kind == .list ? .absolute(44) : .fractionalWidth(0.2)
        let groupSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: groupHeight)
        let group = CompositionalGroup.horizontal(layoutSize: groupSize, subitem: item, count: columns)
        var section = CompositionalSection(group: group)
        section.contentInsets = EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
        return section
    }

    /// Expected frames of a distinct-sections section holding `count` items, starting at `top`.
    static func expectedDistinct(columns: Int, rowHeight: Double, count: Int, top: Double, width: Double) -> (frames: [Rect], height: Double) {
        let content = width - 40
        let column = content / Double(columns)
        let frames = (0..<count).map { index in
            Rect(x: 20 + column * Double(index % columns) + 2, y: top + 20 + rowHeight * Double(index / columns) + 2, width: column - 4, height: rowHeight - 4)
        }
        let rows = (count + columns - 1) / columns
        return (frames, 20 + Double(rows) * rowHeight + 20)
    }

    @Test func distinctSections() {
        // The sample's section provider as written: UIKit's provider returns an optional.
        let layout = CompositionalLayout { (sectionIndex: Int, _: CompositionalEnvironment) -> CompositionalSection? in
            guard let sectionLayoutKind = SectionLayoutKind(rawValue: sectionIndex) else { return nil }
            return Self.distinctSection(sectionLayoutKind, columns: sectionLayoutKind.columnCount)
        }
        _ = prepared(layout, [10, 10, 10])
        var top = 0.0
        for kind in SectionLayoutKind.allCases {
            // A list row is 44; a grid row is a fifth of the section's content width (350).
            let rowHeight = kind == .list ? 44 : 350 * 0.2
            let (frames, height) = Self.expectedDistinct(columns: kind.columnCount, rowHeight: rowHeight, count: 10, top: top, width: 390)
            for (index, frame) in frames.enumerated() { expectFrame(cell(layout, index, kind.rawValue), frame, "\(kind) item \(index)") }
            top += height
        }
        #expect(Swift.abs(layout.contentSize.height - top) < 1e-9)
    }

    /// A section the optional provider has no description for (a fourth section the
    /// sample's enum does not name) is a programming error that stops the layout, as an
    /// invalid section is; not a section silently left out.
    @Test func aSectionProviderReturningNilIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            let layout = CompositionalLayout { sectionIndex, _ in
                guard let kind = SectionLayoutKind(rawValue: sectionIndex) else { return nil }
                return Self.distinctSection(kind, columns: kind.columnCount)
            }
            _ = prepared(layout, [10, 10, 10, 10])
        }
    }

    @Test(arguments: [390.0, 1024.0]) func adaptiveSections(width: Double) {
        let layout = CompositionalLayout { sectionIndex, layoutEnvironment in
            guard let layoutKind = SectionLayoutKind(rawValue: sectionIndex) else { return nil }
            let columns = layoutKind.columnCount(for: layoutEnvironment.containerSize.width)
            return Self.distinctSection(layoutKind, columns: columns)
        }
        _ = prepared(layout, [10, 10, 10], container: Size(width: width, height: 768))
        var top = 0.0
        for kind in SectionLayoutKind.allCases {
            let columns = width > 800 ? [2, 10, 6][kind.rawValue] : [1, 5, 3][kind.rawValue]
            let rowHeight = kind == .list ? 44 : (width - 40) * 0.2
            let (frames, height) = Self.expectedDistinct(columns: columns, rowHeight: rowHeight, count: 10, top: top, width: width)
            for (index, frame) in frames.enumerated() { expectFrame(cell(layout, index, kind.rawValue), frame, "\(kind) item \(index) at \(width)") }
            top += height
        }
    }

    // MARK: Headers and footers, pinned headers, background decoration

    static let sectionHeaderElementKind = ElementKind.supplementary("section-header-element-kind")
    static let sectionFooterElementKind = ElementKind.supplementary("section-footer-element-kind")

    /// The group of the sample's list-like screens: full-width rows 44 tall.
    static let rowsOf44: CompositionalGroup = {
        let itemSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        let item = CompositionalItem(layoutSize: itemSize)
        let groupSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        return CompositionalGroup.horizontal(layoutSize: groupSize, subitems: [item])
    }()

    /// SectionHeadersFootersViewController (pinned: PinnedSectionHeaderFooterViewController).
    static func headersFootersSection(pinned: Bool) -> CompositionalSection {
        var section = CompositionalSection(group: rowsOf44)
        section.interGroupSpacing = 5
        section.contentInsets = EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        let headerFooterSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
        var sectionHeader = CompositionalBoundaryItem(layoutSize: headerFooterSize, elementKind: sectionHeaderElementKind, alignment: .top)
        var sectionFooter = CompositionalBoundaryItem(layoutSize: headerFooterSize, elementKind: sectionFooterElementKind, alignment: .bottom)
        if pinned {
            sectionHeader.pinToVisibleBounds = true
            sectionHeader.zIndex = 2
            sectionFooter.pinToVisibleBounds = true
            sectionFooter.zIndex = 2
        }
        section.boundarySupplementaryItems = [sectionHeader, sectionFooter]
        return section
    }

    @Test func sectionHeadersFooters() {
        let layout = prepared(CompositionalLayout(section: Self.headersFootersSection(pinned: false)), [5, 5, 5, 5, 5])
        // Each section: header 44, five rows of 44 five apart, footer 44 = 328; headers and
        // footers follow the content insets (370 wide from x 10), unmeasured at their estimate.
        for section in 0..<5 {
            let top = 328 * Double(section)
            let header = layout.attributesForSupplementaryElement(ofKind: Self.sectionHeaderElementKind, at: IndexPath(item: 0, section: section))!
            let footer = layout.attributesForSupplementaryElement(ofKind: Self.sectionFooterElementKind, at: IndexPath(item: 0, section: section))!
            expectFrame(header.frame, Rect(x: 10, y: top, width: 370, height: 44), "header \(section)")
            expectFrame(footer.frame, Rect(x: 10, y: top + 284, width: 370, height: 44), "footer \(section)")
            for index in 0..<5 {
                expectFrame(cell(layout, index, section), Rect(x: 10, y: top + 44 + 49 * Double(index), width: 370, height: 44), "item \(index) of \(section)")
            }
        }
        #expect(layout.contentSize.height == 5 * 328)
    }

    @Test func pinnedSectionHeaders() {
        let layout = prepared(CompositionalLayout(section: Self.headersFootersSection(pinned: true)), [5, 5, 5, 5, 5])
        // Scrolled 400 pt: section 1 spans 328..<656; its header sticks to the top (y 400),
        // its footer to the bottom of an 844-pt screen only while the section reaches it.
        let visible = Rect(x: 0, y: 400, width: 390, height: 844)
        let elements = layout.elements(in: visible, visibleBounds: visible)
        let header = elements.first { $0.kind == Self.sectionHeaderElementKind && $0.indexPath.section == 1 }!
        expectFrame(header.frame, Rect(x: 10, y: 400, width: 370, height: 44), "pinned header")
        #expect(header.isPinned && header.zIndex >= 2)
        // Section 0's header is pushed up by its section's end (footer at 284 from the top):
        // a pinned header stays above its section's footer, out of this view.
        #expect(!elements.contains { $0.kind == Self.sectionHeaderElementKind && $0.indexPath.section == 0 })
        // The footer of section 1 rests at 612 and the screen's bottom is 1244: it stays at rest.
        let footer = elements.first { $0.kind == Self.sectionFooterElementKind && $0.indexPath.section == 1 }!
        expectFrame(footer.frame, Rect(x: 10, y: 328 + 284, width: 370, height: 44), "footer at rest")
    }

    /// SectionDecorationViewController: a background inset by 5 behind each section.
    @Test func backgroundDecoration() {
        let backgroundKind = ElementKind.decoration("section-background-element-kind")
        var section = CompositionalSection(group: Self.rowsOf44)
        section.interGroupSpacing = 5
        section.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        var sectionBackgroundDecoration = CompositionalDecorationItem.background(elementKind: backgroundKind)
        sectionBackgroundDecoration.contentInsets = EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [sectionBackgroundDecoration]
        var configuration = CompositionalConfiguration()
        configuration.interSectionSpacing = 20
        let layout = prepared(CompositionalLayout(section: section, configuration: configuration), [5, 5, 5])
        // A section: 10 + 5·44 + 4·5 + 10 = 260 tall, sections 20 apart.
        for index in 0..<3 {
            let top = 280 * Double(index)
            let background = layout.attributesForDecoration(ofKind: backgroundKind, at: IndexPath(item: 0, section: index))!
            expectFrame(background.frame, Rect(x: 5, y: top + 5, width: 380, height: 250), "background \(index)")
            #expect(background.zIndex < 0)
            expectFrame(cell(layout, 4, index), Rect(x: 10, y: top + 10 + 4 * 49, width: 370, height: 44), "last item of \(index)")
        }
        #expect(layout.contentSize.height == 3 * 260 + 2 * 20)
    }

    // MARK: Nested groups, orthogonal sections and behaviours

    /// The nested group of NestedGroupsViewController (and, 0.85 wide, OrthogonalScrollingViewController).
    static func nestedGroup(width fraction: Double) -> CompositionalGroup {
        var leadingItem = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.7), heightDimension: .fractionalHeight(1.0)))
        leadingItem.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        var trailingItem = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.3)))
        trailingItem.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let trailingGroup = CompositionalGroup.vertical(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1.0)), subitem: trailingItem, count: 2)
        return CompositionalGroup.horizontal(
            layoutSize: CompositionalSize(widthDimension: .fractionalWidth(fraction), heightDimension: .fractionalHeight(0.4)),
            subitems: [.item(leadingItem), .group(trailingGroup)])
    }

    /// The three cells of one nested group whose allotted box is `box`.
    static func expectedNested(_ box: Rect) -> [Rect] {
        let leadingWidth = box.width * 0.7, trailingWidth = box.width * 0.3
        let half = box.height / 2  // `subitem:count: 2` share the trailing group's height
        return [
            Rect(x: box.minX + 10, y: box.minY + 10, width: leadingWidth - 20, height: box.height - 20),
            Rect(x: box.minX + leadingWidth + 10, y: box.minY + 10, width: trailingWidth - 20, height: half - 20),
            Rect(x: box.minX + leadingWidth + 10, y: box.minY + half + 10, width: trailingWidth - 20, height: half - 20),
        ]
    }

    @Test func nestedGroups() {
        let layout = prepared(CompositionalLayout(section: CompositionalSection(group: Self.nestedGroup(width: 1.0))), [100])
        let groupHeight = 844 * 0.4
        for group in [0, 1, 32, 33] {
            let expected = Self.expectedNested(Rect(x: 0, y: groupHeight * Double(group), width: 390, height: groupHeight))
            for (offset, frame) in expected.enumerated() where group * 3 + offset < 100 {
                expectFrame(cell(layout, group * 3 + offset), frame, "item \(group * 3 + offset)")
            }
        }
        #expect(Swift.abs(layout.contentSize.height - 34 * groupHeight) < 1e-6)
    }

    @Test func orthogonalSections() {
        var section = CompositionalSection(group: Self.nestedGroup(width: 0.85))
        section.orthogonalScrollingBehavior = .continuous
        let layout = prepared(CompositionalLayout(section: section), [30, 30])
        let groupWidth = 390 * 0.85, groupHeight = 844 * 0.4
        for sectionIndex in 0..<2 {
            for group in 0..<10 {
                let box = Rect(x: groupWidth * Double(group), y: groupHeight * Double(sectionIndex), width: groupWidth, height: groupHeight)
                for (offset, frame) in Self.expectedNested(box).enumerated() {
                    expectFrame(cell(layout, group * 3 + offset, sectionIndex), frame, "item \(group * 3 + offset) of \(sectionIndex)")
                }
            }
        }
        // Scrolling one section sideways moves its cells only.
        layout.setOrthogonalScrollOffset(100, forSection: 0)
        expectFrame(cell(layout, 0), Self.expectedNested(Rect(x: -100, y: 0, width: groupWidth, height: groupHeight))[0], "scrolled")
        expectFrame(cell(layout, 0, 1), Self.expectedNested(Rect(x: 0, y: groupHeight, width: groupWidth, height: groupHeight))[0], "not scrolled")
        #expect(Swift.abs(layout.maximumOrthogonalScrollOffset(forSection: 0) - (10 * groupWidth - 390)) < 1e-9)
    }

    /// OrthogonalScrollBehaviorViewController: one section per behaviour, each with a title.
    @Test func orthogonalScrollBehaviors() {
        let behaviors: [OrthogonalScrollingBehavior] = [.none, .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered]
        let titleElementKind = ElementKind.supplementary("title-element-kind")
        var configuration = CompositionalConfiguration()
        configuration.interSectionSpacing = 20
        let layout = CompositionalLayout(configuration: configuration) { sectionIndex, _ in
            let behavior = behaviors[sectionIndex]
            let orthogonallyScrolls = behavior != .none
            var section = CompositionalSection(group: Self.nestedGroup(width: orthogonallyScrolls ? 0.85 : 1.0))
            section.orthogonalScrollingBehavior = behavior
            let sectionHeader = CompositionalBoundaryItem(
                layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44)),
                elementKind: titleElementKind, alignment: .top)
            section.boundarySupplementaryItems = [sectionHeader]
            return section
        }
        _ = prepared(layout, Array(repeating: 18, count: 6))
        // The first section lays its six groups out downwards, the others side by side.
        let groupHeight = 844 * 0.4
        for (index, behavior) in behaviors.enumerated() {
            let top = index == 0 ? 0 : (44 + 6 * groupHeight + 20) + (44 + groupHeight + 20) * Double(index - 1)
            let title = layout.attributesForSupplementaryElement(ofKind: titleElementKind, at: IndexPath(item: 0, section: index))!
            expectFrame(title.frame, Rect(x: 0, y: top, width: 390, height: 44), "title of \(behavior)")
            let width = behavior == .none ? 390 : 390 * 0.85
            // groupPagingCentered starts with its first group centred.
            let start = behavior == .groupPagingCentered ? (390 - width) / 2 : 0
            let second = behavior == .none
                ? Rect(x: 0, y: top + 44 + groupHeight, width: width, height: groupHeight)
                : Rect(x: start + width, y: top + 44, width: width, height: groupHeight)
            expectFrame(cell(layout, 3, index), Self.expectedNested(second)[0], "second group of \(behavior)")
        }
        let width = 390 * 0.85
        // Group paging: a fling forwards from rest moves exactly one group.
        #expect(Swift.abs(layout.targetOrthogonalScrollOffset(forProposedOffset: 900, currentOffset: 0, inSection: 4) - width) < 1e-9)
        // Centred group paging: the second group's centre at the screen's centre.
        let centredSecond = (390 - width) / 2 + width + width / 2 - 195
        #expect(Swift.abs(layout.targetOrthogonalScrollOffset(forProposedOffset: 50, currentOffset: 0, inSection: 5) - centredSecond) < 1e-9)
        // Paging: one screen width.
        #expect(layout.targetOrthogonalScrollOffset(forProposedOffset: 30, currentOffset: 0, inSection: 3) == 390)
    }

    // MARK: Badges

    static let badgeElementKind = ElementKind.supplementary("badge-element-kind")

    /// BadgesViewController: a 20-pt badge over each cell's top-trailing corner.
    @Test func badges() {
        let badgeAnchor = CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3))
        let badgeSize = CompositionalSize(widthDimension: .absolute(20), heightDimension: .absolute(20))
        let badge = CompositionalSupplementaryItem(layoutSize: badgeSize, elementKind: Self.badgeElementKind, containerAnchor: badgeAnchor)
        let itemSize = CompositionalSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1.0))
        var item = CompositionalItem(layoutSize: itemSize, supplementaryItems: [badge])
        item.contentInsets = EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let groupSize = CompositionalSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2))
        let group = CompositionalGroup.horizontal(layoutSize: groupSize, subitems: [item])
        var section = CompositionalSection(group: group)
        section.contentInsets = EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
        let layout = prepared(CompositionalLayout(section: section), [10])
        // Content 350 wide: four cells of 87.5 a row, rows 70 tall (a fifth of 350); each
        // cell inset by 5. The badge's top-trailing corner sits on the cell's, then moves
        // 0.3 × 20 = 6 right and 6 up.
        for index in 0..<10 {
            let cellFrame = Rect(x: 20 + 87.5 * Double(index % 4) + 5, y: 20 + 70 * Double(index / 4) + 5, width: 77.5, height: 60)
            expectFrame(cell(layout, index), cellFrame, "item \(index)")
            let expectedBadge = Rect(x: cellFrame.maxX - 20 + 6, y: cellFrame.minY - 6, width: 20, height: 20)
            let attributes = layout.attributesForSupplementaryElement(ofKind: Self.badgeElementKind, at: IndexPath(item: index, section: 0))!
            expectFrame(attributes.frame, expectedBadge, "badge \(index)")
            #expect(attributes.indexPath == IndexPath(item: index, section: 0) && attributes.kind == Self.badgeElementKind)
        }
        // Queried by rect: a rect holding only the part of badge 0 that sticks out above
        // its cell (y 19..<25) finds the badge and no cell; the badge follows its cell.
        let strip = Rect(x: 0, y: 19, width: 390, height: 5.5)
        let found = layout.elements(in: strip, visibleBounds: Rect(origin: .zero, size: screen))
        #expect(found.filter { $0.kind == Self.badgeElementKind }.map(\.indexPath.item) == [0, 1, 2, 3])
        #expect(!found.contains { $0.kind == .cell })
        let all = layout.elements(in: Rect(origin: .zero, size: screen), visibleBounds: Rect(origin: .zero, size: screen))
        #expect(all.filter { $0.kind == Self.badgeElementKind }.count == 10)
        #expect(all.firstIndex { $0.kind == Self.badgeElementKind && $0.indexPath.item == 3 } == all.firstIndex { $0.kind == .cell && $0.indexPath.item == 3 }.map { $0 + 1 })
        // No badge past the items, nor of another kind.
        #expect(layout.attributesForSupplementaryElement(ofKind: Self.badgeElementKind, at: IndexPath(item: 10, section: 0)) == nil)
        #expect(layout.attributesForSupplementaryElement(ofKind: .supplementary("other"), at: IndexPath(item: 1, section: 0)) == nil)
    }

    /// NSCollectionLayoutAnchor's documentation: a 20-pt badge on a 44-pt item, anchored
    /// [.top, .trailing] with a fractional offset (0.3, −0.3).
    @Test func anchorOfTheDocumentation() {
        let badgeAnchor = CompositionalAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3))
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(20), heightDimension: .absolute(20)), elementKind: Self.badgeElementKind,
            containerAnchor: badgeAnchor)
        let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(44), heightDimension: .absolute(44)), supplementaryItems: [badge])
        let group = CompositionalGroup.horizontal(layoutSize: CompositionalSize(widthDimension: .absolute(44), heightDimension: .absolute(44)), subitems: [item])
        let layout = prepared(CompositionalLayout(section: CompositionalSection(group: group)), [1])
        // Within the top-trailing corner: x 44 − 20 = 24, y 0; then 6 right and 6 up.
        expectFrame(layout.attributesForSupplementaryElement(ofKind: Self.badgeElementKind, at: IndexPath(item: 0, section: 0))!.frame,
                    Rect(x: 30, y: -6, width: 20, height: 20), "badge")
        // Right to left, trailing is the left: the badge mirrors.
        let rtl = CompositionalLayout(section: CompositionalSection(group: group))
        rtl.prepare(from: StaticLayoutSource(containerSize: screen, layoutDirection: .rightToLeft, sections: [.init(items: .fixed(count: 1, size: ItemSize(width: 1, height: 1)))]))
        expectFrame(rtl.attributesForSupplementaryElement(ofKind: Self.badgeElementKind, at: IndexPath(item: 0, section: 0))!.frame,
                    Rect(x: 390 - 50, y: -6, width: 20, height: 20), "mirrored badge")
    }

    /// Absolute offsets, a single edge (the middle of that edge) and an item anchor (the
    /// badge's bottom-leading corner on the cell's top-trailing corner: outside it).
    @Test func anchorsOfEveryShape() {
        let size = CompositionalSize(widthDimension: .absolute(10), heightDimension: .fractionalHeight(0.5))
        let kinds = (0..<4).map { ElementKind.supplementary("s\($0)") }
        var framed = CompositionalSupplementaryItem(
            layoutSize: size, elementKind: kinds[3], containerAnchor: CompositionalAnchor(edges: [.top, .trailing]),
            itemAnchor: CompositionalAnchor(edges: [.bottom, .leading]))
        framed.zIndex = 30
        let supplementaries = [
            CompositionalSupplementaryItem(layoutSize: size, elementKind: kinds[0], containerAnchor: CompositionalAnchor(edges: [.bottom, .leading], absoluteOffset: Point(x: 3, y: 4))),
            CompositionalSupplementaryItem(layoutSize: size, elementKind: kinds[1], containerAnchor: CompositionalAnchor(edges: .bottom)),
            CompositionalSupplementaryItem(layoutSize: size, elementKind: kinds[2], containerAnchor: CompositionalAnchor(edges: [])),
            framed,
        ]
        let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(100), heightDimension: .absolute(40)), supplementaryItems: supplementaries)
        let group = CompositionalGroup.horizontal(layoutSize: CompositionalSize(widthDimension: .absolute(100), heightDimension: .absolute(40)), subitems: [item])
        let layout = prepared(CompositionalLayout(section: CompositionalSection(group: group)), [2])
        // The second cell is at (0, 40, 100, 40); badges are 10 × 20 (half the cell's height).
        let expected = [
            Rect(x: 3, y: 80 - 20 + 4, width: 10, height: 20),
            Rect(x: 45, y: 60, width: 10, height: 20),
            Rect(x: 45, y: 50, width: 10, height: 20),
            Rect(x: 100, y: 20, width: 10, height: 20),
        ]
        for (kind, frame) in zip(kinds, expected) {
            expectFrame(layout.attributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 1, section: 0))!.frame, frame, kind.name)
        }
        #expect(layout.attributesForSupplementaryElement(ofKind: kinds[3], at: IndexPath(item: 1, section: 0))!.zIndex == 30)
    }

    @Test func badgesAreValidated() {
        let badge = CompositionalSupplementaryItem(
            layoutSize: CompositionalSize(widthDimension: .absolute(20), heightDimension: .absolute(-1)), elementKind: Self.badgeElementKind,
            containerAnchor: CompositionalAnchor(edges: .top))
        let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .absolute(44), heightDimension: .absolute(44)), supplementaryItems: [badge])
        let section = CompositionalSection(group: .horizontal(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item]))
        #expect(throws: LayoutOptionsError.self) { try section.validate() }
        do {
            try section.validate()
        } catch {
            #expect(error.option == "group.subitems[0].supplementaryItems[0].layoutSize.heightDimension")
        }
        var twice = item
        twice.supplementaryItems = [badge, badge]
        twice.supplementaryItems[0].layoutSize.heightDimension = .absolute(20)
        twice.supplementaryItems[1].layoutSize.heightDimension = .absolute(20)
        let duplicated = CompositionalSection(group: .horizontal(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [twice]))
        do {
            try duplicated.validate()
            Issue.record("two badges of one kind on an item must not validate")
        } catch {
            #expect(error.option == "group.subitems[0].supplementaryItems[1].elementKind")
        }
    }
}
