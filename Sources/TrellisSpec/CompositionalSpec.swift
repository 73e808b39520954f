import Trellis

/// The options of a compositional layout (docs/Layouts.md, "CompositionalLayout"):
///
/// ```
/// {"type": "compositional", "scrollDirection": "vertical" | "horizontal",
///  "interSectionSpacing": 8, "safeAreaInsets": {…},
///  "boundarySupplementaryItems": [BOUNDARY ITEM, …]   // the whole layout's header and footer
///  "layoutMargins": {…}, "readableContentWidth": 672, "displayScale": 2,
///  "section": SECTION            // every section; or
///  "sections": [SECTION, …]      // section i takes entry min(i, count − 1); or
///  "list": LIST}                 // every section a list
///
/// SECTION: {"group": GROUP, "interGroupSpacing": 8, "contentInsets": {…},
///   "contentInsetsReference": "automatic" | "none" | "safeArea" | "layoutMargins" | "readableContent",
///   "supplementariesFollowContentInsets": true,
///   "supplementaryContentInsetsReference": "automatic" | "none" | "safeArea" | "layoutMargins" | "readableContent",
///   "boundarySupplementaryItems": [{"elementKind": "header",
///       "alignment": "top" | "bottom" | "leading" | "trailing"
///           | "topLeading" | "topTrailing" | "bottomLeading" | "bottomTrailing",
///       "absoluteOffset": {"x": 0, "y": 0},
///       "layoutSize": SIZE, "pinToVisibleBounds": false, "extendsBoundary": true, "zIndex": 10}],
///   "decorationItems": [{"elementKind": "sectionBackground", "contentInsets": {…}, "coversItemsOnly": false}],
///   "orthogonalScrollingBehavior": "none" | "continuous" | "continuousGroupLeadingBoundary"
///       | "paging" | "groupPaging" | "groupPagingCentered",
///   "orthogonalScrollOffset": 0,
///   "separators": {"thickness": 1, "insets": {…}}}
///   or {"list": LIST} for a list section
/// GROUP: {"axis": "horizontal" | "vertical", "layoutSize": SIZE, "subitems": [ITEM | GROUP],
///   "count": 3, "countSizing": "fitsGroup" | "subitemSize",
///   "interItemSpacing": {"fixed": 8} | {"flexible": 0}, "contentInsets": {…},
///   "edgeSpacing": EDGES, "stretchesItems": false,
///   "supplementaryItems": [SUPPLEMENTARY ITEM, …]}   // anchored to each repetition (the section's group only)
/// ITEM: {"layoutSize": SIZE, "contentInsets": {…}, "edgeSpacing": EDGES,
///   "supplementaryItems": [{"elementKind": "badge", "layoutSize": SIZE,
///       "containerAnchor": ANCHOR, "itemAnchor": ANCHOR, "zIndex": 10}]}
/// ANCHOR: {"edges": ["top", "trailing"], "fractionalOffset": {"x": 0.3, "y": -0.3}}
///   or with "absoluteOffset": {"x": 4, "y": -4} (points), or neither (no offset)
/// SIZE: {"widthDimension": DIMENSION, "heightDimension": DIMENSION}
/// DIMENSION: {"fractionalWidth": f} | {"fractionalHeight": f} | {"absolute": p} | {"estimated": p}
/// EDGES: {"leading": SPACING, "top": SPACING, "trailing": SPACING, "bottom": SPACING}
/// LIST: {"appearance": "plain" | "grouped" | "insetGrouped" | "sidebar" | "sidebarPlain",
///   "showsSeparators": true (false in the sidebar appearances),
///   "separatorInsets": {…}, "headerMode": "none" | "supplementary" | "firstItemInSection",
///   "footerMode": "none" | "supplementary",
///   "estimatedRowHeight": 44, "estimatedHeaderHeight": 38, "estimatedFooterHeight": 22,
///   "sectionSpacing": 20}
/// ```
///
/// A group without `count` repeats its subitems while they fit along its axis, as UIKit's
/// `horizontal(layoutSize:subitems:)` does. With `count`, `countSizing` says how the copies
/// are sized: `"fitsGroup"` (the default) resizes them to share the group's extent, as
/// `subitem:count:` (iOS 13) does; `"subitemSize"` keeps each copy's own size, as
/// `repeatingSubitem:count:` (iOS 16) does. `countSizing` without `count` is an error.
///
/// Items' `width` and `height` in the document's sections are the sizes they were measured
/// at: used where a dimension is estimated, ignored elsewhere. Headers' and footers' sizes
/// likewise measure estimated boundary items of the same kind. An item of a section with
/// estimated badges may give the sizes its badges were measured at, by kind:
/// `{"width": 80, "height": 44, "supplementaryItems": {"badge": {"width": 38, "height": 20}}}`
/// (a kind the section has no estimated supplementary item of is an error); the others keep
/// the estimate.
public struct CompositionalSpec: Sendable {
    /// A section's description, or a list configuration made into a section with the
    /// environment of each prepare.
    public enum Entry: Sendable {
        case section(CompositionalSection)
        case list(CompositionalListConfiguration)

        func section(in environment: CompositionalEnvironment) -> CompositionalSection {
            switch self {
            case .section(let section): section
            case .list(let list): CompositionalSection.list(using: list, environment: environment)
            }
        }
    }

    public enum Sections: Sendable {
        /// Section i takes entry `min(i, count − 1)`.
        case each([Entry])
        /// Every section a list, sections `sectionSpacing` apart when grouped.
        case list(CompositionalListConfiguration)
    }

    public var configuration = CompositionalConfiguration()
    public var sections: Sections
    /// The sizes the items' badges were measured at (`"supplementaryItems"` of the
    /// document's items): by section, kind and item.
    public var measuredSupplementaryItems: [Int: [ElementKind: [Int: Size]]] = [:]
    /// The JSON path of each entry of `.each` (`layout.sections[2]`), for the budgets'
    /// messages.
    var entryPaths: [String] = []

    static let members = ["type", "scrollDirection", "boundarySupplementaryItems", "interSectionSpacing", "safeAreaInsets", "layoutMargins", "readableContentWidth", "displayScale", "section", "sections", "list"]

    static func decode(_ object: JSONObject) throws(SpecError) -> CompositionalSpec {
        try object.rejectUnknownMembers(members)
        var configuration = CompositionalConfiguration()
        // Horizontal: the document's "height" is required (LayoutSpec.needsHeight).
        if let field = object.optional("scrollDirection") { configuration.scrollDirection = try field.oneOf(ScrollDirection.self) }
        if let field = object.optional("boundarySupplementaryItems") {
            for item in try field.array() { configuration.boundarySupplementaryItems.append(try decodeBoundaryItem(item)) }
        }
        try object.read("interSectionSpacing", into: &configuration.interSectionSpacing, expected: nonNegative)
        if let field = object.optional("safeAreaInsets") { configuration.safeAreaInsets = try LayoutDocument.decodeInsets(field) }
        if let field = object.optional("layoutMargins") { configuration.layoutMargins = try LayoutDocument.decodeInsets(field) }
        try object.readDividingWidth("readableContentWidth", into: &configuration.readableContentWidth)
        try object.readScale("displayScale", into: &configuration.displayScale)
        configuration = try validated(configuration, in: object) { configuration throws(LayoutOptionsError) in try configuration.validate() }

        let given = ["section", "sections", "list"].compactMap { object.optional($0) }
        guard given.count == 1 else {
            if given.count > 1 { throw SpecError(.invalidValue, path: given[1].path, "expected one of \"section\", \"sections\" and \"list\", not several") }
            throw SpecError(.missingValue, path: object.path.isEmpty ? "section" : "\(object.path).section", "missing; expected \"section\", \"sections\" or \"list\"")
        }
        let sections: Sections
        var entryPaths: [String] = []
        if let field = object.optional("list") {
            sections = .list(try decodeList(field))
        } else if let field = object.optional("section") {
            sections = .each([try decodeSection(field)])
            entryPaths = [field.path]
        } else {
            let fields = try object.optional("sections")!.array()
            guard !fields.isEmpty else { throw object.optional("sections")!.invalid("at least one section") }
            var decoded: [Entry] = []
            for field in fields { decoded.append(try decodeSection(field)) }
            sections = .each(decoded)
            entryPaths = fields.map(\.path)
        }
        var spec = CompositionalSpec(configuration: configuration, sections: sections)
        spec.entryPaths = entryPaths
        if case .each(let entries) = sections {
            spec.hasEstimatedSupplementaryItems = entries.indices.contains { !spec.estimatedSupplementaryKinds(inSection: $0).isEmpty }
        }
        return spec
    }

    /// The kinds of the estimated supplementary items (badges, or a group's) of the
    /// description section `section` takes; a list section has none.
    func estimatedSupplementaryKinds(inSection section: Int) -> [ElementKind] {
        guard case .each(let entries) = sections, case .section(let description) = entries[Swift.min(section, entries.count - 1)] else { return [] }
        var kinds: [ElementKind] = []
        func collect(_ group: CompositionalGroup) {
            for supplementary in group.supplementaryItems where supplementary.hasEstimatedDimension && !kinds.contains(supplementary.elementKind) {
                kinds.append(supplementary.elementKind)
            }
            for subitem in group.subitems {
                switch subitem {
                case .item(let item):
                    for supplementary in item.supplementaryItems where supplementary.hasEstimatedDimension && !kinds.contains(supplementary.elementKind) {
                        kinds.append(supplementary.elementKind)
                    }
                case .group(let nested): collect(nested)
                }
            }
        }
        collect(description.group)
        return kinds
    }

    /// Whether some section has estimated supplementary items (its items may then say what
    /// they measured); found once, when the spec is decoded.
    private(set) var hasEstimatedSupplementaryItems = false

    /// Reads the measured badge sizes of a section's items (`"supplementaryItems"`).
    mutating func decodeItemOptions(_ items: [JSONField], section: Int) throws(SpecError) {
        var kinds: [ElementKind]?
        for (index, item) in items.enumerated() {
            guard case .object = item.value, let field = try item.object().optional("supplementaryItems") else { continue }
            let known = kinds ?? estimatedSupplementaryKinds(inSection: section)
            kinds = known
            let object = try field.object()
            for (name, value) in object.members {
                let sizeField = JSONField(value, location: field.location.member(name))
                let kind: ElementKind = .supplementary(name)
                guard known.contains(kind) else {
                    let names = known.map { "\"\($0.name)\"" }.joined(separator: ", ")
                    throw SpecError(.invalidValue, path: field.path(of: JSONValue.shortened(name)), known.isEmpty
                        ? "the section has no estimated supplementary item to measure"
                        : "the section has no estimated supplementary item of this kind; expected one of \(names)")
                }
                measuredSupplementaryItems[section, default: [:]][kind, default: [:]][index] = try LayoutDocument.decodeSize(sizeField)
            }
        }
    }

    /// A compositional layout with these options.
    public func makeLayout() -> CompositionalLayout {
        switch sections {
        case .list(let list):
            return CompositionalLayout.list(using: list, configuration: configuration)
        case .each(let entries):
            if entries.count == 1, case .section(let section) = entries[0] { return CompositionalLayout(section: section, configuration: configuration) }
            return CompositionalLayout(configuration: configuration) { index, environment in
                entries[Swift.min(index, entries.count - 1)].section(in: environment)
            }
        }
    }

    // MARK: Sections

    static let sectionMembers = [
        "group", "list", "interGroupSpacing", "contentInsets", "contentInsetsReference", "supplementariesFollowContentInsets",
        "supplementaryContentInsetsReference", "boundarySupplementaryItems", "decorationItems", "orthogonalScrollingBehavior", "orthogonalScrollOffset", "separators",
    ]

    /// A section, checked by `CompositionalSection.validate()` (errors at the option's path).
    static func decodeSection(_ field: JSONField) throws(SpecError) -> Entry {
        let object = try field.object()
        try object.rejectUnknownMembers(sectionMembers)
        if let list = object.optional("list") {
            if let other = sectionMembers.filter({ $0 != "list" }).compactMap({ object.optional($0) }).first {
                throw SpecError(.invalidValue, path: other.path, "not allowed with \"list\" (a list section is complete)")
            }
            return .list(try decodeList(list))
        }
        let group = try decodeGroup(try object.required("group", expected: "a group object"))
        var section = CompositionalSection(group: group)
        try object.read("interGroupSpacing", into: &section.interGroupSpacing, expected: nonNegative)
        if let field = object.optional("contentInsets") { section.contentInsets = try LayoutDocument.decodeInsets(field) }
        if let field = object.optional("contentInsetsReference") { section.contentInsetsReference = try field.oneOf(ContentInsetsReference.self) }
        if let field = object.optional("supplementariesFollowContentInsets") { section.supplementariesFollowContentInsets = try field.bool() }
        if let field = object.optional("supplementaryContentInsetsReference") {
            section.supplementaryContentInsetsReference = try field.oneOf(ContentInsetsReference.self)
        }
        if let field = object.optional("boundarySupplementaryItems") {
            for item in try field.array() { section.boundarySupplementaryItems.append(try decodeBoundaryItem(item)) }
        }
        if let field = object.optional("decorationItems") {
            for item in try field.array() { section.decorationItems.append(try decodeDecorationItem(item)) }
        }
        if let field = object.optional("orthogonalScrollingBehavior") { section.orthogonalScrollingBehavior = try field.oneOf(OrthogonalScrollingBehavior.self) }
        try object.read("orthogonalScrollOffset", into: &section.initialOrthogonalScrollOffset, expected: "a finite number")
        if let field = object.optional("separators") { section.separators = try field.separators() }
        // Before anything counts the group's cells or builds its plan: the cells of a
        // `count` inside a `count` multiply past Int, and the nodes it holds.
        let cost = CompositionalBudget.nodes(of: .group(group))
        if let problem = CompositionalBudget.cellsProblem(cost) { throw SpecError(.invalidValue, path: "\(object.path).group", problem) }
        do {
            try section.validate()
        } catch {
            let at = object.field(atIndexedPath: error.option)
            throw SpecError(.invalidValue, path: at?.path ?? "\(object.path).\(error.option)", "expected \(error.expected), got \(at?.value.excerpt ?? error.value)")
        }
        if cost.nodes > DocumentLimits.maximumGroupNodes {
            throw SpecError(.invalidValue, path: "\(object.path).group", CompositionalBudget.nodesMessage(cost.nodes, of: "this group"))
        }
        return .section(section)
    }

    static func decodeBoundaryItem(_ field: JSONField) throws(SpecError) -> CompositionalBoundaryItem {
        let object = try field.object()
        try object.rejectUnknownMembers(["elementKind", "alignment", "absoluteOffset", "layoutSize", "pinToVisibleBounds", "extendsBoundary", "zIndex"])
        let kindField = try object.required("elementKind", expected: "a string (\"header\", \"footer\" or a name of your own)")
        guard case .string(let kind) = kindField.value, !kind.isEmpty else { throw kindField.invalid("a non-empty string") }
        let elementKind: ElementKind = kind == "header" ? .header : kind == "footer" ? .footer : .supplementary(kind)
        let alignment = try object.optional("alignment")?.oneOf(CompositionalBoundaryItem.Alignment.self) ?? (kind == "footer" ? .bottom : .top)
        let size = try object.optional("layoutSize").map { field throws(SpecError) in try decodeSize(field) }
            ?? CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        var item = CompositionalBoundaryItem(layoutSize: size, elementKind: elementKind, alignment: alignment)
        item.pinToVisibleBounds = try object.optional("pinToVisibleBounds")?.bool() ?? false
        item.extendsBoundary = try object.optional("extendsBoundary")?.bool() ?? true
        if let field = object.optional("zIndex") { item.zIndex = try field.wholeNumber(in: Int(Int32.min)...Int(Int32.max)) }
        if let field = object.optional("absoluteOffset") { item.offset = try decodePoint(field) }
        return item
    }

    /// `{"x": …, "y": …}`, both finite.
    static func decodePoint(_ field: JSONField) throws(SpecError) -> Point {
        let point = try field.object()
        try point.rejectUnknownMembers(["x", "y"])
        return Point(
            x: try point.required("x", expected: "a finite number").finiteNumber(),
            y: try point.required("y", expected: "a finite number").finiteNumber())
    }

    /// A supplementary item attached to an item's cells (a badge) or to a group's repetitions.
    static func decodeSupplementaryItem(_ field: JSONField) throws(SpecError) -> CompositionalSupplementaryItem {
        let object = try field.object()
        try object.rejectUnknownMembers(["elementKind", "layoutSize", "containerAnchor", "itemAnchor", "zIndex"])
        let kindField = try object.required("elementKind", expected: "a string (a name of your own, such as \"badge\")")
        guard case .string(let kind) = kindField.value, !kind.isEmpty else { throw kindField.invalid("a non-empty string") }
        var item = CompositionalSupplementaryItem(
            layoutSize: try decodeSize(try object.required("layoutSize", expected: "a size object")), elementKind: .supplementary(kind),
            containerAnchor: try decodeAnchor(try object.required("containerAnchor", expected: "an anchor object")),
            itemAnchor: try object.optional("itemAnchor").map { field throws(SpecError) in try decodeAnchor(field) })
        if let field = object.optional("zIndex") { item.zIndex = try field.wholeNumber(in: Int(Int32.min)...Int(Int32.max)) }
        return item
    }

    static let edgeNames: [(String, DirectionalRectEdge)] = [("top", .top), ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing)]

    /// `{"edges": [EDGE, …], "fractionalOffset": {"x": …, "y": …}}`, or `"absoluteOffset"`
    /// (not both), or no offset.
    static func decodeAnchor(_ field: JSONField) throws(SpecError) -> CompositionalAnchor {
        let object = try field.object()
        try object.rejectUnknownMembers(["edges", "fractionalOffset", "absoluteOffset"])
        var edges: DirectionalRectEdge = []
        let allowed = edgeNames.map { "\"\($0.0)\"" }.joined(separator: ", ")
        for edge in try object.required("edges", expected: "an array of edges (\(allowed))").array() {
            guard case .string(let name) = edge.value, let match = edgeNames.first(where: { $0.0 == name }) else {
                throw SpecError(.unknownValue, path: edge.path, "unknown edge \(edge.value.excerpt); expected one of \(allowed)")
            }
            edges.insert(match.1)
        }
        func point(_ field: JSONField) throws(SpecError) -> Point { try decodePoint(field) }
        switch (object.optional("fractionalOffset"), object.optional("absoluteOffset")) {
        case (let fractional?, nil): return CompositionalAnchor(edges: edges, fractionalOffset: try point(fractional))
        case (nil, let absolute?): return CompositionalAnchor(edges: edges, absoluteOffset: try point(absolute))
        case (nil, nil): return CompositionalAnchor(edges: edges)
        case (_, let absolute?): throw SpecError(.invalidValue, path: absolute.path, "not allowed with \"fractionalOffset\" (an anchor has one offset)")
        }
    }

    static func decodeDecorationItem(_ field: JSONField) throws(SpecError) -> CompositionalDecorationItem {
        let object = try field.object()
        try object.rejectUnknownMembers(["elementKind", "contentInsets", "coversItemsOnly", "zIndex"])
        var item = CompositionalDecorationItem()
        if let kindField = object.optional("elementKind") {
            guard case .string(let kind) = kindField.value, !kind.isEmpty else { throw kindField.invalid("a non-empty string") }
            item.elementKind = .decoration(kind)
        }
        if let insets = object.optional("contentInsets") { item.contentInsets = try insets.signedInsets() }
        item.coversItemsOnly = try object.optional("coversItemsOnly")?.bool() ?? false
        if let field = object.optional("zIndex") { item.zIndex = try field.wholeNumber(in: Int(Int32.min)...Int(Int32.max)) }
        return item
    }

    // MARK: Groups and items

    static func decodeGroup(_ field: JSONField) throws(SpecError) -> CompositionalGroup {
        let object = try field.object()
        try object.rejectUnknownMembers([
            "axis", "layoutSize", "subitems", "count", "countSizing", "interItemSpacing", "contentInsets", "edgeSpacing", "stretchesItems",
            "supplementaryItems",
        ])
        let axis = try object.required("axis", expected: "\"horizontal\" or \"vertical\"").oneOf(CompositionalGroup.Axis.self)
        let size = try decodeSize(try object.required("layoutSize", expected: "a size object"))
        var subitems: [CompositionalSubitem] = []
        for subitem in try object.required("subitems", expected: "an array of items and groups").array() {
            let member = try subitem.object()
            subitems.append(member.optional("subitems") != nil || member.optional("axis") != nil ? .group(try decodeGroup(subitem)) : .item(try decodeItem(subitem)))
        }
        var group = CompositionalGroup(layoutSize: size, axis: axis, subitems: subitems)
        if let field = object.optional("count") { group.count = try field.wholeNumber(in: 1...DocumentLimits.maximumGroupCount) }
        if let field = object.optional("countSizing") {
            guard group.count != nil else { throw SpecError(.invalidValue, path: field.path, "only allowed with \"count\"") }
            group.countSizing = try field.oneOf(CompositionalGroup.CountSizing.self)
        }
        if let field = object.optional("interItemSpacing") { group.interItemSpacing = try decodeSpacing(field) }
        if let field = object.optional("contentInsets") { group.contentInsets = try LayoutDocument.decodeInsets(field) }
        if let field = object.optional("edgeSpacing") { group.edgeSpacing = try decodeEdgeSpacing(field) }
        group.stretchesItems = try object.optional("stretchesItems")?.bool() ?? false
        if let field = object.optional("supplementaryItems") {
            for supplementary in try field.array() { group.supplementaryItems.append(try decodeSupplementaryItem(supplementary)) }
        }
        return group
    }

    static func decodeItem(_ field: JSONField) throws(SpecError) -> CompositionalItem {
        let object = try field.object()
        try object.rejectUnknownMembers(["layoutSize", "contentInsets", "edgeSpacing", "supplementaryItems"])
        var item = CompositionalItem(layoutSize: try decodeSize(try object.required("layoutSize", expected: "a size object")))
        if let field = object.optional("contentInsets") { item.contentInsets = try LayoutDocument.decodeInsets(field) }
        if let field = object.optional("edgeSpacing") { item.edgeSpacing = try decodeEdgeSpacing(field) }
        if let field = object.optional("supplementaryItems") {
            for supplementary in try field.array() { item.supplementaryItems.append(try decodeSupplementaryItem(supplementary)) }
        }
        return item
    }

    static func decodeSize(_ field: JSONField) throws(SpecError) -> CompositionalSize {
        let object = try field.object()
        try object.rejectUnknownMembers(["widthDimension", "heightDimension"])
        return CompositionalSize(
            widthDimension: try decodeDimension(try object.required("widthDimension", expected: "a dimension object")),
            heightDimension: try decodeDimension(try object.required("heightDimension", expected: "a dimension object")))
    }

    static let dimensionKinds = ["fractionalWidth", "fractionalHeight", "absolute", "estimated"]

    /// `{"fractionalWidth": f}`, `{"fractionalHeight": f}`, `{"absolute": p}` or
    /// `{"estimated": p}`: exactly one member, a non-negative number.
    static func decodeDimension(_ field: JSONField) throws(SpecError) -> CompositionalDimension {
        let expected = "an object with one of \(dimensionKinds.map { "\"\($0)\"" }.joined(separator: ", "))"
        let object = try field.object()
        try object.rejectUnknownMembers(dimensionKinds)
        let given = dimensionKinds.compactMap { kind in object.optional(kind).map { (kind, $0) } }
        guard given.count == 1, let (kind, value) = given.first else { throw field.invalidShape(expected, given: given.map(\.0)) }
        let number = try value.nonNegativeNumber()
        switch kind {
        case "fractionalWidth": return .fractionalWidth(number)
        case "fractionalHeight": return .fractionalHeight(number)
        case "absolute": return .absolute(number)
        default: return .estimated(number)
        }
    }

    /// `{"fixed": p}` or `{"flexible": p}`.
    static func decodeSpacing(_ field: JSONField) throws(SpecError) -> CompositionalSpacing {
        let object = try field.object()
        try object.rejectUnknownMembers(["fixed", "flexible"])
        if let fixed = object.optional("fixed"), object.optional("flexible") == nil { return .fixed(try fixed.nonNegativeNumber()) }
        if let flexible = object.optional("flexible"), object.optional("fixed") == nil { return .flexible(try flexible.nonNegativeNumber()) }
        throw field.invalidShape("an object with one of \"fixed\", \"flexible\"", given: ["fixed", "flexible"].filter { object.optional($0) != nil })
    }

    static func decodeEdgeSpacing(_ field: JSONField) throws(SpecError) -> CompositionalEdgeSpacing {
        let object = try field.object()
        try object.rejectUnknownMembers(["leading", "top", "trailing", "bottom"])
        func edge(_ name: String) throws(SpecError) -> CompositionalSpacing? {
            try object.optional(name).map { field throws(SpecError) in try decodeSpacing(field) }
        }
        return CompositionalEdgeSpacing(leading: try edge("leading"), top: try edge("top"), trailing: try edge("trailing"), bottom: try edge("bottom"))
    }

    // MARK: Lists

    static func decodeList(_ field: JSONField) throws(SpecError) -> CompositionalListConfiguration {
        let object = try field.object()
        try object.rejectUnknownMembers([
            "appearance", "showsSeparators", "separatorInsets", "headerMode", "footerMode",
            "estimatedRowHeight", "estimatedHeaderHeight", "estimatedFooterHeight", "sectionSpacing",
        ])
        let appearance = try object.optional("appearance")?.oneOf(CompositionalListConfiguration.Appearance.self) ?? .plain
        var list = CompositionalListConfiguration(appearance: appearance)
        // Absent: the appearance's default (none in the sidebar appearances).
        if let shows = object.optional("showsSeparators") { list.showsSeparators = try shows.bool() }
        if let insets = object.optional("separatorInsets") { list.separatorInsets = try LayoutDocument.decodeInsets(insets) }
        if let mode = object.optional("headerMode") { list.headerMode = try mode.oneOf(CompositionalListConfiguration.SupplementaryMode.self) }
        if let mode = object.optional("footerMode") { list.footerMode = try mode.oneOf(CompositionalListConfiguration.SupplementaryMode.self) }
        try object.read("estimatedRowHeight", into: &list.estimatedRowHeight, expected: nonNegative)
        try object.read("estimatedHeaderHeight", into: &list.estimatedHeaderHeight, expected: nonNegative)
        try object.read("estimatedFooterHeight", into: &list.estimatedFooterHeight, expected: nonNegative)
        try object.read("sectionSpacing", into: &list.sectionSpacing, expected: nonNegative)
        return try validated(list, in: object) { list throws(LayoutOptionsError) in try list.validate() }
    }
}

extension JSONObject {
    /// The field at a path below this object whose steps are members and array indexes
    /// (`group.subitems[0].layoutSize`), or nil.
    func field(atIndexedPath path: String) -> JSONField? {
        var current = field
        for step in path.split(separator: ".") {
            var name = Substring(step)
            var indexes: [Int] = []
            while let open = name.lastIndex(of: "["), name.hasSuffix("]"), let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) {
                indexes.insert(index, at: 0)
                name = name[..<open]
            }
            guard let object = try? current.object(), let next = object.optional(String(name)) else { return nil }
            current = next
            for index in indexes {
                guard let elements = try? current.array(), index < elements.count else { return nil }
                current = elements[index]
            }
        }
        return current
    }
}

extension CompositionalSupplementaryItem {
    /// Whether its width or height is estimated (its view is measured).
    fileprivate var hasEstimatedDimension: Bool { layoutSize.widthDimension.isEstimated || layoutSize.heightDimension.isEstimated }
}
