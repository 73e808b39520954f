import Trellis

/// The output of `trellis layout`: the content size, the frames of items, headers,
/// footers and decorations (separators, section backgrounds), how many items each section
/// hides, and what the layout corrected.
public struct LayoutResult: Sendable, Equatable {
    public struct Frame: Sendable, Equatable {
        public var section: Int
        /// The item index; nil for headers and footers.
        public var item: Int?
        public var frame: Rect
        public var isPinned: Bool
    }

    /// A decoration view: its kind's name (`"separator"`, `"sectionBackground"`), section and
    /// index within the section (`indexPath.item`: for a separator, the row above it).
    public struct Decoration: Sendable, Equatable {
        public var kind: String
        public var section: Int
        public var index: Int
        public var frame: Rect
    }

    public var contentSize: Size
    /// In index order.
    public var items: [Frame] = []
    public var headers: [Frame] = []
    public var footers: [Frame] = []
    /// In the order the layout returns them (by section).
    public var decorations: [Decoration] = []
    /// (section, count) for sections that hide items beyond their line limit.
    public var hiddenItems: [(section: Int, count: Int)] = []
    public var diagnostics: [String] = []

    public static func == (lhs: LayoutResult, rhs: LayoutResult) -> Bool {
        lhs.contentSize == rhs.contentSize && lhs.items == rhs.items && lhs.headers == rhs.headers && lhs.footers == rhs.footers
            && lhs.decorations == rhs.decorations
            && lhs.hiddenItems.map(\.section) == rhs.hiddenItems.map(\.section) && lhs.hiddenItems.map(\.count) == rhs.hiddenItems.map(\.count)
            && lhs.diagnostics == rhs.diagnostics
    }

    /// Collects the result of a prepared layout: everything (resting positions), or only
    /// what intersects `visibleRect` with pinned views pinned to it.
    /// - Complexity: O(n) for everything; O(log n + k) with a visible rect.
    public init(layout: any CollectionLayout, visibleRect: Rect?) {
        contentSize = layout.contentSize
        let elements: [LayoutAttributes]
        if let visibleRect {
            elements = layout.elements(in: visibleRect)
        } else {
            elements = layout.allElements()
        }
        items.reserveCapacity(elements.count)
        for element in elements {
            let frame = Frame(section: element.indexPath.section, item: element.kind == .cell ? element.indexPath.item : nil,
                              frame: element.frame, isPinned: element.isPinned)
            switch element.kind {
            case .cell: items.append(frame)
            case .header: headers.append(frame)
            case .footer: footers.append(frame)
            default:
                if element.kind.category == .decorationView {
                    decorations.append(Decoration(kind: element.kind.name, section: element.indexPath.section,
                                                  index: element.indexPath.item, frame: element.frame))
                }
            }
        }
        if let flow = layout as? FlowLayout {
            for section in 0..<flow.numberOfSections where flow.hiddenItemCount(inSection: section) > 0 {
                hiddenItems.append((section, flow.hiddenItemCount(inSection: section)))
            }
        }
        diagnostics = layout.diagnostics.map(\.description)
    }

    /// The result as the JSON document `trellis layout` prints.
    public var json: JSONValue {
        func frameObject(_ frame: Frame) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [("section", .number(Double(frame.section)))]
            if let item = frame.item { members.append(("item", .number(Double(item)))) }
            members += [("x", .number(frame.frame.minX)), ("y", .number(frame.frame.minY)),
                        ("width", .number(frame.frame.width)), ("height", .number(frame.frame.height))]
            if frame.isPinned { members.append(("pinned", .bool(true))) }
            return .object(members)
        }
        return .object([
            ("contentSize", .object([("width", .number(contentSize.width)), ("height", .number(contentSize.height))])),
            ("items", .array(items.map(frameObject))),
            ("headers", .array(headers.map(frameObject))),
            ("footers", .array(footers.map(frameObject))),
            ("decorations", .array(decorations.map { decoration in
                .object([("kind", .string(decoration.kind)), ("section", .number(Double(decoration.section))),
                         ("index", .number(Double(decoration.index))),
                         ("x", .number(decoration.frame.minX)), ("y", .number(decoration.frame.minY)),
                         ("width", .number(decoration.frame.width)), ("height", .number(decoration.frame.height))])
            })),
            ("hiddenItems", .array(hiddenItems.map { .object([("section", .number(Double($0.section))), ("count", .number(Double($0.count)))]) })),
            ("diagnostics", .array(diagnostics.map { .string($0) })),
        ])
    }
}

extension LayoutResult {
    /// The text of ``json`` as `JSONWriter.bytes(json, pretty: true)` writes it, written
    /// straight from the frames (building the `JSONValue` tree first cost more than
    /// writing the text).
    /// - Complexity: O(size of the output).
    public func jsonBytes() -> [UInt8] {
        var output = JSONOutput(capacity: 80 * (items.count + headers.count + footers.count + decorations.count) + 256)
        writeJSON(to: &output)
        return output.bytes
    }

    /// Appends the text of ``jsonBytes()`` to `output`.
    public func writeJSON(to output: inout JSONOutput) {
        output.append("{\n\"contentSize\": {\"width\": ")
        output.append(number: contentSize.width)
        output.append(", \"height\": ")
        output.append(number: contentSize.height)
        output.append("}")
        output.append(",\n\"items\": ")
        Self.appendLines(items, to: &output, Self.appendFrame)
        output.append(",\n\"headers\": ")
        Self.appendLines(headers, to: &output, Self.appendFrame)
        output.append(",\n\"footers\": ")
        Self.appendLines(footers, to: &output, Self.appendFrame)
        output.append(",\n\"decorations\": ")
        Self.appendLines(decorations, to: &output) { decoration, output in
            output.append("{\"kind\": ")
            output.append(string: decoration.kind)
            output.append(", \"section\": ")
            output.append(integer: Int64(decoration.section))
            output.append(", \"index\": ")
            output.append(integer: Int64(decoration.index))
            Self.appendRect(decoration.frame, to: &output)
            output.append("}")
        }
        output.append(",\n\"hiddenItems\": ")
        Self.appendLines(hiddenItems, to: &output) { hidden, output in
            output.append("{\"section\": ")
            output.append(integer: Int64(hidden.section))
            output.append(", \"count\": ")
            output.append(integer: Int64(hidden.count))
            output.append("}")
        }
        output.append(",\n\"diagnostics\": ")
        JSONWriter.append(.array(diagnostics.map { .string($0) }), to: &output, level: 1)
        output.append("\n}")
    }

    /// An array of objects, one per line (JSONWriter's pretty form).
    private static func appendLines<Element>(_ elements: [Element], to output: inout JSONOutput,
                                             _ appendElement: (Element, inout JSONOutput) -> Void) {
        output.append(byte: UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            output.append(index > 0 ? ",\n  " : "\n  ")
            appendElement(element, &output)
        }
        if !elements.isEmpty { output.append(byte: UInt8(ascii: "\n")) }
        output.append(byte: UInt8(ascii: "]"))
    }

    private static func appendFrame(_ frame: Frame, to output: inout JSONOutput) {
        output.append("{\"section\": ")
        output.append(integer: Int64(frame.section))
        if let item = frame.item {
            output.append(", \"item\": ")
            output.append(integer: Int64(item))
        }
        appendRect(frame.frame, to: &output)
        if frame.isPinned { output.append(", \"pinned\": true") }
        output.append("}")
    }

    private static func appendRect(_ rect: Rect, to output: inout JSONOutput) {
        output.append(", \"x\": ")
        output.append(number: rect.minX)
        output.append(", \"y\": ")
        output.append(number: rect.minY)
        output.append(", \"width\": ")
        output.append(number: rect.width)
        output.append(", \"height\": ")
        output.append(number: rect.height)
    }
}

extension LayoutDocument {
    /// Lays the document out once and collects the result.
    /// - Complexity: O(n).
    public func layOut() -> LayoutResult {
        let layout = preparedLayout()
        return LayoutResult(layout: layout, visibleRect: visibleRect)
    }
}

extension LayoutResult {
    /// The path of the first number of the output that is not finite (`items[3].y`), or nil.
    /// Documents within `DocumentLimits` never have one; `trellis layout` checks anyway
    /// rather than print `null`.
    /// - Complexity: O(n).
    public var firstNonFiniteValue: String? {
        func bad(_ rect: Rect) -> String? {
            // The common case without building the named list (100,000 frames a document).
            if rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite { return nil }
            for (name, value) in [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)] where !value.isFinite {
                return name
            }
            return nil
        }
        if !contentSize.width.isFinite { return "contentSize.width" }
        if !contentSize.height.isFinite { return "contentSize.height" }
        for (name, frames) in [("items", items), ("headers", headers), ("footers", footers)] {
            for (index, frame) in frames.enumerated() {
                if let member = bad(frame.frame) { return "\(name)[\(index)].\(member)" }
            }
        }
        for (index, decoration) in decorations.enumerated() {
            if let member = bad(decoration.frame) { return "decorations[\(index)].\(member)" }
        }
        return nil
    }

    /// What is wrong with this result as the layout of `document`, or nil: a number that is
    /// not finite, or — for a document without a visible rect — an item listed twice, out of
    /// order, or neither listed nor counted in `hiddenItems`. The invariant the fuzzer and
    /// the hardening tests check.
    /// - Complexity: O(n).
    public func problem(layingOut document: LayoutDocument) -> String? {
        if let path = firstNonFiniteValue { return "\(path) is not finite" }
        guard document.visibleRect == nil else { return nil }
        let hidden = Dictionary(hiddenItems.map { ($0.section, $0.count) }, uniquingKeysWith: +)
        var expected: [(section: Int, item: Int)] = []
        for (section, spec) in document.sections.enumerated() {
            let shown = spec.items.count - (hidden[section] ?? 0)
            guard shown >= 0 else { return "section \(section) hides \(hidden[section]!) of its \(spec.items.count) items" }
            expected += (0..<shown).map { (section, $0) }
        }
        guard items.count == expected.count else {
            return "\(items.count) items listed, \(expected.count) expected (every item once, hidden ones counted)"
        }
        for (frame, want) in zip(items, expected) where frame.section != want.section || frame.item != want.item {
            return "item [\(frame.section), \(frame.item ?? -1)] listed where [\(want.section), \(want.item)] belongs"
        }
        return nil
    }
}
