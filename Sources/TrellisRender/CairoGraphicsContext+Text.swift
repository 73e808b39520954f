import CPango
import Trellis
import TrellisKit
import TrellisPango
import TrellisText

extension CairoGraphicsContext {
    /// Draws `text` as `PangoTextMeasurer` measured it: a line measured without a
    /// `PangoLayout` from the glyphs measuring shaped (`PangoTextMeasurer.withShapedLine`),
    /// anything else from the layout it configures for measuring (its one configuration
    /// function), so the drawn lines, ellipsis and font are the measured ones.
    ///
    /// - Complexity: O(n) in the length of `text` (shaping and line breaking, or a lookup
    ///   per known word).
    @discardableResult
    public func drawText(_ text: String, style: TextStyle, maxLines: Int, in rect: Rect, color: Color,
                         centeredVertically: Bool) -> TextMeasurement {
        if drawsShapedLines,
           let drawn = PangoTextMeasurer.shared.withShapedLine(for: text, style: style, maxWidth: textWidth(of: rect), maxLines: maxLines, {
               show($0, in: rect, color: color, centeredVertically: centeredVertically)
           }) {
            return drawn
        }
        return withTextLayout(.plain(text), style: style, maxLines: maxLines, in: rect, centeredVertically: centeredVertically) {
            show($0, at: $1, in: rect, color: color)
        }
    }

    /// Whether plain one-line texts are drawn from their shaped glyphs: not on a vector
    /// surface (PDF, PostScript, SVG), where Pango's layout passes the text with its glyphs
    /// so the document's text can be selected and searched.
    var drawsShapedLines: Bool {
        switch cairo_surface_get_type(cairo_get_target(cairo)) {
        case CAIRO_SURFACE_TYPE_PDF, CAIRO_SURFACE_TYPE_PS, CAIRO_SURFACE_TYPE_SVG, CAIRO_SURFACE_TYPE_SCRIPT: false
        default: true
        }
    }

    /// Shows a shaped line in the text box of `rect` (its top, or centred vertically).
    private func show(_ line: ShapedTextLine, in rect: Rect, color: Color, centeredVertically: Bool) -> TextMeasurement {
        let top = centeredVertically ? rect.minY + (rect.height - line.measurement.height) / 2 : rect.minY
        cairo_save(cairo)
        setSource(color)
        cairo_move_to(cairo, rect.minX, top)
        line.show(in: cairo)
        cairo_new_path(cairo)
        cairo_restore(cairo)
        return line.measurement
    }

    /// The width text is laid out in for `rect`: nil (unconstrained) for an infinite one.
    private func textWidth(of rect: Rect) -> Double? { rect.width.isFinite ? max(0, rect.width) : nil }

    /// Draws attributed `text` from the PangoLayout that `PangoTextMeasurer` configures for
    /// measuring it (`measureAttributed`): each run in its font, colour, underline,
    /// strikethrough and letter spacing; runs without a colour in `color`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    @discardableResult
    public func drawText(_ text: AttributedText, style: TextStyle, maxLines: Int, in rect: Rect, color: Color,
                         centeredVertically: Bool) -> TextMeasurement {
        withTextLayout(.attributed(text), style: style, maxLines: maxLines, in: rect, centeredVertically: centeredVertically) {
            show($0, at: $1, in: rect, color: color)
        }
    }

    /// Shows a configured layout with its origin at `origin`, clipped to `rect` when it must be.
    private func show(_ configured: ConfiguredPangoLayout, at origin: Point, in rect: Rect, color: Color) -> TextMeasurement {
        cairo_save(cairo)
        if configured.needsClipping {
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cairo)
        }
        setSource(color)
        cairo_translate(cairo, origin.x, origin.y)
        // The layout is built larger than the text for precision; scale it back.
        cairo_scale(cairo, configured.drawingScale, configured.drawingScale)
        cairo_move_to(cairo, 0, 0)
        // Not pango_cairo_update_layout: that would re-shape the layout for this
        // context's transform and font options, and the drawn text could differ from the
        // measured text. The layout's own (unhinted) metrics are drawn as they are.
        configured.show(in: cairo)
        cairo_restore(cairo)
        return configured.measurement
    }

    /// Strokes each line's logical box and baseline of `text` as ``drawText`` would lay it
    /// out (the `--debug` overlay).
    func drawTextGuides(_ text: DrawnText, style: TextStyle, maxLines: Int, in rect: Rect, centeredVertically: Bool,
                        lineWidth: Double, boxColor: Color, baselineColor: Color) {
        withTextLayout(text, style: style, maxLines: maxLines, in: rect, centeredVertically: centeredVertically) { configured, origin in
            // Pango units per point of the drawn text.
            let unit = Double(PANGO_SCALE) / configured.drawingScale
            configured.forEachLine { _, logical, baselineUnits in
                let box = Rect(x: origin.x + Double(logical.x) / unit, y: origin.y + Double(logical.y) / unit,
                               width: Double(logical.width) / unit, height: Double(logical.height) / unit)
                stroke(Rect(x: box.minX + lineWidth / 2, y: box.minY + lineWidth / 2,
                            width: max(0, box.width - lineWidth), height: max(0, box.height - lineWidth)),
                       cornerRadius: 0, color: boxColor, lineWidth: lineWidth)
                let baseline = origin.y + Double(baselineUnits) / unit
                strokeLine(from: Point(x: box.minX, y: baseline), to: Point(x: box.maxX, y: baseline),
                           color: baselineColor, lineWidth: lineWidth, dash: [])
            }
        }
    }

    /// Configures the layout once and hands it over with the point where its origin goes.
    private func withTextLayout<R>(_ text: DrawnText, style: TextStyle, maxLines: Int, in rect: Rect, centeredVertically: Bool,
                                   _ body: (ConfiguredPangoLayout, Point) -> R) -> R {
        let maxWidth = textWidth(of: rect)
        func place(_ configured: ConfiguredPangoLayout) -> R {
            let top = centeredVertically ? rect.minY + (rect.height - configured.measurement.height) / 2 : rect.minY
            return body(configured, Point(x: rect.minX + configured.layoutOriginX, y: top + configured.layoutOriginY))
        }
        switch text {
        case .plain(let string):
            return PangoTextMeasurer.shared.withConfiguredLayout(for: string, style: style, maxWidth: maxWidth, maxLines: maxLines, place)
        case .attributed(let attributed):
            return PangoTextMeasurer.shared.withConfiguredLayout(for: attributed, style: style, maxWidth: maxWidth, maxLines: maxLines, place)
        }
    }
}

/// A label's text as drawn: plain, or with attributes.
enum DrawnText: Equatable {
    case plain(String)
    case attributed(AttributedText)
}
