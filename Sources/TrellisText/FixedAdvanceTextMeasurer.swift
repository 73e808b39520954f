/// A deterministic measurer for unit tests of other modules, in the spirit of Yoga's
/// fixed-advance test font: every character (grapheme cluster) is `advance × font.size`
/// wide, a line is `1.2 × size` tall (or as ``LineHeight`` says) and the baseline sits
/// `0.8 × size` below the top of a normal line.
///
/// Lines break at spaces like word wrap (a word longer than the line is broken between
/// characters), or anywhere with ``LineBreakMode/charWrap``; "\n" starts a paragraph.
/// Truncation modes replace the end of the last allowed line with "…" (one character
/// wide), so a truncated width is never more than the maximum width. ``LineBreakMode/clip``
/// keeps one line per paragraph and reports the clipped width. The line limit counts the
/// lines of the whole text, as UIKit does.
public struct FixedAdvanceTextMeasurer: TextMeasurer {
    /// The advance of every character as a fraction of the font size.
    public var advance: Double

    /// A measurer whose characters are `advance × font.size` wide (default 0.6).
    public init(advance: Double = 0.6) {
        precondition(advance.isFinite && advance > 0, "advance must be positive, got \(advance)")
        self.advance = advance
    }

    /// - Complexity: O(n) in the number of characters of `text`.
    public func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        precheckMeasureArguments(style: style, maxWidth: maxWidth, maxLines: maxLines)
        let size = style.font.size
        let characterWidth = advance * size
        let naturalLineHeight = 1.2 * size
        let lineHeight: Double
        switch style.lineHeight {
        case .normal: lineHeight = naturalLineHeight
        case .multiple(let factor): lineHeight = naturalLineHeight * factor
        case .fixed(let fixed): lineHeight = fixed
        }
        // Extra leading is shared equally above and below the line, as Pango does.
        let baselineOffset = 0.8 * size + (lineHeight - naturalLineHeight) / 2

        let mode = style.lineBreakMode
        let wraps = maxWidth != nil && mode != .clip
        // The most characters a line may hold; the tiny slack absorbs floating-point error
        // in `maxWidth / characterWidth` for widths that are exact multiples.
        let capacity = maxWidth.map { Int(min(($0 / characterWidth + 1e-9).rounded(.down), Double(Int32.max))) } ?? Int.max
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)

        var lineLengths: [Int] = []          // drawn characters per line
        var remainderAfterLine: [Int] = []   // characters of its paragraph after the line
        for paragraph in paragraphs {
            let lines = wraps ? Self.wrap(paragraph, capacity: max(capacity, 1), byCharacter: mode == .charWrap)
                              : [(visible: paragraph.count, consumed: paragraph.count)]
            var consumed = 0
            for line in lines {
                lineLengths.append(line.visible)
                consumed += line.consumed
                remainderAfterLine.append(paragraph.count - consumed)
            }
        }

        var truncated = false
        if maxLines > 0, lineLengths.count > maxLines {
            truncated = true
            let last = maxLines - 1
            lineLengths.removeSubrange(maxLines...)
            let isTruncating = mode == .truncateHead || mode == .truncateMiddle || mode == .truncateTail
            if isTruncating {
                // The last line shows as much of the rest as fits, then "…".
                lineLengths[last] = min(lineLengths[last] + remainderAfterLine[last], capacity - 1) + 1
            }
        }

        var widestLine = 0.0
        for length in lineLengths { widestLine = max(widestLine, Double(length) * characterWidth) }
        if let maxWidth, widestLine > maxWidth {
            // Only clip (or a width narrower than one "…") gets here.
            widestLine = maxWidth
            truncated = true
        }
        let lineCount = max(lineLengths.count, 1)
        return TextMeasurement(
            width: widestLine, height: Double(lineCount) * lineHeight, lineCount: lineCount,
            firstBaseline: baselineOffset, lastBaseline: Double(lineCount - 1) * lineHeight + baselineOffset,
            isTruncated: truncated, fontFamily: style.font.family)
    }

    /// Greedy line breaking of one paragraph. For each line: the characters drawn, and
    /// the characters consumed (the drawn ones plus the spaces the line break swallows).
    static func wrap(_ paragraph: [Character], capacity: Int, byCharacter: Bool) -> [(visible: Int, consumed: Int)] {
        if paragraph.isEmpty { return [(0, 0)] }
        var lines: [(visible: Int, consumed: Int)] = []
        if byCharacter {
            var start = 0
            while start < paragraph.count {
                let length = min(capacity, paragraph.count - start)
                lines.append((length, length))
                start += length
            }
            return lines
        }
        var lineStart = 0
        var lineEnd = 0          // end of the last word placed on the line
        var index = 0
        while index < paragraph.count {
            // The next word and the spaces before it.
            var wordStart = index
            while wordStart < paragraph.count, paragraph[wordStart] == " " { wordStart += 1 }
            if wordStart == paragraph.count { break }
            var wordEnd = wordStart
            while wordEnd < paragraph.count, paragraph[wordEnd] != " " { wordEnd += 1 }
            if wordEnd - lineStart <= capacity {
                lineEnd = wordEnd
                index = wordEnd
            } else if lineEnd > lineStart {
                // Close the line before the word; the spaces between are swallowed.
                lines.append((lineEnd - lineStart, wordStart - lineStart))
                lineStart = wordStart
                lineEnd = wordStart
                index = wordStart
            } else {
                // A word longer than a whole line: break it between characters.
                let start = wordStart
                lines.append((capacity, start + capacity - lineStart))
                lineStart = start + capacity
                lineEnd = lineStart
                index = lineStart
            }
        }
        lines.append((lineEnd - lineStart, paragraph.count - lineStart))
        return lines
    }
}
