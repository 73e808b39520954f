import Testing
import Trellis
import TrellisPango
import TrellisText
@_spi(Testing) @testable import TrellisKit

// The five scenarios of SCENARIOS.md, end to end: a real CollectionView, real layouts
// (FlowLayout, ListLayout), real Labels and constraints. Exact numbers come from
// `fixedMeasurer` (10 pt font: 6 pt a character, 12 pt a line; see TagCellTests), so
// every frame below is computed by hand or by a plain oracle in the test; one test per
// measurer-dependent scenario also runs with Pango and checks structural facts.

// MARK: Cells

/// S1's tag cell as a collection view cell: a label pinned 5 pt inside the content view,
/// optionally at least `minimumWidth` wide (priority 750) and at most `maximumWidth`
/// (required, tail truncation). Drawn as a white pill with a red outline.
final class TagCollectionCell: CollectionViewCell {
    let label: Label

    init(minimumWidth: Double? = nil, maximumWidth: Double? = nil, measurer: any TextMeasurer = fixedMeasurer) {
        label = Label(
            text: "", style: TextStyle(font: Font(size: 10), lineBreakMode: maximumWidth == nil ? .wordWrap : .truncateTail),
            textMeasurer: measurer)
        super.init()
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        pin(label, to: contentView, inset: 5)
        if let minimumWidth {
            label.widthAnchor.constraint(greaterThanOrEqualToConstant: minimumWidth).withPriority(750).isActive = true
        }
        if let maximumWidth {
            label.widthAnchor.constraint(lessThanOrEqualToConstant: maximumWidth).isActive = true
        }
        backgroundColor = .white
        borderColor = .red
        borderWidth = 1
        cornerStyle = .pill
    }

    required convenience init() { self.init(minimumWidth: nil) }

    func configure(_ title: String) { label.text = title }
}

/// A cell whose label wraps (unlimited lines), pinned `inset` inside the content view.
final class WrappingCell: CollectionViewCell {
    let label: Label
    private(set) var configuredAsPrototype: Bool?
    /// Stands for drawing-only work a prototype skips (S3).
    private(set) var preparedDecorations = false

    init(inset: Double = 5, measurer: any TextMeasurer = fixedMeasurer) {
        label = Label(text: "", style: TextStyle(font: Font(size: 10)), textMeasurer: measurer)
        label.numberOfLines = 0
        super.init()
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        pin(label, to: contentView, inset: inset)
    }

    required convenience init() { self.init() }

    func configure(model: String, prototype: Bool) {
        label.text = model
        configuredAsPrototype = prototype
        if !prototype { preparedDecorations = true }
    }
}

/// The text height of `text` at `width` with the fixed measurer, 10 pt, unlimited lines.
private func wrappedHeight(_ text: String, width: Double) -> Double {
    fixedMeasurer.measure(text, style: TextStyle(font: Font(size: 10)), maxWidth: width, maxLines: 0).height
}

// MARK: Data sources

/// Titles in one section, identities = index and title, cells configured by `configure`.
final class TitleSource: CollectionViewDataSource, CollectionViewDelegate {
    var titles: [String]
    var identifier = "cell"
    /// S1's separate sizing cell and how often it was asked for a size.
    var sizingCell: TagCollectionCell?
    private(set) var sizingRequests = 0

    init(titles: [String]) { self.titles = titles }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }

    /// The position and the content: a size cached for it stays true across reloads.
    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        "\(indexPath.item) \(titles[indexPath.item])"
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        switch cell {
        case let tag as TagCollectionCell: tag.configure(titles[indexPath.item])
        case let wrapping as WrappingCell: wrapping.configure(model: titles[indexPath.item], prototype: false)
        default: break
        }
        return cell
    }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        guard let sizingCell else { return collectionView.defaultItemSize }
        // S1: configure the sizing cell exactly like a dequeued one and ask for its
        // compressed fitting size; cached by item identity.
        return collectionView.cachedSize(forItemAt: indexPath, proposal: .unconstrained) {
            sizingRequests += 1
            sizingCell.configure(titles[indexPath.item])
            return sizingCell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        }
    }
}

// MARK: Oracles

/// The lines a greedy flow makes of `widths` in `available` with `spacing`: the item
/// indexes of each line.
private func greedyLines(_ widths: [Double], available: Double, spacing: Double) -> [[Int]] {
    var lines: [[Int]] = []
    var used = 0.0
    for (index, width) in widths.enumerated() {
        if let last = lines.last, !last.isEmpty, used + spacing + width <= available {
            lines[lines.count - 1].append(index)
            used += spacing + width
        } else {
            lines.append([index])
            used = width
        }
    }
    return lines
}

/// The displayed frames of `collection` by item, checked to be the layout's own.
private func displayedFrames(_ collection: CollectionView) -> [Int: Rect] {
    var frames: [Int: Rect] = [:]
    for indexPath in collection.indexPathsForVisibleItems {
        let frame = collection.cellForItem(at: indexPath)!.frame
        #expect(frame == collection.layoutAttributesForItem(at: indexPath)?.frame, "stale attributes at \(indexPath)")
        frames[indexPath.item] = frame
    }
    return frames
}

@Suite("Scenarios")
struct ScenarioTests {
    // MARK: S1

    @Test("S1 Tag cloud with a sizing cell")
    func s1TagCloudWithASizingCell() throws {
        let source = TitleSource(titles: (0..<100).map(tagTitle))
        source.identifier = "tag"
        source.sizingCell = TagCollectionCell()
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 2000), layout: FlowLayout())
        collection.register(TagCollectionCell.self, forCellWithReuseIdentifier: "tag")
        collection.dataSource = source
        collection.delegate = source
        try collection.performLayout()

        // "A" 6 pt, "longer" 36, "much longer" 66, plus 5 pt on each side; 12 + 10 tall.
        let widths = source.titles.map { $0 == "A" ? 16.0 : $0 == "longer" ? 46 : 76 }
        #expect(source.sizingRequests == 100)
        let frames = displayedFrames(collection)
        #expect(frames.count == 100)
        for (item, frame) in frames { #expect(frame.size == Size(width: widths[item], height: 22)) }

        // UIKit's flow: greedy lines at 10 pt minimum spacing, 10 pt between lines, full
        // lines spread to both edges with equal gaps.
        let lines = greedyLines(widths, available: 375, spacing: 10)
        #expect(lines.first == Array(0...6))
        for (number, line) in lines.enumerated() {
            let lineFrames = line.map { frames[$0]! }
            #expect(lineFrames.allSatisfy { $0.minY == Double(number) * 32 })
            let gaps = zip(lineFrames, lineFrames.dropFirst()).map { $1.minX - $0.maxX }
            #expect(gaps.allSatisfy { $0 >= 10 - 1e-9 })
            if number < lines.count - 1 && line.count > 1 {
                #expect(abs(lineFrames.first!.minX) <= 0.5 && abs(lineFrames.last!.maxX - 375) <= 0.5)
                #expect(gaps.allSatisfy { abs($0 - gaps[0]) <= 0.5 })
            }
        }
        #expect(collection.contentSize == Size(width: 375, height: Double(lines.count) * 32 - 10))

        // The drawing: a white pill, red outline; corner radius half the height.
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? TagCollectionCell)
        #expect(cell.backgroundColor == .white && cell.borderColor == .red)
        #expect(cell.cornerStyle.radius(for: cell.bounds.size) == 11)
        // The label sits 5 pt inside once the cell is laid out.
        collection.layoutIfNeeded()
        #expect(cell.label.frame == Rect(x: 5, y: 5, width: 66, height: 12))

        // Sizes are cached by identity: reloading asks the sizing cell nothing new.
        collection.reloadData()
        try collection.performLayout()
        #expect(source.sizingRequests == 100)
    }

    @Test("S1 variant: minimum width 40 at 750, maximum width 300 with tail truncation")
    func s1MinimumAndMaximumWidth() throws {
        let long = String(repeating: "tag ", count: 15) + "end"  // 63 characters: 378 pt
        let source = TitleSource(titles: ["A", "longer", "much longer", long])
        source.identifier = "tag"
        source.sizingCell = TagCollectionCell(minimumWidth: 40, maximumWidth: 300)
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: FlowLayout(metrics: FlowMetrics(alignment: .leading)))
        collection.register(forCellWithReuseIdentifier: "tag") { TagCollectionCell(minimumWidth: 40, maximumWidth: 300) }
        collection.dataSource = source
        collection.delegate = source
        try collection.performLayout()
        let frames = displayedFrames(collection)
        #expect((0..<4).map { frames[$0]!.size } == [
            Size(width: 50, height: 22), Size(width: 50, height: 22), Size(width: 76, height: 22), Size(width: 310, height: 22),
        ])
        collection.layoutIfNeeded()
        let truncated = try #require(collection.cellForItem(at: IndexPath(item: 3, section: 0)) as? TagCollectionCell)
        #expect(truncated.label.frame.width == 300)
        #expect(truncated.label.textLayout.isTruncated)
        let short = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? TagCollectionCell)
        #expect(!short.label.textLayout.isTruncated)
    }

    // MARK: S2

    private func s2Collection(_ titles: [String], measurer: any TextMeasurer) -> (TitleSource, CollectionView) {
        let source = TitleSource(titles: titles)
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, sectionInset: EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 200, height: 600), layout: layout)
        collection.register(forCellWithReuseIdentifier: "cell") { WrappingCell(measurer: measurer) }
        collection.estimatedItemSize = .automatic
        collection.dataSource = source
        return (source, collection)
    }

    @Test("S2 Automatic self-sizing with a maximum width")
    func s2AutomaticSelfSizingWithAMaximumWidth() throws {
        let long = "A much longer title that cannot stay on one line and wraps"
        let (source, collection) = s2Collection(["Short", long, "Mid-size title"], measurer: fixedMeasurer)
        try collection.performLayout()
        let frames = displayedFrames(collection)
        // Width limit: 200 − 2 × 10 of section inset = 180; the label gets 170.
        #expect(frames[0] == Rect(x: 10, y: 10, width: 40, height: 22))
        let longHeight = wrappedHeight(long, width: 170)
        #expect(longHeight >= 36)  // three lines or more
        #expect(frames[1] == Rect(x: 10, y: 42, width: 180, height: longHeight + 10))
        #expect(frames[2]?.size == Size(width: 94, height: 22))
        #expect(frames.values.allSatisfy { $0.width <= 180 && $0.maxX <= 190 })
        collection.layoutIfNeeded()
        let wrapped = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)) as? WrappingCell)
        #expect(wrapped.label.frame == Rect(x: 5, y: 5, width: 170, height: longHeight))
        #expect(source.titles.count == 3)
    }

    @Test("S2 with Pango: short titles one line, long titles wrap, none wider than the collection")
    func s2WithPango() throws {
        let titles = ["Short", "Tiny", String(repeating: "A rather long title ", count: 6)]
        let (source, collection) = s2Collection(titles, measurer: PangoTextMeasurer.shared)
        try collection.performLayout()
        let frames = displayedFrames(collection)
        #expect(frames.count == 3 && collection.dataSource === source)
        let short = try #require(frames[0]), tiny = try #require(frames[1]), long = try #require(frames[2])
        #expect(tiny.height == short.height)
        #expect(long.width == 180 && long.height > 2 * (short.height - 10))
        #expect(frames.values.allSatisfy { $0.width <= 180 })
    }
}

// MARK: S3

/// S3's content-aware data source: hands the collection a configured cell of the
/// right reuse identifier, telling it whether it is a prototype; sizes come from the
/// collection's prototype per reuse identifier at a third of the width.
final class CardSource: CollectionViewPrototypeDataSource, CollectionViewDelegate {
    struct Card {
        var id: Int
        var text: String
    }

    var cards: [Card]
    init(cards: [Card]) { self.cards = cards }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { cards.count }

    func collectionView(_ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath) -> String {
        indexPath.item.isMultiple(of: 2) ? "card" : "note"
    }

    func collectionView(
        _ collectionView: CollectionView, configure cell: CollectionViewCell, forItemAt indexPath: IndexPath, isPrototype: Bool
    ) {
        (cell as! WrappingCell).configure(model: cards[indexPath.item].text, prototype: isPrototype)
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable {
        cards[indexPath.item].id
    }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        let third = FittingProposal(width: .exactly(collectionView.bounds.width / 3), height: .unconstrained)
        return (try? collectionView.prototypeSize(forItemAt: indexPath, proposal: third)) ?? collectionView.defaultItemSize
    }
}

extension ScenarioTests {
    @Test("S3 Prototype cache per reuse identifier")
    func s3PrototypeCachePerReuseIdentifier() throws {
        let texts = ["One", "Two words", "A card with a longer text", "Note", "Another fairly long card text here", "Six"]
        let source = CardSource(cards: texts.enumerated().map { CardSource.Card(id: $0, text: $1) })
        let layout = FlowLayout(metrics: FlowMetrics(alignment: .leading, lineAlignment: .top, interitemSpacing: 0, lineSpacing: 0))
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 800), layout: layout)
        collection.register(forCellWithReuseIdentifier: "card") { WrappingCell(inset: 5) }
        collection.register(forCellWithReuseIdentifier: "note") { WrappingCell(inset: 10) }
        collection.dataSource = source
        collection.delegate = source
        try collection.performLayout()

        // A three-column grid: each cell a third of 300 wide, as tall as its text there.
        func expectedHeight(_ item: Int, width: Double) -> Double {
            let inset = item.isMultiple(of: 2) ? 5.0 : 10
            return wrappedHeight(texts[item], width: width - 2 * inset) + 2 * inset
        }
        let frames = displayedFrames(collection)
        var rowTop = 0.0
        for row in 0..<2 {
            for column in 0..<3 {
                let item = row * 3 + column
                #expect(frames[item] == Rect(x: Double(column) * 100, y: rowTop, width: 100, height: expectedHeight(item, width: 100)))
            }
            rowTop += (0..<3).map { expectedHeight(row * 3 + $0, width: 100) }.max()!
        }

        // One prototype per reuse identifier, never displayed, told it is a prototype.
        #expect(collection.reuse.prototypes.count == 2)
        for prototype in collection.reuse.prototypes.values {
            let cell = try #require(prototype as? WrappingCell)
            #expect(cell.isPrototype && cell.configuredAsPrototype == true && !cell.preparedDecorations)
            #expect(!collection.visibleCells.contains { $0 === cell })
        }
        #expect(collection.visibleCells.allSatisfy { ($0 as! WrappingCell).configuredAsPrototype == false })

        // Cached: scrolling and reloading measure nothing again.
        #expect(collection.sizeCache.measurementCount == 6)
        collection.reloadData()
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == 6)
        // Content change: only that card.
        source.cards[4].text = "Short now"
        try collection.reloadItems(at: [IndexPath(item: 4, section: 0)])
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == 7)
        #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame.size == Size(width: 100, height: 22))
        // Width change: every card again, at the new third.
        collection.frame.size.width = 450
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == 13)
        #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.size.width == 150)
    }
}

// MARK: S4

/// S4's article cell: a thumbnail whose height is `aspect` × its width (a multiplier
/// constraint) above a wrapping label, everything `inset` inside the content view. The
/// compact and regular templates differ in inset and aspect.
final class ArticleCell: CollectionViewCell {
    let thumbnail = View()
    let label: Label
    let inset: Double
    let aspect: Double

    init(inset: Double, aspect: Double) {
        self.inset = inset
        self.aspect = aspect
        label = Label(text: "", style: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)
        label.numberOfLines = 0
        super.init()
        for view in [thumbnail, label] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        LayoutConstraint.activate([
            thumbnail.topAnchor.constraint(equalTo: contentView.topAnchor, constant: inset),
            thumbnail.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: inset),
            thumbnail.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
            thumbnail.heightAnchor.constraint(equalTo: thumbnail.widthAnchor, multiplier: aspect),
            label.topAnchor.constraint(equalTo: thumbnail.bottomAnchor, constant: inset),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: inset),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -inset),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -inset),
        ])
    }

    required convenience init() { self.init(inset: 8, aspect: 0.5) }

    /// The height for `width` by hand: insets, the proportional thumbnail, the wrapped text.
    func expectedHeight(_ text: String, width: Double) -> Double {
        let inner = width - 2 * inset
        return 3 * inset + aspect * inner + wrappedHeight(text, width: inner)
    }
}

/// S4's note cell, sized directly: its one dynamic subview's text box plus fixed margins,
/// without the solver (no constraints at all; the label is placed in `layoutSubviews`).
final class NoteCell: CollectionViewCell {
    static let margins = EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16)
    let label = Label(text: "", style: TextStyle(font: Font(size: 10)), textMeasurer: fixedMeasurer)
    private(set) var directSizings = 0

    required init() {
        super.init()
        label.numberOfLines = 0
        contentView.addSubview(label)
    }

    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes, proposal: FittingProposal) -> LayoutAttributes {
        directSizings += 1
        let width = proposal.width.limit
        let text = label.measurement(maxWidth: width - Self.margins.horizontal)
        var preferred = attributes
        preferred.frame.size = Size(width: width, height: text.height.rounded(.up) + Self.margins.vertical)
        return preferred
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.inset(by: Self.margins)
    }
}

/// Articles and notes (every third item) in one section.
final class FeedSource: CollectionViewDataSource {
    var texts: [String]
    init(texts: [String]) { self.texts = texts }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let isNote = indexPath.item % 3 == 2
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: isNote ? "note" : "article", for: indexPath)
        if let article = cell as? ArticleCell { article.label.text = texts[indexPath.item] }
        if let note = cell as? NoteCell { note.label.text = texts[indexPath.item] }
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable { indexPath.item }
}

extension ScenarioTests {
    @Test("S4 Custom layout with self-sizing cells")
    func s4CustomLayoutWithSelfSizingCells() throws {
        let texts = (0..<9).map { String(repeating: "word\($0) ", count: 3 + 4 * ($0 % 4)) }
        let source = FeedSource(texts: texts)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 376, height: 3000), layout: ListLayout())
        collection.register(forCellWithReuseIdentifier: "article", sizeClass: .compact) { ArticleCell(inset: 8, aspect: 0.5) }
        collection.register(forCellWithReuseIdentifier: "article", sizeClass: .regular) { ArticleCell(inset: 20, aspect: 0.25) }
        collection.register(NoteCell.self, forCellWithReuseIdentifier: "note")
        collection.estimatedItemSize = .fixed(Size(width: 376, height: 100))
        collection.dataSource = source

        /// Every item's frame from the hand-computed heights, rows stacked.
        func expectedFrames(width: Double) -> [Rect] {
            var y = 0.0
            return (0..<texts.count).map { item in
                let height: Double
                if item % 3 == 2 {
                    height = wrappedHeight(texts[item], width: width - 32) + 24
                } else {
                    let template = width < 600 ? ArticleCell(inset: 8, aspect: 0.5) : ArticleCell(inset: 20, aspect: 0.25)
                    height = template.expectedHeight(texts[item], width: width)
                }
                defer { y += height }
                return Rect(x: 0, y: y, width: width, height: height)
            }
        }

        // First pass: measured sizes, never estimates, never stale attributes.
        try collection.performLayout()
        let compact = expectedFrames(width: 376)
        var frames = displayedFrames(collection)
        #expect((0..<texts.count).map { frames[$0] } == compact)
        // Multi-line labels and the proportional thumbnail are right on the first pass.
        collection.layoutIfNeeded()
        let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? ArticleCell)
        #expect(first.inset == 8)
        #expect(first.thumbnail.frame == Rect(x: 8, y: 8, width: 360, height: 180))
        #expect(first.label.frame == Rect(x: 8, y: 196, width: 360, height: wrappedHeight(texts[0], width: 360)))
        let note = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? NoteCell)
        #expect(note.directSizings == 1 && note.constraints.isEmpty && note.label.constraints.isEmpty)
        #expect(note.label.frame == Rect(x: 16, y: 12, width: 344, height: wrappedHeight(texts[2], width: 344)))

        // Regular width: the other template, measured again.
        let measured = collection.sizeCache.measurementCount
        collection.frame.size.width = 800
        try collection.performLayout()
        let regular = expectedFrames(width: 800)
        frames = displayedFrames(collection)
        #expect((0..<texts.count).map { frames[$0] } == regular)
        #expect(collection.visibleCells.compactMap { ($0 as? ArticleCell)?.inset }.allSatisfy { $0 == 20 })
        #expect(collection.sizeCache.measurementCount == measured + texts.count)

        // An update re-lays out only what changed: one item measured, the rows above
        // still, the rows below moved by the change.
        let before = collection.sizeCache.measurementCount
        source.texts[4] += String(repeating: "and a good deal of extra text ", count: 6)
        try collection.reloadItems(at: [IndexPath(item: 4, section: 0)])
        try collection.performLayout()
        #expect(collection.sizeCache.measurementCount == before + 1)
        let updated = displayedFrames(collection)
        let delta = updated[4]!.height - regular[4].height
        #expect(delta > 0)
        for item in 0..<4 { #expect(updated[item] == regular[item]) }
        for item in 5..<texts.count { #expect(updated[item] == regular[item].offsetBy(dx: 0, dy: delta)) }
    }
}

// MARK: S5

/// S5's tags: each `ceil(text width) + 2 × 8` wide and 24 tall, sized from the text
/// directly by the delegate (a `sizeForItemAt` that measures the text), shown in tag cells.
final class TagListSource: CollectionViewDataSource, CollectionViewDelegate {
    static let padding = 8.0
    static let height = 24.0
    var tags: [String]
    init(tags: [String]) { self.tags = tags }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { tags.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TagCollectionCell
        cell.configure(tags[indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable { tags[indexPath.item] }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        Self.size(of: tags[indexPath.item])
    }

    static func size(of tag: String) -> Size {
        let text = fixedMeasurer.measure(tag, style: TextStyle(font: Font(size: 10)))
        return Size(width: text.width.rounded(.up) + 2 * padding, height: height)
    }

    /// A tag collection: left-aligned lines, exactly 6 pt between tags and lines, 4 pt
    /// around.
    static func makeCollection(_ source: TagListSource) -> CollectionView {
        let metrics = FlowMetrics(alignment: .leading, interitemSpacing: 6, lineSpacing: 6, sectionInset: EdgeInsets(all: 4))
        let collection = CollectionView(layout: FlowLayout(metrics: metrics))
        collection.register(TagCollectionCell.self, forCellWithReuseIdentifier: "tag")
        collection.dataSource = source
        collection.delegate = source
        return collection
    }
}

/// A list row embedding a tag collection 12 pt inside it.
final class TagRowCell: CollectionViewCell {
    static let margin = 12.0
    let source = TagListSource(tags: [])
    let tags: CollectionView

    required init() {
        tags = TagListSource.makeCollection(source)
        super.init()
        contentView.addSubview(tags)
    }

    func configure(_ tags: [String]) {
        source.tags = tags
        self.tags.reloadData()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        tags.frame = bounds.inset(by: EdgeInsets(all: Self.margin))
    }
}

/// Rows of tags, each row's height from its tag collection, cached per row model.
final class TagTableSource: CollectionViewDataSource, CollectionViewDelegate {
    struct Row {
        var id: Int
        var tags: [String]
    }

    var rows: [Row]
    let sizingRow = TagRowCell()
    private(set) var heightComputations = 0
    init(rows: [Row]) { self.rows = rows }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! TagRowCell
        cell.configure(rows[indexPath.item].tags)
        return cell
    }

    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable { rows[indexPath.item].id }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: any CollectionLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        let width = collectionView.containerSize.width
        return collectionView.cachedSize(forItemAt: indexPath, proposal: FittingProposal(width: .exactly(width), height: .unconstrained)) {
            heightComputations += 1
            sizingRow.configure(rows[indexPath.item].tags)
            let tags = (try? sizingRow.tags.contentSize(forWidth: width - 2 * TagRowCell.margin)) ?? .zero
            return Size(width: width, height: tags.height + 2 * TagRowCell.margin)
        }
    }
}

/// The height of a tag collection `width` wide by a plain greedy count of its lines.
private func tagCollectionHeight(_ tags: [String], width: Double) -> Double {
    guard !tags.isEmpty else { return 0 }
    let lines = greedyLines(tags.map { TagListSource.size(of: $0).width }, available: width - 8, spacing: 6).count
    return 8 + Double(lines) * TagListSource.height + Double(lines - 1) * 6
}

extension ScenarioTests {
    static let sampleTags = ["swift", "layout", "collection", "ui", "self-sizing", "flow", "tags", "linux", "pango", "cassowary", "a"]

    @Test("S5 Left-aligned tags inside a table row")
    func s5LeftAlignedTagsInsideATableRow() throws {
        // The height for a width, before anything is displayed.
        let source = TagListSource(tags: Self.sampleTags)
        let tags = TagListSource.makeCollection(source)
        let size = try tags.contentSize(forWidth: 200)
        #expect(tags.visibleCells.isEmpty)
        #expect(size == Size(width: 200, height: tagCollectionHeight(Self.sampleTags, width: 200)))

        // Laid out: left-aligned lines with exactly the minimum spacing, and the height is
        // that of the frames (not a separate count of lines, which can miscount).
        tags.frame = Rect(x: 0, y: 0, width: 200, height: size.height)
        try tags.performLayout()
        let frames = (0..<Self.sampleTags.count).map { displayedFrames(tags)[$0]! }
        for (item, frame) in frames.enumerated() {
            #expect(frame.size == TagListSource.size(of: Self.sampleTags[item]))
            if item > 0 && frames[item - 1].minY == frame.minY {
                #expect(frame.minX == frames[item - 1].maxX + 6)
            } else {
                #expect(frame.minX == 4)
            }
        }
        #expect(frames.map(\.maxY).max()! + 4 == size.height)

        // A list of such rows: every row as tall as its tags, computed once per row model.
        let rowTags = (0..<12).map { Array(Self.sampleTags.prefix(1 + $0 % Self.sampleTags.count)) }
        let table = TagTableSource(rows: rowTags.enumerated().map { TagTableSource.Row(id: $0, tags: $1) })
        let list = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 3000), layout: ListLayout(options: .init(rowSpacing: 1)))
        list.register(TagRowCell.self, forCellWithReuseIdentifier: "row")
        list.dataSource = table
        list.delegate = table
        try list.performLayout()
        #expect(table.heightComputations == 12)
        list.layoutIfNeeded()
        var y = 0.0
        for (item, tags) in rowTags.enumerated() {
            let height = tagCollectionHeight(tags, width: 296)
            let row = try #require(list.cellForItem(at: IndexPath(item: item, section: 0)) as? TagRowCell)
            #expect(row.frame == Rect(x: 0, y: y, width: 320, height: height + 24))
            #expect(row.tags.frame == Rect(x: 12, y: 12, width: 296, height: height))
            #expect(row.tags.contentSize.height == height)
            #expect(row.tags.visibleCells.count == tags.count)
            #expect(row.tags.visibleCells.map(\.frame.maxY).max()! + 4 == height)
            y += height + 24 + 1
        }
        // Cached per row model: reloading, or inserting a row, computes only the new one.
        list.reloadData()
        try list.performLayout()
        #expect(table.heightComputations == 12)
        table.rows.insert(TagTableSource.Row(id: 99, tags: ["new"]), at: 0)
        try list.insertItems(at: [IndexPath(item: 0, section: 0)])
        try list.performLayout()
        #expect(table.heightComputations == 13)
    }
}
