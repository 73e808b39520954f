import Testing
@testable import Trellis

// A list section's space from the section before it, whichever way the layout is built.
//
// UIKit documents two ways to make a list (UICollectionLayoutListConfiguration's overview):
// `UICollectionViewCompositionalLayout.list(using:)`, every section a list, and a section
// provider returning `NSCollectionLayoutSection.list(using:layoutEnvironment:)` for each
// section (Apple's List Appearances screen). Both lay out the same list sections, so the
// same configuration gives the same frames either way. The reference figure is the space
// `CompositionalLayout.list(using:)` has always put between sections of the grouped
// appearances: `CompositionalListConfiguration.sectionSpacing`, 20 pt by default (Trellis's
// approximation of UIKit's grouped section gap, which varies by iOS version); `plain` and
// `sidebarPlain` sections touch. The frames below are worked out here from those figures
// and the list metrics (rows full width, inside the 16-pt compact layout margins in
// `insetGrouped` and `sidebar`, touching; headers and footers above and below the rows at
// their given heights), never read back from a layout.

private let width = 320.0
private let rows: [[Double]] = [[44, 60, 30], [50], [40, 40]]
private let headerHeight = 30.0, footerHeight = 18.0

private func source(header: Bool, footer: Bool) -> StaticLayoutSource {
    StaticLayoutSource(
        containerSize: Size(width: width, height: 800),
        sections: rows.map {
            .init(sizes: $0.map { Size(width: 1, height: $0) },
                  header: header ? Size(width: 0, height: headerHeight) : nil, footer: footer ? Size(width: 0, height: footerHeight) : nil)
        })
}

/// Every element of `layout` at rest, in a stable order.
private func everything(_ layout: CompositionalLayout) -> [LayoutAttributes] {
    layout.elements(in: Rect(x: 0, y: 0, width: width, height: 5000))
        .sorted { ($0.kind.name, $0.indexPath) < ($1.kind.name, $1.indexPath) }
}

/// The documented space above a section of `appearance` that follows another.
private func spaceBefore(_ appearance: CompositionalListConfiguration.Appearance) -> Double {
    switch appearance {
    case .grouped, .insetGrouped, .sidebar: 20
    case .plain, .sidebarPlain: 0
    }
}

@Suite("List sections' spacing, whichever way the layout is built")
struct CompositionalListSectionSpacingTests {
    static let headerModes: [CompositionalListConfiguration.SupplementaryMode] = [.none, .supplementary, .firstItemInSection]

    /// Every appearance, header mode and footer mode: the section provider's layout equals
    /// the whole-layout list's element for element, and both equal the worked-out frames.
    @Test(arguments: CompositionalListConfiguration.Appearance.allCases, headerModes)
    func aSectionProviderListEqualsTheWholeLayoutList(appearance: CompositionalListConfiguration.Appearance, headerMode: CompositionalListConfiguration.SupplementaryMode) {
        for footerMode in [CompositionalListConfiguration.SupplementaryMode.none, .supplementary] {
            let configuration = CompositionalListConfiguration(appearance: appearance, headerMode: headerMode, footerMode: footerMode)
            let s = source(header: headerMode == .supplementary, footer: footerMode == .supplementary)
            let whole = CompositionalLayout.list(using: configuration)
            let provided = CompositionalLayout { _, environment in CompositionalSection.list(using: configuration, environment: environment) }
            whole.prepare(from: s)
            provided.prepare(from: s)
            #expect(everything(provided) == everything(whole), "\(appearance), header \(headerMode), footer \(footerMode)")
            #expect(provided.contentSize == whole.contentSize)

            let x = appearance == .insetGrouped || appearance == .sidebar ? 16.0 : 0
            var top = 0.0
            for (section, heights) in rows.enumerated() {
                if section > 0 { top += spaceBefore(appearance) }
                for layout in [whole, provided] {
                    let header = layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: section))
                    #expect(header?.frame == (headerMode == .supplementary ? Rect(x: x, y: top, width: width - 2 * x, height: headerHeight) : nil),
                            "header of \(section), \(appearance)")
                }
                if headerMode == .supplementary { top += headerHeight }
                for (item, height) in heights.enumerated() {
                    for layout in [whole, provided] {
                        #expect(layout.attributesForItem(at: IndexPath(item: item, section: section))?.frame == Rect(x: x, y: top, width: width - 2 * x, height: height),
                                "item \(item) of \(section), \(appearance), header \(headerMode), footer \(footerMode)")
                    }
                    top += height
                }
                if footerMode == .supplementary {
                    #expect(provided.attributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: section))?.frame
                            == Rect(x: x, y: top, width: width - 2 * x, height: footerHeight))
                    top += footerHeight
                }
            }
            #expect(provided.contentSize.height == top, "\(appearance), header \(headerMode), footer \(footerMode)")
        }
    }

    /// A layout mixing appearances (Apple's sidebar-and-settings shapes): the space above a
    /// section is its own appearance's, and the layout's `interSectionSpacing` adds to it
    /// between every two sections.
    @Test(arguments: [0.0, 8.0]) func eachSectionsAppearanceDecidesTheSpaceAboveIt(interSectionSpacing: Double) {
        let appearances: [CompositionalListConfiguration.Appearance] = [.sidebar, .insetGrouped, .plain, .grouped, .sidebarPlain, .grouped]
        var spaced = CompositionalListConfiguration(appearance: .grouped)
        spaced.sectionSpacing = 35
        let layout = CompositionalLayout(configuration: CompositionalConfiguration(interSectionSpacing: interSectionSpacing)) { index, environment in
            // The last section has its own figure: the one that follows is what counts.
            index == 5 ? CompositionalSection.list(using: spaced, environment: environment)
                : CompositionalSection.list(using: CompositionalListConfiguration(appearance: appearances[index]), environment: environment)
        }
        let s = StaticLayoutSource(containerSize: Size(width: width, height: 800), sections: (0..<6).map { _ in .init(sizes: [Size(width: 1, height: 44)]) })
        layout.prepare(from: s)
        var top = 0.0
        for section in 0..<6 {
            if section > 0 { top += interSectionSpacing + (section == 5 ? 35 : spaceBefore(appearances[section])) }
            #expect(layout.attributesForItem(at: IndexPath(item: 0, section: section))?.frame.minY == top, "section \(section) (\(appearances[section]))")
            top += 44
        }
        #expect(layout.contentSize.height == top)
    }

    /// A row measured after the first layout (rows are estimated) moves every later section
    /// with its spacing kept: the incremental path equals a fresh prepare.
    @Test func measuringARowKeepsTheSpacing() {
        let configuration = CompositionalListConfiguration(appearance: .insetGrouped)
        let layout = CompositionalLayout { _, environment in CompositionalSection.list(using: configuration, environment: environment) }
        var s = source(header: false, footer: false)
        layout.prepare(from: s)
        s.sections[0] = .init(sizes: [44, 90, 30].map { Size(width: 1, height: $0) })
        layout.invalidate(.sizes([(IndexPath(item: 1, section: 0), ItemSize(width: 1, height: 90))]), source: s)
        let fresh = CompositionalLayout.list(using: configuration)
        fresh.prepare(from: s)
        #expect(everything(layout) == everything(fresh))
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 44.0 + 90 + 30 + 20)
        #expect(layout.attributesForItem(at: IndexPath(item: 0, section: 2))?.frame.minY == 164.0 + 20 + 50 + 20)
    }
}
