import CPango
import Trellis
import TrellisKit
import TrellisPango
import TrellisText

extension CairoGraphicsContext {
    /// Draws `text` from the PangoLayout that `PangoTextMeasurer` configures
    /// for measuring (its one configuration function), so the drawn lines, ellipsis and
    /// font are the measured ones.
    ///
    /// - Complexity: O(n) in the length of `text` (shaping and line breaking).
    @discardableResult
    public func drawText(_ text: String, style: TextStyle, maxLines: Int, in rect: Rect, color: Color,
                         centeredVertically: Bool) -> TextMeasurement {
        withTextLayout(text, style: style, maxLines: maxLines, in: rect, centeredVertically: centeredVertically) { configured, origin in
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
    }

    /// Strokes each line's logical box and baseline of `text` as ``drawText`` would lay it
    /// out (the `--debug` overlay).
    func drawTextGuides(_ text: String, style: TextStyle, maxLines: Int, in rect: Rect, centeredVertically: Bool,
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
    private func withTextLayout<R>(_ text: String, style: TextStyle, maxLines: Int, in rect: Rect, centeredVertically: Bool,
                                   _ body: (ConfiguredPangoLayout, Point) -> R) -> R {
        PangoTextMeasurer.shared.withConfiguredLayout(
            for: text, style: style, maxWidth: rect.width.isFinite ? max(0, rect.width) : nil, maxLines: maxLines
        ) { configured in
            let top = centeredVertically ? rect.minY + (rect.height - configured.measurement.height) / 2 : rect.minY
            return body(configured, Point(x: rect.minX + configured.layoutOriginX, y: top + configured.layoutOriginY))
        }
    }
}
