import Foundation
import Trellis
import TrellisKit
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

    /// The template text items are sized and drawn with: the document's `"cell"`, or seed
    /// 000's tag.
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
        let sizes = TemplateCell.measure(
            texts: sections.map(\.texts), template: cellTemplate, in: layout.makeLayout(), source: source)
        for (section, items) in sizes.enumerated() {
            for (item, size) in items { measured.sections[section].items[item] = size }
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
    /// - Complexity: one prepare plus one constraint solve and text measurement per text,
    ///   spread over the threads.
    public static func measure(
        texts: [[Int: String]], template: CellTemplate, in layout: any CollectionLayout, source: some LayoutSource,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [[Int: ItemSize]] {
        layout.prepare(from: source)
        // Items in index order, with the room the layout offers each (asked here, on this
        // thread: the layout is not shared with the workers).
        var jobs: [(section: Int, item: Int, text: String, proposal: FittingProposal)] = []
        jobs.reserveCapacity(texts.reduce(0) { $0 + $1.count })
        for (section, items) in texts.enumerated() {
            for (item, text) in items.sorted(by: { $0.key < $1.key }) {
                jobs.append((section, item, text, layout.fittingProposal(forItemAt: IndexPath(item: item, section: section))))
            }
        }
        // A text offered the same room twice is sized once (a sizing is a pure function of
        // the template, the text and the proposal): repeated tags cost a lookup.
        var distinctIndex: [TextAndRoom: Int] = [:]
        distinctIndex.reserveCapacity(jobs.count)
        var distinct: [TextAndRoom] = []
        distinct.reserveCapacity(jobs.count)
        let indexOfJob = jobs.map { job in
            let key = TextAndRoom(text: job.text, proposal: job.proposal)
            if let known = distinctIndex[key] { return known }
            distinctIndex[key] = distinct.count
            distinct.append(key)
            return distinct.count - 1
        }
        let direction = source.layoutDirection
        // Each run of items gets a sizing cell of its own, made on its thread.
        let distinctSizes = parallelMap(distinct, threads: threads, makeWorker: { () -> TemplateCell in
            let sizingCell = TemplateCell(template: template)
            sizingCell.overrideTraitCollection = TraitCollection(layoutDirection: direction)
            return sizingCell
        }) { sizingCell, job in
            sizingCell.text = job.text
            return sizingCell.itemSize(for: job.proposal)
        }
        var result = texts.map { [Int: ItemSize](minimumCapacity: $0.count) }
        for (job, index) in zip(jobs, indexOfJob) { result[job.section][job.item] = distinctSizes[index] }
        return result
    }
}

/// A text and the room offered to it, equal when the texts have the same bytes (not merely
/// canonically equivalent: "é" and "e\u{301}" may measure differently) and the proposals
/// are equal.
private struct TextAndRoom: Hashable, Sendable {
    var text: String
    var proposal: FittingProposal

    static func == (a: TextAndRoom, b: TextAndRoom) -> Bool {
        a.proposal == b.proposal && a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(proposal)
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
