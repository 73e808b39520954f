import Trellis

/// The `"layout"` member of a document: which layout and its options, chosen by `"type"`.
/// A new layout adds a case here, its `decode` branch, and a branch in `makeLayout`.
public enum LayoutSpec: Sendable {
    case flow(FlowSpec)
    case grid(GridSpec)
    case waterfall(WaterfallSpec)
    case list(ListSpec)
    case compositional(CompositionalSpec)

    /// The values of `"type"`, for messages.
    static let types = ["flow", "grid", "waterfall", "list", "compositional"]

    /// - Throws: `SpecError` for an unknown `"type"` (listing the known ones) or a bad option.
    public static func decode(_ field: JSONField) throws(SpecError) -> LayoutSpec {
        let object = try field.object()
        let typeField = try object.required("type", expected: "one of \(types.map { "\"\($0)\"" }.joined(separator: ", "))")
        guard case .string(let type) = typeField.value else { throw typeField.invalid("a string naming the layout type") }
        switch type {
        case "flow": return .flow(try FlowSpec.decode(object))
        case "grid": return .grid(try GridSpec.decode(object))
        case "waterfall": return .waterfall(try WaterfallSpec.decode(object))
        case "list": return .list(try ListSpec.decode(object))
        case "compositional": return .compositional(try CompositionalSpec.decode(object))
        default:
            throw SpecError(.unknownValue, path: typeField.path,
                            "unknown value \(typeField.value.excerpt); expected one of \(types.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
    }

    /// True when the container's height is required (lines wrap at it).
    var needsHeight: Bool {
        switch self {
        case .flow(let flow): flow.scrollDirection == .horizontal
        case .grid(let grid): grid.options.scrollDirection == .horizontal
        case .waterfall(let waterfall): waterfall.options.scrollDirection == .horizontal
        case .list(let list): list.options.scrollDirection == .horizontal
        case .compositional(let spec): spec.configuration.scrollDirection == .horizontal
        }
    }

    /// Members a section may carry for this layout, besides header, footer and items.
    var sectionMembers: [String] {
        switch self {
        case .flow: FlowSpec.metricMembers
        case .grid, .waterfall, .list, .compositional: []
        }
    }

    /// Members an item may carry besides its size and baseline (a grid item's width, the
    /// measured sizes of a compositional item's estimated badges).
    var itemMembers: [String] {
        switch self {
        case .grid: GridSpec.itemMembers
        case .compositional(let spec) where spec.hasEstimatedSupplementaryItems: ["supplementaryItems"]
        case .flow, .waterfall, .list, .compositional: []
        }
    }

    /// Whether items carry options of this layout (see ``decodeItemOptions(_:section:)``).
    var hasItemOptions: Bool {
        switch self {
        case .grid: true
        case .compositional(let spec): spec.hasEstimatedSupplementaryItems
        case .flow, .waterfall, .list: false
        }
    }

    /// Reads this layout's per-item options from a section's items.
    mutating func decodeItemOptions(_ items: [JSONField], section: Int) throws(SpecError) {
        switch self {
        case .grid(var grid):
            try grid.decodeItemOptions(items, section: section)
            self = .grid(grid)
        case .compositional(var spec):
            try spec.decodeItemOptions(items, section: section)
            self = .compositional(spec)
        case .flow, .waterfall, .list:
            break
        }
    }

    /// Reads this layout's per-section options from a section object.
    mutating func decodeSectionOptions(_ object: JSONObject, section: Int) throws(SpecError) {
        switch self {
        case .flow(var flow):
            try flow.decodeSectionOptions(object, section: section)
            self = .flow(flow)
        case .grid, .waterfall, .list, .compositional:
            break
        }
    }

    /// A layout configured as described (not yet prepared).
    public func makeLayout() -> any CollectionLayout {
        switch self {
        case .flow(let flow): flow.makeLayout()
        case .grid(let grid): grid.makeLayout()
        case .waterfall(let waterfall): waterfall.makeLayout()
        case .list(let list): list.makeLayout()
        case .compositional(let compositional): compositional.makeLayout()
        }
    }
}

/// The options of a flow layout: `{"type": "flow", "scrollDirection": …, "alignment": …,
/// "lineAlignment": …, "interitemSpacing": 10, "lineSpacing": 10, "sectionInset": {…},
/// "maximumLines": 3, "lineBreaking": "greedy" | "balanced", "pinHeaders": false,
/// "pinFooters": false, "displayScale": 2}`. A section may override
/// every metric with the same member names.
public struct FlowSpec: Sendable {
    public var scrollDirection: ScrollDirection = .vertical
    public var metrics = FlowMetrics()
    public var pinHeaders = false
    public var pinFooters = false
    /// The display scale frames are snapped to; nil for exact frames.
    public var displayScale: Double?
    /// Sections whose metrics differ from `metrics`.
    public var sectionMetrics: [Int: FlowMetrics] = [:]

    public init() {}

    static let metricMembers = ["alignment", "lineAlignment", "interitemSpacing", "lineSpacing", "sectionInset", "maximumLines", "lineBreaking"]

    static func decode(_ object: JSONObject) throws(SpecError) -> FlowSpec {
        try object.rejectUnknownMembers(["type", "scrollDirection", "pinHeaders", "pinFooters", "displayScale"] + metricMembers)
        var spec = FlowSpec()
        spec.scrollDirection = try object.optional("scrollDirection")?.oneOf(ScrollDirection.self) ?? .vertical
        spec.metrics = try decodeMetrics(object, defaults: FlowMetrics())
        spec.pinHeaders = try object.optional("pinHeaders")?.bool() ?? false
        spec.pinFooters = try object.optional("pinFooters")?.bool() ?? false
        if let field = object.optional("displayScale") {
            spec.displayScale = try field.atLeast(DocumentLimits.minimumScale, "a display scale", unit: "pixels per point")
        }
        return spec
    }

    /// The metric members of `object` over `defaults`.
    static func decodeMetrics(_ object: JSONObject, defaults: FlowMetrics) throws(SpecError) -> FlowMetrics {
        var metrics = defaults
        if let field = object.optional("alignment") { metrics.alignment = try field.oneOf(FlowAlignment.self) }
        if let field = object.optional("lineAlignment") { metrics.lineAlignment = try field.oneOf(FlowLineAlignment.self) }
        if let field = object.optional("interitemSpacing") { metrics.interitemSpacing = try field.nonNegativeNumber() }
        if let field = object.optional("lineSpacing") { metrics.lineSpacing = try field.nonNegativeNumber() }
        if let field = object.optional("sectionInset") { metrics.sectionInset = try LayoutDocument.decodeInsets(field) }
        if let field = object.optional("maximumLines") { metrics.maximumLines = try field.positiveInteger() }
        if let field = object.optional("lineBreaking") { metrics.lineBreaking = try field.oneOf(FlowLineBreaking.self) }
        return metrics
    }

    mutating func decodeSectionOptions(_ object: JSONObject, section: Int) throws(SpecError) {
        guard Self.metricMembers.contains(where: { object.optional($0) != nil }) else { return }
        sectionMetrics[section] = try Self.decodeMetrics(object, defaults: metrics)
    }

    /// A flow layout with these options.
    public func makeLayout() -> FlowLayout {
        let layout = FlowLayout(scrollDirection: scrollDirection, metrics: metrics, pinsHeaders: pinHeaders, pinsFooters: pinFooters)
        layout.displayScale = displayScale
        if !sectionMetrics.isEmpty {
            let overrides = sectionMetrics
            layout.sectionMetrics = { section, defaults in overrides[section] ?? defaults }
        }
        return layout
    }
}
