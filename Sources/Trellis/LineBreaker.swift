/// Where lines break when boxes of given extents fill lines of a given width: greedy
/// filling (what a flow layout does by default) and balanced breaking (the same number of
/// lines, with line lengths as even as possible, so a tag cloud does not end in a stub).
///
/// Balanced breaking is minimum raggedness in the sense of Knuth and Plass, applied to
/// boxes: among all ways to break the boxes into exactly as many lines as greedy filling
/// needs, it picks one that minimises the **raggedness score**, the sum over *every* line
/// (the last one included, so the last line is not left short) of the squared slack, where
/// a line's slack is the available width minus its boxes and the minimum spacing between
/// them. A line always takes its first box, even if that box alone is wider than the
/// available width; such a line has slack 0.
///
/// Results are the start index of every line: `[0, 4, 7]` means lines `0..<4`, `4..<7`,
/// `7..<n`. No boxes give no lines.
public enum LineBreaker {
    /// Greedy filling: a line takes boxes while they fit with the minimum spacing between
    /// them. Gives the fewest possible lines.
    /// - Complexity: O(n).
    public static func greedyBreaks(_ extents: [Double], available: Double, spacing: Double) -> [Int] {
        checkArguments(extents, available: available, spacing: spacing)
        var starts: [Int] = []
        var lineWidth = 0.0
        for (index, extent) in extents.enumerated() {
            if starts.isEmpty || !fits(lineWidth + spacing + extent, available: available) {
                starts.append(index)
                lineWidth = extent
            } else {
                lineWidth = lineWidth + spacing + extent
            }
        }
        return starts
    }

    /// Balanced breaking: exactly as many lines as `greedyBreaks`, every line fitting (or
    /// holding one oversized box), with the least raggedness score.
    ///
    /// Dynamic programming over line ends with a lexicographic cost (line count, then
    /// score): the line count part forces the greedy line count, which is the minimum, and
    /// both parts add up along a path, so the principle of optimality holds for the pair.
    /// - Complexity: O(n·w) time and O(n) memory, where w is the most boxes a line holds.
    public static func balancedBreaks(_ extents: [Double], available: Double, spacing: Double) -> [Int] {
        checkArguments(extents, available: available, spacing: spacing)
        let count = extents.count
        if count == 0 { return [] }
        // best*[j]: the best way to lay out boxes 0..<j; start[j]: where its last line starts.
        var bestLines = [Int](repeating: Int.max, count: count + 1)
        var bestScore = [Double](repeating: .infinity, count: count + 1)
        var lastStart = [Int](repeating: 0, count: count + 1)
        bestLines[0] = 0
        bestScore[0] = 0
        extents.withUnsafeBufferPointer { boxes in
            for start in 0..<count {
                let linesBefore = bestLines[start] + 1
                let scoreBefore = bestScore[start]
                // Extend the line box by box; the width is accumulated left to right, in
                // the same order greedyBreaks uses, so both agree on what fits.
                var width = boxes[start]
                var end = start + 1
                while true {
                    let slack = Swift.max(0, available - width)
                    let score = scoreBefore + slack * slack
                    if linesBefore < bestLines[end] || (linesBefore == bestLines[end] && score < bestScore[end]) {
                        bestLines[end] = linesBefore
                        bestScore[end] = score
                        lastStart[end] = start
                    }
                    if end == count { break }
                    let extended = width + spacing + boxes[end]
                    if !fits(extended, available: available) { break }
                    width = extended
                    end += 1
                }
            }
        }
        var starts = [Int](repeating: 0, count: bestLines[count])
        var end = count
        for line in stride(from: starts.count - 1, through: 0, by: -1) {
            starts[line] = lastStart[end]
            end = lastStart[end]
        }
        return starts
    }

    /// The raggedness score of `breaks`: the sum over every line of its squared slack
    /// (available width minus boxes and minimum spacing, never below 0).
    /// - Complexity: O(n).
    public static func raggedness(_ extents: [Double], breaks: [Int], available: Double, spacing: Double) -> Double {
        var score = 0.0
        for (line, start) in breaks.enumerated() {
            let end = line + 1 < breaks.count ? breaks[line + 1] : extents.count
            let slack = Swift.max(0, available - lineWidth(extents, start..<end, spacing: spacing))
            score += slack * slack
        }
        return score
    }

    /// The width of boxes `range` with the minimum spacing between them, accumulated left
    /// to right (the order the breakers use).
    /// - Complexity: O(range.count).
    public static func lineWidth(_ extents: [Double], _ range: Range<Int>, spacing: Double) -> Double {
        guard !range.isEmpty else { return 0 }
        var width = extents[range.lowerBound]
        for index in (range.lowerBound + 1)..<range.upperBound { width = width + spacing + extents[index] }
        return width
    }

    /// True when a line of `width` fits. Exact comparison: both breakers accumulate widths
    /// in the same order, so they agree on every line.
    @inline(__always) static func fits(_ width: Double, available: Double) -> Bool {
        width <= available
    }

    /// The caller (a layout) clamps and sanitises extents; a bad one here is a bug.
    private static func checkArguments(_ extents: [Double], available: Double, spacing: Double) {
        for (index, extent) in extents.enumerated() {
            precondition(extent.isFinite && extent >= 0, "LineBreaker: extent \(index) must be finite and non-negative, got \(extent)")
        }
        precondition(available.isFinite && available >= 0, "LineBreaker: available width must be finite and non-negative, got \(available)")
        precondition(spacing.isFinite && spacing >= 0, "LineBreaker: spacing must be finite and non-negative, got \(spacing)")
    }
}
