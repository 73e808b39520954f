import CPango
import Testing
@testable import TrellisPango
import TrellisText

/// A text measured and then drawn at the width its lines fit (a label's frame) gets the
/// layout that was measured, not a second one; and what it gets is what laying the text
/// out afresh at that width gives: the same lines, in the same places.
@Suite("Recent layouts")
struct RecentLayoutsTests {
    /// A line as drawn: its bytes and its logical box, in Pango units of the layout.
    struct Line: Equatable {
        var start: Int32, length: Int32
        var x: Int32, width: Int32
    }

    struct Laid: Equatable {
        var lines: [Line]
        var measurement: TextMeasurement
        var originX: Double
    }

    static func laid(_ measurer: PangoTextMeasurer, _ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> Laid {
        measurer.withConfiguredLayout(for: text, style: style, maxWidth: maxWidth, maxLines: maxLines) { configured in
            var lines: [Line] = []
            let iterator = pango_layout_get_iter(configured.layout)!
            defer { pango_layout_iter_free(iterator) }
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                let line = pango_layout_iter_get_line_readonly(iterator)!.pointee
                // In points: the two layouts may be built at different precisions.
                let scale = 1 / configured.drawingScale
                lines.append(Line(start: line.start_index, length: line.length,
                                  x: Int32((Double(logical.x) / scale).rounded()), width: Int32((Double(logical.width) / scale).rounded())))
            } while pango_layout_iter_next_line(iterator) != 0
            return Laid(lines: lines, measurement: configured.measurement, originX: configured.layoutOriginX)
        }
    }

    static let style = TextStyle(font: Font(family: "DejaVu Sans", size: 14), lineBreakMode: .wordWrap)
    static let texts = [
        "A message of a few words that wraps into several lines at this width, as a chat bubble's does.",
        "שלום עולם, זו הודעה ארוכה שנשברת לכמה שורות ברוחב הזה",
        "abc שלום עולם def and some more words to wrap the line around",
        "Short",
        String(repeating: "Read more of this long message. ", count: 40),
    ]

    @Test func drawingAtTheMeasuredWidthReusesTheMeasuredLayout() {
        let measurer = PangoTextMeasurer()
        let text = Self.texts[0]
        let measured = measurer.withConfiguredLayout(for: text, style: Self.style, maxWidth: 240, maxLines: 0) { ($0.layout, $0.measurement) }
        let width = measured.1.width.rounded(.up)
        let drawn = measurer.withConfiguredLayout(for: text, style: Self.style, maxWidth: width, maxLines: 0) { $0.layout }
        #expect(drawn == measured.0, "the text was shaped again")
        // A wider width than it was laid out at breaks lines elsewhere: laid out again.
        let wider = measurer.withConfiguredLayout(for: text, style: Self.style, maxWidth: 400, maxLines: 0) { $0.layout }
        #expect(wider != measured.0)
    }

    /// Every text, every line limit, widths from its widest line up to the width it was
    /// measured at: the measurer that kept the layout answers what a fresh one lays out.
    @Test(arguments: [0, 2, 3])
    func keptLayoutsAreWhatLayingOutAfreshGives(maxLines: Int) {
        for text in Self.texts {
            for style in [Self.style, TextStyle(font: Self.style.font, lineBreakMode: .truncateTail)] {
                for measuredAt in [120.0, 240, 333.3] {
                    let keeping = PangoTextMeasurer()
                    let first = Self.laid(keeping, text, style: style, maxWidth: measuredAt, maxLines: maxLines)
                    for width in [first.measurement.width, first.measurement.width.rounded(.up), (first.measurement.width + measuredAt) / 2, measuredAt - 0.5, measuredAt] {
                        let kept = Self.laid(keeping, text, style: style, maxWidth: width, maxLines: maxLines)
                        let afresh = Self.laid(PangoTextMeasurer(), text, style: style, maxWidth: width, maxLines: maxLines)
                        #expect(kept.lines == afresh.lines && kept.measurement == afresh.measurement && abs(kept.originX - afresh.originX) < 0.01,
                                "\(text.prefix(20)) measured at \(measuredAt), asked at \(width), \(maxLines) lines, \(style.lineBreakMode)")
                    }
                }
            }
        }
    }
}
