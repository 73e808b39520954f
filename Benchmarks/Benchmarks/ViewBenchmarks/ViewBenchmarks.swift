import Benchmark
import Cassowary
import Trellis
import TrellisKit
import TrellisText

// The view path of self-sizing: a tag cell (label pinned 5 pt inside on all four edges,
// width >= 40 at 750, width <= 300 required, hugging 250 and compression 750 on both axes)
// sized through ONE sizing cell whose text changes, 10,000 times. Target: <= 10 ms for the
// 10,000, text measurement excluded.
//
// How measurement is excluded: the label measures with `ByteCountTextMeasurer`, which
// gives FixedAdvanceTextMeasurer's numbers for one line of ASCII text in O(1) (the UTF-8
// count of a native string is stored), so what is timed is the view path: the label's
// invalidation and cache, the engine's refresh and the solver. A second benchmark runs the
// same loop with FixedAdvanceTextMeasurer measuring for real, and a third times those
// measurements alone. A fourth is the floor: the same system written by hand against the
// solver.

/// FixedAdvanceTextMeasurer's width and height for one unwrapped line of ASCII text, in
/// constant time. Only for the benchmark's single-line ASCII titles.
struct ByteCountTextMeasurer: TextMeasurer {
    func measure(_ text: String, style: TextStyle, maxWidth: Double?, maxLines: Int) -> TextMeasurement {
        let size = style.font.size
        return TextMeasurement(
            width: Double(text.utf8.count) * 0.6 * size, height: 1.2 * size, lineCount: 1,
            firstBaseline: 0.8 * size, lastBaseline: 0.8 * size, isTruncated: false, fontFamily: style.font.family)
    }
}

/// The tag cell of the brief, built the way a collection view cell is.
func makeTagCell(measurer: some TextMeasurer, style: TextStyle) -> (cell: View, label: Label) {
    let cell = View()
    let label = Label(text: "", style: style, textMeasurer: measurer)
    label.setContentHuggingPriority(250, for: .horizontal)
    label.setContentHuggingPriority(250, for: .vertical)
    label.translatesAutoresizingMaskIntoConstraints = false
    cell.addSubview(label)
    LayoutConstraint.activate([
        label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 5),
        label.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -5),
        label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 5),
        label.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -5),
        label.widthAnchor.constraint(greaterThanOrEqualToConstant: 40).withPriority(750),
        label.widthAnchor.constraint(lessThanOrEqualToConstant: 300),
    ])
    return (cell, label)
}

/// 10,000 tag titles of S1's three kinds with a varying tail, so consecutive cells differ.
let titles: [String] = (0..<10_000).map { index in
    let base = index % 2 == 1 ? "A" : (index % 3 != 0 ? "longer" : "much longer")
    return base + String(repeating: "x", count: index % 23)
}
let style = TextStyle(font: Font(size: 17), lineBreakMode: .truncateTail)

/// The timed loop: one sizing cell, its label's text set to each title, then fitted.
func sizeTitlesThroughOneCell(measurer: some TextMeasurer, benchmark: Benchmark) {
    let (cell, label) = makeTagCell(measurer: measurer, style: style)
    label.text = "warm"
    _ = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)   // builds the engine
    var total = 0.0
    benchmark.startMeasurement()
    for title in titles {
        label.text = title
        total += cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize).width
    }
    benchmark.stopMeasurement()
    blackHole(total)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3))

    Benchmark("Tag cells: 10,000 through one sizing cell (measurement excluded)") { benchmark in
        sizeTitlesThroughOneCell(measurer: ByteCountTextMeasurer(), benchmark: benchmark)
    }

    Benchmark("Tag cells: 10,000 through one sizing cell (FixedAdvance measuring included)") { benchmark in
        sizeTitlesThroughOneCell(measurer: FixedAdvanceTextMeasurer(), benchmark: benchmark)
    }

    // The floor: the same tag-cell system written straight against the solver, with the
    // label's intrinsic width as an edit variable, fed the precomputed widths. What the
    // view path costs on top of this is TrellisKit's own overhead.
    Benchmark("Solver floor: the tag-cell system by hand, 10,000 intrinsic widths") { benchmark in
        let measurer = FixedAdvanceTextMeasurer()
        let widths = titles.map { (measurer.measure($0, style: style).width).rounded(.up) }
        let height = measurer.measure("A", style: style).height.rounded(.up)
        let solver = Solver()
        let cellWidth = Variable("cell.width"), cellHeight = Variable("cell.height")
        let x = Variable("label.x"), y = Variable("label.y"), w = Variable("label.width"), h = Variable("label.height")
        let intrinsicWidth = Variable("iw"), intrinsicHeight = Variable("ih")
        do {
            for constraint in [
                x |==| 5, y |==| 5, x + w |==| cellWidth - 5, y + h |==| cellHeight - 5,
                (w |>=| 40) ~ .defaultHigh, w |<=| 300,
                (w |<=| intrinsicWidth) ~ .defaultLow, (w |>=| intrinsicWidth) ~ .defaultHigh,
                (h |<=| intrinsicHeight) ~ .defaultLow, (h |>=| intrinsicHeight) ~ .defaultHigh,
            ] { try solver.add(constraint) }
            try solver.addEditVariable(intrinsicWidth, priority: 999)
            try solver.addEditVariable(intrinsicHeight, priority: 999)
            try solver.addEditVariable(cellWidth, priority: .fittingSizeLevel)
            try solver.addEditVariable(cellHeight, priority: .fittingSizeLevel)
            try solver.suggestValue(height, for: intrinsicHeight)
        } catch {
            fatalError("the hand-built tag-cell system is consistent: \(error)")
        }
        var total = 0.0
        benchmark.startMeasurement()
        for width in widths {
            try? solver.suggestValue(width, for: intrinsicWidth)
            total += solver.value(of: cellWidth) + solver.value(of: cellHeight)
        }
        benchmark.stopMeasurement()
        blackHole(total)
    }

    Benchmark("Label alone: 10,000 text changes and intrinsic sizes (measurement excluded)") { benchmark in
        let (_, label) = makeTagCell(measurer: ByteCountTextMeasurer(), style: style)
        var total = 0.0
        benchmark.startMeasurement()
        for title in titles {
            label.text = title
            total += label.intrinsicContentSize.width
        }
        benchmark.stopMeasurement()
        blackHole(total)
    }

    Benchmark("FixedAdvance measuring alone, 10,000 titles") { benchmark in
        let measurer = FixedAdvanceTextMeasurer()
        var total = 0.0
        for title in titles { total += measurer.measure(title, style: style, maxWidth: nil, maxLines: 1).width }
        blackHole(total)
    }

    Benchmark("Tag cells: 1,000 fresh cells, one each (no reuse)") { benchmark in
        var total = 0.0
        benchmark.startMeasurement()
        for title in titles.prefix(1_000) {
            let (cell, label) = makeTagCell(measurer: ByteCountTextMeasurer(), style: style)
            label.text = title
            total += cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize).width
        }
        benchmark.stopMeasurement()
        blackHole(total)
    }

    Benchmark("Multi-line cells: 1,000 through one sizing cell at a fixed width (two solves each)") { benchmark in
        let (cell, label) = makeTagCell(measurer: FixedAdvanceTextMeasurer(), style: TextStyle(font: Font(size: 17)))
        label.numberOfLines = 0
        let texts = (0..<1_000).map { String(repeating: "word ", count: $0 % 40 + 1) }
        var total = 0.0
        benchmark.startMeasurement()
        for text in texts {
            label.text = text
            total += cell.systemLayoutSizeFitting(
                Size(width: 200, height: 0), horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel).height
        }
        benchmark.stopMeasurement()
        blackHole(total)
    }

    // A collection view's cells once every size is cached: each reused cell is configured
    // with the next title and laid out at the size cached for it (one solve at that size).
    Benchmark("Tag cells: 10,000 laid out at their cached sizes through one cell (measurement excluded)") { benchmark in
        placeTitlesAtCachedSizes(fittingFirst: false, benchmark: benchmark)
    }

    // A cell that measures one item and is then shown with another at its cached size (a
    // sizing cell put on screen, a cell measured in one pass and reused in the next).
    Benchmark("Tag cells: 10,000 fitted, then laid out with the next title at its cached size (measurement excluded)") { benchmark in
        placeTitlesAtCachedSizes(fittingFirst: true, benchmark: benchmark)
    }
}

/// The timed loop: one cell laid out with each title at the size cached for it; with
/// `fittingFirst`, fitted to the title before it first.
func placeTitlesAtCachedSizes(fittingFirst: Bool, benchmark: Benchmark) {
    let sizes = cachedTagSizes
    let (cell, label) = makeTagCell(measurer: ByteCountTextMeasurer(), style: style)
    var total = 0.0
    benchmark.startMeasurement()
    for index in titles.indices.dropFirst() {
        if fittingFirst {
            label.text = titles[index - 1]
            total += cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize).width
        }
        label.text = titles[index]
        cell.frame.size = sizes[index]
        cell.layoutIfNeeded()
        total += label.frame.width
    }
    benchmark.stopMeasurement()
    blackHole(total)
}

/// Every title's fitted size, measured with a cell of its own (what a size cache holds);
/// computed once, on first use.
let cachedTagSizes: [Size] = {
    titles.map { title in
        let (cell, label) = makeTagCell(measurer: ByteCountTextMeasurer(), style: style)
        label.text = title
        return cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
    }
}()
