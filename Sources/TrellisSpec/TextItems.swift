import Foundation
import Trellis
import TrellisKit
import TrellisPango
import TrellisText

// Text items: `{"text": "much longer"}` in a section's items, sized by the document's
// `"cell"` template through TrellisKit's self-sizing (see `TemplateCell`).

extension LayoutDocument {
    /// The members of a text item.
    static let textItemMembers = ["text"]

    /// The text of `field` when it is a text item (`{"text": "…"}`), nil for a sized item.
    /// - Throws: `SpecError` when `text` is not a string or the item mixes text and sizes.
    static func decodeTextItem(_ field: JSONField, layoutMembers: [String] = []) throws(SpecError) -> String? {
        guard case .object(let members) = field.value, members.contains(where: { $0.key == "text" }) else { return nil }
        let object = try field.object()
        try object.rejectUnknownMembers(textItemMembers + layoutMembers)
        let textField = try object.required("text", expected: "a string")
        guard case .string(let text) = textField.value else { throw textField.invalid("a string") }
        return text
    }

    /// The template text items are sized and drawn with: the document's `"cell"`, or
    /// scenario S1's tag.
    public var cellTemplate: CellTemplate { cell ?? .tag }

    /// True when some section has text items.
    public var hasTextItems: Bool { sections.contains { !$0.texts.isEmpty } }

    /// The document with every text item's size measured (its text kept).
    ///
    /// Text items go through the self-sizing path of a collection view: the layout is
    /// prepared with the items unmeasured, then each text item is measured by one sizing
    /// ``TemplateCell`` (configured like the drawn cells, asked for its fitting size within
    /// the layout's `fittingProposal` for the item, as `preferredLayoutAttributesFitting`
    /// does). Returns `self` when there are no text items.
    ///
    /// - Complexity: O(n) plus one constraint solve and text measurement per text item.
    public func measuringTextItems() -> LayoutDocument {
        guard hasTextItems else { return self }
        var measured = self
        let texts = sections.map(\.texts)
        let sizes = TemplateCell.measure(
            textLists: texts, template: cellTemplate, in: layout.makeLayout(), source: source)
        for section in sections.indices where !texts[section].isEmpty {
            measured.sections[section].items.withUnsafeMutableBufferPointer { items in
                for (item, size) in zip(texts[section].itemIndices, sizes[section]) {
                    // Checked in every build: a section built in code can list a text past its
                    // items, and an unchecked write there would corrupt memory. (Item indices
                    // are not negative: TextItemList refuses them.)
                    precondition(item < items.count, "sections[\(section)] has a text for item \(item) but \(items.count) items")
                    items[item] = size
                }
            }
        }
        return measured
    }

    /// The layout the document describes, prepared with every text item measured.
    /// - Complexity: O(n) plus one constraint solve and text measurement per text item.
    public func preparedLayout() -> any CollectionLayout {
        let measured = measuringTextItems()
        let layout = measured.layout.makeLayout()
        layout.prepare(from: measured.source)
        return layout
    }
}

extension TemplateCell {
    /// Measures text items the way a collection view's self-sizing does: `layout` is
    /// prepared from `source` (text items at whatever estimate the source gives), then a
    /// sizing cell of `template` is configured with each text and asked for its fitting
    /// size within the layout's `fittingProposal` for that item.
    ///
    /// The texts are measured on up to `threads` threads (by default one per available
    /// core), each with sizing cells of its own, in contiguous runs of items. A sizing is
    /// a pure function of the template, the text and the proposal (whole-point label sizes,
    /// exact text widths), so the sizes are bit for bit those of one thread
    /// (`TextItemsParallelTests`).
    ///
    /// - Parameters:
    ///   - texts: per section, the text of each text item by item index.
    ///   - template: the cell template measuring them.
    ///   - layout: the layout giving each item its fitting proposal.
    ///   - source: what the layout is prepared from.
    ///   - threads: how many threads measure at most (default: one per available core).
    /// - Returns: per section, the measured size of each text item by item index.
    /// - Complexity: one prepare plus one constraint solve and text measurement per
    ///   distinct text and room, spread over the threads.
    public static func measure(
        texts: [[Int: String]], template: CellTemplate, in layout: any CollectionLayout, source: some LayoutSource,
        threads: Int = ConcurrentSizing.availableProcessors
    ) -> [[Int: ItemSize]] {
        let lists = texts.map { TextItemList(uniqueItemsWithTexts: $0.sorted { $0.key < $1.key }) }
        let sizes = measure(textLists: lists, template: template, in: layout, source: source, threads: threads)
        return zip(lists, sizes).map { list, sizes in
            Dictionary(uniqueKeysWithValues: zip(list.itemIndices, sizes))
        }
    }

    /// Starts Pango on the calling thread: fontconfig's configuration and caches (shared by
    /// every thread) and this thread's font map, by measuring one letter in the default
    /// font.
    static func startTextEngine() {
        _ = PangoTextMeasurer.shared.measure("A", style: TextStyle(), maxWidth: nil, maxLines: 1)
    }

    /// ``measure(texts:template:in:source:threads:)`` for texts kept in item order: per
    /// section, the sizes of `textLists[section].texts` in the same order.
    static func measure(
        textLists: [TextItemList], template: CellTemplate, in layout: any CollectionLayout, source: some LayoutSource,
        threads: Int = ConcurrentSizing.availableProcessors
    ) -> [[ItemSize]] {
        layout.prepare(from: source)
        // A text offered the same room twice is sized once (a sizing is a pure function of
        // the template, the text and the proposal): repeated tags cost a hash of their
        // bytes and a lookup. The rooms are asked here, on this thread (the layout is not
        // shared with the workers); a layout offers few different ones (a flow line's
        // width, a grid's column widths), so they are numbered and the number seeds the
        // text's hash.
        let total = textLists.reduce(0) { $0 + $1.count }
        var distinct = DistinctTexts(capacity: total)
        let jobOfItem = textLists.enumerated().map { section, list in
            list.map { item, text in
                distinct.index(of: text, proposal: layout.fittingProposal(forItemAt: IndexPath(item: item, section: section)))
            }
        }
        let direction = source.layoutDirection
        // Each run of texts gets a sizing cell of its own, made on its thread.
        let distinctSizes = parallelMap(distinct.jobs, threads: threads, makeWorker: { () -> TemplateCell in
            let sizingCell = TemplateCell(template: template)
            sizingCell.overrideTraitCollection = TraitCollection(layoutDirection: direction)
            return sizingCell
        }) { sizingCell, job in
            sizingCell.text = job.text
            return sizingCell.itemSize(for: job.proposal)
        }
        return jobOfItem.map { jobs in jobs.map { distinctSizes[Int($0)] } }
    }
}

/// The distinct pairs of text and room offered, numbered in order of first appearance. Two
/// texts are the same when they have the same bytes (not merely canonically equivalent: "é"
/// and "e\u{301}" may measure differently).
private struct DistinctTexts {
    private(set) var jobs: [(text: String, proposal: FittingProposal)] = []
    private var proposalNumbers: [Int] = []
    private var proposals: [FittingProposal: Int] = [:]
    private var lastProposal: (proposal: FittingProposal, number: Int)?
    private var index: CacheIndex

    init(capacity: Int) {
        index = CacheIndex(capacity: capacity)
        jobs.reserveCapacity(capacity)
        proposalNumbers.reserveCapacity(capacity)
    }

    /// The number of `text` offered `proposal`, added if new.
    mutating func index(of text: String, proposal: FittingProposal) -> Int32 {
        let number = number(of: proposal)
        var bytes = text
        let (found, hash) = bytes.withUTF8 { bytes in
            let hash = ByteHash.hash(bytes, seed: UInt64(number))
            return (find(bytes, proposalNumber: number, hash: hash), hash)
        }
        if let found { return Int32(found) }
        index.insert(slot: jobs.count, hash: hash)
        jobs.append((text, proposal))
        proposalNumbers.append(number)
        return Int32(jobs.count - 1)
    }

    /// The slot of `bytes` offered the proposal numbered `proposalNumber`, if known.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, proposalNumber: Int, hash: UInt64) -> Int? {
        index.find(hash: hash) { slot in
            proposalNumbers[slot] == proposalNumber && Self.sameBytes(jobs[slot].text, bytes)
        }
    }

    private mutating func number(of proposal: FittingProposal) -> Int {
        if let last = lastProposal, last.proposal == proposal { return last.number }
        let number = proposals[proposal] ?? proposals.count
        proposals[proposal] = number
        lastProposal = (proposal, number)
        return number
    }

    private static func sameBytes(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }
}
