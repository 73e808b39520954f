import Testing
import Trellis
@testable import TrellisKit

/// Dynamic colours, the system colours and `tintColor`, checked against UIKit's documented
/// behaviour: `UIColor(dynamicProvider:)` is resolved per trait collection
/// (`resolvedColor(with:)`), `label` is black in light mode and white in dark,
/// `systemBackground` white and black, and `tintColor` is inherited from the superview
/// when a view has none of its own (UIView.tintColor).
@Suite("Dynamic colours and tint")
struct DynamicColorTests {
    static let light = TraitCollection(userInterfaceStyle: .light)
    static let dark = TraitCollection(userInterfaceStyle: .dark)

    @Test func dynamicProviderResolvesPerTrait() {
        let color = Color { $0.userInterfaceStyle == .dark ? Color(hex: "#102030")! : Color(hex: "#f0e0d0")! }
        #expect(color.isDynamic)
        #expect(color.resolvedColor(with: Self.dark) == Color(hex: "#102030"))
        #expect(color.resolvedColor(with: Self.light) == Color(hex: "#f0e0d0"))
        // Unspecified resolves as light, as UIKit does.
        #expect(color.resolvedColor(with: .default) == Color(hex: "#f0e0d0"))
        #expect(!color.resolvedColor(with: Self.dark).isDynamic)
        // A fixed colour resolves to itself whatever the traits.
        #expect(Color.red.resolvedColor(with: Self.dark) == .red)
    }

    @Test func aProviderReturningADynamicColourIsResolvedWithTheSameTraits() {
        let inner = Color { $0.accessibilityContrast == .high ? Color.black : Color.gray }
        let outer = Color { $0.userInterfaceStyle == .dark ? inner : Color.white }
        #expect(outer.resolvedColor(with: TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high)) == .black)
        #expect(outer.resolvedColor(with: Self.dark) == .gray)
        #expect(outer.resolvedColor(with: Self.light) == .white)
    }

    @Test func systemColoursFollowTheStyle() {
        #expect(Color.label.resolvedColor(with: Self.light) == .black)
        #expect(Color.label.resolvedColor(with: Self.dark) == .white)
        #expect(Color.systemBackground.resolvedColor(with: Self.light) == .white)
        #expect(Color.systemBackground.resolvedColor(with: Self.dark) == .black)
        // Apple's published values: secondarySystemBackground #F2F2F7 / #1C1C1E, and
        // #EBEBF0 / #242426 with increased contrast; secondaryLabel 60 % of #3C3C43 / #EBEBF5.
        #expect(Color.secondarySystemBackground.resolvedColor(with: Self.light).hexString == "#f2f2f7")
        #expect(Color.secondarySystemBackground.resolvedColor(with: Self.dark).hexString == "#1c1c1e")
        #expect(Color.secondarySystemBackground.resolvedColor(with: TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high)).hexString == "#242426")
        #expect(Color.secondaryLabel.resolvedColor(with: Self.light).hexString == "#3c3c4399")
        #expect(Color.secondaryLabel.resolvedColor(with: Self.dark).hexString == "#ebebf599")
        // systemBlue: #007AFF light, #0A84FF dark.
        #expect(Color.systemTint.resolvedColor(with: Self.light).hexString == "#007aff")
        #expect(Color.systemTint.resolvedColor(with: Self.dark).hexString == "#0a84ff")
    }

    @Test func aHostPaletteReplacesApplesValues() {
        let palette = SystemColorPalette(
            label: Color(hex: "#eeeeec")!, secondaryLabel: Color(hex: "#eeeeec80")!, background: Color(hex: "#2d2d2d")!,
            secondaryBackground: Color(hex: "#353535")!, separator: Color(hex: "#1b1b1b")!,
            accent: Color(hex: "#15539e")!, focusRing: Color(hex: "#15539e")!)
        let traits = TraitCollection(userInterfaceStyle: .dark, systemColors: palette)
        #expect(Color.label.resolvedColor(with: traits) == palette.label)
        #expect(Color.systemBackground.resolvedColor(with: traits) == palette.background)
        #expect(Color.secondarySystemBackground.resolvedColor(with: traits) == palette.secondaryBackground)
        #expect(Color.separator.resolvedColor(with: traits) == palette.separator)
        #expect(Color.systemTint.resolvedColor(with: traits) == palette.accent)
        #expect(traits.hasDifferentColorAppearance(comparedTo: Self.dark))
        #expect(!Self.dark.hasDifferentColorAppearance(comparedTo: TraitCollection(displayScale: 2, userInterfaceStyle: .dark)))
    }

    @Test func equalityIsIdentityForDynamicColours() {
        let a = Color { _ in .white }
        let b = Color { _ in .white }
        #expect(a == a)
        #expect(a != b)
        #expect(a != .white)  // a dynamic colour is not the fixed colour it resolves to
        #expect(Color.label == Color.label)
        var changed = Color.label
        changed.alpha = 0.5
        #expect(!changed.isDynamic)
    }

    @Test func tintColorIsInheritedFromTheSuperviewWhenNil() {
        let root = View(), middle = View(), leaf = View()
        root.addSubview(middle)
        middle.addSubview(leaf)
        // No tint anywhere: the system tint.
        #expect(leaf.tintColor == .systemTint)
        root.tintColor = .red
        #expect(middle.tintColor == .red && leaf.tintColor == .red)
        middle.tintColor = Color(hex: "#00ff00")
        #expect(leaf.tintColor == Color(hex: "#00ff00") && root.tintColor == .red)
        middle.tintColor = nil
        #expect(leaf.tintColor == .red)
        leaf.removeFromSuperview()
        #expect(leaf.tintColor == .systemTint)
    }

    @Test func tintColorDidChangeReachesViewsInheritingTheTint() {
        final class Watcher: View {
            var changes = 0
            override func tintColorDidChange() { changes += 1 }
        }
        let root = View(), inheriting = Watcher(), own = Watcher()
        root.addSubview(inheriting)
        root.addSubview(own)
        own.tintColor = .black
        own.changes = 0
        root.tintColor = .red
        #expect(inheriting.changes == 1)
        #expect(own.changes == 0)  // its own tint did not change
        root.tintColor = .red
        #expect(inheriting.changes == 1)  // the same tint again: no change
    }
}
