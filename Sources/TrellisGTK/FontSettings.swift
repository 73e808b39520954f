import CGtk
import TrellisKit
import TrellisPango
import TrellisText

/// GTK's font settings as Trellis's Dynamic Type: the system font (`gtk-font-name`) and the
/// text scale (`gtk-xft-dpi`, the resolution GNOME's "Large Text" raises from 96 to 120).
///
/// The mapping keeps the two apart, as GTK and UIKit both do:
/// - `gtk-font-name` is the desktop's body text at the default scale: its family, and its
///   size at 96 dpi (Cantarell 11 is 14.67 pixels), become the trait collection's
///   `systemBodyFont`, the font text in the system font takes (the text styles of list
///   content configurations keep their proportions to it).
/// - The text scale (dpi ÷ 96) becomes `preferredContentSizeCategory`: the category whose
///   body size is nearest by ratio (`ContentSizeCategory(textScale:)`): 96 dpi is
///   `.large`, GNOME's large text (×1.25) `.extraExtraLarge` (21 of 17), ×1.5
///   `.accessibilityMedium`. Text scales by Dynamic Type's table from there, per style,
///   as an iPhone scales it; document text (`trellis show --self-sizing`) as a body font.
///
/// The scale is not applied to the font's size a second time: GTK draws its own labels at
/// pt × dpi ÷ 72, Trellis text at the category's size, so both grow with the setting.
public struct GtkFontSettings: Hashable, Sendable {
    /// `gtk-font-name` as GTK has it ("Cantarell 11").
    public var fontName: String
    /// The resolution in dots per inch (`gtk-xft-dpi` ÷ 1024; 96 when unset).
    public var dpi: Double

    /// Settings as GtkSettings holds them: `xftDPI` is 1024 × dpi, -1 (or 0) for the
    /// default.
    public init(fontName: String, xftDPI: Int32) {
        self.fontName = fontName
        dpi = xftDPI > 0 ? Double(xftDPI) / 1024 : 96
    }

    /// The text scale the resolution stands for (1 at 96 dpi).
    public var textScale: Double { dpi / 96 }

    /// The Dynamic Type category of the text scale.
    public var contentSizeCategory: ContentSizeCategory { ContentSizeCategory(textScale: textScale) }

    /// The system font's body at the default text size (nil: the name names no font).
    public var systemBodyFont: Font? { Font(pangoDescription: fontName) }

    /// Puts these settings into `traits`: the text size and the system font. What a
    /// ``CollectionWidget`` does to its collection view's traits; a collection view laid
    /// out before it is in a widget (on another thread, while the window is built) starts
    /// with the same traits this way and is not measured again when it is shown.
    public func apply(to traits: inout TraitCollection) {
        traits.preferredContentSizeCategory = contentSizeCategory
        traits.systemBodyFont = systemBodyFont
    }

    /// The default GtkSettings' values now.
    @MainActor
    public static var current: GtkFontSettings {
        guard let settings = gtk_settings_get_default() else { return GtkFontSettings(fontName: "", xftDPI: -1) }
        let object = UnsafeMutableRawPointer(settings)
        return GtkFontSettings(fontName: GtkSettingsValue.string(object, "gtk-font-name") ?? "",
                               xftDPI: GtkSettingsValue.int(object, "gtk-xft-dpi"))
    }
}

extension CollectionWidget {
    /// Puts GTK's font settings into the collection view's traits now and whenever they
    /// change (GtkSettings' `gtk-font-name` and `gtk-xft-dpi`): the collection view then
    /// measures its self-sizing items again at the new size in the next layout, keeping
    /// the item the person is reading at its place (a change of traits is a re-layout
    /// with the scroll anchor, not a jump).
    func followFontSettings() {
        follow(settings: ["gtk-font-name", "gtk-xft-dpi"]) { $0.applyFontSettings() }
    }

    /// The font settings in effect, as last put into the collection view's traits.
    public var fontSettings: GtkFontSettings { GtkFontSettings.current }

    func applyFontSettings() {
        let settings = GtkFontSettings.current
        var traits = collectionView.overrideTraitCollection ?? collectionView.traitCollection
        let category = settings.contentSizeCategory
        settings.apply(to: &traits)
        if collectionView.overrideTraitCollection != traits {
            let previous = collectionView.traitCollection.preferredContentSizeCategory
            // The item being read stays where it is through the re-measure — once the
            // person has seen something, and unless the view follows the end of its
            // content (a chat at its newest message stays there).
            if drawnOffset != nil && !collectionView.followsContentEnd { resizeAnchorItem = readingItem }
            collectionView.overrideTraitCollection = traits
            if previous != category { onContentSizeCategoryChange?(category) }
            queueLayout()
        }
        debug?.event("fonts", [
            "\"fontName\":\"\(settings.fontName)\"",
            "\"dpi\":\(settings.dpi)",
            "\"category\":\"\(category.rawValue)\"",
        ])
    }
}
