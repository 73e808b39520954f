import CPango
import TrellisText

/// Measures text with Pango (HarfBuzz shaping, fontconfig fallback, bidi, line breaking
/// and ellipsization), the way `withConfiguredLayout(for:style:maxWidth:maxLines:_:)`
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

    let threadState = PangoThreadStateKey()
    /// Texts with a run of this many characters without a line break opportunity are
    /// wrapped in windows (see ``ConfiguredPangoLayout``); the tests lower it to compare
    /// windows with whole layouts on short texts.
    let minimumUnbreakableRun: Int
    /// About how many lines each window holds.
    let linesPerWindow: Int
    /// Texts whose bytes × lines reach this are wrapped in windows too.
    let lineCostForWindows: Int
    /// Whether a long text cut after a few lines is laid out from a prefix holding them
    /// (the tests turn it off to compare with the whole text laid out and cut).
    let cutsLongTextsFromPrefix: Bool

    /// A measurer with its own per-thread Pango objects.
    public convenience init() {
        self.init(minimumUnbreakableRun: PangoLayoutConfigurator.defaultMinimumUnbreakableRun,
                  linesPerWindow: PangoLayoutConfigurator.defaultLinesPerWindow,
                  lineCostForWindows: PangoLayoutConfigurator.defaultLineCostForWindows)
    }

    /// A measurer that wraps texts in windows of about `linesPerWindow` lines from runs of
    /// `minimumUnbreakableRun` characters without a break opportunity, or from bytes × lines
    /// of `lineCostForWindows` (`Int.max` for both: never, what the benchmarks compare
    /// windows with), and lays a long text cut after a few lines out from a prefix that
    /// holds them when `cutsLongTextsFromPrefix` (false: always whole).
    @_spi(Testing) public init(minimumUnbreakableRun: Int, linesPerWindow: Int, lineCostForWindows: Int,
                               cutsLongTextsFromPrefix: Bool = true) {
        self.minimumUnbreakableRun = minimumUnbreakableRun
        self.linesPerWindow = linesPerWindow
        self.lineCostForWindows = lineCostForWindows
        self.cutsLongTextsFromPrefix = cutsLongTextsFromPrefix
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

    /// Measures attributed `text` as `withConfiguredLayout(for:style:maxWidth:maxLines:_:)` (attributed)
    /// lays it out: each run with its own font and letter spacing, through Pango's
    /// attributes. Text with no attributes of its own is measured as its string.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func measureAttributed(_ text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        if text.isPlain { return measure(text.string, style: style, maxWidth: maxWidth, maxLines: maxLines) }
        return withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines) { $0.measurement }
    }

    /// Configures a `PangoLayout` for attributed `text` exactly as
    /// ``measureAttributed(_:style:maxWidth:maxLines:)`` measures it, and hands it to `body`
    /// (the same contract as the plain text's `withConfiguredLayout(for:style:maxWidth:maxLines:_:)`).
    /// The runs' colours, underlines and strikethroughs are Pango attributes of the layout,
    /// so showing it draws them; a run without a colour takes the drawing's source colour.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func withConfiguredLayout<R>(for text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int,
                                        _ body: (ConfiguredPangoLayout) throws -> R) rethrows -> R {
        if text.isPlain {
            return try withConfiguredLayout(for: text.string, style: style, maxWidth: maxWidth, maxLines: maxLines, body)
        }
        precheckMeasureArguments(style: style, maxWidth: maxWidth, maxLines: maxLines)
        return try withLayoutSlot { state, slot in
            // The scale that holds the text in its largest font (a long text gets the crude,
            // safe one: it is not refined by a first unwrapped layout, as a plain text's is).
            var largest = style
            largest.font = text.largestFont(defaultFont: style.font)
            let scale = PangoLayoutConfigurator.scale(forBytes: text.string.utf8.count, style: largest)
            return try body(configurator(state: state, slot: slot, scale: scale)
                .configure(text, style: style, maxWidth: maxWidth, maxLines: maxLines))
        }
    }

    /// Runs `body` with the calling thread's Pango objects and a layout to configure: the
    /// thread's own, or — while another body holds it — a new one, released afterwards.
    @inline(__always)
    private func withLayoutSlot<R>(_ body: (PangoThreadState, LayoutSlot) throws -> R) rethrows -> R {
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
        return try body(state, slot)
    }

    /// A configurator for `slot` at `scale` with this measurer's settings.
    private func configurator(state: PangoThreadState, slot: LayoutSlot, scale: Double) -> PangoLayoutConfigurator {
        PangoLayoutConfigurator(state: state, slot: slot, scale: scale, minimumUnbreakableRun: minimumUnbreakableRun,
                                linesPerWindow: linesPerWindow, lineCostForWindows: lineCostForWindows,
                                cutsLongTextsFromPrefix: cutsLongTextsFromPrefix)
    }

    /// On the calling thread: how many measurements the HarfBuzz fast path answered, and
    /// how many words it shaped (the rest were word-cache hits).
    var singleLineStatistics: (fast: Int, shapedWords: Int) {
        let shaper = threadState.current.singleLine
        return (shaper.fastMeasurements, shaper.shapedWords)
    }

    /// On the calling thread: how many long texts were cut after their last allowed line
    /// from a prefix rather than laid out whole.
    var prefixCutCount: Int { threadState.current.prefixCuts }

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
        let recent = state.recentLayouts
        if let kept = recent.layout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines), let configured = kept.configured {
            return try recent.holding(kept) { try body(configured) }
        }
        guard let entry = recent.claim() else {
            return try withLayoutSlot { state, slot in try body(configure(text, style: style, maxWidth: maxWidth, maxLines: maxLines, state: state, slot: slot)) }
        }
        return try recent.holding(entry) {
            let configured = configure(text, style: style, maxWidth: maxWidth, maxLines: maxLines, state: state, slot: entry.slot)
            entry.record(RecentLayouts.Key(text: text, style: style, maxWidth: maxWidth, maxLines: maxLines), configured)
            return try body(configured)
        }
    }

    /// Configures `slot`'s layout for `text` at the most precise scale the text allows.
    private func configure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int,
                           state: PangoThreadState, slot: LayoutSlot) -> ConfiguredPangoLayout {
        let bytes = text.utf8.count
        var scale = PangoLayoutConfigurator.scale(forBytes: bytes, style: style)
        if scale < PangoLayoutConfigurator.largestScale(for: style) {
            // A long text: lay it out unwrapped at the crude safe scale to learn its real
            // extent, then build it at the most precise scale that extent allows.
            let natural = configurator(state: state, slot: slot, scale: scale)
                .configure(text, style: TextStyle(font: style.font, lineHeight: style.lineHeight, lineBreakMode: .clip),
                           maxWidth: nil, maxLines: 0).measurement
            scale = max(scale, PangoLayoutConfigurator.scale(
                naturalWidth: natural.width, paragraphs: natural.lineCount, bytes: bytes, style: style, maxWidth: maxWidth))
        }
        return configurator(state: state, slot: slot, scale: scale).configure(text, style: style, maxWidth: maxWidth, maxLines: maxLines)
    }
}

/// A `PangoLayout` configured for one text, with its measurement and where to draw it.
///
/// A text with a long run that has no line break opportunity (a 100 000-letter word),
/// wrapped by words, is laid out in windows of about ten lines each, so its cost stays
/// linear (see docs/Text.md): its lines are Pango's, but no single `PangoLayout` holds
/// them all. Draw with ``show(in:)`` and read lines with ``forEachLine(_:)``, which work
/// for every text.
public struct ConfiguredPangoLayout {
    /// The `PangoLayout *`, valid only inside the `withConfiguredLayout` body. For a text
    /// laid out in windows (``isLaidOutInPieces``) it holds one window only: draw with
    /// ``show(in:)``.
    public let layout: OpaquePointer
    /// What `measure` returns for the same arguments.
    public let measurement: TextMeasurement
    /// Where the layout's origin goes relative to the top-left corner of the text box, in
    /// points (non-zero when right-to-left lines are aligned to the right of the maximum
    /// width). Draw with `cairo_save(cr)`, `cairo_translate(cr, boxX + layoutOriginX,
    /// boxY + layoutOriginY)`, `cairo_scale(cr, drawingScale, drawingScale)`,
    /// `cairo_move_to(cr, 0, 0)`, ``show(in:)``, `cairo_restore(cr)`.
    public let layoutOriginX: Double
    /// See ``layoutOriginX``.
    public let layoutOriginY: Double
    /// The layout is built larger than the text for precision (see docs/Text.md); scale
    /// the Cairo context by this factor before showing it.
    public let drawingScale: Double
    /// Whether the text extends past the box and must be clipped to it when drawn
    /// (`LineBreakMode.clip`, or a maximum width narrower than a character or "…").
    public let needsClipping: Bool
    /// The windows of a text laid out in pieces; nil when ``layout`` holds the whole text.
    var pieces: LayoutPieces?

    /// Whether the text was laid out in windows rather than in one `PangoLayout`.
    public var isLaidOutInPieces: Bool { pieces != nil }
    /// How many windows the text was laid out in (1 when laid out whole).
    var windowCount: Int { pieces?.lines.windows.count ?? 1 }

    /// Draws the text with its layout's origin at the current point of `cr` (a `cairo_t *`,
    /// 0, 0 when there is none), as `pango_cairo_show_layout(cr, layout)` draws a whole
    /// layout: each line at its logical x and baseline.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func show(in cr: OpaquePointer) {
        guard pieces != nil else {
            pango_cairo_show_layout(cr, layout)
            return
        }
        var x = 0.0, y = 0.0
        if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x, &y) }
        let unit = Double(PANGO_SCALE)
        forEachLine { line, logical, baseline in
            cairo_move_to(cr, x + Double(logical.x) / unit, y + Double(baseline) / unit)
            pango_cairo_show_layout_line(cr, line)
        }
    }

    /// Calls `body` with every line top to bottom, its logical rectangle and its baseline,
    /// in the layout's coordinates and Pango units (as `pango_layout_iter_get_line_extents`
    /// and `pango_layout_iter_get_baseline` give them). The line is valid only inside `body`.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func forEachLine(_ body: (_ line: UnsafeMutablePointer<PangoLayoutLine>, _ logical: PangoRectangle,
                                     _ baseline: Int32) throws -> Void) rethrows {
        if let pieces {
            try pieces.forEachLine(body)
            return
        }
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            if let line = pango_layout_iter_get_line_readonly(iterator) {
                try body(line, logical, pango_layout_iter_get_baseline(iterator))
            }
        } while pango_layout_iter_next_line(iterator) != 0
    }
}
