import Trellis
import TrellisKit

/// The input of `trellis layout`: a container, a layout description and the sections'
/// sizes.
///
/// ```
/// { "width": 375, "height": 800, "direction": "ltr",
///   "layout": { "type": "flow", … },
///   "sections": [ { "header": {"width": 0, "height": 40}, "items": [ {"width": 50, "height": 30} ] } ],
///   "visibleRect": {"x": 0, "y": 0, "width": 375, "height": 800} }
/// ```
public struct LayoutDocument: Sendable {
    public var width: Double
    /// The container's height: optional for vertical scrolling.
    public var height: Double?
    public var direction: LayoutDirection
    public var layout: LayoutSpec
    public var sections: [SectionSpec]
    /// When present, only what intersects it is reported, and pinned headers pin to it.
    public var visibleRect: Rect?
    /// How text items look and size themselves (see TextItems.swift); nil: scenario S1's tag.
    public var cell: CellTemplate?

    public init(width: Double, height: Double? = nil, direction: LayoutDirection = .leftToRight, layout: LayoutSpec,
                sections: [SectionSpec], visibleRect: Rect? = nil) {
        self.width = width
        self.height = height
        self.direction = direction
        self.layout = layout
        self.sections = sections
        self.visibleRect = visibleRect
    }

    /// A section: its item sizes, optional header and footer, and the layout's per-section
    /// options (for a flow layout: spacing, insets, alignment, line limit).
    public struct SectionSpec: Sendable {
        public var header: Size?
        public var footer: Size?
        public var items: [ItemSize]
        /// The texts of text items by item index (their `items` entries are replaced by
        /// measured sizes when the layout is prepared).
        public var texts = TextItemList()

        public init(header: Size? = nil, footer: Size? = nil, items: [ItemSize]) {
            self.header = header
            self.footer = footer
            self.items = items
        }
    }

    /// Reads a document from JSON text.
    /// - Throws: `SpecError` naming the JSON path (or line and column) and what was expected.
    /// - Complexity: O(size of the input).
    /// - Throws: also when the input is larger than `DocumentLimits.maximumInputBytes`
    ///   (checked before parsing).
    public static func decode(_ bytes: [UInt8]) throws(SpecError) -> LayoutDocument {
        try checkInputSize(bytes.count)
        return try decode(JSONField(parseStartingTextEngine(bytes)))
    }

    /// `bytes` parsed; when they may hold text items, Pango and fontconfig are started on a
    /// second thread at the same time (reading fontconfig's configuration and caches and
    /// loading a first font takes several milliseconds, which the check of the template's
    /// font would otherwise wait for, with the second core idle). Both are done when it
    /// returns, so no Pango work overlaps anything else.
    static func parseStartingTextEngine(_ bytes: [UInt8]) throws(SpecError) -> JSONValue {
        guard mayHoldTextItems(bytes) else { return try JSONParser.parse(bytes) }
        let parsed = parallelMap([false, true], threads: 2, minimumRun: 1) { startsTextEngine -> Result<JSONValue, SpecError>? in
            if startsTextEngine {
                TemplateCell.startTextEngine()
                return nil
            }
            return Result { () throws(SpecError) in try JSONParser.parse(bytes) }
        }
        return try parsed[0]!.get()
    }

    /// Whether `bytes` contain `"text"`: a document without it has no text items and no
    /// template font to check, so it does not start the text engine (a guess the other way
    /// costs only the time of starting it).
    static func mayHoldTextItems(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            // One pass of byte comparisons (no slices or generic matching: a million sized
            // items, 20 MB without a text, are scanned in a few milliseconds).
            guard bytes.count >= 6 else { return false }
            var index = 0
            while index < bytes.count - 5 {
                if bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: "t"), bytes[index + 2] == UInt8(ascii: "e"),
                   bytes[index + 3] == UInt8(ascii: "x"), bytes[index + 4] == UInt8(ascii: "t"), bytes[index + 5] == UInt8(ascii: "\"") {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// Throws unless `count` bytes are within `DocumentLimits.maximumInputBytes`.
    public static func checkInputSize(_ count: Int, path: String = "") throws(SpecError) {
        guard count <= DocumentLimits.maximumInputBytes else {
            throw SpecError(.unreadableInput, path: path,
                            "the input is larger than the limit of \(DocumentLimits.maximumInputBytes) bytes (256 MiB, docs/Limits.md)")
        }
    }

    public static func decode(_ text: String) throws(SpecError) -> LayoutDocument { try decode(Array(text.utf8)) }

    static let members = ["width", "height", "direction", "layout", "sections", "visibleRect", "cell"]

    /// Reads a document from a parsed JSON value.
    public static func decode(_ root: JSONField) throws(SpecError) -> LayoutDocument {
        let object = try root.object()
        try object.rejectUnknownMembers(members)
        let width = try object.required("width", expected: "a non-negative finite number").nonNegativeNumber()
        let height = try object.optional("height")?.nonNegativeNumber()
        let direction = try object.optional("direction")?.oneOf(LayoutDirection.self) ?? .leftToRight
        let layoutField = object.optional("layout")
        var layout = try layoutField.map { field throws(SpecError) in try LayoutSpec.decode(field) } ?? .flow(FlowSpec())
        if layout.needsHeight && height == nil {
            throw SpecError(.missingValue, path: "height", "missing; expected a non-negative finite number (columns of horizontal scrolling wrap at the height)")
        }
        let sectionFields = try object.required("sections", expected: "an array of sections").array()
        try checkCounts(sectionFields, layout: layout, crossExtent: layout.needsHeight ? height ?? 0 : width)
        var sections: [SectionSpec] = []
        sections.reserveCapacity(sectionFields.count)
        for (index, field) in sectionFields.enumerated() {
            sections.append(try decodeSection(field, index: index, layout: &layout))
        }
        let visibleRect = try object.optional("visibleRect").map { field throws(SpecError) in try decodeRect(field) }
        if case .compositional(let compositional) = layout {
            // What the groups' fractions resolve in: at most the container, whose height is
            // the document's, or the visible rect's, or the 800 points a window gets.
            let container = Size(width: width, height: Swift.max(height ?? 0, visibleRect?.height ?? 0, 800))
            try compositional.checkBudgets(container: container, itemCounts: sections.map(\.items.count))
        }
        var document = LayoutDocument(width: width, height: height, direction: direction, layout: layout, sections: sections, visibleRect: visibleRect)
        document.cell = try object.optional("cell").map { field throws(SpecError) in try CellTemplate.decode(field) }
        let fontSize = document.cellTemplate.font.size
        for (section, spec) in document.sections.enumerated() {
            // The first text in item order that is too long.
            for (item, text) in spec.texts {
                if let problem = DocumentLimits.textProblem(text, fontSize: fontSize) {
                    throw SpecError(.invalidValue, path: "sections[\(section)].items[\(item)].text", problem)
                }
            }
        }
        return document
    }

    /// Checks the section and item counts against `DocumentLimits` before anything is read
    /// per item, naming the section where the item limit is passed.
    /// `crossExtent`: the container's extent across the scroll direction (for the column
    /// count a minimum column width gives).
    static func checkCounts(_ sections: [JSONField], layout: LayoutSpec, crossExtent: Double) throws(SpecError) {
        if sections.count > DocumentLimits.maximumSectionCount {
            throw SpecError(.invalidValue, path: "sections", DocumentLimits.message(
                "sections", limit: "\(DocumentLimits.maximumSectionCount)", got: "\(sections.count)"))
        }
        if case .waterfall(let waterfall) = layout,
           case let columns = waterfall.options.columns.columnCount(available: crossExtent, spacing: waterfall.options.columnSpacing),
           columns * sections.count > DocumentLimits.maximumWaterfallColumnSections {
            throw SpecError(.invalidValue, path: "sections", DocumentLimits.message(
                "columns × sections", limit: "\(DocumentLimits.maximumWaterfallColumnSections) for a waterfall",
                got: "\(columns) × \(sections.count)"))
        }
        var total = 0
        for section in sections {
            guard case .object(let members) = section.value,
                  case .array(let items)? = members.first(where: { $0.key == "items" })?.value else { continue }
            total += items.count
            if total > DocumentLimits.maximumItemCount {
                throw SpecError(.invalidValue, path: "\(section.path).items", DocumentLimits.message(
                    "items in all sections", limit: "\(DocumentLimits.maximumItemCount)", got: "\(total) by this section"))
            }
        }
    }

    static func decodeSection(_ field: JSONField, index: Int, layout: inout LayoutSpec) throws(SpecError) -> SectionSpec {
        let object = try field.object()
        try object.rejectUnknownMembers(["header", "footer", "items"] + layout.sectionMembers)
        try layout.decodeSectionOptions(object, section: index)
        let header = try object.optional("header").map { field throws(SpecError) in try decodeSize(field) }
        let footer = try object.optional("footer").map { field throws(SpecError) in try decodeSize(field) }
        let itemsField = try object.required("items", expected: "an array of item sizes")
        // The elements are visited without building an array of fields first (at a million
        // items that array was a fifth of decoding).
        guard case .array(let elements) = itemsField.value else { throw itemsField.invalid("an array") }
        let itemsPath = itemsField.path
        var items: [ItemSize] = []
        items.reserveCapacity(elements.count)
        let itemMembers = ["width", "height", "baseline"] + layout.itemMembers
        var texts = TextItemList()
        for (itemIndex, element) in elements.enumerated() {
            if let size = plainItemSize(element) {
                items.append(size)
                continue
            }
            if case .object(let members) = element, members.count == 1, members[0].key == "text",
               case .string(let text) = members[0].value {
                // `{"text": "…"}` alone: what `decodeTextItem` reads from it, without the fields.
                if texts.isEmpty { texts.reserveCapacity(elements.count - itemIndex) }
                texts.append(item: itemIndex, text: text)
                items.append(ItemSize(.zero))
                continue
            }
            let item = JSONField(element, location: .element(itemsPath, itemIndex))
            if let text = try decodeTextItem(item, layoutMembers: layout.itemMembers) {
                texts.append(item: itemIndex, text: text)
                items.append(ItemSize(.zero))
            } else {
                items.append(try decodeItem(item, members: itemMembers))
            }
        }
        if layout.hasItemOptions { try layout.decodeItemOptions(itemsField.array(), section: index) }
        var section = SectionSpec(header: header, footer: footer, items: items)
        section.texts = texts
        return section
    }

    /// The size of an item written as exactly `{"width": w, "height": h}` with both valid
    /// (what nearly every sized item is), read without building fields, paths and objects;
    /// nil for anything else, which ``decodeItem(_:members:)`` reads (and reports) in full.
    /// Gives what `decodeItem` gives for such an item.
    @inline(__always)
    static func plainItemSize(_ value: JSONValue) -> ItemSize? {
        guard case .object(let members) = value, members.count == 2 else { return nil }
        var width = -1.0, height = -1.0
        for member in members {
            // `nonNegativeNumber()`'s test: NaN fails both comparisons, infinity the second.
            guard case .number(let number, _) = member.value, number >= 0, number <= DocumentLimits.maximumLength else { return nil }
            switch member.key {
            case "width": width = number
            case "height": height = number
            default: return nil
            }
        }
        // Both present (the parser rejects a member named twice).
        guard width >= 0, height >= 0 else { return nil }
        return ItemSize(Size(width: width, height: height))
    }

    /// An item's size; `members`: what it may carry (its layout's per-item options too).
    static func decodeItem(_ field: JSONField, members: [String] = ["width", "height", "baseline"]) throws(SpecError) -> ItemSize {
        let object = try field.object()
        try object.rejectUnknownMembers(members)
        let size = try decodeSize(field, object: object)
        let baselineField = object.optional("baseline")
        let baseline = try baselineField?.nonNegativeNumber()
        // A first baseline lies inside its item: one far below would move the line's
        // descent, and every later line, by as much.
        if let baseline, let baselineField, baseline > size.height {
            throw baselineField.invalid("a baseline within the item's height (0...\(JSONValue.number(size.height).excerpt))")
        }
        return ItemSize(size, firstBaseline: baseline)
    }

    /// `{"width": w, "height": h}`, both non-negative finite numbers.
    public static func decodeSize(_ field: JSONField) throws(SpecError) -> Size {
        let object = try field.object()
        try object.rejectUnknownMembers(["width", "height"])
        return try decodeSize(field, object: object)
    }

    static func decodeSize(_ field: JSONField, object: JSONObject) throws(SpecError) -> Size {
        let expected = "a non-negative finite number"
        return Size(width: try object.required("width", expected: expected).nonNegativeNumber(),
                    height: try object.required("height", expected: expected).nonNegativeNumber())
    }

    /// `{"x": x, "y": y, "width": w, "height": h}`.
    public static func decodeRect(_ field: JSONField) throws(SpecError) -> Rect {
        let object = try field.object()
        try object.rejectUnknownMembers(["x", "y", "width", "height"])
        let origin = Point(x: try object.required("x", expected: "a finite number").finiteNumber(),
                           y: try object.required("y", expected: "a finite number").finiteNumber())
        return Rect(origin: origin, size: try decodeSize(field, object: object))
    }

    /// `{"top": t, "leading": l, "bottom": b, "trailing": r}`, each optional (0).
    public static func decodeInsets(_ field: JSONField) throws(SpecError) -> EdgeInsets {
        let object = try field.object()
        try object.rejectUnknownMembers(["top", "leading", "bottom", "trailing"])
        func edge(_ name: String) throws(SpecError) -> Double { try object.optional(name)?.nonNegativeNumber() ?? 0 }
        return EdgeInsets(top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"), trailing: try edge("trailing"))
    }

    /// The layout source the document describes.
    public var source: StaticLayoutSource {
        let containerHeight = height ?? visibleRect?.height ?? 0
        return StaticLayoutSource(
            containerSize: Size(width: width, height: containerHeight), layoutDirection: direction,
            sections: sections.enumerated().map { index, section in
                var given = StaticLayoutSource.Section(items: .list(section.items), header: section.header, footer: section.footer)
                if case .compositional(let spec) = layout, let badges = spec.measuredSupplementaryItems[index] { given.supplementaryItemSizes = badges }
                return given
            })
    }

    /// The number of items in all sections.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}
