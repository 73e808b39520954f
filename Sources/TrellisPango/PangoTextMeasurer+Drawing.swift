import CPango
import TrellisText

extension PangoTextMeasurer {
    /// Configures the layout for `text` as ``measure(_:style:maxWidth:maxLines:)`` does and
    /// prepares `cairoContext` to draw it: the text box's top-left corner is the context's
    /// current point (0, 0 when there is none). Inside `body`, call
    /// `configured.show(in: cr)` and nothing else positions the text: the origin offset of right-aligned lines, the layout's
    /// scale (see ``ConfiguredPangoLayout/drawingScale``) and the clip of
    /// `LineBreakMode.clip` are applied here and undone after `body`.
    ///
    /// - Parameters:
    ///   - text: the text to lay out.
    ///   - style: its style, as measured.
    ///   - maxWidth: the width lines must fit in (`nil`: unconstrained).
    ///   - maxLines: the most lines to show; 0 = unlimited.
    ///   - cr: the `cairo_t *` to draw with (`cairoContext:`).
    ///   - body: receives the configured layout, valid only inside `body`.
    /// - Returns: what `body` returns.
    /// - Complexity: O(n) in the length of `text`.
    public func withConfiguredLayout<R>(for text: String, style: TextStyle, maxWidth: Double?, maxLines: Int,
                                        cairoContext cr: OpaquePointer,
                                        _ body: (_ configured: ConfiguredPangoLayout) throws -> R) rethrows -> R {
        try withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines) { configured in
            try Self.prepare(cr, for: configured, body)
        }
    }

    /// The same for attributed `text`, laid out as
    /// ``measureAttributed(_:style:maxWidth:maxLines:)`` measures it.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func withConfiguredLayout<R>(for text: AttributedText, style: TextStyle, maxWidth: Double?, maxLines: Int,
                                        cairoContext cr: OpaquePointer,
                                        _ body: (_ configured: ConfiguredPangoLayout) throws -> R) rethrows -> R {
        try withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines) { configured in
            try Self.prepare(cr, for: configured, body)
        }
    }

    /// Moves `cr` to the layout's origin at its scale, clipped when it must be, around `body`.
    private static func prepare<R>(_ cr: OpaquePointer, for configured: ConfiguredPangoLayout,
                                   _ body: (_ configured: ConfiguredPangoLayout) throws -> R) rethrows -> R {
        var x = 0.0, y = 0.0
        if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x, &y) }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if configured.needsClipping {
            cairo_rectangle(cr, x, y, configured.measurement.width, configured.measurement.height)
            cairo_clip(cr)
        }
        cairo_translate(cr, x + configured.layoutOriginX, y + configured.layoutOriginY)
        cairo_scale(cr, configured.drawingScale, configured.drawingScale)
        cairo_move_to(cr, 0, 0)
        return try body(configured)
    }
}
