import Testing
import Trellis
@testable import TrellisKit

/// A layout pass that finds nothing changed returns early (a collection view's
/// drawing pass lays out every visible cell again on each scroll frame). These check that
/// it still notices what it must: a frame changed behind its back, a parent's bounds
/// origin moved, a constraint's constant changed.
@Suite("ConstraintEngine repeated passes")
struct ConstraintEngineRepeatPassTests {
    /// A 300 × 200 root, a child pinned 20 pt inside, a leaf 5 pt inside the child.
    private func tree() -> (root: View, child: View, leaf: View, inset: LayoutConstraint) {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let child = View(), leaf = View()
        child.translatesAutoresizingMaskIntoConstraints = false
        leaf.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        child.addSubview(leaf)
        let inset = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        LayoutConstraint.activate([
            inset,
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            child.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
            leaf.leadingAnchor.constraint(equalTo: child.leadingAnchor, constant: 5),
            leaf.topAnchor.constraint(equalTo: child.topAnchor, constant: 5),
            leaf.widthAnchor.constraint(equalToConstant: 30),
            leaf.heightAnchor.constraint(equalToConstant: 10),
        ])
        return (root, child, leaf, inset)
    }

    @Test func aSecondPassWithNothingChangedKeepsTheFrames() {
        let (root, child, leaf, _) = tree()
        root.layoutIfNeeded()
        let frames = (child.frame, leaf.frame)
        root.layoutIfNeeded()
        #expect(child.frame == frames.0 && leaf.frame == frames.1)
        #expect(child.frame == Rect(x: 20, y: 20, width: 260, height: 160))
    }

    @Test func aFrameChangedBehindTheEnginesBackIsSolvedAgain() {
        let (root, child, leaf, _) = tree()
        root.layoutIfNeeded()
        let frame = leaf.frame
        leaf.frame = Rect(x: 100, y: 100, width: 1, height: 1)
        child.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        root.layoutIfNeeded()
        #expect(leaf.frame == frame)
        #expect(child.frame == Rect(x: 20, y: 20, width: 260, height: 160))
    }

    @Test func aMovedBoundsOriginOrANewConstantIsLaidOutAgain() {
        let (root, child, leaf, inset) = tree()
        root.layoutIfNeeded()
        // The same moves on a tree laid out once give what the repeated passes must give.
        let (freshRoot, freshChild, freshLeaf, freshInset) = tree()
        child.bounds.origin = Point(x: 0, y: 7)
        freshChild.bounds.origin = Point(x: 0, y: 7)
        root.layoutIfNeeded()
        freshRoot.layoutIfNeeded()
        #expect(leaf.frame == freshLeaf.frame)
        inset.constant = 40
        freshInset.constant = 40
        root.layoutIfNeeded()
        freshRoot.layoutIfNeeded()
        #expect(child.frame == freshChild.frame && child.frame.minX == 40)
        #expect(leaf.frame == freshLeaf.frame)
    }

    /// A root of `size` holding a label with `text`, laid out by constraints the caller adds.
    private func rootHolding(_ text: String, size: Size) -> (root: View, label: Label) {
        let root = View(frame: Rect(origin: .zero, size: size))
        let label = Label()
        label.text = text
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        return (root, label)
    }

    /// A root holding a label pinned to its top leading corner by constraints; the label's
    /// intrinsic size gives its frame.
    private func labelled(_ text: String) -> (root: View, label: Label) {
        let (root, label) = rootHolding(text, size: Size(width: 300, height: 200))
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
        ])
        return (root, label)
    }

    @Test func aPassWithNothingChangedDoesNotSolve() {
        let (root, _) = labelled("Tag")
        root.layoutIfNeeded()
        let engine = root.engineForLayout()
        let solves = engine.solveCount
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(engine.solveCount == solves, "a pass with nothing changed solved again")
    }

    @Test func aLabelsNewTextIsSolvedAgain() {
        let (root, label) = labelled("Tag")
        root.layoutIfNeeded()
        let short = label.frame.width
        label.text = "A much longer tag"
        root.layoutIfNeeded()
        #expect(label.frame.width > short)
        #expect(label.frame.width == label.intrinsicContentSize.width)
    }

    /// A view that changes its label's text in its own `layoutSubviews`, once: the text
    /// changes after this pass's solve, while the label and the container it sits in still
    /// need layout (the pass reaches them after this view), and the next pass must solve it.
    final class Relabelling: View {
        let container = View()
        let label = Label()
        var relabelled = false
        override func layoutSubviews() {
            super.layoutSubviews()
            guard !relabelled else { return }
            relabelled = true
            label.text = "Longer text set while laying out"
        }
    }

    @Test func aTextChangedInsideAPassIsSolvedInTheNext() {
        let root = Relabelling(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        root.label.text = "Short"
        for view in [root.container, root.label] { view.translatesAutoresizingMaskIntoConstraints = false }
        root.addSubview(root.container)
        root.container.addSubview(root.label)
        LayoutConstraint.activate([
            root.container.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            root.container.topAnchor.constraint(equalTo: root.topAnchor),
            root.label.leadingAnchor.constraint(equalTo: root.container.leadingAnchor),
            root.label.topAnchor.constraint(equalTo: root.container.topAnchor),
            root.label.trailingAnchor.constraint(equalTo: root.container.trailingAnchor),
            root.label.bottomAnchor.constraint(equalTo: root.container.bottomAnchor),
        ])
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(root.relabelled)
        #expect(root.label.frame.width == root.label.intrinsicContentSize.width)
        #expect(root.container.frame.width == root.label.intrinsicContentSize.width)
    }

    /// A cell's content view follows the cell's size by its autoresizing mask while a
    /// pinned view inside it is laid out by constraints, as a reused cell is laid out at
    /// one size after another. UIKit's rule for a flexible width and height: the margins
    /// to the superview's edges stay, the extent follows. Zero margins (the content view
    /// at the cell's bounds), then margins the caller set, kept through later resizes.
    @Test func aViewFollowingItsSuperviewKeepsItsMarginsThroughResizes() {
        let cell = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let content = View(frame: cell.bounds)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        cell.addSubview(content)
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(badge)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 3),
            badge.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -7),
            badge.topAnchor.constraint(equalTo: content.topAnchor, constant: 2),
            badge.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -4),
        ])
        func layOut(_ size: Size, content margins: (left: Double, top: Double, right: Double, bottom: Double)) {
            cell.frame.size = size
            cell.layoutIfNeeded()
            let expected = Rect(x: margins.left, y: margins.top,
                                width: size.width - margins.left - margins.right, height: size.height - margins.top - margins.bottom)
            #expect(content.frame == expected, "content view at \(size)")
            #expect(badge.frame == Rect(x: 3, y: 2, width: expected.width - 10, height: expected.height - 6), "badge at \(size)")
        }
        for size in [Size(width: 100, height: 40), Size(width: 80, height: 30), Size(width: 130, height: 52), Size(width: 80, height: 30)] {
            // What a collection view does for a cell it shows at a new size.
            content.frame = cell.bounds
            layOut(size, content: (0, 0, 0, 0))
        }
        // The caller insets the content view: those margins hold from now on.
        content.frame = Rect(x: 4, y: 6, width: cell.bounds.width - 14, height: cell.bounds.height - 8)
        cell.layoutIfNeeded()
        #expect(content.frame == Rect(x: 4, y: 6, width: 66, height: 22))
        for size in [Size(width: 120, height: 44), Size(width: 90, height: 30)] {
            layOut(size, content: (4, 6, 10, 2))
        }
    }

    /// A self-sizing collection view scrolled by a few points keeps its cells where they
    /// are: none of their engines solves again.
    @Test func aScrollSolvesNoCellThatStays() throws {
        let source = TitleSource(titles: (0..<200).map { "tag \($0 * 7919 % 1000)" })
        source.identifier = "tag"
        let collection = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 200),
            layout: FlowLayout(metrics: FlowMetrics(interitemSpacing: 4, lineSpacing: 4)))
        collection.register(TagCollectionCell.self, forCellWithReuseIdentifier: "tag")
        collection.estimatedItemSize = .automatic
        collection.dataSource = source
        collection.delegate = source
        try collection.performLayout()
        collection.layoutIfNeeded()
        let cells = collection.visibleCells.compactMap { $0 as? TagCollectionCell }
        #expect(!cells.isEmpty)
        let counts = cells.map { $0.engineForLayout().solveCount }
        for _ in 0..<3 {
            collection.contentOffset.y += 3
            try collection.performLayout()
            collection.layoutIfNeeded()
        }
        #expect(cells.map { $0.engineForLayout().solveCount } == counts, "a scroll of 3 pt solved a cell again")
        for cell in cells {
            #expect(cell.label.frame == Rect(x: 5, y: 5, width: cell.bounds.width - 10, height: cell.bounds.height - 10))
        }
    }

    /// A card: a multi-line label 8 pt inside the root on every side but the trailing one,
    /// where a badge 20 pt square sits 4 pt after it; the badge's top is at a priority
    /// below required (it gives way to nothing here, but the solver carries it).
    private func card(_ text: String) -> (root: View, label: Label, badge: View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let label = Label(), badge = View()
        label.text = text
        label.numberOfLines = 0
        for view in [label, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        let badgeTop = badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
        badgeTop.priority = 750
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -8),
            badge.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 4),
            badge.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8),
            badgeTop,
            badge.widthAnchor.constraint(equalToConstant: 20),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        return (root, label, badge)
    }

    /// What a collection view does with each new self-sizing cell: measure it at a width,
    /// then lay it out at the size measured. The fit's solution is the layout's: no second
    /// solve, and the frames are those a solve at that size gives.
    @Test func aViewLaidOutAtTheSizeItWasJustMeasuredAtIsNotSolvedAgain() {
        let text = "Words enough to wrap onto a second line at this width"
        let (root, label, badge) = card(text)
        let fitted = root.systemLayoutSizeFitting(
            Size(width: 200, height: 0), horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted.width == 200 && fitted.height > 40)
        let engine = root.engineForLayout()
        let solves = engine.solveCount
        root.frame.size = fitted
        root.layoutIfNeeded()
        #expect(engine.solveCount == solves, "laid out at its measured size, it was solved again")
        // A view built the same way and laid out at that size without a fit.
        let (fresh, freshLabel, freshBadge) = card(text)
        fresh.frame.size = fitted
        fresh.layoutIfNeeded()
        #expect(label.frame == freshLabel.frame && badge.frame == freshBadge.frame)
        #expect(badge.frame == Rect(x: 172, y: 8, width: 20, height: 20))
    }

    @Test func aViewChangedOrResizedAfterItsFitIsSolved() {
        let (root, label, badge) = card("Short")
        let fitted = root.systemLayoutSizeFitting(
            Size(width: 200, height: 0), horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let engine = root.engineForLayout()
        // New text between the fit and the layout: the fit's solution no longer holds.
        label.text = "A text long enough to need a second line at two hundred points"
        root.frame.size = fitted
        root.layoutIfNeeded()
        #expect(engine.solveCount > 0)
        let (fresh, freshLabel, freshBadge) = card(label.text)
        fresh.frame.size = fitted
        fresh.layoutIfNeeded()
        #expect(label.frame == freshLabel.frame && badge.frame == freshBadge.frame)
        // Measured again, then laid out at another size than measured.
        let refitted = root.systemLayoutSizeFitting(
            Size(width: 200, height: 0), horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let solves = engine.solveCount
        root.frame.size = Size(width: 260, height: refitted.height + 30)
        root.layoutIfNeeded()
        #expect(engine.solveCount == solves + 1)
        fresh.frame.size = root.frame.size
        fresh.layoutIfNeeded()
        #expect(label.frame == freshLabel.frame && badge.frame == freshBadge.frame)
        #expect(badge.frame.maxX == 252 && label.frame.height == refitted.height + 30 - 16)
    }

    /// A tag: a label pinned 5 pt inside the root on every side, the root at least 40 wide
    /// at 750 (a tag cell).
    private func tag(_ text: String) -> (root: View, label: Label) {
        let (root, label) = rootHolding(text, size: Size(width: 10, height: 10))
        pin(label, to: root, inset: 5)
        root.widthAnchor.constraint(greaterThanOrEqualToConstant: 40).withPriority(750).isActive = true
        return (root, label)
    }

    /// What a collection view does with a reused cell once every size is cached: the cell
    /// was last measured with other content, is configured with new content and placed at
    /// the size cached for that content. The label fills the tag less its padding (Auto
    /// Layout's answer for four required edges at that size), and the engine gets there
    /// by asking its last fit again — no size fixed by required constraints, which the next
    /// fit would only take out again.
    @Test func aReusedViewPlacedAtTheSizeItsNewContentFitsIsLaidOutWithoutFixingTheSize() {
        let (root, label) = tag("first")
        _ = root.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        let engine = root.engineForLayout()
        let constraints = engine.solver.constraints.count
        let solves = engine.solveCount
        label.text = "a rather longer second tag"
        let size = Size(width: label.intrinsicContentSize.width + 10, height: label.intrinsicContentSize.height + 10)
        root.frame.size = size
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 5, y: 5, width: size.width - 10, height: size.height - 10))
        #expect(engine.solveCount == solves + 1, "asked the fit again, then solved at the size as well")
        #expect(engine.solver.constraints.count == constraints, "the size was fixed by constraints")
        // The next content fitted and placed the same way: still no constraint added.
        label.text = "x"
        _ = root.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        label.text = "third"
        root.frame.size = Size(width: label.intrinsicContentSize.width + 10, height: label.intrinsicContentSize.height + 10)
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 5, y: 5, width: root.bounds.width - 10, height: root.bounds.height - 10))
        #expect(engine.solver.constraints.count == constraints)
    }

    /// The cases where the fit's answer is not the layout's: the new content fits another
    /// size than the one given (a short text in a tag held at 40 by its minimum, a tag
    /// stretched by its layout, a text squeezed into less than it needs). Each is solved at
    /// the size, and the frames are those of a view built the same way and laid out at that
    /// size without any fit.
    @Test func aReusedViewPlacedAtAnotherSizeThanItsContentFitsIsSolvedAtThatSize() {
        let (root, label) = tag("first")
        _ = root.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        let engine = root.engineForLayout()
        let sizes = [Size(width: 150, height: 40), Size(width: 20, height: 12), Size(width: 64, height: 27)]
        for (text, size) in zip(["a second tag", "a third, longer tag", "i"], sizes) {
            label.text = text
            _ = text == "i" ? nil : root.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            let solves = engine.solveCount
            root.frame.size = size
            root.layoutIfNeeded()
            let (fresh, freshLabel) = tag(text)
            fresh.frame.size = size
            fresh.layoutIfNeeded()
            #expect(label.frame == freshLabel.frame, "\(text) at \(size)")
            #expect(label.frame == Rect(x: 5, y: 5, width: size.width - 10, height: size.height - 10), "\(text) at \(size)")
            #expect(engine.solveCount > solves, "\(text) at \(size)")
        }
    }
}
