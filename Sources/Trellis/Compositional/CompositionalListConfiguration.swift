/// A list section's options (`UICollectionLayoutListConfiguration`): full-width rows of
/// estimated height, separators between them, optional headers and footers, in one of
/// UIKit's three appearances. `CompositionalSection.list(using:environment:)` turns it into
/// an ordinary section (a horizontal group of one estimated item, separators, boundary
/// items, a background), which can be adjusted further.
///
/// The metrics are Trellis's approximations of UIKit's (which vary by iOS version):
///
/// | appearance | rows | headers | between sections | background |
/// |---|---|---|---|---|
/// | `plain` | edge to edge | pinned | nothing | none |
/// | `grouped` | edge to edge | not pinned | `sectionSpacing` | none |
/// | `insetGrouped` | inside the layout margins (16 pt compact, 20 regular) | not pinned, inside the margins | `sectionSpacing` | behind the rows only (`listBackground` kind) |
/// | `sidebar` | inside the layout margins | not pinned, inside the margins | `sectionSpacing` | none |
/// | `sidebarPlain` | edge to edge | not pinned | nothing | none |
///
/// The space between sections belongs to the section: a list section of a spacing
/// appearance keeps `sectionSpacing` from the section before it, on top of the layout's
/// `interSectionSpacing` (0 unless set), as UIKit's list sections carry their own spacing.
/// So a section provider returning `CompositionalSection.list(using:environment:)` sections
/// lays them out exactly as `CompositionalLayout.list(using:)` does, and in a layout that
/// mixes appearances each section's own appearance decides the space above it.
///
/// The sidebar appearances show no separators unless `showsSeparators` is passed as true
/// (UIKit's default for them).
/// Rows touch, as in UIKit. Separators are `1 / displayScale` thick (a hairline), start at
/// the layout margin (`separatorInsets` overrides), and lie over the bottom of each row but
/// the last, inside it (where `UICollectionViewListCell` draws its own), z-index 1.
public struct CompositionalListConfiguration: Hashable, Sendable {
    public enum Appearance: String, Hashable, Sendable, CaseIterable {
        case plain
        case grouped
        case insetGrouped
        /// A sidebar (iPadOS, a desktop window's source list): rows inside the margins,
        /// no separators.
        case sidebar
        /// A sidebar's plain form: rows edge to edge, no separators.
        case sidebarPlain

        /// Sections of this appearance keep `sectionSpacing` from the section before them.
        var spacesSections: Bool { self == .grouped || self == .insetGrouped || self == .sidebar }
    }

    /// How a list shows its sections' headers or footers (UIKit's `HeaderMode` and
    /// `FooterMode`, one enum here).
    public enum SupplementaryMode: String, Hashable, Sendable, CaseIterable {
        case none
        /// A boundary supplementary item of kind `.header` or `.footer`.
        case supplementary
        /// Headers only: the first item of each section is the header
        /// (`.firstItemInSection`). Its row is laid out as any other, but no separator
        /// lies below it, an inset-grouped background covers the rows after it only, and a
        /// `ListCell` shown for it takes the list's header look by default (the outline
        /// sidebars of Apple's samples, where the header row expands and collapses its
        /// section).
        case firstItemInSection
    }

    public var appearance: Appearance
    public var showsSeparators: Bool
    /// Leading and trailing insets of the separators; nil: the layout margin, 0.
    public var separatorInsets: EdgeInsets?
    public var headerMode: SupplementaryMode
    public var footerMode: SupplementaryMode
    /// The estimated height of rows, headers and footers.
    public var estimatedRowHeight: Double
    public var estimatedHeaderHeight: Double
    public var estimatedFooterHeight: Double
    /// The rows' swipe actions (UIKit's `leadingSwipeActionsConfigurationProvider` and
    /// `trailingSwipeActionsConfigurationProvider`, typed in TrellisKit, which knows actions
    /// and views; this module keeps them opaque). Not part of `==`'s comparison beyond
    /// their identity.
    public var swipeActionsProviders = ListSwipeActionsProviders()
    /// The space a section of the grouped appearances (`grouped`, `insetGrouped`,
    /// `sidebar`) keeps from the section before it, however the layout is built; unused by
    /// `plain` and `sidebarPlain`, whose sections touch.
    public var sectionSpacing: Double

    public init(
        appearance: Appearance, showsSeparators: Bool? = nil, separatorInsets: EdgeInsets? = nil,
        headerMode: SupplementaryMode = .none, footerMode: SupplementaryMode = .none,
        estimatedRowHeight: Double = 44, estimatedHeaderHeight: Double = 38, estimatedFooterHeight: Double = 22,
        sectionSpacing: Double = 20
    ) {
        self.appearance = appearance
        self.showsSeparators = showsSeparators ?? (appearance != .sidebar && appearance != .sidebarPlain)
        self.separatorInsets = separatorInsets
        self.headerMode = headerMode
        self.footerMode = footerMode
        self.estimatedRowHeight = estimatedRowHeight
        self.estimatedHeaderHeight = estimatedHeaderHeight
        self.estimatedFooterHeight = estimatedFooterHeight
        self.sectionSpacing = sectionSpacing
    }

    /// Throws when an option cannot be used, naming it.
    public func validate() throws(LayoutOptionsError) {
        for (name, value) in [("estimatedRowHeight", estimatedRowHeight), ("estimatedHeaderHeight", estimatedHeaderHeight),
                              ("estimatedFooterHeight", estimatedFooterHeight), ("sectionSpacing", sectionSpacing)] {
            try validateSpacing(value, name)
        }
        if let separatorInsets, let problem = insetsProblem(separatorInsets, "separatorInsets") { throw problem }
        if footerMode == .firstItemInSection {
            throw LayoutOptionsError(option: "footerMode", expected: "none or supplementary (only headers can be the first item)", value: footerMode.rawValue)
        }
    }
}

extension ElementKind {
    /// The background behind an inset-grouped list section's rows.
    public static let listBackground = ElementKind.decoration("listBackground")
}

extension CompositionalSection {
    /// A list section (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    /// - Precondition: the configuration is valid (`validate()`).
    public static func list(using configuration: CompositionalListConfiguration, environment: CompositionalEnvironment) -> CompositionalSection {
        precondition((try? configuration.validate()) != nil, "list configuration: \(validationMessage(configuration.validate))")
        let row = CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(configuration.estimatedRowHeight))
        var section = CompositionalSection(
            group: .horizontal(layoutSize: row, subitems: [CompositionalItem(layoutSize: row)]), contentInsetsReference: .none)
        let inset = configuration.appearance == .insetGrouped || configuration.appearance == .sidebar
        if inset { section.contentInsetsReference = .layoutMargins }
        let pins = configuration.appearance == .plain
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(.header(height: .estimated(configuration.estimatedHeaderHeight), pinToVisibleBounds: pins))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(.footer(height: .estimated(configuration.estimatedFooterHeight)))
        }
        if configuration.showsSeparators {
            let margin = inset ? 16 : environment.layoutMargins.leading
            section.separators = ListLayout.Separators(
                thickness: 1 / environment.displayScale, insets: configuration.separatorInsets ?? EdgeInsets(leading: margin))
        }
        if configuration.appearance == .insetGrouped {
            section.decorationItems = [.background(elementKind: .listBackground, coversItemsOnly: true)]
        }
        section.listConfiguration = configuration
        return section
    }
}

extension CompositionalLayout {
    /// The list configuration section `index` was made from in the last prepare; nil for
    /// a section that is not a list or that the layout does not have.
    /// - Complexity: O(1).
    public func listConfiguration(ofSection index: Int) -> CompositionalListConfiguration? {
        index >= 0 && index < plans.count ? plans[index].section.listConfiguration : nil
    }

    /// A layout whose every section is a list (`UICollectionViewCompositionalLayout.list(using:)`),
    /// sections `sectionSpacing` apart in the grouped appearances (plus the configuration's
    /// `interSectionSpacing`, 0 unless set): the same frames as a section provider returning
    /// `CompositionalSection.list(using:environment:)` for every section.
    public static func list(using listConfiguration: CompositionalListConfiguration, configuration: CompositionalConfiguration = CompositionalConfiguration()) -> CompositionalLayout {
        CompositionalLayout(configuration: configuration) { _, environment in
            CompositionalSection.list(using: listConfiguration, environment: environment)
        }
    }
}

/// A list's swipe action providers, kept opaque in the layout module: each gives, for an
/// index path, the actions of the row's leading or trailing edge as TrellisKit's
/// `SwipeActionsConfiguration` (set them through TrellisKit's typed
/// `leadingSwipeActionsConfigurationProvider` / `trailingSwipeActionsConfigurationProvider`).
/// Equal when they hold the same providers (by identity).
///
/// Sendable because lists are: the providers run only where the collection view that
/// shows the list runs (docs/Concurrency.md), never concurrently.
public struct ListSwipeActionsProviders: Hashable, @unchecked Sendable {
    /// One provider, compared by identity.
    public final class Provider: Hashable {
        public let actions: (IndexPath) -> Any?
        public init(_ actions: @escaping (IndexPath) -> Any?) { self.actions = actions }
        public static func == (lhs: Provider, rhs: Provider) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    public var leading: Provider?
    public var trailing: Provider?

    public init(leading: Provider? = nil, trailing: Provider? = nil) {
        self.leading = leading
        self.trailing = trailing
    }

    /// True when neither edge has a provider.
    public var isEmpty: Bool { leading == nil && trailing == nil }
}
