import Testing
import Trellis
import TrellisText
@testable import TrellisKit

// `UIConfigurationColorTransformer` as a UIKit developer uses it: a value wrapping a
// function from colour to colour, with the presets UIKit documents, set on a content
// configuration's text and image properties and on a background configuration, and
// applied to the colours those configurations draw.
//
// The grey of `.grayscale` is checked against the CSS Filter Effects `grayscale(100%)`
// matrix (each component 0.2126 R + 0.7152 G + 0.0722 B), worked out here by hand.
@MainActor
struct ColorTransformerTests {
    private func isClose(_ color: Color, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> Bool {
        abs(color.red - red) < 1e-12 && abs(color.green - green) < 1e-12 && abs(color.blue - blue) < 1e-12
            && abs(color.alpha - alpha) < 1e-12
    }

    @Test func grayscaleIsTheCSSGreyOfTheColour() {
        #expect(isClose(ConfigurationColorTransformer.grayscale(.red), 0.2126, 0.2126, 0.2126, 1))
        #expect(isClose(ConfigurationColorTransformer.grayscale(Color(red: 0, green: 1, blue: 0)), 0.7152, 0.7152, 0.7152, 1))
        // 0.2126 × 0.2 + 0.7152 × 0.4 + 0.0722 × 0.6 = 0.37192, alpha kept.
        let grey = ConfigurationColorTransformer.grayscale(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        #expect(isClose(grey, 0.37192, 0.37192, 0.37192, 0.5))
        #expect(ConfigurationColorTransformer.grayscale(.white) == .white)
        #expect(ConfigurationColorTransformer.grayscale(.black) == .black)
    }

    @Test func grayscaleOfADynamicColourFollowsTheTraits() {
        let grey = ConfigurationColorTransformer.grayscale(.systemBackground)
        #expect(grey.isDynamic)
        #expect(grey.resolvedColor(with: TraitCollection(userInterfaceStyle: .light)) == .white)
        #expect(grey.resolvedColor(with: TraitCollection(userInterfaceStyle: .dark)) == .black)
    }

    /// UIKit: the accent colour where the platform has one, the colour unchanged where it
    /// has none. Here the accent is the host theme's (the trait collection's palette).
    @Test func preferredTintIsTheHostsAccent() {
        let tinted = ConfigurationColorTransformer.preferredTint(.red)
        #expect(tinted.resolvedColor(with: .default) == .red)
        let accent = Color(red: 0.2, green: 0.6, blue: 0.3)
        let palette = SystemColorPalette(label: .black, secondaryLabel: .gray, background: .white, secondaryBackground: .white,
                                         separator: .gray, accent: accent, focusRing: accent)
        #expect(tinted.resolvedColor(with: TraitCollection(systemColors: palette)) == accent)
    }

    @Test func monochromeTintIsGreyWhateverTheColour() {
        for color in [Color.red, .systemBlue, Color(red: 0, green: 1, blue: 0, alpha: 0.4)] {
            let mono = ConfigurationColorTransformer.monochromeTint(color)
            #expect(isClose(mono, 142.0 / 255, 142.0 / 255, 147.0 / 255, color.alpha))
        }
    }

    @Test func equalityIsByValueForClosuresAndByNameForPresets() {
        let half = ConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
        let copy = half
        let sameCode = ConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
        #expect(half == copy)
        #expect(half != sameCode)
        #expect(ConfigurationColorTransformer.grayscale == .grayscale)
        #expect(ConfigurationColorTransformer.grayscale != .monochromeTint)
        #expect(ConfigurationColorTransformer.preferredTint != .monochromeTint)
        #expect(Set([half, copy, sameCode, .grayscale, .grayscale, .preferredTint]).count == 4)
        #expect(half(.red) == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        // Configurations carrying one transformer stay equal; different ones make them differ.
        var one = ListContentConfiguration.cell()
        one.textProperties.colorTransformer = half
        var two = ListContentConfiguration.cell()
        two.textProperties.colorTransformer = copy
        #expect(one == two)
        two.textProperties.colorTransformer = sameCode
        #expect(one != two)
    }

    @Test func textColoursAreDrawnThroughTheirTransformers() {
        let cell = ListCell()
        var content = ListContentConfiguration.subtitleCell()
        content.text = "Title"
        content.secondaryText = "Subtitle"
        content.textProperties.color = .red
        content.textProperties.colorTransformer = .grayscale
        content.secondaryTextProperties.colorTransformer = ConfigurationColorTransformer { _ in .systemBlue }
        cell.contentConfiguration = content
        let view = cell.contentView as! ListContentView
        #expect(content.textProperties.resolvedColor() == Color(red: 0.2126, green: 0.2126, blue: 0.2126))
        #expect(view.textLabel.textColor == content.textProperties.resolvedColor())
        #expect(view.secondaryTextLabel.textColor == .systemBlue)
        // Without a transformer the colour is drawn as set.
        content.textProperties.colorTransformer = nil
        cell.contentConfiguration = content
        #expect(view.textLabel.textColor == .red)
    }

    @Test func theImageTintGoesThroughItsTransformer() {
        var properties = ListContentConfiguration.ImageProperties()
        #expect(properties.resolvedTintColor(for: .red) == .red)
        properties.tintColorTransformer = .grayscale
        #expect(isClose(properties.resolvedTintColor(for: .red), 0.2126, 0.2126, 0.2126, 1))
        properties.tintColor = Color(red: 0, green: 0, blue: 1)
        #expect(isClose(properties.resolvedTintColor(for: .red), 0.0722, 0.0722, 0.0722, 1))

        let cell = ListCell()
        cell.tintColor = .red
        var content = ListContentConfiguration.cell()
        content.text = "Photos"
        content.image = Image(pixelWidth: 20, pixelHeight: 20, color: .black)
        content.imageProperties.tintColorTransformer = .grayscale
        cell.contentConfiguration = content
        let view = cell.contentView as! ListContentView
        #expect(isClose(view.imageView.tintColor, 0.2126, 0.2126, 0.2126, 1))
        // The inherited tint changes: the transformed tint follows.
        cell.tintColor = Color(red: 0, green: 1, blue: 0)
        #expect(isClose(view.imageView.tintColor, 0.7152, 0.7152, 0.7152, 1))
    }

    @Test func backgroundFillAndStrokeGoThroughTheirTransformers() throws {
        let cell = ListCell()
        var background = BackgroundConfiguration.listGroupedCell()
        background.backgroundColorTransformer = ConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
        background.strokeColor = Color(red: 0, green: 0, blue: 1)
        background.strokeWidth = 1
        background.strokeColorTransformer = .grayscale
        cell.backgroundConfiguration = background
        let fill = try #require((cell.backgroundView as? BackgroundConfigurationView)?.fill)
        // The grouped cell's white (light), at half alpha.
        #expect(fill.backgroundColor?.resolvedColor(with: .default) == Color(red: 1, green: 1, blue: 1, alpha: 0.5))
        #expect(isClose(try #require(fill.borderColor), 0.0722, 0.0722, 0.0722, 1))
        // No colour of its own: the tint colour goes through the transformer.
        var tinted = BackgroundConfiguration()
        tinted.backgroundColorTransformer = .grayscale
        #expect(isClose(tinted.resolvedBackgroundColor(for: .red), 0.2126, 0.2126, 0.2126, 1))
        #expect(tinted.resolvedStrokeColor(for: .red) == .red)
    }
}
