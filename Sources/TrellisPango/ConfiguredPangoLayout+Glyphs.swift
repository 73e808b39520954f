import CPango
import TrellisText

extension ConfiguredPangoLayout {
    /// The glyph ids of each line, in visual order (left to right). For checking what
    /// Pango will draw — e.g. that an ellipsized line ends with the ellipsis glyph.
    ///
    /// - Complexity: O(g) in the number of glyphs of the layout.
    public var glyphsByLine: [[UInt32]] {
        var lines: [[UInt32]] = []
        forEachLine { line, _, _ in
            var glyphs: [UInt32] = []
            var run = line.pointee.runs
            while let node = run {
                if let item = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                   let string = item.pointee.glyphs {
                    for g in 0..<Int(string.pointee.num_glyphs) {
                        glyphs.append(string.pointee.glyphs[g].glyph)
                    }
                }
                run = node.pointee.next
            }
            lines.append(glyphs)
        }
        return lines
    }
}
