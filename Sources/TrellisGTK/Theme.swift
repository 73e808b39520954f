import CGtk
import CTrellisGtk
import Foundation
import TrellisKit

/// The GTK theme in effect, as Trellis traits: light or dark, normal or high contrast, and
/// the theme's colours for the system colours (`Color.label`, `.systemBackground`,
/// `.secondarySystemBackground`, `.separator`, and the tint).
///
/// The colours are the theme's public named colours, the ones GTK's own themes (Adwaita,
/// Adwaita dark, HighContrast and its dark variant) define for applications:
/// `theme_text_color` on `theme_base_color` is the text and background of a content view
/// (a GtkListView, a GtkTextView), `theme_bg_color` the window around it,
/// `theme_selected_bg_color` the selection and accent, `borders` the lines. Secondary text is
/// the text colour at GTK's `dim-label` opacity (0.55). A theme without these names gets
/// no palette: the system colours then take Apple's values for the style.
public struct GtkThemeAppearance: Hashable, Sendable {
    public var userInterfaceStyle: UserInterfaceStyle
    public var accessibilityContrast: AccessibilityContrast
    public var systemColors: SystemColorPalette?
    /// The theme's name (`GTK_THEME` when set, as GTK itself prefers it, else the
    /// `gtk-theme-name` setting), with its variant (`Adwaita:dark`).
    public var themeName: String

    /// The theme as `widget`'s style context sees it now.
    @MainActor
    public init(widget: UnsafeMutablePointer<GtkWidget>) {
        let settings = gtk_settings_get_default()
        let environmentTheme = ProcessInfo.processInfo.environment["GTK_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        let preferDark = settings.map { GtkSettingsValue.bool(UnsafeMutableRawPointer($0), "gtk-application-prefer-dark-theme") } ?? false
        let settingsTheme = settings.flatMap { GtkSettingsValue.string(UnsafeMutableRawPointer($0), "gtk-theme-name") } ?? "Adwaita"
        themeName = environmentTheme ?? (preferDark ? settingsTheme + ":dark" : settingsTheme)
        let baseName = themeName.split(separator: ":").first.map(String.init) ?? themeName
        // GTK's high-contrast themes: HighContrast (and its :dark variant), which GTK 4.8
        // loads as its built-in Default-hc and Default-hc-dark.
        accessibilityContrast = baseName.hasPrefix("HighContrast") || baseName.hasSuffix("-hc") || baseName.hasSuffix("-hc-dark")
            ? .high : .normal

        let context = gtk_widget_get_style_context(widget)
        func named(_ name: String) -> Color? {
            var rgba = GdkRGBA()
            guard let context, gtk_style_context_lookup_color(context, name, &rgba) != 0 else { return nil }
            return Color(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
        }
        if let text = named("theme_text_color"), let base = named("theme_base_color") {
            let accent = named("theme_selected_bg_color") ?? .systemTint
            var secondary = text
            secondary.alpha *= 0.55
            systemColors = SystemColorPalette(
                label: text, secondaryLabel: secondary, background: base,
                secondaryBackground: named("theme_bg_color") ?? base,
                separator: named("borders") ?? secondary, accent: accent, focusRing: accent)
            // Dark is what the theme paints, whatever its name: a dark content background.
            userInterfaceStyle = base.relativeLuminance < 0.5 ? .dark : .light
        } else {
            systemColors = nil
            let variantDark = themeName.hasSuffix(":dark") || baseName.hasSuffix("-dark")
            userInterfaceStyle = variantDark ? .dark : .light
        }
    }
}

extension Color {
    /// WCAG relative luminance of the sRGB colour (0 black … 1 white), alpha ignored.
    var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}

/// Reading and writing GtkSettings properties through GValues (`g_object_get` and
/// `g_object_set` are variadic, which Swift cannot call). Package-visible for the window
/// tests' hooks, which change settings as a desktop's settings daemon does.
@MainActor
package enum GtkSettingsValue {
    /// `G_TYPE_BOOLEAN`, `G_TYPE_INT` and `G_TYPE_STRING` (fundamental types 5, 6 and 16,
    /// shifted by `G_TYPE_FUNDAMENTAL_SHIFT`): C macros Swift does not import.
    private static let booleanType = GType(5 << 2)
    private static let intType = GType(6 << 2)
    private static let stringType = GType(16 << 2)

    package static func bool(_ object: UnsafeMutableRawPointer, _ property: String) -> Bool {
        var value = GValue()
        g_value_init(&value, booleanType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), property, &value)
        return g_value_get_boolean(&value) != 0
    }

    package static func int(_ object: UnsafeMutableRawPointer, _ property: String) -> Int32 {
        var value = GValue()
        g_value_init(&value, intType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), property, &value)
        return g_value_get_int(&value)
    }

    package static func string(_ object: UnsafeMutableRawPointer, _ property: String) -> String? {
        var value = GValue()
        g_value_init(&value, stringType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), property, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }

    package static func setBool(_ object: UnsafeMutableRawPointer, _ property: String, _ flag: Bool) {
        set(object, property, booleanType) { g_value_set_boolean($0, flag ? 1 : 0) }
    }

    package static func setString(_ object: UnsafeMutableRawPointer, _ property: String, _ string: String) {
        set(object, property, stringType) { g_value_set_string($0, string) }
    }

    package static func setInt(_ object: UnsafeMutableRawPointer, _ property: String, _ number: Int32) {
        set(object, property, intType) { g_value_set_int($0, number) }
    }

    /// Sets `property` to a GValue of `type` that `assign` fills.
    private static func set(_ object: UnsafeMutableRawPointer, _ property: String, _ type: GType, _ assign: (UnsafeMutablePointer<GValue>) -> Void) {
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        assign(&value)
        g_object_set_property(object.assumingMemoryBound(to: GObject.self), property, &value)
    }
}

/// GTK's dark-theme preference (`gtk-application-prefer-dark-theme` of the default
/// GtkSettings), for an application's own switch; widgets following the theme redraw.
@MainActor
public enum GtkThemePreference {
    public static var prefersDarkTheme: Bool {
        get { gtk_settings_get_default().map { GtkSettingsValue.bool(UnsafeMutableRawPointer($0), "gtk-application-prefer-dark-theme") } ?? false }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            GtkSettingsValue.setBool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", newValue)
        }
    }
}

extension CollectionWidget {
    /// Puts the GTK theme into the collection view's traits now and whenever the theme
    /// changes (GtkSettings' `gtk-theme-name` and `gtk-application-prefer-dark-theme`): the
    /// system colours and the tint resolve to the theme's, so cells using them, the canvas
    /// and the selection and focus drawing follow it, and the frame after a change redraws
    /// every cell (their drawn state holds the resolved colours).
    func followTheme() {
        // GtkSettings' own notify handler (its class closure, run first) loads the new
        // theme before these run, so the named colours read here are the new theme's.
        follow(settings: ["gtk-theme-name", "gtk-application-prefer-dark-theme"]) { $0.applyTheme() }
    }

    /// Calls `apply` now, when the widget is realized (it then has its display's settings,
    /// and the debug channel its output for the first line), and whenever one of the
    /// default GtkSettings' `properties` changes.
    func follow(settings properties: [String], _ apply: @escaping @MainActor (CollectionWidget) -> Void) {
        apply(self)
        GtkSignal.connect(UnsafeMutableRawPointer(widget), "realize") { [weak self] in self.map(apply) }
        guard let settings = gtk_settings_get_default() else { return }
        for property in properties {
            GtkSignal.connect(UnsafeMutableRawPointer(settings), "notify::\(property)") { [weak self] in self.map(apply) }
        }
    }

    /// The theme in effect, as last put into the collection view's traits.
    public var themeAppearance: GtkThemeAppearance { GtkThemeAppearance(widget: widget) }

    func applyTheme() {
        let appearance = GtkThemeAppearance(widget: widget)
        // The app's own overrides (layout direction, size class) stay: only the appearance
        // traits are the theme's.
        var traits = collectionView.overrideTraitCollection ?? collectionView.traitCollection
        traits.userInterfaceStyle = appearance.userInterfaceStyle
        traits.accessibilityContrast = appearance.accessibilityContrast
        traits.systemColors = appearance.systemColors
        if collectionView.overrideTraitCollection != traits { collectionView.overrideTraitCollection = traits }
        debug?.event("theme", [
            "\"name\":\"\(appearance.themeName)\"",
            "\"style\":\"\(appearance.userInterfaceStyle.rawValue)\"",
            "\"contrast\":\"\(appearance.accessibilityContrast.rawValue)\"",
            "\"background\":\"\(Color.systemBackground.resolvedColor(with: traits).hexString)\"",
            "\"text\":\"\(Color.label.resolvedColor(with: traits).hexString)\"",
        ])
        queueDraw()
    }
}
