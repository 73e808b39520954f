import CPango
import TrellisText

/// Measures text with Pango (HarfBuzz shaping, fontconfig fallback, bidi, line breaking
/// and ellipsization), the way ``PangoTextMeasurer/withConfiguredLayout(for:style:maxWidth:maxLines:_:)``
/// lets a renderer draw it, so the measured size is the drawn size.
///
/// Thread-safe: each thread measures with its own Pango context and layout (see
/// `PangoThreadState`), so measurements on different threads do not wait for each other
/// (except while a font computes its metrics for the first time: Pango needs that done one
/// thread at a time, see `PangoFontMetricsLock`).
/// Use ``shared``; each instance holds one pthread key and one set of Pango objects per
/// thread that used it.
public final class PangoTextMeasurer: TextMeasurer, @unchecked Sendable {
    /// The measurer to use unless you need a separate set of per-thread Pango objects.
    public static let shared = PangoTextMeasurer()

    private let threadState = PangoThreadStateKey()

    /// A measurer with its own per-thread Pango objects.
    public init() {
        // The metrics lock must be in place before a second thread measures: a thread
        // already inside Pango-Cairo's own `get_metrics` when it is swapped in runs outside
        // the lock. A measurer is made before its work is handed to other threads (the
        // gallery makes `shared` on the main thread, while GTK measures its own labels, and
        // then starts a worker), so making it installs the lock on that thread.
        PangoFontMetricsLock.install()
    }

    /// Measures `text`. Widths are HarfBuzz's unrounded advances at 1 pt = 1 px.
    ///
    /// - Complexity: O(n) in the length of `text` (shaping and line breaking).
    ///
    /// Text that stays on one line in the requested font (printable Latin, no fallback
    /// font, fits the width) is shaped with HarfBuzz directly on the font Pango uses, with
    /// a cache of shaped words: the same numbers as a `PangoLayout`, several times faster
    /// (see `SingleLineShaper`). Everything else is measured with a `PangoLayout`.
    public func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        precheckMeasureArguments(style: style, maxWidth: maxWidth, maxLines: maxLines)
        do {
            let state = threadState.current
            let scale = PangoLayoutConfigurator.scale(forBytes: text.utf8.count, style: style)
            if let fast = state.singleLine.measure(text, style: style, maxWidth: maxWidth, state: state, scale: scale,
                                                   measureWithPango: { measureWithLayout($0, style: style, maxWidth: nil, maxLines: 1) }) {
                return fast
            }
        }
        return measureWithLayout(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
    }

    /// On the calling thread: how many measurements the HarfBuzz fast path answered, and
    /// how many words it shaped (the rest were word-cache hits).
    var singleLineStatistics: (fast: Int, shapedWords: Int) {
        let shaper = threadState.current.singleLine
        return (shaper.fastMeasurements, shaper.shapedWords)
    }

    /// ``measure(_:style:maxWidth:maxLines:)`` through a `PangoLayout` only (what the fast
    /// path is checked against).
    @_spi(Testing) public func measureWithLayout(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines) { $0.measurement }
    }

    /// Configures a `PangoLayout` for `text` exactly as ``measure(_:style:maxWidth:maxLines:)``
    /// does, and hands it to `body` with its measurement. This is the one place a layout
    /// is configured: a renderer draws the layout it receives here, so what is drawn is
    /// what was measured (see docs/Text.md).
    ///
    /// The layout belongs to the calling thread and is only valid inside `body`; do not
    /// keep it, change it or pass it to another thread. Measuring again inside `body` is
    /// allowed (it uses another layout).
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func withConfiguredLayout<R>(for text: String, style: TextStyle, maxWidth: Double?, maxLines: Int,
                                        _ body: (ConfiguredPangoLayout) throws -> R) rethrows -> R {
        precheckMeasureArguments(style: style, maxWidth: maxWidth, maxLines: maxLines)
        let state = threadState.current
        let slot: LayoutSlot
        let borrowsPrimary = !state.primaryInUse
        if borrowsPrimary {
            slot = state.primary
            state.primaryInUse = true
        } else {
            slot = LayoutSlot(context: state.context)
        }
        defer {
            if borrowsPrimary { state.primaryInUse = false } else { slot.release() }
        }
        let bytes = text.utf8.count
        var scale = PangoLayoutConfigurator.scale(forBytes: bytes, style: style)
        if scale < PangoLayoutConfigurator.largestScale(for: style) {
            // A long text: lay it out unwrapped at the crude safe scale to learn its real
            // extent, then build it at the most precise scale that extent allows.
            let natural = PangoLayoutConfigurator(state: state, slot: slot, scale: scale)
                .configure(text, style: TextStyle(font: style.font, lineHeight: style.lineHeight, lineBreakMode: .clip),
                           maxWidth: nil, maxLines: 0).measurement
            scale = max(scale, PangoLayoutConfigurator.scale(
                naturalWidth: natural.width, paragraphs: natural.lineCount, bytes: bytes, style: style, maxWidth: maxWidth))
        }
        let configured = PangoLayoutConfigurator(state: state, slot: slot, scale: scale)
            .configure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
        return try body(configured)
    }
}

/// A `PangoLayout` configured for one text, with its measurement and where to draw it.
public struct ConfiguredPangoLayout {
    /// The `PangoLayout *`, valid only inside the `withConfiguredLayout` body.
    public let layout: OpaquePointer
    /// What `measure` returns for the same arguments.
    public let measurement: TextMeasurement
    /// Where the layout's origin goes relative to the top-left corner of the text box, in
    /// points (non-zero when right-to-left lines are aligned to the right of the maximum
    /// width). Draw with `cairo_save(cr)`, `cairo_translate(cr, boxX + layoutOriginX,
    /// boxY + layoutOriginY)`, `cairo_scale(cr, drawingScale, drawingScale)`,
    /// `cairo_move_to(cr, 0, 0)`, `pango_cairo_show_layout(cr, layout)`, `cairo_restore(cr)`.
    public let layoutOriginX: Double
    /// See ``layoutOriginX``.
    public let layoutOriginY: Double
    /// The layout is built larger than the text for precision (see docs/Text.md); scale
    /// the Cairo context by this factor before showing it.
    public let drawingScale: Double
    /// Whether the text extends past the box and must be clipped to it when drawn
    /// (`LineBreakMode.clip`, or a maximum width narrower than a character or "…").
    public let needsClipping: Bool
}
