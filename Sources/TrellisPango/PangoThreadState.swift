import CPango
import TrellisText

/// The Pango objects of one thread. Pango objects are not thread-safe, so every thread
/// that measures gets its own font map, context and layout (created on first use, freed
/// when the thread exits). Shared between threads are only fontconfig's font lookup,
/// which has its own lock, and Pango-Cairo's first computation of a font's metrics, which
/// runs under `PangoFontMetricsLock`.
///
/// The context is set up so that measured widths equal HarfBuzz's shaped advances:
/// 72 dpi (1 pt = 1 px), no hinting, no metric hinting, glyph positions not rounded to
/// whole pixels.
final class PangoThreadState {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// The layout reused by every measurement on this thread.
    let primary: LayoutSlot
    /// Whether `primary` is lent out (a measurement made inside `withConfiguredLayout`'s
    /// body must not reconfigure the layout the body is looking at).
    var primaryInUse = false
    /// The plain texts last laid out on this thread, kept configured (see `RecentLayouts`).
    let recentLayouts: RecentLayouts
    /// The HarfBuzz fast path for single lines, with its shaped-word caches.
    let singleLine = SingleLineShaper()
    /// Long texts this thread cut after their last allowed line from a prefix.
    var prefixCuts = 0

    /// Font descriptions by request, so a measurement does not build one each time.
    private var descriptions: [DescriptionKey: OpaquePointer] = [:]
    private struct DescriptionKey: Hashable { var font: Font; var scale: Double }
    /// Family names by the `PangoFont` that was used (each font is referenced while it
    /// is a key, so its address cannot be reused by another font).
    private var familyNames: [UnsafeMutableRawPointer: String] = [:]
    /// The family of the first font of a request, for the empty string (no runs).
    private var primaryFamilies: [Font: String] = [:]

    init() {
        // Before this thread's fonts compute any metrics (see PangoFontMetricsLock).
        PangoFontMetricsLock.install()
        guard let fontMap = pango_cairo_font_map_new() else {
            fatalError("pango_cairo_font_map_new returned NULL: Pango/Cairo is not usable")
        }
        self.fontMap = fontMap
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        guard let context = pango_font_map_create_context(fontMap) else {
            fatalError("pango_font_map_create_context returned NULL")
        }
        self.context = context
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        primary = LayoutSlot(context: context)
        recentLayouts = RecentLayouts(context: context)
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        for font in familyNames.keys { g_object_unref(font) }
        primary.release()
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The Pango description of `font` for a layout `scale` times the text's size, built
    /// once per thread.
    func description(of font: Font, scale: Double) -> OpaquePointer {
        let key = DescriptionKey(font: font, scale: scale)
        if let cached = descriptions[key] { return cached }
        if descriptions.count >= 256 {
            // A bound for programs that sweep through many sizes; rebuilding is cheap.
            // Layouts copy their description, so freeing these is safe.
            for description in descriptions.values { pango_font_description_free(description) }
            descriptions.removeAll(keepingCapacity: true)
        }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE) * scale)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.rawValue)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        descriptions[key] = description
        return description
    }

    /// The family name of a font Pango chose.
    func familyName(of font: UnsafeMutableRawPointer) -> String {
        if let name = familyNames[font] { return name }
        if familyNames.count >= 512 {
            // Every size is a font of its own; a program sweeping sizes must not keep them
            // all alive through this cache.
            for cached in familyNames.keys { g_object_unref(cached) }
            familyNames.removeAll(keepingCapacity: true)
        }
        let description = pango_font_describe(font.assumingMemoryBound(to: PangoFont.self))
        defer { pango_font_description_free(description) }
        let name = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
        g_object_ref(font)
        familyNames[font] = name
        return name
    }

    /// The family Pango uses for `font` when there is no text to choose by.
    func primaryFamily(of font: Font) -> String {
        if let name = primaryFamilies[font] { return name }
        if primaryFamilies.count >= 256 { primaryFamilies.removeAll(keepingCapacity: true) }
        var name = font.family
        if let loaded = pango_context_load_font(context, description(of: font, scale: 1)) {
            name = familyName(of: UnsafeMutableRawPointer(loaded))
            g_object_unref(loaded)
        }
        primaryFamilies[font] = name
        return name
    }
}

/// A layout and what was last set on it, so unchanged settings are not set again.
final class LayoutSlot {
    let layout: OpaquePointer
    var font: Font?
    var lineHeight: LineHeight?
    /// The scale the font and line height were set for.
    var scale: Double = 0

    init(context: OpaquePointer) {
        layout = pango_layout_new(context)
    }

    func release() { g_object_unref(UnsafeMutableRawPointer(layout)) }
}

/// One pthread key per measurer: its value is the calling thread's `PangoThreadState`,
/// retained, and released by the key's destructor when the thread exits.
final class PangoThreadStateKey: @unchecked Sendable {
    private var key = pthread_key_t()

    init() {
        let status = pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<PangoThreadState>.fromOpaque(raw).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): too many PangoTextMeasurer instances")
    }

    deinit {
        // Threads that are still alive keep their state (a small leak) rather than risk a
        // use after free; make few measurers and prefer `PangoTextMeasurer.shared`.
        pthread_key_delete(key)
    }

    /// The calling thread's state, created on first use.
    @inline(__always)
    var current: PangoThreadState {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<PangoThreadState>.fromOpaque(raw).takeUnretainedValue()
        }
        let state = PangoThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}
