import Testing
import TrellisText

@Suite struct ContentSizeCategoryTests {
    @Test func categoriesAreOrderedSmallestFirst() {
        #expect(ContentSizeCategory.allCases.count == 12)
        #expect(ContentSizeCategory.allCases.sorted() == ContentSizeCategory.allCases)
        #expect(ContentSizeCategory.extraSmall < .large)
        #expect(ContentSizeCategory.large < .accessibilityMedium)
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    @Test(arguments: [
        (ContentSizeCategory.extraSmall, 14.0), (.small, 15), (.medium, 16), (.large, 17), (.extraLarge, 19),
        (.extraExtraLarge, 21), (.extraExtraExtraLarge, 23), (.accessibilityMedium, 28), (.accessibilityLarge, 33),
        (.accessibilityExtraLarge, 40), (.accessibilityExtraExtraLarge, 47), (.accessibilityExtraExtraExtraLarge, 53),
    ])
    func bodyFollowsTheSystemTable(category: ContentSizeCategory, size: Double) {
        #expect(TextStyleName.body.pointSize(for: category) == size)
        #expect(category.scaledSize(for: 17) == size)
    }

    @Test func customSizesScaleByTheStylesRatio() {
        // A 34 pt body font at accessibility 5 grows like 17 → 53.
        #expect(ContentSizeCategory.accessibilityExtraExtraExtraLarge.scaledSize(for: 34) == 106)
        #expect(ContentSizeCategory.large.scaledSize(for: 12.5, textStyle: .caption1) == 12.5)
        #expect(abs(ContentSizeCategory.extraSmall.scaledSize(for: 28, textStyle: .title1) - 25) < 1e-12)
        let font = ContentSizeCategory.extraLarge.scaledFont(Font(size: 17, weight: .bold))
        #expect(font.size == 19)
        #expect(font.weight == .bold)
    }

    /// A desktop's text scale becomes the category whose body size is nearest by ratio,
    /// from Apple's table (body 14 15 16 17 19 21 23 28 33 40 47 53): GNOME's large text
    /// (×1.25 → 21.25 pt) is extra extra large (21), ×1.5 (25.5) is nearer 28 than 23 by
    /// ratio (28/25.5 = 1.098 < 25.5/23 = 1.109).
    @Test(arguments: [
        (1.0, ContentSizeCategory.large), (1.25, .extraExtraLarge), (1.1, .extraLarge), (0.9, .small),
        (0.8, .extraSmall), (0.5, .extraSmall), (1.5, .accessibilityMedium), (2.0, .accessibilityLarge),
        (3.0, .accessibilityExtraExtraExtraLarge), (10, .accessibilityExtraExtraExtraLarge),
        (0, .large), (-1, .large), (.nan, .large), (.infinity, .large),
    ])
    func textScaleMapsToTheNearestCategory(scale: Double, category: ContentSizeCategory) {
        #expect(ContentSizeCategory(textScale: scale) == category)
    }

    @Test func everyCategoryIsItsOwnTextScale() {
        for category in ContentSizeCategory.allCases {
            #expect(ContentSizeCategory(textScale: category.textScale) == category)
        }
        #expect(ContentSizeCategory.extraExtraLarge.textScale == 21.0 / 17)
    }

    @Test(arguments: TextStyleName.allCases)
    func everyStyleGrowsMonotonically(style: TextStyleName) {
        let sizes = ContentSizeCategory.allCases.map { style.pointSize(for: $0) }
        #expect(sizes.count == 12)
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func fontWeightParsing() {
        #expect(FontWeight(parsing: "bold") == .bold)
        #expect(FontWeight(parsing: "SemiBold") == .semibold)
        #expect(FontWeight(parsing: "550")?.rawValue == 550)
        #expect(FontWeight(parsing: "1000") == nil)
        #expect(FontWeight(parsing: "heavyish") == nil)
        #expect(FontWeight.regular < .bold)
    }

    /// `UIFont.preferredFont(forTextStyle:)` at the default size: Apple's table gives
    /// headline and body 17 pt (headline semibold), footnote 13, title1 28; at
    /// accessibilityExtraLarge (AX3) headline is 40.
    @Test func preferredFontsAreTheTablesSystemFonts() {
        #expect(Font.preferredFont(forTextStyle: .headline) == Font(size: 17, weight: .semibold))
        #expect(Font.preferredFont(forTextStyle: .body) == Font(size: 17))
        #expect(Font.preferredFont(forTextStyle: .footnote) == Font(size: 13))
        #expect(Font.preferredFont(forTextStyle: .title1) == Font(size: 28))
        #expect(Font.preferredFont(forTextStyle: .headline, category: .accessibilityExtraLarge) == Font(size: 40, weight: .semibold))
    }
}
